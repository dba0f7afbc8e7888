// The wiki shows the page title above the content, so a document that starts with the same `# ` heading shows
// its title twice. On request (setting or front matter), the first level-one heading is left out when its text is
// the page's title. Nothing else changes: what is sent stays the file's text unless the user asks.

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const LEVEL_ONE = /^ {0,3}#[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
// A line ends at LF, CRLF or a bare CR, as CommonMark reads it and as the title was found (inspect.ts): an old Mac
// file would otherwise be one line whose heading is never found. Captured, so the text keeps its own line ends: lines
// at even indexes, each line's end at the odd index after it.
const LINE_END = /(\r\n|\r|\n)/;

/** The content without its first level-one heading when that heading's text is `title`; otherwise unchanged. */
export function omitTitleHeading(content: string, title: string): string {
  const parts = content.split(LINE_END);
  let fence: string | undefined;
  for (let index = 0; index < parts.length; index += 2) {
    const line = parts[index] ?? '';
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
    // Drop the heading and one blank line after it, so the page does not start with an empty paragraph, each with the
    // line end after it; at the end of the text, with the one before it instead.
    const end = parts[index + 2] === '' ? index + 4 : index + 2;
    return end < parts.length ? parts.slice(0, index).join('') + parts.slice(end).join('') : parts.slice(0, Math.max(0, index - 1)).join('');
  }
  return content;
}
