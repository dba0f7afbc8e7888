// Writing units (markdownUnits.ts) back as text: one line never runs into the next, and a unit's blank lines (its
// tail) can be taken from another unit, the side whose spacing is kept.
import type { MarkdownUnit } from './markdownUnits';

/** A last line without a line ending gets one once anything follows it, so two lines never run together. */
export function pushText(out: string[], text: string): void {
  const last = out.length - 1;
  if (last >= 0 && !(out[last] as string).endsWith('\n')) out[last] += '\n';
  out.push(text);
}

export function pushTexts(out: string[], units: readonly MarkdownUnit[], start: number, end: number): void {
  for (let index = start; index < end; index++) pushText(out, (units[index] as MarkdownUnit).text);
}

export function joinTexts(units: readonly MarkdownUnit[], start: number, end: number): string {
  const out: string[] = [];
  pushTexts(out, units, start, end);
  return out.join('');
}

/** The blank lines that end a unit's text (after its last line ending). */
export function blankTail(text: string): string {
  const match = /\n((?:[ \t]*\n)*)$/.exec(text);
  return match?.[1] ?? '';
}

/** `text` with its own blank tail replaced by the one `source` ends with. */
export function withTailOf(text: string, source: string): string {
  const own = blankTail(text);
  const kept = text.slice(0, text.length - own.length);
  const tail = blankTail(source);
  // The file's last line, without a line ending, needs one before the blank lines, or they are one line short.
  return tail !== '' && !kept.endsWith('\n') ? `${kept}\n${tail}` : kept + tail;
}

/** The last text pushed, its blank tail replaced by the one `source` ends with (when anything was pushed). */
export function retailLast(out: string[], source: MarkdownUnit | undefined): void {
  if (source && out.length > 0) out[out.length - 1] = withTailOf(out[out.length - 1] as string, source.text);
}

/**
 * The text of a unit that replaced `replaced` one for one, with `replaced`'s blank lines after it (the side's spacing
 * around a line it kept). Not where either is a line of code: there a blank line is a unit of its own, never a tail,
 * so a line that left or entered a code block (its fence added or taken away) keeps the blank lines it has. A unit
 * of `respaced` (blankLineChanges.ts) changed only its blank lines: `replaced`'s own line, with the unit's.
 */
export function withSpacingOf(text: string, unit: MarkdownUnit, replaced: MarkdownUnit, respaced?: ReadonlySet<MarkdownUnit>): string {
  if (respaced?.has(unit) === true) return withTailOf(replaced.text, unit.text);
  return unit.code || replaced.code ? text : withTailOf(text, replaced.text);
}
