// Whose page a page the guard found is, where a record or a title could mislead it: a page a record names that another
// file published (its notice says so), a page at the file's place titled but for case, and a page a record names whose
// notice, or history, must confirm it. Each refuses or holds the file: sending would write another's page, or make a
// second one. Steps of the guard (guard.ts), for every front end.
import { pathDigest } from '../publish/publishNotice';
import type { PageLink } from '../links/pageLink';
import type { PageVersion, WikiPage } from '../wikiPages';
import type { GuardVerdict } from './guardVerdict';
import { guardedPage, heldWithoutNotice } from './guardVerdict';
import type { PlanItem } from './planItem';
import { publishedFromThisFile } from './publishedFrom';
import { sameTitle, titleKey } from './sameTitles';
import { ownPageVerdict, reachesFirstVersion, type WikiVerdict } from './wikiVerdict';

/**
 * The page a record names for the item (by ID: the repository's, a --state file, the editor's link store), when the
 * page's notice says another file published it: a pull request or a cache from elsewhere may name any page, and only
 * the page's own notice tells whose it is. A page found on the wiki by its place was decided by that notice already.
 */
export function pageOfAnotherFile(item: PlanItem): WikiPage | undefined {
  const link = item.link;
  const page = guardedPage(item.guard);
  const marker = page?.body?.marker;
  if (link?.pageId === undefined || item.foundOnWiki || page === undefined || page.id !== link.pageId || marker === undefined) return undefined;
  return publishedFromThisFile(marker, [item.file.label, item.file.key, link.formerFile]) ? undefined : page;
}

/**
 * The page found for the item whose title differs from the file's only in case: at its place (guardLookups.ts
 * childTitled takes such a page when no title matches exactly), another file's, or the file's own after its title
 * changed case; or the page its record names, renamed on the wiki only in case (its own). Whether the import takes it
 * for the file's title, refuses the title or makes a second page is not known: none is safe to do unasked. `own`: it
 * carries the file's notice, or the record names it.
 */
export function pageTitledButForCase(item: PlanItem): { page: WikiPage; own: boolean } | undefined {
  const verdict = item.guard;
  const page = guardedPage(verdict);
  if (page === undefined || item.complete === undefined || sameTitle(page.title, item.complete.pageTitle)) return undefined;
  if (page.id === item.link?.pageId) return titleKey(page.title) === titleKey(item.complete.pageTitle) ? { page, own: true } : undefined;
  if (verdict?.kind === 'exists' || verdict?.kind === 'notOurs') return { page, own: false };
  return page.body?.marker?.path === pathDigest(item.file.label) ? { page, own: true } : undefined;
}

/**
 * The verdict for the page a record names for the item, with notices on. A record from a file (a --state file, its
 * journal) may have been written by a pull request or a cache from elsewhere, so it is believed only once the wiki
 * shows the page is the file's: a page carrying the file's notice is decided as any own page; one carrying another
 * file's notice and named by place (a record without an ID; pageOfAnotherFile takes those with one) is not the file's;
 * one with no notice now is asked of its history (recordHistoryVerdict). A record the run trusts (the repository's
 * .wiki-pages.json, the editor's link store) that names no version of a page without a notice now (a fresh runner, a
 * fresh clone) leaves only the history to tell a colleague's edit that took the notice off from a page that never had
 * one ('ownHistory', ownHistoryVerdict). With notices off nothing on a page can tell, and the record decides, as
 * docs/security.md says; its history is not read either (every page of such a run lacks a notice: one request each).
 */
export function recordedPageVerdict(page: WikiPage, item: PlanItem, link: PageLink, fromFiles: { recordsFromFiles?: true; noticeOff?: boolean }): WikiVerdict {
  if (fromFiles.noticeOff === true || page.body === undefined) return ownPageVerdict(page, item, link);
  const marker = page.body.marker;
  if (fromFiles.recordsFromFiles !== true) {
    const own = ownPageVerdict(page, item, link);
    return typeof own === 'object' && heldWithoutNotice(own) ? 'ownHistory' : own;
  }
  if (marker === undefined) return 'recordHistory';
  if (link.pageId === undefined && !publishedFromThisFile(marker, [item.file.label, item.file.key, link.formerFile])) return 'unconfirmed';
  return ownPageVerdict(page, item, link);
}

/**
 * The verdict for a page a record from a file names, without a notice now, once its history is read (`versions`
 * newest first): a version carrying the file's notice makes it the file's page, changed since (the notice taken off
 * with an edit): held as edited. None, in a history that reaches the page's first version: nothing confirms the record
 * ('unconfirmed', refused). A history that stops short cannot tell: held without a notice.
 */
export function recordHistoryVerdict(page: WikiPage, versions: readonly PageVersion[], item: PlanItem, link: PageLink): GuardVerdict | 'unconfirmed' {
  const newestFirst = versions.filter((version) => version.number <= page.version);
  const own = newestFirst.find((version) => version.body?.marker !== undefined && publishedFromThisFile(version.body.marker, [item.file.label, item.file.key, link.formerFile]));
  if (own !== undefined) return { kind: 'edited', page, knownVersion: own.body?.marker?.version || own.number, publishedAt: link.publishedAt };
  return reachesFirstVersion(newestFirst) ? 'unconfirmed' : { kind: 'edited', page, knownVersion: undefined, publishedAt: 0, noNotice: true };
}

/**
 * The verdict for a page a trusted record names without a version, without a notice now ('ownHistory'), once its
 * history is read (`versions` newest first; undefined when the wiki lists none): the rule of recordHistoryVerdict, so
 * that a colleague's edit that took the file's notice off is held as the edit it is, named with who and when, as a
 * page carrying the notice would be. A page no version of which carries the file's notice (published before notices,
 * with them off, or made by hand), or a history that cannot tell or be read, is held as before: without a notice,
 * nothing tells (a failed read held as a failed lookup would let an unchanged file's page, edited there, pass unsaid).
 * The record is the run's own, so that is not a record to refuse as unconfirmed.
 */
export function ownHistoryVerdict(page: WikiPage, versions: readonly PageVersion[] | undefined, item: PlanItem, link: PageLink | undefined): GuardVerdict {
  const decided = versions === undefined || link === undefined ? 'unconfirmed' : recordHistoryVerdict(page, versions, item, link);
  return decided === 'unconfirmed' ? { kind: 'edited', page, knownVersion: undefined, publishedAt: 0, noNotice: true } : decided;
}
