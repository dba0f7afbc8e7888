import * as vscode from 'vscode';
import type { OutcomeAction, PublishOutcome } from '../../core/publish/outcome';
import { notify } from '../notify';

export type FollowUp = OutcomeAction | 'changeTarget' | 'publishAnyway' | 'editFrontMatter' | 'openPage' | 'copyTarget' | 'compare' | 'showResults' | 'retryFailed';

// The buttons' labels in the display language; the choice maps back to the follow-up by the same strings.
const LABELS: Record<FollowUp, string> = {
  overwrite: vscode.l10n.t('Overwrite'),
  setApiToken: vscode.l10n.t('Set API Token'),
  retry: vscode.l10n.t('Retry'),
  showLog: vscode.l10n.t('Show Log'),
  openSettings: vscode.l10n.t('Open Settings'),
  signIn: vscode.l10n.t('Sign In'),
  changeTarget: vscode.l10n.t('Change Target'),
  publishAnyway: vscode.l10n.t('Publish Anyway'),
  editFrontMatter: vscode.l10n.t('Edit Front Matter'),
  openPage: vscode.l10n.t('Open Page'),
  copyTarget: vscode.l10n.t('Copy Target'),
  compare: vscode.l10n.t('Compare'),
  showResults: vscode.l10n.t('Show Results'),
  retryFailed: vscode.l10n.t('Retry Failed'),
};

/** Shows a message (neutralised by notify) with one button per follow-up and returns the one the user chose, if any. */
export async function showWithActions(severity: PublishOutcome['severity'], message: string, actions: readonly FollowUp[]): Promise<FollowUp | undefined> {
  const unique = [...new Set(actions)];
  const chosen = await notify(severity, message, ...unique.map((action) => LABELS[action]));
  return unique.find((action) => LABELS[action] === chosen);
}
