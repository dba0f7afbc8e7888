// The edit guard over a whole tree plan before anything is sent, the same for the editor's confirmation, a dry run and
// the --expect-plan check of a tree publish: the tree's pages as guardTreePages sees them before the first level is
// sent (nothing is looked up under a folder page that does not exist yet; an unchanged page only to see it is still
// there), and the files that name their own page as runTree guards them. The --expect-plan check works on a copy,
// since the run guards each level again as it goes.
import { guardPlan, type GuardOptions } from '../run/guard';
import type { PlanItem } from '../run/planItem';
import { sendGoneTreePages } from './goneTreePages';
import { followNewFolderPages } from './newFolderPage';
import { checkTitlesInSpace } from './titlesInSpace';
import { refuseCreatesUnderUnconfirmedFolders } from './unconfirmedFolders';
import { guardTreePages } from './treeRun';
import type { TreePlan } from './treePlanTypes';

export type TreePlanParts = Pick<TreePlan, 'refused' | 'pinned' | 'pages' | 'tree' | 'read'>;

export async function guardTreeAsPlanned(plan: TreePlanParts, given: GuardOptions): Promise<void> {
  // The pages the plan read with their bodies are not asked for again.
  const options: GuardOptions = plan.read !== undefined && given.read === undefined ? { ...given, read: plan.read } : given;
  // An unchanged page deleted on the wiki is sent too, made anew (and the pages below a folder page follow it).
  await sendGoneTreePages(plan, options);
  const looked = { ...options, lookUpUnchanged: false };
  await guardTreePages(plan.pages.map((page) => ({ page, item: page.item })), { ...looked, underNewPage: (page) => !page.parentKnown });
  // A folder page the guard and the user's choice make a new page takes the recorded pages below it along, each checked
  // for an edit on the wiki first.
  await followNewFolderPages(plan, looked);
  // Nothing is created under a folder page held back because nothing tells whose it is (unconfirmedFolders.ts).
  refuseCreatesUnderUnconfirmedFolders(plan, options.messages);
  // The tree compared their titles across the space's two names (checkTreeOnWiki): not the flat plan's check again.
  if (plan.pinned.length > 0) await guardPlan([...plan.pinned], { ...looked, titlesCheckedByTree: true });
  // The pages the verdicts made new (a folder page deleted or moved on the wiki, sent anyway, and the pages that follow
  // it; a file that names its own page whose page is gone) are known only now: their titles are looked for in the space
  // as the new pages' were (checkTreeOnWiki). Every page of a tree is in the tree's space; a file that names its page
  // is looked for in the space it names.
  const spaceId = plan.pages.find((page) => page.item.complete !== undefined)?.item.complete?.spaceId;
  if (options.pages) await checkTitlesInSpace(plan, options.pages, spaceId, options.signal, options.messages);
}

/** The guard replaces an item's guard, state and target rather than changing them in place: a shallow copy is apart. */
export function copyTreePlan(plan: TreePlanParts): TreePlanParts {
  const copy = (item: PlanItem): PlanItem => ({ ...item });
  return { tree: plan.tree, refused: plan.refused.map(copy), pinned: plan.pinned.map(copy), pages: plan.pages.map((page) => ({ ...page, item: copy(page.item) })), ...(plan.read ? { read: plan.read } : {}) };
}

export function treePlanItems(plan: TreePlanParts): PlanItem[] {
  // One array filled in order, not spread from a mapped copy of the pages (asked of a plan of 10,000 pages several times).
  const items: PlanItem[] = [...plan.refused, ...plan.pinned];
  for (const page of plan.pages) items.push(page.item);
  return items;
}
