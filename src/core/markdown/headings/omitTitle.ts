// The wiki shows the page title above the content, so a document that starts with the same `# ` heading (or the same
// `Title` over `===`) shows its title twice. On request (setting or front matter), the first level-one heading, the one
// the title is taken from, is left out when its text is the page's title. Nothing else of what is sent changes.
import { firstLevelOneHeading } from './headings';

/** The content without its first level-one heading when that heading's text is `title`; otherwise unchanged. */
export function omitTitleHeading(content: string, title: string): string {
  const heading = firstLevelOneHeading(content);
  if (heading === undefined || heading.text !== title.trim()) return content;
  return withoutLines(content, heading.start, heading.end);
}

/**
 * The content without the lines from `start` to `end` (`end` before the last line's line ending) and one empty line
 * after them, so the page does not start with an empty paragraph; at the end of the text, with the line ending before
 * them instead.
 */
function withoutLines(content: string, start: number, end: number): string {
  let cut = afterLineEnding(content, end);
  if (cut < content.length && afterLineEnding(content, cut) !== cut) cut = afterLineEnding(content, cut);
  if (cut < content.length) return content.slice(0, start) + content.slice(cut);
  let before = start;
  if (content[before - 1] === '\n') before--;
  if (content[before - 1] === '\r') before--;
  return content.slice(0, before);
}

/** After the line ending at `at` (LF, CRLF or a bare CR); `at` when none stands there. */
function afterLineEnding(content: string, at: number): number {
  if (content.startsWith('\r\n', at)) return at + 2;
  return content[at] === '\n' || content[at] === '\r' ? at + 1 : at;
}
