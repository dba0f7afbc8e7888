// The block structure each line of a text stands in, as a string two texts can compare line by line: which blocks
// hold the line, which of them start on it, and whether each list is tight or loose (CommonMark 5.3). Two texts with
// the same lines whose blank lines differ read as the same blocks exactly where their lines' shapes agree: a blank line
// that ends a paragraph makes the next line start one, a blank line between items makes their list loose.
import { parseBlocks } from './blockParser';
import type { OpenBlock } from './blockTypes';
import { LinkList, RangeList } from '../scanLists';

export interface LineShape {
  /** The blocks that hold the line, outermost first (the document aside): kind, `+` where it starts here, a list's `tight`/`loose`. */
  shape: string;
  /** The line goes on with code or an HTML block after blank lines: those blank lines are the block's content. */
  continuesAcrossBlanks: boolean;
}

interface SeenLine { start: number; blocks: OpenBlock[]; afterBlank: boolean }

/** Each line that is not blank, by the offset it starts at. */
export function lineShapes(text: string): Map<number, LineShape> {
  const lines: SeenLine[] = [];
  const firstLine = new Map<OpenBlock, number>();
  let afterBlank = false;
  parseBlocks(text, { links: new LinkList(text), codeSpans: new RangeList(), comments: [] }, (start, end, open, closedByLine) => {
    if (text.slice(start, end).trim() === '') {
      afterBlank = true;
      return;
    }
    const blocks = open.slice(1);
    if (closedByLine !== undefined) blocks.push(closedByLine);
    for (const block of blocks) if (!firstLine.has(block)) firstLine.set(block, start);
    lines.push({ start, blocks, afterBlank });
    afterBlank = false;
  });
  const loose = looseLists(lines);
  const shapes = new Map<number, LineShape>();
  for (const { start, blocks, afterBlank: blankBefore } of lines) {
    const shape = blocks.map((block) => `${block.kind}${firstLine.get(block) === start ? '+' : ''}${block.kind === 'list' ? (loose.has(block) ? ' loose' : ' tight') : ''}`).join('/');
    const tip = blocks[blocks.length - 1];
    const continuesAcrossBlanks = blankBefore && tip !== undefined && (tip.kind === 'indented' || tip.kind === 'html' || tip.kind === 'fence') && firstLine.get(tip) !== start;
    shapes.set(start, { shape, continuesAcrossBlanks });
  }
  return shapes;
}

/**
 * The loose lists: a blank line between two of its items, or between two blocks an item holds directly. Found from
 * the lines on either side of each run of blank lines: the innermost block both lie in is the list (two items), or an
 * item (two of its blocks); a blank line inside a deeper block (code, a quote) leaves the list as it is.
 */
function looseLists(lines: readonly SeenLine[]): Set<OpenBlock> {
  const loose = new Set<OpenBlock>();
  for (let index = 1; index < lines.length; index++) {
    const after = lines[index] as SeenLine;
    if (!after.afterBlank) continue;
    const before = (lines[index - 1] as SeenLine).blocks;
    let common = 0;
    while (common < before.length && common < after.blocks.length && before[common] === after.blocks[common]) common++;
    const inner = before[common - 1];
    if (inner?.kind === 'list') loose.add(inner);
    else if (inner?.kind === 'item' && inner.parent !== undefined) loose.add(inner.parent);
  }
  return loose;
}
