// A parent the account that checks wiki edits cannot see. The wiki answers 404 for a page hidden from that account
// (a space it may not view) as for one that is gone, and such a parent's children list is no list: read as "no
// page with this title there", an overwrite went out as a create the guard had checked, while the import, which acts
// as the import token's owner and finds a page by title and parent, replaced a page the guard never saw (a
// colleague's edit lost, the run saying "wiki checked"). security.md: a page the guard cannot see is never overwritten.
import { englishTreeMessages, type TreeMessages } from '../messages/treeMessages';
import type { FailedLookupVerdict } from './failedLookup';

/**
 * The verdict for a file under a parent the checking account cannot see: a lookup that could not check, as one that
 * failed. An update or overwrite is held back (unreadOnWiki), and sent unchecked only by the user's choice to overwrite
 * edited pages; a create is sent, since the import refuses to replace a page, and its record says it was not checked.
 */
export function unseenParentVerdict(parentId: string, messages: TreeMessages = englishTreeMessages): FailedLookupVerdict {
  const cause = messages.guardParentUnseen(parentId);
  return { kind: 'unchecked', reason: 'failed', detail: `${cause.charAt(0).toLocaleUpperCase()}${cause.slice(1)}.`, cause, lasting: true };
}
