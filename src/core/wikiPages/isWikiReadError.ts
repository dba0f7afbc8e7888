// The check for a WikiReadError, apart from the class: the editor's commands (dist/lazyCommands.js) ask it about an
// error thrown in dist/onDemand.js, whose class is another copy, so it goes by name and kind, not instanceof; and
// importing it does not load the English catalogue the class needs.
import type { WikiReadError, WikiReadErrorKind } from './errors';

export function isWikiReadError(error: unknown, kind?: WikiReadErrorKind): error is WikiReadError {
  if (!(error instanceof Error) || error.name !== 'WikiReadError') return false;
  return kind === undefined || (error as { kind?: unknown }).kind === kind;
}
