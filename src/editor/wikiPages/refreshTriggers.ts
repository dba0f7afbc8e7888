// When the Wiki Pages view reads the wiki: when it is first needed, on Refresh, when it is shown again after a while,
// on the interval the setting asks for (wikiPublisher.pages.refreshIntervalMinutes, 0 = never), and shortly after a
// publish changes a link. Only while it is needed at all (the view visible, or the Explorer badges on), and only while
// the window has focus: a refresh that fell due in the background runs when the window is focused again. Local
// changes (saves, files created or deleted, a manifest edited) refresh without any request.
import * as vscode from 'vscode';
import { badgesOn, BADGES_SETTING, INTERVAL_SETTING, refreshIntervalMs } from './pagesSettings';
import type { RefreshKind } from './refreshScheduler';

/** Showing the view again reads the wiki only if the last read is older than this. */
const FRESH_ENOUGH_MS = 60_000;

export interface TriggerDeps {
  request(kind: RefreshKind): void;
  /** Whether the view is visible now. */
  visible(): boolean;
  /** The window has lost all reason to refresh (view hidden, badges off): cancel what runs. */
  idle(): void;
}

export class RefreshTriggers implements vscode.Disposable {
  private timer: ReturnType<typeof setInterval> | undefined;
  private soonTimer: ReturnType<typeof setTimeout> | undefined;
  private soonKind: RefreshKind | undefined;
  private lastFullAt = 0;
  private dueWhileAway = false;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly deps: TriggerDeps) {
    this.subscriptions = [
      vscode.window.onDidChangeWindowState((state) => {
        if (state.focused && this.dueWhileAway) this.fullIfNeeded(0);
      }),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(INTERVAL_SETTING)) this.restartInterval();
        if (event.affectsConfiguration(BADGES_SETTING) && !this.needed()) deps.idle();
      }),
    ];
    this.restartInterval();
  }

  /** Whether anything shows the states: the view, or the badges. */
  needed(): boolean {
    return this.deps.visible() || badgesOn();
  }

  /** A read of the wiki was asked for: the interval, and "shown again after a while", count from now. */
  noteFullRead(): void {
    this.lastFullAt = Date.now();
    this.dueWhileAway = false;
  }

  /** The view was shown, or the badges switched on: read the wiki unless the last read is recent. */
  shown(): void {
    // Local changes go unwatched while nothing shows the states; a local pass (no request) catches up on them.
    if (Date.now() - this.lastFullAt < FRESH_ENOUGH_MS) this.deps.request('local');
    else this.fullIfNeeded(FRESH_ENOUGH_MS);
  }

  /** A refresh of this kind in `delayMs`, merged with others asked for meanwhile (a burst of saves or publishes is one). */
  soon(kind: RefreshKind, delayMs: number): void {
    this.soonKind = this.soonKind === 'full' || kind === 'full' ? 'full' : 'local';
    if (this.soonTimer) clearTimeout(this.soonTimer);
    this.soonTimer = setTimeout(() => {
      const asked = this.soonKind ?? 'local';
      this.soonTimer = undefined;
      this.soonKind = undefined;
      // Nothing shows the states now: the next time something does, it reads afresh (shown()).
      if (this.needed()) this.deps.request(asked);
    }, delayMs);
  }

  dispose(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.soonTimer) clearTimeout(this.soonTimer);
    for (const subscription of this.subscriptions) subscription.dispose();
  }

  private fullIfNeeded(freshForMs: number): void {
    if (!this.needed() || Date.now() - this.lastFullAt < freshForMs) return;
    if (!vscode.window.state.focused) {
      this.dueWhileAway = true;
      return;
    }
    this.dueWhileAway = false;
    this.deps.request('full');
  }

  private restartInterval(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    const every = refreshIntervalMs();
    // Checked every minute against the last read, so a Refresh pressed in between moves the next one along.
    if (every > 0) this.timer = setInterval(() => this.fullIfNeeded(every - 1000), Math.min(every, 60_000));
  }
}
