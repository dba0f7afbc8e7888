// A file published on its own or in a flat selection may take its page from the repository's .wiki-pages.json
// (tree/repositoryLinks.ts): a teammate's clone, a CI runner. A pull request controls that file, so before such a link is
// used the edit guard reads every recorded page it relies on (the file's own, and each folder's up to the top) and
// refuses the file when one is not what the record says: in another space than the tree's parent page, titled
// otherwise, or under another parent than the manifest's shape gives it. Without page access the link is never used
// unchecked: the file is refused with what would let the check run. One step of the guard, for every front end.
import { englishTreeMessages, type TreeMessages } from '../messages/treeMessages';
import { manifestFileOf } from '../messages/recordMessages';
import { linkNames, type RecordedStep } from '../links/pageLink';
import type { WikiPage, WikiPagesClient } from '../wikiPages';
import { failedLookupVerdict } from './failedLookup';
import { refuseItem } from './plan';
import type { PlanItem } from './planItem';

export interface RecordedLinkCheckOptions {
  pages: WikiPagesClient | undefined;
  signal?: AbortSignal;
  messages?: TreeMessages;
}

/** Refuses the items whose link relies on a recorded page the wiki does not confirm (or cannot, without page access). */
export async function checkRecordedLinks(items: readonly PlanItem[], options: RecordedLinkCheckOptions): Promise<void> {
  const messages = options.messages ?? englishTreeMessages;
  const relying = items.filter((item) => (item.state === 'send' || item.state === 'edited') && item.link?.recorded !== undefined && item.complete !== undefined && linkNames(item.link, item.complete));
  if (relying.length === 0) return;
  if (options.pages === undefined) {
    for (const item of relying) {
      const own = (item.link?.recorded as readonly RecordedStep[])[0] as RecordedStep;
      refuseItem(item, { code: 'noPageAccess', message: messages.entryUnchecked(own.at, own.key, own.id), fix: undefined });
    }
    return;
  }
  const ids = new Set<string>();
  for (const item of relying) {
    for (const step of item.link?.recorded ?? []) {
      ids.add(step.id);
      ids.add(step.parentId);
    }
  }
  let read: Map<string, WikiPage>;
  try {
    read = await options.pages.getPages([...ids], options.signal);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const unread = failedLookupVerdict(error, false, messages);
    for (const item of relying) {
      const own = (item.link?.recorded as readonly RecordedStep[])[0] as RecordedStep;
      refuseItem(item, { code: 'recordedEntry', message: messages.entriesUnreadable(manifestFileOf(own.at), unread.cause ?? unread.detail), fix: undefined });
      // As a page whose lookup failed: a credential the wiki refused stops the command line, the digest is files only.
      item.guard = unread;
    }
    return;
  }
  // The pages the refused ones are under now, for their titles: one more request, only when some page moved.
  const elsewhere = new Set<string>();
  for (const item of relying) {
    for (const step of item.link?.recorded ?? []) {
      const parentId = read.get(step.id)?.parentId;
      if (parentId !== undefined && parentId !== step.parentId && !read.has(parentId)) elsewhere.add(parentId);
    }
  }
  if (elsewhere.size > 0) {
    const found = await options.pages.getPages([...elsewhere], options.signal).catch((error: unknown) => {
      if (options.signal?.aborted) throw error;
      return new Map<string, WikiPage>();
    });
    for (const [id, page] of found) read.set(id, page);
  }
  for (const item of relying) {
    const refusal = chainRefusal(item.link?.recorded ?? [], read, messages);
    if (refusal !== undefined) refuseItem(item, { code: 'recordedEntry', message: refusal, fix: undefined });
  }
}

/**
 * Why the chain is not what the wiki holds: the topmost step that fails, so the message names the entry to fix (a folder
 * whose entry fails refuses everything below it). A page the wiki does not have fails nothing here: the guard then finds
 * the file's own page deleted and creates it anew, and a missing folder page is the import's own 404.
 */
function chainRefusal(chain: readonly RecordedStep[], read: ReadonlyMap<string, WikiPage>, messages: TreeMessages): string | undefined {
  const top = chain[chain.length - 1];
  // The tree's parent page decides the space: every page of the tree is below it.
  const space = top === undefined ? undefined : read.get(top.parentId)?.spaceId;
  for (let index = chain.length - 1; index >= 0; index--) {
    const step = chain[index] as RecordedStep;
    const page = read.get(step.id);
    if (page === undefined) continue;
    const parent = read.get(step.parentId);
    let reason: string | undefined;
    if (space !== undefined && page.spaceId !== undefined && page.spaceId !== space) reason = messages.entryInOtherSpace(page.spaceId);
    else if (page.title !== step.title) reason = messages.entryTitledOtherwise(page.title, step.title);
    else if (page.parentId !== undefined && page.parentId !== step.parentId && parent !== undefined) reason = messages.entryUnderOtherParent(page.parentId, read.get(page.parentId)?.title, step.parentId, parent.title);
    if (reason !== undefined) return messages.entryRefused(step.at, step.key, step.id, reason);
  }
  return undefined;
}
