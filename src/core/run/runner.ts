// Sending a plan: at most `concurrency` files at once, one throttle gate shared by all of them (a 429 with
// Retry-After pauses every worker, not just the one that got it), one file's failure never stopping the others,
// and Cancel meaning "no new file starts, requests in flight are aborted". Each file ends as a value.
import { abortableSleep } from '../importApi/backoff';
import type { PublishOutcome } from '../publish/outcome';
import type { PublishTarget } from '../publish/target';
import type { PlanItem } from './plan';

/** Holds every worker back until the wiki's requested wait is over. */
export class ThrottleGate {
  private resumeAt = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Pauses every caller of wait() for at least `ms` from now. */
  pauseFor(ms: number): void {
    this.resumeAt = Math.max(this.resumeAt, this.now() + ms);
  }

  get pausedForMs(): number {
    return Math.max(0, this.resumeAt - this.now());
  }

  /** Resolves once no pause is in force (or the signal aborts). */
  async wait(signal?: AbortSignal): Promise<void> {
    for (let left = this.pausedForMs; left > 0 && !signal?.aborted; left = this.pausedForMs) {
      await abortableSleep(left, signal);
    }
  }
}

export type FileState =
  /** Created or updated (or found existing after a retry that probably created it). */
  | 'published'
  | 'failed'
  /** Unchanged since its last publish. */
  | 'skipped'
  /** Refused before sending. */
  | 'refused'
  /** Cancelled before it started. */
  | 'notStarted'
  /** Cancelled while its request was out: it may or may not have landed. */
  | 'cancelled';

export interface FileResult {
  item: PlanItem;
  state: FileState;
  outcome?: PublishOutcome;
  /** Whether the wiki may have acted on it although it did not report success. */
  mayHaveLanded: boolean;
}

export interface SendContext {
  signal: AbortSignal;
  gate: ThrottleGate;
}

export interface RunOptions {
  /** Requests at once (1-16). */
  concurrency: number;
  signal?: AbortSignal;
  /** Sends one file (the front end closes over endpoint, token and transport); must respect context.signal and context.gate. */
  send(item: PlanItem, target: PublishTarget, context: SendContext): Promise<PublishOutcome>;
  onStart?(item: PlanItem, started: number, total: number): void;
  onResult?(result: FileResult): void;
  gate?: ThrottleGate;
}

export const MAX_CONCURRENCY = 16;

export function clampConcurrency(value: number | undefined, fallback = 4): number {
  const n = Number.isFinite(value) ? Math.trunc(value as number) : fallback;
  return Math.min(MAX_CONCURRENCY, Math.max(1, n));
}

const LANDED = new Set(['created', 'updated', 'existsAfterRetry']);

/** Runs the plan; the results come back in the plan's order. Never rejects for one file's failure. */
export async function runPlan(items: readonly PlanItem[], options: RunOptions): Promise<FileResult[]> {
  const results: FileResult[] = new Array<FileResult>(items.length);
  const report = (index: number, result: FileResult): void => {
    results[index] = result;
    options.onResult?.(result);
  };
  const queue: number[] = [];
  items.forEach((item, index) => {
    if (item.state === 'send' && item.complete) queue.push(index);
    else report(index, { item, state: item.state === 'unchanged' ? 'skipped' : 'refused', mayHaveLanded: false });
  });
  const total = queue.length;
  const gate = options.gate ?? new ThrottleGate();
  const cancel = new AbortController();
  const onAbort = (): void => cancel.abort();
  if (options.signal?.aborted) cancel.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  let started = 0;

  const worker = async (): Promise<void> => {
    for (let index = queue.shift(); index !== undefined; index = queue.shift()) {
      const item = items[index] as PlanItem;
      const target = item.complete as PublishTarget;
      await gate.wait(cancel.signal);
      if (cancel.signal.aborted) {
        report(index, { item, state: 'notStarted', mayHaveLanded: false });
        continue;
      }
      options.onStart?.(item, ++started, total);
      let outcome: PublishOutcome;
      try {
        outcome = await options.send(item, target, { signal: cancel.signal, gate });
      } catch (error) {
        // A front end's send should return outcomes; a throw still fails only this file.
        const message = error instanceof Error ? error.message : String(error);
        outcome = { kind: 'unexpected', severity: 'error', status: undefined, message, actions: ['showLog'], attempts: 0, mayHaveLanded: false };
      }
      const state: FileState = LANDED.has(outcome.kind) ? 'published' : outcome.kind === 'cancelled' ? 'cancelled' : 'failed';
      // A request aborted while out may have reached the wiki; one cancelled during a backoff wait says so itself.
      const mayHaveLanded = state === 'cancelled' ? true : outcome.mayHaveLanded;
      report(index, { item, state, outcome, mayHaveLanded });
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(clampConcurrency(options.concurrency), Math.max(1, total)) }, worker));
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }
  return results;
}

export interface RunSummary {
  published: number;
  failed: number;
  skipped: number;
  refused: number;
  notStarted: number;
  cancelled: number;
}

export function summarise(results: readonly FileResult[]): RunSummary {
  const summary: RunSummary = { published: 0, failed: 0, skipped: 0, refused: 0, notStarted: 0, cancelled: 0 };
  for (const result of results) summary[result.state === 'notStarted' ? 'notStarted' : result.state]++;
  return summary;
}

/** "21 published, 1 failed, 1 skipped (unchanged)": only the parts that are not zero. */
export function summaryLine(summary: RunSummary): string {
  const parts: string[] = [];
  if (summary.published || (!summary.failed && !summary.skipped && !summary.refused)) parts.push(`${summary.published} published`);
  if (summary.failed) parts.push(`${summary.failed} failed`);
  if (summary.refused) parts.push(`${summary.refused} refused`);
  if (summary.skipped) parts.push(`${summary.skipped} skipped (unchanged)`);
  if (summary.cancelled) parts.push(`${summary.cancelled} cancelled while sending (may have landed)`);
  if (summary.notStarted) parts.push(`${summary.notStarted} not started`);
  return parts.join(', ');
}
