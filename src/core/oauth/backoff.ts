// Bounded retries for the token endpoint (reliability requirement 16): exponential backoff with full
// jitter, a cap, and Retry-After honoured. Sleeping is injected so tests never wait for real.
import { retryAfterMs } from '../http/retryAfter';

export interface RetryPolicy {
  /** Total attempts including the first. */
  maxAttempts: number;
  baseDelayMs: number;
  /** No single wait is longer; a Retry-After beyond it ends the retries instead. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 4, baseDelayMs: 500, maxDelayMs: 15_000 };

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export const realSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Full jitter: a random wait up to base * 2^retryIndex, never above the cap. */
export function backoffDelayMs(retryIndex: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retryIndex);
  return Math.round(random() * ceiling);
}

/**
 * The wait before retry number `retryIndex + 1`, or undefined when the server asked (Retry-After) for longer than
 * `maxRetryAfterMs`. Without Retry-After: full-jitter backoff. With it: that long, plus a little jitter so clients told
 * the same Retry-After do not return in lockstep. The refresh-token client and the client-credentials grant alike.
 */
export function retryWaitMs(policy: RetryPolicy, retryIndex: number, random: () => number, retryAfterMs: number | undefined, maxRetryAfterMs: number): number | undefined {
  if (retryAfterMs === undefined) return backoffDelayMs(retryIndex, policy, random);
  if (retryAfterMs > maxRetryAfterMs) return undefined;
  return retryAfterMs + Math.round(random() * Math.min(1000, policy.baseDelayMs));
}

/** Retry-After as delay-seconds or an HTTP-date; undefined when absent or not valid (http/retryAfter.ts). */
export function parseRetryAfterMs(header: string | string[] | undefined, nowMs: number): number | undefined {
  return retryAfterMs(header, nowMs);
}
