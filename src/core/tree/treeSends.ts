// What a tree publish will send, as its confirmation says it before anything goes, and where its top page is after:
// the front ends count from here rather than each from its own reading of the plan (issue 83). The plan marks 'send' a
// page whose links reach a page the plan itself creates; a page the edit guard then finds deleted on the wiki is made
// anew under another ID, and the run sends again the unchanged pages whose links reach it (runPasses.ts,
// pagesLinkingAnew). Those are foreseen here by the run's own comparison, so the question "Publish 3 pages?" counts
// them, and the lines name them as updates rather than as unchanged.
import { countPlan, sendKind, withRelinked } from '../run/plan';
import type { PlanCounts, PlanItem } from '../run/planItem';
import { foreseenSecondSends } from './foreseenSends';
import { linkingFileOf, treePageIdByPath } from './linkTargets';
import { linkTargetsDigest } from '../links/linkTargets';
import type { TreeFileResult } from './runTypes';
import { nodeOfFile, shapeTree, topContentFile } from './shape';
import type { TreePlan } from './treePlanTypes';
import { treePlanItems } from './treePlanGuard';

/** How a page that is sent reads: a page made ('new') or one written over ('update'). */
export type TreeSendKind = 'new' | 'update';

/**
 * A sent page's kind, by the one rule the confirmation's lines and counts share: an update when the page it goes to
 * is known (recorded, or this machine's) and the send does not create; a page deleted on the wiki is new again; one
 * the guard found holding this file's publish notice at its place is taken over, an update.
 */
export function treeSendKind(item: PlanItem, pageId: string | undefined): TreeSendKind {
  if (item.guard?.kind === 'deleted') return 'new';
  if (item.guard?.kind === 'asLeft' && item.guard.adopted) return 'update';
  return pageId !== undefined && sendKind(item) !== 'create' ? 'update' : 'new';
}

export interface TreeSendCounts {
  /** The pages the run sends, each once: those planned to send and the unchanged ones it sends for their links. */
  send: number;
  newPages: number;
  /** Updates, the pages sent for their links among them. */
  updates: number;
  /** Of `updates`, the unchanged pages sent again so their links reach a page made anew (relinkedKeys). */
  relinked: number;
  /** Left alone: unchanged, and none of their links reaches a page made anew. */
  unchanged: number;
  refused: number;
  /** Held back by the edit guard (edited on the wiki, no notice, not checked), sent only if the user overwrites. */
  edited: number;
  /** Of `send`, the pages foreseen to go twice (foreseenSecondSends): their links name pages created after them. */
  twice: number;
}

/**
 * The keys (tree pages' manifest keys, and pinned files' paths below the folder) of the unchanged pages the run will
 * send again because a page their links reach gets a new ID: a page it sends as a create whose ID was known (deleted
 * on the wiki, or made anew under a folder page made anew). Asked after the edit guard has looked, which is what finds
 * such pages. None when no page address can be made: a link then reaches no page, before or after.
 */
export function relinkedKeys(plan: Pick<TreePlan, 'tree' | 'pages' | 'pinned' | 'pinnedLinkFacts' | 'rootInRepository'>, addressable: boolean): Set<string> {
  const relinked = new Set<string>();
  if (!addressable) return relinked;
  const knownBefore = new Map<string, string>();
  for (const page of plan.pages) {
    const id = page.pageId ?? page.linkedPageId;
    if (id !== undefined) knownBefore.set(page.key, id);
  }
  const madeAnew = new Set(plan.pages.filter((page) => knownBefore.has(page.key) && page.item.state === 'send' && sendKind(page.item) === 'create').map((page) => page.key));
  if (madeAnew.size === 0) return relinked;
  // Only the tree's own pages change ID in a run: a link out of the tree reaches the same page either way.
  const before = treePageIdByPath(plan.tree, (key) => knownBefore.get(key), () => undefined);
  const after = treePageIdByPath(plan.tree, (key) => (madeAnew.has(key) ? `new:${key}` : knownBefore.get(key)), () => undefined);
  const changes = (destinations: readonly string[], file: string): boolean =>
    linkTargetsDigest(destinations, file, before, plan.rootInRepository) !== linkTargetsDigest(destinations, file, after, plan.rootInRepository);
  const root = plan.tree.rootPath;
  for (const page of plan.pages) {
    if (page.item.state === 'unchanged' && changes(page.linkFacts.destinations, linkingFileOf(page.node, root))) relinked.add(page.key);
  }
  for (const item of plan.pinned) {
    const key = item.file.label.slice(root.length);
    const facts = item.state === 'unchanged' && item.file.label.startsWith(root) ? plan.pinnedLinkFacts.get(key) : undefined;
    if (facts && changes(facts.destinations, key)) relinked.add(key);
  }
  return relinked;
}

/** The confirmation's counts: each page once, as treeSendKind names it, with the pages relinkedKeys foresees. */
export function treeSendCounts(plan: Pick<TreePlan, 'tree' | 'pages' | 'pinned' | 'refused'>, relinked: ReadonlySet<string>, twice: ReadonlySet<string> = new Set()): TreeSendCounts {
  const counts: TreeSendCounts = { send: 0, newPages: 0, updates: 0, relinked: 0, unchanged: 0, refused: 0, edited: 0, twice: twice.size };
  const root = plan.tree.rootPath;
  const count = (item: PlanItem, key: string, pageId: string | undefined): void => {
    if (item.state === 'send') {
      counts.send++;
      if (treeSendKind(item, pageId) === 'update') counts.updates++;
      else counts.newPages++;
    } else if (item.state === 'unchanged' && relinked.has(key)) {
      counts.send++;
      counts.updates++;
      counts.relinked++;
    } else if (item.state === 'unchanged') counts.unchanged++;
    else if (item.state === 'edited') counts.edited++;
    else if (item.state === 'refused') counts.refused++;
  };
  for (const page of plan.pages) count(page.item, page.key, page.pageId ?? page.linkedPageId);
  for (const item of plan.pinned) count(item, item.file.label.slice(root.length), item.link?.pageId);
  for (const item of plan.refused) count(item, item.file.label, undefined);
  return counts;
}

/**
 * The command line's counts of a tree's plan (countPlan's), with what the run will send besides: the unchanged pages it
 * sends again for their links (counted as updates, not unchanged) and the pages foreseen to go twice.
 */
export function treePlanCounts(plan: TreePlan, addressable: boolean, relinked: ReadonlySet<string> = relinkedKeys(plan, addressable)): PlanCounts {
  const counts = withRelinked(countPlan(treePlanItems(plan)), relinked.size);
  const sentTwice = foreseenSecondSends(plan, addressable).size;
  return { ...counts, ...(sentTwice > 0 ? { sentTwice } : {}), ...(plan.pulledAhead ? { pulledAhead: plan.pulledAhead } : {}) };
}

/** The page a tree publish offers to open: its ID, and its title when it is a page of the tree. */
export interface TreeTopPage {
  pageId: string;
  title?: string;
}

/**
 * The tree's top page after a run, as a link to the published folder reaches it (runLinks.ts, resolvePage('')): the
 * page of the index or README at its top, once the run knows its ID; else the chosen page the folder maps to. A part
 * of a tree recorded further up hangs under the page its content file gives (TreePlan.partContent): that one.
 * Undefined when the top file's page did not land and was not known before.
 */
export function treeTopPage(plan: Pick<TreePlan, 'tree' | 'parentId' | 'partContent'>, results: readonly TreeFileResult[]): TreeTopPage | undefined {
  const top = topContentFile(plan.tree);
  const key = top?.slice(plan.tree.rootPath.length);
  if (top === undefined || key === undefined || key === plan.partContent) return plan.parentId === undefined ? undefined : { pageId: plan.parentId };
  // The last result counts: a page sent twice is known by its second pass.
  const pageId = results.filter((result) => result.key === key && result.pageId !== undefined).at(-1)?.pageId;
  if (pageId === undefined) return undefined;
  const title = nodeOfFile(plan.tree, top)?.title;
  return title === undefined ? { pageId } : { pageId, title };
}

/**
 * How many pages a tree of these files makes (a page for each file, one for each folder, with a file of its own or
 * not, less the files that give a folder page its content): said by the prompt that asks where they go, before the
 * plan, which needs that answer. Paths as the files' labels write them, below `rootPath`.
 */
export function treePageCount(paths: readonly string[], rootPath: string): number {
  return shapeTree(paths.map((path) => ({ path, title: '' })), rootPath).nodes.length;
}
