// How few second sends any order could make on a generated tree's first publish: the floor the bench's "imports /
// pages" line is read against. A page goes twice when it must go before a page its links name: every page whose links
// name a page below it or itself (a folder page listing or naming its children, which need its ID first), and at
// least one page of every cycle of links. Cycles that share no page each need their own: a greedy packing of disjoint
// cycles (shortest first) is a lower bound, whatever the order.
import type { GeneratedTree } from './treePublish';

export interface ResendBound {
  /** Pages whose links name a page below them or themselves. */
  belowOrSelf: number;
  /** Cycles of links among the other pages that share no page. */
  disjointCycles: number;
}

export function resendLowerBound(tree: Pick<GeneratedTree, 'links'>): ResendBound {
  const forced = new Set<string>();
  for (const [key, targets] of tree.links) {
    if (targets.some((target) => target === key || (key.endsWith('/') && target.startsWith(key)))) forced.add(key);
  }
  const left = new Set([...tree.links.keys()].filter((key) => !forced.has(key)));
  let disjointCycles = 0;
  for (let cycle = shortestCycle(left, tree.links); cycle !== undefined; cycle = shortestCycle(left, tree.links)) {
    disjointCycles++;
    for (const key of cycle) left.delete(key);
  }
  return { belowOrSelf: forced.size, disjointCycles };
}

/** The shortest cycle of links among `pages` (a breadth-first search from each), or undefined when there is none. */
function shortestCycle(pages: ReadonlySet<string>, links: ReadonlyMap<string, readonly string[]>): string[] | undefined {
  let best: string[] | undefined;
  for (const start of pages) {
    const cameFrom = new Map<string, string>([[start, start]]);
    const queue = [start];
    let closing: string | undefined;
    for (let head = 0; head < queue.length && closing === undefined; head++) {
      const at = queue[head] as string;
      for (const next of links.get(at) ?? []) {
        if (!pages.has(next)) continue;
        if (next === start) {
          closing = at;
          break;
        }
        if (!cameFrom.has(next)) {
          cameFrom.set(next, at);
          queue.push(next);
        }
      }
    }
    if (closing === undefined) continue;
    const cycle = [start];
    for (let at = closing; at !== start; at = cameFrom.get(at) as string) cycle.push(at);
    if (best === undefined || cycle.length < best.length) best = cycle;
    if (best.length === 2) break;
  }
  return best;
}
