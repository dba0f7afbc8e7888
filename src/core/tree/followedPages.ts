// A file whose front matter names its page, moved in the tree, where a page of its title was recorded under its old
// path at another parent than the one it names (MoveReport.undecided): the page followed the file if a file that named
// it was there before, or it stays under its old folder's page if it was a page of the tree. The record cannot tell;
// the page's parent on the wiki can. Looked up before the plan is shown, so that the plan, the move report and the
// guard say the same: a page elsewhere is no page of the file (an orphan, listed with its address), and the file makes
// a page of its own where its front matter says, create only.
import { englishTreeMessages, type TreeMessages } from '../messages/treeMessages';
import { compareRelativePaths } from '../walk/walkRules';
import type { WikiPagesClient } from '../wikiPages';
import type { FollowToCheck, TreePlan } from './treePlanTypes';

/**
 * Settles TreePlan.followsToCheck. A lookup that fails, or a page deleted on the wiki, decides nothing here: the edit
 * guard looks again and says so (a moved page is then held back, never replaced).
 */
export async function checkFollowedPages(plan: Pick<TreePlan, 'followsToCheck' | 'moves'>, pages: WikiPagesClient, signal?: AbortSignal, messages: TreeMessages = englishTreeMessages): Promise<void> {
  const follows = plan.followsToCheck;
  if (follows === undefined) return;
  delete plan.followsToCheck;
  const left: FollowToCheck[] = [];
  for (const follow of follows) {
    let parentId: string | undefined;
    try {
      parentId = (await pages.getPage(follow.move.pageId, signal))?.parentId;
    } catch (error) {
      if (signal?.aborted) throw error;
      continue;
    }
    if (parentId !== undefined && parentId !== follow.item.complete?.parentId) left.push(follow);
  }
  if (left.length === 0) return;
  for (const follow of left) {
    const { item, before, move } = follow;
    delete item.link;
    item.target = before.target;
    if (before.complete) item.complete = before.complete;
    else delete item.complete;
    item.linkedPage = before.linkedPage;
    item.cautions.push({ code: 'leavesPage', message: messages.leavesRecordedPage(follow.title, move.pageId, move.oldPath) });
    plan.moves.orphans.push({ path: move.oldPath, pageId: move.pageId, title: follow.title });
  }
  plan.moves.renamed = plan.moves.renamed.filter((move) => !left.some((follow) => follow.move === move));
  plan.moves.orphans.sort((a, b) => compareRelativePaths(a.path, b.path));
}
