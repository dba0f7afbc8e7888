// A list item's marker (CommonMark 5.2): `-`, `+` or `*`, or one to nine digits and `.` or `)`, then one to four
// spaces before the item's content (five or more: the content is indented code, one space in).
import { ASTERISK, CLOSE_PARENTHESIS, DASH, DOT, PLUS, isDigit, isSpaceOrTab } from '../chars';
import type { BlockKind, ListData } from './blockTypes';
import type { LineState } from './lineState';

/**
 * The marker at the line's next non-space character, the line then advanced to the item's content; undefined when
 * none starts there. `container`: the kind of the block the line goes on in (an ordered item interrupts a paragraph
 * only from 1, and no empty item does).
 */
export function parseListMarker(line: LineState, container: BlockKind): ListData | undefined {
  if (line.indent >= 4) return undefined;
  const text = line.text;
  const at = line.nextNonspace;
  const first = line.peek(at);
  let markerEnd: number;
  let ordered = false;
  let marker = first;
  if (first === DASH || first === PLUS || first === ASTERISK) markerEnd = at + 1;
  else {
    let end = at;
    while (end - at < 10 && isDigit(line.peek(end))) end++;
    const delimiter = line.peek(end);
    if (end === at || end - at > 9 || (delimiter !== DOT && delimiter !== CLOSE_PARENTHESIS)) return undefined;
    if (container === 'paragraph' && Number(text.slice(at, end)) !== 1) return undefined;
    ordered = true;
    marker = delimiter;
    markerEnd = end + 1;
  }
  const next = line.peek(markerEnd);
  if (next !== -1 && !isSpaceOrTab(next)) return undefined;
  if (container === 'paragraph' && !holdsNonSpace(line, markerEnd)) return undefined;
  const markerOffset = line.indent;
  line.advanceNextNonspace();
  line.advanceOffset(markerEnd - at, true);
  const spacesStartColumn = line.column;
  const spacesStartOffset = line.offset;
  do line.advanceOffset(1, true);
  while (line.column - spacesStartColumn < 5 && isSpaceOrTab(line.peek(line.offset)));
  const blankItem = line.peek(line.offset) === -1;
  const spaces = line.column - spacesStartColumn;
  let padding: number;
  if (spaces >= 5 || spaces < 1 || blankItem) {
    padding = markerEnd - at + 1;
    line.column = spacesStartColumn;
    line.offset = spacesStartOffset;
    if (isSpaceOrTab(line.peek(line.offset))) line.advanceOffset(1, true);
  } else padding = markerEnd - at + spaces;
  return { ordered, marker, markerOffset, padding };
}

/** Whether a list item of `item` goes on a list of `list`: the same kind, bullet character or delimiter. */
export function listsMatch(list: ListData, item: ListData): boolean {
  return list.ordered === item.ordered && list.marker === item.marker;
}

/** Whether the line holds something other than spaces and tabs after `from` (commonmark.js's reNonSpace). */
function holdsNonSpace(line: LineState, from: number): boolean {
  for (let at = from; at < line.end; at++) {
    const code = line.text.charCodeAt(at);
    if (code !== 0x20 && code !== 0x09 && code !== 0x0b && code !== 0x0c) return true;
  }
  return false;
}
