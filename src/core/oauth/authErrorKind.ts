// The export sign-in's failure kinds and the check for them, apart from the error class: the start-up path (the
// editor's session service) asks which kind a failure is without loading the sign-in catalogue. The check goes by
// name and kind, not instanceof: the error may come from the other bundle (dist/onDemand.js), whose class differs.
import type { ExportAuthError } from './errors';

export type ExportAuthErrorKind =
  /** No session is stored: the user has not signed in (or signed out). */
  | 'notSignedIn'
  /** The refresh chain is dead (invalid_grant with no newer token stored); the user must sign in again. */
  | 'signedOut'
  /** The token endpoint answered invalid_grant (used inside the core before it decides on `signedOut`). */
  | 'invalidGrant'
  /** The client ID or secret was rejected. */
  | 'invalidClient'
  /** Another window holds the refresh lock for too long. Retryable. */
  | 'busy'
  /** The network failed, the deadline passed, or the server is rate limiting or failing. Retryable. */
  | 'network'
  | 'rateLimited'
  | 'serverError'
  /** The answer was not the JSON we expected (a proxy's HTML page, an empty body). */
  | 'protocol'
  /** The secret store refused to save the new tokens. */
  | 'storage'
  | 'cancelled'
  /** The user pressed Deny on the authorization page. */
  | 'denied'
  /** Nobody completed the authorization page within the wait limit. */
  | 'signInTimeout'
  | 'signInInProgress'
  /** Missing or unusable settings (auth URL, client ID, client secret). */
  | 'config'
  /**
   * This window may not refresh (it runs on the remote side of a remote window, away from the secret storage
   * and the lock the local windows share) and the stored access token has run out. Not retryable here.
   */
  | 'refreshUnavailable';

export function isExportAuthError(error: unknown, kind?: ExportAuthErrorKind): error is ExportAuthError {
  if (!(error instanceof Error) || error.name !== 'ExportAuthError') return false;
  return kind === undefined || (error as { kind?: unknown }).kind === kind;
}
