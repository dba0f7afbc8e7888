// `wiki-publisher publish`: find the files through the core's walk rules, plan them with the core's planner (front
// matter, then the --state record, then the flags), run the core's edit guard with the page access CI was given,
// then either print the plan (--dry-run) or send it with the core's runner, reporting every file and recording each
// page in --state as it lands. Returns the exit code; never calls process.exit itself.
import { API_TOKEN_ENV_VAR } from '../core/apiToken/tokenSource';
import { StateFileLinkStore } from '../core/links/stateFile';
import { repositoryLinks } from '../core/tree/repositoryLinks';
import { MANIFEST_FILE_NAME } from '../core/tree/manifestFormat';
import { identifyPage, withIdentity } from '../core/links/pageIdentity';
import { ownPageProof } from '../core/run/ownPageProof';
import type { NoticeSettings } from '../core/run/pageNotice';
import { noticeOffInEnvironment, noticeSettings, sourceBase } from './notice';
import { repositoryOf } from './repositoryIdentity';
import { isUnconfirmedCreate, type PageLink } from '../core/links/pageLink';
import type { Transport } from '../core/http/transport';
import { describeError } from '../core/log/redact';
import type { PartialTarget } from '../core/publish/target';
import { planFileLinks, type FileLinks } from '../core/run/fileLinks';
import { LinkFindings } from '../core/run/linkFindings';
import { guardPlan, sendsUncheckedWithoutAccess } from '../core/run/guard';
import { countLookupFailures, countPlan, planFiles, withRelinked, type PlanItem, type SourceFile } from '../core/run/plan';
import { sendMarks } from '../core/run/recordSend';
import { DEFAULT_LOOKUPS_AT_ONCE } from '../core/run/lookupDeadline';
import { callsAtMost } from '../core/util/callsAtMost';
import { describeRunStop, ThrottleGate } from '../core/run/runner';
import { foreseenFlatSecondSends, foreseenRelinks, runFlat, type FlatFileResult } from '../core/run/flatRun';
import { sendPlanned } from '../core/run/send';
import type { WikiPagesClient } from '../core/wikiPages';
import type { PublishArgs } from './args';
import { checkProxyVariables, DIAGRAMS_FLAG, resolveDiagramRenderer, resolveEndpoint, resolveToken } from './config';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, runExitCode, wouldNotLand } from './exitCodes';
import { cliWorkingTree, readMarkdownSources } from './files';
import type { Output } from './output';
import { linksWithoutAddressProblem, refusedPageAccess, resolvePageAccess } from './pageAccess';
import { fileRecord, planRecord, relinkedRecord, type FileRecord, type PlanRecord } from './fileRecords';
import { RELINKED_TEXT } from './runRecords';
import { findLandedPages, readPageNames, withNames, type LandedPage, type PageNames, type PageNameSources } from './pageNames';
import { fileLine, planLine, planSummaryLine, reportLinksLeft, runSummaryLine, secondPassLeftLine } from './report';
import { stateRecorder, treeCommand } from './publishTree';
import { refuseUnreviewedPlan } from './expectPlan';
import { SaidBefore } from './sharedReasons';
import { digestLine, flatPlanEntries, planSummaryField, planViews, type PlanViews } from './planFingerprint';
import { cliTransport, type CliTransport } from './transport';
import { cliFileLinkPorts, folderListings, labelledManifestFiles, repositoryLinkFile } from './fileLinks';
import { refuseUnsafeWrites } from './writtenFiles';
import { counted } from './counted';
import { stateNotWrittenMessage, type NotWrittenRecord } from './notWritten';
import { heldForLookupText } from './verdictText';

export interface PublishContext {
  env: NodeJS.ProcessEnv;
  cwd: string;
  /**
   * Where the run may write (--state, --report, --markdown-file, .wiki-pages.json): the Action's workspace; by default
   * the command line's working tree (files.ts cliWorkingTree).
   */
  workingTree?: string;
  now(): number;
  output: Output;
  /** Aborted on Ctrl+C: no new file starts, requests in flight are aborted. */
  interrupt: AbortSignal;
  /** The exit code an interrupt asks for (130 for SIGINT), once one happened. */
  interruptExitCode(): number | undefined;
}

export async function publishCommand(args: PublishArgs, context: PublishContext): Promise<number> {
  const { output } = context;
  // The token is cut from everything printed whenever it is set, before anything is: a dry run never sends it, but
  // prints titles, paths and messages from files, any of which may quote it (a JWT is redacted by its shape; an
  // opaque token only by being forgotten here). Checking it stays the sending run's business.
  const givenToken = context.env[API_TOKEN_ENV_VAR]?.trim();
  if (givenToken) output.forget(givenToken);
  const usage = (message: string): number => {
    output.problem(`${message} (see wiki-publisher --help)`);
    return EXIT_USAGE;
  };
  // Before anything else, so a path the run could not write its files at stops it before the wiki is asked anything.
  const workingTree = context.workingTree ?? await cliWorkingTree(context.cwd);
  const unsafeWrite = await refuseUnsafeWrites(args, { cwd: context.cwd, workingTree });
  if (unsafeWrite !== undefined) {
    output.problem(unsafeWrite);
    return EXIT_USAGE;
  }
  const endpoint = resolveEndpoint(args.endpoint, context.env, !args.dryRun);
  if (!endpoint.ok) return usage(endpoint.message);
  const proxy = checkProxyVariables(context.env);
  if (!proxy.ok) return usage(proxy.message);
  let token: string | undefined;
  if (!args.dryRun) {
    const resolved = resolveToken(context.env, context.now());
    if (!resolved.ok) return usage(resolved.message);
    token = resolved.value;
    // Forgotten above already, as the token sent is the variable's value trimmed (validateApiToken); should the two
    // ever differ, the one sent is cut too.
    if (token !== givenToken) output.forget(token);
  }
  // Who the token acts as never enters into a decision: the wiki's notice on each page tells what this tool left there.
  // The files' labels are their paths from the repository's root (files.ts walkArguments), as the source link wants.
  // The repository, where the CI system names it: a page another repository's file of the same path published is not
  // taken for this file's (repositoryIdentity.ts).
  const repository = repositoryOf(context.env);
  const notice = noticeSettings(args.noNotice || noticeOffInEnvironment(context.env), sourceBase(args.sourceUrl, context.env), repository);
  // The HTTP client is loaded only when something is sent or read: a dry run without page access needs none.
  let transport: CliTransport | undefined;
  const lazyTransport = (): CliTransport => (transport ??= cliTransport(context.env, args.timeoutSeconds * 1000));
  try {
    const access = resolvePageAccess({
      env: context.env, authUrl: args.authUrl, baseUrl: args.baseUrl, transport: lazyTransport, now: () => context.now(),
      timeoutMs: args.timeoutSeconds * 1000,
      forget: (secret) => output.forget(secret),
      ...(repository !== undefined ? { ownRepository: repository } : {}),
    });
    if (access.kind === 'invalid') return usage(access.message);
    if (access.kind === 'pages') {
      for (const secret of access.secrets) output.forget(secret);
      const refused = await access.ready(context.interrupt);
      // Stopped while the token was asked for: the interrupt's exit code, not a configuration error.
      if (context.interrupt.aborted) return context.interruptExitCode() ?? EXIT_FAILED;
      if (refused !== undefined) return usage(`Page access is configured but does not work: ${refused}`);
    }
    const pages = access.kind === 'pages' ? access.client : undefined;
    const renderer = resolveDiagramRenderer(args.diagrams, context.env);
    if (args.tree) {
      return await treeCommand({
        args, cwd: context.cwd, workingTree, output, now: context.now, interrupt: context.interrupt, interruptExitCode: context.interruptExitCode, pages,
        baseUrl: access.baseUrl,
        noAccessReason: access.kind === 'none' ? access.reason : undefined,
        sending: !args.dryRun && endpoint.value && token !== undefined ? { endpoint: endpoint.value, token, transport: lazyTransport() } : undefined,
        notice,
        renderer,
        usage,
      });
    }

    const planned = await planCommandLine(args, { cwd: context.cwd, workingTree, pageAccess: pages !== undefined }, output, renderer);
    if (!planned.ok) return usage(planned.message);
    const { plan, state } = planned;
    // Links to other files go to their pages when sent; decided before the plan is shown, so its cautions are true.
    const links = await planFileLinks(planned.sources, plan, cliFileLinkPorts({ cwd: context.cwd, state, pages, baseUrl: access.baseUrl, signal: context.interrupt }), planned.linkFindings);
    // The core's guard, with page access, also refuses files giving one title in a space written as its key and its ID
    // (and decides the links to them again).
    await guardPlan(plan, {
      pages,
      links,
      noAccessReason: 'no page access',
      signal: context.interrupt,
      overwriteEdited: args.overwriteEdited,
      noticeOff: notice.off === true,
      recordsFromFiles: true,
      // Without --state a flat run records no page: the notice is its only record.
      markerIsTheRecord: state === undefined,
      lookForOldTitles: !args.retarget,
    });
    // Said once, not on every line, by the core's rule (as a tree says it): what would let the guard look at the wiki.
    if (access.kind === 'none' && sendsUncheckedWithoutAccess(plan)) output.problem(`Wiki edits are not checked. ${access.reason}`);
    // So are the links that stay as written for want of the wiki's address, counted by the core (as a tree's are).
    const unaddressed = links.linksWithoutAddress();
    const linksWithoutAddress = unaddressed > 0 ? { linksWithoutAddress: unaddressed } : {};
    if (unaddressed > 0) output.problem(linksWithoutAddressProblem(unaddressed));
    const refusedAccess = refusedPageAccess(plan);
    if (refusedAccess !== undefined) return usage(refusedAccess);
    // Lookups that failed although there was page access, counted by the core by what became of them (updates held or
    // sent unchecked, creates sent): said once.
    const failed = countLookupFailures(plan);
    if (failed.updates + failed.creates > 0) {
      const fate = [
        ...(failed.updatesHeld > 0 ? [heldForLookupText(failed.updatesHeld, failed.updatesHeldLasting)] : []),
        ...(failed.updatesSentUnchecked > 0 ? [`${counted(failed.updatesSentUnchecked, 'update', 'updates')} sent unchecked (--overwrite-edited).`] : []),
        ...(failed.creates > 0 ? [failed.creates === 1 ? '1 new page sent as a create, which replaces no page.' : `${failed.creates} new pages sent as creates, which replace no page.`] : []),
      ].join(' ');
      output.problem(`${failed.updates > 0 ? `Wiki edits could not be checked for ${counted(failed.updates, 'update', 'updates')}` : 'The wiki could not be read'}: ${failed.detail ?? ''} ${fate}`);
    }
    const views = planViews(flatPlanEntries(plan), pages !== undefined);
    // The pages the files go under, by title and address, for whoever reads records (--json, the Markdown plan).
    const nameSources = { pages, baseUrl: access.baseUrl, signal: context.interrupt };
    const names = args.json || output.recording ? await readPageNames(plan.flatMap((item) => item.target.parentId ?? []), nameSources) : undefined;
    // The unchanged files the run sends so their links reach a page it makes anew: the plan says those updates.
    const relinked = await foreseenRelinks(plan, links);
    if (args.dryRun) return printDryRun(plan, args.json, output, views, { linksWithoutAddress, relinked, sentTwice: foreseenFlatSecondSends(plan, links).size }, names);
    const unreviewed = await refuseUnreviewedPlan(args.expectPlan, views, { cwd: context.cwd, output, json: args.json, planRecords: () => plan.map((item) => withNames(flatPlanRecord(item, relinked), names)) });
    if (unreviewed !== undefined) return unreviewed;
    if (!endpoint.value || token === undefined) return EXIT_USAGE; // resolved above; keeps the types honest
    return await send(plan, state, pages, { ...context, args, links, relinked, endpoint: endpoint.value, token, transport: lazyTransport(), linksWithoutAddress, notice, names: names && { names, sources: nameSources } });
  } catch (error) {
    if (context.interrupt.aborted) return context.interruptExitCode() ?? EXIT_FAILED;
    throw error;
  } finally {
    await transport?.close();
  }
}

interface SendContext extends PublishContext {
  args: PublishArgs;
  links: FileLinks;
  /** The unchanged files the plan showed as sent for their links (foreseenRelinks). */
  relinked: ReadonlySet<string>;
  /** The summary's count of links that stay as written for want of the wiki's address, when there are any. */
  linksWithoutAddress: { linksWithoutAddress?: number };
  endpoint: URL;
  token: string;
  transport: Transport;
  /** The notice each page carries (notice.ts). */
  notice: NoticeSettings;
  /** The pages the records name, when someone reads records (pageNames.ts). */
  names: { names: PageNames; sources: PageNameSources } | undefined;
}

async function send(plan: PlanItem[], state: StateFileLinkStore | undefined, pages: WikiPagesClient | undefined, context: SendContext): Promise<number> {
  const { args, output } = context;
  const settings = { endpoint: context.endpoint, token: context.token, transport: context.transport, deadlineMs: args.timeoutSeconds * 1000, notice: context.notice };
  let stateFailure: unknown;
  const identifying: Array<Promise<void>> = [];
  // As many at once as the guard's lookups, not one for each page as it lands (the core's flat run learns the same way).
  const identify = callsAtMost(DEFAULT_LOOKUPS_AT_ONCE);
  const recording: Array<Promise<void>> = [];
  const gate = new ThrottleGate();
  // Each send's mark is in --state before its request goes out: a run killed meanwhile (SIGKILL, out of memory, a lost
  // CI runner) leaves it for the next run's guard, as an interrupted run does.
  const marks = state ? sendMarks(stateRecorder(state)) : undefined;
  // The pages published without an address in their records, looked up once the run is over.
  const unaddressed = new Map<string, LandedPage>();
  // The renderings list the results in the plan's order, not in the order the sends ended.
  if (output.recording) output.record({ type: 'order', files: plan.map((item) => item.file.label) });
  const run = await runFlat(plan, {
    concurrency: args.concurrency,
    gate,
    signal: context.interrupt,
    links: context.links,
    relinking: context.relinked,
    pages,
    guard: { overwriteEdited: args.overwriteEdited },
    send: (item, target, sendContext) => sendPlanned(item, target, sendContext, settings),
    ...ownPageProof(pages),
    onStopped: (stopped) => output.problem(describeRunStop(stopped)),
    onStart: (item, started, total) => output.progress(`Publishing ${started} of ${total}: ${item.complete ? JSON.stringify(item.complete.pageTitle) : item.file.label}`),
    ...(marks ? {
      beforeSend: (item: PlanItem) => marks.beforeSend(item).catch((error: unknown) => {
        stateFailure ??= error;
      }),
    } : {}),
    onResult: (result) => {
      const record = print(result, args.json, output, gate.stoppedBy ? 'not sent: publishing stopped because the wiki asked to wait (see above)' : undefined, context.names?.names);
      if (record.status === 'published' && record.url === undefined && record.title !== undefined && record.spaceId !== undefined && record.parentId !== undefined) {
        unaddressed.set(record.file, { file: record.file, title: record.title, spaceId: record.spaceId, parentId: record.parentId });
      } else unaddressed.delete(record.file);
      // What the file's send leaves in --state, by the core's rule: the page that landed, or the mark of a send that
      // may have landed unconfirmed, which the next run's guard explains as that send.
      if (!state || !marks) return;
      recording.push(marks.end(result, context.now()).then((decided) => {
        // A page this run created is found by its parent's children, as the editor does: with its ID recorded, the
        // next run's links from other files reach it, and its guard knows which page it is.
        const target = result.item.complete;
        if (!pages || !target || decided?.kind !== 'landed' || decided.link.pageId !== undefined) return;
        const link = decided.link;
        identifying.push(identify(() => identifyPage(pages, target, context.interrupt)).catch(() => undefined).then(async (identity) => {
          if (identity) await state.record(result.item.file.key, withIdentity(link, identity));
        }).catch((error: unknown) => {
          stateFailure ??= error;
        }));
      }).catch((error: unknown) => {
        stateFailure ??= error;
      }));
    },
  });
  // Identifications start as records are made: all of them are known once the records are.
  await Promise.all(recording);
  await Promise.all(identifying);
  const interruptCode = context.interruptExitCode();
  const { summary } = run;
  const { secondPassLeft } = run;
  const leftByStop = secondPassLeft.cancelled + secondPassLeft.notStarted;
  // A second send the stop left is a file not done, though its page is there: a stop such as a long 429, which sets no
  // interrupt code, does not end as a success while pages keep links as written.
  let exitCode = interruptCode ?? (leftByStop > 0 ? EXIT_FAILED : runExitCode(summary, undefined));
  const notWritten: NotWrittenRecord[] = [];
  if (state) {
    await state.save().catch((error: unknown) => {
      stateFailure ??= error;
    });
    if (stateFailure !== undefined && args.statePath !== undefined) {
      notWritten.push({ file: args.statePath, reason: describeError(stateFailure) });
      output.problem(stateNotWrittenMessage(args.statePath, describeError(stateFailure)));
      exitCode = interruptCode ?? EXIT_FAILED;
    }
  }
  // The pages the job summary links: those whose records gave no address, found on the wiki now that all have landed.
  const landed = context.names && interruptCode === undefined ? await findLandedPages([...unaddressed.values()], context.names.sources) : [];
  const summaryRecord = {
    type: 'summary', dryRun: false, interrupted: interruptCode !== undefined, exitCode, files: plan.length, secondPass: run.secondPass, ...summary,
    ...(leftByStop > 0 ? { secondPassCancelled: secondPassLeft.cancelled, secondPassNotStarted: secondPassLeft.notStarted } : {}),
    ...context.linksWithoutAddress, ...reportLinksLeft(run.linksLeft, args.json, output, run.results), ...(landed.length > 0 ? { landed } : {}),
    ...(notWritten.length > 0 ? { notWritten } : {}),
  };
  output.record(summaryRecord);
  if (args.json) output.json(summaryRecord);
  else output.line(`${runSummaryLine(summary, interruptCode !== undefined)}${run.secondPass > 0 ? `; second pass (links to new pages): ${run.secondPass}` : ''}${secondPassLeftLine(secondPassLeft)}`);
  return exitCode;
}

type Planned = { ok: true; plan: PlanItem[]; sources: SourceFile[]; state: StateFileLinkStore | undefined; linkFindings: LinkFindings } | { ok: false; message: string };

/** Files found and read, their --state records, and the plan: front matter, then the record, then the flags. */
async function planCommandLine(args: PublishArgs, place: { cwd: string; workingTree: string; pageAccess: boolean }, output: Output, renderer: string | undefined): Promise<Planned> {
  const { cwd } = place;
  const opened = args.statePath === undefined ? undefined : await StateFileLinkStore.open(args.statePath, place);
  if (opened && !opened.ok) return opened;
  const state = opened?.store;
  const read = await readMarkdownSources(args.paths, cwd);
  if (!read.ok) return read;
  const defaults: PartialTarget = { overwrite: args.overwrite };
  if (args.spaceId !== undefined) defaults.spaceId = args.spaceId;
  if (args.parentId !== undefined) defaults.parentId = args.parentId;
  const links = new Map<string, PageLink | undefined>();
  // A file this machine has no record of may be a page of a tree the repository records (.wiki-pages.json); so may a
  // file whose record says only that its create may have landed, which names no page.
  const known = new Map<string, PageLink | undefined>();
  for (const file of read.files) known.set(file.key, await state?.get(file.key));
  const unpublished = (key: string): boolean => known.get(key) === undefined || isUnconfirmedCreate(known.get(key));
  const listings = folderListings();
  const repository = await repositoryLinks(read.files.filter((file) => unpublished(file.key)).map((file) => repositoryLinkFile(file.key, cwd, listings)), labelledManifestFiles(cwd));
  for (const problem of repository.problems) output.problem(`${problem} (its files publish as if it recorded no page)`);
  for (const finding of repository.entryFindings) output.problem(finding);
  for (const file of read.files) {
    const recorded = unpublished(file.key) ? repository.links.get(file.key) : undefined;
    // --retarget: the flags and the file's own title decide, as if the file had never been published.
    links.set(file.key, args.retarget ? undefined : (recorded ?? known.get(file.key)));
  }
  const linkFindings = new LinkFindings();
  const plan = planFiles(read.files, links, { titleFromFile: true, defaults, force: args.force, diagramsSetting: DIAGRAMS_FLAG, linkFindings, linksAreCache: true, ...(renderer ? { diagramRenderer: renderer } : {}) });
  // The repository's record that places a file elsewhere than the flags (the plan's rule, PlanItem.recordOverDefaults)
  // wins, and the run says so; a --state record that does is only a cache, and the flags decide (PlanItem.cacheElsewhere).
  for (const { recordOverDefaults, cacheElsewhere, cacheRetitled, link, file, suggestedTitle } of plan) {
    if (cacheElsewhere !== undefined) {
      output.problem(`${file.label}: the --state record publishes it to space ${cacheElsewhere.spaceId} under parent ${cacheElsewhere.parentId}, not where --space/--parent say; the flags decide (the state is a cache of earlier runs, which never moves a page), and a page there stays as it is.`);
    }
    if (cacheRetitled !== undefined) {
      output.problem(`${file.label}: the --state record publishes it to the page titled "${cacheRetitled}", not to the file's title "${suggestedTitle}"; the file's title decides (the state is a cache of earlier runs, which never renames or redirects a page; front matter wiki: pageTitle names a page), and a page titled so stays as it is.`);
    }
    if (recordOverDefaults !== true || link?.recorded === undefined) continue;
    output.problem(`${file.label}: the repository's ${MANIFEST_FILE_NAME} record publishes it to space ${link.spaceId} under parent ${link.parentId}, not where --space/--parent say; the record wins where its page carries the file's notice (else the file is refused). Pass --retarget to publish it where the flags say (the old page stays).`);
  }
  return { ok: true, state, sources: read.files, plan, linkFindings };
}

function print(result: FlatFileResult, json: boolean, output: Output, notStartedBecause: string | undefined, names: PageNames | undefined): FileRecord {
  // A file sent again says so: its second record is the one that counts.
  const record = { ...fileRecord(result, notStartedBecause), ...(result.pageId !== undefined ? { pageId: result.pageId } : {}), ...(result.pass === 2 ? { pass: 2 } : {}) };
  withNames(record, names, result.state === 'published' && result.pageId !== undefined ? { pageId: result.pageId } : {});
  output.record(record);
  if (json) output.json(record);
  else output.line(`${fileLine(record, result.outcome?.mayHaveLandedSaid === true)}${result.pass === 2 ? ' (second pass: links to new pages)' : record.relinked ? ` (${RELINKED_TEXT})` : ''}`);
  return record;
}

/** A file's plan record; an unchanged one the run sends for its links (foreseenRelinks) as that update. */
function flatPlanRecord(item: PlanItem, relinked: ReadonlySet<string>): PlanRecord {
  const record = planRecord(item);
  return relinked.has(item.file.key) && record.status === 'unchanged' ? relinkedRecord(record) : record;
}

function printDryRun(plan: readonly PlanItem[], json: boolean, output: Output, views: PlanViews, besides: { linksWithoutAddress: { linksWithoutAddress?: number }; relinked: ReadonlySet<string>; sentTwice: number }, names: PageNames | undefined): number {
  const { linksWithoutAddress, relinked, sentTwice } = besides;
  const fingerprint = views.shown;
  let notSendable = 0;
  const saidBefore = new SaidBefore();
  for (const item of plan) {
    const record = withNames(flatPlanRecord(item, relinked), names);
    output.record(record);
    if (wouldNotLand(record)) notSendable++;
    if (json) output.json(record);
    else output.line(planLine(record, saidBefore));
  }
  const counted = withRelinked(countPlan(plan), relinked.size);
  const counts = sentTwice > 0 ? { ...counted, sentTwice } : counted;
  const exitCode = notSendable > 0 ? EXIT_FAILED : EXIT_OK;
  const summary = { type: 'summary', dryRun: true, interrupted: false, exitCode, ...counts, refused: counts.refused + counts.incomplete, ...linksWithoutAddress, ...planSummaryField(fingerprint) };
  output.record(summary);
  if (json) output.json(summary);
  else output.lines([planSummaryLine(counts), digestLine(views)]);
  return exitCode;
}
