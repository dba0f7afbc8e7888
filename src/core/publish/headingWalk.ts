// The headings of a Markdown text, as CommonMark reads them: ATX (`## Text`) and setext (`Text` over `===`/`---`)
// headings outside code and HTML blocks (a heading commented out is none), in order. One walk of the lines serves both
// the link anchors (links/rewrite/markdownHeadings.ts, every heading) and the page title (inspect.ts and
// titleHeading.ts, the first level-one heading). The caller hands in what it knows of the text's blocks: this module
// imports nothing of inspect.ts, which asks it for the title.
import type { Ranges } from './inspect';

const INDENTED_CODE = /^(?: {4}|\t)/;
const ATX_OPEN = /^ {0,3}(#{1,6})(?=[ \t]|$)/;
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/;
const QUOTE_MARKERS = /^(?: {0,3}>[ \t]?)+/;
// List item markers a line opens with (`- `, `1. `, nested `- 1. `): a heading may follow them in the item.
const LIST_MARKERS = /^(?: {0,3}(?:[-+*]|\d{1,9}[.)])[ \t]+)+/;
// Lines that start a block of their own, so neither belong to a paragraph above nor become a setext heading's text.
const BLOCK_START = /^ {0,3}(?:[-+*](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)|<|(?:[-*_][ \t]*){3,}$)/;
// A list item that opens with text: its paragraph goes on in the lines below it, lazily (`- item` then `more`).
const LIST_ITEM_TEXT = /^ {0,3}(?:[-+*]|\d{1,9}[.)])[ \t]+\S/;
const THEMATIC_BREAK = /^ {0,3}(?:[-*_][ \t]*){3,}$/;
const EQUALS = 0x3d;

/** What the walk needs to know of the text's blocks, from inspect.ts (fencedBlocks, htmlBlocks, startsListItemBlock). */
export interface TextBlocks {
  code: Ranges;
  html: Ranges;
  /** Whether the line at this offset, indented four columns or more, is a list item's content rather than code. */
  startsListItemBlock(lineStart: number): boolean;
}

/**
 * Called for each heading in order: its text as written (trimmed; a setext heading's lines joined by spaces), its
 * level, whether it stands at the top level (not in a block quote or a list item, where no page title is taken from),
 * and its lines as [start, end) offsets (the end before the last line's `\n`). Returns true to stop the walk.
 */
export type HeadingVisitor = (text: string, level: number, topLevel: boolean, start: number, end: number) => boolean;

/**
 * The first level-one heading at the top level with some text, ATX or setext, and its lines' [start, end) offsets;
 * undefined when the text has none. The page title a file gives when its front matter names none.
 */
export function firstLevelOneHeading(markdown: string, blocks: TextBlocks): { text: string; setext: boolean; start: number; end: number } | undefined {
  let found: { text: string; setext: boolean; start: number; end: number } | undefined;
  walkHeadings(markdown, blocks, (text, level, topLevel, start, end) => {
    if (level !== 1 || !topLevel || text === '') return false;
    // A setext heading takes two lines or more (its text and its underline), an ATX heading one.
    const newline = markdown.indexOf('\n', start);
    found = { text, setext: newline !== -1 && newline < end, start, end };
    return true;
  });
  return found;
}

/**
 * Whether a line that starts with this character code can only be paragraph text: a letter, or a bracket, backtick,
 * quote or parenthesis. Such a line is no blank, indented, quoted, heading, underline or block-starting line, so the
 * regular expressions below need not run on it (most lines of prose; they cost a tenth of planning a large tree).
 */
function plainStart(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x5b || code === 0x60 || code === 0x28 || code === 0x22 || code === 0x27;
}

/** Every heading of the text in order, each handed to `visit` until it asks to stop. */
export function walkHeadings(markdown: string, blocks: TextBlocks, visit: HeadingVisitor): void {
  const { code, html } = blocks;
  let block = 0;
  // The paragraph's lines as [start, end) offsets into the text, or as text once quote markers were cut off: cut
  // out and trimmed only if an underline makes them a heading (most paragraphs never are, and a slice per line of
  // prose cost more than the rest of the line's work). Emptied by a new array only when it holds lines.
  let paragraph: Array<number | string> = [];
  // Where the paragraph's first line starts: a setext heading's lines start there.
  let paragraphStart = 0;
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
    while (fence < code.length && (code[fence] as readonly [number, number])[1] <= lineStart + indent) fence++;
    const fenced = fence < code.length && (code[fence] as readonly [number, number])[0] <= lineStart + indent;
    if (plain) {
      if (fenced) {
        if (paragraph.length > 0) paragraph = [];
        itemText = false;
      } else if (!itemText) {
        if (paragraph.length === 0) {
          paragraphQuoted = false;
          paragraphStart = lineStart;
        }
        paragraph.push(lineStart, end);
      }
      continue;
    }
    const unquoted = rawLine.replace(/\r$/, '');
    const line = unquoted.replace(QUOTE_MARKERS, '');
    const quoted = line !== unquoted;
    if (itemText && quoted !== itemQuoted) itemText = false;
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
      const inItem = !quoted && blocks.startsListItemBlock(lineStart) ? itemHeading(line.trimStart()) : undefined;
      if (paragraph.length > 0) paragraph = [];
      if (inItem !== undefined) {
        itemText = false;
        if (visit(inItem.text, inItem.level, false, lineStart, end)) return;
      }
      continue;
    }
    const atx = itemHeading(line);
    if (atx !== undefined) {
      paragraph = [];
      itemText = false;
      if (visit(atx.text, atx.level, !quoted && !atx.inItem, lineStart, end)) return;
    } else if (paragraph.length > 0 && SETEXT_UNDERLINE.test(line) && quoted === paragraphQuoted) {
      const text = paragraphText(markdown, paragraph);
      paragraph = [];
      if (visit(text, line.trimStart().charCodeAt(0) === EQUALS ? 1 : 2, !quoted, paragraphStart, end)) return;
    } else if (BLOCK_START.test(line)) {
      if (paragraph.length > 0) paragraph = [];
      itemText = LIST_ITEM_TEXT.test(line) && !THEMATIC_BREAK.test(line);
      itemQuoted = quoted;
    } else if (itemText && (SETEXT_UNDERLINE.test(line) || THEMATIC_BREAK.test(line))) {
      itemText = false;
    } else if (!itemText) {
      if (paragraph.length === 0) {
        paragraphQuoted = quoted;
        paragraphStart = lineStart;
      }
      paragraph.push(line);
    }
  }
}

/** An ATX heading (`## Text ##`) the line is: its text and level; undefined when it is none. */
function atxHeading(line: string): { text: string; level: number } | undefined {
  const atx = ATX_OPEN.exec(line);
  return atx ? { text: line.slice(atx[0].length).replace(/(?:^|[ \t]+)#+[ \t]*$/, '').trim(), level: (atx[1] as string).length } : undefined;
}

/** An ATX heading the line is, on its own or after list item markers (`1. ## Install`, in a list item). */
function itemHeading(line: string): { text: string; level: number; inItem: boolean } | undefined {
  const own = atxHeading(line);
  if (own) return { text: own.text, level: own.level, inItem: false };
  const inItem = LIST_MARKERS.test(line) ? atxHeading(line.replace(LIST_MARKERS, '')) : undefined;
  return inItem ? { text: inItem.text, level: inItem.level, inItem: true } : undefined;
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
