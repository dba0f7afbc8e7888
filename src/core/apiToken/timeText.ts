// How times are written for people: a remaining duration in its largest whole unit, and an exact
// instant as an unambiguous UTC string (the wiki and the user may be in different time zones).

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** The units formatRemaining uses, largest first. */
export const DISPLAY_UNITS_MS: readonly number[] = [DAY_MS, HOUR_MS, MINUTE_MS];
const UNIT_NAMES = new Map<number, string>([
  [DAY_MS, 'day'],
  [HOUR_MS, 'hour'],
  [MINUTE_MS, 'minute'],
]);

/** "12 days", "1 day", "5 hours", "1 hour", "14 minutes" or "less than a minute" (floored). */
export function formatRemaining(ms: number): string {
  for (const unit of DISPLAY_UNITS_MS) {
    if (ms >= unit) {
      const count = Math.floor(ms / unit);
      const name = UNIT_NAMES.get(unit) ?? 'unit';
      return `${count} ${name}${count === 1 ? '' : 's'}`;
    }
  }
  return 'less than a minute';
}

/** "2026-12-03 12:00:00 UTC": ISO 8601 without the milliseconds, readable and time-zone free. */
export function formatUtc(epochMs: number): string {
  const date = new Date(epochMs);
  if (Number.isNaN(date.getTime())) return 'an unknown time';
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
