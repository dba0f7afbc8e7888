// The order a first publish creates new sibling pages in (issue 82, "a first tree publish writes each page once"). The
// wiki appends a new child, so siblings are created one after another in the plan's order, and a page can name only a
// page that exists when it goes: a page made before a later sibling it links to is sent twice. So among the new pages
// under one parent, the pages a page links to (or whose pages below do) are pulled ahead of it, just before it; the
// rest keep the name order, and a cycle of links goes in name order. Pages that exist stay where they are on the wiki,
// and in the plan. The plan shows this order, and the run creates siblings in it (runSchedule.ts). The name order
// alone is a choice (TreePlanOptions.siblingOrder).
import { linkedPagesWithoutId } from './linkWaits';
import type { TreePage, TreePlan } from './treePlanTypes';

/** The plan's pages in the order they are created in, and how many new pages came ahead of their name order for it. */
export interface CreationOrder {
  pages: TreePage[];
  pulledAhead: number;
}

/**
 * `pages` (parents before children, depth-first) with the new pages under each parent in the order above; the same
 * array when no link asks for another order. `created`: the node paths of the pages the run creates.
 */
export function pagesInCreationOrder(plan: Pick<TreePlan, 'tree' | 'rootInRepository'>, pages: TreePage[], created: ReadonlySet<string>): CreationOrder {
  // Fewer than two new pages have no order among themselves: a re-run of a recorded tree reads no link for it.
  if (created.size < 2) return { pages, pulledAhead: 0 };
  const rootPath = plan.tree.rootPath;
  const byKey = new Map(pages.map((page) => [page.key, page]));
  const parentKey = (page: TreePage): string | undefined => {
    const key = page.node.parent?.slice(rootPath.length);
    return key !== undefined && byKey.has(key) ? key : undefined;
  };
  const isNew = (key: string): boolean => {
    const page = byKey.get(key);
    return page !== undefined && created.has(page.node.path);
  };
  // The keys from the top down to the page's own.
  const chainOf = (page: TreePage): string[] => {
    const chain = [page.key];
    for (let parent = parentKey(page); parent !== undefined; parent = parentKey(byKey.get(parent) as TreePage)) chain.push(parent);
    return chain.reverse();
  };
  // Sibling `first` before sibling `then`: both new, under one parent.
  const before = new Map<string, Set<string>>();
  for (const page of pages) {
    if (page.item.state !== 'send') continue;
    const targets = linkedPagesWithoutId(page, plan, isNew);
    if (targets.length === 0) continue;
    const own = chainOf(page);
    for (const target of targets) {
      const other = chainOf(byKey.get(target) as TreePage);
      let at = 0;
      while (at < own.length && at < other.length && own[at] === other[at]) at++;
      // One is above the other: a page below comes after its folder's page whatever the order.
      if (at === own.length || at === other.length) continue;
      const [then, first] = [own[at] as string, other[at] as string];
      if (!isNew(then) || !isNew(first)) continue;
      const set = before.get(then) ?? new Set<string>();
      set.add(first);
      before.set(then, set);
    }
  }
  if (before.size === 0) return { pages, pulledAhead: 0 };
  // Siblings by their parent node's path ('' for the pages under the chosen page), as the wiki groups them.
  const childrenOf = new Map<string, TreePage[]>();
  for (const page of pages) {
    const parent = page.node.parent ?? '';
    const children = childrenOf.get(parent) ?? [];
    children.push(page);
    childrenOf.set(parent, children);
  }
  let pulledAhead = 0;
  for (const [parent, children] of childrenOf) {
    const inOrder = siblingsInOrder(children, before, (page) => isNew(page.key));
    if (inOrder === children) continue;
    // A page now before a sibling it came after by name: the order the plan shows differs from the folder's there.
    const byName = new Map(children.map((page, at) => [page.key, at]));
    for (const [at, page] of inOrder.entries()) if ((byName.get(page.key) ?? at) > at) pulledAhead++;
    childrenOf.set(parent, inOrder);
  }
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

/**
 * The new pages among `children` (in name order) put in the slots they hold: each in name order, right after the
 * siblings `before` names for it that are not placed yet (and theirs first), so that a page moves only as far as its
 * links need. A sibling already on the way (a cycle of links) is not waited for: the cycle goes in name order.
 * Walked with a stack of its own: a chain of 10,000 files each linking the next is no deeper than one.
 */
function siblingsInOrder(children: TreePage[], before: ReadonlyMap<string, ReadonlySet<string>>, isNew: (page: TreePage) => boolean): TreePage[] {
  const fresh = children.filter(isNew);
  if (fresh.length < 2 || !fresh.some((page) => before.has(page.key))) return children;
  const index = new Map(fresh.map((page, at) => [page.key, at]));
  // Each sibling's own siblings to go first, in name order.
  const firstOf = fresh.map((page, at) => [...(before.get(page.key) ?? [])].flatMap((key) => {
    const first = index.get(key);
    return first === undefined || first === at ? [] : [first];
  }).sort((x, y) => x - y));
  const state = fresh.map(() => 'left' as 'left' | 'onTheWay' | 'placed');
  const order: TreePage[] = [];
  for (const [start] of fresh.entries()) {
    if (state[start] !== 'left') continue;
    const stack: Array<{ at: number; next: number }> = [{ at: start, next: 0 }];
    state[start] = 'onTheWay';
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as { at: number; next: number };
      const firsts = firstOf[top.at] as number[];
      const first = firsts[top.next++];
      if (first === undefined) {
        stack.pop();
        state[top.at] = 'placed';
        order.push(fresh[top.at] as TreePage);
      } else if (state[first] === 'left') {
        state[first] = 'onTheWay';
        stack.push({ at: first, next: 0 });
      }
    }
  }
  let slot = 0;
  return children.map((page) => (isNew(page) ? (order[slot++] as TreePage) : page));
}
