// What a publish plans from a walk: every file the walk found, or nothing. A walk cut short (stopped at its bound, or
// cancelled) holds only its first files in name order. Planned as a flat run it would leave the rest out without a
// word; planned as a page tree it would send generated folder pages that list only some of their children, and call
// the recorded pages of the files it never reached orphans. Both front ends walk for a publish through here, with one
// bound, so neither can plan a part of what was named.
import { walkSelection, type WalkOptions, type WalkResult } from './walk';

/**
 * The most Markdown files (taken or refused) one publish plans, from the editor and the command line alike. A docs
 * folder of 10,000 files plans in about a second (`npm run bench`); a selection larger than that is a mistake (a whole
 * disk, a home folder), which is refused with the reason rather than planned in part.
 */
export const MAX_PUBLISH_FILES = 10_000;

export type PublishWalk<L> =
  | { ok: true; walk: WalkResult<L> }
  /** 'tooMany': more files than MAX_PUBLISH_FILES (WalkMessages.tooManyFiles says so); 'cancelled': the person stopped it. */
  | { ok: false; cut: 'tooMany' | 'cancelled' };

/** walkSelection bounded by MAX_PUBLISH_FILES, refusing a walk that did not see everything that was named. */
export async function walkToPublish<L>(named: readonly L[], options: Omit<WalkOptions<L>, 'maxFiles'>): Promise<PublishWalk<L>> {
  const walk = await walkSelection(named, { ...options, maxFiles: MAX_PUBLISH_FILES });
  // Cancelled first: a walk stopped by its person may also have met its bound, and was not asked to go on.
  if (options.isCancelled?.()) return { ok: false, cut: 'cancelled' };
  if (walk.truncated) return { ok: false, cut: 'tooMany' };
  return { ok: true, walk };
}
