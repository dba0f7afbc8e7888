// The three-way merge Pull makes: base = the page as exported right after this file's last publish, theirs = the
// page's export now, ours = the file now. The diff is node-diff3's (its LCS and diffIndices); the walk over its
// hunks is node-diff3's diff3MergeRegions rule (hunks that overlap or touch are one region, a conflict when both
// sides changed it differently) done here with each side's own text, because the file is compared with the exports
// by a key that ignores the export's style (markdownUnits.ts) and the merged text must keep the file's own way of
// writing; the two exports are compared as written, so no change of the wiki's hides behind that key.
import { diffIndices } from 'node-diff3';
import { conflictBlock } from '../markdown/conflictMarkers';
import { keyOf, markdownUnits, sameKey, type MarkdownUnit } from './markdownUnits';

export type MergeResult =
  /** Nothing to take: the page's text is what this file last published (or the wiki's edit is already here). */
  | { kind: 'nothingNew'; text: string }
  /** The wiki's edit merged into the file without conflict. */
  | { kind: 'merged'; text: string }
  /** Both sides changed the same place: the text holds `conflicts` blocks with standard markers. */
  | { kind: 'conflicts'; text: string; conflicts: number };

interface Range { start: number; end: number }
interface Hunk { side: 'ours' | 'theirs'; baseStart: number; baseEnd: number; sideStart: number; sideEnd: number }

export function mergeThreeWay(base: string, theirs: string, ours: string): MergeResult {
  // A file written with CRLF (VS Code keeps one line ending per document) is merged as LF and written back as CRLF:
  // blank lines are found by their LF, and the wiki's lines must arrive with the file's line ending.
  if (!ours.includes('\r\n')) return mergeLines(toLf(base), toLf(theirs), ours);
  const merged = mergeLines(toLf(base), toLf(theirs), toLf(ours));
  return merged.kind === 'nothingNew' ? { kind: 'nothingNew', text: ours } : { ...merged, text: merged.text.replace(/\n/g, '\r\n') };
}

function toLf(text: string): string {
  return text.includes('\r\n') ? text.replace(/\r\n/g, '\n') : text;
}

function mergeLines(base: string, theirs: string, ours: string): MergeResult {
  const baseUnits = markdownUnits(base);
  const theirUnits = markdownUnits(theirs);
  const ourUnits = markdownUnits(ours);
  // Base and theirs are both the export's, so they are compared as written (see MarkdownUnit.exact).
  const theirHunks = hunksOf('theirs', baseUnits, theirUnits, 'exact');
  if (theirHunks.length === 0) return { kind: 'nothingNew', text: ours };
  const ourHunks = hunksOf('ours', baseUnits, ourUnits, 'key');
  const hunks = [...ourHunks, ...theirHunks].sort((x, y) => x.baseStart - y.baseStart);
  const out: string[] = [];
  // The file's units stand where they are in its text: a run of them is pushed as one slice of it, not unit by unit
  // (a page's thousands of lines, most of them outside any change). Its last unit is pushed on its own, as before: the
  // wiki's change after it may give it the wiki's blank lines (pushTheirs), which must be that unit's own tail, not
  // the slice's (a blank line inside code is a unit of its own, whose tail is empty).
  const ourStarts = startsOf(ourUnits);
  const pushOurs = (start: number, end: number): void => {
    if (end - start > 1) pushText(out, ours.slice(ourStarts[start], ourStarts[end - 1]));
    if (end > start) pushText(out, (ourUnits[end - 1] as MarkdownUnit).text);
  };
  let conflicts = 0;
  let changedByTheirs = false;
  // Where the file's text after the last region starts: outside regions the sides hold the base's units, shifted.
  let oursAt = 0;
  for (const { ourRange, theirRange, oursChanged, theirsChanged, conflict } of regionsOf(hunks, baseUnits, ourUnits, theirUnits)) {
    pushOurs(oursAt, ourRange.start);
    oursAt = ourRange.end;
    if (!theirsChanged) pushOurs(ourRange.start, ourRange.end);
    else if (!conflict) {
      // Only the wiki changed it, or both made the same change (kept as the file writes it).
      // A change the file's key cannot see (a nested item, say) may be here already, written as the wiki writes it.
      if (oursChanged || sameKeys(ourUnits, ourRange, theirUnits, theirRange, 'exact')) pushOurs(ourRange.start, ourRange.end);
      else {
        pushTheirs(out, theirUnits, theirRange, ourUnits, ourRange);
        changedByTheirs = true;
      }
    } else {
      const ourText = joinTexts(ourUnits, ourRange.start, ourRange.end);
      const theirText = joinTexts(theirUnits, theirRange.start, theirRange.end);
      // Blank lines after each side belong after the block, not inside it. Where the file has no text here (it
      // deleted what the wiki changed), they are the wiki's: accepting its side must not run it into what follows.
      pushText(out, conflictBlock(withTailOf(ourText, ''), withTailOf(theirText, '')));
      const tail = blankTail(ourText === '' ? theirText : ourText);
      if (tail !== '') out.push(tail);
      conflicts++;
    }
  }
  pushOurs(oursAt, ourUnits.length);
  const text = out.join('');
  if (conflicts > 0) return { kind: 'conflicts', text, conflicts };
  return changedByTheirs ? { kind: 'merged', text } : { kind: 'nothingNew', text };
}

/**
 * Where each unit starts in the text its units came from, and the text's length after the last: units are contiguous,
 * and only the last can lack a line ending, so a run of them is that slice of the text.
 */
function startsOf(units: readonly MarkdownUnit[]): number[] {
  const starts = new Array<number>(units.length + 1);
  let at = 0;
  for (let index = 0; index < units.length; index++) {
    starts[index] = at;
    at += (units[index] as MarkdownUnit).text.length;
  }
  starts[units.length] = at;
  return starts;
}

interface Region { start: number; end: number; hunks: Hunk[] }

/** A region with what each side holds for it, and whether the sides changed it differently. */
interface PlacedRegion extends Region {
  ourRange: Range;
  theirRange: Range;
  oursChanged: boolean;
  theirsChanged: boolean;
  conflict: boolean;
}

/**
 * The hunks (sorted by their place in the base) grouped by node-diff3's rule: hunks that overlap or touch are one
 * region. A conflict that reaches into a fenced code block takes in the whole block: its markers inside the code
 * would read as code, so publishing (which looks for markers outside code) would send them to the wiki, and
 * accepting either side must leave a whole block.
 */
function regionsOf(hunks: readonly Hunk[], baseUnits: readonly MarkdownUnit[], ourUnits: readonly MarkdownUnit[], theirUnits: readonly MarkdownUnit[]): PlacedRegion[] {
  let regions: Region[] = [];
  for (const hunk of hunks) {
    const last = regions[regions.length - 1];
    if (last && hunk.baseStart <= last.end) {
      last.hunks.push(hunk);
      last.end = Math.max(last.end, hunk.baseEnd);
    } else regions.push({ start: hunk.baseStart, end: hunk.baseEnd, hunks: [hunk] });
  }
  let blocks: CodeBlocks | undefined;
  for (;;) {
    const placedRegions = placeRegions(regions, ourUnits, theirUnits);
    let widened = false;
    for (const region of placedRegions) {
      if (!region.conflict) continue;
      blocks ??= codeBlocksOf(baseUnits);
      const wide = widenedToBlocks(region, blocks);
      if (wide.start === region.start && wide.end === region.end) continue;
      region.start = wide.start;
      region.end = wide.end;
      widened = true;
    }
    if (!widened) return placedRegions;
    // A widened region may now reach its neighbours: they become one.
    regions = [];
    for (const { start, end, hunks: own } of placedRegions) {
      const last = regions[regions.length - 1];
      if (last && start <= last.end) {
        last.hunks.push(...own);
        last.end = Math.max(last.end, end);
      } else regions.push({ start, end, hunks: [...own] });
    }
  }
}

function placeRegions(regions: readonly Region[], ourUnits: readonly MarkdownUnit[], theirUnits: readonly MarkdownUnit[]): PlacedRegion[] {
  // Where the region's start is in ours and in theirs: outside hunks the sides hold the base's units, shifted.
  let oursShift = 0;
  let theirsShift = 0;
  return regions.map(({ start, end, hunks }) => {
    const ourRange = sideRange(hunks, 'ours', start, end, oursShift);
    const theirRange = sideRange(hunks, 'theirs', start, end, theirsShift);
    oursShift = ourRange.end - end;
    theirsShift = theirRange.end - end;
    const oursChanged = hunks.some((hunk) => hunk.side === 'ours');
    const theirsChanged = hunks.some((hunk) => hunk.side === 'theirs');
    const conflict = oursChanged && theirsChanged && !sameKeys(ourUnits, ourRange, theirUnits, theirRange);
    return { start, end, hunks, ourRange, theirRange, oursChanged, theirsChanged, conflict };
  });
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

function inCode(unit: MarkdownUnit | undefined): boolean {
  return unit !== undefined && keyOf(unit).charCodeAt(0) === 0;
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

/**
 * The side's changes against the base, its units compared `by` key or as written (`exact`). node-diff3's LCS grows
 * with the square of the units it compares, so the units both share at the start and the end (most of a page, for a
 * typical edit) are left out of it first, as GNU diff does; only the units between are listed for it.
 */
function hunksOf(side: Hunk['side'], baseUnits: readonly MarkdownUnit[], units: readonly MarkdownUnit[], by: 'key' | 'exact'): Hunk[] {
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

/** The side's units that stand for the region's base units: its hunks there, widened by the unchanged base around them. */
function sideRange(region: readonly Hunk[], side: Hunk['side'], regionStart: number, regionEnd: number, shift: number): Range {
  const own = region.filter((hunk) => hunk.side === side);
  if (own.length === 0) return { start: regionStart + shift, end: regionEnd + shift };
  const firstOwn = own[0] as Hunk;
  const lastOwn = own[own.length - 1] as Hunk;
  return { start: firstOwn.sideStart - (firstOwn.baseStart - regionStart), end: lastOwn.sideEnd + (regionEnd - lastOwn.baseEnd) };
}

/**
 * The wiki's change where the file left the base as it was. Lines replaced one for one keep the file's spacing
 * around them; where the wiki added or removed lines, the blank lines before the change are the wiki's (it may have
 * split or joined paragraphs). Its list items take the marker of the file's list they land in (listMarkerOf).
 */
function pushTheirs(out: string[], theirUnits: readonly MarkdownUnit[], theirRange: Range, ourUnits: readonly MarkdownUnit[], ourRange: Range): void {
  const inFileList = (unit: MarkdownUnit, replaced: MarkdownUnit | undefined): string => withListMarkerOf(unit, replaced, ourUnits, ourRange);
  if (theirRange.end - theirRange.start === ourRange.end - ourRange.start) {
    for (let index = 0; index < theirRange.end - theirRange.start; index++) {
      const replaced = ourUnits[ourRange.start + index] as MarkdownUnit;
      pushText(out, withTailOf(inFileList(theirUnits[theirRange.start + index] as MarkdownUnit, replaced), replaced.text));
    }
    return;
  }
  const before = theirUnits[theirRange.start - 1];
  if (before && out.length > 0) out[out.length - 1] = withTailOf(out[out.length - 1] as string, before.text);
  for (let index = theirRange.start; index < theirRange.end; index++) pushText(out, inFileList(theirUnits[index] as MarkdownUnit, undefined));
}

// A list item's first line: its indentation, then a bullet, or a number and its delimiter.
const LIST_ITEM = /^([ \t]*)(?:([*+-])|(\d{1,9})([.)]))(?=[ \t]|\r?\n|$)/;
// A thematic break (`* * *`, `- - -`) is no list item, though it starts like one.
const THEMATIC_BREAK = /^[ \t]*([*_-])(?:[ \t]*\1){2,}[ \t]*(?:\r?\n|$)/;
// How far the file is searched for the list a wiki's item lands in, each way: a list is rarely longer.
const LIST_SEARCH = 200;

/**
 * The text of the wiki's unit, a list item written with the marker of the file's list it lands in. The export writes
 * its own bullet (`*` where the file writes `-`), and Markdown starts a new list where the bullet or the ordered
 * delimiter changes, so a colleague's item taken as written would split the file's list in two (three, for an item
 * in the middle), on GitHub and on the wiki alike. The list is the item it replaces, else the nearest item at its
 * indentation before or after it in the file; its number is the wiki's.
 */
function withListMarkerOf(unit: MarkdownUnit, replaced: MarkdownUnit | undefined, ourUnits: readonly MarkdownUnit[], ourRange: Range): string {
  const item = listItem(unit);
  if (!item) return unit.text;
  const indent = (item[1] as string).length;
  const model = sameList(replaced, indent) ?? nearestItem(ourUnits, ourRange.start - 1, -1, indent) ?? nearestItem(ourUnits, ourRange.end, 1, indent);
  if (!model || (model[2] === undefined) !== (item[2] === undefined)) return unit.text;
  const marker = item[2] === undefined ? `${item[3] as string}${model[4] as string}` : (model[2] as string);
  return `${item[1] as string}${marker}${unit.text.slice(item[0].length)}`;
}

/** The unit's list item marker, unless it is code or a thematic break. */
function listItem(unit: MarkdownUnit): RegExpExecArray | null {
  return inCode(unit) || THEMATIC_BREAK.test(unit.text) ? null : LIST_ITEM.exec(unit.text);
}

function sameList(unit: MarkdownUnit | undefined, indent: number): RegExpExecArray | undefined {
  const item = unit && listItem(unit);
  return item && (item[1] as string).length === indent ? item : undefined;
}

/** The file's list item at `indent` nearest to `from` going `step`, past deeper items and their lines, within its list. */
function nearestItem(units: readonly MarkdownUnit[], from: number, step: 1 | -1, indent: number): RegExpExecArray | undefined {
  for (let index = from, seen = 0; index >= 0 && index < units.length && seen < LIST_SEARCH; index += step, seen++) {
    const unit = units[index] as MarkdownUnit;
    if (inCode(unit)) continue;
    const item = listItem(unit);
    const depth = item ? (item[1] as string).length : unit.text.length - unit.text.trimStart().length;
    if (item && depth === indent) return item;
    // A line less indented than the item (and not a deeper item's line) is outside its list.
    if (depth < indent || (!item && depth === 0)) return undefined;
  }
  return undefined;
}

function sameKeys(a: readonly MarkdownUnit[], aRange: Range, b: readonly MarkdownUnit[], bRange: Range, by: 'key' | 'exact' = 'key'): boolean {
  if (aRange.end - aRange.start !== bRange.end - bRange.start) return false;
  for (let index = 0; index < aRange.end - aRange.start; index++) {
    const aUnit = a[aRange.start + index];
    const bUnit = b[bRange.start + index];
    if (aUnit === undefined || bUnit === undefined) {
      if (aUnit !== bUnit) return false;
    } else if (by === 'key' ? !sameKey(aUnit, bUnit) : aUnit.exact !== bUnit.exact) return false;
  }
  return true;
}

function pushTexts(out: string[], units: readonly MarkdownUnit[], start: number, end: number): void {
  for (let index = start; index < end; index++) pushText(out, (units[index] as MarkdownUnit).text);
}

/** A last line without a line ending gets one once anything follows it, so two lines never run together. */
function pushText(out: string[], text: string): void {
  const last = out.length - 1;
  if (last >= 0 && !(out[last] as string).endsWith('\n')) out[last] += '\n';
  out.push(text);
}

function joinTexts(units: readonly MarkdownUnit[], start: number, end: number): string {
  const out: string[] = [];
  pushTexts(out, units, start, end);
  return out.join('');
}

/** The blank lines that end a unit's text (after its last line ending). */
function blankTail(text: string): string {
  const match = /\n((?:[ \t]*\n)*)$/.exec(text);
  return match?.[1] ?? '';
}

/** `text` with its own blank tail replaced by the one `source` ends with. */
function withTailOf(text: string, source: string): string {
  const own = blankTail(text);
  const kept = text.slice(0, text.length - own.length);
  const tail = blankTail(source);
  // The file's last line, without a line ending, needs one before the blank lines, or they are one line short.
  return tail !== '' && !kept.endsWith('\n') ? `${kept}\n${tail}` : kept + tail;
}
