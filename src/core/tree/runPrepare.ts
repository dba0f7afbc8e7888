// Getting a tree's pages ready to go, once their folder's page has its result (treeRun.ts): each under its parent's
// ID (the chosen page at the top), a recorded page below a folder page this run made anew following it, a page whose
// folder's page did not land refused with that page named, and all of them through the edit guard (guardTreePages).
import { englishTreeMessages, type TreeMessages } from '../messages/treeMessages';
import { linkNames } from '../links/pageLink';
import type { LinkCaution } from '../links/rewrite';
import { guardPlan, type GuardOptions } from '../run/guard';
import type { PlanItem } from '../run/planItem';
import { folderTitleOf, followNewFolderPage, holdEditedFollowers, mayFollowNewFolderPage } from './newFolderPage';
import type { TreePage, TreePlan } from './treePlanTypes';

/** A page as it goes to the runner: its item, its links' cautions, and the folder page it waits for. */
export interface RunEntry {
  page: TreePage;
  item: PlanItem;
  cautions: LinkCaution[];
  pending: boolean;
  /** Not sent because this folder page did not land. */
  underUnsentPage?: { key: string; title: string };
}

export interface PrepareContext {
  plan: TreePlan;
  /** Each page's ID as known now, by key. */
  ids: ReadonlyMap<string, string>;
  /** The IDs the repository recorded before the run, by key. */
  recordedIds: ReadonlyMap<string, string>;
  /** Pages this run created (not found, adopted or updated): their children are new too. */
  created: ReadonlySet<string>;
  guard: GuardOptions;
  messages?: TreeMessages;
  /** This machine's record of a page's place no longer names it (its folder's page landed as another page). */
  forgetLinked(key: string): void;
  /** More pages go than the plan counted (one sent anew under a folder page made anew). */
  expectMore(count: number): void;
  /**
   * Keys of the folder pages held back because nothing tells whose they are (no notice, no record that can tell),
   * filled as their waves are guarded: no page is created under one (unconfirmedFolders.ts says why).
   */
  unconfirmedFolders?: Set<string>;
}

export interface TreeGuardOptions extends GuardOptions {
  /** Whether the page hangs under a folder page that did not exist before (created this run, or not known yet). */
  underNewPage(page: TreePage): boolean;
}

/**
 * The edit guard for pages of a tree, the same before a confirmation, in a dry run and as they go: nothing can exist
 * under a folder page that is new, so those pages are not looked up; every other page is decided from what the wiki
 * holds (guard.ts): a page found where one of them would be created that carries its notice, from a run that stopped
 * before recording it, is taken over rather than failed as "already exists".
 */
export async function guardTreePages(entries: ReadonlyArray<{ page: TreePage; item: PlanItem }>, options: TreeGuardOptions): Promise<void> {
  // One pass, no set of the pages looked up: a page under a new folder page has no page to look up yet.
  const looked: PlanItem[] = [];
  for (const entry of entries) {
    if (!options.underNewPage(entry.page)) looked.push(entry.item);
    else if (entry.item.state === 'send') entry.item.guard = { kind: 'absent' };
  }
  // The tree compared the titles in the space itself (checkTreeOnWiki).
  await guardPlan(looked, { ...options, titlesCheckedByTree: true });
}

/** Prepares pages whose folder's page has its result: placed, followed, refused for want of a parent, guarded. */
export async function prepareWave(wave: readonly TreePage[], context: PrepareContext): Promise<RunEntry[]> {
  const { plan, ids, recordedIds, created } = context;
  const rootPath = plan.tree.rootPath;
  const words = context.messages ?? englishTreeMessages;
  const prepared = wave.map((page) => ({ page, ...withParent(page, ids, plan, words) }));
  // A page that this machine's record named at its place is there no more when its folder's page landed as another
  // page: it is created anew, and links to it wait for its new ID.
  for (const { page } of prepared) if (!page.item.linkedPage) context.forgetLinked(page.key);
  // An unchanged page planned under the folder page this machine's record names, which landed as another page.
  context.expectMore(prepared.filter((entry) => entry.sentAnew === true).length);
  const parentCreated = (page: TreePage): boolean => page.node.parent !== undefined && created.has(page.node.parent.slice(rootPath.length));
  // A folder page that landed as another page than the recorded one without creating it: one a run that stopped
  // before recording it made, taken over (a retitled folder page, its new title's page). The recorded pages below it
  // follow it as under a created one, but pages may be under it already, so the guard looks there (underNewPage).
  const parentReplaced = (page: TreePage): boolean => {
    const parentKey = page.node.parent?.slice(rootPath.length);
    return parentKey !== undefined && !created.has(parentKey) && recordedIds.has(parentKey) && ids.get(parentKey) !== recordedIds.get(parentKey);
  };
  const parentAnew = (page: TreePage): boolean => parentCreated(page) || parentReplaced(page);
  // A recorded page below a folder page this run created (or replaced) follows it, unless its own page was edited on the wiki.
  await holdEditedFollowers(prepared.filter(({ page, parentMissing }) => !parentMissing && parentAnew(page) && mayFollowNewFolderPage(page)).map(({ page }) => page), context.guard, plan.tree);
  const entries = prepared.map(({ page, parentMissing }): RunEntry => {
    // Under a folder page this run created (or replaced), a recorded page is not the page it recorded: created anew
    // (or taken over where a run that stopped left it), even when its text is unchanged.
    if (!parentMissing && parentAnew(page)) {
      const overwrite = plan.overwrite === true && !parentCreated(page);
      if (followNewFolderPage(page, folderTitleOf(plan.tree, page), context.messages, overwrite) === 'followsUnchanged') context.expectMore(1);
    }
    const unconfirmedParent = unconfirmedParentOf(page, context);
    if (unconfirmedParent !== undefined) {
      const refused = { ...page.item, state: 'refused' as const, refusals: [{ code: 'recordedEntry' as const, message: words.underUnconfirmedFolder(unconfirmedParent.title, unconfirmedParent.id), fix: undefined }] };
      return { page, item: refused, cautions: [], pending: false };
    }
    if (parentMissing && page.item.state === 'send') {
      // Without the chosen page the plan held until the parent landed: this page has no parent ID to name.
      const target = { ...page.item.target };
      delete target.parentId;
      const refused = { ...page.item, target, state: 'refused' as const, refusals: [{ code: 'duplicatePage' as const, message: parentMissing.message, fix: undefined }] };
      return { page, item: refused, cautions: [], pending: false, underUnsentPage: parentMissing.parent };
    }
    if (parentMissing && page.item.state === 'refused') {
      // Refused by the plan for its own reasons: it keeps them, but names its folder's page, not the chosen one.
      const target = { ...page.item.target };
      delete target.parentId;
      return { page, item: { ...page.item, target }, cautions: [], pending: false, underUnsentPage: parentMissing.parent };
    }
    return { page, item: { ...page.item }, cautions: [], pending: false };
  });
  await guardTreePages(entries, { ...context.guard, underNewPage: parentCreated });
  for (const entry of entries) {
    const verdict = entry.item.guard;
    if (entry.item.state === 'edited' && verdict?.kind === 'edited' && verdict.noNotice === true) context.unconfirmedFolders?.add(entry.page.key);
  }
  return entries;
}

/**
 * The folder page a page would be created under when the guard held that page back for want of anything telling whose
 * it is (unconfirmedFolders.ts): its title and ID. Undefined for a page that is not a create, or under any other page.
 */
function unconfirmedParentOf(page: TreePage, context: PrepareContext): { title: string; id: string } | undefined {
  const parentPath = page.node.parent;
  if (parentPath === undefined || page.pageId !== undefined || page.linkedPageId !== undefined || page.item.state !== 'send') return undefined;
  const parentKey = parentPath.slice(context.plan.tree.rootPath.length);
  const id = context.ids.get(parentKey);
  if (id === undefined || context.unconfirmedFolders?.has(parentKey) !== true) return undefined;
  return { title: context.plan.tree.byPath.get(parentPath)?.title ?? parentKey, id };
}

/** The page's parent ID (the chosen page for the top level); the reason and that page when its folder's page did not land. */
function withParent(page: TreePage, ids: ReadonlyMap<string, string>, plan: TreePlan, words: TreeMessages): { parentMissing?: { message: string; parent: { key: string; title: string } }; sentAnew?: boolean } {
  const complete = page.item.complete;
  const rootPath = plan.tree.rootPath;
  if (!complete || page.node.parent === undefined) return {};
  const parentKey = page.node.parent.slice(rootPath.length);
  const parentId = ids.get(parentKey);
  if (parentId === undefined) {
    const title = plan.tree.byPath.get(page.node.parent)?.title ?? page.node.parent;
    return { parentMissing: { message: words.parentNotPublished(title), parent: { key: parentKey, title } } };
  }
  // The folder's page ID learnt now may make this page the one this machine's record names (treePlan: a page the
  // repository does not record is updated, not created, when that record names its place).
  const linkedHere = !page.retitledFrom && linkNames(page.item.link, { ...complete, parentId });
  // A page the repository does not record that the plan took for its record's page under the folder page that record
  // names: the folder page landed as another page (made anew), so that record names no page at this place any more,
  // and only the user's --overwrite updates a page found here, as for any page no record names.
  const movedFromLinked = page.pageId === undefined && parentId !== complete.parentId && page.item.linkedPage;
  const overwrite = movedFromLinked ? plan.overwrite === true || linkedHere : complete.overwrite || linkedHere;
  page.item.complete = { ...complete, parentId, overwrite };
  page.item.target = { ...page.item.target, parentId, overwrite };
  if (movedFromLinked) {
    page.item.linkedPage = linkedHere;
    // Unchanged, it goes all the same: the page it published is under the folder page's old page, not its new one.
    if (!linkedHere && page.item.state === 'unchanged') {
      page.item.state = 'send';
      return { sentAnew: true };
    }
  } else if (overwrite && !complete.overwrite) page.item.linkedPage = true;
  return {};
}
