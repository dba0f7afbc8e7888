// Reference labels as CommonMark matches them (4.7): case-folded, inner white space made one space, trimmed.

/** The label of `[written]` (without its brackets) as definitions and references are matched by. */
export function normalizeLabel(written: string): string {
  return written.trim().replace(/[ \t\r\n]+/g, ' ').toLowerCase().toUpperCase();
}
