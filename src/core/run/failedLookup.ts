// What a read of the wiki that failed tells the plan, in one shape for every step that reads it (the edit guard, the
// check of the repository's recorded pages): the sentence, what went wrong after a colon, and whether the wiki refused
// the credential itself (401), which no retry of one page can help and the command line stops on.
import { englishTreeMessages, type TreeMessages } from '../messages/treeMessages';
import { isWikiReadError } from '../wikiPages/isWikiReadError';
import { readFailureText } from '../wikiPages/readFailureText';

/** The guard's verdict for a page whose lookup failed although there was page access (guard.ts, unreadOnWiki). */
export interface FailedLookupVerdict {
  kind: 'unchecked';
  reason: 'failed';
  detail: string;
  cause?: string;
  credentialRefused?: true;
  signInEnded?: true;
  /** Running again cannot help (the checking account cannot see the parent page): `cause` says what does. */
  lasting?: true;
}

/** The verdict for a read that failed with `error`; `timedOut` when the read's own deadline ended it. */
export function failedLookupVerdict(error: unknown, timedOut: boolean, messages: TreeMessages = englishTreeMessages): FailedLookupVerdict {
  // The catalogue's sentence ends with its own full stop; the failure's sentence would end with a second one.
  const said = (timedOut ? messages.guardTimedOut() : readFailureText(error, messages)).replace(/\.+$/, '');
  const refused = isWikiReadError(error, 'unauthorized') && error.details.status === 401;
  return { kind: 'unchecked', reason: 'failed', detail: messages.guardFailed(said), cause: afterColon(said), ...(refused ? { credentialRefused: true as const } : {}) };
}

/** A sentence as it reads after a colon: its first letter small, unless it starts a word in capitals ("HTTP 500"). */
function afterColon(sentence: string): string {
  return /^\p{Lu}\p{Ll}/u.test(sentence) ? `${sentence.charAt(0).toLocaleLowerCase()}${sentence.slice(1)}` : sentence;
}
