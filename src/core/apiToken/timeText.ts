// How times are written for people: a remaining duration in its largest whole unit, and an exact
// instant as an unambiguous UTC string (the wiki and the user may be in different time zones).
// The words come from the caller's catalogue, with no English default: the editor's start-up bundle carries only its own.
import type { TokenMessages } from '../messages/tokenMessages';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** The units formatRemaining uses, largest first. */
export const DISPLAY_UNITS_MS: readonly number[] = [DAY_MS, HOUR_MS, MINUTE_MS];

/** "12 days", "1 day", "5 hours", "1 hour", "14 minutes" or "less than a minute" (floored). */
export function formatRemaining(ms: number, messages: TokenMessages): string {
  if (ms >= DAY_MS) return messages.days(Math.floor(ms / DAY_MS));
  if (ms >= HOUR_MS) return messages.hours(Math.floor(ms / HOUR_MS));
  if (ms >= MINUTE_MS) return messages.minutes(Math.floor(ms / MINUTE_MS));
  return messages.underAMinute();
}

/** "2026-12-03 12:00:00 UTC": ISO 8601 without the milliseconds, readable and time-zone free. */
export function formatUtc(epochMs: number, messages: TokenMessages): string {
  const date = new Date(epochMs);
  if (Number.isNaN(date.getTime())) return messages.unknownTime();
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
