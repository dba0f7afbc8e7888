// Whether an open block goes on in the current line, taking its marker or indentation from it (commonmark.js's
// `continue`): 0 it goes on, 1 it does not (it and what is in it close, unless the line is a lazy paragraph line),
// 2 the line was all its (a closing fence).
import { GREATER_THAN, isSpaceOrTab } from '../chars';
import type { OpenBlock } from './blockTypes';
import { CODE_INDENT, type LineState } from './lineState';

export function continues(line: LineState, block: OpenBlock): 0 | 1 | 2 {
  switch (block.kind) {
    case 'quote':
      if (line.indented || line.peek(line.nextNonspace) !== GREATER_THAN) return 1;
      line.advanceNextNonspace();
      line.advanceOffset(1, false);
      if (isSpaceOrTab(line.peek(line.offset))) line.advanceOffset(1, true);
      return 0;
    case 'item':
      return continuesItem(line, block);
    case 'fence':
      return continuesFence(line, block);
    case 'indented':
      if (line.indent >= CODE_INDENT) line.advanceOffset(CODE_INDENT, true);
      else if (line.blank) line.advanceNextNonspace();
      else return 1;
      return 0;
    case 'html':
      return line.blank && (block.htmlType === 6 || block.htmlType === 7) ? 1 : 0;
    case 'paragraph':
      return line.blank ? 1 : 0;
    case 'heading':
    case 'break':
      return 1;
    default:
      return 0;
  }
}

/** A list item goes on in a blank line (unless it is empty so far) and in one indented to its content. */
function continuesItem(line: LineState, item: OpenBlock): 0 | 1 {
  const list = item.list as NonNullable<OpenBlock['list']>;
  if (line.blank) {
    if (!item.hasChild) return 1;
    line.advanceNextNonspace();
  } else if (line.indent >= list.markerOffset + list.padding) {
    line.advanceOffset(list.markerOffset + list.padding, true);
  } else return 1;
  return 0;
}

/**
 * A fence closes at a line of its own character, at least as long, at most three spaces in, nothing after it but
 * spaces; any other line is content, up to the opening fence's own indentation removed.
 */
function continuesFence(line: LineState, fence: OpenBlock): 0 | 2 {
  const at = line.nextNonspace;
  if (line.indent <= 3 && line.peek(at) === fence.fenceChar) {
    let length = 0;
    while (line.peek(at + length) === fence.fenceChar) length++;
    let rest = at + length;
    while (isSpaceOrTab(line.peek(rest))) rest++;
    if (length >= 3 && length >= fence.fenceLength && rest >= line.end) {
      fence.closed = true;
      fence.end = line.end;
      return 2;
    }
  }
  for (let spaces = fence.fenceOffset; spaces > 0 && isSpaceOrTab(line.peek(line.offset)); spaces--) line.advanceOffset(1, true);
  return 0;
}
