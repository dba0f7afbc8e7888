import { unfinished, type RunSummary } from '../core/run/runner';

// The exit codes CI scripts branch on (documented in --help and docs/cli.md).

/** Every file published, or skipped as unchanged. */
export const EXIT_OK = 0;
/** A file failed or was refused (a dry run: would be refused, left out, or met by "already exists"). */
export const EXIT_FAILED = 1;
/** Usage or configuration error: nothing was sent. */
export const EXIT_USAGE = 2;
/** --expect-plan: the plan is not the one reviewed (files or wiki changed since): nothing was sent. */
export const EXIT_PLAN_CHANGED = 3;
/** Interrupted by Ctrl+C (128 + SIGINT), after reporting what landed. */
export const EXIT_INTERRUPTED = 130;
/** Stopped by SIGTERM (128 + 15), as CI runners cancel a job, after the same report. */
export const EXIT_TERMINATED = 143;

/**
 * Whether a dry run's file would not end published or unchanged: refused, left out, or a create the wiki would answer
 * "already exists" (a page this file did not publish holds its place, and nothing lets the run replace it). A plan job
 * is then not green for a publish that fails.
 */
export function wouldNotLand(record: { status: string; wikiEdits?: { verdict: string; placeTakenBy?: object } }): boolean {
  if (record.status !== 'send') return record.status !== 'unchanged';
  // A page deleted on the wiki whose place another page of the title holds now: the create meets "already exists" too.
  return record.wikiEdits?.verdict === 'exists' || (record.wikiEdits?.verdict === 'deleted' && record.wikiEdits.placeTakenBy !== undefined);
}

/** A run's exit code: an interruption's own, else 1 when any file did not end published or unchanged. */
export function runExitCode(summary: RunSummary, interruptCode: number | undefined): number {
  return interruptCode ?? (unfinished(summary) > 0 ? EXIT_FAILED : EXIT_OK);
}
