// The wiki's changes made of blank lines alone. The two exports are compared line by line (MarkdownUnit.exact), and a
// unit's blank lines ride along as its tail, unseen by that comparison; yet a blank line is structure: it ends a
// paragraph (CommonMark 4.8: one paragraph becomes two), takes a line out of indented code or into it, makes a list
// loose (5.3), and inside indented code or HTML it is content. Where a unit's blank lines differ between the base and
// the page, the block structure of the lines around them decides (lineShapes.ts): blank lines that change no block
// (after a heading, before a list, a second one) are no change, since the file would not read differently for them.
import { lineShapes, type LineShape } from '../markdown/blocks/lineShapes';
import type { Hunk } from './hunks';
import type { MarkdownUnit } from './markdownUnits';
import { blankTail } from './unitTexts';

/**
 * The units of the page (`pageUnits`) whose line is the base's, unchanged, but whose blank lines after it change the
 * page's blocks, as one-for-one changes of the wiki's, in base order. `exactHunks` are the changes of the lines.
 */
export function blankLineHunks(base: string, page: string, exportUnits: readonly MarkdownUnit[], pageUnits: readonly MarkdownUnit[], exactHunks: readonly Hunk[]): Hunk[] {
  // Each pair of units both texts hold, whose blank lines differ, and whether the lines after them pair too.
  const pairs: Array<{ at: number; side: number; nextPairs: boolean }> = [];
  let baseAt = 0;
  let pageAt = 0;
  const pairUntil = (end: number, nextPairs: boolean): void => {
    for (; baseAt < end; baseAt++, pageAt++) {
      if (blankLines(exportUnits[baseAt] as MarkdownUnit) === blankLines(pageUnits[pageAt] as MarkdownUnit)) continue;
      pairs.push({ at: baseAt, side: pageAt, nextPairs: baseAt + 1 < end || nextPairs });
    }
  };
  for (const hunk of exactHunks) {
    // Before lines the wiki replaced one for one, the next lines still pair; before lines it added or removed, the
    // blank lines are the wiki's around its own change (threeWayMerge.ts, pushTheirs), not a change of their own.
    pairUntil(hunk.baseStart, hunk.baseEnd - hunk.baseStart === hunk.sideEnd - hunk.sideStart && hunk.baseEnd > hunk.baseStart);
    baseAt = hunk.baseEnd;
    pageAt = hunk.sideEnd;
  }
  pairUntil(exportUnits.length, true);
  // Most pulls change no blank line: the texts are parsed only for those that do.
  if (pairs.length === 0) return [];
  const baseShapes = unitShapes(base, exportUnits);
  const pageShapes = unitShapes(page, pageUnits);
  const hunks: Hunk[] = [];
  for (const { at, side, nextPairs } of pairs) {
    if (!changesBlocks(baseShapes, at, pageShapes, side, nextPairs)) continue;
    hunks.push({ side: 'theirs', baseStart: at, baseEnd: at + 1, sideStart: side, sideEnd: side + 1 });
  }
  return hunks;
}

/** The units of the page that blankLineHunks found: the merge writes the file's own line with their blank lines. */
export function respacedUnits(pageUnits: readonly MarkdownUnit[], hunks: readonly Hunk[]): Set<MarkdownUnit> {
  return new Set(hunks.map((hunk) => pageUnits[hunk.sideStart] as MarkdownUnit));
}

/**
 * Whether the unit's blank lines change the blocks: its own line or the next (where the next lines pair) stands in
 * other blocks in the two texts (a list's looseness included), or the next line goes on with code or HTML across them.
 */
function changesBlocks(baseShapes: ReadonlyArray<LineShape | undefined>, at: number, pageShapes: ReadonlyArray<LineShape | undefined>, side: number, nextPairs: boolean): boolean {
  const differ = (a: LineShape | undefined, b: LineShape | undefined): boolean => a?.shape !== b?.shape;
  if (differ(baseShapes[at], pageShapes[side])) return true;
  if (!nextPairs) return false;
  if (differ(baseShapes[at + 1], pageShapes[side + 1])) return true;
  return baseShapes[at + 1]?.continuesAcrossBlanks === true || pageShapes[side + 1]?.continuesAcrossBlanks === true;
}

/** Each unit's line's shape (undefined for a blank line at the very start, the only unit that is blank). */
function unitShapes(text: string, units: readonly MarkdownUnit[]): Array<LineShape | undefined> {
  const shapes = lineShapes(text);
  const byUnit = new Array<LineShape | undefined>(units.length);
  let start = 0;
  for (let index = 0; index < units.length; index++) {
    byUnit[index] = shapes.get(start);
    start += (units[index] as MarkdownUnit).text.length;
  }
  return byUnit;
}

/** How many blank lines follow the unit's line. */
function blankLines(unit: MarkdownUnit): number {
  const tail = blankTail(unit.text);
  let count = 0;
  for (let at = tail.indexOf('\n'); at !== -1; at = tail.indexOf('\n', at + 1)) count++;
  return count;
}
