// A file that did not change since it last went out is left alone by the plan ('unchanged'), and nothing looks at its
// page: a colleague may have deleted that page on the wiki, and the plan would go on calling it unchanged, run after
// run, while the wiki shows nothing (a folder page's pages below it would fail, "the parent page has been deleted").
// So, with page access, the pages of unchanged files are looked up in bulk before the edit guard (the platform's page
// list takes up to 250 IDs a request), and a file whose page is gone is sent: the guard then finds that page deleted
// and publishes it anew, create only. A lookup that fails leaves its files as they are (not known to be gone); without
// page access nothing is looked up, and the guard says the wiki was not checked.
import { mapBounded } from '../util/mapBounded';
import { isPageId } from '../publish/target';
import { MAX_IDS_PER_REQUEST } from '../wikiPages';
import type { GuardOptions } from './guard';
import { DEFAULT_LOOKUPS_AT_ONCE, lookupDeadline } from './lookupDeadline';
import { rememberPlanBeforeWiki } from './beforeWiki';
import type { PlanItem } from './plan';

export interface RecordedPageOf {
  item: PlanItem;
  /** The page the file is known to publish to (the repository's record, or this machine's link). */
  pageId: string | undefined;
}

/** Whether the plan leaves this file alone although it names a page the wiki could list: one to look up. */
export function unchangedWithPage(item: PlanItem, pageId: string | undefined = item.link?.pageId): boolean {
  // A page ID is a number: anything else was never a page the wiki could list (and is never called gone).
  return item.state === 'unchanged' && pageId !== undefined && isPageId(pageId);
}

/**
 * Turns the unchanged files among `entries` whose page is gone from the wiki into files to send, and returns them.
 * Rejects only when the run's signal aborts.
 */
export async function sendGonePages(entries: Iterable<RecordedPageOf>, options: Pick<GuardOptions, 'pages' | 'signal' | 'timeoutMs' | 'concurrency'>): Promise<PlanItem[]> {
  const { pages } = options;
  if (!pages) return [];
  const itemsByPage = new Map<string, PlanItem[]>();
  for (const { item, pageId } of entries) {
    if (pageId === undefined || !unchangedWithPage(item, pageId)) continue;
    const sharing = itemsByPage.get(pageId);
    if (sharing) sharing.push(item);
    else itemsByPage.set(pageId, [item]);
  }
  const ids = [...itemsByPage.keys()];
  const batches: string[][] = [];
  // A request each, each with its own deadline, the guard's number at once: a failed batch leaves only its files as they were.
  for (let start = 0; start < ids.length; start += MAX_IDS_PER_REQUEST) batches.push(ids.slice(start, start + MAX_IDS_PER_REQUEST));
  const gone: PlanItem[] = [];
  await mapBounded(batches, Math.max(1, options.concurrency ?? DEFAULT_LOOKUPS_AT_ONCE), async (batch) => {
    const found = await pages.getPages(batch, lookupDeadline(options).signal).catch((error: unknown) => {
      if (options.signal?.aborted) throw error;
      return undefined; // not known to be gone: the plan stays as it was
    });
    if (!found) return;
    for (const id of batch) {
      const page = found.get(id);
      if (page) {
        // Kept for the plan digest: the page still holds what this file left only at the version it left.
        for (const item of itemsByPage.get(id) ?? []) item.pageFound = { id, version: page.version };
        continue;
      }
      for (const item of itemsByPage.get(id) ?? []) {
        rememberPlanBeforeWiki(item);
        item.state = 'send';
        gone.push(item);
      }
    }
  });
  options.signal?.throwIfAborted();
  return gone;
}
