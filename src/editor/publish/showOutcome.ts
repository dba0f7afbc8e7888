import type { OutcomeAction, PublishOutcome } from '../../core/publish/outcome';
import { notify } from '../notify';

export type FollowUp = OutcomeAction | 'changeTarget' | 'publishAnyway' | 'editFrontMatter' | 'openPage' | 'copyTarget' | 'compare' | 'showResults' | 'retryFailed';

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
  openPage: 'Open Page',
  copyTarget: 'Copy Target',
  compare: 'Compare',
  showResults: 'Show Results',
  retryFailed: 'Retry Failed',
};

/** Shows a message (neutralised by notify) with one button per follow-up and returns the one the user chose, if any. */
export async function showWithActions(severity: PublishOutcome['severity'], message: string, actions: readonly FollowUp[]): Promise<FollowUp | undefined> {
  const unique = [...new Set(actions)];
  const chosen = await notify(severity, message, ...unique.map((action) => LABELS[action]));
  return unique.find((action) => LABELS[action] === chosen);
}
