// How long the edit guard's lookups may take (the guard must never hold up publishing for long), and how many are out
// at once. Shared by the guard (guard.ts) and the lookup of unchanged files' pages before it (gonePages.ts).

/** Lookups out at once when the caller does not say. */
export const DEFAULT_LOOKUPS_AT_ONCE = 4;

/** One file's lookups get a few seconds. */
export const GUARD_TIMEOUT_MS = 10_000;

/** One lookup's signal: the guard's deadline, and the run's cancel when there is one (`deadline` says which ended it). */
export function lookupDeadline(options: { signal?: AbortSignal; timeoutMs?: number }): { deadline: AbortSignal; signal: AbortSignal } {
  const deadline = AbortSignal.timeout(options.timeoutMs ?? GUARD_TIMEOUT_MS);
  return { deadline, signal: options.signal ? AbortSignal.any([options.signal, deadline]) : deadline };
}
