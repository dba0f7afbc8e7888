// The words the extension's log (Output > Wiki Publisher) says for a file's end and a send's outcome: English, as every
// log line is, and never the code a value carries in the program (`notStarted`, `existsUnproven`, `notFound`).
import type { OutcomeKind } from '../../core/publish/outcome';
import type { FileResult } from '../../core/run/runner';

export const FILE_STATE_WORDS: Record<FileResult['state'], string> = {
  published: 'published',
  failed: 'failed',
  existsUnproven: 'a page of its title exists, not proven to be its own: not linked',
  edited: 'left out by the edit guard',
  skipped: 'unchanged, not sent',
  refused: 'refused',
  notStarted: 'not started',
  // Whether it may have landed is said apart (MAY_HAVE_LANDED_WORDS): a send cancelled before its request went out did not.
  cancelled: 'cancelled while sending',
};

/**
 * Said after a file's end when its send may have reached the wiki, unless its message says so already
 * (PublishOutcome.mayHaveLandedSaid) or it was published.
 */
export function mayHaveLandedWords(result: Pick<FileResult, 'mayHaveLanded' | 'state' | 'outcome'>): string {
  return result.mayHaveLanded && result.state !== 'published' && result.outcome?.mayHaveLandedSaid !== true ? ' (may have landed)' : '';
}

export const OUTCOME_WORDS: Record<OutcomeKind, string> = {
  created: 'created',
  updated: 'updated',
  alreadyExists: 'a page of this title already exists',
  existsAfterRetry: 'a page of this title exists after a retry',
  badRequest: 'refused as a bad request',
  unauthorized: 'the API token was refused',
  licenseExpired: 'the app\'s license is inactive',
  forbidden: 'not allowed',
  notFound: 'the space or the parent page was not found',
  throttled: 'the wiki is limiting requests',
  serverError: 'the wiki failed',
  unexpected: 'an unexpected answer',
  network: 'the wiki could not be reached',
  timeout: 'no answer in time',
  cancelled: 'cancelled',
};
