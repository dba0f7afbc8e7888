// The edit guard over a whole tree plan before anything is sent, the same for the editor's confirmation, a dry run and
// the --expect-plan check of a tree publish: the tree's pages as guardTreePages sees them before the first level is
// sent (nothing is looked up under a folder page that does not exist yet; an unchanged folder page only when pages to
// send go under it), and the files that name their own page as
// runTree guards them. The --expect-plan check works on a copy, since the run guards each level again as it goes.
import { guardPlan, type GuardOptions } from '../run/guard';
import type { PlanItem } from '../run/plan';
import { sendGoneFolderPages } from './goneFolderPages';
import { followNewFolderPages } from './newFolderPage';
import { guardTreePages } from './treeRun';
import type { TreePlan } from './treePlan';

export type TreePlanParts = Pick<TreePlan, 'refused' | 'pinned' | 'pages' | 'tree'>;

export async function guardTreeAsPlanned(plan: TreePlanParts, options: GuardOptions): Promise<void> {
  // An unchanged folder page deleted on the wiki, with pages to send below it, is sent too: they need a parent.
  await sendGoneFolderPages(plan, options);
  await guardTreePages(plan.pages.map((page) => ({ page, item: page.item })), { ...options, underNewPage: (page) => !page.parentKnown });
  // A folder page the guard and the user's choice make a new page takes the recorded pages below it along, each checked
  // for an edit on the wiki first.
  await followNewFolderPages(plan, options);
  if (plan.pinned.length > 0) await guardPlan([...plan.pinned], options);
}

/** The guard replaces an item's guard, state and target rather than changing them in place: a shallow copy is apart. */
export function copyTreePlan(plan: TreePlanParts): TreePlanParts {
  const copy = (item: PlanItem): PlanItem => ({ ...item });
  return { tree: plan.tree, refused: plan.refused.map(copy), pinned: plan.pinned.map(copy), pages: plan.pages.map((page) => ({ ...page, item: copy(page.item) })) };
}

export function treePlanItems(plan: TreePlanParts): PlanItem[] {
  return [...plan.refused, ...plan.pinned, ...plan.pages.map((page) => page.item)];
}
