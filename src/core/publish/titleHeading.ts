// The wiki shows the page title above the content, so a document that starts with the same `# ` heading (or the same
// `Title` over `===`) shows its title twice. On request (setting or front matter), the first level-one heading is left
// out when its text is the page's title. Nothing else changes: what is sent stays the file's text unless the user asks.
import { firstLevelOneHeading } from './headingWalk';
import { fencedBlocks, maySetextLevelOneBefore, textBlocks } from './inspect';

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const LEVEL_ONE = /^ {0,3}#[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
// A line ends at LF, CRLF or a bare CR, as CommonMark reads it and as the title was found (inspect.ts): an old Mac
// file would otherwise be one line whose heading is never found. Captured, so the text keeps its own line ends: lines
// at even indexes, each line's end at the odd index after it.
const LINE_END = /(\r\n|\r|\n)/;

/** The content without its first level-one heading when that heading's text is `title`; otherwise unchanged. */
export function omitTitleHeading(content: string, title: string): string {
  const setext = setextTitleHeading(content);
  if (setext !== undefined) return setext.text === title.trim() ? withoutLines(content, setext.start, setext.end) : content;
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

/**
 * The first level-one heading when it is a setext one (`Title` over `===`), as the title was found (inspect.ts);
 * undefined when the first is a `# ` heading or there is none, which the lines above look for.
 */
function setextTitleHeading(content: string): { text: string; start: number; end: number } | undefined {
  const code = fencedBlocks(content);
  if (!maySetextLevelOneBefore(content, content.length, code)) return undefined;
  const first = firstLevelOneHeading(content, textBlocks(content, code));
  return first?.setext ? first : undefined;
}

/**
 * The content without the lines from `start` to `end` (a heading's, `end` before its last line's `\n`), and one empty
 * line after them, as a `# ` heading is left out above; at the end of the text, with the line end before them instead.
 */
function withoutLines(content: string, start: number, end: number): string {
  let cut = end < content.length ? end + 1 : end;
  if (content.startsWith('\n', cut)) cut += 1;
  else if (content.startsWith('\r\n', cut)) cut += 2;
  if (cut < content.length) return content.slice(0, start) + content.slice(cut);
  let before = start;
  if (content[before - 1] === '\n') before--;
  if (content[before - 1] === '\r') before--;
  return content.slice(0, before);
}
