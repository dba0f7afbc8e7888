// Publishing many files from the Explorer: one plan, one question for what the files do not say themselves, one
// confirmation, bounded sending with one progress notification, and one summary. The engine is the core's
// (plan, run, send); this file only asks and renders.
import * as vscode from 'vscode';
import { describeError } from '../../core/log/redact';
import { neutralise } from '../../core/text/neutralise';
import { linksLeftNote, relinkedNote } from './linksLeftNote';
import { FILE_STATE_WORDS, mayHaveLandedWords } from './logWords';
import { isUnconfirmedCreate, type PageLink } from '../../core/links/pageLink';
import type { FileLinks } from '../../core/run/fileLinks';
import type { PlanItem, SourceFile } from '../../core/run/plan';
import type { FileResult } from '../../core/run/runner';
import type { FlatFileResult, FlatRunResult } from '../../core/run/flatRun';
import type { SendMarks } from '../../core/run/recordSend';
import { showModal } from '../notify';
import { editorPublishMessages } from '../messages/publishMessages';
import { onDemand } from '../onDemandLoader';
import { withNotificationProgress, withProgressBeforeResult } from '../progressNotification';
import { readSelection } from './collectMarkdown';
import { compareButton, compareEditedPage } from './compareEdited';
import { editedText, heldWithoutNotice, isMoved, offerSignInForRefusedLookups, runGuard, signInRefused, uncheckedNote, unreadForGood, unreadOnWiki, unreadText } from './guardStep';
import { askPlanDefaults, type PlanDefaults } from './prompts';
import { concurrencySetting, omitTitleHeadingSetting, sharedPlanOptions, sendSetup, type PublishDependencies, type SendSetup } from './publishContext';
import { PublishAnswer } from './publishAnswer';
import { editorFileLinkPorts } from './fileLinkPorts';
import { recordedPagesOf } from './repositoryLinks';
import { showWithActions, type FollowUp } from './showOutcome';
import { unsavedGoingLine, unsavedPublishedNote } from './unsavedNote';
import { failedForGoodLines, isTitleTaken, mayMendItself, mendedByNewToken } from './failedReasons';
import { waitOutRetryAfter } from './retryWait';

/** A retry of some files of an earlier run: its answers, and which files may have landed then. */
interface RetryOf {
  defaults: PlanDefaults | undefined;
  mayHaveLanded: ReadonlySet<string>;
  /** When the run being retried started: a page it created is newer than this. */
  startedAt: number;
  /** The confirmation is shown all the same: an Overwrite of pages the files did not create. */
  confirm?: true;
}

const SHOWN_IN_DETAIL = 6;

export class ManyPublisher {
  /** Links of this run's files as they land, and the chain that stores them one at a time. */
  private readonly linked = new Map<string, PageLink>();
  private linking: Promise<void> = Promise.resolve();
  /**
   * Why the last run stopped early (the wiki asked for a wait longer than a run waits, or refused the API token), for
   * its summary; `tokenRefused`: the summary offers Set API Token.
   */
  private stopped: { words: string; tokenRefused: boolean; resumeAt?: number } | undefined;

  constructor(private readonly deps: PublishDependencies) {}

  async publish(selection: readonly vscode.Uri[], retry?: RetryOf): Promise<void> {
    const setup = await sendSetup(this.deps, () => this.publish(selection, retry));
    if (!setup) return;
    const core = onDemand();
    const read = await this.read(selection);
    if (!read) return;
    const { sources, unsaved } = read;
    if (sources.length === 0) {
      void showWithActions('info', vscode.l10n.t('There are no Markdown files in the selection (files hidden by files.exclude or .gitignore, node_modules and dot-folders are skipped).'), []);
      return;
    }
    const links = new Map<string, PageLink | undefined>();
    for (const source of sources) links.set(source.key, await this.deps.links.get(source.key));
    // Files this machine never published may be pages of a tree the repository records (a teammate's clone); so may a
    // file whose link says only that its create may have landed, which names no page.
    const unpublished = (key: string): boolean => links.get(key) === undefined || isUnconfirmedCreate(links.get(key));
    const recorded = await recordedPagesOf(sources.filter((source) => unpublished(source.key)).map((source) => source.key), this.deps.log);
    for (const [key, link] of recorded) links.set(key, link);
    const linkFindings = new core.LinkFindings();
    // A Retry is not forced: a send that landed although it failed or was cancelled left a mark without the file's hash,
    // so the file is planned to go, and the guard leaves it out when its page holds the text already (its notice).
    const options = { titleFromFile: true, omitTitleHeading: omitTitleHeadingSetting(), linkFindings, ...sharedPlanOptions() };
    let items = core.planFiles(sources, links, options);
    let defaults = retry?.defaults;
    if (items.some((item) => item.state === 'incomplete')) {
      defaults ??= await askPlanDefaults({}, this.deps.recent, {}, items.filter((item) => item.state === 'incomplete').map((item) => item.file.label));
      if (!defaults) return;
      items = core.planFiles(sources, links, { ...options, defaults });
    }
    // Links to other files go to their pages when sent: decided now, so the confirmation's cautions are true.
    const fileLinks = await core.planFileLinks(sources, items, editorFileLinkPorts(this.deps), linkFindings);
    // The edit guard is a step of every plan, a Retry's too: time has passed, and a colleague may have edited a page.
    // With page access it refuses files giving one title in a space written as its key and its ID, before it looks.
    if (!(await runGuard(this.deps, items, { links: fileLinks }))) return;
    // Pages the guard found as their files left them are learnt now (security.md), whatever is chosen next: the wiki
    // said so, and the Wiki Pages view shows them published although nothing is sent (a fresh profile, CI's pages).
    await this.learnFound(items);
    // Pages held because the wiki refused the sign-in: the sign-in is offered beside the confirmation, not awaited.
    void offerSignInForRefusedLookups(items);
    const edited = items.filter((item) => item.state === 'edited');
    // Unchanged files that go all the same, so their links reach a page made anew (its page deleted on the wiki).
    const relinked = await core.foreseenRelinks(items, fileLinks);
    // The files that go twice, their links naming each other: said before anything goes, as a tree's are.
    const twice = core.foreseenFlatSecondSends(items, fileLinks).size;
    if (!retry || retry.confirm || edited.length > 0) {
      const decision = await this.confirm(items, defaults, relinked.size, twice, unsaved);
      if (decision === 'cancel') return;
      // By the core's rule, as every other path: a page found under another parent is not reached by overwriting,
      // so its file makes a new page where it says, create only, and no page of its title there is replaced unchecked.
      if (decision === 'overwriteEdited') for (const item of edited) core.sendEditedAnyway(item);
    }
    const startedAt = retry?.startedAt ?? this.deps.clock.now();
    const run = await this.run(items, fileLinks, relinked, setup, retry?.mayHaveLanded ?? new Set());
    if (!run) return;
    await this.remember(run.results, defaults);
    this.logResults(run);
    await this.summarise(run, selection, defaults, { unchecked: uncheckedNote(items), unsaved }, startedAt, retry !== undefined);
  }

  /** The files' texts through the core's walk rules: an open editor's text (unsaved edits included), else the disk. */
  private async read(selection: readonly vscode.Uri[]): Promise<{ sources: SourceFile[]; unsaved: ReadonlySet<string> } | undefined> {
    return withNotificationProgress(vscode.l10n.t('Reading the Markdown files...'), async (_progress, _signal, cancellation) => {
      const collected = await readSelection(selection, cancellation);
      if (collected.ok) return collected;
      // More files than a publish plans: said, and nothing planned (never a part of the selection). Cancelled: nothing.
      if (collected.message !== undefined) void showWithActions('error', collected.message, []);
      return undefined;
    });
  }

  /**
   * The modal summary of the plan: what is new, updated and replaced, what is refused or held back, and the pages
   * edited on the wiki (title, who, when), which are left out unless the user chooses to overwrite them too.
   */
  private async confirm(items: readonly PlanItem[], defaults: PlanDefaults | undefined, relinked: number, twice: number, unsaved: ReadonlySet<string>): Promise<'publish' | 'overwriteEdited' | 'cancel'> {
    const core = onDemand();
    const counts = core.withRelinked(core.countPlan(items), relinked);
    const refused = items.filter((item) => item.state === 'refused');
    const edited = items.filter((item) => item.state === 'edited');
    const retitled = items.filter((item) => item.state === 'retitled');
    const replacing = items.filter((item) => item.state === 'send' && core.sendKind(item) === 'replace');
    // Creates whose title the guard found taken under their parent (a colleague's page): the wiki will refuse them.
    const titleTaken = items.filter((item) => item.state === 'send' && item.guard?.kind === 'exists');
    const cautioned = items.filter((item) => item.state === 'send' && item.cautions.length > 0);
    const linksToPages = items.reduce((sum, item) => sum + (item.state === 'send' ? item.linksToPages ?? 0 : 0), 0);
    const unchecked = uncheckedNote(items);
    const lines = [
      defaultsLine(defaults),
      vscode.l10n.t('{0} new, {1} updated, {2} replacing pages they did not create, {3} unchanged (skipped), {4} refused, {5} edited on the wiki (left out).', counts.newPages, counts.updates, counts.replaces, counts.unchanged, counts.refused, counts.edited - (counts.noNotice ?? 0) - (counts.lookupFailed ?? 0)),
      ...(counts.relinked ? [counts.relinked === 1 ? vscode.l10n.t('1 of the updated files did not change: it goes so its links reach a page made anew.') : vscode.l10n.t('{0} of the updated files did not change: they go so their links reach a page made anew.', counts.relinked)] : []),
      ...(counts.noNotice ? [vscode.l10n.t('{0} whose page carries no publish notice, so an edit there cannot be told from a publish (left out).', counts.noNotice)] : []),
      ...(counts.lookupFailed ? [vscode.l10n.t('{0} whose page the wiki could not be read to check for edits (left out).', counts.lookupFailed)] : []),
      ...(unchecked ? [unchecked] : []),
      ...unsavedGoingLine(items.filter((item) => item.state === 'send' && unsaved.has(item.file.key)).map((item) => item.file.label)),
      ...(linksToPages > 0 ? [linksToPages === 1 ? vscode.l10n.t('1 link to another file will go to its wiki page.') : vscode.l10n.t('{0} links to other files will go to their wiki pages.', linksToPages)] : []),
      ...(twice > 0 ? [twice === 1
        ? vscode.l10n.t('1 page goes twice: its links name pages created after it, and its second send fills them in.')
        : vscode.l10n.t('{0} pages go twice: their links name pages created after them, and their second send fills them in.', twice)] : []),
      ...listed(vscode.l10n.t('Edited on the wiki since their last publish (left out unless you overwrite them)'), edited.filter((item) => !isMoved(item) && !heldWithoutNotice(item) && !unreadOnWiki(item)), (item) =>
        item.guard?.kind === 'edited' ? vscode.l10n.t('"{0}", {1}', item.guard.page.title, editedText(item.guard)) : ''),
      ...listed(vscode.l10n.t('No publish notice on the page and no record of its version here: an edit on the wiki cannot be told from a publish (left out unless you overwrite them; Compare shows the difference)'), edited.filter(heldWithoutNotice), (item) =>
        item.guard?.kind === 'edited' ? vscode.l10n.t('"{0}", {1}', item.guard.page.title, editedText(item.guard)) : ''),
      // Named by the title this publish sends to, as the tree's confirmation names it: a page renamed on the wiki then
      // reads old title, then new (its wiki title is the one the reason gives).
      ...listed(vscode.l10n.t('Somewhere else on the wiki now (left out; overwriting publishes a new page where the file says and leaves that one where it is)'), edited.filter(isMoved), (item) =>
        item.guard?.kind === 'edited' ? vscode.l10n.t('"{0}", {1}', item.complete?.pageTitle ?? item.guard.page.title, editedText(item.guard)) : ''),
      ...listed(vscode.l10n.t('Not checked for edits, the wiki could not be read (left out: publish again to check them, or overwrite them to send them unchecked)'), edited.filter((item) => unreadOnWiki(item) && !signInRefused(item) && !unreadForGood(item)), (item) =>
        vscode.l10n.t('"{0}", {1}', item.complete?.pageTitle ?? item.file.label, unreadText(item))),
      // A parent the signed-in account cannot see: publishing again meets it again; each reason says what helps.
      ...listed(vscode.l10n.t('Not checked for edits, their parent page cannot be seen (left out: publishing again does not help; if the parent is only hidden from the account you signed in with, Overwrite Edited Pages Too sends them unchecked)'), edited.filter(unreadForGood), (item) =>
        vscode.l10n.t('"{0}", {1}', item.complete?.pageTitle ?? item.file.label, unreadText(item))),
      ...listed(vscode.l10n.t('Not checked for edits, the wiki refused your export API sign-in (left out: sign in again with Wiki: Sign In, then publish again to check them, or overwrite them to send them unchecked)'), edited.filter(signInRefused), (item) =>
        `"${item.complete?.pageTitle ?? item.file.label}"`),
      ...listed(vscode.l10n.t('Replacing pages they did not create'), replacing, (item) =>
        item.guard?.kind === 'notOurs' ? vscode.l10n.t('"{0}" exists on the wiki', item.complete?.pageTitle ?? '') : vscode.l10n.t('"{0}", if it exists', item.complete?.pageTitle ?? '')),
      ...listed(vscode.l10n.t('A page of the same title is already under their parent, and these files create pages only: the wiki will refuse them (after the run, Overwrite replaces those pages; or give the files other titles)'), titleTaken, (item) =>
        item.guard?.kind === 'exists' ? vscode.l10n.t('"{0}", page {1}', item.guard.page.title, item.guard.page.id) : ''),
      ...listed(vscode.l10n.t('Title changed (left out: publish the file alone to choose its page)'), retitled, (item) =>
        vscode.l10n.t('now "{0}", its page is "{1}"', item.retitled?.fileTitle ?? '', item.retitled?.pageTitle ?? '')),
      ...listed(vscode.l10n.t('Refused'), refused, (item) => item.refusals.map((refusal) => refusal.message).join(' ')),
      ...listed(vscode.l10n.t('Warnings (published anyway)'), cautioned, (item) => item.cautions.map((caution) => caution.message).join(' ')),
    ];
    if (counts.send === 0 && edited.length === 0) {
      void showWithActions(counts.refused > 0 ? 'error' : 'info', [counts.files === 1 ? vscode.l10n.t('Nothing to publish in 1 file.') : vscode.l10n.t('Nothing to publish among {0} files.', counts.files), ...lines.slice(1)].join(' '), []);
      return 'cancel';
    }
    const question = counts.files === 1
      ? vscode.l10n.t('Publish {0} of {1} Markdown file to the wiki?', counts.send, counts.files)
      : vscode.l10n.t('Publish {0} of {1} Markdown files to the wiki?', counts.send, counts.files);
    const publish = edited.length > 0 ? vscode.l10n.t('Publish, Leave Out Edited') : vscode.l10n.t('Publish');
    const overwrite = vscode.l10n.t('Overwrite Edited Pages Too');
    const editedEntries = edited.map((item) => ({ item, title: item.guard?.kind === 'edited' ? item.guard.page.title : item.complete?.pageTitle ?? item.file.label }));
    const compare = compareButton(this.deps, editedEntries);
    const buttons = counts.send > 0 ? [publish] : [];
    if (edited.length > 0) buttons.push(overwrite);
    if (compare) buttons.push(compare);
    for (;;) {
      const choice = await showModal('info', question, lines.join('\n'), ...buttons);
      if (compare !== undefined && choice === compare && (await compareEditedPage(this.deps, editedEntries))) continue;
      return choice === overwrite ? 'overwriteEdited' : choice === publish ? 'publish' : 'cancel';
    }
  }

  private async run(items: PlanItem[], fileLinks: FileLinks, relinking: ReadonlySet<string>, setup: SendSetup, mayHaveLanded: ReadonlySet<string>): Promise<FlatRunResult | undefined> {
    const pages = await this.deps.wiki.pages();
    const core = onDemand();
    return withProgressBeforeResult(vscode.l10n.t('Publishing to the wiki'), (progress, signal) => {
      // The total grows when a second pass sends files again: the bar moves by each file's share of the total known.
      let total = items.filter((item) => item.state === 'send').length;
      // Each send's mark is in the links before its request goes out: a window that crashes or is killed meanwhile
      // leaves it for the next publish's guard (recordSend.ts, sendMarks).
      const marks = core.sendMarks(this.deps.links);
      return core.runFlat(items, {
        concurrency: core.clampConcurrency(concurrencySetting()),
        signal,
        messages: editorPublishMessages,
        links: fileLinks,
        relinking,
        pages,
        onStopped: (stopped) => {
          this.stopped = { words: core.describeRunStop(stopped, editorPublishMessages), tokenRefused: stopped.reason === 'tokenRefused', ...(stopped.reason === 'throttled' ? { resumeAt: stopped.resumeAt } : {}) };
        },
        onStart: (item, started, all) => {
          total = all;
          const title = item.complete?.pageTitle;
          progress.report({ message: neutralise(title !== undefined ? vscode.l10n.t('Publishing {0} of {1}: "{2}"', started, all, title) : vscode.l10n.t('Publishing {0} of {1}: {2}', started, all, item.file.label)) });
        },
        beforeSend: (item) => {
          this.linking = this.linking.then(() => marks.beforeSend(item)).catch((error: unknown) => {
            this.deps.log.error(`Marking the send of ${item.file.label} failed: ${describeError(error)}`);
          });
          return this.linking;
        },
        onResult: (result) => {
          void this.link(result, marks);
          if (result.item.state === 'send') progress.report({ increment: 100 / Math.max(1, total) });
        },
        send: (item, target, context) =>
          core.sendPlanned(item, target, context, {
            ...setup, transport: this.deps.transport(), hooks: { earlierRunMayHaveLanded: mayHaveLanded.has(item.file.key) },
          }),
        ...core.ownPageProof(pages),
      });
    });
  }

  /**
   * The unchanged files whose pages the guard found as they left them: their links, by the core's rule for a file
   * found so (recordSend.ts recordFoundPages), in turn with the run's other writes. A link that says so already is not
   * written again; the run's own record of these files' ends then writes nothing.
   */
  private learnFound(items: readonly PlanItem[]): Promise<void> {
    const now = this.deps.clock.now();
    this.linking = this.linking.then(async () => {
      await onDemand().recordFoundPages(this.deps.links, items, now);
    }).catch((error: unknown) => {
      this.deps.log.error(`Linking the unchanged files to the pages found for them failed: ${describeError(error)}`);
    });
    return this.linking;
  }

  /**
   * What a file's send leaves in its link, at once, by the core's rule: a window closed mid-run keeps what already
   * landed, and the mark of a send that may have landed unconfirmed, which the next publish's guard explains as that
   * send (a Retry, but also a publish after a reload or in another window).
   */
  private link(result: FlatFileResult, marks: SendMarks): Promise<void> {
    // Global state updates are read-modify-write: one at a time, in the order the files ended (a second pass's mark
    // is made on the link its first pass left).
    this.linking = this.linking.then(async () => {
      const decided = await marks.end(result, this.deps.clock.now());
      if (decided?.kind === 'landed') this.linked.set(result.item.file.key, decided.link);
    }).catch((error: unknown) => {
      this.deps.log.error(`Linking ${result.item.file.label} to its page failed: ${describeError(error)}`);
    });
    return this.linking;
  }

  /** After the run: remembers the answers, tells the token item, and finds the new pages' IDs in the background. */
  private async remember(results: readonly FileResult[], defaults: PlanDefaults | undefined): Promise<void> {
    await this.linking;
    const landed = [...this.linked].map(([key, link]) => ({ key, link }));
    this.linked.clear();
    if (defaults && landed.length > 0) await this.deps.recent.remember(defaults);
    if (results.some((result) => result.outcome && (result.outcome.kind === 'unauthorized' || result.outcome.kind === 'forbidden' || result.outcome.kind === 'created' || result.outcome.kind === 'updated'))) {
      const verdict = results.find((result) => result.outcome?.kind === 'unauthorized' || result.outcome?.kind === 'forbidden')?.outcome ?? results.find((result) => result.outcome)?.outcome;
      if (verdict) this.deps.tokenVerdict?.(verdict);
    }
    void this.identify(landed);
  }

  private async identify(landed: ReadonlyArray<{ key: string; link: PageLink }>): Promise<void> {
    const pages = await this.deps.wiki.pages();
    if (!pages) return;
    const answer = new PublishAnswer(this.deps);
    // One lookup at a time: this runs after the summary and must not compete with anything the user does next.
    for (const { key, link } of landed) {
      const known = link.pageId && link.url
        ? link
        : await answer.identify(pages, key, link, { spaceId: link.spaceId, parentId: link.parentId, pageTitle: link.pageTitle, overwrite: true });
      this.deps.keepPullBase?.(key, known ?? link, undefined);
    }
  }


  private logResults(run: FlatRunResult): void {
    this.deps.log.info(`Published many files: ${onDemand().summaryLine(run.summary)}${run.secondPass > 0 ? `; ${run.secondPass} sent again so their links reach pages created in this run` : ''}`);
    for (const result of run.results) {
      const target = result.item.complete;
      const where = target ? ` -> "${target.pageTitle}" (space ${target.spaceId}, parent ${target.parentId})` : '';
      const said = result.outcome ? `: ${result.outcome.status ? `HTTP ${result.outcome.status} ` : ''}${result.outcome.message}` : result.item.refusals.length ? `: ${result.item.refusals.map((refusal) => refusal.message).join(' ')}` : '';
      const landed = mayHaveLandedWords(result);
      const line = `  ${result.item.file.label}${where}: ${FILE_STATE_WORDS[result.state]}${result.pass === 2 ? ' (second pass)' : result.relinked && result.state === 'published' ? ' (file unchanged: sent so its links reach a page made anew)' : ''}${landed}${said}`;
      if (result.state === 'failed' || result.state === 'refused') this.deps.log.error(line);
      else this.deps.log.info(line);
    }
    for (const { item, waitsFor, stopped } of run.linksLeft) this.deps.log.warn(`  ${item.file.label}: links stay as written, because ${stopped ? 'the run stopped before its second pass filled in the links to' : 'these files got no page in this run:'} ${waitsFor.join(', ')}`);
  }

  /** `unchecked`: the plan's note of the pages not checked for edits; `unsaved`: the files read with unsaved edits. */
  private async summarise(run: FlatRunResult, selection: readonly vscode.Uri[], defaults: PlanDefaults | undefined, { unchecked, unsaved }: { unchecked: string | undefined; unsaved: ReadonlySet<string> }, startedAt: number, retrying: boolean): Promise<void> {
    const core = onDemand();
    const { summary } = run;
    // A file sent again ends twice: the end the summary counts is the one a Retry looks at.
    const lastResults = core.countedResults(run.results, (result) => result.item.file.key);
    // Only what may succeed on its own is retried; a definite answer ("already exists") is said below, with its fix.
    const again = lastResults.filter(mayMendItself);
    // Overwrite: the pages whose titles were taken, for the files that let the answers decide (no overwrite of their own).
    const titleTaken = defaults ? lastResults.filter((result) => isTitleTaken(result) && result.item.prepared.frontMatterTarget.overwrite === undefined) : [];
    const severity = summary.failed + summary.refused + summary.existsUnproven > 0 ? 'error' : summary.cancelled + summary.notStarted + summary.edited + run.linksLeft.length > 0 ? 'warning' : 'info';
    const linksLeft = linksLeftNote(run.linksLeft);
    const stopped = this.stopped;
    this.stopped = undefined;
    // A Retry's files whose pages the guard found holding their text: the earlier attempt had landed (it failed, or
    // was cancelled: a Retry takes both, so neither is said).
    const landedBefore = retrying ? lastResults.filter((result) => result.state === 'skipped' && result.item.guard?.kind === 'asLeft').length : 0;
    const notes = [
      ...(landedBefore > 0 ? [landedBefore === 1
        ? vscode.l10n.t('1 file had landed in the earlier attempt: its page holds its text, so it was not sent again.')
        : vscode.l10n.t('{0} files had landed in the earlier attempt: their pages hold their text, so they were not sent again.', landedBefore)] : []),
      ...(stopped ? [stopped.words] : []),
      ...failedForGoodLines(lastResults, titleTaken.length > 0),
      ...unsavedPublishedNote(lastResults.filter((result) => result.state === 'published' && unsaved.has(result.item.file.key)).map((result) => result.item.file.label)),
      ...(run.secondPass > 0 ? [run.secondPass === 1 ? vscode.l10n.t('1 page was sent again so its links reach pages created in this run.') : vscode.l10n.t('{0} pages were sent again so their links reach pages created in this run.', run.secondPass)] : []),
      ...relinkedNote(run.results),
      // The plan counted on the second pass for these links and gave them no caution: said here, or nobody would know.
      ...(linksLeft ? [linksLeft] : []),
      // A run the wiki stopped says why above: its files not started were not cancelled.
      ...(summary.cancelled > 0 || (summary.notStarted > 0 && !stopped) ? [vscode.l10n.t('Publishing was cancelled: the files cancelled while sending may or may not have landed.')] : []),
      ...(summary.existsUnproven > 0 ? [summary.existsUnproven === 1
        ? vscode.l10n.t('A page with the title of 1 file exists after a retry; it may be another person\'s page, so it was not linked. Publish that file alone to compare and overwrite.')
        : vscode.l10n.t('Pages with the titles of {0} files exist after a retry; they may be another person\'s pages, so they were not linked. Publish those files one by one to compare and overwrite.', summary.existsUnproven)] : []),
      ...(unchecked ? [unchecked] : []),
    ];
    const message = `${core.summaryLine(summary, editorPublishMessages)}.${notes.length > 0 ? ` ${notes.join(' ')}` : ''}`;
    const actions: FollowUp[] = [...(titleTaken.length > 0 ? ['overwrite' as const] : []), 'showResults', ...(again.length > 0 ? ['retryFailed' as const] : [])];
    const choice = await showWithActions(severity, message, stopped?.tokenRefused ? ['setApiToken', ...actions] : actions);
    const byKey = new Map(selection.map((uri) => [uri.toString(), uri]));
    const urisOf = (results: readonly FileResult[]): vscode.Uri[] => results.map((result) => byKey.get(result.item.file.key) ?? vscode.Uri.parse(result.item.file.key));
    // The plan's confirmation names the pages replaced before anything goes.
    if (choice === 'overwrite' && defaults) return this.publish(urisOf(titleTaken), { defaults: { ...defaults, overwrite: true }, mayHaveLanded: new Set(), startedAt, confirm: true });
    if (choice === 'showResults') this.deps.showLog();
    // A new token, then the files not sent (and the one refused) again.
    if (choice === 'setApiToken' && !(await this.deps.setApiToken())) return;
    if (choice === 'retryFailed' || choice === 'setApiToken') {
      // A run the wiki stopped for a long Retry-After: the files go once it takes requests again.
      if (!(await waitOutRetryAfter(stopped?.resumeAt, this.deps.clock))) return;
      const sending = choice === 'setApiToken' ? [...again, ...lastResults.filter(mendedByNewToken)] : again;
      const mayHaveLanded = new Set(sending.filter((result) => result.mayHaveLanded).map((result) => result.item.file.key));
      await this.publish(urisOf(sending), { defaults, mayHaveLanded, startedAt });
    }
  }
}

function defaultsLine(defaults: PlanDefaults | undefined): string {
  if (!defaults) return vscode.l10n.t('Every file names its page (front matter, or where it was published before).');
  return defaults.overwrite
    ? vscode.l10n.t('Files that do not name their page go to space {0}, under parent page {1}, updating pages with the same titles.', defaults.spaceId, defaults.parentId)
    : vscode.l10n.t('Files that do not name their page go to space {0}, under parent page {1}, creating pages only.', defaults.spaceId, defaults.parentId);
}

function listed(heading: string, items: readonly PlanItem[], reason: (item: PlanItem) => string): string[] {
  if (items.length === 0) return [];
  const shown = items.slice(0, SHOWN_IN_DETAIL).map((item) => `  ${item.file.label}: ${reason(item)}`);
  const more = items.length > SHOWN_IN_DETAIL ? [`  ${vscode.l10n.t('... and {0} more (see the log).', items.length - SHOWN_IN_DETAIL)}`] : [];
  return [`${heading}:`, ...shown, ...more];
}
