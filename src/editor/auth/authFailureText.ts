// A sign-in failure in the user's language: the core's ExportAuthError keeps its sentence as a function of the
// catalogue, worded here with the editor's. Anything else (a secret storage failure) says what it says.
import { describeError } from '../../core/log/redact';
import { isExportAuthError } from '../../core/oauth/isExportAuthError';
import { lazyCommands } from '../lazyCommand';

export function authFailureText(error: unknown): string {
  return isExportAuthError(error) ? error.wordedIn(lazyCommands().editorSignInMessages) : describeError(error);
}
