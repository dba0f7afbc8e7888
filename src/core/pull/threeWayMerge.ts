// The three-way merge Pull makes: base = the file as it was published (fileBase.ts; the page as exported right after
// that publish, in the file's own lines), theirs = the page's export now, ours = the file now. The diff is
// node-diff3's (its LCS and diffIndices); the walk over its hunks is node-diff3's diff3MergeRegions rule
// (mergeRegions.ts) done here with each side's own text, since the merged text must keep the file's own way of
// writing. The file is compared with its base as written and the two exports with each other as written, so neither
// side's change hides behind the key that pairs the export's lines with the file's (markdownUnits.ts).
import { conflictBlock } from '../markdown/conflictMarkers';
import { blankLineHunks, respacedUnits } from './blankLineChanges';
import { fileSideText, wikiSideText } from './conflictSides';
import { wikiOnFile } from './fileBase';
import { hunksOf, unitsBefore, type Range } from './hunks';
import { withListMarkerOf } from './listMarkers';
import { hardBreakOf, keyOf, markdownUnits, type MarkdownUnit } from './markdownUnits';
import { withoutMarkerLines } from './markerLines';
import { regionsOf, type MergeSides } from './mergeRegions';
import { blankTail, pushText, retailLast, withSpacingOf, withTailOf } from './unitTexts';

export type MergeResult =
  /** Nothing to take: the page's text is what this file last published (or the wiki's edit is already here). */
  | { kind: 'nothingNew'; text: string }
  /** The wiki's edit merged into the file without conflict. */
  | { kind: 'merged'; text: string }
  /** Both sides changed the same place: the text holds `conflicts` blocks with standard markers. */
  | { kind: 'conflicts'; text: string; conflicts: number };

/**
 * `base`: the page as exported after the file's last publish; `theirs`: its export now; `ours`: the file now;
 * `fileBase`: the file as that publish sent it (front matter aside), when it was kept (PullBase.fileText).
 */
export function mergeThreeWay(base: string, theirs: string, ours: string, fileBase?: string): MergeResult {
  // A file written with CRLF (VS Code keeps one line ending per document) is merged as LF and written back as CRLF:
  // blank lines are found by their LF, and the wiki's lines must arrive with the file's line ending.
  const file = fileBase === undefined ? undefined : toLf(fileBase);
  if (!ours.includes('\r\n')) return mergeLines(toLf(base), toLf(theirs), ours, file);
  const merged = mergeLines(toLf(base), toLf(theirs), toLf(ours), file);
  return merged.kind === 'nothingNew' ? { kind: 'nothingNew', text: ours } : { ...merged, text: merged.text.replace(/\n/g, '\r\n') };
}

function toLf(text: string): string {
  return text.includes('\r\n') ? text.replace(/\r\n/g, '\n') : text;
}

function mergeLines(base: string, theirs: string, ours: string, fileBase: string | undefined): MergeResult {
  const exportUnits = markdownUnits(base);
  const pageUnits = markdownUnits(theirs);
  // Base and theirs are both the export's, so they are compared as written (see MarkdownUnit.exact); then the blank
  // lines between the lines, which that leaves out, where they change the blocks.
  const lineHunks = hunksOf('theirs', exportUnits, pageUnits, 'exact');
  const spacingHunks = blankLineHunks(base, theirs, exportUnits, pageUnits, lineHunks);
  const pageHunks = spacingHunks.length === 0 ? lineHunks : [...lineHunks, ...spacingHunks].sort((x, y) => x.baseStart - y.baseStart || x.baseEnd - y.baseEnd);
  if (pageHunks.length === 0) return { kind: 'nothingNew', text: ours };
  const respaced = respacedUnits(pageUnits, spacingHunks);
  const ourUnits = markdownUnits(ours);
  const wiki = wikiOnFile(exportUnits, pageUnits, pageHunks, ourUnits, fileBase === undefined ? undefined : markdownUnits(fileBase));
  const { fileUnits, theirUnits, ourHunks } = wiki;
  // Lines added at a place come before lines changed from it, as they stand in the text.
  const hunks = [...ourHunks, ...wiki.theirHunks].sort((x, y) => x.baseStart - y.baseStart || x.baseEnd - y.baseEnd);
  const sides: MergeSides = {
    baseUnits: fileUnits, ourUnits, ourBefore: unitsBefore(fileUnits, ourUnits, ourHunks), theirUnits, theirBefore: wiki.theirBefore,
    unknownInFile: wiki.unknownInFile, pageUnitBefore: wiki.pageUnitBefore, ...(fileBase === undefined ? { exportLines: new Set(exportUnits) } : {}),
    respaced,
  };
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
  for (const region of regionsOf(hunks, sides)) {
    const { ourRange, theirRange, oursChanged, theirsChanged, conflict } = region;
    pushOurs(oursAt, ourRange.start);
    oursAt = ourRange.end;
    if (!theirsChanged) pushOurs(ourRange.start, ourRange.end);
    else if (!conflict) {
      // Only the wiki changed it, or both made the same change (kept as the file writes it).
      if (oursChanged || sameTexts(ourUnits, ourRange, theirUnits, theirRange, respaced)) pushOurs(ourRange.start, ourRange.end);
      else {
        pushTheirs(out, { theirUnits, theirRange, theirBefore: wiki.theirBefore, ourUnits, ourRange, respaced }, wiki.pageUnitBefore.get(theirRange.start));
        changedByTheirs = true;
      }
    } else {
      const ourText = fileSideText(region, sides);
      const theirText = wikiSideText(region, sides);
      // Blank lines after each side belong after the block, not inside it. Where the file has no text here (it
      // deleted what the wiki changed), they are the wiki's: accepting its side must not run it into what follows.
      const startsBlock = out.length === 0 || blankTail(out[out.length - 1] as string) !== '';
      const side = (text: string): string => withoutMarkerLines(withTailOf(text, ''), startsBlock);
      pushText(out, conflictBlock(side(ourText), side(theirText)));
      const tail = blankTail(ourText === '' ? theirText : ourText);
      if (tail !== '') out.push(tail);
      conflicts++;
    }
  }
  pushOurs(oursAt, ourUnits.length);
  const text = out.join('');
  if (conflicts > 0) return { kind: 'conflicts', text, conflicts };
  // The wiki's change may come out as the file already writes it (a list item restyled on the wiki, say).
  return changedByTheirs && text !== ours ? { kind: 'merged', text } : { kind: 'nothingNew', text: ours };
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

/** The wiki's change in a region: its lines, the file's lines it replaces, and the lines whose blank lines alone changed. */
interface TheirChange {
  theirUnits: readonly MarkdownUnit[];
  theirRange: Range;
  /** For each of theirUnits, the export's line it replaced one for one (WikiOnFile.theirBefore). */
  theirBefore: ReadonlyArray<MarkdownUnit | undefined>;
  ourUnits: readonly MarkdownUnit[];
  ourRange: Range;
  respaced: ReadonlySet<MarkdownUnit>;
}

/**
 * The wiki's change where the file left the base as it was. Lines replaced one for one keep the file's spacing
 * around them; where the wiki added or removed lines, the blank lines before the change are the wiki's (it may have
 * split or joined paragraphs): those of `pageUnitBefore`, the page's line before the change. Its list items take the
 * marker of the file's list they land in (listMarkers.ts).
 */
function pushTheirs(out: string[], change: TheirChange, pageUnitBefore: MarkdownUnit | undefined): void {
  const { theirUnits, theirRange, theirBefore, ourUnits, ourRange, respaced } = change;
  const inFileList = (unit: MarkdownUnit, replaced: MarkdownUnit | undefined): string => withListMarkerOf(unit, replaced, ourUnits, ourRange);
  if (theirRange.end - theirRange.start === ourRange.end - ourRange.start) {
    for (let index = 0; index < theirRange.end - theirRange.start; index++) {
      const replaced = ourUnits[ourRange.start + index] as MarkdownUnit;
      const unit = theirUnits[theirRange.start + index] as MarkdownUnit;
      const text = withBreakOf(inFileList(unit, replaced), unit, replaced, theirBefore[theirRange.start + index]);
      pushText(out, withSpacingOf(text, unit, replaced, respaced));
    }
    return;
  }
  retailLast(out, pageUnitBefore);
  for (let index = theirRange.start; index < theirRange.end; index++) pushText(out, inFileList(theirUnits[index] as MarkdownUnit, undefined));
}

/**
 * The wiki's line, with the hard break that ends the file's line it replaced where the export shows no break at all:
 * an export that drops a break written with two spaces (the published page's export, `exported`, lacks it where the
 * file has it) cannot show whether the colleague kept it, and nobody took it away. Only where the file's line is the
 * one the export wrote there (one key), and the wiki's line has no break of its own.
 */
function withBreakOf(text: string, unit: MarkdownUnit, replaced: MarkdownUnit, exported: MarkdownUnit | undefined): string {
  if (exported === undefined || unit.code || replaced.code || exported.code) return text;
  if (!hardBreakOf(replaced.exact) || hardBreakOf(exported.exact) || hardBreakOf(unit.exact) || keyOf(replaced) !== keyOf(exported)) return text;
  // The file's own way of writing it: two spaces, or a backslash.
  const written = (replaced.text.split('\n', 1)[0] as string).trimEnd() === replaced.exact ? '\\' : '  ';
  const end = text.indexOf('\n');
  return end === -1 ? `${text.trimEnd()}${written}` : `${text.slice(0, end).trimEnd()}${written}${text.slice(end)}`;
}

/** Whether the two runs of units are written alike, line for line, and `b`'s blank lines changed no block (`respaced`). */
function sameTexts(a: readonly MarkdownUnit[], aRange: Range, b: readonly MarkdownUnit[], bRange: Range, respaced: ReadonlySet<MarkdownUnit>): boolean {
  if (aRange.end - aRange.start !== bRange.end - bRange.start) return false;
  for (let index = 0; index < aRange.end - aRange.start; index++) {
    const unit = b[bRange.start + index] as MarkdownUnit;
    if ((a[aRange.start + index] as MarkdownUnit).exact !== unit.exact || respaced.has(unit)) return false;
  }
  return true;
}
