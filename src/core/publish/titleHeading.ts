// The wiki shows the page title above the content, so a document that starts with the same `# ` heading shows
// its title twice. On request (setting or front matter), the first level-one heading is left out when its text is
// the page's title. Nothing else changes: what is sent stays the file's text unless the user asks.

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const LEVEL_ONE = /^ {0,3}#[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;

/** The content without its first level-one heading when that heading's text is `title`; otherwise unchanged. */
export function omitTitleHeading(content: string, title: string): string {
  const lines = content.split('\n');
  let fence: string | undefined;
  for (let index = 0; index < lines.length; index++) {
    const line = (lines[index] ?? '').replace(/\r$/, '');
    const fenceMatch = FENCE.exec(line);
    if (fenceMatch?.[1]) {
      const marker = fenceMatch[1];
      if (fence === undefined) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      continue;
    }
    if (fence !== undefined || /^( {4}|\t)/.test(line)) continue;
    const heading = LEVEL_ONE.exec(line);
    if (!heading) continue;
    if ((heading[1] ?? '').trim() !== title.trim()) return content;
    // Drop the heading and one blank line after it, so the page does not start with an empty paragraph.
    const next = lines[index + 1]?.replace(/\r$/, '');
    lines.splice(index, next === '' ? 2 : 1);
    return lines.join('\n');
  }
  return content;
}
