// Reading the wiki's page routes: its failures in the user's language (one literal vscode.l10n.t call per entry),
// typed as the core's catalogue so a missing entry does not compile.
import * as vscode from 'vscode';
import type { PageRouteMessages } from '../../core/messages/pageRouteMessages';
import { editorSignInMessages } from './signInMessages';

export const editorPageRouteMessages: PageRouteMessages = {
  ...editorSignInMessages,
  exportSignIn: () => vscode.l10n.t('export sign-in'),
  noCredential: (credential) => vscode.l10n.t('No {0} is available.', credential),
  credentialUnusable: (credential, detail) => vscode.l10n.t('Could not use the {0}: {1}', credential, detail),
  wikiLeftOrigin: () => vscode.l10n.t('A wiki address left the configured wiki origin; nothing was sent.'),
  wikiTimedOut: (seconds) => vscode.l10n.t('The wiki did not answer within {0} s.', seconds),
  wikiUnreachable: (detail) => vscode.l10n.t('Could not reach the wiki: {0}', detail),
  wikiRefused: (credential, status) => vscode.l10n.t('The wiki refused the {0} (HTTP {1}).', credential, status),
  wikiRedirected: (status, credential) => vscode.l10n.t('The wiki answered with a redirect (HTTP {0}); it is not followed, so the {1} never leaves the wiki.', status, credential),
  wikiBusy: (status) => vscode.l10n.t('The wiki is busy or failing (HTTP {0}).', status),
  wikiStatus: (status) => vscode.l10n.t('The wiki answered HTTP {0}.', status),
  wikiNotJson: () => vscode.l10n.t('The wiki answered HTTP 200 with something that is not the expected JSON.'),
  wikiAnswerTooLarge: (megabytes) => vscode.l10n.t('The wiki\'s answer was larger than {0} MB, so it was not read.', megabytes),
  wikiListLoops: (list) => vscode.l10n.t('The wiki\'s {0} links back to a page already read.', list),
  wikiListTooLong: (list, maxPages) => vscode.l10n.t('The wiki\'s {0} has more than {1} pages; stopped reading.', list, maxPages),
  listOfPages: () => vscode.l10n.t('list of pages'),
  listOfChildren: () => vscode.l10n.t('list of children'),
  badPaginationLink: () => vscode.l10n.t('The wiki sent a pagination link that is not a valid address.'),
  foreignPaginationLink: () => vscode.l10n.t('The wiki sent a pagination link to another site; it was not followed.'),
  pageListNotJson: () => vscode.l10n.t('The wiki answered with a list of pages that is not the expected JSON.'),
  spaceListNotJson: () => vscode.l10n.t('The wiki answered with a list of spaces that is not the expected JSON.'),
  childListNotJson: () => vscode.l10n.t('The wiki answered with a list of children that is not the expected JSON.'),
  pageIncomplete: () => vscode.l10n.t('The wiki answered with a page that has no ID, title or version number.'),
};
