// The regions of Pull's merge: node-diff3's diff3MergeRegions rule (hunks that overlap or touch are one region, a
// conflict when both sides changed it, unless they made the same change), over the file's base (fileBase.ts), except
// that changes kept apart by a blank line both sides keep between blocks are not one region (blankSeparators.ts).
import { blankSeparated, type SeparatorSides } from './blankSeparators';
import type { Hunk, Range } from './hunks';
import { inCode } from './listMarkers';
import { hiddenChanges, indentOf, sameKey, type MarkdownUnit } from './markdownUnits';

interface Region { start: number; end: number; hunks: Hunk[] }

/** A region with what each side holds for it, and whether the sides changed it differently. */
export interface PlacedRegion extends Region {
  ourRange: Range;
  theirRange: Range;
  oursChanged: boolean;
  theirsChanged: boolean;
  conflict: boolean;
}

/** Each side's units, and for each the base line it stands for one to one (hunks.ts, unitsBefore). */
export interface MergeSides extends SeparatorSides {
  ourBefore: ReadonlyArray<MarkdownUnit | undefined>;
  theirBefore: ReadonlyArray<MarkdownUnit | undefined>;
  /** Base lines that stand for a file's line not known (fileBase.ts): the file's line is judged against the wiki's. */
  unknownInFile: ReadonlySet<MarkdownUnit>;
  /** Without the published file, the export's lines that stand in its base for the file's (fileBase.ts, guessedFileUnits). */
  exportLines?: ReadonlySet<MarkdownUnit>;
  /** The wiki's lines whose change is their blank lines alone (blankLineChanges.ts). */
  respaced?: ReadonlySet<MarkdownUnit>;
}

/**
 * The hunks (sorted by their place in the base, lines added before lines changed at one place) grouped by node-diff3's
 * rule: hunks that overlap or touch are one region, unless a blank line between blocks keeps them apart. A conflict
 * that reaches into a fenced code block takes in the whole block: its markers inside the code would read as code, so
 * publishing (which looks for markers outside code) would send them to the wiki, and accepting either side must leave
 * a whole block.
 */
export function regionsOf(hunks: readonly Hunk[], sides: MergeSides): PlacedRegion[] {
  let regions = grouped(hunks.map((hunk) => ({ start: hunk.baseStart, end: hunk.baseEnd, hunks: [hunk] })), sides);
  let blocks: CodeBlocks | undefined;
  for (;;) {
    const placedRegions = placeRegions(regions, sides);
    let widened = false;
    for (const region of placedRegions) {
      if (!region.conflict) continue;
      blocks ??= codeBlocksOf(sides.baseUnits);
      const wide = widenedToBlocks(region, blocks);
      if (wide.start === region.start && wide.end === region.end) continue;
      region.start = wide.start;
      region.end = wide.end;
      widened = true;
    }
    if (!widened) return placedRegions;
    // A widened region may now reach its neighbours: they become one.
    regions = grouped(placedRegions, sides);
  }
}

/**
 * Regions (in base order) joined where they overlap or touch, except where they only touch and the blank line there
 * keeps them apart. Outside changes the sides hold the base's units, shifted by the changes before.
 */
function grouped(regions: readonly Region[], sides: MergeSides): Region[] {
  const joined: Region[] = [];
  const shift = { ours: 0, theirs: 0 };
  for (const { start, end, hunks: own } of regions) {
    const last = joined[joined.length - 1];
    const apart = last !== undefined && start === last.end && bothSides(last.hunks, own)
      && blankSeparated(sides, start, { ours: start + shift.ours, theirs: start + shift.theirs }, last.hunks, own);
    if (last && start <= last.end && !apart) {
      last.hunks.push(...own);
      last.end = Math.max(last.end, end);
    } else joined.push({ start, end, hunks: [...own] });
    for (const hunk of own) shift[hunk.side] = hunk.sideEnd - hunk.baseEnd;
  }
  return joined;
}

/** Whether the two runs of changes hold both sides' (one side's changes that touch are one change of that side). */
function bothSides(a: readonly Hunk[], b: readonly Hunk[]): boolean {
  const sides = new Set([...a, ...b].map((hunk) => hunk.side));
  return sides.size === 2;
}

function placeRegions(regions: readonly Region[], sides: MergeSides): PlacedRegion[] {
  // Where the region's start is in ours and in theirs: outside hunks the sides hold the base's units, shifted.
  let oursShift = 0;
  let theirsShift = 0;
  return regions.map(({ start, end, hunks }) => {
    const ourRange = sideRange(hunks, 'ours', start, end, oursShift);
    const theirRange = sideRange(hunks, 'theirs', start, end, theirsShift);
    oursShift = ourRange.end - end;
    theirsShift = theirRange.end - end;
    // Lines only the file has, which a change of the wiki's would replace, are the file's own (Hunk.fileOnly).
    const oursChanged = hunks.some((hunk) => hunk.side === 'ours' || hunk.fileOnly === true);
    const theirsChanged = hunks.some((hunk) => hunk.side === 'theirs');
    const conflict = oursChanged && theirsChanged && !sameChange(sides, ourRange, theirRange);
    return { start, end, hunks, ourRange, theirRange, oursChanged, theirsChanged, conflict };
  });
}

/**
 * Whether both sides made the same change here: line for line the same once the export's style is left out
 * (lineKey), and no change the key cannot see (a list item nested, a number, an escape, `_` for `*`) made by the wiki
 * that the file did not make too. Each side's change is read against its own base line, in its own style; a line
 * added on both sides has none, and is told apart by its nesting alone. Where the file's base line is not known, the
 * file's line must differ from the wiki's by nothing the key leaves out.
 */
export function sameChange(sides: MergeSides, ourRange: Range, theirRange: Range): boolean {
  if (ourRange.end - ourRange.start !== theirRange.end - theirRange.start) return false;
  for (let index = 0; index < ourRange.end - ourRange.start; index++) {
    const ours = sides.ourUnits[ourRange.start + index] as MarkdownUnit;
    const theirs = sides.theirUnits[theirRange.start + index] as MarkdownUnit;
    if (ours.exact === theirs.exact && ours.code === theirs.code) continue;
    if (!sameKey(ours, theirs)) return false;
    const ourBase = sides.ourBefore[ourRange.start + index];
    const theirBase = sides.theirBefore[theirRange.start + index];
    if (ourBase === undefined || theirBase === undefined) {
      if ((indentOf(ours.exact) === 0) !== (indentOf(theirs.exact) === 0)) return false;
      continue;
    }
    const unseen = sides.unknownInFile.has(ourBase)
      ? hiddenChanges(theirs.exact, ours.exact)
      : hiddenChanges(theirBase.exact, theirs.exact) & ~hiddenChanges(ourBase.exact, ours.exact);
    if (unseen !== 0) return false;
  }
  return true;
}

/** For each base unit of a fenced code block (its opening line to its closing one): the block's first unit and the one after it. */
interface CodeBlocks { start: Map<number, number>; end: Map<number, number> }

function codeBlocksOf(units: readonly MarkdownUnit[]): CodeBlocks {
  const blocks: CodeBlocks = { start: new Map(), end: new Map() };
  for (let index = 1; index < units.length; index++) {
    // A run of units inside a fence (their key starts with U+0000, the closing line's too) follows its opening line.
    if (!inCode(units[index]) || inCode(units[index - 1])) continue;
    let after = index;
    while (after < units.length && inCode(units[after])) after++;
    for (let unit = index - 1; unit < after; unit++) {
      blocks.start.set(unit, index - 1);
      blocks.end.set(unit, after);
    }
    index = after - 1;
  }
  return blocks;
}

/** The region grown to the whole of each code block it reaches into (a place between two lines of code included). */
function widenedToBlocks(region: Region, blocks: CodeBlocks): { start: number; end: number } {
  if (region.start === region.end) {
    // Lines added before a unit: inside the block when that unit is one of its lines after the opening one.
    const opening = blocks.start.get(region.start);
    return opening === undefined || opening === region.start ? region : { start: opening, end: blocks.end.get(region.start) as number };
  }
  return { start: blocks.start.get(region.start) ?? region.start, end: blocks.end.get(region.end - 1) ?? region.end };
}

/** The side's units that stand for the region's base units: its hunks there, widened by the unchanged base around them. */
function sideRange(region: readonly Hunk[], side: Hunk['side'], regionStart: number, regionEnd: number, shift: number): Range {
  const own = region.filter((hunk) => hunk.side === side);
  if (own.length === 0) return { start: regionStart + shift, end: regionEnd + shift };
  const firstOwn = own[0] as Hunk;
  const lastOwn = own[own.length - 1] as Hunk;
  return { start: firstOwn.sideStart - (firstOwn.baseStart - regionStart), end: lastOwn.sideEnd + (regionEnd - lastOwn.baseEnd) };
}
