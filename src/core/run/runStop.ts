// When a run stops early, for every front end (runner.ts holds the gate every send of a run goes through):
// - the wiki asked for a longer wait (Retry-After) than a run waits: every later file would meet the same 429;
// - the wiki refused the API token itself: every later file, whatever it is, would meet the same refusal;
// - the wiki failed several files in a row (5xx, no connection, no answer in time), each after its retries: it is down,
//   and every later file would take its three attempts to fail the same way (10,000 files, 30,000 requests).
// Either way no new file starts, the sends already out finish, and the files never sent end "not started".
import { API_TOKEN_ENV_VAR } from '../apiToken/tokenSource';
import { abortableSleep } from '../importApi/backoff';
import { englishPublishMessages, type PublishMessages } from '../messages/publishMessages';
import type { OutcomeKind, PublishOutcome } from '../publish/outcome';

/** The wiki asked for a longer wait (Retry-After) than the run waits. */
export interface ThrottledStop {
  reason: 'throttled';
  /** The HTTP status that carried the Retry-After (429, or a 503). */
  status: number;
  retryAfterMs: number;
  /** When the wiki takes requests again (epoch ms). */
  resumeAt: number;
}

/** The wiki refused the API token itself (refusesToken): no file can be published with it. */
export interface TokenRefusedStop {
  reason: 'tokenRefused';
  /** 401, 402 or 403. */
  status: number;
  /** No wait would help: declared absent, so a stop's wait reads as undefined whatever stopped the run. */
  retryAfterMs?: never;
  resumeAt?: never;
}

/** The wiki failed FAILING_FILES_IN_A_ROW files one after another, each after its own retries, none answered between. */
export interface WikiFailingStop {
  reason: 'wikiFailing';
  failedInARow: number;
  /** The 5xx status of the last such failure, or undefined when it was no answer at all (no connection, the deadline). */
  status: number | undefined;
  retryAfterMs?: never;
  resumeAt?: never;
}

/** Why a run stopped early. */
export type RunStop = ThrottledStop | TokenRefusedStop | WikiFailingStop;

/**
 * Five files in a row: each failed after its own three attempts with backoff (some seconds of trying), so five are
 * fifteen failed requests over tens of seconds with no file answered between: a wiki that is down or unreachable, not
 * one unlucky request. A wiki that fails now and then lets a file through and the count starts again; a run of fewer
 * files than this never stops early, and the sends already out when it stops finish as they end.
 */
export const FAILING_FILES_IN_A_ROW = 5;

/** The outcomes of a wiki that is failing or out of reach: true; answered otherwise: false; cancelled says neither. */
function wikiFailing(outcome: PublishOutcome): boolean | undefined {
  if (outcome.kind === 'cancelled') return undefined;
  return outcome.kind === 'serverError' || outcome.kind === 'network' || outcome.kind === 'timeout' || (outcome.status ?? 0) >= 500;
}

/**
 * The outcomes that say the token is not accepted, whatever file it is sent with. Per the import spec (5.1 and 7):
 * 401 is a missing header, a malformed token or one the service does not know (deleted); 402 a token created while
 * the license was inactive, or a trial that ended, or a renewal pending; 403 a token that expired or failed
 * verification (clock skew included). None of the three is about a page or space: the spec has no per-page 403, the
 * space or parent a caller may not see answers 404 (notFound), which stays one file's failure and never stops a run.
 */
const TOKEN_REFUSED: ReadonlySet<OutcomeKind> = new Set<OutcomeKind>(['unauthorized', 'licenseExpired', 'forbidden']);

export function refusesToken(outcome: PublishOutcome): boolean {
  return TOKEN_REFUSED.has(outcome.kind);
}

/**
 * Holds every worker back until the wiki's requested wait is over, or for good once the run is stopped (a wait the
 * run does not make, or a refused token).
 */
export class ThrottleGate {
  private resumeAt = 0;
  private stop: RunStop | undefined;
  private failingInARow = 0;
  private readonly stopped = new AbortController();

  constructor(private readonly now: () => number = Date.now) {}

  /** Pauses every caller of wait() for at least `ms` from now. */
  pauseFor(ms: number): void {
    this.resumeAt = Math.max(this.resumeAt, this.now() + ms);
  }

  get pausedForMs(): number {
    return Math.max(0, this.resumeAt - this.now());
  }

  /** Stops the run for a wait longer than it makes: no new file starts and every wait ends. */
  stopFor(retryAfterMs: number, status: number): void {
    this.stopWith({ reason: 'throttled', status, retryAfterMs, resumeAt: this.now() + retryAfterMs });
  }

  /** Stops the run because the wiki refused the token (refusesToken): no later file could land with it. */
  stopForRefusedToken(status: number): void {
    this.stopWith({ reason: 'tokenRefused', status });
  }

  /**
   * Counts the files the wiki failed one after another (FAILING_FILES_IN_A_ROW says why five), and stops the run at the
   * count: every file after them would take its retries to fail the same way. An answered file starts the count again.
   */
  noteOutcome(outcome: PublishOutcome): void {
    const failing = wikiFailing(outcome);
    if (failing === undefined) return;
    if (!failing) {
      this.failingInARow = 0;
      return;
    }
    this.failingInARow += 1;
    const status = outcome.status !== undefined && outcome.status >= 500 ? outcome.status : undefined;
    if (this.failingInARow >= FAILING_FILES_IN_A_ROW) this.stopWith({ reason: 'wikiFailing', failedInARow: this.failingInARow, status });
  }

  get stoppedBy(): RunStop | undefined {
    return this.stop;
  }

  /** Resolves once no pause is in force (or the signal aborts, or the run is stopped). */
  async wait(signal?: AbortSignal): Promise<void> {
    for (let left = this.pausedForMs; left > 0 && !signal?.aborted && !this.stop; left = this.pausedForMs) {
      await abortableSleep(left, signal ? AbortSignal.any([signal, this.stopped.signal]) : this.stopped.signal);
    }
  }

  /** The first stop is the one reported: what came after it is its consequence. */
  private stopWith(stop: RunStop): void {
    if (this.stop) return;
    this.stop = stop;
    this.stopped.abort();
  }
}

/** What a front end is told once a stopped run has ended: the stop, and how far the run got. */
export type RunStopped = RunStop & {
  /** Files that were sent and came back with an answer before the stop (of `total` to send). */
  finished: number;
  total: number;
};

/**
 * "The wiki asked to wait 3600 s before more requests (HTTP 429); publishing stopped after 2 of 10 files. ...", or
 * "The wiki refused the API token (HTTP 401): ... Set a new token ...", or "The wiki failed 5 files in a row ...".
 */
export function describeRunStop(stopped: RunStopped, messages: PublishMessages = englishPublishMessages): string {
  if (stopped.reason === 'tokenRefused') return messages.runStoppedTokenRefused(stopped.status, stopped.finished, stopped.total, API_TOKEN_ENV_VAR);
  if (stopped.reason === 'wikiFailing') return messages.runStoppedWikiFailing(stopped.failedInARow, stopped.status, stopped.finished, stopped.total);
  const seconds = Math.ceil(stopped.retryAfterMs / 1000);
  return messages.runStopped(seconds, stopped.status, stopped.finished, stopped.total, minuteAfter(stopped, messages));
}

/**
 * Why a file never started, when the stop says more than the front end's own words for it can: a refused token, and
 * what fixes it; a wiki that failed the files before it. Undefined for a throttled stop (the front ends say that one) and for no stop (an interruption).
 */
export function notStartedBecause(stop: RunStop | undefined, messages: PublishMessages = englishPublishMessages): string | undefined {
  if (stop?.reason === 'wikiFailing') return messages.notStartedWikiFailing(stop.failedInARow, stop.status);
  return stop?.reason === 'tokenRefused' ? messages.notStartedTokenRefused(stop.status, API_TOKEN_ENV_VAR) : undefined;
}

/** "12:01 UTC", or "2026-02-01 00:30 UTC" on another day than the stop; rounded up, so "after" holds. */
function minuteAfter(stopped: ThrottledStop, messages: PublishMessages): string {
  const date = new Date(Math.ceil(stopped.resumeAt / 60_000) * 60_000);
  // A Retry-After of some billion years is beyond what a Date holds.
  if (Number.isNaN(date.getTime())) return messages.waitIsOver();
  const resume = date.toISOString();
  const sameDay = resume.slice(0, 10) === new Date(stopped.resumeAt - stopped.retryAfterMs).toISOString().slice(0, 10);
  return `${sameDay ? resume.slice(11, 16) : `${resume.slice(0, 10)} ${resume.slice(11, 16)}`} UTC`;
}
