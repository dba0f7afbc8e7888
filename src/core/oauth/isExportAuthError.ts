// The check for an ExportAuthError, apart from the class: the start-up path (the editor's session service) asks which
// kind a failure is without loading the sign-in catalogue the class needs. It goes by name and kind, not instanceof:
// the error may come from the other bundle (dist/onDemand.js), whose class differs.
import type { ExportAuthErrorKind } from './authErrorKind';
import type { ExportAuthError } from './errors';

export function isExportAuthError(error: unknown, kind?: ExportAuthErrorKind): error is ExportAuthError {
  if (!(error instanceof Error) || error.name !== 'ExportAuthError') return false;
  return kind === undefined || (error as { kind?: unknown }).kind === kind;
}
