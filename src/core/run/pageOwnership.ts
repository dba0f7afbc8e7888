// Whose page a page the guard found is, where a record or a title could mislead it: a page a record names that another
// file published (its notice says so), a page at the file's place titled but for case, and, without page access, a
// record from a file that places the file elsewhere than asked. Each refuses the file: sending would write another's
// page, or make a second one. Steps of the guard (guard.ts), for every front end.
import type { TreeMessages } from '../messages/treeMessages';
import { pathDigest } from '../publish/publishNotice';
import type { WikiPage } from '../wikiPages';
import { guardedPage } from './guardVerdict';
import { refuseItem } from './plan';
import type { PlanItem } from './planItem';
import { publishedFromThisFile } from './publishedFrom';

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
 * The page found at the item's place (not the page its record names) whose title differs from the file's only in case
 * (guardLookups.ts childTitled takes such a page when no title matches exactly): another file's, or the file's own
 * after its title changed case. Whether the import takes it for the file's title, refuses the title or makes a second
 * page is not known: none is safe to do unasked. `own`: it carries the file's notice.
 */
export function pageTitledButForCase(item: PlanItem): { page: WikiPage; own: boolean } | undefined {
  const verdict = item.guard;
  const page = guardedPage(verdict);
  if (page === undefined || page.id === item.link?.pageId || page.title === item.complete?.pageTitle) return undefined;
  if (verdict?.kind === 'exists' || verdict?.kind === 'notOurs') return { page, own: false };
  return page.body?.marker?.path === pathDigest(item.file.label) ? { page, own: true } : undefined;
}

/** Without page access: the files whose record (from a file) places them elsewhere than the defaults, refused. */
export function refuseRecordsElsewhere(items: readonly PlanItem[], messages: TreeMessages): void {
  for (const item of items) {
    const target = item.complete;
    if (item.recordOverDefaults !== true || target === undefined || item.link === undefined) continue;
    refuseItem(item, { code: 'noPageAccess', message: messages.recordElsewhereUnchecked(target.pageTitle, target.spaceId, target.parentId), fix: undefined });
  }
}

/**
 * With page access: a file whose record (from a file) places it elsewhere than the defaults, on a page whose current
 * version carries no publish notice of this file, refused. The record wins only once the page's notice shows it is the
 * file's (a page of another file's notice is refused by pageOfAnotherFile): a forged or foreign --state naming a page
 * written by hand in another space would otherwise send a pull request's text there, with no --overwrite.
 */
export function refuseUnconfirmedRecordElsewhere(item: PlanItem, messages: TreeMessages): boolean {
  const target = item.complete;
  const link = item.link;
  if (item.recordOverDefaults !== true || target === undefined || link?.pageId === undefined || item.foundOnWiki) return false;
  const page = guardedPage(item.guard);
  if (page === undefined || page.id !== link.pageId) return false;
  const marker = page.body?.marker;
  if (marker !== undefined && publishedFromThisFile(marker, [item.file.label, item.file.key, link.formerFile])) return false;
  refuseItem(item, { code: 'recordedEntry', message: messages.recordElsewhereUnconfirmed(target.pageTitle, target.spaceId, target.parentId, page.id), fix: undefined });
  return true;
}
