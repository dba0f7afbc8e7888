// A tree's pages whose files did not change are left alone, and nothing looks at them: a colleague may have deleted
// one on the wiki. A file page is then never published again until its file changes, and every page sent below a gone
// folder page fails ("the parent page has been deleted") although the plan said it would land. So before the guard,
// every unchanged page of the tree and every unchanged file that names its own page is looked up, in bulk (core
// run/gonePages.ts, a request per 250 pages); one gone from the wiki is sent, where the guard finds it deleted and
// publishes it anew. A folder page made anew takes the pages below it along (newFolderPage.ts). The guard of each level
// then looks up no unchanged page again (GuardOptions.lookUpUnchanged).
import type { GuardOptions } from '../run/guard';
import { sendGonePages } from '../run/gonePages';
import type { PlanItem } from '../run/planItem';
import type { TreePlan } from './treePlanTypes';

/** Sends the tree's unchanged pages (and pinned files) that are gone from the wiki; returns their items. */
export async function sendGoneTreePages(plan: Pick<TreePlan, 'pages' | 'pinned'>, options: GuardOptions): Promise<PlanItem[]> {
  if (!options.pages) return [];
  const entries = [
    // The repository's record names a tree page's page; this machine's link, when the record was not written.
    ...plan.pages.map((page) => ({ item: page.item, pageId: page.pageId ?? page.item.link?.pageId })),
    ...plan.pinned.map((item) => ({ item, pageId: item.link?.pageId })),
  ];
  return sendGonePages(entries, options);
}
