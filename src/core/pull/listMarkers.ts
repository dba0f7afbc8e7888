// A colleague's list item arrives with the marker of the file's list it lands in (see withListMarkerOf).
import { keyOf, type MarkdownUnit } from './markdownUnits';
import type { Range } from './hunks';

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
 * in the middle), on GitHub and on the wiki alike. The list is the item it replaces, else the nearest item of its kind
 * (bullet or ordered) at its indentation before, else after it in the file, else in `around` (the file's base around the change, for a conflict
 * whose file side holds no such item); its number is the wiki's.
 */
export function withListMarkerOf(
  unit: MarkdownUnit, replaced: MarkdownUnit | undefined, ourUnits: readonly MarkdownUnit[], ourRange: Range,
  around?: { units: readonly MarkdownUnit[]; range: Range },
): string {
  const item = listItem(unit);
  if (!item) return unit.text;
  const indent = (item[1] as string).length;
  // An item of the other kind (ordered for a bullet) is in another list, whichever bullet it has: a change of kind
  // starts a new list (CommonMark 5.3), so the search goes on the other way for one of the item's own kind.
  const ofKind = (found: RegExpExecArray | undefined): RegExpExecArray | undefined => (found && (found[2] === undefined) === (item[2] === undefined) ? found : undefined);
  const nearest = (units: readonly MarkdownUnit[], range: Range): RegExpExecArray | undefined =>
    ofKind(nearestItem(units, range.start - 1, -1, indent)) ?? ofKind(nearestItem(units, range.end, 1, indent));
  const model = ofKind(sameList(replaced, indent)) ?? nearest(ourUnits, ourRange) ?? (around && nearest(around.units, around.range));
  if (!model) return unit.text;
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

export function inCode(unit: MarkdownUnit | undefined): boolean {
  return unit !== undefined && keyOf(unit).charCodeAt(0) === 0;
}
