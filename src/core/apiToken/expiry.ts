// The expiry indicator's state as a pure function of the token's claims and the time, plus when that
// state (or its text) next changes, so the editor can sleep until then instead of polling.
import { DAY_MS, displayCount, unitThresholdMs } from './timeText';
import type { ApiTokenClaims } from './validate';

export { formatRemaining } from './timeText';

/** The setting's default (package.json wikiPublisher.tokenExpiryWarningDays). */
export const DEFAULT_WARNING_DAYS = 3;

export type TokenExpiryState =
  | { kind: 'none' }
  | {
      kind: 'valid' | 'warning';
      expiresAt: number;
      remainingMs: number;
      lifetimeMs: number;
      /** Epoch ms from which the state is 'warning'; kept so the next change can be computed. */
      warningFrom: number;
    }
  | { kind: 'expired'; expiresAt: number }
  | { kind: 'unreadable' };

export interface TokenExpiryInput {
  /** undefined: no token at all; 'unreadable': a token exists but its claims do not decode. */
  claims: ApiTokenClaims | 'unreadable' | undefined;
  now: number;
  warningDays: number;
}

/**
 * Warning once less than warningDays days or less than a fifth of the token's lifetime remain: short
 * tokens (1 day) would otherwise warn from birth with nothing useful, long ones too late. Expired at exp.
 */
export function tokenExpiryState({ claims, now, warningDays }: TokenExpiryInput): TokenExpiryState {
  if (claims === undefined) return { kind: 'none' };
  if (claims === 'unreadable') return { kind: 'unreadable' };
  const expiresAt = claims.exp * 1000;
  const remainingMs = expiresAt - now;
  if (remainingMs <= 0) return { kind: 'expired', expiresAt };
  const lifetimeMs = Math.max(0, expiresAt - claims.iat * 1000);
  const thresholdMs = Math.max(sanitizeWarningDays(warningDays) * DAY_MS, lifetimeMs / 5);
  const warningFrom = expiresAt - thresholdMs;
  const kind = remainingMs < thresholdMs ? 'warning' : 'valid';
  return { kind, expiresAt, remainingMs, lifetimeMs, warningFrom };
}

/**
 * Milliseconds from now until the indicator would look different: the remaining time crossing a unit
 * boundary ("2 days" -> "1 day" -> "23 hours", rounded as formatRemaining rounds), the warning threshold, or expiry. undefined when
 * nothing changes by the passage of time alone (no token, unreadable, already expired).
 */
export function msUntilNextChange(state: TokenExpiryState, now: number): number | undefined {
  if (state.kind !== 'valid' && state.kind !== 'warning') return undefined;
  const remaining = state.expiresAt - now;
  if (remaining <= 0) return 0;
  // Expired when remaining reaches 0.
  const candidates = [Math.ceil(remaining)];
  // The warning starts once remaining < threshold, i.e. strictly after warningFrom.
  if (now <= state.warningFrom) candidates.push(Math.floor(state.warningFrom - now) + 1);
  // The shown count changes once remaining drops below the least duration that still rounds to it in its unit.
  const shown = displayCount(remaining);
  if (shown !== undefined) {
    const lowest = Math.max((shown.count - 0.5) * shown.unit.ms, unitThresholdMs(shown.unit));
    candidates.push(Math.floor(remaining - lowest) + 1);
  }
  return Math.max(1, Math.min(...candidates));
}

function sanitizeWarningDays(warningDays: number): number {
  return Number.isFinite(warningDays) && warningDays >= 0 ? warningDays : DEFAULT_WARNING_DAYS;
}
