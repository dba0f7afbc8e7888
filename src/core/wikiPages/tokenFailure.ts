// Maps a failure to get the access token onto a WikiReadError, keeping the original as `details.cause` so the
// editor can still tell "sign in again" (ExportAuthError 'signedOut') from the rest.
import { describeError } from '../log/redact';
import { isExportAuthError } from '../oauth/errors';
import { WikiReadError } from './errors';

/** `credentialName` says whose token it was ("export sign-in", "service account token"). */
export function tokenFailure(error: unknown, signal: AbortSignal | undefined, credentialName = 'export sign-in'): WikiReadError {
  if (error instanceof WikiReadError) return error;
  if (signal?.aborted || isExportAuthError(error, 'cancelled')) return new WikiReadError('cancelled', 'Cancelled.', { cause: error });
  const transient = isExportAuthError(error) && error.retryable;
  return new WikiReadError(transient ? 'network' : 'unauthorized', `Could not use the ${credentialName}: ${describeError(error)}`, { cause: error });
}
