// Bounded retries of one token request whose failure may pass (reliability requirement 16: a token endpoint that
// answers 429 with Retry-After, 500, 503 or drops the connection is retried with backoff, Retry-After honoured). The
// waits come from backoff.ts, the same jittered backoff the refresh-token client uses; which answers are worth
// another try is the caller's call, since only it knows its grant (a refusal is never retried).
import { DEFAULT_RETRY_POLICY, realSleep, retryWaitMs, type RetryPolicy, type Sleep } from './backoff';

export interface TokenRetryPolicy extends RetryPolicy {
  /** A Retry-After up to this is waited for; a longer one ends the retries with the answer as it is. */
  maxRetryAfterMs: number;
}

/**
 * The token endpoint's backoff, with a minute's cap on Retry-After (the import client's too, importApi/backoff.ts,
 * which this layer does not reach): a run that has nothing to do until it has a token may as well wait a minute for a
 * provider that asked for one, rather than stop as misconfigured.
 */
export const DEFAULT_TOKEN_RETRY_POLICY: TokenRetryPolicy = { ...DEFAULT_RETRY_POLICY, maxRetryAfterMs: 60_000 };

/** One attempt's answer, and whether another attempt could mend it. */
export interface TokenAttempt<T> {
  result: T;
  transient: boolean;
  /** The server's Retry-After, when it gave one. */
  retryAfterMs?: number;
}

export interface TokenRetryOptions {
  policy?: Partial<TokenRetryPolicy>;
  /** Ends a wait at once; the caller's attempt is expected to honour it as well. */
  signal?: AbortSignal;
  sleep?: Sleep;
  random?: () => number;
  /** Told before each wait, for a log line ("attempt 2 of 4 in 480 ms"). */
  onRetry?(waitMs: number, nextAttempt: number, maxAttempts: number): void;
}

export type TokenRetryOutcome<T> =
  /** `transient`: the last answer could have been mended by more attempts (they ran out, or Retry-After was too long). */
  | { kind: 'answered'; result: T; attempts: number; transient: boolean }
  /** The signal aborted while waiting for the next attempt. */
  | { kind: 'cancelled'; attempts: number };

export async function retryTokenRequest<T>(attempt: (attemptNumber: number) => Promise<TokenAttempt<T>>, options: TokenRetryOptions = {}): Promise<TokenRetryOutcome<T>> {
  const policy = { ...DEFAULT_TOKEN_RETRY_POLICY, ...options.policy };
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? realSleep;
  for (let attemptNumber = 1; ; attemptNumber++) {
    const answer = await attempt(attemptNumber);
    const answered = { kind: 'answered' as const, result: answer.result, attempts: attemptNumber, transient: answer.transient };
    if (!answer.transient || attemptNumber >= policy.maxAttempts) return answered;
    const waitMs = tokenRetryDelay(policy, attemptNumber - 1, random, answer.retryAfterMs);
    if (waitMs === undefined) return answered;
    if (options.signal?.aborted) return { kind: 'cancelled', attempts: attemptNumber };
    options.onRetry?.(waitMs, attemptNumber + 1, policy.maxAttempts);
    try {
      await sleep(waitMs, options.signal);
    } catch {
      return { kind: 'cancelled', attempts: attemptNumber };
    }
    // A sleep that resolves early on abort (the import client's kind) ends here too.
    if (options.signal?.aborted) return { kind: 'cancelled', attempts: attemptNumber };
  }
}

/** The wait before retry number `retryIndex + 1` (backoff.ts retryWaitMs with this policy's Retry-After cap). */
export function tokenRetryDelay(policy: TokenRetryPolicy, retryIndex: number, random: () => number, retryAfterMs?: number): number | undefined {
  return retryWaitMs(policy, retryIndex, random, retryAfterMs, policy.maxRetryAfterMs);
}
