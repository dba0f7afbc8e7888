// The headings of a Markdown text, in order, so that a link's `#anchor` can be matched to one (the caller reads
// the target file and passes its headings). Pass the Markdown that is sent, front matter already split off.
import { fencedBlocks } from '../../publish/inspect';

const INDENTED_CODE = /^(?: {4}|\t)/;
const ATX_OPEN = /^ {0,3}#{1,6}(?=[ \t]|$)/;
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/;
const QUOTE_MARKERS = /^(?: {0,3}>[ \t]?)+/;
// Lines that start a block of their own, so neither belong to a paragraph above nor become a setext heading's text.
const BLOCK_START = /^ {0,3}(?:[-+*](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)|<|(?:[-*_][ \t]*){3,}$)/;

/** The text of every ATX (`## Text`) and setext (`Text` over `===`/`---`) heading outside code, as written. */
export function markdownHeadings(markdown: string): string[] {
  const code = fencedBlocks(markdown);
  const headings: string[] = [];
  let paragraph: string[] = [];
  let lineStart = 0;
  let fence = 0;
  for (const rawLine of markdown.split('\n')) {
    const start = lineStart;
    lineStart += rawLine.length + 1;
    const line = rawLine.replace(/\r$/, '').replace(QUOTE_MARKERS, '');
    const indent = rawLine.length - rawLine.trimStart().length;
    // isInCode at the line's first character, with the fences walked in step with the lines (both in order): only
    // the line's own indentation stands before that character, so no code span can be open there.
    while (fence < code.length && (code[fence] as [number, number])[1] <= start + indent) fence++;
    const fenced = fence < code.length && (code[fence] as [number, number])[0] <= start + indent;
    if (line.trim() === '' || fenced || INDENTED_CODE.test(rawLine)) {
      paragraph = [];
      continue;
    }
    const atx = ATX_OPEN.exec(line);
    if (atx) {
      headings.push(line.slice(atx[0].length).replace(/(?:^|[ \t]+)#+[ \t]*$/, '').trim());
      paragraph = [];
    } else if (paragraph.length > 0 && SETEXT_UNDERLINE.test(line)) {
      headings.push(paragraph.join(' '));
      paragraph = [];
    } else if (BLOCK_START.test(line)) {
      paragraph = [];
    } else {
      paragraph.push(line.trim());
    }
  }
  return headings;
}
