// The run played out ahead of sending (sendOrder.ts ranks a tree's pages by it): what each page waits for as a graph
// of page indices (`fixed` needs no page can go without: its new folder page, the previous new sibling in a kept
// order; `linked` needs a page picked to go first goes without), the order such a graph allows, its longest chain,
// and the rounds of a run with every request as long.

/** What the run played out ahead needs of the pages' places, by their indices. */
export interface PageShape {
  /** The folder a new page is created under (one at a time there), or undefined for a page that exists. */
  createsUnder(index: number): string | undefined;
  /** Whether the page at `index` is below the folder page at `folder`. */
  isBelow(index: number, folder: number): boolean;
}

/** The edges a page still waits on: its fixed ones, and its links unless it goes without them. */
export function needsOf(fixed: readonly number[][], linked: readonly number[][], goesFirst: ReadonlySet<number>): number[][] {
  return fixed.map((own, index) => (goesFirst.has(index) ? own : [...own, ...(linked[index] as number[])]));
}

/** The longest chain of pages each waiting for the next (`needs` has no cycle), from the one that waits to the one it ends at. */
export function longestChain(needs: readonly number[][]): number[] {
  const count = needs.length;
  const length = new Array<number>(count).fill(0);
  const next = new Array<number>(count).fill(-1);
  for (const index of waitOrder(needs)) {
    for (const target of needs[index] as number[]) {
      if ((length[target] as number) + 1 > (length[index] as number)) {
        length[index] = (length[target] as number) + 1;
        next[index] = target;
      }
    }
  }
  let start = 0;
  for (let index = 1; index < count; index++) if ((length[index] as number) > (length[start] as number)) start = index;
  const chain: number[] = [];
  for (let index = start; index !== -1 && chain.length <= count; index = next[index] as number) chain.push(index);
  return chain;
}

/** The pages in an order where every page comes after the pages it needs (`needs` has no cycle; any left go last). */
export function waitOrder(needs: readonly number[][]): number[] & { cyclic?: boolean } {
  const count = needs.length;
  const waiting = needs.map((targets) => targets.length);
  const neededBy: number[][] = needs.map(() => []);
  for (const [index, targets] of needs.entries()) for (const target of targets) (neededBy[target] as number[]).push(index);
  const order: number[] = [];
  for (let index = 0; index < count; index++) if (waiting[index] === 0) order.push(index);
  for (let head = 0; head < order.length; head++) {
    for (const source of neededBy[order[head] as number] as number[]) if (--(waiting[source] as number) === 0) order.push(source);
  }
  if (order.length === count) return order;
  for (let index = 0; index < count; index++) if ((waiting[index] as number) > 0) order.push(index);
  return Object.assign(order, { cyclic: true });
}

/**
 * The run played out ahead, a round at a time, every request as long: up to `lanes` pages start in a round, a page
 * once every page it waits for has ended; a new page once no sibling is being created under its folder
 * (`createsUnder`); a page going without its links, once every page it names that has started has ended (it waits
 * for the pages ranked before it). The folders whose next page has the most pages waiting behind it go first. A page's
 * rank is when it starts. The pages ready to go are kept by folder (one new page at a time under each), each folder's
 * next in one queue.
 */
export function playOut(fixed: readonly number[][], linked: readonly number[][], goesFirst: ReadonlySet<number>, lanes: number, shape: PageShape): { rank: number[]; rounds: number } {
  const { createsUnder, isBelow } = shape;
  const count = fixed.length;
  const needs = needsOf(fixed, linked, goesFirst);
  const neededBy: number[][] = needs.map(() => []);
  for (const [index, targets] of needs.entries()) for (const target of targets) (neededBy[target] as number[]).push(index);
  // How many pages wait behind each, one after another: the longest chain of pages needing it, itself counted.
  const height = new Array<number>(count).fill(1);
  const order = waitOrder(needs);
  for (let position = order.length - 1; position >= 0; position--) {
    const index = order[position] as number;
    for (const source of neededBy[index] as number[]) height[index] = Math.max(height[index] as number, (height[source] as number) + 1);
  }
  // Among siblings, what orders them on the wiki: a page that a page waits for by a link comes first (the longest chain
  // behind it first), the rest by name; a folder page with pages below it is not moved ahead of its siblings for them.
  const linkedBehind = new Array<number>(count).fill(1);
  for (const [index, targets] of needs.entries()) {
    for (const target of targets) if (!(fixed[index] as number[]).includes(target)) linkedBehind[target] = Math.max(linkedBehind[target] as number, (height[index] as number) + 1);
  }
  const before = (a: number, b: number): boolean => (height[a] as number) > (height[b] as number) || (height[a] === height[b] && a < b);
  const siblingBefore = (a: number, b: number): boolean => (linkedBehind[a] as number) > (linkedBehind[b] as number) || (linkedBehind[a] === linkedBehind[b] && a < b);
  // A group of ready pages: the new pages under one folder, or one page that creates nothing. One entry of the queue
  // stands for each group that has pages, made when its best page changed (older entries are let go).
  interface Group { ready: Heap; entry: number }
  const groups = new Map<string, Group>();
  const queue = new Heap(before);
  const entryOf = new Map<number, { group: Group; stamp: number }>();
  let stamp = 0;
  const keyOf = (index: number): string => createsUnder(index) ?? `#${index}`;
  const offer = (group: Group): void => {
    const top = group.ready.peek();
    if (top === undefined) return;
    group.entry = ++stamp;
    entryOf.set(top, { group, stamp });
    queue.push(top);
  };
  const makeReady = (index: number): void => {
    const key = keyOf(index);
    let group = groups.get(key);
    if (group === undefined) {
      group = { ready: new Heap(siblingBefore), entry: 0 };
      groups.set(key, group);
    }
    const top = group.ready.peek();
    group.ready.push(index);
    if (top === undefined || siblingBefore(index, top)) offer(group);
  };
  const waiting = needs.map((targets) => targets.length);
  const started = new Array<boolean>(count).fill(false);
  const ended = new Array<boolean>(count).fill(false);
  const rank = new Array<number>(count).fill(-1);
  for (let index = 0; index < count; index++) if (waiting[index] === 0) makeReady(index);
  let next = 0;
  let rounds = 0;
  while (next < count) {
    rounds++;
    const thisRound: number[] = [];
    const busy: Group[] = [];
    while (thisRound.length < lanes) {
      const top = queue.pop();
      if (top === undefined) break;
      const entry = entryOf.get(top);
      if (entry === undefined || entry.group.entry !== entry.stamp || entry.group.ready.peek() !== top) continue;
      const group = entry.group;
      // Its best page that may go now: one going without its links waits for those started this round to end, and
      // lets another go first while a page it names is still to come (it may then find it made, and go once).
      const heldBack: number[] = [];
      let chosen: number | undefined;
      let early: number | undefined;
      for (let candidate = group.ready.pop(); candidate !== undefined; candidate = group.ready.pop()) {
        // The pages it names that have not ended (not those below a folder page: they come after it whatever it waits for).
        const pending = goesFirst.has(candidate) ? (linked[candidate] as number[]).filter((target) => !ended[target] && !isBelow(target, candidate)) : [];
        if (pending.length === 0) {
          chosen = candidate;
          break;
        }
        if (early === undefined && !pending.some((target) => started[target])) early = candidate;
        else heldBack.push(candidate);
      }
      if (chosen === undefined) chosen = early;
      else if (early !== undefined) heldBack.push(early);
      for (const index of heldBack) group.ready.push(index);
      if (chosen !== undefined) {
        started[chosen] = true;
        rank[chosen] = next++;
        thisRound.push(chosen);
      }
      // Under a folder one new page a round; the group is offered again once the round ends.
      busy.push(group);
      group.entry = 0;
    }
    // A round that starts nothing cannot happen while pages are left (a page started last round has ended by now),
    // but the order must end whatever the input: the rest go in plan order.
    if (thisRound.length === 0) {
      for (let index = 0; index < count; index++) if (rank[index] === -1) rank[index] = next++;
      break;
    }
    for (const index of thisRound) {
      ended[index] = true;
      for (const source of neededBy[index] as number[]) if (--(waiting[source] as number) === 0) makeReady(source);
    }
    for (const group of busy) if (group.entry === 0) offer(group);
  }
  return { rank, rounds };
}

/** A binary heap of page indices, the one `first` puts first on top. */
class Heap {
  private readonly items: number[] = [];
  constructor(private readonly first: (a: number, b: number) => boolean) {}

  peek(): number | undefined {
    return this.items[0];
  }

  push(item: number): void {
    const items = this.items;
    items.push(item);
    for (let at = items.length - 1; at > 0;) {
      const parent = (at - 1) >> 1;
      if (!this.first(items[at] as number, items[parent] as number)) break;
      [items[at], items[parent]] = [items[parent] as number, items[at] as number];
      at = parent;
    }
  }

  pop(): number | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return top;
    items[0] = last;
    for (let at = 0; ;) {
      const [left, right] = [2 * at + 1, 2 * at + 2];
      let best = at;
      if (left < items.length && this.first(items[left] as number, items[best] as number)) best = left;
      if (right < items.length && this.first(items[right] as number, items[best] as number)) best = right;
      if (best === at) break;
      [items[at], items[best]] = [items[best] as number, items[at] as number];
      at = best;
    }
    return top;
  }
}
