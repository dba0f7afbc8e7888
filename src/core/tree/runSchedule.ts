// The order a tree's pages go in (issue 82, "one write per page"). A page can go once its folder's page has an ID; a new
// page also after the new pages before it under the same parent, so the wiki lists siblings in the order the plan shows
// them (it appends a new child). Among the pages that can go, one whose links name only pages with an ID goes first: it
// is written once. One whose links wait for a page that can only come after it (a page below it, or a later sibling of
// a new page, or below one) goes at once, since waiting cannot help: it is sent again once that page lands (the second
// pass), and that send fills in its other links too. One waiting for a page that can come first waits, while other pages are out; when nothing is out, the one
// that most pages wait for goes, so that no cycle of links stops the run.
import type { PlanItem } from '../run/planItem';
import type { TreePage } from './treePlanTypes';

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
  /** Keys of the pages whose send creates them (createsPage), as far as their verdicts are known. */
  creates: ReadonlySet<string>;
  /** Keys of folder pages updated where they are: the pages below them need not wait for them. */
  placed: ReadonlySet<string>;
}

/** Whether sending the item creates its page (the wiki appends a new child, so siblings keep their order). */
export function createsPage(item: PlanItem): boolean {
  const kind = item.guard?.kind;
  return item.complete?.overwrite === false || kind === 'absent' || kind === 'deleted' || kind === 'notNeeded';
}

/**
 * The next entry to start from `queue` (in plan order), or undefined to wait for a page that is out. `nothingOut`: when
 * no page is out, waiting cannot help, and some entry is always returned if one may go at all.
 */
export function nextToSend<E extends Schedulable>(queue: readonly E[], state: ScheduleState, nothingOut: boolean): E | undefined {
  let forced: { entry: E; waitedOnBy: number } | undefined;
  for (const entry of queue) {
    if (!siblingsAllow(entry, queue, state)) continue;
    const missing = state.waitsOn(entry.page).filter((key) => !state.done.has(key));
    if (missing.length === 0) return entry;
    // Waiting helps only for a page that can come before this one, and only when no page it names can only come after
    // it: such a page sends it a second time anyway, and that send fills in every link (waiting would only hold the
    // run up).
    if (missing.some((key) => comesAfter(key, entry, state))) return entry;
    if (!nothingOut) continue;
    const waitedOnBy = queue.reduce((count, other) => count + (other !== entry && state.waitsOn(other.page).includes(entry.page.key) ? 1 : 0), 0);
    if (forced === undefined || waitedOnBy > forced.waitedOnBy) forced = { entry, waitedOnBy };
  }
  return forced?.entry;
}

const TOP = '';

/**
 * The order the pages that may go are looked at: shallower pages first, then the plan's order. A folder's page lets
 * its whole folder go, and the pages at the top form the run's longest chain (siblings go one after another): taken in
 * the plan's order alone, the first folder's pages would fill every lane while the next top page waited.
 */
export function sendingOrder(state: Pick<ScheduleState, 'order'>): (a: { page: TreePage }, b: { page: TreePage }) => number {
  const at = (page: TreePage): number => state.order.get(page.key) ?? 0;
  return (a, b) => a.page.node.depth - b.page.node.depth || at(a.page) - at(b.page);
}

/** A new page goes once no new page before it under the same parent waits or is out (the plan's order). */
function siblingsAllow(entry: Schedulable, queue: readonly Schedulable[], state: ScheduleState): boolean {
  if (!createsPage(entry.item)) return true;
  const parent = entry.page.node.parent ?? TOP;
  if (state.outCreatesUnder.has(parent)) return false;
  const at = state.order.get(entry.page.key) ?? 0;
  return !queue.some((other) => other !== entry && (other.page.node.parent ?? TOP) === parent && createsPage(other.item) && (state.order.get(other.page.key) ?? 0) < at);
}

/**
 * Whether the page at `key` (a key of the tree, relative to its folder) can only come after `entry`'s page: it is below
 * it (unless that page is updated where it is, so the pages below can go first), or, when `entry` creates its page, it is (or is below) a later new sibling, which the wiki's order puts after it.
 */
function comesAfter(key: string, entry: Schedulable, state: ScheduleState): boolean {
  const own = entry.page.key;
  if (own.endsWith('/') && key.startsWith(own)) return !state.placed.has(own);
  if (!createsPage(entry.item)) return false;
  // The sibling of `entry` that is `key`'s page or holds it: the first segment of `key` below their common folder.
  const slash = own.endsWith('/') ? own.lastIndexOf('/', own.length - 2) : own.lastIndexOf('/');
  const folder = own.slice(0, slash + 1);
  if (!key.startsWith(folder)) return false;
  const rest = key.slice(folder.length);
  const cut = rest.indexOf('/');
  const sibling = `${folder}${cut === -1 ? rest : rest.slice(0, cut + 1)}`;
  return state.creates.has(sibling) && (state.order.get(sibling) ?? -1) > (state.order.get(own) ?? 0);
}
