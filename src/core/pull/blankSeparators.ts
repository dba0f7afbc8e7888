// Where two changes meet in the base (one ends on the unit where the other starts), node-diff3 makes them one region,
// a conflict when the sides made them. A unit carries the blank lines after it (markdownUnits.ts), so edits of two
// neighbouring blocks always meet; git, which compares the blank line between them as a line, sees it unchanged and
// merges them. Here the blank line counts as that unchanged separator where every version keeps one there and a new
// block starts after it: then each side's change stays the blocks it was once put beside the other's (a blank line
// ends a paragraph, a table, a block quote; a line at the margin after it ends a list item; a fence is never open
// across it, since a blank line inside code is a unit of its own).
import type { Hunk } from './hunks';
import { indentOf, type MarkdownUnit } from './markdownUnits';
import { blankTail } from './unitTexts';

export interface SeparatorSides {
  baseUnits: readonly MarkdownUnit[];
  ourUnits: readonly MarkdownUnit[];
  theirUnits: readonly MarkdownUnit[];
  /** By the place a wiki's change starts in theirUnits: the page's own line before it, whose blank lines are the wiki's. */
  pageUnitBefore?: ReadonlyMap<number, MarkdownUnit>;
}

/** Where each side stands at a base position: the base position plus what that side's changes before it added. */
export interface SidePositions { ours: number; theirs: number }

/**
 * Whether the changes before base position `at` (`before`) and those from it (`after`) are kept apart by the blank
 * line before `at`. `positions` are where `at` is in each side, past the changes before it.
 */
export function blankSeparated(sides: SeparatorSides, at: number, positions: SidePositions, before: readonly Hunk[], after: readonly Hunk[]): boolean {
  // Lines both sides added at one place are one change, as node-diff3 has it, whatever blank lines they bring.
  const addsHere = (hunks: readonly Hunk[]): boolean => hunks.some((hunk) => hunk.baseStart === at && hunk.baseEnd === at);
  if (addsHere(before) && addsHere(after)) return false;
  const { baseUnits, ourUnits, theirUnits } = sides;
  const theirsBefore = sides.pageUnitBefore?.get(positions.theirs) ?? theirUnits[positions.theirs - 1];
  const ends = [baseUnits[at - 1], ourUnits[positions.ours - 1], theirsBefore];
  // Only a closing fence among the lines of code carries blank lines (markdownUnits.ts): no code is open across them.
  if (!ends.every((unit) => unit !== undefined && blankTail(unit.text) !== '')) return false;
  const starts = [baseUnits[at], ourUnits[positions.ours], theirUnits[positions.theirs]];
  if (!starts.every((unit) => unit === undefined || (!unit.code && unit.exact !== '' && indentOf(unit.exact) === 0))) return false;
  // Raw HTML of the kinds a blank line does not end (a comment, <pre>, <script>...) may run over the separator.
  return ![...before, ...after].some((hunk) => touchesRawHtml(sides, hunk));
}

const RAW_HTML = /^ {0,3}(?:<(?:script|pre|style|textarea)(?:[\s>]|$)|<!--|<\?|<![A-Za-z]|<!\[CDATA\[)|<\/(?:script|pre|style|textarea)>|-->|\?>|\]\]>/i;

/** Whether the change opens or closes raw HTML that a blank line does not end, in the base or on its side. */
function touchesRawHtml(sides: SeparatorSides, hunk: Hunk): boolean {
  const units = hunk.side === 'ours' ? sides.ourUnits : sides.theirUnits;
  for (let index = hunk.baseStart; index < hunk.baseEnd; index++) if (RAW_HTML.test((sides.baseUnits[index] as MarkdownUnit).exact)) return true;
  for (let index = hunk.sideStart; index < hunk.sideEnd; index++) if (RAW_HTML.test((units[index] as MarkdownUnit).exact)) return true;
  return false;
}
