// What a tree run prints: its plan (a line or a record per page, in the order a run sends them), each page's result,
// and the moves, orphans and pages left behind that the service cannot handle. publishTree.ts runs the tree.
import type { PlanItem } from '../core/run/plan';
import type { OrphanPage } from '../core/tree/moves';
import type { PageAddressOf } from '../core/tree/spaceAddresses';
import type { RefusedPlace, TreePlan } from '../core/tree/treePlan';
import type { TreeFileResult } from '../core/tree/treeRun';
import type { Output } from './output';
import { fileRecord, planRecord, relinkedRecord, type FileRecord } from './fileRecords';
import { fileLine, planLineUnescaped } from './report';
import { RELINKED_TEXT, type PlanEntryRecord, type TreeInfo } from './runRecords';
import { withNames, type PageNames } from './pageNames';
import { SaidBefore } from './sharedReasons';
import { wouldNotLand } from './exitCodes';
import type { PageTree } from '../core/tree/shape';

/**
 * What a tree run prints of a file: the usual record, its place in the tree, and the links that stay as written.
 * `plan`: its refusedUnder places the files refused before the tree was shaped, and its tree names the folder page each
 * page went under; `names`, for whoever reads records, the chosen page and each landed page's address.
 */
export function printTreeResult(result: TreeFileResult, json: boolean, output: Output, plan?: Pick<TreePlan, 'tree' | 'refusedUnder' | 'parentId'>, names?: PageNames, landed?: Map<string, string>): void {
  const under = result.underUnsentPage === undefined ? {} : { parentKey: result.underUnsentPage.key, parentTitle: result.underUnsentPage.title };
  const place = plan?.refusedUnder?.get(result.item.file.label);
  const record = underItsFolder(
    { ...fileRecord(result), tree: { key: result.key, depth: result.depth, pass: result.pass, ...under }, ...(result.pageId ? { pageId: result.pageId } : {}) },
    place,
  );
  if (result.state === 'published' && result.pageId) landed?.set(result.key, result.pageId);
  // The page it went under, by title, and its own page's address once it landed.
  const parentTitle = place?.parentTitle ?? (plan && folderTitleAbove(plan.tree, plan.tree.rootPath + result.key));
  if (plan && place === undefined && parentTitle !== undefined) underHeldParent(record, plan, landed);
  withNames(record, names, { ...(parentTitle !== undefined ? { parentTitle } : {}), ...(result.state === 'published' && result.pageId ? { pageId: result.pageId } : {}) });
  // The plan's caution already names the links that stay as written; JSON has each one.
  output.record({ ...record, linkCautions: result.linkCautions });
  if (json) output.json({ ...record, linkCautions: result.linkCautions });
  else output.line(`${'  '.repeat(result.depth)}${fileLine(record, result.outcome?.mayHaveLandedSaid === true)}${result.pass === 2 ? ' (second pass: links to new pages)' : record.relinked ? ` (${RELINKED_TEXT})` : ''}`);
}

/**
 * A page below a folder page that was never sent (a run stopped before it started) still carries the chosen page as
 * its parent, which the plan holds until its folder page lands: named by its folder page's title, it linked to the
 * chosen page. It names its folder page instead: by that page's ID when the run made it, else by its place in the tree.
 */
function underHeldParent(record: FileRecord & { tree: TreeInfo }, plan: Pick<TreePlan, 'tree' | 'parentId'>, landed: ReadonlyMap<string, string> | undefined): void {
  if (plan.parentId === undefined || record.parentId !== plan.parentId) return;
  const folder = plan.tree.byPath.get(plan.tree.rootPath + record.tree.key)?.parent;
  const folderPage = folder === undefined ? undefined : plan.tree.byPath.get(folder);
  if (folder === undefined || folderPage === undefined) return;
  const folderKey = folder.slice(plan.tree.rootPath.length);
  const landedId = landed?.get(folderKey);
  if (landedId !== undefined) {
    record.parentId = landedId;
    return;
  }
  delete record.parentId;
  record.tree.parentKey = folderKey;
  record.tree.parentTitle = folderPage.title;
}

/**
 * A plan's lines are written this many at a time (some 30 KB of text, 60 KB of JSON): a few writes for a plan of
 * 10,000 pages, not one each, and not one of megabytes, whose lines would all be kept (and copied by the garbage
 * collector) until the end.
 */
const LINES_PER_WRITE = 100;

/**
 * A tree page's plan record. A page under a tree page with no ID before sending (a folder page this run creates
 * first) names that page: the plan's parent ID is only the chosen page, held until the parent lands. `withTree`: the
 * record carries the page's place in the tree even when its line would not need it.
 */
function treePageRecord(plan: Pick<TreePlan, 'tree'>, page: TreePlan['pages'][number], withTree: boolean, addressOf: PageAddressOf | undefined, names?: PageNames, relinked?: ReadonlySet<string>): PlanEntryRecord {
  const planned: PlanEntryRecord = planRecord(page.item);
  // An unchanged file whose page the run sends all the same (treeSends.ts relinkedKeys): the plan says the update.
  const relinks = relinked?.has(page.key) === true && planned.status === 'unchanged';
  if (relinks) relinkedRecord(planned);
  // The page the repository records for it, which the guard did not look up (an unchanged page, or no page access):
  // its address all the same, so a reviewer can open every page the plan leaves or updates, not only the checked ones.
  // Not a retitled page's (that page stays, and a new one is created), nor one the guard found deleted or left for a
  // new folder page.
  const guard = page.item.guard?.kind;
  const unlooked = guard === undefined || guard === 'notNeeded' || guard === 'unchecked';
  if (planned.url === undefined && unlooked && page.pageId !== undefined && page.retitledFrom === undefined && planned.title !== undefined && addressOf) {
    const url = addressOf(page.pageId, planned.title);
    if (url !== undefined) planned.url = url;
  }
  const parentPath = page.parentKnown ? undefined : page.node.parent;
  const parent = parentPath === undefined ? undefined : { parentKey: parentPath.slice(plan.tree.rootPath.length), parentTitle: plan.tree.byPath.get(parentPath)?.title ?? '' };
  if (parent) delete planned.parentId;
  else if (names) withNames(planned, names, { parentTitle: folderTitleAbove(plan.tree, page.node.path) });
  // A text plan of 10,000 pages prints lines, which name the parent and nothing else of the page's place in the tree.
  if (!withTree && !parent) return planned;
  // Added to the plan's own record, not spread into a copy: the same members in the same order, one object fewer.
  const tree: TreeInfo = { key: page.key, depth: page.node.depth, kind: page.node.kind };
  if (page.node.generated) tree.generated = true;
  if (parent) Object.assign(tree, parent);
  planned.tree = tree;
  if (page.pageId) planned.pageId = page.pageId;
  return planned;
}

/** A tree plan's records in the order the plan shows them, for a run that stops before sending (--expect-plan). */
export function treePlanRecords(plan: Pick<TreePlan, 'tree' | 'pages' | 'refused' | 'pinned' | 'refusedUnder'>, addressOf: PageAddressOf | undefined, names?: PageNames, relinked?: ReadonlySet<string>): PlanEntryRecord[] {
  return [...plan.pages.map((page) => treePageRecord(plan, page, true, addressOf, names, relinked)), ...[...plan.refused, ...plan.pinned].map((item) => looseRecord(plan, item, names))];
}

/** The plan record of a file that is no page of the tree: one that names its own page, or one refused before shaping. */
function looseRecord(plan: Pick<TreePlan, 'tree' | 'refusedUnder'>, item: PlanItem, names: PageNames | undefined): PlanEntryRecord {
  const place = plan.refusedUnder?.get(item.file.label);
  const record: PlanEntryRecord = planRecord(item);
  const placed = place ? underItsFolder({ ...record, tree: { key: item.file.label.slice(plan.tree.rootPath.length), depth: place.parentKey.split('/').length - 1 } }, place) : record;
  return withNames(placed, names, place?.parentTitle !== undefined ? { parentTitle: place.parentTitle } : {});
}

/** The title of the tree's folder page a page goes under; undefined under the chosen page, whose title is the wiki's. */
function folderTitleAbove(tree: PageTree, path: string): string | undefined {
  const parent = tree.byPath.get(path)?.parent;
  return parent === undefined ? undefined : tree.byPath.get(parent)?.title;
}

/**
 * A file refused before the tree was shaped, in a subfolder: its plan names the chosen page (made before the tree's
 * shape was known), but its page would be under its folder's (TreePlan.refusedUnder), which its record names: the
 * folder page's ID when known, else its place and title in the tree.
 */
function underItsFolder<R extends { parentId?: string; tree: TreeInfo }>(record: R, place: RefusedPlace | undefined): R {
  if (place === undefined) return record;
  if (place.parentId !== undefined) return { ...record, parentId: place.parentId };
  const placed: R = { ...record, tree: { ...record.tree, parentKey: place.parentKey, ...(place.parentTitle !== undefined ? { parentTitle: place.parentTitle } : {}) } };
  delete placed.parentId;
  return placed;
}

/** `relinked`: the unchanged pages the run sends so their links reach a page made anew (treeSends.ts relinkedKeys). */
export function printTreePlan(plan: TreePlan, json: boolean, output: Output, addressOf?: PageAddressOf, names?: PageNames, relinked?: ReadonlySet<string>): number {
  let notSendable = 0;
  const lines: string[] = [];
  // Written LINES_PER_WRITE at a time, as the lines are.
  const jsonRecords: PlanEntryRecord[] = [];
  const saidBefore = new SaidBefore();
  for (const page of plan.pages) {
    // The record with the page's place in the tree only for whoever reads records: a text plan of 10,000 pages
    // prints lines, which say nothing of it.
    const recording = json || output.recording;
    // Its address only for a record someone reads (--json, the Markdown plan): a text line does not show it.
    const planned = treePageRecord(plan, page, recording, recording ? addressOf : undefined, recording ? names : undefined, relinked);
    if (wouldNotLand(planned)) notSendable++;
    if (recording) {
      output.record(planned);
      if (json) jsonRecords.push(planned);
    }
    if (!json) lines.push(`${'  '.repeat(page.node.depth)}${planLineUnescaped(planned, saidBefore, refusedForOwnEntry(page.item))}${page.node.generated ? ' (folder page listing its children)' : ''}`);
    if (lines.length === LINES_PER_WRITE) {
      output.lines(lines);
      lines.length = 0;
    }
    if (jsonRecords.length === LINES_PER_WRITE) {
      output.jsonLines(jsonRecords);
      jsonRecords.length = 0;
    }
  }
  // In the order a run sends them: the tree's pages level by level, then the files that name their own page (their
  // links need the tree's pages first) and the refused ones.
  for (const item of [...plan.refused, ...plan.pinned]) {
    const record = looseRecord(plan, item, names);
    output.record(record);
    if (wouldNotLand(record)) notSendable++;
    if (json) jsonRecords.push(record);
    else lines.push(planLineUnescaped(record, saidBefore, refusedForOwnEntry(item)));
  }
  output.jsonLines(jsonRecords);
  output.lines(lines);
  printMoves(plan, json, output, addressOf);
  return notSendable;
}

/** Whether a refusal of the item names its own entry of the record (Blocker.ownEntry): planLineUnescaped's `ownRefusals`. */
function refusedForOwnEntry(item: PlanItem): boolean {
  for (const refusal of item.refusals) if (refusal.ownEntry === true) return true;
  return false;
}

/**
 * The service can neither move nor delete a page: say so, with the pages that stay and their addresses. After a run,
 * also the pages it left behind: recorded pages that new pages replaced (their folder's page was published anew).
 */
/** Said of a page left behind that carries no publish notice of this repository: the record is no proof. */
const NO_NOTICE_LEFT = 'it carries no publish notice from this repository, so only the .wiki-pages.json entry says it was this file\'s page (an entry can name any page): check whose page it is before removing it';

export function printMoves(plan: TreePlan, json: boolean, output: Output, addressOf?: PageAddressOf, leftBehindByRun?: readonly OrphanPage[]): void {
  const withUrl = <T extends { pageId: string }>(entry: T, title: string): T & { url?: string } => {
    const url = addressOf?.(entry.pageId, title);
    return url ? { ...entry, url } : entry;
  };
  const titleAt = (path: string): string => plan.tree.byPath.get(path)?.title ?? '';
  const moves = plan.moves.moves.map((move) => withUrl(move, titleAt(move.path)));
  const orphans = plan.moves.orphans.map((orphan) => withUrl(orphan, orphan.title));
  const leftBehind = (leftBehindByRun ?? []).map((page) => withUrl(page, page.title));
  const retitled = plan.moves.retitled.map((page) => withUrl(page, page.title));
  const undecided = plan.moves.undecided;
  const record = {
    type: 'tree', moves, orphans, renamed: plan.moves.renamed, ...(retitled.length > 0 ? { retitled } : {}), ...(undecided.length > 0 ? { undecided } : {}),
    ...(leftBehindByRun ? { leftBehind } : {}),
  };
  output.record(record);
  if (json) {
    output.json(record);
    return;
  }
  const at = (entry: { url?: string }): string => (entry.url ? ` - ${entry.url}` : '');
  if (moves.length > 0) {
    output.line(`moves: ${moves.length} - the old page stays where it is (the service cannot move pages):`);
    for (const move of moves) output.line(`  ${move.oldPath} -> ${move.path}: page ${move.pageId} stays; a new page is created${at(move)}`);
  }
  if (plan.moves.renamed.length > 0) {
    output.line(`renamed: ${plan.moves.renamed.length} - the page follows the file (same title under the same parent page):`);
    for (const rename of plan.moves.renamed) output.line(`  ${rename.oldPath} -> ${rename.path}: page ${rename.pageId}`);
  }
  if (undecided.length > 0) {
    output.line(`undecided: ${undecided.length} - a file that names its page moved from where a page of its title is recorded; only the wiki can tell whether that page is at the place its front matter names (no page access), so it is sent create only:`);
    for (const move of undecided) output.line(`  ${move.oldPath} -> ${move.path}: page ${move.pageId} may stay where it is`);
  }
  if (retitled.length > 0) {
    output.line(`retitled: ${retitled.length} - the wiki finds a page by its title, so a new page is created (the old page stays where it is, unless another file takes its title):`);
    for (const page of retitled) output.line(`  ${page.path}: "${page.title}" -> "${page.newTitle}": page ${page.pageId} ${page.takenBy === undefined ? 'stays' : `goes to ${page.takenBy}, which has its title now`}; a new page is created${at(page)}`);
  }
  if (orphans.length > 0) {
    output.line(`orphans: ${orphans.length} - pages no file maps to any more (the service cannot delete pages; remove them on the wiki if they should go, then their entries from the folder's .wiki-pages.json):`);
    for (const orphan of orphans) {
      // Its address would open nothing: what is left to do is the entry.
      if (orphan.notOnWiki) output.line(`  "${orphan.title}" (page ${orphan.pageId}, was ${orphan.path}): not on the wiki any more (deleted, or hidden from the account that checks); remove its entry "${orphan.path.slice(plan.tree.rootPath.length)}" from the folder's .wiki-pages.json`);
      else output.line(`  "${orphan.title}" (page ${orphan.pageId}, was ${orphan.path})${at(orphan)}`);
    }
  }
  if (leftBehind.length > 0) {
    output.line(`left behind: ${leftBehind.length} - pages of this tree that new pages replaced and that are still on the wiki (the service cannot move or delete pages; remove them on the wiki if they should go):`);
    for (const page of leftBehind) output.line(`  "${page.title}" (page ${page.pageId}, was ${page.path})${at(page)}${page.noNotice ? `: ${NO_NOTICE_LEFT}` : ''}`);
  }
}
