// A sign-in failure in the user's language: the core's ExportAuthError keeps its sentence as a function of the
// catalogue, worded here with the editor's. Anything else (a secret storage failure) says what it says.
// The catalogue is asked for only when a sign-in failure is worded: start-up code passes a function that loads it
// with the lazy commands (extension.ts), so the start-up bundle does not carry it.
import { describeError } from '../../core/log/redact';
import type { SignInMessages } from '../../core/messages/signInMessages';
import { isExportAuthError } from '../../core/oauth/isExportAuthError';

export function authFailureText(error: unknown, signInMessages: () => SignInMessages): string {
  return isExportAuthError(error) ? error.wordedIn(signInMessages()) : describeError(error);
}
