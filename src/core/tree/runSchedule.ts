// The order a tree's pages go in (issue 82, "one write per page"). A page can go once its folder's page has an ID; a new
// page also after the new pages before it under the same parent, so the wiki lists siblings in the order the plan shows
// them (it appends a new child; siblingOrder.ts puts the pages a page links to ahead of it). The pages that may go are
// taken by their step (siblingSteps: how soon their folder's page and their earlier siblings let them go), so every
// folder advances together and a link to a page at an earlier step of another folder is mostly filled in by the time
// its page goes. Among the pages that can go, one whose links name only pages with an ID goes first: it is written
// once. A new page whose links wait for a page more than a step later (a page below it, a later sibling, a page further
// along another folder) goes at once, since waiting would hold its later siblings up: it is sent again once that page
// lands (the second pass), and that send fills in its other links too. A page waiting for one that comes before it
// waits, while other pages are out; when nothing is out, the one that most pages wait for goes, so that no cycle of
// links stops the run.
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
  /** The earliest step each page can go at (siblingSteps), by key: the order pages are looked at in. */
  step: ReadonlyMap<string, number>;
  /** The plan's page of a key. */
  pageOf(key: string): TreePage | undefined;
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
  let forced: { entry: E; waitedOnBy: number } | undefined;
  for (const entry of queue) {
    if (!siblingsAllow(entry)) continue;
    const missing = state.waitsOn(entry.page).filter((key) => !state.done.has(key));
    if (missing.length === 0) return entry;
    // Waiting helps only for a page that can come before this one, and only when no page it names can only come after
    // it: such a page sends it a second time anyway, and that send fills in every link (waiting would only hold the
    // run up). A new page does not wait either for one further along the order: its later siblings would wait with it.
    if (missing.some((key) => comesAfter(key, entry, state) || (createsPage(entry.item) && goesLater(key, entry.page, state)))) return entry;
    if (!nothingOut) continue;
    const waitedOnBy = queue.reduce((count, other) => count + (other !== entry && state.waitsOn(other.page).includes(entry.page.key) ? 1 : 0), 0);
    if (forced === undefined || waitedOnBy > forced.waitedOnBy) forced = { entry, waitedOnBy };
  }
  return forced?.entry;
}

/**
 * Whether the page at `key` comes too late in the sending order (sendingOrder's: by step, then plan order) for `page`
 * to wait for it: waiting would hold `page` and its later siblings up. A page waits for one at most a step later (a
 * page just below a sibling before it, most often), unless that page names it too: then the later one waits.
 */
function goesLater(key: string, page: TreePage, state: Pick<ScheduleState, 'order' | 'step' | 'waitsOn' | 'pageOf'>): boolean {
  const [step, own] = [state.step.get(key) ?? 0, state.step.get(page.key) ?? 0];
  const later = step !== own ? step > own : (state.order.get(key) ?? 0) > (state.order.get(page.key) ?? 0);
  if (!later) return false;
  if (step > own + 1) return true;
  const other = state.pageOf(key);
  return other === undefined || state.waitsOn(other).includes(page.key);
}

/**
 * The order the pages that may go are looked at: by their step (siblingSteps), then the plan's order. Siblings are
 * created one after another, so no page goes before the step its place among its siblings and its folder page's give
 * it. Taken in the plan's order alone, the first folder's pages would fill every lane while the other folders waited,
 * and a link to a page of a folder further on would find it not made yet.
 */
export function sendingOrder(state: Pick<ScheduleState, 'order' | 'step'>): (a: { page: TreePage }, b: { page: TreePage }) => number {
  const at = (page: TreePage): number => state.order.get(page.key) ?? 0;
  const step = (page: TreePage): number => state.step.get(page.key) ?? 0;
  return (a, b) => step(a.page) - step(b.page) || at(a.page) - at(b.page);
}

/** The page of each key of `pages`, found through one map. */
export function pageOfKey(pages: readonly TreePage[]): (key: string) => TreePage | undefined {
  const byKey = new Map(pages.map((page) => [page.key, page]));
  return (key) => byKey.get(key);
}

/**
 * The earliest step each page can go at, by key, from `pages` in the plan's order (parents first): its folder page's
 * step, plus one for each sibling before it and one for itself. Every folder advancing a step at a time, a page at an
 * earlier step is mostly made by the time one at a later step goes.
 */
export function siblingSteps(pages: readonly TreePage[], rootPath: string): Map<string, number> {
  const next = new Map<string, number>();
  const steps = new Map<string, number>();
  for (const page of pages) {
    const parent = page.node.parent ?? TOP;
    const rank = next.get(parent) ?? 0;
    next.set(parent, rank + 1);
    const above = page.node.parent === undefined ? 0 : (steps.get(page.node.parent.slice(rootPath.length)) ?? 0);
    steps.set(page.key, above + rank + 1);
  }
  return steps;
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
