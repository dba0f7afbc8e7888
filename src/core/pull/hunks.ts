// The changes of one side of Pull's merge against a base, as node-diff3's diffIndices finds them, over units
// (markdownUnits.ts) compared by key or as written.
import { diffIndices } from 'node-diff3';
import { keyOf, sameKey, type MarkdownUnit } from './markdownUnits';

export interface Range { start: number; end: number }

export interface Hunk {
  side: 'ours' | 'theirs';
  baseStart: number;
  baseEnd: number;
  sideStart: number;
  sideEnd: number;
  /**
   * The wiki's change replaces lines the file has and the page never had (an HTML comment the export leaves out,
   * say): nobody changed them on the wiki, so they are the file's own, and the region is the file's change too.
   */
  fileOnly?: boolean;
}

/**
 * The side's changes against the base, its units compared `by` key or as written (`exact`). node-diff3's LCS grows
 * with the square of the units it compares, so the units both share at the start and the end (most of a page, for a
 * typical edit) are left out of it first, as GNU diff does; only the units between are listed for it.
 */
export function hunksOf(side: Hunk['side'], baseUnits: readonly MarkdownUnit[], units: readonly MarkdownUnit[], by: 'key' | 'exact'): Hunk[] {
  const same = by === 'key' ? sameKey : (a: MarkdownUnit, b: MarkdownUnit): boolean => a.exact === b.exact;
  let head = 0;
  while (head < baseUnits.length && head < units.length && same(baseUnits[head] as MarkdownUnit, units[head] as MarkdownUnit)) head++;
  let tail = 0;
  while (tail < baseUnits.length - head && tail < units.length - head && same(baseUnits[baseUnits.length - 1 - tail] as MarkdownUnit, units[units.length - 1 - tail] as MarkdownUnit)) tail++;
  const compared = by === 'key' ? keyOf : (unit: MarkdownUnit): string => unit.exact;
  const middle = (list: readonly MarkdownUnit[]): string[] => list.slice(head, list.length - tail).map(compared);
  return diffIndices(middle(baseUnits), middle(units)).map((hunk) => ({
    side,
    baseStart: head + hunk.buffer1[0], baseEnd: head + hunk.buffer1[0] + hunk.buffer1[1],
    sideStart: head + hunk.buffer2[0], sideEnd: head + hunk.buffer2[0] + hunk.buffer2[1],
  }));
}

/**
 * For each unit of a side, the base unit it stands for one to one (unchanged, or replaced line for line), so that a
 * change the key cannot see (markdownUnits.ts, hiddenChanges) can be told from that unit; undefined for lines added.
 */
export function unitsBefore(baseUnits: readonly MarkdownUnit[], units: readonly MarkdownUnit[], hunks: readonly Hunk[]): Array<MarkdownUnit | undefined> {
  const before = new Array<MarkdownUnit | undefined>(units.length);
  let base = 0;
  let at = 0;
  for (const hunk of hunks) {
    for (; at < hunk.sideStart; at++, base++) before[at] = baseUnits[base];
    const oneForOne = hunk.sideEnd - hunk.sideStart === hunk.baseEnd - hunk.baseStart;
    for (; at < hunk.sideEnd; at++) before[at] = oneForOne ? baseUnits[hunk.baseStart + at - hunk.sideStart] : undefined;
    base = hunk.baseEnd;
  }
  for (; at < units.length; at++, base++) before[at] = baseUnits[base];
  return before;
}
