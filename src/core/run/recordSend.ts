// What a file's send leaves in its front end's link store, for every publish path alike (the editor's one file, many
// files and tree; the command line's flat run and tree): the link of a page that landed, or, for a send that may have
// landed unconfirmed (timed out, its answer lost, interrupted while out), the link kept before it marked so; else the
// link stays as it was. Kept in the store, not only in memory for one Retry, the mark reaches the next run wherever it
// starts (a reloaded window, a new one, the next CI run): its edit guard explains a newer version by the publishing
// account as that send, and takes a page found in place of a create as that create's (guard.ts, ownEarlierAttempt and
// adoptOwnPage), instead of holding it back as a colleague's edit or failing "already exists".
import type { LinkStore, PageLink } from '../links/pageLink';
import { landedLink, unconfirmedSendLink } from './publishedLink';
import type { PlanItem } from './planItem';
import type { FileResult } from './runner';

/** A file's end as a link store needs it; `pageId` when the run learnt the page's ID. */
export interface SendEnd extends FileResult {
  pageId?: string;
}

/**
 * The link to record: 'landed' (the send landed), 'unconfirmed' (it may have, and the kept link is marked so),
 * 'found' (nothing was sent: the page holds the file's text as its notice says, and the link kept did not say so).
 */
export type LinkToRecord = { kind: 'landed' | 'unconfirmed' | 'found'; link: PageLink };

/**
 * The link of a file left unchanged because its page holds its text as last published (the guard's 'asLeft' with
 * sameContent): this machine learns the page, its version and content from the wiki, so its next run needs no history
 * to explain that version, and a mark of a send that did land is cleared. Undefined when the link kept says so already
 * (a large unchanged tree writes nothing) or the page was not found so.
 */
export function foundLink(result: Pick<FileResult, 'state' | 'item'>, kept: PageLink | undefined, now: number): PageLink | undefined {
  const { item } = result;
  const verdict = item.guard;
  const target = item.complete;
  if (result.state !== 'skipped' || verdict?.kind !== 'asLeft' || verdict.sameContent !== true || !target) return undefined;
  const page = verdict.page;
  if (kept && kept.unconfirmedSend === undefined && kept.pageId === page.id && kept.version === page.version && kept.contentSha256 === item.contentSha256
    && kept.spaceId === target.spaceId && kept.parentId === target.parentId && kept.pageTitle === target.pageTitle) return undefined;
  const link: PageLink = {
    spaceId: target.spaceId, parentId: target.parentId, pageTitle: target.pageTitle, pageId: page.id, version: page.version,
    ...(page.webUrl ? { url: page.webUrl } : {}), contentSha256: item.contentSha256, fileTitle: item.suggestedTitle, publishedAt: now,
  };
  return item.linkTargets !== undefined ? { ...link, linkTargets: item.linkTargets } : link;
}

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
  const found = foundLink(result, kept, now);
  if (found) return { kind: 'found', link: found };
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
  store: Pick<LinkStore, 'get' | 'set'> & Pick<SendMarkStore, 'setLater'>,
  result: Result,
  now: number,
  landedOf?: (result: Result, now: number) => PageLink | undefined,
): Promise<LinkToRecord | undefined> {
  const key = result.item.file.key;
  const decided = linkToRecord(result, await store.get(key), now, landedOf);
  // A page found as its file left it is learnt, not something a killed run could lose: written with the next write,
  // so a fresh runner's unchanged tree costs the record one write at the end, not one per page.
  if (decided?.kind === 'found' && store.setLater) await store.setLater(key, decided.link);
  else if (decided) await store.set(key, decided.link);
  return decided;
}

/**
 * Records the links of the plan's unchanged files whose pages the guard found as they left them (foundLink), before
 * anything is sent: a front end whose user stops at the confirmation (nothing to send, or Cancel) has still learnt
 * what the wiki showed, so a fresh profile over CI's pages shows them published. All in one write where the store
 * offers one (`setMany`): a fresh profile meets a whole folder so, and a write per file rewrote the store each time.
 * Gives how many it wrote.
 */
export async function recordFoundPages(store: FoundPagesStore, items: readonly PlanItem[], now: number): Promise<number> {
  const found = new Map<string, PageLink>();
  for (const item of items) {
    if (item.state !== 'unchanged' || item.guard?.kind !== 'asLeft') continue;
    const link = foundLink({ item, state: 'skipped' }, await store.get(item.file.key), now);
    if (link) found.set(item.file.key, link);
  }
  if (found.size === 0) return 0;
  if (store.setMany) await store.setMany(found);
  else for (const [key, link] of found) await (store.setLater ? store.setLater(key, link) : store.set(key, link));
  return found.size;
}

/** A link store for recordFoundPages; `setMany`, when given, writes many links at once. */
export type FoundPagesStore = Pick<LinkStore, 'get' | 'set'> & Pick<SendMarkStore, 'setLater'> & { setMany?(links: ReadonlyMap<string, PageLink>): Promise<void> };

/**
 * The marks of sends in flight, kept in a link store for the whole of a run. Just before a file's request goes out,
 * `beforeSend` records what the send would leave if the run died while it was out (a SIGKILL, an out-of-memory kill, a
 * CI runner lost, a window that crashed): the mark of a send that may have landed (unconfirmedSendLink). A run that
 * is killed never reaches a send's end, so without that mark the next run met the page the send made as "already
 * exists", or its new version as a colleague's edit by the publishing account itself. `end` then records what the
 * send left, by recordSendEnd's rule against the link kept before the mark, and puts that link back when the send is
 * known not to have landed: a create refused or failed before it went must leave no mark that would later adopt
 * someone else's page.
 */
export interface SendMarks {
  /** Records the mark of the item's send; resolves once the store holds it (before the request goes out). */
  beforeSend(item: PlanItem): Promise<void>;
  /** recordSendEnd, against the link kept before this run's mark. */
  end<Result extends SendEnd>(result: Result, now: number, landedOf?: (result: Result, now: number) => PageLink | undefined): Promise<LinkToRecord | undefined>;
}

/**
 * A link store for SendMarks: `set` and `delete` are the store's own writes (the command line's save at once).
 * `setLater`, when given, records a landed send's link without writing it yet (the next write takes it): a run
 * killed before that write leaves the send's mark, which the next run reads as that send all the same, and a store
 * that rewrites a whole file for each link is written once per send instead of twice.
 */
export type SendMarkStore = Pick<LinkStore, 'get' | 'set' | 'delete'> & { setLater?(fileKey: string, link: PageLink): Promise<void> };

/** SendMarks over a store (SendMarkStore). */
export function sendMarks(store: SendMarkStore): SendMarks {
  /** The link each marked file had before its mark: undefined when it had none. */
  const before = new Map<string, PageLink | undefined>();
  return {
    async beforeSend(item) {
      const key = item.file.key;
      const kept = await store.get(key);
      const mark = unconfirmedSendLink({ item, state: 'cancelled', mayHaveLanded: true }, kept);
      if (!mark) return;
      before.set(key, kept);
      await store.set(key, mark);
    },
    async end(result, now, landedOf) {
      const key = result.item.file.key;
      if (!before.has(key)) return recordSendEnd(store, result, now, landedOf);
      const kept = before.get(key);
      before.delete(key);
      const decided = linkToRecord(result, kept, now, landedOf);
      // Called on the store, never taken off it: the editor's store is a class whose methods need their `this`.
      if ((decided?.kind === 'landed' || decided?.kind === 'found') && store.setLater) await store.setLater(key, decided.link);
      else if (decided) await store.set(key, decided.link);
      // Known not to have landed: the mark goes at once, so no later run takes a page found there for this send's.
      else if (kept) await store.set(key, kept);
      else await store.delete(key);
      return decided;
    },
  };
}
