// What a three-way merge of Markdown compares. The export turns the wiki's page back into Markdown in its own style
// (other bullet markers, `_em_` for `*em*`, escapes, blank lines), so lines are compared by a key that leaves those
// differences out, while the merge keeps each side's own text. A unit is one line and the blank lines after it:
// blank lines differ between styles, so no comparison of lines sees them; where they change the blocks (a paragraph
// ended, a list made loose), blankLineChanges.ts finds them. A blank line inside fenced code is a unit of its own.

import { scanMarkdown } from '../markdown/scan';

export interface MarkdownUnit {
  /**
   * What the merge compares between the file and an export: read it with keyOf. Made when first asked for, since a
   * merge compares most units by `exact` alone (two units written alike have one key) and needs few keys.
   */
  key: string | undefined;
  /**
   * What it compares between two exports (the base and the wiki's page now): the line as written, trailing spaces
   * aside. The export writes an unchanged line the same way each time, so there the key's leniency would only hide a
   * colleague's change (a nested list item, a renumbered one, an escape, `_` made `*`). A hard break written with two
   * spaces is written here as a backslash (spacesBreakOf): the spaces are trimmed, the break is not, so a break added or
   * taken away is a change of the line, whichever way it is written.
   */
  exact: string;
  /** The text as written, its line ending and following blank lines included. */
  text: string;
  /** A line of a fenced code block: its key is `exact`, not lineKey's. */
  code: boolean;
}

/** The unit's key (MarkdownUnit.key), made once. */
export function keyOf(unit: MarkdownUnit): string {
  if (unit.key === undefined) unit.key = lineKey(unit.exact);
  return unit.key;
}

/** Whether two units compare equal by key: units written alike (outside code, or both inside) have one key. */
export function sameKey(a: MarkdownUnit, b: MarkdownUnit): boolean {
  return (a.exact === b.exact && a.code === b.code) || keyOf(a) === keyOf(b);
}

const BULLET = /^[*+-](?=\s)/;
const ORDERED = /^\d{1,9}[.)](?=\s)/;
const ESCAPED = /\\([!-/:-@[-`{-~])/g;

/** Splits Markdown into units. Concatenating the units' texts gives the text back exactly. */
export function markdownUnits(text: string): MarkdownUnit[] {
  const units: MarkdownUnit[] = [];
  const code = fencedCodeLines(text);
  let region = 0;
  let start = 0;
  let current: MarkdownUnit | undefined;
  while (start < text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline + 1;
    const line = text.slice(start, end);
    const lineStart = start;
    start = end;
    const body = line.trimEnd();
    while (region < code.length && (code[region] as CodeLines).end < lineStart) region++;
    const inFence = code[region];
    if (inFence !== undefined && inFence.start <= lineStart) {
      const exact = `\u0000${body}`;
      const unit: MarkdownUnit = { key: exact, exact, text: line, code: true };
      units.push(unit);
      // Blank lines inside code are text of their own; after the fence's last line they join it, as anywhere else.
      current = end > inFence.end ? unit : undefined;
      continue;
    }
    if (body === '' && current) {
      current.text += line;
      continue;
    }
    const exact = spacesBreakOf(line, text, end) ? `${body}\\` : body;
    units.push((current = { key: body === '' ? '' : undefined, exact, text: line, code: false }));
  }
  return units;
}

/**
 * Whether the line (`end`: where the next one starts in `text`) ends in a hard break written as two or more spaces: a
 * line with text whose next line goes on (not blank, not the end), since at a paragraph's end the spaces break nothing.
 */
function spacesBreakOf(line: string, text: string, end: number): boolean {
  if (!/ {2}\r?\n$/.test(line) || line.trim() === '' || end >= text.length) return false;
  const next = text.indexOf('\n', end);
  return text.slice(end, next === -1 ? text.length : next).trim() !== '';
}

/** The lines of a fenced code block after its opening line, its closing line included: from `start` to `end`. */
interface CodeLines { start: number; end: number }

/**
 * Where the text's fenced code is, as the scanner reads it (CommonMark 4.5): a fence in a list item or a block quote
 * too, and a line is a closing fence only at most three spaces in from its container (a ``` line indented four is code).
 */
function fencedCodeLines(text: string): CodeLines[] {
  if (!text.includes('```') && !text.includes('~~~')) return [];
  const lines: CodeLines[] = [];
  for (const fence of scanMarkdown(text).fences) {
    const opening = text.indexOf('\n', fence.marker);
    if (opening !== -1 && opening < fence.end) lines.push({ start: opening + 1, end: fence.end });
  }
  return lines;
}

/**
 * A line outside code as the merge compares it: indentation, bullet markers, list numbers, backslash escapes, the
 * choice of `_` or `*` for emphasis and the way a hard line break is written do not count.
 */
export function lineKey(body: string): string {
  let key = body.trim();
  if (key.includes('\\')) key = withoutHardBreak(key).replace(ESCAPED, '$1');
  const first = key.charCodeAt(0);
  if (first >= 48 && first <= 57) key = key.replace(ORDERED, '1.');
  else key = key.replace(BULLET, '-');
  return key.includes('_') ? key.replaceAll('_', '*') : key;
}

/**
 * The line without the backslash that ends it as a hard line break. The export writes a break the file writes with
 * two trailing spaces (which the unit's `exact` leaves out) as a backslash: one line, in two styles.
 */
function withoutHardBreak(line: string): string {
  return hardBreakOf(line) ? line.slice(0, -1).trimEnd() : line;
}

/**
 * Whether the line ends with a backslash that breaks it (an odd run of them: `\\\\` is an escaped backslash). Read on
 * a unit's `exact`, a break written with two spaces too.
 */
export function hardBreakOf(line: string): boolean {
  let run = 0;
  while (run < line.length && line.charCodeAt(line.length - 1 - run) === 92) run++;
  return run % 2 === 1;
}

/** What lineKey leaves out, one bit each (hiddenChanges). */
export const HIDDEN_INDENT = 1;
export const HIDDEN_MARKER = 2;
export const HIDDEN_ESCAPES = 4;
export const HIDDEN_EMPHASIS = 8;
export const HIDDEN_BREAK = 16;

/**
 * Which of the differences lineKey leaves out a line's change made: its indentation (a list item nested or taken
 * out), its bullet or number, its backslash escapes, its `_` and `*`, a backslash hard break added or taken away.
 * Both lines are one side's, in that side's own style (the file's, or the export's), so a difference here is that
 * side's change, never the other side's style.
 */
export function hiddenChanges(before: string, after: string): number {
  let changes = 0;
  if (indentOf(before) !== indentOf(after)) changes |= HIDDEN_INDENT;
  if (markerOf(before) !== markerOf(after)) changes |= HIDDEN_MARKER;
  if (escapesOf(before) !== escapesOf(after)) changes |= HIDDEN_ESCAPES;
  if (emphasisOf(before) !== emphasisOf(after)) changes |= HIDDEN_EMPHASIS;
  if (hardBreakOf(before) !== hardBreakOf(after)) changes |= HIDDEN_BREAK;
  return changes;
}

/** How far a line is indented (a nested list item, or not nested). */
export function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

function markerOf(line: string): string {
  const body = line.trimStart();
  return (BULLET.exec(body) ?? ORDERED.exec(body))?.[0] ?? '';
}

function escapesOf(line: string): string {
  return line.includes('\\') ? (line.match(ESCAPED) ?? []).join('') : '';
}

/** The line's `_` and `*` in order, its escaped ones and its bullet aside. */
function emphasisOf(line: string): string {
  const body = line.trimStart();
  const text = body.slice(markerOf(body).length);
  return (text.includes('\\') ? text.replace(ESCAPED, '') : text).replace(/[^_*]+/g, '');
}
