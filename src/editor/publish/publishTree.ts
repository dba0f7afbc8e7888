// Publishing a folder from the Explorer as a page tree (issue 14): the folder maps to the parent page the user
// chooses, its subfolders become pages, links between files become page links. The engine is the core's tree planner
// and runner; page IDs live in the folder's .wiki-pages.json (through vscode.workspace.fs, so remote workspaces work),
// written as pages land unless the setting turns it off. This file asks, confirms and reports.
import * as vscode from 'vscode';
import type { PageLink } from '../../core/links/pageLink';
import type { SendMarks } from '../../core/run/recordSend';
import { describeError } from '../../core/log/redact';
import { MANIFEST_FILE_NAME } from '../../core/tree/manifestFormat';
import type { TreePlan } from '../../core/tree/treePlan';
import type { TreeFileResult } from '../../core/tree/treeRun';
import { neutralise } from '../../core/text/neutralise';
import { editorManifestMessages } from '../messages/manifestMessages';
import { editorTreeMessages } from '../messages/treeMessages';
import { editorPublishMessages } from '../messages/publishMessages';
import { onDemand } from '../onDemandLoader';
import { withNotificationProgress, withProgressBeforeResult } from '../progressNotification';
import { setting } from '../settings';
import { folderInItsRepository, lookUpFs, readSelection } from './collectMarkdown';
import { noAccessOptions, offerSignInForRefusedLookups, uncheckedNote } from './guardStep';
import { labelOfFolder } from './folderLabel';
import { editorFileLinkPorts } from './fileLinkPorts';
import { linksLeftNote, relinkedNote } from './linksLeftNote';
import { workspaceManifestPort } from './manifestPort';
import { manifestAncestors } from './repositoryLinks';
import { askPlanDefaults } from './prompts';
import { concurrencySetting, omitTitleHeadingSetting, sharedPlanOptions, sendSetup, type PublishDependencies } from './publishContext';
import { pageNoticeOff, siblingOrderSetting } from './publishSettings';
import { showWithActions } from './showOutcome';
import { confirmTree } from './treeConfirm';
import { failedForGoodLines } from './failedReasons';
import { unsavedPublishedNote } from './unsavedNote';
import { logTreeRun } from './treeLog';

export class TreePublisher {
  constructor(private readonly deps: PublishDependencies) {}

  async publish(folder: vscode.Uri): Promise<void> {
    const setup = await sendSetup(this.deps, () => this.publish(folder));
    if (!setup) return;
    const core = onDemand();
    const read = await withNotificationProgress(vscode.l10n.t('Reading the Markdown files...'), (_progress, _signal, cancellation) => readSelection([folder], cancellation));
    // A tree is planned whole or not at all: a part of it would send folder pages without their other children and
    // call the pages of the files left out orphans. Cancelled: nothing more.
    if (!read.ok) {
      if (read.message !== undefined) void showWithActions('error', read.message, []);
      return;
    }
    if (read.sources.length === 0) {
      void showWithActions('info', vscode.l10n.t('There are no Markdown files in the folder (files hidden by files.exclude or .gitignore, node_modules and dot-folders are skipped).'), []);
      return;
    }
    const manifestUri = vscode.Uri.joinPath(folder, MANIFEST_FILE_NAME);
    // The folder's own manifest, else the nearest one above it in its workspace folder when that one records the folder's
    // page (a folder of a tree published from further up): the tree is then that manifest's part below the folder.
    const opened = await core.openTreeManifest(
      workspaceManifestPort(), manifestUri.toString(), manifestAncestors(folder.with({ path: `${folder.path.replace(/\/+$/, '')}/` })),
      { writing: setting<boolean>('wikiPublisher.recordPageIds', true), messages: editorManifestMessages }, {},
      (location) => vscode.workspace.asRelativePath(vscode.Uri.parse(location)),
    );
    if (!opened.ok) {
      void showWithActions('error', opened.message, []);
      return;
    }
    const manifest = opened.store;
    for (const entry of manifest.setAside) this.deps.log.warn(entry);
    const recorded = manifest.rootTarget();
    const rootPath = labelOfFolder(folder, read.sources);
    // The prompt counts the pages the tree makes (folder pages too), not the files or the one folder selected.
    const answers = recorded
      ? { spaceId: recorded.space, parentId: recorded.parent, overwrite: false }
      : await askPlanDefaults({}, this.deps.recent, {}, core.treePageCount(read.sources.map((source) => source.label), rootPath));
    if (!answers) return;
    const identity = manifest.withRoot({ space: answers.spaceId, parent: answers.parentId });
    const pages = await this.deps.wiki.pages();
    const links = await core.treeLinks(read.sources, rootPath, this.deps.links);
    // Page addresses come from the site setting, so links between files work with recorded IDs even when signed out.
    // The setting falls back to the import endpoint's site, so the editor always has one: no plan of it says that its
    // links stay as written for want of an address (TreePlan.linksWithoutAddress, which the command line shows).
    const addresses = await core.spaceAddresses(this.deps.wiki.baseUrl().trim() || undefined, answers.spaceId, pages);
    const addressOf = addresses.addressOf;
    const rootInRepository = await folderInItsRepository(folder);
    // Signed in, the core's plan reads the wiki before it is returned (the parent page, titles held elsewhere in the
    // space, ...), shown in a notification whose Cancel ends the publish. A lookup that fails otherwise decides nothing:
    // the plan goes on as far as the wiki was read.
    let cancelled = false;
    const whileLooking = (look: (signal: AbortSignal | undefined) => Promise<void>): Promise<void> =>
      withNotificationProgress(vscode.l10n.t('Looking for the parent page and the new pages\' titles in the space...'), (_progress, signal) => look(signal).catch((error: unknown) => {
        if (!signal.aborted) return;
        cancelled = true;
        throw error;
      }));
    let plan: TreePlan;
    try {
      // Links to files that are not there are looked up from the folder through workspace.fs, as the walk read it.
      plan = await core.planTreeOnDisk(read.sources, {
        rootPath, rootInRepository,
        spaceId: answers.spaceId, parentId: answers.parentId, overwrite: answers.overwrite, identity, links, ...partOfTree(manifest),
        ...(pages ? { wiki: { pages, parentRecorded: recorded !== undefined, whileLooking } } : {}),
        pageAddresses: core.treePageAddresses(pages !== undefined, addressOf), siblingOrder: siblingOrderSetting(),
        omitTitleHeading: omitTitleHeadingSetting(), ...sharedPlanOptions(), treeMessages: editorTreeMessages,
      }, { fs: lookUpFs(), root: folder }, editorFileLinkPorts(this.deps));
    } catch (error) {
      if (cancelled) return;
      throw error;
    }
    // The guard looks before the question, so the confirmation can list the pages edited on the wiki (the tree's, and
    // those of files that name their own page), and a new page's place held by a page no record names but last written
    // by you, which the run takes over: said before sending (it may be another folder's page of that title). Only the
    // new pages whose parent exists are looked up: nothing is under a folder page the run creates.
    // Signed out by the authorization server, the updates it cannot check are held back before the confirmation too, so
    // it lists them (and Overwrite sends them unchecked).
    const noAccess = await noAccessOptions(this.deps, pages);
    if (pages || noAccess.noAccessHeld) {
      await core.guardTreeAsPlanned(plan, { pages, ...noAccess, lookUpCreates: true, noticeOff: pageNoticeOff(), messages: editorTreeMessages })
        .catch((error: unknown) => this.deps.log.warn(`The edit guard could not look before the confirmation: ${describeError(error)}`));
    }
    // Pages held because the wiki refused the sign-in: the sign-in is offered beside the confirmation, not awaited.
    void offerSignInForRefusedLookups(core.treePlanItems(plan));
    // The unchanged pages the run sends again for their links (a page they reach is made anew): counted as sent.
    const addressable = core.treePageAddresses(pages !== undefined, addressOf);
    const relinked = core.relinkedKeys(plan, addressable);
    // The pages that go twice, their links naming pages created after them: said before anything goes.
    const twice = core.foreseenSecondSends(plan, addressable);
    const decision = await confirmTree(this.deps, { plan, spaceId: answers.spaceId, parentId: answers.parentId, addressOf, relinked, twice, unsaved: read.unsaved });
    if (decision === 'cancel') return;
    const overwriteEdited = decision === 'overwriteEdited' ? new Set(core.treePlanItems(plan).filter((item) => item.state === 'edited').map((item) => item.file.key)) : undefined;

    let linking: Promise<void> = Promise.resolve();
    /** What each page's last pass left, by file key. */
    const landed = new Map<string, PageLink>();
    // Each send's mark is in the links before its request goes out: a window that crashes or is killed meanwhile
    // leaves it for the next publish's guard (recordSend.ts, sendMarks).
    const marks = core.sendMarks(this.deps.links);
    const linkingFailed = (label: string) => (error: unknown): void => this.deps.log.error(`Linking ${label} failed: ${describeError(error)}`);
    // Why the run stopped early (the wiki asked for a longer wait than a run makes, or refused the API token): the
    // core tells it once, with the tree's counts, and the summary says it first, as a flat publish's does.
    let stopped: { words: string; tokenRefused: boolean } | undefined;
    const run = await withProgressBeforeResult(vscode.l10n.t('Publishing the page tree'), (progress, signal) => {
      return core.runTree({
        plan, pages, identity, gate: new core.ThrottleGate(), concurrency: core.clampConcurrency(concurrencySetting()), signal, messages: editorPublishMessages,
        addressOf, addressInSpace: addresses.inSpace,
        guard: {
          ...noAccess, lookUpCreates: true, noticeOff: pageNoticeOff(), messages: editorTreeMessages,
          ...(overwriteEdited ? { overwriteEdited } : {}),
        },
        send: (item, target, context) => core.sendPlanned(item, target, context, { ...setup, transport: this.deps.transport() }),
        onStopped: (stop) => {
          stopped = { words: core.describeRunStop(stop, editorPublishMessages), tokenRefused: stop.reason === 'tokenRefused' };
        },
        ...core.ownPageProof(pages),
        // The core counts the whole run, levels and both passes: a new page whose links needed other new pages is sent
        // twice (an existing one waits for them and goes once), and the total grows when the second pass starts.
        onStart: (item, started, total) => {
          const title = item.complete?.pageTitle;
          const message = title !== undefined ? vscode.l10n.t('{0} of about {1}: "{2}"', started, total, title) : vscode.l10n.t('{0} of about {1}: {2}', started, total, item.file.label);
          progress.report({ message: neutralise(message), increment: 100 / Math.max(1, total) });
        },
        beforeSend: (item) => {
          linking = linking.then(() => marks.beforeSend(item)).catch(linkingFailed(item.file.label));
          return linking;
        },
        onResult: (result) => {
          linking = linking.then(() => this.link(result, landed, marks)).catch(linkingFailed(result.item.file.label));
        },
      });
    });
    await linking;
    // Pull's base, as after any publish: each file's page as its last pass left it, exported in the background.
    for (const [key, link] of landed) if (!core.isGeneratedPageKey(key)) this.deps.keepPullBase?.(key, link, undefined);
    // The file recorded in: the folder's own, or the one further up its tree is part of.
    const manifestFile = vscode.workspace.asRelativePath(vscode.Uri.parse(manifest.location));
    // A file that could not be written is said with the run's outcome, not only logged: the pages landed, but the
    // IDs the file lacks must be added by hand, or teammates and CI create those pages again.
    let manifestFailure: string | undefined;
    await manifest.settled().catch((error: unknown) => {
      manifestFailure = describeError(error);
      this.deps.log.error(`Writing ${manifestFile} failed: ${manifestFailure}`);
    });
    const unrecorded = manifest.pendingChanges().map(([key, entry]) => ({ key, pageId: entry.id }));
    logTreeRun(this.deps.log, { plan, results: run.results, summary: run.summary, leftBehind: run.leftBehind, addressOf });
    const summary = run.summary;
    // The verdicts the run acted on are on the items it sent (the plan's own were only the look before the question).
    const unchecked = uncheckedNote(run.results.filter((result) => result.pass === 1).map((result) => result.item));
    const linksLeft = linksLeftNote(run.linksLeft);
    // A page sent twice ends twice: its last end is the one said.
    const lastResults = core.countedResults(run.results, (result) => result.item.file.key);
    const notes = [
      ...(stopped ? [stopped.words] : []),
      // Why pages failed for good ("already exists"): a tree published again meets them again.
      ...failedForGoodLines(lastResults, false),
      ...unsavedPublishedNote(lastResults.filter((result) => result.state === 'published' && read.unsaved.has(result.item.file.key)).map((result) => result.item.file.label)),
      ...(run.secondPass > 0 ? [sentAgainNote(run.secondPass)] : []),
      ...relinkedNote(run.results),
      ...(linksLeft ? [linksLeft] : []),
      ...(plan.moves.renamed.length > 0 ? [vscode.l10n.t('Renamed: {0} - the page follows the file (same title under the same parent page): {1}', plan.moves.renamed.length, plan.moves.renamed.map((rename) => `${rename.oldPath} -> ${rename.path}`).join(', '))] : []),
      ...(plan.moves.orphans.length > 0 ? [orphansNote(plan.moves.orphans.length)] : []),
      ...(run.leftBehind.length > 0 ? [leftBehindNote(run.leftBehind.length)] : []),
      ...(manifest.recordedCount() > 0 ? [recordedNote(manifest.recordedCount(), manifestFile)] : []),
      ...(manifestFailure !== undefined ? [core.manifestNotWrittenMessage(editorManifestMessages, manifestFile, manifestFailure, unrecorded)]
        : unrecorded.length > 0 ? [notRecordedNote(unrecorded.length, manifestFile)] : []),
      ...(unchecked ? [unchecked] : []),
    ];
    const severity = summary.failed + summary.refused + summary.existsUnproven > 0 ? 'error'
      : summary.edited + summary.notStarted + summary.cancelled + run.linksLeft.length > 0 || manifestFailure !== undefined ? 'warning' : 'info';
    // Open Page: the tree's top page, as a link to the folder reaches it (its index or README, else the chosen page),
    // once some page of the tree is there to see (published now, or before and unchanged).
    const top = summary.published + summary.skipped > 0 ? core.treeTopPage(plan, run.results) : undefined;
    const topUrl = top ? addressOf(top.pageId, top.title ?? '') : undefined;
    const actions = topUrl ? ['openPage', 'showResults'] as const : ['showResults'] as const;
    const choice = await showWithActions(severity, `${core.summaryLine(summary, editorPublishMessages)}.${notes.length ? ` ${notes.join(' ')}` : ''}`, stopped?.tokenRefused ? ['setApiToken', ...actions] : actions);
    if (choice === 'showResults') this.deps.showLog();
    // A new token, then the tree again: its plan finds what landed before the stop unchanged and sends the rest.
    if (choice === 'setApiToken' && (await this.deps.setApiToken())) return this.publish(folder);
    if (choice === 'openPage' && topUrl) await vscode.env.openExternal(vscode.Uri.parse(topUrl, true));
  }

  /**
   * What the page's send leaves in the editor's links, by the core's rule: the page that landed, or the mark of a send
   * that may have landed unconfirmed, which the next publish's guard explains as that send (after a reload too).
   */
  private async link(result: TreeFileResult, landed: Map<string, PageLink>, marks: SendMarks): Promise<void> {
    // Generated folder pages are remembered under their own keys, which name no file: no view lists them.
    const decided = await marks.end(result, this.deps.clock.now(), onDemand().treeLandedLink);
    if (decided?.kind === 'landed') landed.set(result.item.file.key, decided.link);
  }
}

/** TreePlanOptions.partOf, for a folder that is a part of a tree recorded further up ('' names the workspace folder). */
function partOfTree(manifest: { location: string; partKey: string | undefined }): { partOf?: { manifest: string; treeFolder: string } } {
  if (manifest.partKey === undefined) return {};
  const file = vscode.Uri.parse(manifest.location);
  const treeFolder = vscode.Uri.joinPath(file, '..');
  const top = vscode.workspace.getWorkspaceFolder(treeFolder)?.uri.path.replace(/\/+$/, '');
  return { partOf: { manifest: vscode.workspace.asRelativePath(file), treeFolder: top === treeFolder.path.replace(/\/+$/, '') ? '' : vscode.workspace.asRelativePath(treeFolder) } };
}

function sentAgainNote(count: number): string {
  return count === 1
    ? vscode.l10n.t('1 page was sent again so its links reach pages created in this run.')
    : vscode.l10n.t('{0} pages were sent again so their links reach pages created in this run.', count);
}

function orphansNote(count: number): string {
  return count === 1
    ? vscode.l10n.t('1 page on the wiki no longer maps to a file (see Show Results); the service cannot delete pages.')
    : vscode.l10n.t('{0} pages on the wiki no longer map to a file (see Show Results); the service cannot delete pages.', count);
}

function leftBehindNote(count: number): string {
  return count === 1
    ? vscode.l10n.t('1 page this tree published before stays where it is on the wiki: a new page replaces it (a title changed, or a folder page was published anew; see Show Results); the service cannot move or delete pages.')
    : vscode.l10n.t('{0} pages this tree published before stay where they are on the wiki: new pages replace them (a title changed, or a folder page was published anew; see Show Results); the service cannot move or delete pages.', count);
}

function recordedNote(count: number, manifestFile: string): string {
  return count === 1
    ? vscode.l10n.t('1 page ID was recorded in {0}: commit it, so teammates and CI publish to the same pages.', manifestFile)
    : vscode.l10n.t('{0} page IDs were recorded in {1}: commit it, so teammates and CI publish to the same pages.', count, manifestFile);
}

function notRecordedNote(count: number, manifestFile: string): string {
  return count === 1
    ? vscode.l10n.t('1 page ID was not recorded in {0} (wikiPublisher.recordPageIds is off).', manifestFile)
    : vscode.l10n.t('{0} page IDs were not recorded in {1} (wikiPublisher.recordPageIds is off).', count, manifestFile);
}
