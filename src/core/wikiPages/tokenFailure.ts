// Maps a failure to get the access token onto a WikiReadError, keeping the original as `details.cause` so the
// editor can still tell "sign in again" (ExportAuthError 'signedOut') from the rest.
import { describeError } from '../log/redact';
import { isExportAuthError } from '../oauth/isExportAuthError';
import type { PageRouteMessages } from '../messages/pageRouteMessages';
import { WikiReadError } from './errors';

/** `credentialName` says whose token it was (the command line's "service account token"); the export sign-in when not given. */
export function tokenFailure(error: unknown, signal: AbortSignal | undefined, credentialName?: string): WikiReadError {
  if (error instanceof WikiReadError) return error;
  if (signal?.aborted || isExportAuthError(error, 'cancelled')) return new WikiReadError('cancelled', (m) => m.cancelled(), { cause: error });
  const transient = isExportAuthError(error) && error.retryable;
  return new WikiReadError(transient ? 'network' : 'unauthorized', (m: PageRouteMessages) =>
    m.credentialUnusable(credentialName ?? m.exportSignIn(), isExportAuthError(error) ? error.wordedIn(m) : describeError(error)), { cause: error });
}
