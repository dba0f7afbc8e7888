// The block starts of CommonMark 4 and 5, tried in commonmark.js's order on the line's rest once the open blocks
// have taken their markers: block quote, ATX heading, fence, HTML block, setext underline, thematic break, list item,
// indented code. One function per rule, each a few lines: the rules themselves live in the files they name.
import { ASTERISK, BACKTICK, DASH, EQUALS, GREATER_THAN, HASH, LESS_THAN, TILDE, UNDERSCORE, isSpaceOrTab } from '../chars';
import type { BlockBuilder, OpenBlock, StartResult } from './blockTypes';
import { htmlBlockStart } from './htmlBlocks';
import { CODE_INDENT } from './lineState';
import { listsMatch, parseListMarker } from './listItems';

/** Whether a line whose next non-space character is `code` may start a block (commonmark.js's reMaybeSpecial). */
export function maybeSpecial(code: number): boolean {
  return code === HASH || code === BACKTICK || code === TILDE || code === ASTERISK || code === 0x2b || code === UNDERSCORE || code === EQUALS ||
    code === LESS_THAN || code === GREATER_THAN || code === DASH || (code >= 0x30 && code <= 0x39);
}

/** Tries each start on the line in turn, `container` being the block the line goes on in. */
export function tryStarts(builder: BlockBuilder, container: OpenBlock): StartResult {
  const line = builder.line;
  if (!line.indented) {
    const first = line.peek(line.nextNonspace);
    if (first === GREATER_THAN) return blockQuote(builder);
    if (first === HASH && atxHeading(builder)) return 2;
    if ((first === BACKTICK || first === TILDE) && fence(builder)) return 2;
    if (first === LESS_THAN && htmlBlock(builder, container)) return 2;
    if ((first === EQUALS || first === DASH) && container.kind === 'paragraph' && setextUnderline(builder, container)) return 2;
    if ((first === ASTERISK || first === DASH || first === UNDERSCORE) && thematicBreak(builder)) return 2;
  }
  if ((!line.indented || container.kind === 'list') && listItem(builder, container)) return 1;
  if (line.indented && builder.tip.kind !== 'paragraph' && !line.blank) {
    line.advanceOffset(CODE_INDENT, true);
    builder.closeUnmatchedBlocks();
    builder.addChild('indented', line.offset);
    return 2;
  }
  return 0;
}

function blockQuote(builder: BlockBuilder): StartResult {
  const line = builder.line;
  line.advanceNextNonspace();
  line.advanceOffset(1, false);
  if (isSpaceOrTab(line.peek(line.offset))) line.advanceOffset(1, true);
  builder.closeUnmatchedBlocks();
  builder.addChild('quote', line.nextNonspace);
  return 1;
}

/** `#` to `######`, then a space, a tab or the line's end; a closing run of `#` after a space is no part of the text. */
function atxHeading(builder: BlockBuilder): boolean {
  const line = builder.line;
  const at = line.nextNonspace;
  let hashes = 0;
  while (hashes < 7 && line.peek(at + hashes) === HASH) hashes++;
  if (hashes > 6) return false;
  let after = at + hashes;
  if (after < line.end && !isSpaceOrTab(line.peek(after))) return false;
  while (isSpaceOrTab(line.peek(after))) after++;
  line.advanceNextNonspace();
  line.advanceOffset(after - at, false);
  builder.closeUnmatchedBlocks();
  builder.addChild('heading', line.nextNonspace);
  builder.atxHeading(hashes, line.offset, atxContentEnd(line.text, line.offset, line.end));
  line.advanceToEnd();
  return true;
}

/** Where an ATX heading's text ends: before an optional closing sequence of `#` (a space or tab before it, or alone). */
function atxContentEnd(text: string, start: number, end: number): number {
  let last = end;
  while (last > start && isSpaceOrTab(text.charCodeAt(last - 1))) last--;
  let hashes = last;
  while (hashes > start && text.charCodeAt(hashes - 1) === HASH) hashes--;
  if (hashes === last) return end;
  if (hashes === start) return start;
  if (!isSpaceOrTab(text.charCodeAt(hashes - 1))) return end;
  while (hashes > start && isSpaceOrTab(text.charCodeAt(hashes - 1))) hashes--;
  return hashes;
}

/** Three or more backticks (no backtick after them on the line) or tildes. */
function fence(builder: BlockBuilder): boolean {
  const line = builder.line;
  const at = line.nextNonspace;
  const char = line.peek(at);
  let length = 0;
  while (line.peek(at + length) === char) length++;
  if (length < 3) return false;
  if (char === BACKTICK) {
    const backtick = line.text.indexOf('`', at + length);
    if (backtick !== -1 && backtick < line.end) return false;
  }
  builder.closeUnmatchedBlocks();
  const block = builder.addChild('fence', line.nextNonspace);
  block.fenceLength = length;
  block.fenceChar = char;
  block.fenceOffset = line.indent;
  line.advanceNextNonspace();
  line.advanceOffset(length, false);
  return true;
}

function htmlBlock(builder: BlockBuilder, container: OpenBlock): boolean {
  const line = builder.line;
  // The seventh kind cannot interrupt a paragraph, not even one this line would go on lazily.
  const mayBeSeventh = container.kind !== 'paragraph' && !(!builder.allClosed && !line.blank && builder.tip.kind === 'paragraph');
  const type = htmlBlockStart(line.text.slice(line.nextNonspace, line.end), mayBeSeventh);
  if (type === 0) return false;
  builder.closeUnmatchedBlocks();
  // The spaces before the `<` are the block's own.
  builder.addChild('html', line.offset).htmlType = type;
  return true;
}

/** A line of `=` or of `-` under a paragraph makes it a heading, unless definitions were all it held. */
function setextUnderline(builder: BlockBuilder, paragraph: OpenBlock): boolean {
  const line = builder.line;
  const at = line.nextNonspace;
  const char = line.peek(at);
  let end = at;
  while (line.peek(end) === char) end++;
  while (isSpaceOrTab(line.peek(end))) end++;
  if (end < line.end) return false;
  builder.closeUnmatchedBlocks();
  if (!builder.takeDefinitions(paragraph)) return false;
  builder.setextHeading(paragraph, char === EQUALS ? 1 : 2);
  line.advanceToEnd();
  return true;
}

/** Three or more of one of `*`, `-` or `_`, spaces and tabs between them and nothing else. */
function thematicBreak(builder: BlockBuilder): boolean {
  const line = builder.line;
  if (!line.isBreakFrom(line.nextNonspace, line.peek(line.nextNonspace))) return false;
  builder.closeUnmatchedBlocks();
  builder.addChild('break', line.nextNonspace);
  line.advanceToEnd();
  return true;
}

function listItem(builder: BlockBuilder, container: OpenBlock): boolean {
  const line = builder.line;
  const data = parseListMarker(line, container.kind);
  if (data === undefined) return false;
  builder.closeUnmatchedBlocks();
  const list = builder.tip.kind === 'list' ? builder.tip.list : undefined;
  if (list === undefined || !listsMatch(list, data)) builder.addChild('list', line.nextNonspace).list = data;
  builder.addChild('item', line.nextNonspace).list = data;
  return true;
}
