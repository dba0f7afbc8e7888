// A folder page published as a new page takes the pages below it along. That happens when its recorded page was moved
// on the wiki and the user sends it anyway, or was deleted there. The service finds a page by title and parent, so
// under the new folder page each page below is created anew; the page each of them published before stays where it
// is. The plan says so before sending (a caution on each page); the run sends those pages even when their text did not
// change, since the new folder page would otherwise be left without its children while the repository records pages
// elsewhere; and the run lists the pages this tree recorded that new pages replaced and that are still on the wiki.
// A page below whose own page a colleague edited on the wiki does not follow unasked: the new page would lack the edit,
// left behind on the old page. The edit guard holds it back as it would hold back its update.
import { englishTreeMessages, type TreeMessages } from '../messages/treeMessages';
import { fromAnotherRepository } from '../publish/publishNotice';
import { guardPlan, movedUnderOf, type GuardOptions } from '../run/guard';
import { GUARD_TIMEOUT_MS } from '../run/lookupDeadline';
import type { PlanItem } from '../run/planItem';
import type { WikiPagesClient } from '../wikiPages';
import type { OrphanPage } from './moves';
import type { PageTree } from './shape';
import { pagesByLevel } from './treePages';
import type { TreePage, TreePlan } from './treePlanTypes';

/**
 * Whether the guard's verdict and the user's choice make a recorded page of the tree a new page: its page was deleted
 * on the wiki, or moved there and sent anyway (sendEditedAnyway), or its title changed (the service finds a page by
 * title), so the file is sent as a create.
 */
export function publishedAnew(page: TreePage): boolean {
  const { item } = page;
  if (page.pageId === undefined || item.state !== 'send' || item.linkedPage) return false;
  return page.retitledFrom !== undefined || item.guard?.kind === 'deleted' || movedUnderOf(item.guard) !== undefined;
}

/**
 * Whether a page below a folder page published anew goes with it: a recorded page that would be sent or is unchanged.
 * One held back (edited on the wiki) or refused stays so: it is sent only as the guard lets it.
 */
function followsNewFolderPage(page: TreePage): boolean {
  return page.pageId !== undefined && (page.item.state === 'send' || page.item.state === 'unchanged') && page.item.complete !== undefined;
}

/**
 * A recorded page below a folder page that gets a new page in this run: sent as a create under it, with a caution naming
 * the page it leaves. Says whether the page follows, and whether it goes only for that (it was unchanged). `overwrite`:
 * the folder page landed on a page that was there already (taken over, not created), so pages may be under it, and the
 * user's --overwrite (TreePlan.overwrite) decides whether one found there is updated, as for any page no record names.
 */
export function followNewFolderPage(page: TreePage, folderTitle: string, words: TreeMessages = englishTreeMessages, overwrite = false): 'no' | 'follows' | 'followsUnchanged' {
  const { item } = page;
  if (!followsNewFolderPage(page) || !item.complete || page.pageId === undefined) return 'no';
  const wasUnchanged = item.state === 'unchanged';
  item.state = 'send';
  // Nothing can be under a folder page that does not exist yet; under one taken over, whatever holds the title there is
  // replaced only when the user said so.
  item.complete = { ...item.complete, overwrite };
  item.linkedPage = false;
  const message = words.followsNewPage(folderTitle, page.pageId);
  if (!item.cautions.some((caution) => caution.code === 'followsNewPage')) item.cautions = [...item.cautions, { code: 'followsNewPage', message }];
  return wasUnchanged ? 'followsUnchanged' : 'follows';
}

/**
 * The recorded pages below a folder page made anew, checked before they follow it: the page each of them published
 * before, as the edit guard checks an update of it (a teammate's or CI's publish of a page the repository records is
 * no edit). One edited on the wiki (or moved there) is held back, state 'edited' with the guard's verdict, unless the
 * user chose to overwrite it: created anew, the page would lack the colleague's edit, left behind on the old page.
 * Pages already held back are checked again, since the user's choice may send them now. Returns those held back.
 */
export async function holdEditedFollowers(candidates: readonly TreePage[], options: GuardOptions, tree: PageTree): Promise<Set<TreePage>> {
  const probes = candidates.flatMap((page) => {
    const probe = oldPageProbe(page);
    return probe ? [{ page, probe }] : [];
  });
  const held = new Set<TreePage>();
  if (probes.length === 0) return held;
  // Probes of pages already recorded, not pages with titles of their own to compare (the tree did, checkTreeOnWiki).
  await guardPlan(probes.map(({ probe }) => probe), { ...options, titlesCheckedByTree: true });
  for (const { page, probe } of probes) {
    if (probe.state === 'edited') {
      page.item.state = 'edited';
      page.item.guard = probe.guard;
      page.item.heldBelowNewPage = folderTitleOf(tree, page);
      held.add(page);
    } else if (page.item.state === 'edited') {
      // Held back before, and now sent by the user's choice: it follows like any page below.
      page.item.state = 'send';
      delete page.item.heldBelowNewPage;
    }
  }
  return held;
}

/** The title of the tree's page a page goes under (its folder's page). */
export function folderTitleOf(tree: PageTree, page: TreePage): string {
  const parent = page.node.parent ?? '';
  return tree.byPath.get(parent)?.title ?? parent.slice(tree.rootPath.length);
}

/** Whether a page below a folder page made anew is looked at to follow it: a recorded page that is sent, unchanged or held. */
export function mayFollowNewFolderPage(page: TreePage): boolean {
  return followsNewFolderPage(page) || (page.pageId !== undefined && page.item.state === 'edited' && page.item.complete !== undefined);
}

/** The page's plan as an update of the page it published before, where that page is, for the guard to look at. */
function oldPageProbe(page: TreePage): PlanItem | undefined {
  const { item, pageId } = page;
  if (pageId === undefined || !item.complete) return undefined;
  // The page this machine last published (its link), else the page the repository records, published from here never.
  const { spaceId, parentId, pageTitle } = item.complete;
  const link = item.link?.pageId === pageId ? item.link : { spaceId, parentId, pageTitle, pageId, publishedAt: 0 };
  return {
    ...item, state: 'send', link, linkedPage: true, cautions: [],
    complete: { spaceId: link.spaceId, parentId: link.parentId, pageTitle: link.pageTitle, overwrite: true },
  };
}

/**
 * The plan's view of the same, after the guard: the recorded pages below a folder page that this publish makes anew
 * follow it (and the pages below those), unless held back for an edit on the wiki. Level by level, parents first, so
 * that each level's pages are looked up together.
 */
export async function followNewFolderPages(plan: Pick<TreePlan, 'pages' | 'tree'>, options: GuardOptions): Promise<void> {
  const words = options.messages ?? englishTreeMessages;
  const anew = new Set<string>();
  // Pages that overwriting edited pages would publish anew: a page moved on the wiki is held back, and sent anyway it
  // becomes a new page, which takes the pages below it along (and so on down).
  const anewIfOverwritten = new Set<string>();
  for (const level of pagesByLevel(plan.pages)) {
    const candidates = level.filter((page) => page.node.parent !== undefined && anew.has(page.node.parent) && mayFollowNewFolderPage(page));
    await holdEditedFollowers(candidates, options, plan.tree);
    for (const page of level) {
      const parent = page.node.parent;
      const underNewPage = parent !== undefined && anew.has(parent);
      if (underNewPage && followNewFolderPage(page, folderTitleOf(plan.tree, page), words) !== 'no') {
        // Its parent has no ID before sending now: the plan names the tree's page it goes under.
        page.parentKnown = false;
        page.item.guard = { kind: 'absent' };
        anew.add(page.node.path);
      } else if (underNewPage && leavesLinkedPlace(page)) {
        // Planned under the folder page this machine's record names, which is made anew: created under its new page,
        // as the run does (treeRun.ts, withParent), and so is every page below it.
        page.parentKnown = false;
        page.item.guard = { kind: 'absent' };
        page.item.linkedPage = false;
        if (page.item.complete) page.item.complete = { ...page.item.complete, overwrite: false };
        // Unchanged, it still goes: its page is under the folder page that is gone.
        if (page.item.state === 'unchanged') page.item.state = 'send';
        anew.add(page.node.path);
      } else if ((page.pageId === undefined && !atLinkedPlace(page)) || publishedAnew(page) || titledBackIn(page)) {
        anew.add(page.node.path);
      } else if (movedUnderOf(page.item.guard) !== undefined && page.item.state === 'edited') {
        anewIfOverwritten.add(page.node.path);
      } else if (parent !== undefined && (anew.has(parent) || anewIfOverwritten.has(parent)) && mayFollowNewFolderPage(page)) {
        // Below a folder page that is new, or would be were edited pages overwritten: overwriting creates this page
        // anew under it, so a held page's edit is not replaced but left behind, and the plan says so.
        if (page.item.state === 'edited') page.item.heldBelowNewPage = folderTitleOf(plan.tree, page);
        anewIfOverwritten.add(page.node.path);
      }
    }
  }
}

/**
 * A page sent to the page its title is back to (TreePage.titledBackTo): not the page the repository records for it, so
 * the recorded pages below it are under another page, as below a folder page made anew (the run: parentReplaced).
 */
function titledBackIn(page: TreePage): boolean {
  return page.titledBackTo !== undefined && page.item.state === 'send';
}

/**
 * A page the repository does not record that stays the page this machine's record names, at its place (planTreeOf.ts):
 * not a new page, so the pages planned below it keep their places.
 */
function atLinkedPlace(page: TreePage): boolean {
  return page.pageId === undefined && page.parentKnown && page.item.linkedPage && page.item.state !== 'refused';
}

/** A page the repository does not record, planned as its link's page below a folder page: it leaves that place when the folder page is made anew. */
function leavesLinkedPlace(page: TreePage): boolean {
  return atLinkedPlace(page) && page.node.parent !== undefined && (page.item.state === 'send' || page.item.state === 'unchanged' || page.item.state === 'edited');
}

/** The recorded pages below a page of the tree (its whole subtree) that follow it when it is published anew. */
export function recordedPagesBelow(plan: Pick<TreePlan, 'pages'>, page: TreePage): TreePage[] {
  const prefix = page.node.path;
  if (!prefix.endsWith('/')) return [];
  return plan.pages.filter((other) => other !== page && other.node.path.startsWith(prefix) && followsNewFolderPage(other));
}

/** The recorded pages of the tree that got another ID in this run (created anew), by the IDs known now. */
export function replacedPages(plan: Pick<TreePlan, 'pages'>, idsNow: ReadonlyMap<string, string>): TreePage[] {
  return plan.pages.filter((page) => page.pageId !== undefined && idsNow.has(page.key) && idsNow.get(page.key) !== page.pageId);
}

/**
 * The pages this tree recorded that the run replaced with new pages (a new ID recorded for the same file) and that are
 * still on the wiki: the service can neither move nor delete them, so the user decides. A page deleted on the wiki is
 * gone and not listed, nor is a page another file holds now (`idsNow`: two files that swapped names, each sent over the
 * other's page): it is that file's page, and removing it would remove that file's text from the wiki.
 */
export async function pagesLeftBehind(replaced: readonly TreePage[], idsNow: ReadonlyMap<string, string>, pages: WikiPagesClient | undefined): Promise<OrphanPage[]> {
  if (!pages || replaced.length === 0) return [];
  const heldNow = new Set(idsNow.values());
  const left = replaced.filter((page) => !heldNow.has(page.pageId as string));
  if (left.length === 0) return [];
  // With their bodies, 250 a request, under a deadline: a cancelled run still says what it left. A page whose body
  // carries no notice of this repository is said so: the record alone names it this tree's page.
  const found = await pages.getPages(left.map((page) => page.pageId as string), AbortSignal.timeout(GUARD_TIMEOUT_MS), { withBody: true }).catch(() => undefined);
  if (!found) return [];
  const entries: OrphanPage[] = [];
  for (const page of left) {
    const old = found.get(page.pageId as string);
    if (!old) continue;
    const marker = old.body?.marker;
    const entry: OrphanPage = { path: page.node.path, pageId: old.id, title: old.title };
    if (marker === undefined || fromAnotherRepository(marker)) entry.noNotice = true;
    entries.push(entry);
  }
  return entries;
}
