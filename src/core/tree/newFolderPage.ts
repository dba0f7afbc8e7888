// A folder page published as a new page takes the pages below it along. That happens when its recorded page was moved
// on the wiki and the user sends it anyway, or was deleted there. The service finds a page by title and parent, so
// under the new folder page each page below is created anew; the page each of them published before stays where it
// is. The plan says so before sending (a caution on each page); the run sends those pages even when their text did not
// change, since the new folder page would otherwise be left without its children while the repository records pages
// elsewhere; and the run lists the pages this tree recorded that new pages replaced and that are still on the wiki.
import { englishTreeMessages, type TreeMessages } from '../messages/treeMessages';
import type { WikiPagesClient } from '../wikiPages';
import type { OrphanPage } from './moves';
import type { TreePage, TreePlan } from './treePlan';

/**
 * Whether the guard's verdict and the user's choice make a recorded page of the tree a new page: its page was deleted
 * on the wiki, or moved there and sent anyway (sendEditedAnyway), so the file is sent as a create.
 */
export function publishedAnew(page: TreePage): boolean {
  const { item } = page;
  if (page.pageId === undefined || item.state !== 'send' || item.linkedPage) return false;
  return item.guard?.kind === 'deleted' || (item.guard?.kind === 'edited' && item.guard.movedUnder !== undefined);
}

/**
 * A recorded page below a folder page that gets a new page in this run: sent as a create under it, with a caution naming
 * the page it leaves. An item held back (edited on the wiki) or refused stays so: its folder page's children are sent
 * only as the guard lets them. Says whether the page follows, and whether it goes only for that (it was unchanged).
 */
export function followNewFolderPage(page: TreePage, folderTitle: string, words: TreeMessages = englishTreeMessages): 'no' | 'follows' | 'followsUnchanged' {
  const { item } = page;
  if (page.pageId === undefined || (item.state !== 'send' && item.state !== 'unchanged') || !item.complete) return 'no';
  const wasUnchanged = item.state === 'unchanged';
  item.state = 'send';
  // Nothing can be under a folder page that does not exist yet; whatever holds the title there is never replaced.
  item.complete = { ...item.complete, overwrite: false };
  item.linkedPage = false;
  const message = words.followsNewPage(folderTitle, page.pageId);
  if (!item.cautions.some((caution) => caution.code === 'followsNewPage')) item.cautions = [...item.cautions, { code: 'followsNewPage', message }];
  return wasUnchanged ? 'followsUnchanged' : 'follows';
}

/**
 * The plan's view of the same, after the guard: the recorded pages below a folder page that this publish makes anew
 * follow it (and the pages below those). Parents come before their children in the tree's pages.
 */
export function followNewFolderPages(plan: Pick<TreePlan, 'pages'>, words: TreeMessages = englishTreeMessages): void {
  const anew = new Set<string>();
  const titleOf = new Map(plan.pages.map((page) => [page.node.path, page.node.title]));
  for (const page of plan.pages) {
    const parent = page.node.parent;
    const underNewPage = parent !== undefined && anew.has(parent);
    if (underNewPage && followNewFolderPage(page, titleOf.get(parent) ?? parent, words) !== 'no') {
      // Its parent has no ID before sending now: the plan names the tree's page it goes under.
      page.parentKnown = false;
      page.item.guard = { kind: 'absent' };
      anew.add(page.node.path);
    } else if (page.pageId === undefined || publishedAnew(page)) {
      anew.add(page.node.path);
    }
  }
}

/** The recorded pages below a page of the tree (its whole subtree), which follow it when it is published anew. */
export function recordedPagesBelow(plan: Pick<TreePlan, 'pages'>, page: TreePage): TreePage[] {
  const prefix = page.node.path;
  if (!prefix.endsWith('/')) return [];
  return plan.pages.filter((other) => other !== page && other.pageId !== undefined && other.node.path.startsWith(prefix));
}

/**
 * The pages this tree recorded that the run replaced with new pages (a new ID recorded for the same file) and that are
 * still on the wiki: the service can neither move nor delete them, so the user decides. A page deleted on the wiki is
 * gone and not listed.
 */
export async function pagesLeftBehind(plan: Pick<TreePlan, 'pages'>, idsNow: ReadonlyMap<string, string>, pages: WikiPagesClient | undefined, signal?: AbortSignal): Promise<OrphanPage[]> {
  if (!pages) return [];
  const replaced = plan.pages.filter((page) => page.pageId !== undefined && idsNow.has(page.key) && idsNow.get(page.key) !== page.pageId);
  const found = await Promise.all(replaced.map(async (page) => {
    const old = await pages.getPage(page.pageId as string, signal).catch(() => undefined);
    return old ? { path: page.node.path, pageId: old.id, title: old.title } : undefined;
  }));
  return found.filter((entry): entry is OrphanPage => entry !== undefined);
}
