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
  | 'config'
  /**
   * This window may not refresh (it runs on the remote side of a remote window, away from the secret storage
   * and the lock the local windows share) and the stored access token has run out. Not retryable here.
   */
  | 'refreshUnavailable';

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

export function notSignedIn(): ExportAuthError {
  return new ExportAuthError('notSignedIn', 'You are not signed in to the export API.');
}

export function signedOut(): ExportAuthError {
  return new ExportAuthError('signedOut', 'Your export API sign-in has expired or was revoked. Sign in again.');
}

/** The refresh lock was taken over by another process (it judged this one dead) while this one held it. */
export function lockLost(): ExportAuthError {
  return new ExportAuthError('busy', 'The refresh lock was lost to another window; nothing was changed. Try again.');
}

/** This window's store still shows another refresh token than the last lock holder stored. */
export function staleView(): ExportAuthError {
  return new ExportAuthError('busy', 'This window has not yet received the export session another window stored. Try again in a moment.');
}

/** A secret-storage call made while holding the refresh lock did not finish before the lock's hold deadline. */
export function storageTimeout(what: string, budgetMs: number): ExportAuthError {
  return new ExportAuthError('busy', `The secret storage did not ${what} within ${budgetMs} ms while this window held the refresh lock; the lock was released. Try again.`);
}

/** This window cannot prove it still holds the refresh lock (it may have been paused past the stale timeout). */
export function lockUnproven(): ExportAuthError {
  return new ExportAuthError('busy', 'This window could not prove it still holds the refresh lock (was it paused?), so the refresh token was not sent. Try again.');
}

/** The access token ran out in a window that may not refresh (spec 5.2 needs the shared lock and secret storage). */
export function refreshUnavailable(): ExportAuthError {
  return new ExportAuthError(
    'refreshUnavailable',
    'The export API access token has expired, and this window cannot refresh it: the extension runs on the remote side here, ' +
      'and refreshing works only where VS Code keeps its secrets (a local window). Open a local VS Code window to refresh the sign-in, ' +
      'or let the extension run locally (remove it from "remote.extensionKind").',
  );
}

/** Lets one caller stop waiting for a shared promise when its own signal aborts. */
export function raceWithSignal<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new ExportAuthError('cancelled', 'Cancelled.'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new ExportAuthError('cancelled', 'Cancelled.'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
