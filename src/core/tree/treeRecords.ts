// What a tree's run writes to the repository's record as its pages land (treeRun.ts): each page under its key at once,
// so that a re-run after a crash finds the same pages, and the key a renamed page had before forgotten, or it would
// show as an orphan on the next run.
import { succeededPaths } from './retitledSuccessors';
import type { TreeIdentityStore } from './runTypes';
import type { TreePage, TreePlan } from './treePlanTypes';

export interface TreeRecords {
  /** Records the page `page` landed on (`pageId`), under its key. */
  landed(page: TreePage, pageId: string): Promise<void>;
}

export function treeRecords(plan: Pick<TreePlan, 'tree' | 'moves'>, identity: TreeIdentityStore): TreeRecords {
  const rootPath = plan.tree.rootPath;
  // A path whose page followed the new file that took its title (retitledSuccessors), by key: that file's key. Its
  // record names that page until that file has landed on it: if that file is held back (a colleague's edit on the
  // page) or fails, the next run must still know the page as this tree's, to match it again rather than meet "already
  // exists". The path's own new page waits to be recorded until then (never, if that file does not land: the next
  // run's guard finds that page where it is created, carrying this file's notice, and takes it).
  const successorOf = new Map<string, string>();
  const succeeded = succeededPaths(plan.moves, plan.tree);
  for (const rename of plan.moves.renamed) if (succeeded.has(rename.oldPath)) successorOf.set(rename.oldPath.slice(rootPath.length), rename.path.slice(rootPath.length));
  /** The successors recorded: the old key's own page is recorded at once now. */
  const successorsLanded = new Set<string>();
  /** The old key's record, waiting for its successor's, by the successor's key. */
  const waiting = new Map<string, () => Promise<void>>();

  return {
    async landed(page, pageId) {
      const entry = { id: pageId, title: page.item.complete?.pageTitle ?? page.node.title };
      const successor = successorOf.get(page.key);
      if (successor !== undefined && !successorsLanded.has(successor)) {
        waiting.set(successor, () => identity.record(page.key, entry));
        return;
      }
      await identity.record(page.key, entry);
      const oldKey = page.renamedFrom;
      if (oldKey === undefined) return;
      // The page follows the renamed file: its old key would otherwise show as an orphan on the next run.
      if (pageId === page.pageId) await identity.forget?.(oldKey);
      if (successorOf.get(oldKey) !== page.key) return;
      // Set before the wait below: the old key's page landing meanwhile is recorded at once, after this one's.
      successorsLanded.add(page.key);
      const later = waiting.get(page.key);
      waiting.delete(page.key);
      await later?.();
    },
  };
}
