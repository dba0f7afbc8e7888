// A tree hangs under the one page the user chose (the prompt, --parent, or the root its manifest records). With page
// access that page is looked up before anything is sent: a parent that is missing, deleted, hidden from this account
// or in another space would make every top-level page fail and hold back every page below them, one request each.
// The plan refuses the tree's pages instead, with the reason and the fix, before the confirmation or the dry run. The
// page read also gives the chosen page's title and parent: a file whose front matter names that place is refused.
import { englishTreeMessages, type TreeMessages } from '../messages/treeMessages';
import { refuseItem } from '../run/plan';
import type { WikiPage, WikiPagesClient } from '../wikiPages';
import { readFailureText } from '../wikiPages/readFailureText';
import { checkFollowedPages } from './followedPages';
import { cautionUncheckedChosenPage, refuseFilesAtChosenPage } from './chosenPage';
import { checkOrphansOnWiki } from './orphansOnWiki';
import { checkTitlesAcrossSpaceNames } from './titlesAcrossSpaceNames';
import { checkTitlesInSpace } from './titlesInSpace';
import type { TreePlan } from './treePlanTypes';

export interface TreeParentChoice {
  /** The space the tree publishes to, as given (key or numeric ID). */
  spaceId: string;
  parentId: string;
  /** The folder's manifest names this parent (no prompt or flag chose it this time): the fix differs. */
  recorded: boolean;
  /** Pages this plan read a moment ago (the recorded pages and the parent): the parent is not asked for again. */
  read?: ReadonlyMap<string, WikiPage>;
}

/**
 * Refuses every page of the tree that would be sent when its parent page is not there, or not in the tree's space.
 * A lookup that fails (network, rights to the space list) decides nothing: sending then says what the wiki says. The
 * files that name their own page at the chosen page's title and parent are refused (refuseFilesAtChosenPage); when the
 * chosen page cannot be read, those that could be it are cautioned that this could not be checked.
 */
export async function checkTreeParent(
  plan: TreePlan,
  pages: WikiPagesClient,
  choice: TreeParentChoice,
  signal?: AbortSignal,
  messages: TreeMessages = englishTreeMessages,
): Promise<void> {
  let reason: string | undefined;
  let chosenRead = false;
  try {
    const parent = choice.read?.get(choice.parentId) ?? await pages.getPage(choice.parentId, signal);
    if (!parent) reason = messages.treeParentMissing(choice.parentId, choice.recorded);
    else {
      // A file whose front matter names the chosen page by its own title and parent would rewrite it (chosenPage.ts).
      refuseFilesAtChosenPage(plan.pinned, parent, messages);
      chosenRead = true;
      if (parent.spaceId !== undefined) {
        const space = await pages.resolveSpace(choice.spaceId, signal);
        if (space && space.id !== parent.spaceId) reason = messages.treeParentInOtherSpace(choice.parentId, space.key, choice.recorded);
      }
    }
  } catch (error) {
    if (signal?.aborted) throw error;
    // Sending says what the wiki says; but whether a file names the chosen page is known to nothing else.
    if (!chosenRead) cautionUncheckedChosenPage(plan.pinned, choice.parentId, readFailureText(error, messages), messages);
    return;
  }
  if (reason === undefined) return;
  for (const page of plan.pages) {
    const state = page.item.state;
    if (state === 'unchanged' || state === 'refused' || state === 'incomplete') continue;
    refuseItem(page.item, { code: 'treeParent', message: reason, fix: undefined });
  }
}

/**
 * What a tree's plan learns from the wiki before it is shown, with page access: whether the pages it takes as following
 * moved files that name their page are at the places those name (checkFollowedPages), whether its parent page is there
 * (checkTreeParent), whether a file names the tree's space by its other name (key or ID) with a title a page of the
 * plan has (checkTitlesAcrossSpaceNames), then which titles of the pages it would create (the tree's, and those of the
 * files that name their own page) other pages of the space already hold (checkTitlesInSpace), and which orphans the
 * wiki does not list any more (checkOrphansOnWiki).
 */
export async function checkTreeOnWiki(
  plan: TreePlan,
  pages: WikiPagesClient,
  choice: TreeParentChoice,
  signal?: AbortSignal,
  messages: TreeMessages = englishTreeMessages,
): Promise<void> {
  await checkFollowedPages(plan, pages, signal, messages);
  await checkTreeParent(plan, pages, choice, signal, messages);
  await checkTitlesAcrossSpaceNames(plan, pages, choice.spaceId, signal, messages);
  await checkTitlesInSpace(plan, pages, choice.spaceId, signal, messages);
  await checkOrphansOnWiki(plan, pages, signal);
}

/**
 * The wiki a tree's plan reads before it is returned (planTreeOnDisk, planTreeFromWalk): given, the plan has page
 * access and runs checkTreeOnWiki itself, so that no front end that plans a tree with page access can skip the rules
 * that protect its pages (its parent page, titles held elsewhere in the space, a space written two ways, followed
 * pages, orphans gone from the wiki).
 */
export interface TreePlanWiki {
  pages: WikiPagesClient;
  /** The folder's manifest names the parent page (no prompt or flag chose it this time): the fix differs. */
  parentRecorded: boolean;
  /** Stops the lookups (the command line's interrupt). */
  signal?: AbortSignal;
  /**
   * Runs the lookups, given what stops them: the editor shows them in a progress notification whose Cancel aborts
   * them. Without it they run at once, stopped by `signal`. A rejection (the lookups aborted) rejects the plan.
   */
  whileLooking?: (look: (signal: AbortSignal | undefined) => Promise<void>) => Promise<void>;
}
