import * as vscode from 'vscode';
import type { Clock } from '../../core/ports';
import { withNotificationProgress } from '../progressNotification';
import type { AfterPublish } from './publishAnswer';

/**
 * Before a Retry of a publish the wiki throttled (429) with a Retry-After: the rest of that wait, counted from when
 * the answer came, under a progress notification with Cancel. Retrying at once was refused again, and counts against
 * the limit. True when the Retry may go (no wait asked, or waited out); false when the user cancelled.
 */
export async function waitOutRetryAfter(after: AfterPublish | undefined, clock: Clock): Promise<boolean> {
  const waitMs = after?.outcome?.retryAfterMs;
  const answeredAt = after?.answeredAt;
  if (waitMs === undefined || answeredAt === undefined || answeredAt + waitMs <= clock.now()) return true;
  const secondsLeft = (): number => Math.ceil((answeredAt + waitMs - clock.now()) / 1000);
  return withNotificationProgress(vscode.l10n.t('The wiki asked to wait before the next publish'), async (progress, signal) => {
    while (secondsLeft() > 0 && !signal.aborted) {
      progress.report({ message: vscode.l10n.t('retrying in {0} s', secondsLeft()) });
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(1000, answeredAt + waitMs - clock.now()));
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        }, { once: true });
      });
    }
    return !signal.aborted;
  });
}
