// The order a tree's pages go in (issue 82, "one write per page"). A page can go once its folder's page has an ID; a new
// page also after the new pages before it under the same parent, so the wiki lists siblings in the order the plan shows
// them (it appends a new child). The plan ranks the pages (sendOrder.ts): the pages that may go are taken by rank, and a
// page waits for the pages its links name ranked before it, never for one ranked after it, which sends it again once
// it lands (the second pass). When nothing is out, the first page that may go goes, so that nothing stops the run.
import type { PlanItem } from '../run/planItem';
import type { TreePage } from './treePlanTypes';

/** The parent of the pages directly under the chosen page, in ScheduleState.outCreatesUnder. */
const TOP = '';

/** A page prepared to go (guarded, placed under its parent's ID). */
export interface Schedulable {
  page: TreePage;
  item: PlanItem;
}

export interface ScheduleState {
  /** Keys of pages whose first-pass result is in. */
  done: ReadonlySet<string>;
  /** The folder paths (TreeNode.parent; '' at the top) under which a new page is out now: the next waits for it. */
  outCreatesUnder: ReadonlySet<string>;
  /** The pages of this run a page's links name that have no ID yet (RunLinks.waitsOn). */
  waitsOn(page: TreePage): readonly string[];
  /** Where each page stands in the plan, by key: the order of siblings. */
  order: ReadonlyMap<string, number>;
  /** Each page's rank (TreePlan.sendRank), by key: the order pages are looked at in, and which links a page waits for. */
  rank: ReadonlyMap<string, number>;
}

/** Whether sending the item creates its page (the wiki appends a new child, so siblings keep their order). */
export function createsPage(item: PlanItem): boolean {
  const kind = item.guard?.kind;
  return item.complete?.overwrite === false || kind === 'absent' || kind === 'deleted' || kind === 'notNeeded';
}

/**
 * The next entry to start from `queue` (in rank order), or undefined to wait for a page that is out. A page waits for
 * the pages its links name that have no ID yet and are ranked before it (sendOrder.ts), never for one ranked after it:
 * that page sends it a second time, and that send fills in every link. `nothingOut`: when no page is out, waiting
 * cannot help (a page it waits for failed to start, or a folder page found elsewhere keeps its pages below waiting),
 * and the first entry that may go goes.
 */
export function nextToSend<E extends Schedulable>(queue: readonly E[], state: ScheduleState, nothingOut: boolean): E | undefined {
  // The first new page still to go under each folder, by plan order: only it may be created next there.
  const firstCreate = new Map<string, number>();
  for (const entry of queue) {
    if (!createsPage(entry.item)) continue;
    const parent = entry.page.node.parent ?? TOP;
    const at = state.order.get(entry.page.key) ?? 0;
    if (at < (firstCreate.get(parent) ?? Infinity)) firstCreate.set(parent, at);
  }
  const siblingsAllow = (entry: E): boolean => {
    if (!createsPage(entry.item)) return true;
    const parent = entry.page.node.parent ?? TOP;
    return !state.outCreatesUnder.has(parent) && firstCreate.get(parent) === (state.order.get(entry.page.key) ?? 0);
  };
  let first: E | undefined;
  for (const entry of queue) {
    if (!siblingsAllow(entry)) continue;
    first ??= entry;
    const own = rankOf(state, entry.page.key);
    if (state.waitsOn(entry.page).every((key) => state.done.has(key) || rankOf(state, key) > own)) return entry;
  }
  return nothingOut ? first : undefined;
}

/** A page's rank (sendOrder.ts); a page the plan did not rank (it was not to be sent) goes last. */
function rankOf(state: Pick<ScheduleState, 'rank'>, key: string): number {
  return state.rank.get(key) ?? Infinity;
}

/** The order the pages that may go are looked at: by rank (sendOrder.ts), then the plan's order. */
export function sendingOrder(state: Pick<ScheduleState, 'order' | 'rank'>): (a: { page: TreePage }, b: { page: TreePage }) => number {
  const at = (page: TreePage): number => state.order.get(page.key) ?? 0;
  return (a, b) => rankOf(state, a.page.key) - rankOf(state, b.page.key) || at(a.page) - at(b.page);
}
