// The one way the extension shows a cancellable progress notification: its title neutralised, Cancel wired to an
// AbortSignal, and a promise that settles only once VS Code has taken the notification away, so the result shown
// next never sits beside a stale "Publishing 1 of 3".
import * as vscode from 'vscode';
import { neutralise } from '../core/text/neutralise';

/**
 * VS Code keeps a progress notification on screen for at least 800 ms after it appears, however soon the task ends
 * (the workbench's progress service waits for `Promise.all([timeout(800), task])` before closing it). The margin
 * covers the notification appearing a little after the task started (the message to the window is asynchronous).
 */
export const NOTIFICATION_MIN_SHOWN_MS = 800;
const CLOSE_MARGIN_MS = 200;

export type NotificationProgress = vscode.Progress<{ message?: string; increment?: number }>;

type ProgressTask<T> = (progress: NotificationProgress, signal: AbortSignal, cancellation: vscode.CancellationToken) => PromiseLike<T>;

/** Runs `task` under a cancellable progress notification, for a step that another step follows (no result shown). */
export function withNotificationProgress<T>(title: string, task: ProgressTask<T>): Promise<T> {
  return Promise.resolve(vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: neutralise(title), cancellable: true }, (progress, cancellation) => {
    const controller = new AbortController();
    cancellation.onCancellationRequested(() => controller.abort());
    return task(progress, controller.signal, cancellation);
  }));
}

/**
 * Like withNotificationProgress, for a step whose result is shown next: settles (resolves or rejects) only after
 * VS Code has taken the notification away. Steps followed by another step skip the wait, which would only slow them.
 */
export async function withProgressBeforeResult<T>(title: string, task: ProgressTask<T>): Promise<T> {
  const startedAt = Date.now();
  try {
    return await withNotificationProgress(title, task);
  } finally {
    const left = startedAt + NOTIFICATION_MIN_SHOWN_MS + CLOSE_MARGIN_MS - Date.now();
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}
