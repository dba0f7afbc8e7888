// Refreshes ahead of expiry while a window is open (requirement 10 asks for a timer as well as the
// check on every use). Every open window may run one; the lock and the re-read inside it make sure only
// the first window to fire actually calls the token endpoint, the others find a fresh token and skip.
// Nothing here may reject unobserved: a failing secret store ends in the log and a later retry.
import { describeError } from '../log/redact';
import type { Clock, Logger } from '../ports';
import { isExportAuthError } from './isExportAuthError';
import { REFRESH_MARGIN_MS, type ExportSession } from './session';
import type { Disposable, ExportSessionManager } from './sessionManager';

/** What the refresher needs from the session manager. */
export type RefreshableSession = Pick<ExportSessionManager, 'getSession' | 'getAccessToken' | 'onDidChange' | 'canRefresh'> &
  Partial<Pick<ExportSessionManager, 'providerNow'>>;

export interface TimerPort {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: TimerPort = {
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    // A pending refresh must never keep a process (tests, a CLI) alive on its own.
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface ProactiveRefreshOptions {
  manager: RefreshableSession;
  clock: Clock;
  logger: Logger;
  timers?: TimerPort;
  /** Spreads the windows' timers over this many ms past the margin, so they rarely even contend. */
  jitterMs?: number;
  /** Wait before trying again after a failed refresh. */
  retryAfterFailureMs?: number;
  random?: () => number;
  /**
   * Never plan a refresh sooner than this after the session's last refresh (default 60 s). Access tokens that
   * live no longer than the 5-minute margin, or a clock far ahead, would otherwise be due again at once.
   */
  minRefreshGapMs?: number;
}

const DEFAULT_MIN_REFRESH_GAP_MS = 60_000;

const MAX_TIMER_MS = 2 ** 31 - 1;

export class ProactiveRefresher {
  private handle: unknown;
  private subscription: Disposable | undefined;
  private running = false;
  /**
   * True while a timer's refresh runs. The refresh fires change events before it has finished (released the
   * lock, cleared the shared in-flight promise); a timer planned from them could fire into the unfinished
   * refresh and join it instead of refreshing. So fire() plans the next timer itself, once it is done.
   */
  private firing = false;
  /** Counts plans, so that of overlapping reschedules only the latest sets the timer. */
  private plans = 0;

  constructor(private readonly options: ProactiveRefreshOptions) {}

  start(): void {
    // A window that may not refresh would only find a token inside the margin and plan again at once.
    if (this.running || !this.options.manager.canRefresh) return;
    this.running = true;
    this.subscription = this.options.manager.onDidChange(() => void this.reschedule());
    void this.reschedule();
  }

  stop(): void {
    this.running = false;
    this.subscription?.dispose();
    this.subscription = undefined;
    this.cancelTimer();
  }

  /**
   * Plans the next refresh from the stored session; call it when another window changed the secret. Never
   * rejects: when the store cannot be read, it logs and tries again after `retryAfterFailureMs`.
   */
  async reschedule(): Promise<void> {
    if (!this.running || this.firing) return;
    const plan = ++this.plans;
    let session: ExportSession | undefined;
    try {
      session = await this.options.manager.getSession();
    } catch (error) {
      if (!this.isCurrent(plan)) return;
      this.options.logger.warn(`Could not read the export session to plan its refresh: ${describeError(error)}`);
      this.cancelTimer();
      this.schedule(this.retryAfterFailureMs());
      return;
    }
    if (!this.isCurrent(plan)) return;
    this.cancelTimer();
    if (!session) return;
    const jitter = Math.round((this.options.random ?? Math.random)() * (this.options.jitterMs ?? 30_000));
    const now = this.options.clock.now();
    // `accessExpiresAt` is the identity provider's time; a machine whose clock disagrees would be due at once.
    const providerNow = this.options.manager.providerNow?.() ?? now;
    const dueIn = session.accessExpiresAt - REFRESH_MARGIN_MS - providerNow + jitter;
    const minGap = this.options.minRefreshGapMs ?? DEFAULT_MIN_REFRESH_GAP_MS;
    // Measured from the last refresh, but never more than one gap from now: another window's clock may be ahead.
    const gapLeft = Math.min(minGap, session.lastRefreshAt + minGap - now);
    this.schedule(Math.max(0, dueIn, gapLeft));
  }

  private schedule(ms: number): void {
    const timers = this.options.timers ?? realTimers;
    this.handle = timers.setTimeout(() => void this.fire(), Math.min(ms, MAX_TIMER_MS));
  }

  private async fire(): Promise<void> {
    this.handle = undefined;
    if (!this.running) return;
    this.firing = true;
    try {
      // getAccessToken refreshes only when the token is inside the margin, so a window that lost the race
      // simply reads the winner's token.
      await this.options.manager.getAccessToken();
    } catch (error) {
      this.firing = false;
      // Nothing to refresh until the user signs in (again): an overwritten session's refresh token is never sent.
      if (isExportAuthError(error, 'notSignedIn') || isExportAuthError(error, 'signedOut') || isExportAuthError(error, 'overwritten')) return;
      this.options.logger.warn(`Scheduled refresh of the export session failed: ${describeError(error)}`);
      if (this.running && this.handle === undefined) this.schedule(this.retryAfterFailureMs());
      return;
    }
    this.firing = false;
    await this.reschedule();
  }

  private isCurrent(plan: number): boolean {
    return plan === this.plans && this.running && !this.firing;
  }

  private retryAfterFailureMs(): number {
    return this.options.retryAfterFailureMs ?? 60_000;
  }

  private cancelTimer(): void {
    if (this.handle !== undefined) (this.options.timers ?? realTimers).clearTimeout(this.handle);
    this.handle = undefined;
  }
}
