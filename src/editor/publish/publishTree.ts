// Publishing a folder from the Explorer as a page tree (issue 14): the folder maps to the parent page the user
// chooses, its subfolders become pages, links between files become page links. The engine is the core's tree planner
// and runner; page IDs live in the folder's .wiki-pages.json (through vscode.workspace.fs, so remote workspaces work),
// written as pages land unless the setting turns it off. This file asks, confirms and reports.
import * as vscode from 'vscode';
import type { PageLink } from '../../core/links/pageLink';
import type { SendMarks } from '../../core/run/recordSend';
import { describeError } from '../../core/log/redact';
import { MANIFEST_FILE_NAME } from '../../core/tree/manifestFormat';
import type { OrphanPage } from '../../core/tree/moves';
import type { TreePlan } from '../../core/tree/treePlan';
import type { PlanItem } from '../../core/run/plan';
import type { RunSummary } from '../../core/run/runner';
import type { TreeFileResult } from '../../core/tree/treeRun';
import { neutralise } from '../../core/text/neutralise';
import { showModal } from '../notify';
import { editorManifestMessages } from '../messages/manifestMessages';
import { editorTreeMessages } from '../messages/treeMessages';
import { editorPublishMessages } from '../messages/publishMessages';
import { onDemand } from '../onDemandLoader';
import { withNotificationProgress, withProgressBeforeResult } from '../progressNotification';
import { setting } from '../settings';
import { folderInItsRepository, lookUpFs, readSelection } from './collectMarkdown';
import { compareButton, compareEditedPage } from './compareEdited';
import { editedText, heldWithoutNotice, isMoved, noAccessOptions, offerSignInForRefusedLookups, signInRefused, uncheckedNote, unreadOnWiki, unreadText } from './guardStep';
import { fewNames } from './fewNames';
import { labelOfFolder } from './folderLabel';
import { editorFileLinkPorts } from './fileLinkPorts';
import { linksLeftNote } from './linksLeftNote';
import { workspaceManifestPort } from './manifestPort';
import { manifestAncestors } from './repositoryLinks';
import { askPlanDefaults } from './prompts';
import { concurrencySetting, omitTitleHeadingSetting, sharedPlanOptions, sendSetup, type PublishDependencies } from './publishContext';
import { showWithActions } from './showOutcome';

const SHOWN = 12;

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
    const recorded = manifest.rootTarget();
    const answers = recorded
      ? { spaceId: recorded.space, parentId: recorded.parent, overwrite: false }
      : await askPlanDefaults({}, this.deps.recent, {}, read.sources.length);
    if (!answers) return;
    const identity = manifest.withRoot({ space: answers.spaceId, parent: answers.parentId });
    const pages = await this.deps.wiki.pages();
    const rootPath = labelOfFolder(folder, read.sources);
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
        pageAddresses: core.treePageAddresses(pages !== undefined, addressOf),
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
      await core.guardTreeAsPlanned(plan, { pages, ...noAccess, lookUpCreates: true, messages: editorTreeMessages })
        .catch((error: unknown) => this.deps.log.warn(`The edit guard could not look before the confirmation: ${describeError(error)}`));
    }
    // Pages held because the wiki refused the sign-in: the sign-in is offered beside the confirmation, not awaited.
    void offerSignInForRefusedLookups(core.treePlanItems(plan));
    const decision = await this.confirm(plan, answers.spaceId, answers.parentId, addressOf);
    if (decision === 'cancel') return;
    const overwriteEdited = decision === 'overwriteEdited' ? new Set(core.treePlanItems(plan).filter((item) => item.state === 'edited').map((item) => item.file.key)) : undefined;

    let linking: Promise<void> = Promise.resolve();
    /** What each page's last pass left, by file key. */
    const landed = new Map<string, PageLink>();
    // Each send's mark is in the links before its request goes out: a window that crashes or is killed meanwhile
    // leaves it for the next publish's guard (recordSend.ts, sendMarks).
    const marks = core.sendMarks(this.deps.links);
    const linkingFailed = (label: string) => (error: unknown): void => this.deps.log.error(`Linking ${label} failed: ${describeError(error)}`);
    const run = await withProgressBeforeResult(vscode.l10n.t('Publishing the page tree'), (progress, signal) => {
      return core.runTree({
        plan, pages, identity, gate: new core.ThrottleGate(), concurrency: core.clampConcurrency(concurrencySetting()), signal, messages: editorPublishMessages,
        addressOf, addressInSpace: addresses.inSpace,
        guard: {
          ...noAccess, lookUpCreates: true, messages: editorTreeMessages,
          ...(overwriteEdited ? { overwriteEdited } : {}),
        },
        send: (item, target, context) => core.sendPlanned(item, target, context, { ...setup, transport: this.deps.transport() }),
        ...core.ownPageProof(pages),
        // The core counts the whole run, levels and both passes: a new page whose links needed other new pages is sent
        // twice (an existing one waits for them and goes once), and the total grows when the second pass starts.
        onStart: (item, started, total) => {
          progress.report({ message: neutralise(vscode.l10n.t('{0} of about {1}: {2}', started, total, item.complete?.pageTitle ?? item.file.label)), increment: 100 / Math.max(1, total) });
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
    await manifest.settled().catch((error: unknown) => this.deps.log.error(`Writing ${manifestFile} failed: ${describeError(error)}`));
    this.log(plan, run.results, run.summary, run.leftBehind, addressOf);
    const summary = run.summary;
    // The verdicts the run acted on are on the items it sent (the plan's own were only the look before the question).
    const unchecked = uncheckedNote(run.results.filter((result) => result.pass === 1).map((result) => result.item));
    const linksLeft = linksLeftNote(run.linksLeft);
    const notes = [
      ...(run.secondPass > 0 ? [vscode.l10n.t('{0} page(s) were sent again so their links reach pages created in this run.', run.secondPass)] : []),
      ...(linksLeft ? [linksLeft] : []),
      ...(plan.moves.renamed.length > 0 ? [vscode.l10n.t('Renamed: {0} - the page follows the file (same title under the same parent page): {1}', plan.moves.renamed.length, plan.moves.renamed.map((rename) => `${rename.oldPath} -> ${rename.path}`).join(', '))] : []),
      ...(plan.moves.orphans.length > 0 ? [vscode.l10n.t('{0} page(s) on the wiki no longer map to a file (see Show Results); the service cannot delete pages.', plan.moves.orphans.length)] : []),
      ...(run.leftBehind.length > 0 ? [vscode.l10n.t('{0} page(s) this tree published before stay where they are on the wiki: new pages replace them (a title changed, or a folder page was published anew; see Show Results); the service cannot move or delete pages.', run.leftBehind.length)] : []),
      ...(manifest.recordedCount() > 0 ? [vscode.l10n.t('{0} page ID(s) were recorded in {1}: commit it, so teammates and CI publish to the same pages.', manifest.recordedCount(), manifestFile)] : []),
      ...(manifest.pendingChanges().length > 0 ? [vscode.l10n.t('{0} page ID(s) were not recorded in {1} (wikiPublisher.recordPageIds is off).', manifest.pendingChanges().length, manifestFile)] : []),
      ...(unchecked ? [unchecked] : []),
    ];
    const severity = summary.failed + summary.refused + summary.existsUnproven > 0 ? 'error' : summary.edited + summary.notStarted + summary.cancelled + run.linksLeft.length > 0 ? 'warning' : 'info';
    const choice = await showWithActions(severity, `${core.summaryLine(summary, editorPublishMessages)}.${notes.length ? ` ${notes.join(' ')}` : ''}`, ['showResults']);
    if (choice === 'showResults') this.deps.showLog();
  }

  /**
   * The modal: the tree as it will be (new pages, updates, unchanged), pages edited on the wiki (left out unless the
   * user overwrites them too), moves, orphans and refusals.
   */
  private async confirm(plan: TreePlan, spaceId: string, parentId: string, addressOf: (pageId: string, title: string) => string | undefined): Promise<'publish' | 'overwriteEdited' | 'cancel'> {
    const core = onDemand();
    const items = core.treePlanItems(plan);
    const counts = core.countPlan(items);
    // A recorded page the guard did not find, or one that follows a folder page made anew, is a new page. Not found is
    // deleted, most likely, or hidden from the sign-in that looked: only sending tells (the core's send says which).
    // A page no record names but last written by you, where this one would be created, is taken over: said so, since it
    // may be another folder's page of the same title under the same parent.
    const sent = (item: PlanItem, pageId: string | undefined): string => (item.guard?.kind === 'deleted' ? vscode.l10n.t('new: its page was not found on the wiki (deleted, or hidden from your sign-in)')
      : item.guard?.kind === 'asLeft' && item.guard.adopted ? vscode.l10n.t('update of a page of this title that the repository does not record, carrying this file\'s publish notice: taken as this page')
        : pageId && core.sendKind(item) !== 'create' ? vscode.l10n.t('update') : vscode.l10n.t('new'));
    const what = (item: PlanItem, pageId: string | undefined): string => (item.state === 'send' ? sent(item, pageId)
      : item.state === 'unchanged' ? vscode.l10n.t('unchanged')
        : item.state === 'edited' ? (isMoved(item) ? vscode.l10n.t('somewhere else on the wiki: left out')
          : signInRefused(item) ? vscode.l10n.t('not checked for edits, the wiki refused your sign-in: left out')
          : unreadOnWiki(item) ? vscode.l10n.t('not checked for edits, the wiki could not be read: left out')
          : heldWithoutNotice(item) ? vscode.l10n.t('no publish notice, an edit cannot be told from a publish: left out') : vscode.l10n.t('edited on the wiki: left out')) : vscode.l10n.t('refused'));
    const treeLines = plan.pages.slice(0, SHOWN).map((page) =>
      `${indent(page.node.depth + 1)}${page.node.title} (${what(page.item, page.pageId)}${page.node.generated ? `, ${vscode.l10n.t('lists its children')}` : ''})`);
    // Files whose front matter names their own page go after the tree's pages (their links need those pages' addresses),
    // to the place they name: listed apart, so the tree does not seem to hold them.
    const pinned = plan.pinned.filter((item) => item.state !== 'refused' && item.complete !== undefined);
    const titleOf = (item: PlanItem): string => item.complete?.pageTitle ?? item.file.label;
    const pinnedLines = pinned.slice(0, SHOWN).map((item) => `${indent(1)}${titleOf(item)} (${what(item, item.link?.pageId)})`);
    const refused = items.filter((item) => item.state === 'refused');
    const refusals = refusalLines(refused).slice(0, SHOWN);
    // Edited on the wiki since this machine last published it, or (a page known only from the repository) at a version
    // this machine did not publish.
    const edited = [
      ...plan.pages.filter((page) => page.item.state === 'edited').map((page) => ({ item: page.item, title: page.node.title, below: core.recordedPagesBelow(plan, page).length })),
      ...pinned.filter((item) => item.state === 'edited').map((item) => ({ item, title: titleOf(item), below: 0 })),
    ];
    const named = [...plan.pages.map((page) => ({ item: page.item, title: page.node.title })), ...pinned.map((item) => ({ item, title: titleOf(item) }))];
    // Titles held elsewhere in the space, pages a file's front matter now leaves behind (it names another place), files
    // whose front matter could name the tree's parent page, which could not be read to tell, and folder pages whose
    // content file holds nothing but their title (they list their children instead).
    const titleCautions = named.flatMap(({ item, title }) => item.cautions.filter((caution) => caution.code === 'titleInSpace' || caution.code === 'leavesPage' || caution.code === 'titledBack' || caution.code === 'treeParentUnchecked' || caution.code === 'listsChildren').map((caution) => `${title}: ${caution.message}`));
    // The links that will not work on the wiki, page by page, so they can be fixed before anything is sent.
    const linkCautions = named.flatMap(({ item, title }) => item.cautions.filter((caution) => caution.code === 'localLinks' || caution.code === 'htmlLinks').map((caution) => `${title}: ${caution.message}`));
    // The reasons a page cannot go lead: a notification collapsed to one line (when nothing can be sent) shows only its
    // first words, and in the confirmation they are what needs attention first.
    const lines = [
      ...refusals,
      vscode.l10n.t('As a page tree under page {0} in space {1}:', parentId, spaceId),
      ...treeLines,
      ...(plan.pages.length > SHOWN ? [`${indent(1)}${vscode.l10n.t('... and {0} more pages', plan.pages.length - SHOWN)}`] : []),
      ...(pinned.length > 0 ? [vscode.l10n.t('Then, where their front matter says:'), ...pinnedLines] : []),
      ...(pinned.length > SHOWN ? [`${indent(1)}${vscode.l10n.t('... and {0} more pages', pinned.length - SHOWN)}`] : []),
      vscode.l10n.t('{0} new, {1} updated, {2} unchanged (skipped), {3} refused.', counts.newPages + counts.replaces, counts.updates, counts.unchanged, counts.refused),
      ...(plan.moves.moves.length > 0 ? [vscode.l10n.t('Moves: {0} - the old page stays where it is (the service cannot move pages): {1}', plan.moves.moves.length, plan.moves.moves.map((move) => `${move.oldPath} -> ${move.path}`).join(', '))] : []),
      ...(plan.moves.undecided.length > 0 ? [vscode.l10n.t('Undecided: {0} - only the wiki can tell whether the page recorded for the old path is at the place the front matter names (not signed in), so each is sent create only: {1}', plan.moves.undecided.length, plan.moves.undecided.map((move) => `${move.oldPath} -> ${move.path}`).join(', '))] : []),
      ...(plan.moves.retitled.length > 0 ? [vscode.l10n.t('Retitled: {0} - the wiki finds a page by its title, so each gets a new page and the old one stays where it is: {1}', plan.moves.retitled.length, plan.moves.retitled.map((page) => `"${page.title}" -> "${page.newTitle}"`).join(', '))] : []),
      ...(plan.moves.orphans.length > 0 ? [vscode.l10n.t('Orphans: {0} - pages no file maps to any more: {1}', plan.moves.orphans.length, plan.moves.orphans.map((orphan) => {
        // Gone from the wiki: its address opens nothing, and only its entry keeps it listed.
        if (orphan.notOnWiki) return vscode.l10n.t('"{0}" (not on the wiki any more: remove its entry "{1}" from .wiki-pages.json)', orphan.title, orphan.path.slice(plan.tree.rootPath.length));
        const url = addressOf(orphan.pageId, orphan.title);
        return url ? `"${orphan.title}" (${url})` : `"${orphan.title}"`;
      }).join(', '))] : []),
      ...edited.slice(0, SHOWN).map(editedLine),
      ...titleCautions.slice(0, SHOWN),
      ...linkCautions.slice(0, SHOWN),
      ...(linkCautions.length > SHOWN ? [vscode.l10n.t('... and {0} more pages with links that stay as written', linkCautions.length - SHOWN)] : []),
    ];
    if (counts.send === 0 && edited.length === 0) {
      void showWithActions(counts.refused > 0 ? 'error' : 'info', lines.join(' '), []);
      return 'cancel';
    }
    // A page held because the wiki could not be read is not known to be edited: the buttons and the question say
    // which it is when every held page is such a one.
    const unread = edited.filter(({ item }) => unreadOnWiki(item)).length;
    const onlyUnread = edited.length > 0 && unread === edited.length;
    const publish = onlyUnread ? vscode.l10n.t('Publish, Leave Out Unchecked') : edited.length > 0 ? vscode.l10n.t('Publish, Leave Out Edited') : vscode.l10n.t('Publish');
    const overwrite = onlyUnread ? vscode.l10n.t('Send Unchecked Pages Too') : vscode.l10n.t('Overwrite Edited Pages Too');
    const compare = compareButton(this.deps, edited);
    const buttons = [...(counts.send > 0 ? [publish] : []), ...(edited.length > 0 ? [overwrite] : []), ...(compare ? [compare] : [])];
    for (;;) {
      // Nothing goes unless the user overwrites: "Publish 0 pages" would ask the wrong question.
      const question = counts.send > 0 ? undefined
        : onlyUnread ? vscode.l10n.t('No page to send could be checked for edits: the wiki could not be read. Send them unchecked?')
        : unread > 0 ? vscode.l10n.t('Every page to send was changed on the wiki or could not be checked for edits. Overwrite them?')
        : vscode.l10n.t('Every page to send was changed on the wiki. Overwrite them?');
      const title = question !== undefined ? question
        : counts.send === 1 ? vscode.l10n.t('Publish 1 page as a tree?') : vscode.l10n.t('Publish {0} pages as a tree?', counts.send);
      const choice = await showModal('info', title, lines.join('\n'), ...buttons);
      if (compare !== undefined && choice === compare && (await compareEditedPage(this.deps, edited))) continue;
      return choice === overwrite ? 'overwriteEdited' : choice === publish ? 'publish' : 'cancel';
    }
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

  private log(plan: TreePlan, results: readonly TreeFileResult[], summary: RunSummary, leftBehind: readonly OrphanPage[], addressOf: (pageId: string, title: string) => string | undefined): void {
    this.deps.log.info(`Published a page tree: ${onDemand().summaryLine(summary)}`);
    for (const result of results) {
      const depth = result.depth;
      const said = result.outcome ? `: ${result.outcome.message}` : result.item.refusals.length ? `: ${result.item.refusals.map((refusal) => refusal.message).join(' ')}` : '';
      const cautions = result.linkCautions.map((caution) => ` [link ${caution.target} stays as written: ${caution.reason}]`).join('');
      const line = `  ${'  '.repeat(depth)}${result.key} -> "${result.item.complete?.pageTitle ?? ''}"${result.pageId ? ` (page ${result.pageId})` : ''}: ${result.state}${result.pass === 2 ? ' (second pass)' : ''}${said}${cautions}`;
      if (result.state === 'failed' || result.state === 'refused') this.deps.log.error(line);
      else this.deps.log.info(line);
    }
    for (const move of plan.moves.moves) this.deps.log.warn(`  moved: ${move.oldPath} -> ${move.path}; page ${move.pageId} stays where it is`);
    for (const move of plan.moves.undecided) this.deps.log.warn(`  undecided: ${move.oldPath} -> ${move.path}; page ${move.pageId} may stay where it is (only the wiki can tell)`);
    for (const page of plan.moves.retitled) this.deps.log.warn(`  retitled: ${page.path} "${page.title}" -> "${page.newTitle}"; page ${page.pageId} stays where it is`);
    for (const orphan of plan.moves.orphans) this.deps.log.warn(`  orphan: "${orphan.title}" (page ${orphan.pageId}, was ${orphan.path})${orphan.notOnWiki ? '; not on the wiki any more (deleted, or hidden from this account): remove its entry from .wiki-pages.json' : ''}`);
    for (const page of leftBehind) {
      const url = addressOf(page.pageId, page.title);
      this.deps.log.warn(`  left behind: "${page.title}" (page ${page.pageId}, was ${page.path})${url ? ` - ${url}` : ''}; a new page replaced it`);
    }
  }
}

/**
 * The confirmation's indentation, level by level: no-break spaces, since the dialog's detail collapses the leading
 * spaces of each line and a page would no longer show under its folder's page.
 */
function indent(levels: number): string {
  return '\u00a0'.repeat(4 * levels);
}

/** The refused files, one line per reason: a tree refused for its parent page says so once, not once per page. */
function refusalLines(items: readonly PlanItem[]): string[] {
  const byReason = new Map<string, string[]>();
  for (const item of items) {
    const reason = item.refusals.map((refusal) => refusal.message).join(' ');
    const labels = byReason.get(reason);
    if (labels) labels.push(item.file.label);
    else byReason.set(reason, [item.file.label]);
  }
  // The reason first: a notification collapsed to one line shows only its start.
  return [...byReason].map(([reason, labels]) => `${reason} (${fewNames(labels)})`);
}

/** A page held back for an edit (or a move) on the wiki, in the confirmation: what happened, and what overwriting does. */
function editedLine(entry: { item: PlanItem; title: string; below: number }): string {
  const verdict = entry.item.guard;
  if (signInRefused(entry.item)) return vscode.l10n.t('"{0}": {1}. Left out; sign in again, then publish again.', entry.title, unreadText(entry.item));
  if (unreadOnWiki(entry.item)) return vscode.l10n.t('"{0}": {1}. Left out; publish again to check it, or overwrite to send it unchecked.', entry.title, unreadText(entry.item));
  if (verdict?.kind !== 'edited') return entry.title;
  if (verdict.movedUnder) {
    return entry.below > 0
      ? vscode.l10n.t('"{0}" is {1}. Overwriting publishes a new page in the tree and leaves that one where it is; the {2} page(s) below it go with it, created anew under the new page, while the pages they published before stay.', entry.title, editedText(verdict), entry.below)
      : vscode.l10n.t('"{0}" is {1}. Overwriting publishes a new page in the tree and leaves that one where it is.', entry.title, editedText(verdict));
  }
  // A page without a publish notice that this machine never published: nothing tells an edit there from a publish.
  if (verdict.noNotice) {
    return entry.item.heldBelowNewPage !== undefined
      ? vscode.l10n.t('No publish notice: "{0}", {1}: an edit on the wiki cannot be told from a publish of this file (Compare shows the difference). Overwriting creates it anew under the new page of its folder "{2}" and leaves that page where it is.', entry.title, editedText(verdict), entry.item.heldBelowNewPage)
      : vscode.l10n.t('No publish notice: "{0}", {1}: an edit on the wiki cannot be told from a publish of this file (Compare shows the difference).', entry.title, editedText(verdict));
  }
  // Below a folder page made anew, overwriting cannot reach the edited page: it makes another.
  return entry.item.heldBelowNewPage !== undefined
    ? vscode.l10n.t('Edited on the wiki since you last published it: "{0}", {1}. Overwriting creates it anew under the new page of its folder "{2}" and leaves the edited page where it is.', entry.title, editedText(verdict), entry.item.heldBelowNewPage)
    : vscode.l10n.t('Edited on the wiki since you last published it: "{0}", {1}', entry.title, editedText(verdict));
}

/** TreePlanOptions.partOf, for a folder that is a part of a tree recorded further up ('' names the workspace folder). */
function partOfTree(manifest: { location: string; partKey: string | undefined }): { partOf?: { manifest: string; treeFolder: string } } {
  if (manifest.partKey === undefined) return {};
  const file = vscode.Uri.parse(manifest.location);
  const treeFolder = vscode.Uri.joinPath(file, '..');
  const top = vscode.workspace.getWorkspaceFolder(treeFolder)?.uri.path.replace(/\/+$/, '');
  return { partOf: { manifest: vscode.workspace.asRelativePath(file), treeFolder: top === treeFolder.path.replace(/\/+$/, '') ? '' : vscode.workspace.asRelativePath(treeFolder) } };
}
