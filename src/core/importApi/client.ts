import { abortableSleep, backoffDelay, defaultBackoff, type BackoffPolicy } from './backoff';
import type { AttemptResult, ImportResult } from './types';

export interface RetryHooks {
  /** Called before each attempt, so a progress notification can say "Attempt 2 of 3". */
  onAttempt?(attempt: number, maxAttempts: number): void;
  /** Called before waiting for the next attempt. */
  onRetryWait?(delayMs: number, nextAttempt: number, previous: AttemptResult): void;
  /**
   * Called when the client gives up because the wiki asked for a longer wait (Retry-After) than the policy allows:
   * a run of many files stops there, instead of sending each of the others into the same refusal.
   */
  onRetryAfterTooLong?(retryAfterMs: number, status: number): void;
  /** Awaited before every attempt: many files share one throttle gate, so a 429 pauses all of them. */
  beforeAttempt?(): Promise<void>;
  signal?: AbortSignal;
  policy?: BackoffPolicy;
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Set when this run retries one that may have reached the server (the user pressed Retry after a failure). */
  earlierRunMayHaveLanded?: boolean;
}

/** Answers worth another try: server faults, throttling and lost connections. Client errors (4xx) never are. */
export function isRetryable(result: AttemptResult): boolean {
  switch (result.kind) {
    case 'response':
      return result.status >= 500 || result.status === 429 || result.status === 408;
    case 'network':
      return !result.permanent;
    case 'timeout':
      return true;
    case 'cancelled':
      return false;
  }
}

/** Whether an attempt may have been carried out by the server even though it did not report success. */
export function mayHaveLanded(result: AttemptResult): boolean {
  if (result.kind === 'network') return result.reachedServer;
  // A request aborted while out may have been carried out; one never sent (a stop while waiting to retry) cannot.
  if (result.kind === 'cancelled') return result.inFlight !== false;
  // An answer too large to read says nothing of what the service did with the request it answered.
  return result.kind === 'timeout' || (result.kind === 'response' && (result.status >= 500 || result.unreadable === 'tooLarge'));
}

/**
 * Runs `attempt` until it gives a final answer, retries are used up, a Retry-After is too long, or the user cancels.
 * Retrying an import is safe: with overwrite false a page created by a lost attempt answers "already exists"
 * (which the outcome mapping reports as such), and with overwrite true the update is simply applied again.
 */
export async function withRetries(attempt: () => Promise<AttemptResult>, hooks: RetryHooks = {}): Promise<ImportResult> {
  const policy = hooks.policy ?? defaultBackoff;
  const random = hooks.random ?? Math.random;
  const sleep = hooks.sleep ?? abortableSleep;
  let earlierAttemptMayHaveLanded = hooks.earlierRunMayHaveLanded ?? false;
  for (let attemptNumber = 1; ; attemptNumber++) {
    await hooks.beforeAttempt?.();
    if (hooks.signal?.aborted) return { last: { kind: 'cancelled', inFlight: false }, attempts: attemptNumber - 1, earlierAttemptMayHaveLanded };
    hooks.onAttempt?.(attemptNumber, policy.maxAttempts);
    const result = await attempt();
    const last = attemptNumber >= policy.maxAttempts;
    const retryAfterMs = result.kind === 'response' ? result.retryAfterMs : undefined;
    const waitTooLong = retryAfterMs !== undefined && retryAfterMs > policy.maxRetryAfterMs && isRetryable(result);
    if (waitTooLong && result.kind === 'response') hooks.onRetryAfterTooLong?.(retryAfterMs, result.status);
    if (!isRetryable(result) || last || waitTooLong) {
      return { last: result, attempts: attemptNumber, earlierAttemptMayHaveLanded };
    }
    earlierAttemptMayHaveLanded ||= mayHaveLanded(result);
    const delay = backoffDelay(policy, attemptNumber + 1, random, retryAfterMs);
    hooks.onRetryWait?.(delay, attemptNumber + 1, result);
    await sleep(delay, hooks.signal);
    if (hooks.signal?.aborted) return { last: { kind: 'cancelled', inFlight: false }, attempts: attemptNumber, earlierAttemptMayHaveLanded };
  }
}
