// Maps a failure to get the export session's access token onto an ExportError. The original stays in
// `details.cause`, so the editor can still offer "Sign In Again" for ExportAuthError 'signedOut'.
import { describeError } from '../log/redact';
import type { ExportAuthErrorKind } from '../oauth/authErrorKind';
import { isExportAuthError } from '../oauth/isExportAuthError';
import { ExportError, type ExportErrorKind } from './errors';

const KIND_FOR: Partial<Record<ExportAuthErrorKind, ExportErrorKind>> = {
  cancelled: 'cancelled',
  busy: 'network',
  network: 'network',
  rateLimited: 'rateLimited',
  serverError: 'server',
  protocol: 'protocol',
  invalidClient: 'config',
  config: 'config',
};

export function tokenFailure(error: unknown, signal: AbortSignal | undefined): ExportError {
  if (error instanceof ExportError) return error;
  if (signal?.aborted) return new ExportError('cancelled', (m) => m.cancelled(), { cause: error });
  // notSignedIn, signedOut, invalidGrant, storage and anything unexpected: the way out is signing in (again).
  const kind = (isExportAuthError(error) ? KIND_FOR[error.kind] : undefined) ?? 'notSignedIn';
  return new ExportError(kind, (m) => m.exportSignInUnusable(isExportAuthError(error) ? error.wordedIn(m) : describeError(error)), { cause: error });
}
