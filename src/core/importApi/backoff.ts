// Exponential backoff with jitter (reliability requirement 16), with the randomness and the waiting injected
// so tests and benchmarks control both.

export interface BackoffPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A server's Retry-After beyond this is not waited for automatically; the user gets a Retry button instead. */
  maxRetryAfterMs: number;
}

export const defaultBackoff: BackoffPolicy = { maxAttempts: 3, baseDelayMs: 1000, maxDelayMs: 8000, maxRetryAfterMs: 60_000 };

/** Delay before attempt `nextAttempt` (2, 3, ...): half fixed, half random, so clients that failed together spread out. */
export function backoffDelay(policy: BackoffPolicy, nextAttempt: number, random: () => number, retryAfterMs?: number): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (nextAttempt - 2));
  const jittered = exponential / 2 + (random() * exponential) / 2;
  return retryAfterMs === undefined ? jittered : Math.max(jittered, retryAfterMs);
}

/** Waits `ms`, or until `signal` aborts (then resolves early; the caller checks the signal). */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const onAbort = (): void => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
