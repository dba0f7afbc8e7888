// The check for an ExportError, apart from the class: the editor's commands (dist/lazyCommands.js) ask it about an
// error thrown in dist/onDemand.js, whose class is another copy, so it goes by name and kind, not instanceof; and
// importing it does not load the English catalogue the class needs.
import type { ExportError, ExportErrorKind } from './errors';

export function isExportError(error: unknown, kind?: ExportErrorKind): error is ExportError {
  if (!(error instanceof Error) || error.name !== 'ExportError') return false;
  return kind === undefined || (error as { kind?: unknown }).kind === kind;
}
