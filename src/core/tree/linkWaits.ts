// Which of a tree's pages a page's links wait for: the pages its links name that have no ID yet. One rule for the run's
// schedule (runLinks.ts, waitsOn) and for the plan's foresight of second sends (foreseenSends.ts).
import { linkTarget } from '../links/rewrite/linkTarget';
import { linkingFileOf } from './linkTargets';
import { nodeOfFile } from './shape';
import type { TreePage, TreePlan } from './treePlanTypes';

/** The keys of the tree's pages `page`'s links name that `withoutId` says have no ID yet. */
export function linkedPagesWithoutId(page: TreePage, plan: Pick<TreePlan, 'tree' | 'rootInRepository'>, withoutId: (key: string) => boolean): string[] {
  const rootPath = plan.tree.rootPath;
  const from = linkingFileOf(page.node, rootPath);
  const keys = new Set<string>();
  for (const destination of page.linkFacts.destinations) {
    const target = linkTarget(destination, from, plan.rootInRepository);
    if (target.kind !== 'file' || target.path === undefined) continue;
    const key = nodeOfFile(plan.tree, `${rootPath}${target.path}`)?.path.slice(rootPath.length);
    if (key !== undefined && key !== page.key && withoutId(key)) keys.add(key);
  }
  return [...keys];
}
