// `wiki-publisher publish DOCS --tree`: the folder as a page tree under --parent, on the core's tree planner and
// runner; page IDs in the folder's .wiki-pages.json (written as pages land, unless --no-record), per-machine state
// in --state as for any run. The output lists the tree, then moves and orphans, which the service cannot handle.
import { lstat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Transport } from '../core/http/transport';
import { ownPageProof } from '../core/links/pageIdentity';
import { StateFileLinkStore } from '../core/links/stateFile';
import { describeError } from '../core/log/redact';
import type { PublishOutcome } from '../core/publish/outcome';
import type { PublishTarget } from '../core/publish/target';
import { sendsUncheckedWithoutAccess } from '../core/run/guard';
import { countPlan, type PlanItem } from '../core/run/plan';
import { sendMarks, type SendMarkStore, type SendMarks } from '../core/run/recordSend';
import { describeRunStop, ThrottleGate, type SendContext } from '../core/run/runner';
import { sendPlanned } from '../core/run/send';
import { MANIFEST_FILE_NAME } from '../core/tree/manifest';
import type { OrphanPage } from '../core/tree/moves';
import { nodeManifestFiles } from '../core/tree/manifestNodeFs';
import { openTreeManifest } from '../core/tree/pageManifest';
import { spaceAddresses, type PageAddressOf } from '../core/tree/spaceAddresses';
import { planTreeFromWalk, treeLinks, type RefusedPlace, type TreeEntryOptions, type TreePlan } from '../core/tree/treePlan';
import { runTree, treeLandedLink, treePageAddresses, type TreeFileResult } from '../core/tree/treeRun';
import type { WikiPagesClient } from '../core/wikiPages';
import type { PublishArgs } from './args';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, runExitCode } from './exitCodes';
import { folderInRepository } from '../core/walk/gitignore';
import { cliFileLinkPorts, manifestAncestors } from './fileLinks';
import { walkArguments } from './files';
import { linksWithoutAddressProblem, refusedPageAccess, refusedPageAccessMessage } from './pageAccess';
import type { Output } from './output';
import { fileLine, fileRecord, planLine, planRecord, planSummaryLine, reportLinksLeft, runSummaryLine } from './report';
import { refuseUnreviewedPlan } from './expectPlan';
import { digestLine, planSummaryField, planViews, treePlanEntries } from './planFingerprint';
import { copyTreePlan, guardTreeAsPlanned, treePlanItems } from '../core/tree/treePlanGuard';
import { DIAGRAMS_FLAG } from './config';
import type { PlanEntryRecord, TreeInfo } from './runRecords';

/**
 * What a tree run prints of a file: the usual record, its place in the tree, and the links that stay as written.
 * `refusedUnder`: the plan's TreePlan.refusedUnder, which places the files refused before the tree was shaped.
 */
export function printTreeResult(result: TreeFileResult, json: boolean, output: Output, refusedUnder?: TreePlan['refusedUnder']): void {
  const under = result.underUnsentPage === undefined ? {} : { parentKey: result.underUnsentPage.key, parentTitle: result.underUnsentPage.title };
  const record = underItsFolder(
    { ...fileRecord(result), tree: { key: result.key, depth: result.depth, pass: result.pass, ...under }, ...(result.pageId ? { pageId: result.pageId } : {}) },
    refusedUnder?.get(result.item.file.label),
  );
  // The plan's caution already names the links that stay as written; JSON has each one.
  output.record({ ...record, linkCautions: result.linkCautions });
  if (json) output.json({ ...record, linkCautions: result.linkCautions });
  else output.line(`${'  '.repeat(result.depth)}${fileLine(record)}${result.pass === 2 ? ' (second pass: links to new pages)' : ''}`);
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
function treePageRecord(plan: Pick<TreePlan, 'tree'>, page: TreePlan['pages'][number], withTree: boolean, addressOf: PageAddressOf | undefined): PlanEntryRecord {
  const planned: PlanEntryRecord = planRecord(page.item);
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
function treePlanRecords(plan: Pick<TreePlan, 'tree' | 'pages' | 'refused' | 'pinned' | 'refusedUnder'>, addressOf: PageAddressOf | undefined): PlanEntryRecord[] {
  return [...plan.pages.map((page) => treePageRecord(plan, page, true, addressOf)), ...[...plan.refused, ...plan.pinned].map((item) => looseRecord(plan, item))];
}

/** The plan record of a file that is no page of the tree: one that names its own page, or one refused before shaping. */
function looseRecord(plan: Pick<TreePlan, 'tree' | 'refusedUnder'>, item: PlanItem): PlanEntryRecord {
  const place = plan.refusedUnder?.get(item.file.label);
  const record: PlanEntryRecord = planRecord(item);
  return place ? underItsFolder({ ...record, tree: { key: item.file.label.slice(plan.tree.rootPath.length), depth: place.parentKey.split('/').length - 1 } }, place) : record;
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

export function printTreePlan(plan: TreePlan, json: boolean, output: Output, addressOf?: PageAddressOf): number {
  let notSendable = 0;
  const lines: string[] = [];
  // Written LINES_PER_WRITE at a time, as the lines are.
  const jsonRecords: PlanEntryRecord[] = [];
  for (const page of plan.pages) {
    // The record with the page's place in the tree only for whoever reads records: a text plan of 10,000 pages
    // prints lines, which say nothing of it.
    const recording = json || output.recording;
    // Its address only for a record someone reads (--json, the Markdown plan): a text line does not show it.
    const planned = treePageRecord(plan, page, recording, recording ? addressOf : undefined);
    if (planned.status !== 'send' && planned.status !== 'unchanged') notSendable++;
    if (recording) {
      output.record(planned);
      if (json) jsonRecords.push(planned);
    }
    if (!json) lines.push(`${'  '.repeat(page.node.depth)}${planLine(planned)}${page.node.generated ? ' (folder page listing its children)' : ''}`);
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
    const record = looseRecord(plan, item);
    output.record(record);
    if (record.status !== 'send' && record.status !== 'unchanged') notSendable++;
    if (json) jsonRecords.push(record);
    else lines.push(planLine(record));
  }
  output.jsonLines(jsonRecords);
  output.lines(lines);
  printMoves(plan, json, output, addressOf);
  return notSendable;
}

/**
 * The service can neither move nor delete a page: say so, with the pages that stay and their addresses. After a run,
 * also the pages it left behind: recorded pages that new pages replaced (their folder's page was published anew).
 */
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
    output.line(`retitled: ${retitled.length} - the wiki finds a page by its title, so a new page is created and the old page stays where it is:`);
    for (const page of retitled) output.line(`  ${page.path}: "${page.title}" -> "${page.newTitle}": page ${page.pageId} stays; a new page is created${at(page)}`);
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
    for (const page of leftBehind) output.line(`  "${page.title}" (page ${page.pageId}, was ${page.path})${at(page)}`);
  }
}

/**
 * Records each page's end in --state as it ends, as a flat run does (generated folder pages included): a page that
 * landed, or the mark of a send that may have landed unconfirmed (the core's rule, recordSendEnd).
 */
export function recordTreeResult(result: TreeFileResult, marks: SendMarks | undefined, now: number, onFailure: (error: unknown) => void): void {
  marks?.end(result, now, treeLandedLink).catch(onFailure);
}

/**
 * --state as the core's link store for a file's send: a mark is written at once (StateFileLinkStore.record, a line at
 * the end of the record's journal; writes asked for while one is out are one write), so it is on disk before its send's
 * request goes out; a landed link is written with the next send's mark, or the run's last save (SendMarkStore.setLater).
 */
export function stateRecorder(state: StateFileLinkStore): SendMarkStore {
  return {
    get: (key) => state.get(key),
    set: (key, link) => state.record(key, link),
    setLater: (key, link) => state.set(key, link),
    delete: (key) => state.forget(key),
  };
}


export interface TreeCommandDeps {
  args: PublishArgs;
  cwd: string;
  output: Output;
  now(): number;
  interrupt: AbortSignal;
  interruptExitCode(): number | undefined;
  pages: WikiPagesClient | undefined;
  /** The wiki site, for page addresses in links (page access gives it, or --base-url without it). */
  baseUrl: string | undefined;
  noAccessReason: string | undefined;
  /** The organisation's diagram renderer, when configured. */
  renderer: string | undefined;
  /** Who publishes: the import token's user, else WIKI_PUBLISHER_ACCOUNT_ID (config.ts resolveOwnAuthor). */
  ownAuthorId: string | undefined;
  /** The send settings, once a token is known (undefined in a dry run). */
  sending: { endpoint: URL; token: string; transport: Transport } | undefined;
  usage(message: string): number;
}


export async function treeCommand(deps: TreeCommandDeps): Promise<number> {
  const { args, output } = deps;
  const folder = args.paths[0] as string;
  // A file would be walked as a selection of one, then its manifest looked for below it (ENOTDIR).
  if ((await lstat(resolve(deps.cwd, folder)).catch(() => undefined))?.isFile()) {
    return deps.usage(`--tree publishes a folder as a page tree, and ${folder} is a file: name its folder, or publish the file without --tree.`);
  }
  const walked = await walkArguments([folder], deps.cwd);
  if (!walked.ok) return deps.usage(walked.message);
  const root = resolve(deps.cwd, folder);
  const rootLabel = relative(deps.cwd, root).split(sep).join('/');
  // The folder's own manifest, else the nearest one above it up to the working folder when that one records the folder
  // as the page this tree hangs under (a folder of a tree published from further up).
  const opened = await openTreeManifest(
    nodeManifestFiles, join(root, MANIFEST_FILE_NAME), manifestAncestors(`${root}/`, deps.cwd), { writing: !args.noRecord && !args.dryRun },
    { ...(args.spaceId !== undefined ? { space: args.spaceId } : {}), ...(args.parentId !== undefined ? { parent: args.parentId } : {}) },
    (location) => manifestLabel(location, deps.cwd),
  );
  if (!opened.ok) return deps.usage(opened.message);
  const manifest = opened.store;
  const recorded = manifest.rootTarget();
  const spaceId = args.spaceId ?? recorded?.space;
  const parentId = args.parentId ?? recorded?.parent;
  if (spaceId === undefined || parentId === undefined) {
    return deps.usage(`--tree needs --space and --parent: the page ${folder} maps to (its files and subfolders become that page's children). ${MANIFEST_FILE_NAME} records them after the first run.`);
  }
  if (recorded && (recorded.space !== spaceId || recorded.parent !== parentId) && !args.retarget) {
    return deps.usage(`${MANIFEST_FILE_NAME} says this tree hangs under page ${recorded.parent} in space ${recorded.space}, not where --space/--parent say. Pass --retarget to publish a new tree there (the old pages stay), or drop the flags.`);
  }
  const identity = args.retarget && recorded && (recorded.space !== spaceId || recorded.parent !== parentId)
    ? await manifest.emptied({ space: spaceId, parent: parentId }) : manifest.withRoot({ space: spaceId, parent: parentId });
  const opening = args.statePath === undefined ? undefined : await StateFileLinkStore.open(args.statePath, deps.cwd);
  if (opening && !opening.ok) return deps.usage(opening.message);
  const state = opening?.store;
  const links = await treeLinks([...walked.result.files, ...walked.result.refused], rootLabel, state);
  const renderer = deps.renderer;
  const addresses = await spaceAddresses(deps.baseUrl || undefined, spaceId, deps.pages, deps.interrupt);
  const addressOf = addresses.addressOf;
  // Links written from the repository root (`/docs/guide.md`) are read as GitHub reads them.
  // With page access the plan reads the wiki before it is returned (the parent page, titles held elsewhere in the
  // space, ...): the fix for a parent that is not there names the manifest when it is the one that chose it.
  const parentRecorded = recorded !== undefined && recorded.space === spaceId && recorded.parent === parentId;
  const treeOptions: TreeEntryOptions = {
    rootInRepository: await folderInRepository(walked.fs, root),
    rootPath: rootLabel, spaceId, parentId, overwrite: args.overwrite, identity, links, force: args.force,
    ...partOfTree(manifest, deps.cwd),
    pageAddresses: treePageAddresses(deps.pages !== undefined, addressOf),
    diagramsSetting: DIAGRAMS_FLAG,
    ...(renderer ? { diagramRenderer: renderer } : {}),
    ...(deps.pages ? { wiki: { pages: deps.pages, parentRecorded, signal: deps.interrupt } } : {}),
  };
  // Each file is planned as it is read and its text let go: the plan holds hashes, and a file is read again when sent.
  // Links to files outside the folder reach their pages as a flat publish's do: this machine's --state, else their
  // nearest .wiki-pages.json, looked up below the working folder only.
  const outsidePorts = cliFileLinkPorts({ cwd: deps.cwd, state, pages: deps.pages, baseUrl: deps.baseUrl || undefined, signal: deps.interrupt });
  const plan = await planTreeFromWalk(walked.result, { fs: walked.fs }, treeOptions, root, outsidePorts);
  // Said once for the whole plan (the fix is one setting), not in each page's cautions: the core counts those links.
  const linksWithoutAddress = plan.linksWithoutAddress === undefined ? {} : { linksWithoutAddress: plan.linksWithoutAddress };
  if (plan.linksWithoutAddress !== undefined) {
    output.problem(linksWithoutAddressProblem(plan.linksWithoutAddress));
  }
  const ownAuthorId = deps.ownAuthorId;
  // Said once, before anything is sent, by the core's rule: a page of the tree or a file that names its own page that
  // would be sent over a page the guard cannot look at.
  if (deps.noAccessReason && sendsUncheckedWithoutAccess(treePlanItems(plan))) output.problem(`Wiki edits are not checked. ${deps.noAccessReason}`);
  const guardOptions = { pages: deps.pages, noAccessReason: 'no page access', signal: deps.interrupt, overwriteEdited: args.overwriteEdited, ...(ownAuthorId ? { ownAuthorId } : {}) };
  if (args.dryRun || !deps.sending) {
    await guardTreeAsPlanned(plan, guardOptions);
    const refusedAccess = refusedPageAccess(treePlanItems(plan));
    if (refusedAccess !== undefined) return deps.usage(refusedAccess);
    const notSendable = printTreePlan(plan, args.json, output, addressOf);
    const exitCode = notSendable > 0 ? EXIT_FAILED : EXIT_OK;
    const counts = countPlan(treePlanItems(plan));
    const views = planViews(treePlanEntries(plan), deps.pages !== undefined);
    const fingerprint = views.shown;
    const summary = { type: 'summary', dryRun: true, interrupted: false, exitCode, ...counts, moves: plan.moves.moves.length, orphans: plan.moves.orphans.length, ...linksWithoutAddress, ...planSummaryField(fingerprint) };
    output.record(summary);
    if (args.json) output.json(summary);
    else output.line(`${planSummaryLine(counts)}; as a tree of ${plan.pages.length === 1 ? '1 page' : `${plan.pages.length} pages`}, ${plan.moves.moves.length} moved, ${plan.moves.orphans.length} orphaned\n${digestLine(views)}`);
    return exitCode;
  }
  // The recorded pages could not be read with a credential the wiki refused: broken configuration, before anything is
  // sent, as a dry run says it.
  const refusedByPlan = refusedPageAccess(treePlanItems(plan));
  if (refusedByPlan !== undefined) return deps.usage(refusedByPlan);
  if (args.expectPlan !== undefined) {
    const planned = copyTreePlan(plan);
    await guardTreeAsPlanned(planned, guardOptions);
    const refusedAccess = refusedPageAccess(treePlanItems(planned));
    if (refusedAccess !== undefined) return deps.usage(refusedAccess);
    const refused = await refuseUnreviewedPlan(args.expectPlan, planViews(treePlanEntries(planned), deps.pages !== undefined), {
      cwd: deps.cwd, output, json: args.json, planRecords: () => treePlanRecords({ ...planned, refusedUnder: plan.refusedUnder }, addressOf),
    });
    if (refused !== undefined) return refused;
  }
  const { endpoint, token, transport } = deps.sending;
  const settings = { endpoint, token, transport, deadlineMs: args.timeoutSeconds * 1000 };
  const since = deps.now();
  let stateFailure: unknown;
  const noteStateFailure = (error: unknown): void => {
    stateFailure ??= error;
  };
  const pages = deps.pages;
  const gate = new ThrottleGate();
  const send = (item: PlanItem, target: PublishTarget, context: SendContext): Promise<PublishOutcome> => sendPlanned(item, target, context, settings);
  // Each send's mark is in --state before its request goes out: a run killed meanwhile (SIGKILL, out of memory, a lost
  // CI runner) leaves it for the next run's guard, as an interrupted run does.
  const marks = state ? sendMarks(stateRecorder(state)) : undefined;
  const run = await runTree({
    plan, pages, identity, gate, concurrency: args.concurrency, signal: deps.interrupt, send,
    ...(marks ? { beforeSend: (item: PlanItem) => marks.beforeSend(item).catch(noteStateFailure) } : {}),
    addressOf, addressInSpace: addresses.inSpace,
    guard: { noAccessReason: 'no page access', overwriteEdited: args.overwriteEdited, ...(ownAuthorId ? { ownAuthorId } : {}) },
    // Refused credentials are broken configuration (exit 2), as the plan and a flat run say before anything is sent.
    stopOnRefusedCredential: true,
    onStopped: (stopped) => output.problem(describeRunStop(stopped)),
    ...ownPageProof(pages, { since, authorId: ownAuthorId }),
    onStart: (item, started, total) => output.progress(`Publishing ${started} of ${total}: ${item.complete?.pageTitle ?? item.file.label}`),
    onResult: (result) => {
      printTreeResult(result, args.json, output, plan.refusedUnder);
      recordTreeResult(result, marks, deps.now(), noteStateFailure);
    },
  });
  await state?.save().catch(noteStateFailure);
  await manifest.settled().catch(noteStateFailure);
  printMoves(plan, args.json, output, addressOf, run.leftBehind);
  const summary = { ...run.summary };
  const interruptCode = deps.interruptExitCode();
  let exitCode = runExitCode(summary, interruptCode);
  if (run.credentialRefused !== undefined) {
    output.problem(refusedPageAccessMessage(run.credentialRefused));
    exitCode = interruptCode ?? EXIT_USAGE;
  }
  if (stateFailure !== undefined) {
    output.problem(`The state file or ${MANIFEST_FILE_NAME} could not be written: ${describeError(stateFailure)}. The next run will not know what this one published.`);
    exitCode = interruptCode ?? EXIT_FAILED;
  }
  // Said on every run that wrote the file: a CI runner's copy goes with the job, so the words say to commit it from there.
  if (manifest.recordedCount() > 0) output.problem(`Recorded ${manifest.recordedCount()} page ID(s) in ${manifestLabel(manifest.location, deps.cwd)}: commit it, so teammates and CI publish to the same pages (in CI, commit it from the job: the runner's copy goes when the job ends).`);
  const unrecorded = manifest.pendingChanges();
  if (unrecorded.length > 0) output.problem(`${unrecorded.length} page ID(s) were not recorded in ${manifestLabel(manifest.location, deps.cwd)} (--no-record): ${unrecorded.map(([key, entry]) => `${key} = ${entry.id}`).join(', ')}`);
  const summaryRecord = {
    type: 'summary', dryRun: false, interrupted: interruptCode !== undefined, exitCode, files: plan.pages.length + plan.pinned.length + plan.refused.length,
    secondPass: run.secondPass, moves: plan.moves.moves.length, orphans: plan.moves.orphans.length, ...linksWithoutAddress, ...summary, ...reportLinksLeft(run.linksLeft, args.json, output),
    ...manifestSummary(manifestLabel(manifest.location, deps.cwd), manifest.recordedCount(), unrecorded),
  };
  output.record(summaryRecord);
  if (args.json) output.json(summaryRecord);
  else output.line(`${runSummaryLine(summary, interruptCode !== undefined)}; second pass (links to new pages): ${run.secondPass}`);
  return exitCode;
}

/** TreePlanOptions.partOf, for a folder that is a part of a tree recorded further up. */
function partOfTree(manifest: { location: string; partKey: string | undefined }, cwd: string): Pick<TreeEntryOptions, 'partOf'> {
  if (manifest.partKey === undefined) return {};
  return { partOf: { manifest: manifestLabel(manifest.location, cwd), treeFolder: relative(cwd, dirname(manifest.location)).split(sep).join('/') } };
}

/** The manifest file as the working folder reaches it, '/'-separated. */
function manifestLabel(location: string, cwd: string): string {
  return relative(cwd, location).split(sep).join('/');
}

/**
 * The summary's `manifest` member, when the run wrote page IDs or would have (--no-record): the file to commit, for
 * the renderings a CI job shows (the Action's job summary and annotation), where the log line is easily missed.
 */
function manifestSummary(file: string, recorded: number, unrecorded: ReadonlyArray<readonly [string, { id: string }]>): { manifest?: { file: string; recorded: number; notRecorded?: Array<{ key: string; pageId: string }> } } {
  if (recorded === 0 && unrecorded.length === 0) return {};
  return { manifest: { file, recorded, ...(unrecorded.length > 0 ? { notRecorded: unrecorded.map(([key, entry]) => ({ key, pageId: entry.id })) } : {}) } };
}
