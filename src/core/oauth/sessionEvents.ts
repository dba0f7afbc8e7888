// A plain listener list, so the editor can update its UI without the core importing vscode's EventEmitter.
import type { ExportSession } from './session';

export type ExportSessionEvent =
  | { type: 'signedIn'; session: ExportSession }
  | { type: 'refreshed'; session: ExportSession }
  /** `chainRevoked` is fired once per dead chain: the editor shows one "Sign In Again" notification for it. */
  | { type: 'signedOut'; reason: 'chainRevoked' | 'userSignOut' }
  /**
   * Fired once per overwrite found: this window's store holds an older copy than the session last stored and will
   * not catch up (error 'overwritten'). Nothing was signed out; the editor shows the sign-in as lost here.
   */
  | { type: 'overwritten' };

export interface Disposable {
  dispose(): void;
}

export class SessionEvents {
  private readonly listeners = new Set<(event: ExportSessionEvent) => void>();

  add(listener: (event: ExportSessionEvent) => void): Disposable {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  fire(event: ExportSessionEvent): void {
    for (const listener of [...this.listeners]) {
      // One failing listener must not stop the others or the refresh that fired the event.
      try {
        listener(event);
      } catch {
        /* listeners report their own errors */
      }
    }
  }
}
