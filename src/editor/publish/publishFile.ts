// Publishing the file in the editor. Data flows one way: document -> plan (core) -> questions only for what the plan
// lacks -> edit guard -> request -> outcome -> link -> notification. Follow-ups (Overwrite, Retry, Change Target) run
// the same flow again with what the user decided.
import * as vscode from 'vscode';
import { neutralise } from '../../core/text/neutralise';
import type { GuardVerdict } from '../../core/links/editGuard';
import type { PageLink } from '../../core/links/pageLink';
import { describeError } from '../../core/log/redact';
import type { PublishOutcome } from '../../core/publish/outcome';
import type { PartialTarget, PublishTarget } from '../../core/publish/target';
import type { PlanItem, SourceFile } from '../../core/run/plan';
import { showModal } from '../notify';
import { onDemand } from '../onDemandLoader';
import { askForMissing } from './prompts';
import { omitTitleHeadingSetting, publishedAtText, sendSetup, type PublishDependencies, type SendSetup } from './publishContext';
import { logOutcome, targetText, withPublishProgress } from './sendProgress';
import { copiedTarget, pinnedByFrontMatter, PublishAnswer, type AfterPublish } from './publishAnswer';
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
}

const LANDED = new Set<PublishOutcome['kind']>(['created', 'updated', 'existsAfterRetry']);

export class FilePublisher {
  private readonly answer: PublishAnswer;

  constructor(private readonly deps: PublishDependencies) {
    this.answer = new PublishAnswer(deps);
  }

  async publish(document: vscode.TextDocument, override: FilePublishOverride = {}): Promise<void> {
    const setup = await sendSetup(this.deps, () => this.publish(document, override));
    if (!setup) return;
    const core = onDemand();
    const source: SourceFile = { key: document.uri.toString(), label: vscode.workspace.asRelativePath(document.uri), text: document.getText() };
    const options = { omitTitleHeading: omitTitleHeadingSetting(), force: override.force ?? false };
    const planned = { ...options, ...(override.target ? { defaults: override.target } : {}) };
    let item = core.planFile(source, override.askAgain ? undefined : await this.deps.links.get(source.key), planned);
    // A file opened from the wiki (wiki.pageId) and saved under a new name publishes to the page it was opened from.
    const openedFrom = !override.askAgain && !item.link && item.prepared.frontMatterPageId ? await this.deps.links.opened(item.prepared.frontMatterPageId) : undefined;
    if (openedFrom) item = core.planFile(source, openedFrom, planned);
    const link = item.link;

    // What does not depend on the target comes first, so nobody answers four questions to hear the file has a problem.
    const fileRefusal = item.refusals.find((refusal) => refusal.code === 'frontMatter' || refusal.code === 'emptyContent');
    if (fileRefusal) return this.followUp(await showWithActions('error', fileRefusal.message, fileRefusal.code === 'frontMatter' ? ['editFrontMatter'] : []), document, override);
    if (!override.cautionsAccepted && item.cautions.length > 0) {
      const choice = await showWithActions('warning', item.cautions.map((caution) => caution.message).join(' '), ['publishAnyway']);
      if (choice !== 'publishAnyway') return;
    }
    if (item.state === 'incomplete') {
      const answers = await askForMissing(item.target, item.suggestedTitle, this.deps.recent, override.askAgain ?? {});
      if (!answers) return;
      item = core.planFile(source, link, { ...options, defaults: answers });
    }
    const pinned = pinnedByFrontMatter(item);
    if (item.state === 'refused' || !item.complete) {
      const message = item.refusals.map((refusal) => refusal.message).join(' ') || vscode.l10n.t('The target is incomplete.');
      // A bad value can only come from front matter or the link (the prompts validate inline): offer to fix either.
      return this.followUp(await showWithActions('error', message, [pinned ? 'editFrontMatter' : 'changeTarget']), document, override);
    }
    if (item.state === 'unchanged' && item.link) {
      const publishAnyway = vscode.l10n.t('Publish Anyway');
      const choice = await showModal(
        'info',
        vscode.l10n.t('Nothing changed since you published this at {0}. Publish anyway?', publishedAtText(item.link.publishedAt, this.deps.clock.now())),
        vscode.l10n.t('"{0}" in space {1}, under parent page {2}.', item.complete.pageTitle, item.complete.spaceId, item.complete.parentId),
        publishAnyway,
      );
      if (choice !== publishAnyway) return;
      item = core.planFile(source, link, { ...options, force: true, ...(override.target ? { defaults: override.target } : {}) });
    }
    return this.guardAndSend(document, item, item.complete as PublishTarget, setup, override);
  }

  private async guardAndSend(document: vscode.TextDocument, item: PlanItem, target: PublishTarget, setup: SendSetup, override: FilePublishOverride): Promise<void> {
    const core = onDemand();
    let sendTarget = target;
    let note = '';
    if (!override.guardPassed) {
      const verdict = await this.checkGuard(item.link, target);
      if (verdict.kind === 'edited') {
        const decided = await this.askAboutEdit(verdict, target, document);
        if (!decided) return;
      } else if (verdict.kind === 'deleted' && item.link) {
        // The ID is stale: forget it, and create the page anew rather than replace whatever has its title now.
        await this.deps.links.set(item.file.key, core.withoutIdentity(item.link));
        sendTarget = { ...target, overwrite: false };
        note = ` ${vscode.l10n.t('The page this file was linked to was deleted on the wiki, so it was published as a new page.')}`;
      } else if (verdict.kind === 'unchecked') {
        this.deps.log.warn(`The edit guard could not check "${target.pageTitle}" on the wiki, publishing anyway: ${verdict.reason}`);
      }
    }
    const outcome = await this.send(item, sendTarget, setup, document.isDirty, override.earlierRunMayHaveLanded ?? false);
    this.deps.tokenVerdict?.(outcome);
    if (outcome.kind === 'cancelled') return;
    let identification: Promise<PageLink | undefined> | undefined;
    let link: PageLink | undefined;
    if (LANDED.has(outcome.kind)) {
      link = core.linkAfterPublish(item, sendTarget, this.deps.clock.now());
      if (note) link = core.withoutIdentity(link);
      await this.deps.links.set(item.file.key, link);
      await this.deps.recent.remember(sendTarget);
      const pages = await this.deps.wiki.pages();
      if (pages) identification = this.answer.identify(pages, item.file.key, link, sendTarget);
    }
    const { message, actions } = await this.answer.tell(outcome, item, sendTarget, document.isDirty, note, link, identification);
    const choice = await showWithActions(outcome.severity, message, actions);
    return this.followUp(choice, document, override, { target: sendTarget, outcome, link, identification });
  }


  private async checkGuard(link: PageLink | undefined, target: PublishTarget): Promise<GuardVerdict> {
    const core = onDemand();
    if (!link?.pageId || link.version === undefined || !target.overwrite) return { kind: 'proceed' };
    const pages = await this.deps.wiki.pages();
    if (!pages) return { kind: 'proceed' };
    return vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: neutralise(vscode.l10n.t('Checking "{0}" on the wiki...', target.pageTitle)), cancellable: true },
      (_progress, cancellation) => {
        const controller = new AbortController();
        cancellation.onCancellationRequested(() => controller.abort());
        return core.checkEditGuard(link, target, pages, controller.signal).catch((error: unknown): GuardVerdict => ({ kind: 'unchecked', reason: describeError(error) }));
      },
    );
  }

  /** The guard's modal warning; true when the user chose Overwrite. */
  private async askAboutEdit(verdict: Extract<GuardVerdict, { kind: 'edited' }>, target: PublishTarget, document: vscode.TextDocument): Promise<boolean> {
    const changedAt = verdict.page.versionCreatedAt?.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC');
    const versions = changedAt
      ? vscode.l10n.t('The page is at version {0}; this file last published version {1}, last changed {2}.', verdict.page.version, verdict.knownVersion, changedAt)
      : vscode.l10n.t('The page is at version {0}; this file last published version {1}.', verdict.page.version, verdict.knownVersion);
    const compare = vscode.l10n.t('Compare');
    const overwrite = vscode.l10n.t('Overwrite');
    const choice = await showModal(
      'warning',
      vscode.l10n.t('"{0}" was changed on the wiki since you published it.', target.pageTitle),
      `${versions} ${vscode.l10n.t('Publishing now would replace those changes. Compare shows what is on the wiki next to this file.')}`,
      compare, overwrite,
    );
    if (choice === compare) await this.deps.compare?.(document.uri.toString());
    return choice === overwrite;
  }

  private async send(item: PlanItem, target: PublishTarget, setup: SendSetup, dirty: boolean, earlierRunMayHaveLanded: boolean): Promise<PublishOutcome> {
    const core = onDemand();
    const startedAt = this.deps.clock.now();
    const title = dirty ? vscode.l10n.t('Publishing {0} with unsaved edits', targetText(target)) : vscode.l10n.t('Publishing {0}', targetText(target));
    const outcome = await withPublishProgress(title, (signal, hooks) =>
      core.sendPlanned(item, target, { signal, gate: new core.ThrottleGate() }, {
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
        return target && this.publish(document, { ...again, target, guardPassed: true, earlierRunMayHaveLanded: after?.outcome?.mayHaveLanded ?? false });
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
        if (target) await vscode.env.clipboard.writeText(copiedTarget(target));
        return;
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
