// A page of the tree goes under its folder's page, by the ID the repository records. When that folder page's file did
// not change, nothing looks at its page: a colleague may have deleted it on the wiki, and every page sent below it then
// fails ("the parent page has been deleted") although the plan said it would land. So before the guard, the folder
// pages that pages to send go under, when unchanged, are looked up; one gone from the wiki is sent too, where the guard
// finds it deleted and publishes it anew, which takes the pages below it along (newFolderPage.ts). Only those folder
// pages are looked up: a re-run with nothing to send makes no request.
import { lookupDeadline, type GuardOptions } from '../run/guard';
import { mapBounded } from '../util/mapBounded';
import { pagesByLevel, type TreePage, type TreePlan } from './treePlan';

const LOOKUPS_AT_ONCE = 4;

/**
 * Sends the unchanged folder pages that are gone from the wiki and have pages to send below them, deepest first, so
 * that a folder page sent for that is checked in turn against its own folder's page. Returns the pages it sent. Without
 * page access it looks at nothing (the guard cannot look either, and says so). A failed lookup leaves the page as it is.
 */
export async function sendGoneFolderPages(plan: Pick<TreePlan, 'pages'>, options: Pick<GuardOptions, 'pages' | 'signal' | 'timeoutMs'>): Promise<TreePage[]> {
  const { pages } = options;
  if (!pages) return [];
  const byPath = new Map(plan.pages.map((page) => [page.node.path, page]));
  const sent: TreePage[] = [];
  // A page's folder page is on the level above it: each folder page is looked up once, when its level below is done.
  for (const level of pagesByLevel(plan.pages).reverse()) {
    const parents = new Set<TreePage>();
    for (const page of level) {
      const parent = page.node.parent === undefined ? undefined : byPath.get(page.node.parent);
      if (page.item.state !== 'send' || !parent) continue;
      if (parent.item.state === 'unchanged' && parent.pageId !== undefined) parents.add(parent);
    }
    const gone = await mapBounded([...parents], LOOKUPS_AT_ONCE, async (parent) => {
      const found = await pages.getPage(parent.pageId as string, lookupDeadline(options).signal).then((page) => page !== undefined, (error: unknown) => {
        if (options.signal?.aborted) throw error;
        return true; // not known to be gone: the import says what it finds
      });
      return found ? undefined : parent;
    });
    for (const parent of gone) {
      if (!parent) continue;
      parent.item.state = 'send';
      sent.push(parent);
    }
  }
  options.signal?.throwIfAborted();
  return sent;
}
