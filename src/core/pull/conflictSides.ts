// The two sides of a conflict Pull writes. Each must read as the same blocks it was, so that Accept Current, Accept
// Incoming or Accept Both leaves a document that means what that side meant: the wiki's side keeps the page's blank
// lines and takes the file's list markers, as a clean merge of the wiki's change does (threeWayMerge.ts, pushTheirs),
// and neither side may hold a line that reads as a conflict marker (markerLines.ts).
import type { Range } from './hunks';
import { withListMarkerOf } from './listMarkers';
import type { MarkdownUnit } from './markdownUnits';
import type { MergeSides, PlacedRegion } from './mergeRegions';
import { pushText, pushTexts, retailLast, withSpacingOf } from './unitTexts';

/** The file's side: its own lines as written. */
export function fileSideText(region: PlacedRegion, sides: MergeSides): string {
  const out: string[] = [];
  pushTexts(out, sides.ourUnits, region.ourRange.start, region.ourRange.end);
  return out.join('');
}

/**
 * The wiki's side: the file's base where the wiki left it, and its changes there. Lines the wiki replaced one for
 * one keep the base's blank lines after them; where it added or removed lines, the blank lines before the change are
 * the page's (the file's last line has none, and a paragraph the wiki added after it would run into it). Its list
 * items take the marker of the file's list they land in (listMarkers.ts): the export's `*` in a `-` list is a list
 * of its own; so do the export's lines that stand for the file's base where it was not kept.
 */
export function wikiSideText(region: PlacedRegion, sides: MergeSides): string {
  const { baseUnits, ourUnits, theirUnits, exportLines } = sides;
  const out: string[] = [];
  // Where the file's side holds no list beside a change, the file's base around that change (unless it is the export's).
  let around: { units: readonly MarkdownUnit[]; range: Range } | undefined;
  const inFileList = (unit: MarkdownUnit, replaced: MarkdownUnit | undefined): string => withListMarkerOf(unit, replaced, ourUnits, region.ourRange, around);
  // Without the published file, its base holds the export's line where the file's did not pair with it: the export's style.
  const pushBase = (start: number, end: number): void => {
    if (!exportLines) pushTexts(out, theirUnits, start, end);
    else for (let index = start; index < end; index++) {
      const unit = theirUnits[index] as MarkdownUnit;
      pushText(out, exportLines.has(unit) ? inFileList(unit, undefined) : unit.text);
    }
  };
  let at = region.theirRange.start;
  for (const hunk of region.hunks) {
    if (hunk.side !== 'theirs') continue;
    pushBase(at, hunk.sideStart);
    if (!exportLines) around = { units: baseUnits, range: { start: hunk.baseStart, end: hunk.baseEnd } };
    if (hunk.sideEnd - hunk.sideStart === hunk.baseEnd - hunk.baseStart) {
      for (let index = 0; index < hunk.sideEnd - hunk.sideStart; index++) {
        const replaced = baseUnits[hunk.baseStart + index] as MarkdownUnit;
        const unit = theirUnits[hunk.sideStart + index] as MarkdownUnit;
        // A base line that is the export's (the file's not known) has the export's marker: the file's list is read instead.
        pushText(out, withSpacingOf(inFileList(unit, exportLines?.has(replaced) === true ? undefined : replaced), unit, replaced, sides.respaced));
      }
    } else {
      retailLast(out, sides.pageUnitBefore?.get(hunk.sideStart));
      for (let index = hunk.sideStart; index < hunk.sideEnd; index++) pushText(out, inFileList(theirUnits[index] as MarkdownUnit, undefined));
    }
    at = hunk.sideEnd;
  }
  pushBase(at, region.theirRange.end);
  return out.join('');
}
