// The order a flat run's files go in (issue 82, "one write per page", for a selection that is not a tree: a flat
// folder, several files, a Retry). A file whose links name files of the selection that get their pages in this run
// waits for those pages, so that it goes once, its links filled in, rather than first with the links as written and
// again in the second pass. Where links run round in a cycle (two files naming each other), one file of the cycle
// has to go first: it is sent again once the others landed. One rule for the run (flatRun.ts) and the plan's count of
// the files sent twice, so the plan says before sending what the run will do.

/**
 * The most waves a first pass goes in: a file waits for the pages its links name only while the chain of files waiting
 * one for another stays this short. Each wave waits for the one before to land and its pages' IDs to be learnt (a
 * request and a lookup each), so a guide of 200 files whose every page names the next one would otherwise go one file
 * at a time; past this depth a file goes at once and again in the second pass, as a cycle's does.
 */
export const MAX_WAVES = 8;

export interface FlatOrder {
  /** By file key, the files it waits for before it goes: those its links name that go before it. */
  waitsOn: ReadonlyMap<string, readonly string[]>;
  /** The files that go before a file their links name (a cycle of links): sent again once it landed. */
  sentTwice: ReadonlySet<string>;
}

/**
 * Ranks `keys` (the files the run sends, in the selection's order) so that a file comes after the files it links to
 * (`linksTo`, keys of the selection that the run gives pages): a depth-first walk from each file in turn, a file placed
 * once every file it links to is placed. A link back to a file whose walk is still open closes a cycle; that link is
 * the one left for the second pass, so a file that only links into a cycle still waits and goes once.
 */
export function flatOrderOf(keys: readonly string[], linksTo: (key: string) => readonly string[]): FlatOrder {
  const indexOf = new Map(keys.map((key, index) => [key, index]));
  const linksItself = new Set<number>();
  const needs = keys.map((key, at) => [...new Set(linksTo(key))].flatMap((target) => {
    if (target === key) linksItself.add(at);
    const index = indexOf.get(target);
    return index === undefined || target === key ? [] : [index];
  }));
  const rank = placedInOrder(needs);
  const waitsOn = new Map<string, string[]>();
  // Each file's wave (1 for one that waits for nothing), decided in rank order: what it waits for is decided before it.
  const wave = new Array<number>(keys.length).fill(1);
  const byRank = keys.map((_, index) => index).sort((a, b) => (rank[a] as number) - (rank[b] as number));
  for (const index of byRank) {
    const before = (needs[index] as number[]).filter((target) => (rank[target] as number) < (rank[index] as number) && (wave[target] as number) < MAX_WAVES);
    if (before.length === 0) continue;
    waitsOn.set(keys[index] as string, before.map((target) => keys[target] as string));
    wave[index] = 1 + before.reduce((deepest, target) => Math.max(deepest, wave[target] as number), 0);
  }
  // Sent twice: a file that goes while a page its links name is not there yet (in its own wave or a later one), or
  // whose links name its own new page (its ID is learnt once it landed). A target of a later rank that a cut chain
  // sends in an earlier wave is there in time: the run fills that link in before the file goes.
  const sentTwice = new Set<string>();
  for (const [index, targets] of needs.entries()) {
    if (linksItself.has(index) || targets.some((target) => (wave[target] as number) >= (wave[index] as number))) sentTwice.add(keys[index] as string);
  }
  return { waitsOn, sentTwice };
}

/** Each index's place: after every index it needs, but where a need closes a cycle (the walk of that index still open). */
function placedInOrder(needs: readonly number[][]): number[] {
  const rank = new Array<number>(needs.length).fill(-1);
  const open = new Array<boolean>(needs.length).fill(false);
  let placed = 0;
  // Walked without recursion: a chain of 10,000 files each linking the next would overflow the stack.
  const stack: Array<{ index: number; next: number }> = [];
  for (let start = 0; start < needs.length; start++) {
    if (rank[start] !== -1 || open[start]) continue;
    stack.push({ index: start, next: 0 });
    open[start] = true;
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as { index: number; next: number };
      const targets = needs[top.index] as number[];
      if (top.next < targets.length) {
        const target = targets[top.next++] as number;
        if (rank[target] === -1 && !open[target]) {
          open[target] = true;
          stack.push({ index: target, next: 0 });
        }
        continue;
      }
      stack.pop();
      open[top.index] = false;
      rank[top.index] = placed++;
    }
  }
  return rank;
}
