// Publishing the file in the editor. Data flows one way: document -> plan (core) -> questions only for what the plan
// lacks -> edit guard -> request -> outcome -> link -> notification. Follow-ups (Overwrite, Retry, Change Target) run
// the same flow again with what the user decided.
import * as vscode from 'vscode';
import { posix } from 'node:path';
import type { PageLink } from '../../core/links/pageLink';
import { describeError } from '../../core/log/redact';
import type { GuardVerdict } from '../../core/run/guard';
import type { PublishOutcome } from '../../core/publish/outcome';
import type { PartialTarget, PublishTarget } from '../../core/publish/target';
import type { PlanItem, SourceFile } from '../../core/run/plan';
import type { FileLinks } from '../../core/run/fileLinks';
import { showModal } from '../notify';
import { withNotificationProgress } from '../progressNotification';
import { singleFileRefusal } from './collectMarkdown';
import { editorFileLinkPorts } from './fileLinkPorts';
import { followRenameOutside } from './renamedOutside';
import { resumeAtOf, waitOutRetryAfter } from './retryWait';
import { recordedPagesOf } from './repositoryLinks';
import { onDemand } from '../onDemandLoader';
import { editedText, movedText, offerSignInForRefusedLookups, replaceConfirmed, runGuard, sayEditedWhileUnchanged, signInEnded, signInRefused, uncheckedNote, unreadForGood, unreadOnWiki, askAboutUnchecked } from './guardStep';
import { askForMissing } from './prompts';
import { omitTitleHeadingSetting, sharedPlanOptions, publishedAtText, sendSetup, type PublishDependencies, type SendSetup, type WikiPageRef } from './publishContext';
import { logOutcome, targetText, withPublishProgress } from './sendProgress';
import { pinnedByFrontMatter, PublishAnswer, type AfterPublish } from './publishAnswer';
import { showWithActions, type FollowUp } from './showOutcome';

/** How a follow-up runs the publish again. */
export interface FilePublishOverride {
  /** The target decided before (Overwrite, Retry, Set API Token then publish). */
  target?: PublishTarget;
  /** Change Target: ask again, offering these answers. */
  askAgain?: PartialTarget;
  /** The run being retried may have reached the server, so an "already exists" now is probably our own page. */
  earlierRunMayHaveLanded?: boolean;
  /** The user already chose Publish Anyway for the cautions, or for an unchanged file. */
  cautionsAccepted?: boolean;
  force?: boolean;
  /** The user chose Overwrite in the edit guard's warning. */
  guardPassed?: boolean;
  /** When the run being retried first tried to send: an "already exists" page created after it may be its own. */
  firstAttemptAt?: number;
}

export class FilePublisher {
  private readonly answer: PublishAnswer;

  constructor(private readonly deps: PublishDependencies) {
    this.answer = new PublishAnswer(deps);
  }

  async publish(document: vscode.TextDocument, override: FilePublishOverride = {}): Promise<void> {
    // The walk's rules for the one file too: an editor follows a link, and a repository's link to a file outside it
    // would be published (a key, /etc/passwd) as its text.
    const notWalked = await singleFileRefusal(document.uri);
    if (notWalked !== undefined) return void (await showWithActions('error', notWalked, []));
    await this.deps.beforePublish?.(document);
    const setup = await sendSetup(this.deps, () => this.publish(document, override));
    if (!setup) return;
    const core = onDemand();
    const source: SourceFile = { key: document.uri.toString(), label: vscode.workspace.asRelativePath(document.uri), text: document.getText() };
    const options = { omitTitleHeading: omitTitleHeadingSetting(), force: override.force ?? false, ...sharedPlanOptions() };
    const planned = { ...options, ...(override.target ? { defaults: override.target } : {}) };
    // The link the plan is made from: the file's own, or one found below; maybe only a create's mark (createMayHaveLanded).
    let link = override.askAgain ? undefined : await this.deps.links.get(source.key);
    let item = core.planFile(source, link, planned);
    // A file opened from the wiki (wiki.pageId) and saved under a new name publishes to the page it was opened from.
    const openedFrom = !override.askAgain && !item.link && item.prepared.frontMatterPageId ? await this.deps.links.opened(item.prepared.frontMatterPageId) : undefined;
    if (openedFrom) item = core.planFile(source, (link = openedFrom), planned);
    // A file renamed outside the editor (a terminal's git mv) keeps the page it published.
    const renamed = !override.askAgain && !item.link ? await followRenameOutside(this.deps, document.uri, source.text) : undefined;
    if (renamed) item = core.planFile(source, (link = renamed), planned);
    // A file this machine never published may be a page of a tree the repository records (a teammate's clone).
    const recorded = !override.askAgain && !item.link ? (await recordedPagesOf([source.key], this.deps.log)).get(source.key) : undefined;
    if (recorded) item = core.planFile(source, (link = recorded), planned);
    // Links to other files go to their pages when sent: decided now, so the caution below names only those that stay.
    // One file has no second pass (core/run/flatRun.ts): a link to its own page before it has one waits for a later publish.
    const links = await core.planFileLinks([source], [item], { ...editorFileLinkPorts(this.deps), pageAccess: async () => false });

    // What does not depend on the target comes first, so nobody answers four questions to hear the file has a problem.
    const fileRefusal = item.refusals.find((refusal) => refusal.code === 'frontMatter' || refusal.code === 'emptyContent' || refusal.code === 'conflictMarkers');
    if (fileRefusal) return this.followUp(await showWithActions('error', fileRefusal.message, fileRefusal.code === 'frontMatter' ? ['editFrontMatter'] : []), document, override);
    // A page left behind is said after the edit guard, which may find the file's own page at the place it names.
    const early = item.cautions.filter((caution) => caution.code !== 'leavesPage');
    if (!override.cautionsAccepted && early.length > 0) {
      const choice = await showWithActions('warning', early.map((caution) => caution.message).join(' '), ['publishAnyway']);
      if (choice !== 'publishAnyway') return;
    }
    if (item.state === 'incomplete') {
      // The place an earlier create went to that may have landed is offered: publishing there again takes its page.
      const answers = await askForMissing(item.target, item.suggestedTitle, this.deps.recent, override.askAgain ?? item.createMayHaveLanded ?? {});
      if (!answers) return;
      item = core.planFile(source, link, { ...options, defaults: answers });
    }
    const pinned = pinnedByFrontMatter(item);
    if (item.state === 'refused' || !item.complete) {
      const message = item.refusals.map((refusal) => refusal.message).join(' ') || vscode.l10n.t('The target is incomplete.');
      // A bad value can only come from front matter or the link (the prompts validate inline): offer to fix either.
      return this.followUp(await showWithActions('error', message, [pinned ? 'editFrontMatter' : 'changeTarget']), document, override);
    }
    if (item.state === 'retitled') {
      const decided = await this.askAboutTitle(item, source, options);
      if (!decided) return;
      item = decided;
    }
    const complete = item.complete;
    // Unchanged, but perhaps deleted on the wiki by a colleague: then it is published anew without asking (the guard
    // below finds it deleted and says so), as a folder publish does.
    if (onDemand().unchangedWithPage(item)) await this.sendIfGone(item);
    if (item.state === 'edited') return sayEditedWhileUnchanged(this.deps, item, document.uri.toString());
    if (item.state === 'unchanged' && item.link && complete) {
      const publishAnyway = vscode.l10n.t('Publish Anyway');
      const choice = await showModal(
        'info',
        vscode.l10n.t('Nothing changed since you published this at {0}. Publish anyway?', publishedAtText(item.link.publishedAt, this.deps.clock.now())),
        vscode.l10n.t('"{0}" in space {1}, under parent page {2}.', complete.pageTitle, complete.spaceId, complete.parentId),
        publishAnyway,
      );
      if (choice !== publishAnyway) return;
      item = core.planFile(source, item.link, { ...options, force: true, acceptTitleChange: true, defaults: complete });
    }
    if (item.state !== 'send' || !item.complete) return;
    // Planned again after the prompts, perhaps: the plan that is sent keeps what was decided of its links.
    links.annotate(item);
    return this.guardAndSend(document, item, setup, override, links);
  }

  /** The question for a file whose page the guard found holding its text already; true when the user chose to send it. */
  private async askToSendWhatThePageHolds(item: PlanItem): Promise<boolean> {
    const complete = item.complete as PublishTarget;
    const publishAnyway = vscode.l10n.t('Publish Anyway');
    const choice = await showModal(
      'info',
      vscode.l10n.t('Nothing to publish: version {0} of "{1}" on the wiki is already this file\'s text, published from it (here or elsewhere). Publish anyway?', item.pageFound?.version ?? '?', complete.pageTitle),
      vscode.l10n.t('"{0}" in space {1}, under parent page {2}.', complete.pageTitle, complete.spaceId, complete.parentId),
      publishAnyway,
    );
    return choice === publishAnyway;
  }

  /** Looks the unchanged file's page up when signed in; a page gone from the wiki turns the file into one to send. */
  private async sendIfGone(item: PlanItem): Promise<void> {
    const pages = await this.deps.wiki.pages();
    if (!pages) return;
    await withNotificationProgress(vscode.l10n.t('Checking "{0}" on the wiki for edits...', item.complete?.pageTitle ?? ''), async (_progress, signal) => {
      // It rejects only when cancelled: the file then stays unchanged, and the question below is asked.
      await onDemand().sendGonePages([{ item, pageId: item.link?.pageId }], { pages, signal, noAccessReason: '' }).catch(() => undefined);
    });
  }

  private async guardAndSend(document: vscode.TextDocument, item: PlanItem, setup: SendSetup, override: FilePublishOverride, links: FileLinks): Promise<void> {
    const core = onDemand();
    const request = { overwriteEdited: override.guardPassed ?? false };
    // An unchanged file whose page the look before found deleted (sendGonePages) is a create now, which the guard below
    // does not look up again: what that look found still names the page that is gone.
    const foundGone = item.guard?.kind === 'deleted' ? item.link : undefined;
    if (!(await runGuard(this.deps, [item], request))) return;
    // The page already holds what this file would send, its notice says (a publish from CI or another machine, of
    // which this one has no record): this machine learns the page, and nothing is sent unless the user asks.
    if (item.state === 'unchanged') {
      await core.recordFoundPages(this.deps.links, [item], this.deps.clock.now());
      if (!(await this.askToSendWhatThePageHolds(item))) return;
      item.state = 'send';
    }
    // The sign-in ended without the user's say (revoked or expired): held, asked, never sent blind. Signed out, the
    // user has no Sign Out to choose instead, so publishing without the check is offered beside signing in again.
    if (item.state === 'edited' && signInEnded(item)) {
      if (!(await this.askAboutEndedSignIn(item))) return;
      core.sendEditedAnyway(item);
    }
    // The wiki refused the sign-in itself (401): checking again cannot work, so the file stays held and the sign-in is
    // offered, as for a revoked export session.
    if (item.state === 'edited' && signInRefused(item)) {
      await offerSignInForRefusedLookups([item]);
      return;
    }
    // An update whose lookup failed although signed in is held back (the core's unreadOnWiki): asked, never sent blind.
    while (item.state === 'edited' && unreadOnWiki(item)) {
      const choice = await this.askAboutUnread(item);
      if (choice === 'sendUnchecked') core.sendEditedAnyway(item);
      else if (choice !== 'checkAgain' || !(await runGuard(this.deps, [item], request))) return;
    }
    const verdict = item.guard;
    if (item.state === 'edited' && verdict?.kind === 'edited') {
      if (!(await this.askAboutEdit(verdict, item.complete as PublishTarget, document))) return;
      core.sendEditedAnyway(item);
    }
    if (!(await replaceConfirmed(item, override.target !== undefined))) return;
    const leaving = item.cautions.find((caution) => caution.code === 'leavesPage');
    if (leaving && !override.cautionsAccepted && (await showWithActions('warning', leaving.message, ['publishAnyway'])) !== 'publishAnyway') return;
    const target = item.complete as PublishTarget;
    const notes: string[] = [];
    // A deleted page's identity goes from the file's link with the send's mark (the core's unconfirmedSendLink), so a
    // create that lands unrecorded is not taken for that page; a send known not to have landed puts the link back.
    const goneLink = verdict?.kind === 'deleted' ? item.link : foundGone;
    if (verdict?.kind === 'edited' && verdict.movedUnder) notes.push(vscode.l10n.t('Its earlier page stays where it is on the wiki, under page {0}.', verdict.movedUnder.id));
    if (verdict?.kind === 'edited' && verdict.renamedTo !== undefined) notes.push(vscode.l10n.t('Its earlier page stays on the wiki as "{0}".', verdict.renamedTo));
    const unchecked = uncheckedNote([item]);
    if (unchecked) notes.push(unchecked);
    const startedAt = override.firstAttemptAt ?? this.deps.clock.now();
    // The send's mark is in the file's link before its request goes out, for the next publish's guard (sendMarks).
    const marks = core.sendMarks(this.deps.links);
    await marks.beforeSend(item).catch((error: unknown) => this.deps.log.error(`Marking the send of ${item.file.label} failed: ${describeError(error)}`));
    const outcome = await this.send(item, target, noticeSetup(setup, document), document.isDirty && !document.isUntitled, override.earlierRunMayHaveLanded ?? false, links);
    this.deps.tokenVerdict?.(outcome);
    if (goneLink && outcome.kind === 'created') notes.push(vscode.l10n.t('The page this file was linked to was deleted on the wiki, so it was published as a new page.'));
    // What the send leaves in the file's link, by the core's rule: the page that landed, or the mark of a send that may
    // have landed unconfirmed (timed out, its answer lost, cancelled while out), which the next publish's guard
    // explains as that send: a Retry's, and also one after a reload or in another window.
    if (outcome.kind === 'cancelled') {
      await marks.end(core.fileResultOf(item, outcome, undefined), this.deps.clock.now());
      return void (await showWithActions('info', vscode.l10n.t('Publishing "{0}" was cancelled. If it was already being sent, it may have reached the wiki: the next publish finds out from the page.', target.pageTitle), []));
    }
    const pages = await this.deps.wiki.pages();
    const proven = outcome.kind === 'existsAfterRetry' && pages
      ? await core.proveOwnPage(pages, item, target, AbortSignal.timeout(15_000)).catch(() => undefined)
      : undefined;
    let identification: Promise<PageLink | undefined> | undefined;
    // "Already exists" after a deleted page: the page was not gone, only hidden from the account that checks (the
    // outcome says so). Taking the mark out, the core puts back what this machine knew of the file's page.
    const decided = await marks.end(core.fileResultOf(item, outcome, proven), this.deps.clock.now());
    const link = decided?.kind === 'landed' ? decided.link : undefined;
    if (link) {
      await this.deps.recent.remember(target);
      if (pages && !link.url) identification = this.answer.identify(pages, item.file.key, link, target);
    }
    const shown = proven ? { ...outcome, kind: 'created' as const, severity: 'info' as const, message: vscode.l10n.t('Page created: an earlier attempt that seemed to fail created it (found on the wiki with this file\'s publish notice).') } : outcome;
    const note = notes.length > 0 ? ` ${notes.join(' ')}` : '';
    const { message, actions } = await this.answer.tell(shown, item, target, document.isDirty && !document.isUntitled, note, link, identification);
    const answered = showWithActions(shown.severity, message, actions);
    const answeredAt = this.deps.clock.now();
    // Pull's base is exported behind the result, never before it.
    if (link) this.deps.keepPullBase?.(item.file.key, link, identification);
    return this.followUp(await answered, document, override, { target, outcome, link, identification, startedAt, answeredAt });
  }

  /**
   * The export sign-in expired or was revoked, so the page could not be checked (the core held the update back): sign
   * in again (the file stays unpublished; publish again after), or publish without the check. True for the latter.
   */
  private async askAboutEndedSignIn(item: PlanItem): Promise<boolean> {
    const signInAgain = vscode.l10n.t('Sign In Again');
    const choice = await askAboutUnchecked(item, signInAgain, vscode.l10n.t('Sign in again to check it, then publish again. Publishing it without the check may replace an edit a colleague made on the wiki.'));
    if (choice === signInAgain) await vscode.commands.executeCommand('wikiPublisher.signIn');
    return choice === 'sendUnchecked';
  }

  /**
   * The guard could not read the wiki to check the page (the core held the update back): check again, or publish
   * without the check, which may replace a colleague's edit. Compare would need the wiki too, so it is not offered.
   */
  private async askAboutUnread(item: PlanItem): Promise<'checkAgain' | 'sendUnchecked' | undefined> {
    // Checking again meets the same hidden parent: the reason says what helps (its ID, access to it); the button sends.
    if (unreadForGood(item)) {
      return askAboutUnchecked<never>(item, undefined, vscode.l10n.t('Checking again does not help. If the parent page is only hidden from the account you signed in with, Publish Without Checking sends it unchecked; it may replace an edit a colleague made on the wiki.'));
    }
    const checkAgain = vscode.l10n.t('Check Again');
    const choice = await askAboutUnchecked(item, checkAgain, vscode.l10n.t('Publishing it without the check may replace an edit a colleague made on the wiki. Check again, or publish it anyway.'));
    return choice === undefined || choice === 'sendUnchecked' ? choice : 'checkAgain';
  }

  /** The guard's modal warning; true when the user chose Overwrite. */
  private async askAboutEdit(verdict: Extract<GuardVerdict, { kind: 'edited' }>, target: PublishTarget, document: vscode.TextDocument): Promise<boolean> {
    if (verdict.renamedTo !== undefined) {
      return this.askAboutMove(vscode.l10n.t('"{0}" was renamed on the wiki.', target.pageTitle), vscode.l10n.t('Its page is titled "{0}" there now. The service finds a page by its title, so publishing would create a second page titled "{1}" and leave that one as it is. To keep one page, rename it back on the wiki, or give the file that title.', verdict.renamedTo, target.pageTitle), document, { id: verdict.page.id, title: verdict.page.title });
    }
    const moved = movedText(verdict);
    if (moved) {
      return this.askAboutMove(vscode.l10n.t('"{0}" is somewhere else on the wiki now.', target.pageTitle), vscode.l10n.t('Its page is {0}: moved on the wiki, or the file names another parent now. The service finds a page by title and parent, so publishing would create a second page under page {1} and leave that one where it is. To keep one page, move it back on the wiki, or set the file\'s wiki.parentId to its new parent.', moved, target.parentId), document, { id: verdict.page.id, title: verdict.page.title });
    }
    // A page without a publish notice that this machine never published: nothing tells an edit from a publish there.
    const fromRepository = verdict.noNotice === true;
    const versions = fromRepository
      ? vscode.l10n.t('The page is at {0} and carries no publish notice (published before notices, with them turned off, or made by hand), and this machine has no record of its version: it cannot tell an edit on the wiki from a publish of this file.', editedText(verdict))
      : verdict.knownVersion === undefined
        ? vscode.l10n.t('The page changed on the wiki ({0}) after this file last published it, at {1}.', editedText(verdict), publishedAtText(verdict.publishedAt, this.deps.clock.now()))
        : vscode.l10n.t('The page is at {0}; it was last published, from this file, as version {1}.', editedText(verdict), verdict.knownVersion);
    const compare = vscode.l10n.t('Compare');
    const pull = vscode.l10n.t('Pull');
    const overwrite = vscode.l10n.t('Overwrite');
    const choice = await showModal(
      'warning',
      fromRepository
        ? vscode.l10n.t('"{0}" may have been changed on the wiki.', target.pageTitle)
        : vscode.l10n.t('"{0}" was changed on the wiki since this file was last published.', target.pageTitle),
      `${versions} ${fromRepository
        ? vscode.l10n.t('Publishing now would replace that version. Compare shows what is on the wiki next to this file; Pull merges the wiki\'s changes into it.')
        : vscode.l10n.t('Publishing now would replace those changes. Compare shows what is on the wiki next to this file; Pull merges the wiki\'s changes into it.')}`,
      compare, pull, overwrite,
    );
    // The page the guard read: a file the repository records was never linked here, and Compare would ask for it.
    if (choice === compare) await this.deps.compare?.(document.uri.toString(), { id: verdict.page.id, title: verdict.page.title });
    if (choice === pull) await this.deps.pull?.(document.uri.toString());
    return choice === overwrite;
  }

  /**
   * The page is under another parent on the wiki than the file names, or renamed there (`question` and `detail` say
   * which): the import cannot reach it from here, so publishing makes a second page. True when the user chose that.
   */
  private async askAboutMove(question: string, detail: string, document: vscode.TextDocument, page: WikiPageRef): Promise<boolean> {
    const compare = vscode.l10n.t('Compare');
    const publishNew = vscode.l10n.t('Publish as a New Page');
    const choice = await showModal('warning', question, detail, compare, publishNew);
    if (choice === compare) await this.deps.compare?.(document.uri.toString(), page);
    return choice === publishNew;
  }

  /**
   * The file's own title changed since it last published and only its link names the page: update that page, or
   * publish the file as a new page under its new title. Resolves the plan to send, or undefined when cancelled.
   */
  private async askAboutTitle(item: PlanItem, source: SourceFile, options: { omitTitleHeading: boolean; force: boolean }): Promise<PlanItem | undefined> {
    const core = onDemand();
    const retitled = item.retitled as NonNullable<PlanItem['retitled']>;
    const update = vscode.l10n.t('Update "{0}"', retitled.pageTitle);
    const publishNew = vscode.l10n.t('Publish as "{0}"', retitled.fileTitle);
    const choice = await showModal(
      'warning',
      vscode.l10n.t('This file\'s title is now "{0}", but it last published to the page "{1}".', retitled.fileTitle, retitled.pageTitle),
      vscode.l10n.t('If it is still that document, update the page. If it is another document now (renamed over a deleted file, or rewritten), publish it as a new page; the old page stays on the wiki.'),
      update, publishNew,
    );
    if (choice === update) return core.planFile(source, item.link, { ...options, acceptTitleChange: true });
    if (choice !== publishNew || !item.link) return undefined;
    const { spaceId, parentId } = item.link;
    return core.planFile(source, undefined, { ...options, defaults: { spaceId, parentId, pageTitle: retitled.fileTitle, overwrite: false } });
  }

  private async send(item: PlanItem, target: PublishTarget, setup: SendSetup, dirty: boolean, earlierRunMayHaveLanded: boolean, links: FileLinks): Promise<PublishOutcome> {
    const core = onDemand();
    const startedAt = this.deps.clock.now();
    const title = dirty ? vscode.l10n.t('Publishing {0} with unsaved edits', targetText(target)) : vscode.l10n.t('Publishing {0}', targetText(target));
    const outcome = await withPublishProgress(title, (signal, hooks) =>
      core.sendPlanned(item, target, { signal, gate: new core.ThrottleGate(), content: links.rewrite(item.file.key, core.heldContent(item)) }, {
        ...setup, transport: this.deps.transport(), hooks: { ...hooks(this.deps.log), earlierRunMayHaveLanded },
      }),
    );
    logOutcome(this.deps.log, target, outcome, this.deps.clock.now() - startedAt);
    return outcome;
  }

  private async followUp(choice: FollowUp | undefined, document: vscode.TextDocument, override: FilePublishOverride, after?: AfterPublish): Promise<void> {
    const target = after?.target;
    const again = { cautionsAccepted: true, force: true };
    switch (choice) {
      case 'overwrite':
        return target && this.publish(document, { ...again, target: { ...target, overwrite: true } });
      case 'retry':
        // The guard runs again: time has passed since the failure, and a colleague may have edited the page. Forced
        // only as the failed attempt was (Publish Anyway): a send that landed unconfirmed is then found on its page.
        if (!(await waitOutRetryAfter(resumeAtOf(after), this.deps.clock))) return;
        return target && this.publish(document, {
          ...again, force: override.force ?? false, target, earlierRunMayHaveLanded: after?.outcome?.mayHaveLanded ?? false,
          ...(after?.startedAt !== undefined ? { firstAttemptAt: after.startedAt } : {}),
        });
      case 'setApiToken':
        if (await this.deps.setApiToken()) return this.publish(document, { ...override, ...(target ? { target } : {}) });
        return;
      case 'changeTarget': {
        const previous = await this.deps.links.get(document.uri.toString());
        await this.deps.links.delete(document.uri.toString());
        return this.publish(document, { ...again, askAgain: previous ?? target ?? {} });
      }
      case 'editFrontMatter':
        await vscode.window.showTextDocument(document, { selection: new vscode.Range(0, 0, 0, 0) });
        return;
      case 'openPage':
        return this.answer.openPage(after);
      case 'copyTarget':
        return this.answer.copyTarget(after);
      case 'compare':
        await this.deps.compare?.(document.uri.toString());
        return;
      case 'openSettings':
        await vscode.commands.executeCommand('workbench.action.openSettings', 'wikiPublisher.importEndpoint');
        return;
      case 'signIn':
        await vscode.commands.executeCommand('wikiPublisher.signIn');
        return;
      case 'showLog':
        return this.deps.showLog();
      case 'publishAnyway':
      case 'showResults':
      case 'retryFailed':
      case undefined:
        return;
    }
  }
}

/**
 * A document never saved has no path for its page's notice to name ("Untitled-2"): said so instead. One outside every
 * folder, by its name alone: its label is then this machine's own path. The marker still digests the label (the guard).
 */
function noticeSetup(setup: SendSetup, document: vscode.TextDocument): SendSetup {
  const outside = vscode.workspace.getWorkspaceFolder(document.uri) === undefined ? posix.basename(document.uri.path) : undefined;
  const shownAs = document.isUntitled ? vscode.l10n.t('an unsaved document') : outside;
  return shownAs === undefined ? setup : { ...setup, notice: { ...setup.notice, shownAs } };
}
