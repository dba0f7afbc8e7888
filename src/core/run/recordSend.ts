// What a file's send leaves in its front end's link store, for every publish path alike (the editor's one file, many
// files and tree; the command line's flat run and tree): the link of a page that landed, or, for a send that may have
// landed unconfirmed (timed out, its answer lost, interrupted while out), the link kept before it marked so; else the
// link stays as it was. Kept in the store, not only in memory for one Retry, the mark reaches the next run wherever it
// starts (a reloaded window, a new one, the next CI run): its edit guard explains a newer version by the publishing
// account as that send, and takes a page found in place of a create as that create's (guard.ts, ownEarlierAttempt and
// adoptOwnPage), instead of holding it back as a colleague's edit or failing "already exists".
import type { LinkStore, PageLink } from '../links/pageLink';
import { landedLink, unconfirmedSendLink } from './plan';
import type { FileResult } from './runner';

/** A file's end as a link store needs it; `pageId` when the run learnt the page's ID. */
export interface SendEnd extends FileResult {
  pageId?: string;
}

/** The link to record: 'landed' (the send landed), 'unconfirmed' (it may have, and the kept link is marked so). */
export type LinkToRecord = { kind: 'landed' | 'unconfirmed'; link: PageLink };

/**
 * Which link a file's send leaves, given the link the store kept before it (recorded by an earlier run, or left by
 * this run's first pass): landedLink for a send that landed, unconfirmedSendLink for one that may have landed
 * unconfirmed, undefined to leave the store as it is (the send is known not to have landed, or no link names the page
 * it went to). `landedOf`: how a page that landed is linked, landedLink unless a tree's page says more (treeLandedLink).
 */
export function linkToRecord<Result extends SendEnd>(
  result: Result,
  kept: PageLink | undefined,
  now: number,
  landedOf: (result: Result, now: number) => PageLink | undefined = (landed, at) => landedLink(landed, at, landed.pageId),
): LinkToRecord | undefined {
  const landed = landedOf(result, now);
  if (landed) return { kind: 'landed', link: landed };
  const marked = unconfirmedSendLink(result, kept);
  return marked ? { kind: 'unconfirmed', link: marked } : undefined;
}

/**
 * linkToRecord against a store: reads the link kept, records what the send leaves, and says what that was. The read
 * and the write belong together, so a front end that records many files at once runs these one after another (a
 * second pass's mark is made on the link its first pass recorded). `store.set` is the store's own write (the command
 * line's --state records and saves at once).
 */
export async function recordSendEnd<Result extends SendEnd>(
  store: Pick<LinkStore, 'get' | 'set'>,
  result: Result,
  now: number,
  landedOf?: (result: Result, now: number) => PageLink | undefined,
): Promise<LinkToRecord | undefined> {
  const key = result.item.file.key;
  const decided = linkToRecord(result, await store.get(key), now, landedOf);
  if (decided) await store.set(key, decided.link);
  return decided;
}
