// The headings of a Markdown text, in order, so that a link's `#anchor` can be matched to one (the caller reads
// the target file and passes its headings). Pass the Markdown that is sent, front matter already split off.
import { fencedBlocks, htmlBlocks, startsListItemBlock } from '../../publish/inspect';

const INDENTED_CODE = /^(?: {4}|\t)/;
const ATX_OPEN = /^ {0,3}#{1,6}(?=[ \t]|$)/;
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/;
const QUOTE_MARKERS = /^(?: {0,3}>[ \t]?)+/;
// List item markers a line opens with (`- `, `1. `, nested `- 1. `): a heading may follow them in the item.
const LIST_MARKERS = /^(?: {0,3}(?:[-+*]|\d{1,9}[.)])[ \t]+)+/;
// Lines that start a block of their own, so neither belong to a paragraph above nor become a setext heading's text.
const BLOCK_START = /^ {0,3}(?:[-+*](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)|<|(?:[-*_][ \t]*){3,}$)/;
// A list item that opens with text: its paragraph goes on in the lines below it, lazily (`- item` then `more`).
const LIST_ITEM_TEXT = /^ {0,3}(?:[-+*]|\d{1,9}[.)])[ \t]+\S/;
const THEMATIC_BREAK = /^ {0,3}(?:[-*_][ \t]*){3,}$/;

/**
 * Whether a line that starts with this character code can only be paragraph text: a letter, or a bracket, backtick,
 * quote or parenthesis. Such a line is no blank, indented, quoted, heading, underline or block-starting line, so the
 * regular expressions below need not run on it (most lines of prose; they cost a tenth of planning a large tree).
 */
function plainStart(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x5b || code === 0x60 || code === 0x28 || code === 0x22 || code === 0x27;
}

/**
 * The text of every ATX (`## Text`) and setext (`Text` over `===`/`---`) heading outside code and HTML blocks (a
 * heading commented out is none), as written.
 */
export function markdownHeadings(markdown: string): string[] {
  const code = fencedBlocks(markdown);
  // The HTML blocks as isInCodeOrHtml reads them (none looked for in a text without `<`), walked in step with the lines.
  const html = htmlBlocks(markdown, code);
  let block = 0;
  const headings: string[] = [];
  // The paragraph's lines as [start, end) offsets into the text, or as text once quote markers were cut off: cut
  // out and trimmed only if an underline makes them a heading (most paragraphs never are, and a slice per line of
  // prose cost more than the rest of the line's work). Emptied by a new array only when it holds lines.
  let paragraph: Array<number | string> = [];
  // Whether the paragraph began in a block quote: an underline only makes a heading of it in the same place (`> Text`
  // then `lazy` then `---` is a quote and a rule).
  let paragraphQuoted = false;
  // Lines that go on a list item's paragraph (`- item` then `more`): no underline below them makes them a heading of
  // their own (one that is no line of the item is a rule, as a lazy line cannot be an underline), so they are not
  // gathered. Over at whatever ends a paragraph.
  let itemText = false;
  // Whether that list item is in a block quote: a line in or out of one that the item is not stays out of its text.
  let itemQuoted = false;
  let fence = 0;
  // Line by line as split('\n') would cut them (a last empty line after a final newline included), without the array.
  for (let start = 0; start <= markdown.length; ) {
    let end = markdown.indexOf('\n', start);
    if (end === -1) end = markdown.length;
    const lineStart = start;
    start = end + 1;
    // An empty line is blank wherever it is (the fences below are caught up with at the next line).
    if (end === lineStart) {
      if (paragraph.length > 0) paragraph = [];
      itemText = false;
      continue;
    }
    while (block < html.length && (html[block] as readonly [number, number])[1] <= lineStart) block++;
    if (block < html.length && (html[block] as readonly [number, number])[0] <= lineStart) {
      // A line of an HTML block is passed on as written: no heading, nor a paragraph line an underline could make one.
      if (paragraph.length > 0) paragraph = [];
      itemText = false;
      continue;
    }
    const plain = plainStart(markdown.charCodeAt(lineStart));
    const rawLine = plain ? '' : markdown.slice(lineStart, end);
    const indent = plain ? 0 : rawLine.length - rawLine.trimStart().length;
    // isInCode at the line's first character, with the fences walked in step with the lines (both in order): only
    // the line's own indentation stands before that character, so no code span can be open there.
    while (fence < code.length && (code[fence] as [number, number])[1] <= lineStart + indent) fence++;
    const fenced = fence < code.length && (code[fence] as [number, number])[0] <= lineStart + indent;
    if (plain) {
      if (fenced) {
        if (paragraph.length > 0) paragraph = [];
        itemText = false;
      } else if (!itemText) {
        if (paragraph.length === 0) paragraphQuoted = false;
        paragraph.push(lineStart, end);
      }
      continue;
    }
    const unquoted = rawLine.replace(/\r$/, '');
    const line = unquoted.replace(QUOTE_MARKERS, '');
    if (itemText && (line !== unquoted) !== itemQuoted) itemText = false;
    // Blank as CommonMark has it: spaces and tabs only (a line of a no-break space is text).
    if (!/[^ \t]/.test(line) || fenced) {
      if (paragraph.length > 0) paragraph = [];
      itemText = false;
      continue;
    }
    if (INDENTED_CODE.test(rawLine)) {
      // Indented code, or a paragraph's continuation, unless it is a list item's content (`1. Step` then
      // `    ## Details`, as lists are indented for MkDocs): then it may be a heading of its own. Only an ATX one is
      // read there, since the paragraph a setext underline would end is not followed into list items.
      const inItem = line === unquoted && startsListItemBlock(markdown, lineStart, code) ? itemHeading(line.trimStart()) : undefined;
      if (inItem !== undefined) headings.push(inItem);
      if (paragraph.length > 0) paragraph = [];
      if (inItem !== undefined) itemText = false;
      continue;
    }
    const atx = itemHeading(line);
    if (atx !== undefined) {
      headings.push(atx);
      paragraph = [];
      itemText = false;
    } else if (paragraph.length > 0 && SETEXT_UNDERLINE.test(line) && (line !== unquoted) === paragraphQuoted) {
      headings.push(paragraphText(markdown, paragraph));
      paragraph = [];
    } else if (BLOCK_START.test(line)) {
      if (paragraph.length > 0) paragraph = [];
      itemText = LIST_ITEM_TEXT.test(line) && !THEMATIC_BREAK.test(line);
      itemQuoted = line !== unquoted;
    } else if (itemText && (SETEXT_UNDERLINE.test(line) || THEMATIC_BREAK.test(line))) {
      itemText = false;
    } else if (!itemText) {
      if (paragraph.length === 0) paragraphQuoted = line !== unquoted;
      paragraph.push(line);
    }
  }
  return headings;
}

/** The text of an ATX heading (`## Text ##`) the line is, or undefined when it is none. */
function atxHeading(line: string): string | undefined {
  const atx = ATX_OPEN.exec(line);
  return atx ? line.slice(atx[0].length).replace(/(?:^|[ \t]+)#+[ \t]*$/, '').trim() : undefined;
}

/** The text of an ATX heading the line is, on its own or after list item markers (`1. ## Install`). */
function itemHeading(line: string): string | undefined {
  return atxHeading(line) ?? (LIST_MARKERS.test(line) ? atxHeading(line.replace(LIST_MARKERS, '')) : undefined);
}

/** A setext heading's text: its lines, each trimmed, joined by spaces. */
function paragraphText(markdown: string, paragraph: ReadonlyArray<number | string>): string {
  const lines: string[] = [];
  for (let index = 0; index < paragraph.length; index++) {
    const entry = paragraph[index] as number | string;
    if (typeof entry === 'string') lines.push(entry.trim());
    else lines.push(markdown.slice(entry, paragraph[++index] as number).trim());
  }
  return lines.join(' ');
}
