import * as vscode from 'vscode';
import type { OutcomeAction, PublishOutcome } from '../../core/publish/outcome';

export type FollowUp = OutcomeAction | 'changeTarget' | 'publishAnyway' | 'editFrontMatter';

const LABELS: Record<FollowUp, string> = {
  overwrite: 'Overwrite',
  setApiToken: 'Set API Token',
  retry: 'Retry',
  showLog: 'Show Log',
  openSettings: 'Open Settings',
  signIn: 'Sign In',
  changeTarget: 'Change Target',
  publishAnyway: 'Publish Anyway',
  editFrontMatter: 'Edit Front Matter',
};

/** Shows a message with one button per follow-up and returns the one the user chose, if any. */
export async function showWithActions(severity: PublishOutcome['severity'], message: string, actions: readonly FollowUp[]): Promise<FollowUp | undefined> {
  const labels = actions.map((action) => LABELS[action]);
  const show =
    severity === 'info' ? vscode.window.showInformationMessage : severity === 'warning' ? vscode.window.showWarningMessage : vscode.window.showErrorMessage;
  const chosen = await show(message, ...labels);
  return actions.find((action) => LABELS[action] === chosen);
}
