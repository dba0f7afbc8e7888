// The order a tree's pages are sent in (issue 82, "a first tree publish writes each page once"). A page's links can
// name only pages that exist when it goes: a page that goes before a new page it links to is sent again once that page
// lands. So the plan decides, before anything is sent, which pages go before some page they link to (as few as it can
// find: every cycle of links needs one), puts new siblings in an order that lets the others wait for what they name
// (siblingOrder.ts; the wiki lists them in it, it appends a new child), and ranks every page: a page waits for the
// pages it links to that are ranked before it, never for one ranked after it (runSchedule.ts). The ranks come from the
// run played out ahead, a lane per request the run makes at a time, every request taking as long: so the lanes stay
// full, and a chain of links waiting for one another across folders is cut where it would hold the run up. With the
// name order asked for, new siblings keep it, and the ranks follow it.
import { isBelow } from '../walk/relativePaths';
import { linkedPagesWithoutId } from './linkWaits';
import { longestChain, needsOf, playOut, waitOrder, type PageShape } from './runAhead';
import type { TreePage, TreePlan } from './treePlanTypes';

/** The plan's pages in the order they are created in, each page's rank, and how many new pages came ahead of their name order. */
export interface SendOrder {
  pages: TreePage[];
  pulledAhead: number;
  /** Each page's place in the sending order, by key: a page waits for the pages its links name ranked before it. */
  rank: Map<string, number>;
}

export interface SendOrderOptions {
  /** Keep the new siblings in the order of `pages` (their names) rather than the one their links suggest. */
  keepSiblingOrder: boolean;
  /** Whether links wait for pages at all: not without page access or page addresses (links then reach no page). */
  linksWait: boolean;
  /** How many requests the run makes at a time, which the ranks are played out with. */
  lanes: number;
}

/**
 * `pages` (parents before children, depth-first) with the new pages under each parent in the order they are created,
 * and the rank of each page sent. `created`: the node paths of the pages the run creates (they have no ID yet).
 */
export function sendOrderOf(plan: Pick<TreePlan, 'tree' | 'rootInRepository'>, pages: TreePage[], created: ReadonlySet<string>, options: SendOrderOptions): SendOrder {
  const rootPath = plan.tree.rootPath;
  const sending = pages.filter((page) => page.item.state === 'send');
  // Nothing new (a re-run): no page waits for another, and the plan's order is the order pages go in.
  if (created.size === 0) {
    return { pages, pulledAhead: 0, rank: new Map(sending.map((page, index) => [page.key, index])) };
  }
  const at = new Map(sending.map((page, index) => [page.key, index]));
  const isNew = (page: TreePage): boolean => created.has(page.node.path);
  const keyIsNew = (key: string): boolean => {
    const index = at.get(key);
    return index !== undefined && isNew(sending[index] as TreePage);
  };
  // What each page needs sent before it: a new folder page (its ID places the page), the previous new sibling (fixed),
  // and the new pages its links name (which a page may go without, to be sent again).
  const linked: number[][] = sending.map((page) => (options.linksWait ? linkedPagesWithoutId(page, plan, keyIsNew).map((key) => at.get(key) as number) : []));
  const fixed: number[][] = sending.map((page) => {
    const parent = page.node.parent === undefined ? undefined : at.get(page.node.parent.slice(rootPath.length));
    return parent !== undefined && isNew(sending[parent] as TreePage) ? [parent] : [];
  });
  if (options.keepSiblingOrder) {
    const lastNewUnder = new Map<string, number>();
    for (const [index, page] of sending.entries()) {
      if (!isNew(page)) continue;
      const folder = page.node.parent ?? '';
      const before = lastNewUnder.get(folder);
      if (before !== undefined) (fixed[index] as number[]).push(before);
      lastNewUnder.set(folder, index);
    }
  }
  const goesFirst = feedbackPages(fixed, linked);
  dropNeedless(fixed, linked, goesFirst);
  const rankOf = cutLongChains(fixed, linked, goesFirst, options.lanes, {
    createsUnder: (index) => (isNew(sending[index] as TreePage) ? (sending[index] as TreePage).node.parent ?? '' : undefined),
    isBelow: (index, folder) => {
      const key = (sending[folder] as TreePage).key;
      return key.endsWith('/') && isBelow((sending[index] as TreePage).key, key);
    },
  });
  const rank = new Map(sending.map((page, index) => [page.key, rankOf[index] as number]));
  return { ...siblingsByRank(pages, rank, isNew), rank };
}

/**
 * Pages that go without waiting for the pages their links name, so that no cycle is left among what pages wait for:
 * a small set, found greedily (the smallest is a hard problem). Pages that cannot be in a cycle are set aside; of the
 * rest, the page most waited for and waiting for most goes first; again until no cycle is left.
 */
function feedbackPages(fixed: readonly number[][], linked: readonly number[][]): Set<number> {
  const count = fixed.length;
  const waitsFor: number[][] = fixed.map((own, index) => [...new Set([...own, ...(linked[index] as number[])])]);
  const waitedBy: number[][] = fixed.map(() => []);
  for (const [index, targets] of waitsFor.entries()) for (const target of targets) (waitedBy[target] as number[]).push(index);
  const linkedSet = linked.map((targets) => new Set(targets));
  const fixedSet = fixed.map((targets) => new Set(targets));
  const alive = new Array<boolean>(count).fill(true);
  const outCount = waitsFor.map((targets) => targets.length);
  const inCount = waitedBy.map((sources) => sources.length);
  // Edges removed from a page going first: its links, unless the same page is also a fixed need.
  const cut = new Array<boolean>(count).fill(false);
  const edgeLive = (from: number, to: number): boolean => !(cut[from] && linkedSet[from]?.has(to) && !fixedSet[from]?.has(to));
  const stack: number[] = [];
  const setAside = (index: number): void => {
    if (!alive[index]) return;
    alive[index] = false;
    for (const target of waitsFor[index] as number[]) if (alive[target] && edgeLive(index, target) && --(inCount[target] as number) === 0) stack.push(target);
    for (const source of waitedBy[index] as number[]) if (alive[source] && edgeLive(source, index) && --(outCount[source] as number) === 0) stack.push(source);
  };
  const drain = (): void => {
    while (stack.length > 0) setAside(stack.pop() as number);
  };
  for (let index = 0; index < count; index++) if (outCount[index] === 0 || inCount[index] === 0) stack.push(index);
  drain();
  const goesFirst = new Set<number>();
  for (;;) {
    let best = -1;
    let bestScore = 0;
    for (let index = 0; index < count; index++) {
      if (!alive[index] || cut[index]) continue;
      let linksOut = 0;
      for (const target of linked[index] as number[]) if (alive[target] && !fixedSet[index]?.has(target)) linksOut++;
      const score = linksOut * (inCount[index] as number);
      if (score > bestScore) [best, bestScore] = [index, score];
    }
    // Nothing alive is in a cycle that a page's links make: done.
    if (best === -1) break;
    goesFirst.add(best);
    for (const target of linked[best] as number[]) {
      if (!alive[target] || fixedSet[best]?.has(target)) continue;
      outCount[best] = (outCount[best] as number) - 1;
      if (--(inCount[target] as number) === 0) stack.push(target);
    }
    cut[best] = true;
    if (outCount[best] === 0) stack.push(best);
    drain();
  }
  return goesFirst;
}

/**
 * Takes back the pages picked to go first that no cycle needs any more (a later pick broke every cycle through them),
 * the last picked first. Each check is a pass over the pages: only for trees of up to PRUNED_PAGES pages.
 */
function dropNeedless(fixed: readonly number[][], linked: readonly number[][], goesFirst: Set<number>): void {
  if (fixed.length > PRUNED_PAGES) return;
  for (const page of [...goesFirst].reverse()) {
    goesFirst.delete(page);
    if (waitOrder(needsOf(fixed, linked, goesFirst)).cyclic) goesFirst.add(page);
  }
}

const PRUNED_PAGES = 3000;

/**
 * Pages that go first so that no chain of pages waiting for one another holds the run up: a guide whose 300 pages in
 * 30 folders each name the next would otherwise go one page at a time. The longest chain is cut near its middle, at a
 * page waiting for the next one by a link, again and again (two chains as long need a cut each before the run gets any
 * shorter); of the cuts tried, the run keeps the ones that make the run played out ahead shortest, counting each page
 * sent twice as `lanes` rounds: a version more and a notification more to its watchers, worth it only where it saves
 * the time of several sends (seconds on a large tree, never 50 ms on a small one). Pages under one folder are created
 * one at a time anyway: cutting a chain of siblings gains nothing, and the played-out run says so. Returns the ranks
 * of the order kept.
 */
function cutLongChains(fixed: readonly number[][], linked: readonly number[][], goesFirst: Set<number>, lanes: number, shape: PageShape): number[] {
  let best = playOut(fixed, linked, goesFirst, lanes, shape);
  if (lanes <= 1) return best.rank;
  let bestScore = best.rounds;
  const cuts: number[] = [];
  let keptCuts = 0;
  for (let tries = 0; tries < MAX_CUTS && tries - keptCuts < MAX_CUTS_WITHOUT_GAIN; tries++) {
    const chain = longestChain(needsOf(fixed, linked, goesFirst));
    // A chain no longer than the rounds the run's sends take anyway holds nothing up.
    if (chain.length * lanes <= fixed.length + goesFirst.size) break;
    const cutAt = linkNearMiddle(chain, fixed, linked, goesFirst);
    if (cutAt === undefined) break;
    goesFirst.add(cutAt);
    cuts.push(cutAt);
    const tried = playOut(fixed, linked, goesFirst, lanes, shape);
    const score = tried.rounds + lanes * cuts.length;
    if (score < bestScore) [best, bestScore, keptCuts] = [tried, score, cuts.length];
  }
  for (const page of cuts.slice(keptCuts)) goesFirst.delete(page);
  return best.rank;
}

/** At most this many chains are cut, and tried no further once this many cuts in a row made the run no shorter. */
const MAX_CUTS = 32;
const MAX_CUTS_WITHOUT_GAIN = 8;

/** The page of `chain` nearest its middle whose wait for the next page of the chain is a link (not its folder or sibling). */
function linkNearMiddle(chain: readonly number[], fixed: readonly number[][], linked: readonly number[][], goesFirst: ReadonlySet<number>): number | undefined {
  const middle = Math.floor(chain.length / 2);
  for (let step = 0; step < chain.length; step++) {
    for (const position of [middle + step, middle - step]) {
      const page = chain[position];
      const next = chain[position + 1];
      if (page === undefined || next === undefined || goesFirst.has(page)) continue;
      if ((linked[page] as number[]).includes(next) && !(fixed[page] as number[]).includes(next)) return page;
    }
  }
  return undefined;
}

/**
 * `pages` with the new pages under each parent in rank order, in the slots new pages hold there (pages that exist stay
 * where they are); and how many new pages now come before a sibling that came before them by name.
 */
function siblingsByRank(pages: TreePage[], rank: ReadonlyMap<string, number>, isNew: (page: TreePage) => boolean): { pages: TreePage[]; pulledAhead: number } {
  const childrenOf = new Map<string, TreePage[]>();
  for (const page of pages) {
    const parent = page.node.parent ?? '';
    const children = childrenOf.get(parent) ?? [];
    children.push(page);
    childrenOf.set(parent, children);
  }
  let pulledAhead = 0;
  let changed = false;
  for (const [parent, children] of childrenOf) {
    const fresh = children.filter(isNew);
    if (fresh.length < 2) continue;
    const ranked = [...fresh].sort((a, b) => (rank.get(a.key) ?? Infinity) - (rank.get(b.key) ?? Infinity));
    if (ranked.every((page, index) => page === fresh[index])) continue;
    changed = true;
    const byName = new Map(fresh.map((page, index) => [page.key, index]));
    for (const [index, page] of ranked.entries()) if ((byName.get(page.key) ?? index) > index) pulledAhead++;
    let slot = 0;
    childrenOf.set(parent, children.map((page) => (isNew(page) ? (ranked[slot++] as TreePage) : page)));
  }
  if (!changed) return { pages, pulledAhead: 0 };
  const ordered: TreePage[] = [];
  const visit = (page: TreePage): void => {
    ordered.push(page);
    for (const child of childrenOf.get(page.node.path) ?? []) visit(child);
  };
  // Each group whose parent is no page of the plan (the chosen page's children) where its first page stood.
  const pagePaths = new Set(pages.map((page) => page.node.path));
  const started = new Set<string>();
  for (const page of pages) {
    const parent = page.node.parent ?? '';
    if (pagePaths.has(parent) || started.has(parent)) continue;
    started.add(parent);
    for (const child of childrenOf.get(parent) ?? []) visit(child);
  }
  // Every page once, or the order the tree had (a safeguard: every page is reached from its parent or its group above).
  return ordered.length === pages.length ? { pages: ordered, pulledAhead } : { pages, pulledAhead: 0 };
}
