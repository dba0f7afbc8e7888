// One refresh of the Wiki Pages view at a time. A refresh asked for while one runs waits for it and then runs once
// for every caller that asked meanwhile (a 'full' one, which reads the wiki, covers a 'local' one); every refresh has
// its own AbortController, so hiding the view, signing out or closing the window cancels what is under way.
import type { Logger } from '../../core/ports';
import { describeError } from '../../core/log/redact';

/** 'local': the files and their local state only, no request. 'full': that, and one read of the wiki. */
export type RefreshKind = 'local' | 'full';

interface Pending {
  kind: RefreshKind;
  done: Promise<void>;
  resolve(): void;
}

export class RefreshScheduler {
  private running: AbortController | undefined;
  private pending: Pending | undefined;
  private disposed = false;

  constructor(
    private readonly run: (kind: RefreshKind, signal: AbortSignal) => Promise<void>,
    private readonly log: Logger,
  ) {}

  /** Runs a refresh of at least this kind; resolves when one that started after this call has finished. */
  request(kind: RefreshKind): Promise<void> {
    if (this.disposed) return Promise.resolve();
    if (this.pending) {
      if (kind === 'full') this.pending.kind = 'full';
      return this.pending.done;
    }
    let resolve: () => void = () => undefined;
    const done = new Promise<void>((settle) => (resolve = settle));
    this.pending = { kind, done, resolve };
    if (!this.running) void this.next();
    return done;
  }

  /** Cancels the refresh under way, if any (a waiting one still runs). */
  cancel(): void {
    this.running?.abort();
  }

  dispose(): void {
    this.disposed = true;
    this.cancel();
    this.pending?.resolve();
    this.pending = undefined;
  }

  private async next(): Promise<void> {
    while (this.pending && !this.disposed) {
      const { kind, resolve } = this.pending;
      this.pending = undefined;
      const controller = new AbortController();
      this.running = controller;
      try {
        await this.run(kind, controller.signal);
      } catch (error) {
        if (!controller.signal.aborted) this.log.warn(`Refreshing the Wiki Pages view failed: ${describeError(error)}`);
      } finally {
        this.running = undefined;
        resolve();
      }
    }
  }
}
