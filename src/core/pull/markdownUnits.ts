// What a three-way merge of Markdown compares. The export turns the wiki's page back into Markdown in its own style
// (other bullet markers, `_em_` for `*em*`, escapes, blank lines), so lines are compared by a key that leaves those
// differences out, while the merge keeps each side's own text. A unit is one line and the blank lines after it:
// blank lines differ between styles and say nothing a reader sees, except inside a fenced code block.

export interface MarkdownUnit {
  /**
   * What the merge compares between the file and an export: read it with keyOf. Made when first asked for, since a
   * merge compares most units by `exact` alone (two units written alike have one key) and needs few keys.
   */
  key: string | undefined;
  /**
   * What it compares between two exports (the base and the wiki's page now): the line as written, trailing spaces
   * aside. The export writes an unchanged line the same way each time, so there the key's leniency would only hide a
   * colleague's change (a nested list item, a renumbered one, an escape, `_` made `*`).
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

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const BULLET = /^[*+-](?=\s)/;
const ORDERED = /^\d{1,9}[.)](?=\s)/;
const ESCAPED = /\\([!-/:-@[-`{-~])/g;

/** A fence that is open: its character and length (a closing fence repeats it at least as long). */
interface OpenFence { char: string; length: number }

/** Splits Markdown into units. Concatenating the units' texts gives the text back exactly. */
export function markdownUnits(text: string): MarkdownUnit[] {
  const units: MarkdownUnit[] = [];
  let fence: OpenFence | undefined;
  let start = 0;
  let current: MarkdownUnit | undefined;
  while (start < text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline + 1;
    const line = text.slice(start, end);
    start = end;
    const body = line.trimEnd();
    if (fence) {
      const exact = `\u0000${body}`;
      const unit: MarkdownUnit = { key: exact, exact, text: line, code: true };
      units.push(unit);
      // Blank lines inside code are text of their own; after the closing fence they join it, as anywhere else.
      const closed = closesFence(body, fence);
      current = closed ? unit : undefined;
      if (closed) fence = undefined;
      continue;
    }
    if (body === '' && current) {
      current.text += line;
      continue;
    }
    const opened = mayOpenFence(body) ? FENCE.exec(body) : null;
    if (opened?.[1]) fence = { char: opened[1][0] ?? '`', length: opened[1].length };
    units.push((current = { key: body === '' ? '' : undefined, exact: body, text: line, code: false }));
  }
  return units;
}

/** A cheap look before the regular expression: a fence starts with up to three spaces, then ` or ~. */
function mayOpenFence(body: string): boolean {
  const first = body.charCodeAt(0);
  return first === 96 || first === 126 || first === 32;
}

function closesFence(body: string, fence: OpenFence): boolean {
  const trimmed = body.trim();
  if (trimmed.length < fence.length) return false;
  // Every character the fence's own, looked at in place: a repeated copy for each line of code cost an allocation.
  const char = fence.char.charCodeAt(0);
  for (let at = 0; at < trimmed.length; at++) if (trimmed.charCodeAt(at) !== char) return false;
  return true;
}

/**
 * A line outside code as the merge compares it: indentation, bullet markers, list numbers, backslash escapes and
 * the choice of `_` or `*` for emphasis do not count.
 */
export function lineKey(body: string): string {
  let key = body.trim();
  if (key.includes('\\')) key = key.replace(ESCAPED, '$1');
  const first = key.charCodeAt(0);
  if (first >= 48 && first <= 57) key = key.replace(ORDERED, '1.');
  else key = key.replace(BULLET, '-');
  return key.includes('_') ? key.replaceAll('_', '*') : key;
}
