// A file that did not change since this machine last sent it is left alone by the plan ('unchanged'), and the plan
// alone cannot tell what became of its page: a colleague may have deleted or edited it, or a teammate's or CI's publish
// of a newer text may be there. So, with page access, the pages of unchanged files are read too, in bulk (the
// platform's page list takes up to 250 IDs a request, bodies included), and the wiki decides as for any file
// (guard.ts): a page gone is sent anew, one changed since is held back and said, one holding another publish of the
// file is sent, one as this tool left it stays alone. A tree looks at all its unchanged pages before its first level
// (goneTreePages.ts), so its levels need not. A read that fails leaves its files as they are.
import type { GuardOptions } from './guard';
import { guardPlan } from './guard';
import type { PlanItem } from './planItem';

export interface RecordedPageOf {
  item: PlanItem;
  /** The page the file is known to publish to (the repository's record, or this machine's link). */
  pageId: string | undefined;
}

/**
 * Decides the unchanged files among `entries` from the wiki, and returns those now to be sent (gone from the wiki, or
 * holding another publish). Rejects only when the run's signal aborts.
 */
export async function sendGonePages(entries: Iterable<RecordedPageOf>, options: GuardOptions): Promise<PlanItem[]> {
  if (!options.pages) return [];
  const unchanged: PlanItem[] = [];
  for (const { item, pageId } of entries) {
    if (item.state !== 'unchanged' || pageId === undefined) continue;
    // A tree's page is known by the repository's record when this machine's link names none.
    if (item.link?.pageId !== pageId && item.link !== undefined) continue;
    if (item.link === undefined) item.link = { spaceId: item.complete?.spaceId ?? '', parentId: item.complete?.parentId ?? '', pageTitle: item.complete?.pageTitle ?? '', pageId, publishedAt: 0 };
    unchanged.push(item);
  }
  if (unchanged.length === 0) return [];
  await guardPlan(unchanged, { ...options, lookUpUnchanged: true, titlesCheckedByTree: true });
  return unchanged.filter((item) => item.state === 'send');
}
