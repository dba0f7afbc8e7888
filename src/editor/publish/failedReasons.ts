// Why the files of a run failed, for its summary, and which of them a Retry can help. A Retry sends the same request
// again: it helps a send the network, the wiki's load (429, 5xx) or a Cancel stopped, never a definite answer such as
// "already exists", which would only be met again. Those are said in the summary, one sentence a reason, with what
// fixes them.
import * as vscode from 'vscode';
import type { FileResult } from '../../core/run/runner';
import { fewNames } from './fewNames';

/** Whether sending the file again, with nothing changed, may succeed: it was cancelled, not started, or failed on its way. */
export function mayMendItself(result: FileResult): boolean {
  if (result.state === 'cancelled' || result.state === 'notStarted') return true;
  if (result.state !== 'failed') return false;
  // No outcome: the send threw before the wiki answered, which says nothing of the file.
  return result.outcome === undefined || result.outcome.actions.includes('retry');
}

/** Whether the file failed because the wiki refused the API token: a new token mends it. */
export function mendedByNewToken(result: FileResult): boolean {
  return result.state === 'failed' && result.outcome?.actions.includes('setApiToken') === true;
}

/** A create refused because a page of its title is under its parent already: only overwriting it (or another title) helps. */
export function isTitleTaken(result: FileResult): boolean {
  return result.state === 'failed' && result.outcome?.kind === 'alreadyExists';
}

/**
 * One sentence for each reason files failed for good (a Retry would not help), naming a few of the files.
 * `overwriteOffered`: the summary has an Overwrite button for the pages whose titles were taken.
 */
export function failedForGoodLines(results: readonly FileResult[], overwriteOffered: boolean): string[] {
  const byReason = new Map<string, FileResult[]>();
  for (const result of results) {
    if (result.state !== 'failed' || mayMendItself(result) || mendedByNewToken(result)) continue;
    // Results of one kind say the same in other words for each file (its title), except an unexpected answer.
    const reason = result.outcome?.kind === 'alreadyExists' ? 'alreadyExists' : `${result.outcome?.kind ?? ''}:${result.outcome?.said ?? result.outcome?.message ?? ''}`;
    byReason.set(reason, [...(byReason.get(reason) ?? []), result]);
  }
  return [...byReason].map(([reason, failed]) => (reason === 'alreadyExists' ? titleTakenLine(failed, overwriteOffered) : failedLine(failed)));
}

function titleTakenLine(failed: readonly FileResult[], overwriteOffered: boolean): string {
  const fix = overwriteOffered
    ? vscode.l10n.t('Overwrite replaces those pages with the files\' text, after a confirmation; or give the files other titles.')
    : vscode.l10n.t('Publish a file alone to compare its page and overwrite it, or give it another title.');
  const first = failed[0];
  if (failed.length === 1 && first) {
    return `${vscode.l10n.t('{0}: a page titled "{1}" is already under its parent page, and the file creates pages only, so the wiki refused it.', first.item.file.label, first.item.complete?.pageTitle ?? '')} ${fix}`;
  }
  return `${vscode.l10n.t('{0}: pages of their titles are already under their parent pages, and the files create pages only, so the wiki refused them.', fewNames(failed.map((result) => result.item.file.label)))} ${fix}`;
}

function failedLine(failed: readonly FileResult[]): string {
  const said = failed[0]?.outcome?.said ?? failed[0]?.outcome?.message ?? '';
  return vscode.l10n.t('{0} failed: {1}', fewNames(failed.map((result) => result.item.file.label)), said);
}
