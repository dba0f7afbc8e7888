// Why a file is refused whose record names a page the wiki does not show is its own (another file's notice on it, or
// no version with this file's), in the words of where that record is written: the repository's .wiki-pages.json by its
// entry's line, as a tree says it (tree/recordedEntries.ts), so that the user edits the file that holds it; else the
// --state file the command line was given, or the link this machine keeps.
import type { TreeMessages } from '../messages/treeMessages';
import type { Blocker } from '../publish/preflight';
import type { WikiPage } from '../wikiPages';
import type { PlanItem } from './planItem';

/** `why`: the page's notice names another file, or nothing on the wiki confirms the record (pageOwnership.ts). */
export function recordRefusal(item: Pick<PlanItem, 'link'>, page: Pick<WikiPage, 'id' | 'title'>, why: 'anotherFile' | 'unconfirmed', messages: TreeMessages): Blocker {
  const entry = item.link?.recorded?.[0];
  const message = entry !== undefined && entry.id === page.id
    ? messages.entryRefused(entry.at, entry.key, entry.id, why === 'anotherFile' ? messages.entryOfAnotherFile() : messages.entryNotConfirmed())
    : why === 'anotherFile' ? messages.recordOfAnotherFile(page.id, page.title) : messages.recordUnconfirmed(page.id, page.title);
  return { code: 'recordedEntry', message, fix: undefined };
}
