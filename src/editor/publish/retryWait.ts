import * as vscode from 'vscode';
import type { Clock } from '../../core/ports';
import { withNotificationProgress } from '../progressNotification';
import type { AfterPublish } from './publishAnswer';

/** When the wiki takes a throttled publish's Retry (its answer's Retry-After, from when it came), if it said. */
export function resumeAtOf(after: AfterPublish | undefined): number | undefined {
  const waitMs = after?.outcome?.retryAfterMs;
  return waitMs === undefined || after?.answeredAt === undefined ? undefined : after.answeredAt + waitMs;
}

/**
 * Before a Retry of what the wiki throttled (429) with a Retry-After: the rest of that wait, until `resumeAt` (epoch
 * ms), under a progress notification with Cancel. Retrying at once was refused again, and counts against the limit.
 * True when the Retry may go (no wait asked, or waited out); false when the user cancelled.
 */
export async function waitOutRetryAfter(resumeAt: number | undefined, clock: Clock): Promise<boolean> {
  if (resumeAt === undefined || resumeAt <= clock.now()) return true;
  const secondsLeft = (): number => Math.ceil((resumeAt - clock.now()) / 1000);
  return withNotificationProgress(vscode.l10n.t('The wiki asked to wait before the next publish'), async (progress, signal) => {
    while (secondsLeft() > 0 && !signal.aborted) {
      progress.report({ message: vscode.l10n.t('retrying in {0} s', secondsLeft()) });
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(1000, resumeAt - clock.now()));
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        }, { once: true });
      });
    }
    return !signal.aborted;
  });
}
