// What reading the wiki's page routes says when it fails (the Wiki Pages view, the edit guard, Open Wiki Page, a
// tree's lookups). It speaks of the token it used (the export sign-in, or on the command line a service account's
// or platform token, named in English there), so it holds the sign-in catalogue. A WikiReadError keeps its sentence
// as a function of this catalogue.
import { englishSignInMessages, type SignInMessages } from './signInMessages';

export interface PageRouteMessages extends SignInMessages {
  /** The token's name in the sentences below when it is the editor's sign-in. */
  exportSignIn(): string;
  noCredential(credential: string): string;
  credentialUnusable(credential: string, detail: string): string;
  wikiLeftOrigin(): string;
  wikiTimedOut(seconds: number): string;
  wikiUnreachable(detail: string): string;
  wikiRefused(credential: string, status: number): string;
  wikiRedirected(status: number, credential: string): string;
  wikiBusy(status: number): string;
  wikiStatus(status: number): string;
  wikiNotJson(): string;
  /** A page route's answer past what a read takes (transport.ts ANSWER_LIMITS), not read. */
  wikiAnswerTooLarge(megabytes: number): string;
  /** `list` is one of the list names below. */
  wikiListLoops(list: string): string;
  wikiListTooLong(list: string, maxPages: number): string;
  listOfPages(): string;
  listOfChildren(): string;
  badPaginationLink(): string;
  foreignPaginationLink(): string;
  pageListNotJson(): string;
  spaceListNotJson(): string;
  childListNotJson(): string;
  pageIncomplete(): string;
}

export const englishPageRouteMessages: PageRouteMessages = {
  ...englishSignInMessages,
  exportSignIn: () => 'export sign-in',
  noCredential: (credential) => `No ${credential} is available.`,
  credentialUnusable: (credential, detail) => `Could not use the ${credential}: ${detail}`,
  wikiLeftOrigin: () => 'A wiki address left the configured wiki origin; nothing was sent.',
  wikiTimedOut: (seconds) => `The wiki did not answer within ${seconds} s.`,
  wikiUnreachable: (detail) => `Could not reach the wiki: ${detail}`,
  wikiRefused: (credential, status) => `The wiki refused the ${credential} (HTTP ${status}).`,
  wikiRedirected: (status, credential) => `The wiki answered with a redirect (HTTP ${status}); it is not followed, so the ${credential} never leaves the wiki.`,
  wikiBusy: (status) => `The wiki is busy or failing (HTTP ${status}).`,
  wikiStatus: (status) => `The wiki answered HTTP ${status}.`,
  wikiNotJson: () => 'The wiki answered HTTP 200 with something that is not the expected JSON.',
  wikiAnswerTooLarge: (megabytes) => `The wiki's answer was larger than ${megabytes} MB, so it was not read.`,
  wikiListLoops: (list) => `The wiki's ${list} links back to a page already read.`,
  wikiListTooLong: (list, maxPages) => `The wiki's ${list} has more than ${maxPages} pages; stopped reading.`,
  listOfPages: () => 'list of pages',
  listOfChildren: () => 'list of children',
  badPaginationLink: () => 'The wiki sent a pagination link that is not a valid address.',
  foreignPaginationLink: () => 'The wiki sent a pagination link to another site; it was not followed.',
  pageListNotJson: () => 'The wiki answered with a list of pages that is not the expected JSON.',
  spaceListNotJson: () => 'The wiki answered with a list of spaces that is not the expected JSON.',
  childListNotJson: () => 'The wiki answered with a list of children that is not the expected JSON.',
  pageIncomplete: () => 'The wiki answered with a page that has no ID, title or version number.',
};
