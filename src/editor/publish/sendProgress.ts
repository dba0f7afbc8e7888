import * as vscode from 'vscode';
import { withProgressBeforeResult } from '../progressNotification';
import type { RetryHooks } from '../../core/importApi/client';
import type { Logger } from '../../core/ports';
import type { PublishOutcome } from '../../core/publish/outcome';
import type { PublishTarget } from '../../core/publish/target';
import { OUTCOME_WORDS } from './logWords';

/** `"Title" to space DOCS under parent 123456 (update if it exists)`: for the log, in English. */
export function describeTarget(target: PublishTarget): string {
  return `"${target.pageTitle}" to space ${target.spaceId} under parent ${target.parentId}${target.overwrite ? ' (update if it exists)' : ''}`;
}

/** What describeTarget says, in the display language: for progress titles. */
export function targetText(target: PublishTarget): string {
  return target.overwrite
    ? vscode.l10n.t('"{0}" to space {1} under parent {2} (update if it exists)', target.pageTitle, target.spaceId, target.parentId)
    : vscode.l10n.t('"{0}" to space {1} under parent {2}', target.pageTitle, target.spaceId, target.parentId);
}

/** Hooks that show the attempts and waits of the import client in the progress notification and the log. */
type AttemptHooks = (log: Logger) => Pick<RetryHooks, 'onAttempt' | 'onRetryWait'>;

/** Runs a send under a cancellable progress notification that shows retries ("Attempt 2 of 3"). */
export function withPublishProgress(title: string, run: (signal: AbortSignal, hooks: AttemptHooks) => Promise<PublishOutcome>): Promise<PublishOutcome> {
  return withProgressBeforeResult(title, (progress, signal) => {
    const hooks: AttemptHooks = (log) => ({
      onAttempt: (attempt, max) => {
        if (attempt > 1) progress.report({ message: vscode.l10n.t('Attempt {0} of {1}', attempt, max) });
      },
      onRetryWait: (delayMs, next, previous) => {
        // What failed, in words: a status, or that the wiki could not be reached or did not answer in time.
        const why = previous.kind === 'response' ? `HTTP ${previous.status}` : previous.kind === 'timeout' ? vscode.l10n.t('no answer in time') : vscode.l10n.t('the wiki could not be reached');
        const logged = previous.kind === 'response' ? `HTTP ${previous.status}` : OUTCOME_WORDS[previous.kind];
        progress.report({ message: vscode.l10n.t('{0}; attempt {1} in {2} s', why, next, Math.ceil(delayMs / 1000)) });
        log.warn(`Publish attempt ${next - 1} failed (${logged}); retrying in ${Math.round(delayMs)} ms`);
      },
    });
    return run(signal, hooks);
  });
}

export function logOutcome(log: Logger, target: PublishTarget, outcome: PublishOutcome, tookMs: number): void {
  const line = `Publish ${describeTarget(target)}: ${OUTCOME_WORDS[outcome.kind]}${outcome.status ? ` (HTTP ${outcome.status})` : ''} in ${tookMs} ms, ${outcome.attempts === 1 ? '1 attempt' : `${outcome.attempts} attempts`}`;
  if (outcome.severity === 'error') log.error(`${line}: ${outcome.message}`);
  else log.info(line);
}
