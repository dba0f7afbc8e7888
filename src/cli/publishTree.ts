// `wiki-publisher publish DOCS --tree`: the folder as a page tree under --parent, on the core's tree planner and
// runner; page IDs in the folder's .wiki-pages.json (written as pages land, unless --no-record), per-machine state
// in --state as for any run. The output (treePlanOutput.ts) lists the tree, then moves and orphans, which the service
// cannot handle.
import { lstat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Transport } from '../core/http/transport';
import { ownPageProof } from '../core/run/ownPageProof';
import type { NoticeSettings } from '../core/run/pageNotice';
import { StateFileLinkStore } from '../core/links/stateFile';
import { describeError } from '../core/log/redact';
import type { PublishOutcome } from '../core/publish/outcome';
import type { PublishTarget } from '../core/publish/target';
import { sendsUncheckedWithoutAccess } from '../core/run/guard';
import type { PlanItem } from '../core/run/plan';
import { sendMarks, type SendMarkStore, type SendMarks } from '../core/run/recordSend';
import { describeRunStop, ThrottleGate, type SendContext } from '../core/run/runner';
import { sendPlanned } from '../core/run/send';
import { MANIFEST_FILE_NAME } from '../core/tree/manifest';
import { nodeManifestFiles } from '../core/tree/manifestNodeFs';
import { openTreeManifest, type ManifestRoot } from '../core/tree/pageManifest';
import { matchRecordedRoot, type RecordedRootMatch } from '../core/tree/recordedRoot';
import { spaceAddresses } from '../core/tree/spaceAddresses';
import { relinkedKeys, treePlanCounts } from '../core/tree/treeSends';
import { planTreeFromWalk, treeLinks, type TreeEntryOptions } from '../core/tree/treePlan';
import { runTree, treeLandedLink, treePageAddresses, type TreeFileResult } from '../core/tree/treeRun';
import type { WikiPagesClient } from '../core/wikiPages';
import type { PublishArgs } from './args';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, runExitCode } from './exitCodes';
import { folderInRepository } from '../core/walk/gitignore';
import { cliFileLinkPorts, manifestAncestors } from './fileLinks';
import { walkArguments } from './files';
import { linksWithoutAddressProblem, refusedPageAccess, refusedPageAccessMessage } from './pageAccess';
import type { Output } from './output';
import { planSummaryLine, reportLinksLeft, runSummaryLine } from './report';
import { refuseUnreviewedPlan } from './expectPlan';
import { digestLine, planSummaryField, planViews, treePlanEntries } from './planFingerprint';
import { copyTreePlan, guardTreeAsPlanned, treePlanItems } from '../core/tree/treePlanGuard';
import { DIAGRAMS_FLAG } from './config';
import { printMoves, printTreePlan, printTreeResult, treePlanRecords } from './treePlanOutput';
import { readPageNames } from './pageNames';
import { refuseUnsafeManifest } from './writtenFiles';
import { counted } from './counted';
import { manifestNotWrittenMessage, stateNotWrittenMessage, type NotWrittenRecord } from './notWritten';

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
  /** Where the run may write: .wiki-pages.json and --state only inside it (publish.ts PublishContext.workingTree). */
  workingTree: string;
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
  /** The notice each page carries (notice.ts). */
  notice: NoticeSettings;
  /** The send settings, once a token is known (undefined in a dry run). */
  sending: { endpoint: URL; token: string; transport: Transport } | undefined;
  usage(message: string): number;
}


export async function treeCommand(deps: TreeCommandDeps): Promise<number> {
  const { args, output } = deps;
  const folder = args.paths[0] as string;
  // A file would be walked as a selection of one, then its manifest looked for below it (ENOTDIR).
  const named = await lstat(resolve(deps.cwd, folder)).catch(() => undefined);
  if (named?.isFile()) {
    return deps.usage(`--tree publishes a folder as a page tree, and ${folder} is a file: name its folder, or publish the file without --tree.`);
  }
  // The tree's record is kept in its folder, never written through a link: a dry run says so too, not "0 pages".
  if (named?.isSymbolicLink()) {
    return deps.usage(`--tree publishes a folder as a page tree, and ${folder} is a symbolic link: wiki-publisher never walks or writes through one. Name the folder it leads to.`);
  }
  const walked = await walkArguments([folder], deps.cwd);
  if (!walked.ok) return deps.usage(walked.message);
  const root = resolve(deps.cwd, folder);
  // As the walk labels the files: from the repository's root (walkArguments).
  const rootLabel = relative(walked.labelRoot, root).split(sep).join('/');
  // The folder's own manifest, else the nearest one above it up to the working folder when that one records the folder
  // as the page this tree hangs under (a folder of a tree published from further up).
  const writing = !args.noRecord && !args.dryRun;
  const opened = await openTreeManifest(
    nodeManifestFiles(deps.workingTree), join(root, MANIFEST_FILE_NAME), manifestAncestors(`${root}/`, deps.cwd), { writing },
    { ...(args.spaceId !== undefined ? { space: args.spaceId } : {}), ...(args.parentId !== undefined ? { parent: args.parentId } : {}) },
    (location) => manifestLabel(location, deps.cwd),
  );
  if (!opened.ok) return deps.usage(opened.message);
  const manifest = opened.store;
  for (const entry of manifest.setAside) deps.output.problem(entry);
  // Where page IDs will be recorded, known now: a path that cannot be written there stops the run before the wiki is asked.
  const unsafeManifest = writing ? await refuseUnsafeManifest(manifest.location, deps.workingTree) : undefined;
  if (unsafeManifest !== undefined) {
    deps.output.problem(unsafeManifest);
    return EXIT_USAGE;
  }
  const recorded = manifest.rootTarget();
  const spaceId = args.spaceId ?? recorded?.space;
  const parentId = args.parentId ?? recorded?.parent;
  if (spaceId === undefined || parentId === undefined) {
    return deps.usage(`--tree needs --space and --parent: the page ${folder} maps to (its files and subfolders become that page's children). ${MANIFEST_FILE_NAME} records them after the first run.`);
  }
  // The core's rule: a key and a numeric ID of one space are one place (resolved with page access).
  const match = recorded === undefined ? undefined : await matchRecordedRoot(recorded, { space: spaceId, parent: parentId }, deps.pages, deps.interrupt);
  if (match?.kind === 'spellings') return deps.usage(spaceSpellingsMessage(match.recorded, spaceId, match.why));
  if (match?.kind === 'elsewhere' && !args.retarget) {
    return deps.usage(`${MANIFEST_FILE_NAME} says this tree hangs under page ${match.recorded.parent} in space ${match.recorded.space}, not where --space/--parent say. Pass --retarget to publish a new tree there (the old pages stay), or drop the flags.`);
  }
  // The same place keeps the root as the file spells it: naming the space the other way changes nothing to commit.
  const identity = match?.kind === 'elsewhere' ? await manifest.emptied({ space: spaceId, parent: parentId })
    : manifest.withRoot(match?.kind === 'same' ? match.root : { space: spaceId, parent: parentId });
  const opening = args.statePath === undefined ? undefined : await StateFileLinkStore.open(args.statePath, { cwd: deps.cwd, workingTree: deps.workingTree });
  if (opening && !opening.ok) return deps.usage(opening.message);
  const state = opening?.store;
  const links = await treeLinks([...walked.result.files, ...walked.result.refused], rootLabel, state);
  const renderer = deps.renderer;
  const addresses = await spaceAddresses(deps.baseUrl || undefined, spaceId, deps.pages, deps.interrupt);
  const addressOf = addresses.addressOf;
  // Links written from the repository root (`/docs/guide.md`) are read as GitHub reads them.
  // With page access the plan reads the wiki before it is returned (the parent page, titles held elsewhere in the
  // space, ...): the fix for a parent that is not there names the manifest when it is the one that chose it.
  const parentRecorded = match?.kind === 'same';
  const treeOptions: TreeEntryOptions = {
    rootInRepository: await folderInRepository(walked.fs, root),
    rootPath: rootLabel, spaceId, parentId, overwrite: args.overwrite, identity, links, force: args.force,
    ...partOfTree(manifest, deps.cwd),
    pageAddresses: treePageAddresses(deps.pages !== undefined, addressOf),
    siblingOrder: args.siblingOrder,
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
  // Said once, before anything is sent, by the core's rule: a page of the tree or a file that names its own page that
  // would be sent over a page the guard cannot look at.
  if (deps.noAccessReason && sendsUncheckedWithoutAccess(treePlanItems(plan))) output.problem(`Wiki edits are not checked. ${deps.noAccessReason}`);
  const noticeOff = deps.notice.off === true;
  const guardOptions = { pages: deps.pages, noAccessReason: 'no page access', signal: deps.interrupt, overwriteEdited: args.overwriteEdited, noticeOff };
  // The pages the records name by title and address, for whoever reads records (--json, the Markdown plan): the chosen
  // page and those the files that name their own page go under are read from the wiki; the folder pages' titles are the tree's.
  const names = args.json || output.recording ? await readPageNames([parentId, ...[...plan.pinned, ...plan.refused].flatMap((item) => item.target.parentId ?? [])], {
    pages: deps.pages, baseUrl: deps.baseUrl || undefined, tree: { spaceId, addressOf }, signal: deps.interrupt, ...(plan.read ? { known: plan.read } : {}),
  }) : undefined;
  if (args.dryRun || !deps.sending) {
    await guardTreeAsPlanned(plan, guardOptions);
    const refusedAccess = refusedPageAccess(treePlanItems(plan));
    if (refusedAccess !== undefined) return deps.usage(refusedAccess);
    const addressable = treePageAddresses(deps.pages !== undefined, addressOf);
    const relinked = relinkedKeys(plan, addressable);
    const notSendable = printTreePlan(plan, args.json, output, addressOf, names, relinked);
    const exitCode = notSendable > 0 ? EXIT_FAILED : EXIT_OK;
    const counts = treePlanCounts(plan, addressable, relinked);
    const views = planViews(treePlanEntries(plan), deps.pages !== undefined);
    const fingerprint = views.shown;
    const summary = { type: 'summary', dryRun: true, interrupted: false, exitCode, ...counts, moves: plan.moves.moves.length, orphans: plan.moves.orphans.length, ...linksWithoutAddress, ...planSummaryField(fingerprint) };
    output.record(summary);
    if (args.json) output.json(summary);
    else output.lines([`${planSummaryLine(counts)}; as a tree of ${plan.pages.length === 1 ? '1 page' : `${plan.pages.length} pages`}, ${plan.moves.moves.length} moved, ${plan.moves.orphans.length} orphaned`, digestLine(views)]);
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
      cwd: deps.cwd, output, json: args.json, planRecords: () => treePlanRecords({ ...planned, refusedUnder: plan.refusedUnder }, addressOf, names, relinkedKeys({ ...plan, ...planned }, treePageAddresses(deps.pages !== undefined, addressOf))),
    });
    if (refused !== undefined) return refused;
  }
  const { endpoint, token, transport } = deps.sending;
  const settings = { endpoint, token, transport, deadlineMs: args.timeoutSeconds * 1000, notice: deps.notice };
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
  // The tree's pages this run landed, by key: a page whose folder page landed names it though it was never sent itself.
  const landedIds = new Map<string, string>();
  // The renderings list the results in the plan's order (the tree's), not in the order the sends ended.
  if (output.recording) output.record({ type: 'order', files: [...plan.pages.map((page) => page.item.file.label), ...[...plan.refused, ...plan.pinned].map((item) => item.file.label)] });
  const run = await runTree({
    plan, pages, identity, gate, concurrency: args.concurrency, signal: deps.interrupt, send,
    ...(marks ? { beforeSend: (item: PlanItem) => marks.beforeSend(item).catch(noteStateFailure) } : {}),
    addressOf, addressInSpace: addresses.inSpace,
    guard: { noAccessReason: 'no page access', overwriteEdited: args.overwriteEdited, noticeOff },
    // Refused credentials are broken configuration (exit 2), as the plan and a flat run say before anything is sent.
    stopOnRefusedCredential: true,
    onStopped: (stopped) => output.problem(describeRunStop(stopped)),
    ...ownPageProof(pages),
    onStart: (item, started, total) => output.progress(`Publishing ${started} of ${total}: ${item.complete ? JSON.stringify(item.complete.pageTitle) : item.file.label}`),
    onResult: (result) => {
      printTreeResult(result, args.json, output, plan, names, landedIds);
      recordTreeResult(result, marks, deps.now(), noteStateFailure);
    },
  });
  await state?.save().catch(noteStateFailure);
  let manifestFailure: unknown;
  await manifest.settled().catch((error: unknown) => {
    manifestFailure = error;
  });
  printMoves(plan, args.json, output, addressOf, run.leftBehind);
  const summary = { ...run.summary };
  const interruptCode = deps.interruptExitCode();
  let exitCode = runExitCode(summary, interruptCode);
  if (run.credentialRefused !== undefined) {
    output.problem(refusedPageAccessMessage(run.credentialRefused));
    exitCode = interruptCode ?? EXIT_USAGE;
  }
  const manifestFile = manifestLabel(manifest.location, deps.cwd);
  const notWritten: NotWrittenRecord[] = [];
  if (stateFailure !== undefined && args.statePath !== undefined) {
    notWritten.push({ file: args.statePath, reason: describeError(stateFailure) });
    output.problem(stateNotWrittenMessage(args.statePath, describeError(stateFailure)));
  }
  const unrecorded = manifest.pendingChanges();
  if (manifestFailure !== undefined) notWritten.push({ file: manifestFile, reason: describeError(manifestFailure) });
  // A record not written is a run not fully done (docs/cli.md, exit codes): the pages landed, but the next run may not know them.
  if (notWritten.length > 0) exitCode = interruptCode ?? EXIT_FAILED;
  // Said on every run that wrote the file: a CI runner's copy goes with the job, so the words say to commit it from there.
  if (manifest.recordedCount() > 0) output.problem(`Recorded ${counted(manifest.recordedCount(), 'page ID', 'page IDs')} in ${manifestFile}: commit it, so teammates and CI publish to the same pages (in CI, commit it from the job: the runner's copy goes when the job ends).`);
  if (manifestFailure !== undefined) output.problem(manifestNotWrittenMessage(manifestFile, describeError(manifestFailure), unrecorded.map(([key, entry]) => ({ key, pageId: entry.id }))));
  else if (unrecorded.length > 0) output.problem(`${unrecorded.length === 1 ? '1 page ID was' : `${unrecorded.length} page IDs were`} not recorded in ${manifestFile} (--no-record): ${unrecorded.map(([key, entry]) => `${key} = ${entry.id}`).join(', ')}`);
  const summaryRecord = {
    type: 'summary', dryRun: false, interrupted: interruptCode !== undefined, exitCode, files: plan.pages.length + plan.pinned.length + plan.refused.length,
    secondPass: run.secondPass, moves: plan.moves.moves.length, orphans: plan.moves.orphans.length, ...linksWithoutAddress, ...summary, ...reportLinksLeft(run.linksLeft, args.json, output, run.results),
    ...manifestSummary(manifestFile, manifest.recordedCount(), unrecorded), ...(notWritten.length > 0 ? { notWritten } : {}),
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

/**
 * The tree recorded in its space by one name (key or numeric ID) and asked for by the other, which could not be told to
 * be one space: said as that, with the fix (one name on both sides), never as another place.
 */
function spaceSpellingsMessage(recorded: ManifestRoot, spaceId: string, why: Extract<RecordedRootMatch, { kind: 'spellings' }>['why']): string {
  const nameOf = (space: string): string => (/^\d+$/.test(space.trim()) ? `its numeric ID ${space}` : `its key ${space}`);
  const cannot = why === 'noAccess' ? 'without page access the two cannot be told to name one space' : 'the wiki did not resolve both, so they cannot be told to name one space';
  return `${MANIFEST_FILE_NAME} records this tree's space by ${nameOf(recorded.space)} and --space names it by ${nameOf(spaceId)}, under the same parent page ${recorded.parent}: ${cannot}. Name the space as ${MANIFEST_FILE_NAME} does (--space ${recorded.space}), or drop --space.`;
}

/** The manifest file as the working folder reaches it, '/'-separated. */
function manifestLabel(location: string, cwd: string): string {
  return relative(cwd, location).split(sep).join('/');
}

/**
 * The summary's `manifest` member, when the run wrote page IDs or would have (--no-record): the file to commit, for
 * the renderings a CI job shows (the Action's job summary and annotation), where the log line is easily missed. With
 * the file not written (the summary's notWritten names it), notRecorded lists what the run could not put there.
 */
function manifestSummary(file: string, recorded: number, unrecorded: ReadonlyArray<readonly [string, { id: string }]>): { manifest?: { file: string; recorded: number; notRecorded?: Array<{ key: string; pageId: string }> } } {
  if (recorded === 0 && unrecorded.length === 0) return {};
  return { manifest: { file, recorded, ...(unrecorded.length > 0 ? { notRecorded: unrecorded.map(([key, entry]) => ({ key, pageId: entry.id })) } : {}) } };
}
