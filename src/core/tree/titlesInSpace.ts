// The platform has long kept a page title unique within a space (a create with a title used elsewhere in the space
// failed); whether it still does is not in the spec. So before a tree is sent, every page it would create is looked
// for by title in the space, and a page found elsewhere is named, with its address, as a caution on the file.
import { englishTreeMessages, type TreeMessages } from '../messages/treeMessages';
import type { WikiPagesClient } from '../wikiPages';
import { readFailureText } from '../wikiPages/readFailureText';
import type { TreePlan } from './treePlan';

const LOOKUPS_AT_ONCE = 4;

/** Adds a 'titleInSpace' caution to each new page whose title another page of the space already has. */
export async function checkTitlesInSpace(
  plan: TreePlan,
  pages: WikiPagesClient,
  spaceId: string,
  signal?: AbortSignal,
  messages: TreeMessages = englishTreeMessages,
): Promise<void> {
  const queue = plan.pages.filter((page) => page.pageId === undefined && page.item.state === 'send');
  const worker = async (): Promise<void> => {
    for (let page = queue.shift(); page; page = queue.shift()) {
      let found;
      try {
        found = await pages.findPagesByTitle(spaceId, page.node.title, signal);
      } catch (error) {
        if (signal?.aborted) throw error;
        page.item.cautions.push({ code: 'titleInSpace', message: messages.titleUncheckable(page.node.title, readFailureText(error, messages)) });
        continue;
      }
      // Under a folder page that does not exist yet nothing can hold the title at its own place: any page is elsewhere.
      const elsewhere = found.filter((other) => !page.parentKnown || other.parentId !== page.item.complete?.parentId);
      const first = elsewhere[0];
      if (!first) continue;
      page.item.cautions.push({ code: 'titleInSpace', message: messages.titleElsewhere(first.title, first.id, first.webUrl) });
    }
  };
  await Promise.all(Array.from({ length: Math.min(LOOKUPS_AT_ONCE, Math.max(1, queue.length)) }, worker));
}
