import * as vscode from 'vscode';
import { readApiToken } from '../../core/apiToken/tokenSource';
import { describeError } from '../../core/log/redact';
import type { Clock, Logger, SecretStore } from '../../core/ports';
import type { PublishOutcome } from '../../core/publish/outcome';
import type { PartialTarget, PublishTarget } from '../../core/publish/target';
import { onDemand } from '../onDemandLoader';
import { dispatcherForCurrentProxy, importEndpointSetting, IMPORT_ENDPOINT_SETTING, requestDeadlineMs } from '../publish/publishSettings';
import { askForMissing } from '../publish/prompts';
import { showWithActions, type FollowUp } from '../publish/showOutcome';
import type { TargetMemory } from '../publish/targetMemory';
import type { Command } from './command';

export interface PublishDependencies {
  secrets: SecretStore;
  memory: TargetMemory;
  log: Logger;
  clock: Clock;
  env: NodeJS.ProcessEnv;
  showLog(): void;
  /** Runs "Set API Token"; resolves true when a token was stored. */
  setApiToken(): Promise<boolean>;
  /** Explains a 404 with the platform lookups when signed in to the export API; undefined when it cannot. */
  explainNotFound?(target: PublishTarget, signal: AbortSignal): Promise<string | undefined>;
}

/** How a follow-up (Overwrite, Retry, Change Target) re-runs a publish. */
interface PublishOverride {
  target?: PublishTarget;
  forgetRemembered?: boolean;
  /** The run being retried may have reached the server, so an "already exists" now is probably our own page. */
  earlierRunMayHaveLanded?: boolean;
}

/** Wiki: Publish to Wiki. Data flows one way: document -> target -> request -> outcome -> notification. */
export class PublishCommand implements Command {
  readonly id = 'wikiPublisher.publish';

  constructor(private readonly deps: PublishDependencies) {}

  async execute(resource?: unknown): Promise<void> {
    const document = await this.documentToPublish(resource);
    if (document) await this.publish(document, {});
  }

  private async documentToPublish(resource: unknown): Promise<vscode.TextDocument | undefined> {
    // From the explorer the command gets the file's URI; an open editor of it keeps its unsaved edits.
    if (resource instanceof vscode.Uri) return vscode.workspace.openTextDocument(resource);
    const document = vscode.window.activeTextEditor?.document;
    if (document?.languageId === 'markdown') return document;
    void vscode.window.showErrorMessage('Open a Markdown file to publish it to the wiki.');
    return undefined;
  }

  private async publish(document: vscode.TextDocument, override: PublishOverride): Promise<void> {
    const core = onDemand();
    const endpoint = core.checkEndpoint(importEndpointSetting(), IMPORT_ENDPOINT_SETTING);
    if (!endpoint.ok) return this.followUp(await showWithActions('error', endpoint.message, ['openSettings']), document);
    const token = await readApiToken(this.deps.secrets, this.deps.env);
    if (!token) {
      const message = 'No API token is set. Create one in the app\'s settings on the wiki (tab "API"), then set it here.';
      return this.followUp(await showWithActions('error', message, ['setApiToken']), document);
    }
    const prepared = core.prepareDocument(document.getText());
    if (prepared.frontMatterProblems.length > 0) {
      return this.followUp(await showWithActions('error', prepared.frontMatterProblems.join(' '), ['editFrontMatter']), document);
    }
    const emptiness = core.checkContent(prepared.content);
    if (emptiness) {
      void vscode.window.showErrorMessage(emptiness.message);
      return;
    }
    const fileKey = document.uri.toString();
    const remembered = override.forgetRemembered ? undefined : this.deps.memory.lastTarget(fileKey);
    const known: PartialTarget = override.target ?? core.mergeTargets(prepared.frontMatterTarget, remembered);
    const suggestedTitle = core.suggestTitle(prepared.frontMatterTarget.pageTitle ?? prepared.frontMatterTitle, prepared.findings.firstHeading, document.fileName);
    const defaults = override.forgetRemembered ? this.deps.memory.lastTarget(fileKey) : undefined;
    const target = core.completeTarget(known) ?? (await askForMissing(known, suggestedTitle, this.deps.memory.recentSpaces(), defaults));
    if (!target) return;
    const blocker = core.checkTarget(target);
    if (blocker) {
      // A bad value can only come from front matter or memory (the prompts validate inline): offer to fix either.
      const fix: FollowUp = prepared.frontMatterTarget.parentId !== undefined || prepared.frontMatterTarget.pageTitle !== undefined || prepared.frontMatterTarget.spaceId !== undefined ? 'editFrontMatter' : 'changeTarget';
      return this.followUp(await showWithActions('error', blocker.message, [fix]), document);
    }
    if (!override.target) {
      const cautions = core.cautionsFor(prepared.content, prepared.findings);
      if (cautions.length > 0) {
        const choice = await showWithActions('warning', cautions.map((caution) => caution.message).join(' '), ['publishAnyway']);
        if (choice !== 'publishAnyway') return;
      }
    }
    const outcome = await this.send(endpoint.url, token.token, target, prepared.content, document.isDirty, override.earlierRunMayHaveLanded);
    if (outcome.kind === 'created' || outcome.kind === 'updated' || outcome.kind === 'existsAfterRetry') {
      await this.deps.memory.remember(fileKey, target, this.deps.clock.now());
    }
    if (outcome.kind === 'cancelled') return;
    // "Change Target" only helps where the page came from memory; front matter that names the page decides it anyway.
    const pinned = prepared.frontMatterTarget;
    const usedMemory = !override.target && remembered !== undefined && !(pinned.spaceId && pinned.parentId && pinned.pageTitle);
    const message = outcome.kind === 'created' || outcome.kind === 'updated' ? successMessage(outcome, document.isDirty) : outcome.message;
    const actions: FollowUp[] = [...outcome.actions, ...(usedMemory && outcome.severity === 'info' ? (['changeTarget'] as const) : [])];
    const explained = outcome.kind === 'notFound' ? await this.explainNotFound(target, message) : { message, actions };
    const choice = await showWithActions(outcome.severity, explained.message, explained.actions);
    return this.followUp(choice, document, target, outcome.mayHaveLanded);
  }

  private async send(endpoint: URL, token: string, target: PublishTarget, content: string, dirty: boolean, earlierRunMayHaveLanded = false): Promise<PublishOutcome> {
    const startedAt = this.deps.clock.now();
    const where = `"${target.pageTitle}" to space ${target.spaceId} under parent ${target.parentId}${target.overwrite ? ' (update if it exists)' : ''}`;
    const outcome = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Publishing ${where}${dirty ? ' with unsaved edits' : ''}`, cancellable: true },
      (progress, cancellation) => {
        const controller = new AbortController();
        cancellation.onCancellationRequested(() => controller.abort());
        return onDemand().importPage({
          endpoint, token, target, content,
          dispatcher: dispatcherForCurrentProxy(),
          deadlineMs: requestDeadlineMs(),
          signal: controller.signal,
          earlierRunMayHaveLanded,
          onAttempt: (attempt, max) => { if (attempt > 1) progress.report({ message: `Attempt ${attempt} of ${max}` }); },
          onRetryWait: (delayMs, next, previous) => {
            const why = previous.kind === 'response' ? `HTTP ${previous.status}` : previous.kind;
            progress.report({ message: `${why}; attempt ${next} of 3 in ${Math.ceil(delayMs / 1000)} s` });
            this.deps.log.warn(`Publish attempt ${next - 1} failed (${why}); retrying in ${Math.round(delayMs)} ms`);
          },
        });
      },
    );
    const took = this.deps.clock.now() - startedAt;
    const line = `Publish ${where}: ${outcome.kind}${outcome.status ? ` (HTTP ${outcome.status})` : ''} in ${took} ms, ${outcome.attempts} attempt(s)`;
    if (outcome.severity === 'error') this.deps.log.error(`${line}: ${outcome.message}`);
    else this.deps.log.info(line);
    return outcome;
  }

  /** Asks the platform which of space and parent is missing (spec 4.3), under a progress notification with Cancel. */
  private async explainNotFound(target: PublishTarget, message: string): Promise<{ message: string; actions: FollowUp[] }> {
    const explain = this.deps.explainNotFound;
    const explanation = explain
      ? await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: 'Checking which of the space and the parent page is missing...', cancellable: true },
          (_progress, cancellation) => {
            const controller = new AbortController();
            cancellation.onCancellationRequested(() => controller.abort());
            return explain(target, AbortSignal.any([controller.signal, AbortSignal.timeout(15_000)])).catch((error: unknown) => {
              this.deps.log.warn(`The 404 lookups failed: ${describeError(error)}`);
              return undefined;
            });
          },
        )
      : undefined;
    return explanation ? { message: `${message} ${explanation}`, actions: ['showLog'] } : { message, actions: ['signIn', 'showLog'] };
  }

  private async followUp(choice: FollowUp | undefined, document: vscode.TextDocument, target?: PublishTarget, mayHaveLanded = false): Promise<void> {
    switch (choice) {
      case 'overwrite':
        return target && this.publish(document, { target: { ...target, overwrite: true } });
      case 'retry':
        return target && this.publish(document, { target, earlierRunMayHaveLanded: mayHaveLanded });
      case 'editFrontMatter':
        await vscode.window.showTextDocument(document, { selection: new vscode.Range(0, 0, 0, 0) });
        return;
      case 'setApiToken':
        if (await this.deps.setApiToken()) return this.publish(document, target ? { target } : {});
        return;
      case 'changeTarget':
        return this.publish(document, { forgetRemembered: true });
      case 'openSettings':
        await vscode.commands.executeCommand('workbench.action.openSettings', IMPORT_ENDPOINT_SETTING);
        return;
      case 'signIn':
        await vscode.commands.executeCommand('wikiPublisher.signIn');
        return;
      case 'showLog':
        return this.deps.showLog();
      case 'publishAnyway':
      case undefined:
        return;
    }
  }
}

function successMessage(outcome: PublishOutcome, dirty: boolean): string {
  return dirty ? `${outcome.message} (The unsaved edits in the editor were published; the file on disk is unchanged.)` : outcome.message;
}
