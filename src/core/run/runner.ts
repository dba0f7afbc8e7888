// Sending a plan: at most `concurrency` files at once, one throttle gate shared by all of them (a 429 with
// Retry-After pauses every worker, not just the one that got it), one file's failure never stopping the others but
// for the answers that stop the whole run (runStop.ts: a wait longer than a run makes, a refused token), and Cancel
// meaning "no new file starts, requests in flight are aborted". Each file ends as a value.
import { setMaxListeners } from 'node:events';
import { englishPublishMessages, type PublishMessages } from '../messages/publishMessages';
import type { PublishOutcome } from '../publish/outcome';
import type { PublishTarget } from '../publish/target';
import type { PageIdentity } from '../links/pageIdentity';
import type { WikiPagesClient } from '../wikiPages';
import type { GuardOptions } from './guard';
import { heldWithoutNotice, pageElsewhere, unreadOnWiki } from './guardVerdict';
import { changedSincePlanned } from './pageRecheck';
import { digestNow } from './pageNotice';
import type { PlanItem } from './planItem';
import { plannedContent, type PlannedContent } from './plannedContent';
import { notStartedBecause, refusesToken, ThrottleGate, type RunStopped } from './runStop';

export { describeRunStop, ThrottleGate, type RunStop, type RunStopped } from './runStop';

export type FileState =
  /** Created or updated (or, after a retry, an existing page proven to be this run's creation). */
  | 'published'
  | 'failed'
  /**
   * "Already exists" after an attempt that may have landed: the page may be this run's or someone else's. Never
   * counted as published, never linked, unless it could be proven to be this run's page (then it is 'published').
   */
  | 'existsUnproven'
  /** Left out by the edit guard: the page was changed on the wiki since this file last published it, or the wiki could not be read to check. */
  | 'edited'
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
  /**
   * Of a file that never started because the run stopped on a refused token: why, and what fixes it (runStop.ts,
   * notStartedBecause). A front end says it in place of its own words for a file not started.
   */
  notStartedBecause?: string;
  /** An "already exists" after a retry that was proven to be this run's page: its identity. */
  proven?: PageIdentity;
}

export interface SendContext {
  signal: AbortSignal;
  gate: ThrottleGate;
  /** The Markdown to send: the plan's, or the file read again and checked against the plan (plannedContent.ts). */
  content: string;
  /** The pages its links reach as sent (RunOptions.linkTargetsOf), for the digest its notice carries (pageNotice.ts). */
  linkTargets?: string;
}

export interface RunOptions {
  /** Requests at once (1-16). */
  concurrency: number;
  signal?: AbortSignal;
  /** Sends one file (the front end closes over endpoint, token and transport); must respect context.signal and context.gate. */
  send(item: PlanItem, target: PublishTarget, context: SendContext): Promise<PublishOutcome>;
  /**
   * The Markdown to send for an item, read just before it is sent: plannedContent unless said (a tree rewrites the
   * links of what that gives). A file that cannot be read again, or changed since it was planned, ends refused.
   */
  content?(item: PlanItem): Promise<PlannedContent>;
  /** The words of a file refused when it is read again (changed since planned, unreadable); English when not given. */
  messages?: PublishMessages;
  onStart?(item: PlanItem, started: number, total: number): void;
  /**
   * Awaited just before a file starts and its request goes out (after every check that may hold it back): a front end
   * records there the mark of a send that may land, so a run killed while the request is out leaves it (recordSend.ts,
   * sendMarks). A rejection does not stop the send: the front end reports its own store's failure.
   */
  beforeSend?(item: PlanItem): Promise<void>;
  onResult?(result: FileResult): void;
  gate?: ThrottleGate;
  /** Called once, after the last file, when the run stopped early (see ThrottleGate.stopFor): word it with describeRunStop. */
  onStopped?(stopped: RunStopped): void;
  /**
   * Asked after an "already exists" that followed an attempt that may have landed: the page's identity when it can be
   * proven to be the one this run created, else undefined (the file then ends as 'existsUnproven'). `sentDigest`: asked
   * after a first attempt's "already exists", the page must also hold what this send carried (its marker's digest).
   */
  proveOwnPage?(item: PlanItem, target: PublishTarget, signal: AbortSignal, sentDigest?: string): Promise<PageIdentity | undefined>;
  /**
   * Page routes: an update the edit guard saw as its file left it is looked at again just before its own send, and
   * held back ('edited') if it changed on the wiki while the run sent other files (pageRecheck.ts).
   */
  pages?: WikiPagesClient | undefined;
  /** The guard's choice of edited pages to replace (--overwrite-edited): those are sent whatever that look finds. */
  guard?: Pick<GuardOptions, 'overwriteEdited'>;
  /**
   * The pages an item's links reach as it is sent, for its notice's digest: a tree's, decided when its links are
   * rewritten; the plan's (PlanItem.linkTargets) when not given.
   */
  linkTargetsOf?(item: PlanItem): string | undefined;
}

export const MAX_CONCURRENCY = 16;
/** Requests at once unless told otherwise: the command line's --concurrency, and what a tree's plan ranks pages with. */
export const DEFAULT_CONCURRENCY = 4;

export function clampConcurrency(value: number | undefined, fallback = DEFAULT_CONCURRENCY): number {
  const n = Number.isFinite(value) ? Math.trunc(value as number) : fallback;
  return Math.min(MAX_CONCURRENCY, Math.max(1, n));
}

const LANDED = new Set(['created', 'updated']);

/**
 * What counts as published, for one file and many alike: created or updated, or an "already exists" after a retry
 * that was proven to be this run's page. Such an "already exists" unproven is its own state, never published.
 */
export function fileStateOf(outcome: PublishOutcome, proven: PageIdentity | undefined): FileState {
  if (LANDED.has(outcome.kind) || proven) return 'published';
  if (outcome.kind === 'existsAfterRetry') return 'existsUnproven';
  return outcome.kind === 'cancelled' ? 'cancelled' : 'failed';
}

/**
 * One file's send as a run's result, for a run of many files and the editor's one file alike: what counts as published
 * (fileStateOf), and whether the wiki may have acted on it. A send cancelled while its request was out counts as one
 * that may have landed; one stopped while it waited to retry after answers that say nothing was done (a 429) does not.
 */
export function fileResultOf(item: PlanItem, outcome: PublishOutcome, proven: PageIdentity | undefined): FileResult {
  const state = fileStateOf(outcome, proven);
  return { item, state, outcome, mayHaveLanded: outcome.mayHaveLanded, ...(proven ? { proven } : {}) };
}

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
    else report(index, { item, state: item.state === 'unchanged' ? 'skipped' : item.state === 'edited' ? 'edited' : 'refused', mayHaveLanded: false });
  });
  const total = queue.length;
  const gate = options.gate ?? new ThrottleGate();
  const cancel = new AbortController();
  // Every request of the run listens to it while it is out or waits to retry (up to 16 at once, with the lookups
  // beside them): more than Node's default of 10 is the design, not a leak, and Node's warning would reach a CI log.
  setMaxListeners(100, cancel.signal);
  const onAbort = (): void => cancel.abort();
  if (options.signal?.aborted) cancel.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  let started = 0;
  // A file the run never sent, with why when the stop says more than "not started" (a refused token: what fixes it).
  const notStarted = (item: PlanItem): FileResult => {
    const because = notStartedBecause(gate.stoppedBy, options.messages);
    return { item, state: 'notStarted', mayHaveLanded: false, ...(because !== undefined ? { notStartedBecause: because } : {}) };
  };
  // Each update's page is looked at again just before it is sent, until a look fails (pageRecheck.ts).
  let pages = options.pages;

  const worker = async (): Promise<void> => {
    for (let index = queue.shift(); index !== undefined; index = queue.shift()) {
      const planned = items[index] as PlanItem;
      const target = planned.complete as PublishTarget;
      await gate.wait(cancel.signal);
      if (cancel.signal.aborted || gate.stoppedBy) {
        report(index, notStarted(planned));
        continue;
      }
      // Read when sent, so a run holds the texts of the files in flight only.
      const content = await (options.content ?? ((each: PlanItem) => plannedContent(each, options.messages)))(planned);
      if (cancel.signal.aborted || gate.stoppedBy) {
        report(index, notStarted(planned));
        continue;
      }
      if (!content.ok) {
        const refused: PlanItem = { ...planned, state: 'refused', refusals: [...planned.refusals, { code: content.code, message: content.problem, fix: undefined }] };
        report(index, { item: refused, state: 'refused', mayHaveLanded: false });
        continue;
      }
      const linkTargets = options.linkTargetsOf ? options.linkTargetsOf(planned) : planned.linkTargets;
      const changed = pages ? await changedSincePlanned(planned, pages, options.guard?.overwriteEdited, cancel.signal, linkTargets).catch(() => {
        pages = undefined;
        return undefined;
      }) : undefined;
      if (cancel.signal.aborted || gate.stoppedBy) {
        report(index, notStarted(planned));
        continue;
      }
      if (changed?.state === 'edited') {
        report(index, { item: changed, state: 'edited', mayHaveLanded: false });
        continue;
      }
      // Another publish of this file left what this send carries (pageRecheck.ts): nothing to send.
      if (changed?.state === 'unchanged') {
        report(index, { item: changed, state: 'skipped', mayHaveLanded: false });
        continue;
      }
      // Sent as planned, or as an update of the version another publish of this file left.
      const item = changed ?? planned;
      if (options.beforeSend) {
        await options.beforeSend(item).catch(() => undefined);
        // Cancelled while the mark was written: nothing went, and the file's end takes its mark out again.
        if (cancel.signal.aborted || gate.stoppedBy) {
          report(index, notStarted(item));
          continue;
        }
      }
      options.onStart?.(item, ++started, total);
      let outcome: PublishOutcome;
      try {
        outcome = await options.send(item, target, { signal: cancel.signal, gate, content: content.content, ...(linkTargets !== undefined ? { linkTargets } : {}) });
      } catch (error) {
        // A front end's send should return outcomes; a throw still fails only this file.
        const message = error instanceof Error ? error.message : String(error);
        outcome = { kind: 'unexpected', severity: 'error', status: undefined, message, actions: ['showLog'], attempts: 0, mayHaveLanded: false };
      }
      // The token itself refused (runStop.ts, refusesToken): every file after this one would meet the same answer, so
      // the run stops here like a wait it cannot make. This file fails with the service's words; those already out finish.
      if (refusesToken(outcome)) gate.stopForRefusedToken(outcome.status ?? 0);
      // A wiki that fails file after file (runStop.ts, FAILING_FILES_IN_A_ROW) stops the run the same way.
      gate.noteOutcome(outcome);
      // Refused by the same throttling that stopped the run, and never acted on: told once, in the stop report.
      if (outcome.kind === 'throttled' && gate.stoppedBy && !outcome.mayHaveLanded) {
        report(index, notStarted(item));
        continue;
      }
      // "Already exists" after an attempt that may have landed: the page this run made, if its notice says so. On a
      // first attempt: another run of this very file (a second CI job at once) made it, if it holds what this one sent.
      const proven = outcome.kind === 'existsAfterRetry' ? await proveOwn(options, item, target, cancel.signal)
        : outcome.kind === 'alreadyExists' ? await proveOwn(options, item, target, cancel.signal, digestNow(item, linkTargets)) : undefined;
      report(index, fileResultOf(item, outcome, proven));
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(clampConcurrency(options.concurrency), Math.max(1, total)) }, worker));
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }
  const stop = gate.stoppedBy;
  // Only files that were to be sent can end notStarted.
  if (stop) options.onStopped?.({ ...stop, finished: total - results.filter((result) => result.state === 'notStarted').length, total });
  return results;
}

/** A proof that fails (a lookup error) proves nothing: the file stays 'existsUnproven'. */
async function proveOwn(options: RunOptions, item: PlanItem, target: PublishTarget, signal: AbortSignal, sentDigest?: string): Promise<PageIdentity | undefined> {
  try {
    return await options.proveOwnPage?.(item, target, signal, sentDigest);
  } catch {
    return undefined;
  }
}

export interface RunSummary {
  published: number;
  failed: number;
  existsUnproven: number;
  edited: number;
  /** Of `edited`, the pages held back for want of a notice (guardVerdict.ts, heldWithoutNotice); present only when not zero. */
  noNotice?: number;
  /** Of `edited`, the updates held back because the wiki could not be read to check them (guard.ts, unreadOnWiki); present only when not zero. */
  lookupFailed?: number;
  /** Of `edited`, the pages moved under another parent or renamed on the wiki (pageElsewhere); present only when not zero. */
  movedOnWiki?: number;
  skipped: number;
  refused: number;
  notStarted: number;
  cancelled: number;
}

/**
 * How many files of a run did not end as published or unchanged: failed, refused, left out as edited on the wiki,
 * "already exists" not proven to be ours, cancelled or never started. Zero is a run that did all it was asked.
 */
export function unfinished(summary: RunSummary): number {
  return summary.failed + summary.refused + summary.edited + summary.existsUnproven + summary.cancelled + summary.notStarted;
}

/**
 * Whether a file's later result (a second pass sent it again) counts instead of its earlier one. Not when the earlier
 * landed and the later send never got its answer (interrupted before or while out, or the run stopped): the page is
 * published all the same, as the first pass left it, and the next run sends it again. Nor when the later send was not
 * needed (another run's publish of the file left what it would send, pageRecheck.ts): this run published the file.
 */
export function laterResultCounts(earlier: FileState, later: FileState): boolean {
  return !(earlier === 'published' && (later === 'notStarted' || later === 'cancelled' || later === 'skipped'));
}

/** Each file once, by the result of it that counts (laterResultCounts), for a run whose files may end twice. */
export function countedResults<R extends FileResult>(results: Iterable<R>, keyOf: (result: R) => string): R[] {
  const counted = new Map<string, R>();
  for (const result of results) {
    const earlier = counted.get(keyOf(result));
    if (!earlier || laterResultCounts(earlier.state, result.state)) counted.set(keyOf(result), result);
  }
  return [...counted.values()];
}

export function summarise(results: readonly FileResult[]): RunSummary {
  const summary: RunSummary = { published: 0, failed: 0, existsUnproven: 0, edited: 0, skipped: 0, refused: 0, notStarted: 0, cancelled: 0 };
  for (const result of results) {
    summary[result.state === 'notStarted' ? 'notStarted' : result.state]++;
    if (result.state === 'edited' && heldWithoutNotice(result.item.guard)) summary.noNotice = (summary.noNotice ?? 0) + 1;
    if (result.state === 'edited' && unreadOnWiki(result.item.guard)) summary.lookupFailed = (summary.lookupFailed ?? 0) + 1;
    if (result.state === 'edited' && pageElsewhere(result.item.guard)) summary.movedOnWiki = (summary.movedOnWiki ?? 0) + 1;
  }
  return summary;
}

/** "21 published, 1 failed, 1 skipped (unchanged)": only the parts that are not zero. */
export function summaryLine(summary: RunSummary, messages: PublishMessages = englishPublishMessages): string {
  const parts: string[] = [];
  if (summary.published || (!summary.failed && !summary.skipped && !summary.refused && !summary.existsUnproven && !summary.edited)) parts.push(messages.summaryPublished(summary.published));
  if (summary.failed) parts.push(messages.summaryFailed(summary.failed));
  if (summary.existsUnproven) parts.push(messages.summaryExistsUnproven(summary.existsUnproven));
  const noNoticeCount = summary.noNotice ?? 0;
  const lookupFailedCount = summary.lookupFailed ?? 0;
  const movedCount = summary.movedOnWiki ?? 0;
  // A page moved or renamed on the wiki need not have been edited there: said as what the guard found.
  if (summary.edited > noNoticeCount + lookupFailedCount + movedCount) parts.push(messages.summaryEdited(summary.edited - noNoticeCount - lookupFailedCount - movedCount));
  if (movedCount > 0) parts.push(messages.summaryMovedOnWiki(movedCount));
  if (noNoticeCount > 0) parts.push(messages.summaryNoNotice(noNoticeCount));
  if (lookupFailedCount > 0) parts.push(messages.summaryLookupFailed(lookupFailedCount));
  if (summary.refused) parts.push(messages.summaryRefused(summary.refused));
  if (summary.skipped) parts.push(messages.summarySkipped(summary.skipped));
  if (summary.cancelled) parts.push(messages.summaryCancelled(summary.cancelled));
  if (summary.notStarted) parts.push(messages.summaryNotStarted(summary.notStarted));
  return parts.join(', ');
}
