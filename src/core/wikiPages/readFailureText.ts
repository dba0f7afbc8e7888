// A failed read of the wiki in a catalogue's words: the page routes' and the sign-in's errors keep their sentences
// as functions of the catalogue; anything else says what it says. With the English catalogue it is their message.
import { describeError } from '../log/redact';
import type { PageRouteMessages } from '../messages/pageRouteMessages';
import { isExportAuthError } from '../oauth/isExportAuthError';
import { isWikiReadError } from './isWikiReadError';

export function readFailureText(error: unknown, messages: PageRouteMessages): string {
  if (isWikiReadError(error) || isExportAuthError(error)) return error.wordedIn(messages);
  return describeError(error);
}
