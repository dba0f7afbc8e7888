// Every way the export sign-in can fail, as one error type with a `kind` the editor switches on to pick a
// message and actions. Messages never contain a token: they are built from fixed text and pass redact().
import { redact } from '../log/redact';

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
  | 'config';

const RETRYABLE: ReadonlySet<ExportAuthErrorKind> = new Set(['busy', 'network', 'rateLimited', 'serverError']);

export class ExportAuthError extends Error {
  readonly retryable: boolean;

  constructor(
    readonly kind: ExportAuthErrorKind,
    message: string,
    readonly details: { status?: number; retryAfterMs?: number } = {},
  ) {
    super(redact(message));
    this.name = 'ExportAuthError';
    this.retryable = RETRYABLE.has(kind);
  }
}

export function isExportAuthError(error: unknown, kind?: ExportAuthErrorKind): error is ExportAuthError {
  return error instanceof ExportAuthError && (kind === undefined || error.kind === kind);
}
