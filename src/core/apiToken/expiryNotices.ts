// Decides the one notification when a token enters its warning window and the one when it expires.
// Keys name a token by a short hash, never the token itself, so the editor can keep them in
// globalState across restarts and windows without storing a secret.
import type { TokenExpiryState } from './expiry';
import { formatRemaining, formatUtc } from './timeText';
import type { TokenMessages } from '../messages/tokenMessages';

export type ExpiryNoticeKind = 'warning' | 'expired';

export interface ExpiryNotice {
  /** Remember this key once shown; noticeDue never returns a notice whose key is in alreadyShown. */
  key: string;
  kind: ExpiryNoticeKind;
  message: string;
}

/** The first 16 hex digits of the token's SHA-256: enough to tell tokens apart, useless to an attacker. */
export function apiTokenFingerprint(token: string): string {
  // Required here rather than at the top: node:crypto pulls in the stream modules, and this module is part of
  // the start-up bundle, whose activation should not pay for them.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createHash } = require('node:crypto') as typeof import('node:crypto');
  return createHash('sha256').update(token.trim()).digest('hex').slice(0, 16);
}

/**
 * The notice to show now, if any. A token first seen inside its warning window still gets its warning;
 * one first seen already expired gets only the expiry notice (a warning would be stale).
 */
export function noticeDue(
  state: TokenExpiryState,
  tokenFingerprint: string,
  alreadyShown: ReadonlySet<string>,
  messages: TokenMessages,
): ExpiryNotice | undefined {
  if (state.kind !== 'warning' && state.kind !== 'expired') return undefined;
  const key = `apiToken.${state.kind}.${tokenFingerprint}`;
  if (alreadyShown.has(key)) return undefined;
  const message =
    state.kind === 'warning'
      ? messages.expiryWarning(formatRemaining(state.remainingMs, messages), formatUtc(state.expiresAt, messages))
      : messages.expiryNotice(formatUtc(state.expiresAt, messages));
  return { key, kind: state.kind, message };
}

/** The remembered keys after showing `key`, capped so globalState does not grow without end. */
export function rememberNotice(alreadyShown: readonly string[], key: string, limit = 20): string[] {
  return [...alreadyShown.filter((shown) => shown !== key), key].slice(-limit);
}
