// The pages a tree publish will send twice, said before anything is sent (issue 82: "count both in the plan"). A page
// goes twice when it goes before a page its links name that the run creates (a page below a folder page made new, or
// one the plan ranks after it: sendOrder.ts picks a page of each cycle of links to go first), or when the run creates
// it and it links to itself (`./` in a folder's index.md), or to a file that names its own page and has none yet
// (those go after the tree's pages): its second send fills those links in. This runs the run's schedule
// (runSchedule.ts) on the plan alone, one page at a time, as if every send lands: a page waits for the pages it names
// ranked before it, so the count is the run's at one request at a time. With more at once, a page ranked after a page
// it names may find it landed and go once: fewer (never more in the random trees, test/cli/cliRandomTrees.test.ts);
// so do pages that fail.
import { createsPage, nextToSend, sendingOrder, type ScheduleState } from './runSchedule';
import { linkedPagesWithoutId, namesAnyOf, namesItself } from './linkWaits';
import { isBelow } from '../walk/relativePaths';
import type { TreePage, TreePlan } from './treePlan';

/**
 * The keys of the tree's pages the run is foreseen to send a second time. None without page addresses (links then
 * reach no page, so nothing waits), and none for pages the plan does not send.
 */
export function foreseenSecondSends(plan: Pick<TreePlan, 'tree' | 'pages' | 'pinned' | 'rootInRepository' | 'sendRank'>, addressable: boolean): Set<string> {
  const twice = new Set<string>();
  if (!addressable) return twice;
  const rootPath = plan.tree.rootPath;
  const sending = new Set(plan.pages.filter((page) => page.item.state === 'send').map((page) => page.key));
  const creating = new Set(plan.pages.filter((page) => sending.has(page.key) && createsPage(page.item)).map((page) => page.key));
  // The ID links take before the page lands, as the run's links do (runLinks.ts, idForLinks): a retitled page's and a
  // created one's only once it lands.
  const knownId = (page: TreePage): string | undefined => {
    if (creating.has(page.key)) return undefined;
    return page.titledBackTo ?? (page.retitledFrom === undefined ? page.pageId : undefined) ?? page.linkedPageId;
  };
  const byKey = new Map(plan.pages.map((page) => [page.key, page]));
  // The files that name their own page and go in this run without a page known for them: they go after the tree's
  // pages (runPinned.ts), so a page linking to one goes again once it lands.
  const pinnedWithoutId = new Set(plan.pinned.filter((item) => item.state === 'send' && item.link?.pageId === undefined && isBelow(item.file.label, rootPath)).map((item) => item.file.label.slice(rootPath.length)));
  const waitsOn = new Map(plan.pages.map((page) => [page.key, linkedPagesWithoutId(page, plan, (key) => {
    const linked = byKey.get(key);
    return linked !== undefined && sending.has(key) && knownId(linked) === undefined;
  })]));
  const done = new Set<string>();
  const placed = new Set<string>();
  const order = new Map(plan.pages.map((page, index) => [page.key, index]));
  const state: ScheduleState = {
    done, outCreatesUnder: new Set(), order, rank: plan.sendRank ?? order,
    waitsOn: (page) => waitsOn.get(page.key) ?? [],
  };
  const parentDone = (page: TreePage): boolean => {
    if (page.node.parent === undefined) return true;
    const parentKey = page.node.parent.slice(rootPath.length);
    return done.has(parentKey) || placed.has(parentKey);
  };
  let waiting = [...plan.pages];
  const queue: TreePage[] = [];
  for (;;) {
    const wave = waiting.filter(parentDone);
    if (wave.length > 0) {
      waiting = waiting.filter((page) => !wave.includes(page));
      for (const page of wave) {
        if (!sending.has(page.key)) done.add(page.key);
        else {
          queue.push(page);
          // A folder page updated where it is: the pages below it may go first (treeRun.ts, updatesInPlace).
          if (!creating.has(page.key) && knownId(page) !== undefined) placed.add(page.key);
        }
      }
      continue;
    }
    const entries = queue.map((page) => ({ page, item: page.item })).sort(sendingOrder(state));
    const next = nextToSend(entries, state, true);
    if (next === undefined) break;
    queue.splice(queue.indexOf(next.page), 1);
    // Its links to pages not made yet, or to itself when it is made now, are filled in by a second send.
    const ownIdLater = knownId(next.page) === undefined && namesItself(next.page, plan);
    if (ownIdLater || namesAnyOf(next.page, plan, pinnedWithoutId) || state.waitsOn(next.page).some((key) => !done.has(key))) twice.add(next.page.key);
    done.add(next.page.key);
  }
  return twice;
}
