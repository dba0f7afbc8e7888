// How times are written for people: a remaining duration in its largest whole unit, and an exact
// instant as an unambiguous UTC string (the wiki and the user may be in different time zones).
// The words come from the caller's catalogue, with no English default: the editor's start-up bundle carries only its own.
import type { TokenMessages } from '../messages/tokenMessages';

const SECOND_MS = 1_000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** A unit formatRemaining counts in, and the next smaller one, whose precision decides when the unit is reached. */
export interface DisplayUnit {
  ms: number;
  name: 'day' | 'hour' | 'minute';
  finerMs: number;
}

/** The units formatRemaining uses, largest first. */
export const DISPLAY_UNITS: readonly DisplayUnit[] = [
  { ms: DAY_MS, name: 'day', finerMs: HOUR_MS },
  { ms: HOUR_MS, name: 'hour', finerMs: MINUTE_MS },
  { ms: MINUTE_MS, name: 'minute', finerMs: SECOND_MS },
];

/**
 * What formatRemaining shows for a duration: the largest unit the duration reaches when rounded to the next smaller
 * unit, counted to the nearest whole one. Rounding, not flooring: a 30-day token stored a few seconds after it was
 * made has 29 days 23 hours 59 minutes left, which a person calls "30 days"; 23 hours 40 minutes is "1 day".
 */
export function displayCount(ms: number): { unit: DisplayUnit; count: number } | undefined {
  for (const unit of DISPLAY_UNITS) {
    if (reachesUnit(ms, unit)) return { unit, count: Math.round(ms / unit.ms) };
  }
  return undefined;
}

/** The least duration that still shows in `unit`: half a finer unit short of one whole unit. */
export function unitThresholdMs(unit: DisplayUnit): number {
  return unit.ms - unit.finerMs / 2;
}

function reachesUnit(ms: number, unit: DisplayUnit): boolean {
  return ms >= unitThresholdMs(unit);
}

/** "12 days", "1 day", "5 hours", "1 hour", "14 minutes" or "less than a minute" (rounded, see displayCount). */
export function formatRemaining(ms: number, messages: TokenMessages): string {
  const shown = displayCount(ms);
  if (!shown) return messages.underAMinute();
  switch (shown.unit.name) {
    case 'day': return messages.days(shown.count);
    case 'hour': return messages.hours(shown.count);
    case 'minute': return messages.minutes(shown.count);
  }
}

/** "2026-12-03 12:00:00 UTC": ISO 8601 without the milliseconds, readable and time-zone free. */
export function formatUtc(epochMs: number, messages: TokenMessages): string {
  const date = new Date(epochMs);
  if (Number.isNaN(date.getTime())) return messages.unknownTime();
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
