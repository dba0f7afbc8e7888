// The wiki shows the page title above the content, so a document that starts with the same `# ` heading (or the same
// `Title` over `===`) shows its title twice. On request (setting or front matter), the first level-one heading, the one
// the title is taken from, is left out when its text is the page's title. Nothing else of what is sent changes: the
// blocks before and after the heading stay apart (a heading interrupts a paragraph, a list item or a block quote, and
// without it the next line would go on in them, CommonMark 5.1), so a blank line takes its place where nothing else
// keeps them apart (where something does, the text is as it always was: a page published so is not sent again). Where
// even a blank line would let the next lines join a list or indented code before it, the heading stays.
import { htmlBlockStart } from '../blocks/htmlBlocks';
import type { TextBlock } from '../model';
import { scanMarkdown } from '../scan';
import { firstLevelOneHeading } from './headings';

/** The scanned heading that starts at `start`. */
function headingAt(content: string, start: number): TextBlock | undefined {
  for (const block of scanMarkdown(content).headings) if (block.start === start) return block;
  return undefined;
}

/** The content without its first level-one heading when that heading's text is `title`; otherwise unchanged. */
export function omitTitleHeading(content: string, title: string): string {
  const heading = firstLevelOneHeading(content);
  if (heading === undefined || heading.text !== title.trim()) return content;
  const next = afterLineEnding(content, heading.end);
  if (next >= content.length || !/[^ \t\r\n]/.test(content.slice(0, heading.start))) return withoutLines(content, heading.start, heading.end);
  const follows = headingAt(content, heading.start)?.follows;
  if (wouldJoin(follows, lastNonBlankLineBefore(content, heading.start), firstNonBlankLine(content, next))) return content;
  // A blank line before the heading or left after it, a block before it that the next line cannot go on in (closed
  // code or HTML, a heading, a rule, indented code unless wouldJoin), or a next line that starts a block of its own
  // whatever is before it, keeps the blocks apart: the heading goes as it always went.
  const ended = follows !== undefined && ENDED_BY_THEMSELVES.has(follows);
  const cut = afterEmptyLine(content, next);
  const apart = ended || cut >= content.length || isBlankLine(content, cut) || startsBlock(follows, content.slice(cut, lineEnd(content, cut)));
  if (apart || isBlankLine(content, lineStartBefore(content, heading.start))) return withoutLines(content, heading.start, heading.end);
  // Else a blank line stays in its place: the one after it, or its own line emptied.
  return content.slice(0, heading.start) + content.slice(isBlankLine(content, next) ? next : heading.end);
}

// Directly before a heading in the document, a fence and an HTML block are closed (kinds 6 and 7 would hold its
// line); indented code goes on only in a line indented as code, which wouldJoin sees.
const ENDED_BY_THEMSELVES: ReadonlySet<string> = new Set(['fence', 'html', 'heading', 'break', 'indented']);

/**
 * Whether `after` (the first line with text after the heading) would go on past a blank line in the block before the
 * heading, of kind `follows`, whose last line is `before`: a list takes an indented line (into its last item) and a
 * list item (into the list), indented code a line indented as code. markdown-it reads a line indented as code after
 * a reference definition as code, not as the paragraph CommonMark makes of it: such a line before counts as code too.
 */
function wouldJoin(follows: string | undefined, before: string, after: string | undefined): boolean {
  if (after === undefined) return false;
  const indent = columns(after);
  if (indent >= 4 && (follows === 'indented' || columns(before) >= 4)) return true;
  return follows === 'list' && (indent > 0 || (LIST_ITEM.test(after) && !THEMATIC_BREAK.test(after)));
}

/**
 * Whether `line` starts a block directly in the document after a paragraph, a block quote or a list, as it does after
 * the heading: a block that interrupts a paragraph (so no lazy line either). A block quote marker goes on in a block
 * quote, a list item in a list; a `---` would underline a paragraph (not a lazy one: after a block quote or a list it
 * is a rule), and a list item interrupts a paragraph only with text and, ordered, from 1.
 */
function startsBlock(follows: string | undefined, line: string): boolean {
  if (columns(line) > 3) return false;
  const rest = line.replace(/^[ \t]+/, '');
  if (ATX_HEADING.test(rest) || FENCE.test(rest) || STAR_OR_UNDERSCORE_BREAK.test(rest)) return true;
  if (THEMATIC_BREAK.test(rest)) return follows === 'list' || follows === 'quote';
  if (rest.startsWith('>')) return follows !== 'quote';
  if (INTERRUPTING_ITEM.test(rest)) return follows === 'paragraph';
  const html = htmlBlockStart(rest, false);
  return html >= 1 && html <= 6;
}

const ATX_HEADING = /^#{1,6}(?:[ \t]|$)/;
const FENCE = /^(?:`{3,}[^`]*|~{3,}.*)$/;
const STAR_OR_UNDERSCORE_BREAK = /^(?:(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$/;
const INTERRUPTING_ITEM = /^(?:[-+*]|1[.)])[ \t]+[^ \t]/;
const LIST_ITEM = /^(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/;
const THEMATIC_BREAK = /^(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$/;

/** The columns a line's indentation takes, a tab to the next multiple of four. */
function columns(line: string): number {
  let column = 0;
  for (const char of line) {
    if (char === ' ') column++;
    else if (char === '\t') column += 4 - (column % 4);
    else break;
  }
  return column;
}

/** The first line at or after `from` (a line's start) with more than spaces and tabs, without its line ending. */
function firstNonBlankLine(content: string, from: number): string | undefined {
  for (let start = from; start < content.length; ) {
    const end = lineEnd(content, start);
    if (!isBlankLine(content, start)) return content.slice(start, end);
    start = afterLineEnding(content, end);
  }
  return undefined;
}

/** The last line before `start` (a line's start) with more than spaces and tabs; '' when none. */
function lastNonBlankLineBefore(content: string, start: number): string {
  for (let line = lineStartBefore(content, start); line !== -1; line = lineStartBefore(content, line)) {
    if (!isBlankLine(content, line)) return content.slice(line, lineEnd(content, line));
  }
  return '';
}

/** Whether the line that starts at `start` holds nothing but spaces and tabs (-1: there is no line there). */
function isBlankLine(content: string, start: number): boolean {
  return start !== -1 && start < content.length && !/[^ \t]/.test(content.slice(start, lineEnd(content, start)));
}

/** The start of the line before the one that starts at `start`; -1 when it is the first. */
function lineStartBefore(content: string, start: number): number {
  if (start === 0) return -1;
  let at = start - 1;
  if (content[at] === '\n' && content[at - 1] === '\r') at--;
  while (at > 0 && content[at - 1] !== '\n' && content[at - 1] !== '\r') at--;
  return at;
}

/** The end of the line that starts at `start`, before its line ending. */
function lineEnd(content: string, start: number): number {
  let end = start;
  while (end < content.length && content[end] !== '\n' && content[end] !== '\r') end++;
  return end;
}

/**
 * The content without the lines from `start` to `end` (`end` before the last line's line ending) and one empty line
 * after them, so the page does not start with an empty paragraph; at the end of the text, with the line ending before
 * them instead.
 */
function withoutLines(content: string, start: number, end: number): string {
  const cut = afterEmptyLine(content, afterLineEnding(content, end));
  if (cut < content.length) return content.slice(0, start) + content.slice(cut);
  let before = start;
  if (content[before - 1] === '\n') before--;
  if (content[before - 1] === '\r') before--;
  return content.slice(0, before);
}

/** After the empty line (a line ending alone) that starts at `at`; `at` when none does. */
function afterEmptyLine(content: string, at: number): number {
  return at < content.length ? afterLineEnding(content, at) : at;
}

/** After the line ending at `at` (LF, CRLF or a bare CR); `at` when none stands there. */
function afterLineEnding(content: string, at: number): number {
  if (content.startsWith('\r\n', at)) return at + 2;
  return content[at] === '\n' || content[at] === '\r' ? at + 1 : at;
}
