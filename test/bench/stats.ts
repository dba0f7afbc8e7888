// Small statistics for the bench: medians and quartiles over samples, never means (one GC pause skews a mean).
import { performance } from 'node:perf_hooks';

export interface Summary {
  median: number;
  p25: number;
  p75: number;
  count: number;
}

export function summarize(samples: readonly number[]): Summary {
  if (samples.length === 0) throw new Error('No samples to summarize.');
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: quantile(sorted, 0.5), p25: quantile(sorted, 0.25), p75: quantile(sorted, 0.75), count: sorted.length };
}

/** Linear interpolation between the closest ranks of an ascending array. */
function quantile(sorted: readonly number[], q: number): number {
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const lower = sorted[below] ?? 0;
  const upper = sorted[Math.min(below + 1, sorted.length - 1)] ?? lower;
  return lower + (upper - lower) * (position - below);
}

export function ms(value: number): string {
  return value < 10 ? value.toFixed(2) : value.toFixed(1);
}

/** "3.21 ms (IQR 3.10-3.40, n=40)" */
export function describe(summary: Summary): string {
  return `${ms(summary.median)} ms (IQR ${ms(summary.p25)}-${ms(summary.p75)}, n=${summary.count})`;
}

/** One run of `work` and how long it took (ms). */
export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

/** `work` timed alone `samples` times after 3 warm-ups: the steps a ratio line breaks down. */
export function timeSync(samples: number, work: () => unknown): Summary {
  const times: number[] = [];
  for (let index = 0; index < samples + 3; index++) {
    const start = performance.now();
    work();
    if (index >= 3) times.push(performance.now() - start);
  }
  return summarize(times);
}
