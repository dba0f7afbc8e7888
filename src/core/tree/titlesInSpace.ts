// The platform has long kept a page title unique within a space (a create with a title used elsewhere in the space
// failed); whether it still does is not in the spec. So before a tree is sent, every page it would create is looked
// for by title in the space, and a page found elsewhere is named, with its address, as a caution on the file.
import { englishTreeMessages, type TreeMessages } from '../messages/treeMessages';
import type { WikiPagesClient } from '../wikiPages';
import { readFailureText } from '../wikiPages/readFailureText';
import { publishedAnew } from './newFolderPage';
import type { TreePage, TreePlan } from './treePlan';

const LOOKUPS_AT_ONCE = 4;

/**
 * The recorded pages the plan knows become new pages: a retitled page (the service finds a page by title); once the
 * guard looked, one deleted on the wiki or moved there and sent anyway (publishedAnew); and the recorded pages below a
 * folder page made anew, which follow it (newFolderPage.ts). Each is a create, whose title may be held elsewhere in the
 * space, by the page it leaves behind too (a moved page, and the pages that went with it, keep their titles).
 */
function recordedPagesMadeAnew(plan: Pick<TreePlan, 'pages'>): { retitled: Set<TreePage>; following: Set<TreePage> } {
  const anew = new Set<string>();
  const retitled = new Set<TreePage>();
  const following = new Set<TreePage>();
  // Parents come before their children.
  for (const page of plan.pages) {
    const parent = page.node.parent;
    const belowNew = parent !== undefined && anew.has(parent);
    if (page.pageId === undefined) {
      if (page.item.state === 'send') anew.add(page.node.path);
      continue;
    }
    const state = page.item.state;
    if (belowNew && (state === 'send' || state === 'unchanged')) {
      anew.add(page.node.path);
      following.add(page);
    } else if ((page.retitledFrom !== undefined && state === 'send') || publishedAnew(page)) {
      anew.add(page.node.path);
      retitled.add(page);
    }
  }
  return { retitled, following };
}

/**
 * Adds a 'titleInSpace' caution to each new page whose title another page of the space already has. Each page is looked
 * up once (TreePage.titleLookedUp): asked again after the guard (guardTreeAsPlanned), it looks up only the pages the
 * guard's verdicts made new since.
 */
export async function checkTitlesInSpace(
  plan: Pick<TreePlan, 'pages'>,
  pages: WikiPagesClient,
  spaceId: string,
  signal?: AbortSignal,
  messages: TreeMessages = englishTreeMessages,
): Promise<void> {
  const madeAnew = recordedPagesMadeAnew(plan);
  const queue = plan.pages.filter((page) => page.titleLookedUp !== true
    && ((page.pageId === undefined && page.item.state === 'send') || madeAnew.retitled.has(page) || madeAnew.following.has(page)));
  const worker = async (): Promise<void> => {
    for (let page = queue.shift(); page; page = queue.shift()) {
      page.titleLookedUp = true;
      let found;
      try {
        found = await pages.findPagesByTitle(spaceId, page.node.title, signal);
      } catch (error) {
        if (signal?.aborted) throw error;
        page.item.cautions.push({ code: 'titleInSpace', message: messages.titleUncheckable(page.node.title, readFailureText(error, messages)) });
        continue;
      }
      // Under a folder page that does not exist yet nothing can hold the title at its own place: any page is elsewhere.
      // A page following a new folder page goes under that page, whatever parent the plan holds for it now.
      const parentKnown = page.parentKnown && !madeAnew.following.has(page);
      const elsewhere = found.filter((other) => !parentKnown || other.parentId !== page.item.complete?.parentId);
      const first = elsewhere[0];
      if (!first) continue;
      page.item.cautions.push({ code: 'titleInSpace', message: messages.titleElsewhere(first.title, first.id, first.webUrl) });
    }
  };
  await Promise.all(Array.from({ length: Math.min(LOOKUPS_AT_ONCE, Math.max(1, queue.length)) }, worker));
}
