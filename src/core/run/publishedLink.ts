// The link a publish leaves behind: what a file that landed records of its page (its place, version, content hash and
// the pages its links reached), and the marked link a send that may have landed unconfirmed keeps, for every front end
// and for a tree's passes alike. The record step of the pipeline: it reads a run's results, never plans or sends.
import type { PageIdentity } from '../links/pageIdentity';
import { withoutIdentity } from '../links/pageIdentity';
import { isUnconfirmedCreate, linkNames, unconfirmedCreateLink, type PageLink } from '../links/pageLink';
import type { PublishTarget } from '../publish/target';
import { guardedPage, pageElsewhere } from './guardVerdict';
import type { PlanItem } from './planItem';
import type { FileResult } from './runner';

/**
 * The link a successful publish leaves: the target, the content's hash, the file's own title, and the version this
 * publish must have produced: 1 for a page it created, the version the guard saw plus one for an update. Never the
 * version the wiki holds a moment later, which may already include a colleague's edit. Without a known version the
 * guard compares the page's last change with `publishedAt`.
 */
export function linkAfterPublish(item: PlanItem, target: PublishTarget, now: number, landed: 'created' | 'updated', proven?: PageIdentity): PageLink {
  const guarded = guardedPage(item.guard);
  // A page deleted on the wiki, or moved away from the place the file names or renamed there, is not the page this
  // publish reached.
  const samePage = linkNames(item.link, target) && item.guard?.kind !== 'deleted' && !pageElsewhere(item.guard);
  const pageId = proven?.pageId ?? (landed === 'updated' ? guarded?.id : undefined) ?? (samePage ? item.link?.pageId : undefined);
  const url = proven?.url ?? (landed === 'updated' ? guarded?.webUrl : undefined) ?? (samePage ? item.link?.url : undefined);
  const version = landed === 'created' ? 1 : guarded ? guarded.version + 1 : undefined;
  return {
    spaceId: target.spaceId, parentId: target.parentId, pageTitle: target.pageTitle,
    ...(pageId ? { pageId } : {}),
    ...(version !== undefined ? { version } : {}),
    ...(url ? { url } : {}),
    contentSha256: item.contentSha256,
    fileTitle: item.suggestedTitle,
    publishedAt: now,
  };
}

/**
 * The link a file that landed leaves, for every front end and pass: what it created or updated, or an "already
 * exists" proven to be this run's page; undefined for a file that did not land. `pageId`: the page, when the caller
 * already knows it (a tree learns every page's ID).
 */
export function landedLink(result: Pick<FileResult, 'state' | 'item' | 'outcome' | 'proven'>, now: number, pageId?: string): PageLink | undefined {
  const target = result.item.complete;
  if (result.state !== 'published' || !target) return undefined;
  const link = linkAfterPublish(result.item, target, now, result.outcome?.kind === 'updated' ? 'updated' : 'created', result.proven);
  return withLinksReached(pageId ? { ...link, pageId } : link, result.item.linkTargets, result.item.linksWaitForPages === true);
}

/**
 * A landed link with what its links reached, for a flat run's files and a tree's pages alike: the digest of the pages
 * they reached (linkTargets.ts), so a file whose links wait for pages goes again once one of them has a page (the
 * digest then differs). Only without that digest (no site or page addresses) is a file whose links `wait` recorded
 * without its content hash, so that every run sends it again until then: with the hash dropped whenever a link
 * waited, a file linking to one never published, or to a file no run gives a page, got a new version on every run.
 */
export function withLinksReached(link: PageLink, linkTargets: string | undefined, wait: boolean): PageLink {
  if (linkTargets !== undefined) return { ...link, linkTargets };
  if (!wait) return link;
  const waiting = { ...link };
  delete waiting.contentSha256;
  return waiting;
}

/**
 * The link a file keeps when a send of it may have landed but was not confirmed (interrupted while out, its answer
 * lost), from the link it had before that send (`kept`: recorded by an earlier run, or left by this run's first pass):
 * marked, so that the next run's guard explains a newer version by the publishing account as that send and still shows
 * anyone else's; and without its content hash, so that the next run sends the file again whatever that send left. A
 * file that never published (no link kept but such a mark, none from the repository) keeps the place its create went
 * to, marked (isUnconfirmedCreate), so that the next run takes a page found there, last written by the publishing
 * account, as that create's rather than fail as "already exists"; not when the guard found a page there before the
 * create went out, which can only have been refused. Undefined when the send is known to have landed or not, or when
 * no link names the page it went to.
 */
export function unconfirmedSendLink(result: Pick<FileResult, 'state' | 'item' | 'mayHaveLanded'>, kept: PageLink | undefined): PageLink | undefined {
  const target = result.item.complete;
  if (result.state === 'published' || !result.mayHaveLanded || !target) return undefined;
  if (!kept || isUnconfirmedCreate(kept)) return result.item.link === undefined && mayHaveCreated(result.item) ? unconfirmedCreateLink(target) : undefined;
  if (!linkNames(kept, target)) return undefined;
  // The file's page was deleted on the wiki and the send created it anew: the mark forgets the deleted page, so the
  // next run looks for the page by its place and takes the one that create made, last written by the publishing
  // account, for the file's, instead of finding the deleted one again and failing that create as "already exists".
  const marked: PageLink = { ...(result.item.guard?.kind === 'deleted' ? withoutIdentity(kept) : kept), unconfirmedSend: true };
  delete marked.contentSha256;
  return marked;
}

/** Whether sending the item may have made a page: not a create the guard found a page in the way of. */
function mayHaveCreated(item: PlanItem): boolean {
  return item.complete?.overwrite === true || item.guard?.kind !== 'exists';
}
