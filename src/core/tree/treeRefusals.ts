// What a tree plan refuses before anything is sent: pages under a refused folder, pages whose parent's ID cannot be
// learnt, pages the repository's record refuses, titles used twice in the tree's space, and where each file refused
// before the tree was shaped would have gone.
import type { TreeMessages } from '../messages/treeMessages';
import { refusedForWantOfWiki, refuseItem } from '../run/plan';
import type { PlanItem } from '../run/planItem';
import type { Blocker } from '../publish/preflight';
import { keyOfLabel, reliesOnRecord } from './recordedEntries';
import { groupByTitleInSpace, otherNames } from '../run/sameTitles';
import { isBelow, parentFolderOf } from '../walk/relativePaths';
import type { PageTree, TreeNode } from './shape';
import type { RefusedPlace, TreePage, TreePlanOptions } from './treePlanTypes';

/**
 * The pages and files whose record the wiki refused (TreePlanOptions.refusedEntries), and, without page access, every
 * one that would be sent to a page only the repository's record names: a record is never used unchecked. The pages
 * below a refused folder page are refused after (refuseUnderRefusedFolders).
 */
export function refuseByRecord(pages: readonly TreePage[], pinned: readonly PlanItem[], options: TreePlanOptions, rootPath: string, words: TreeMessages): void {
  const refused = options.refusedEntries;
  const at = (key: string): string => options.identity.locate?.(key) ?? key;
  const byRecord = (item: PlanItem, key: string, pageId: string | undefined): void => {
    const reason = refused?.get(key);
    if (reason !== undefined) {
      refuseItem(item, { code: 'recordedEntry', message: reason, fix: undefined });
      if (options.entriesUnread !== undefined) item.guard = options.entriesUnread;
    }
    else if (!options.pageAccess && pageId !== undefined && item.state === 'send') refuseItem(item, new UncheckedEntryRefusal(words, at, key, pageId));
  };
  for (const page of pages) byRecord(page.item, page.renamedFrom ?? page.key, page.pageId);
  for (const item of pinned) {
    const key = keyOfLabel(item.file.label, rootPath);
    if (key !== undefined) byRecord(item, key, reliesOnRecord(item) ? item.link?.pageId : undefined);
  }
}

/**
 * A page refused because its record cannot be checked without page access. Its sentence names the entry's line and
 * key (Blocker.ownEntry), and is put together each time it is read (when the plan is printed), not when the page is
 * refused: a plan without page access refuses each of 10,000 pages so, and the pieces of 10,000 such sentences were
 * kept with the plan from here to the end of the run, copied by the young generation's collections (2.5 MB).
 */
class UncheckedEntryRefusal implements Blocker {
  readonly code = 'noPageAccess';
  readonly fix = undefined;
  readonly ownEntry = true;

  constructor(private readonly words: TreeMessages, private readonly at: (key: string) => string, private readonly key: string, private readonly pageId: string) {}

  get message(): string {
    return this.words.entryUnchecked(this.at(this.key), this.key, this.pageId);
  }
}

/** TreePlan.refusedUnder: each refused file's folder below the published folder, with its page as the tree plans it. */
export function placesOfRefused(refused: readonly PlanItem[], tree: PageTree, parentRecordedId: (folderPath: string) => string | undefined): Map<string, RefusedPlace> | undefined {
  let places: Map<string, RefusedPlace> | undefined;
  for (const item of refused) {
    const folder = parentFolderOf(item.file.label);
    if (!isBelow(folder, tree.rootPath)) continue;
    const place: RefusedPlace = { parentKey: folder.slice(tree.rootPath.length) };
    const node = tree.byPath.get(folder);
    if (node !== undefined) {
      place.parentTitle = node.title;
      const id = parentRecordedId(folder);
      if (id !== undefined) place.parentId = id;
    }
    (places ??= new Map()).set(item.file.label, place);
  }
  return places;
}

/**
 * The platform keeps a title unique in a space, ignoring case: two pages of one tree with one title cannot both land,
 * nor a tree page and a file whose front matter names its own page in the tree's space (pinned), nor two such files
 * in any one space (the tree's or another: under one parent the second would even overwrite the first with
 * --overwrite). planTree plans pinned files one by one, so this is the only check of their titles: each is refused
 * once for it. Found from the titles alone, before the pages are planned: a generated folder page does not link a
 * refused child.
 */
export function titleCollisions(tree: PageTree, pinned: readonly PlanItem[], spaceId: string, words: TreeMessages): { ofNode: Map<TreeNode, Blocker>; ofPinned: Map<PlanItem, Blocker> } {
  // Filled in loops, not spread from mapped arrays: one entry per page of the tree.
  const titled: Array<{ name: string; space: string; title: string; node: TreeNode | undefined; pinned: PlanItem | undefined; generated: boolean }> = [];
  // A folder page is named by its content file, the file to edit; a generated one has only its folder.
  // One titled by a content file that holds nothing but its title is named by that file, which holds the title to edit.
  for (const node of tree.nodes) titled.push({ name: node.contentFrom ?? node.titleFrom ?? node.path, space: spaceId, title: node.title, node, pinned: undefined, generated: node.generated === true && node.titleFrom === undefined });
  // One that is refused takes no title; an unchanged one holds its title already.
  for (const item of pinned) {
    if (item.complete && item.state !== 'refused') titled.push({ name: item.file.label, space: item.complete.spaceId, title: item.complete.pageTitle, node: undefined, pinned: item, generated: false });
  }
  const found = { ofNode: new Map<TreeNode, Blocker>(), ofPinned: new Map<PlanItem, Blocker>() };
  for (const group of groupByTitleInSpace(titled, (entry) => entry.title, (entry) => entry.space)) {
    for (const entry of group) {
      const others = otherNames(group, (other) => other !== entry, (other) => other.name);
      // A generated folder page has no file to retitle: its title is its folder's name.
      const message = entry.generated ? words.generatedTitleCollision(entry.title, others) : words.titleCollision(entry.title, others);
      const refusal: Blocker = { code: 'duplicatePage', message, fix: entry.generated ? undefined : 'editFile' };
      if (entry.node) found.ofNode.set(entry.node, refusal);
      else if (entry.pinned) found.ofPinned.set(entry.pinned, refusal);
    }
  }
  return found;
}

export function refuse(item: PlanItem, refusal: Blocker | undefined): void {
  if (refusal === undefined) return;
  refuseItem(item, refusal);
}

/**
 * A page under a folder page the plan refuses, with no page recorded for that folder, has no parent to land under: the
 * run would refuse it (parentNotPublished), so the plan does, and so every page below it. Pages come parents first.
 * Below a folder page refused only for want of page access, the refusal is of that kind too: a plan without page access
 * (a fork's pull request) then describes the page as one a publish with access sends (planDigest.ts), which it is,
 * since that publish creates the folder page first.
 */
export function refuseUnderRefusedFolders(pages: readonly TreePage[], words: TreeMessages): void {
  // Each refused folder page by its path: its title, and whether page access is all it lacks.
  const refusedFolders = new Map<string, { title: string; accessOnly: boolean }>();
  for (const page of pages) {
    const parent = page.node.parent === undefined || page.parentKnown ? undefined : refusedFolders.get(page.node.parent);
    if (parent !== undefined && page.item.state !== 'refused') {
      refuse(page.item, { code: parent.accessOnly ? 'noPageAccess' : 'duplicatePage', message: words.parentRefused(parent.title), fix: undefined });
    }
    if (page.node.kind === 'folder' && page.item.state === 'refused') {
      const accessOnly = refusedForWantOfWiki(page.item);
      refusedFolders.set(page.node.path, { title: page.node.title, accessOnly });
    }
  }
}

/** A new page's ID is learnt after it lands through the page routes; without them its children would have no parent. */
export function refuseWithoutIds(pages: readonly TreePage[], withoutId: (page: TreePage) => boolean, words: TreeMessages): void {
  for (const page of pages) {
    if (!withoutId(page) || page.item.state === 'refused') continue;
    refuseItem(page.item, { code: 'noPageAccess', message: words.noPageAccess(), fix: undefined });
  }
}
