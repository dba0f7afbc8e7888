// A flat file whose title changed since it published, planned on a runner with no record of its page (a fresh CI
// runner, a plan job without the --state cache, a cache evicted): its page is under the same parent with the old title
// and this file's publish notice. With a record the plan asks first (state 'retitled': the import finds a page by its
// title, so the new title would make a second page and leave the old one unsaid); without one it said "create", and a
// plan made without the cache and a publish made with it disagreed. Found here, from the children of the parent the
// guard listed, so the verdict is the same with the cache or without it; a cache only saves the requests.
import type { PublishTarget } from '../publish/target';
import type { ChildSummary, WikiPage } from '../wikiPages';
import { readPages, versionsOf, type LookupOptions } from './guardLookups';
import { carriesNoticeOf } from './movedOnWiki';
import type { PlanItem } from './planItem';
import { titleKey } from './sameTitles';

/**
 * Marks 'retitled' each create of `absent` (nothing at its place, no record of a page, its front matter naming no
 * title) whose file published a page under the same parent with another title: its page is that one, as a record would
 * have said. `listed`: the parents' children, as the guard listed them. A read that fails leaves the creates as they
 * are: the plan loses its foresight, and sending makes the page it said.
 */
export async function findRetitledFiles(absent: readonly PlanItem[], listed: ReadonlyMap<string, readonly ChildSummary[]>, options: LookupOptions): Promise<void> {
  if (options.noticeOff === true) return;
  const creates = absent.filter((item): item is PlanItem & { complete: PublishTarget } =>
    item.state === 'send' && item.complete !== undefined && item.link?.pageId === undefined && item.prepared.frontMatterTarget.pageTitle === undefined);
  const ids = new Set<string>();
  for (const item of creates) for (const child of listed.get(item.complete.parentId) ?? []) ids.add(child.id);
  if (ids.size === 0) return;
  const read = await readPages(ids, options);
  for (const item of creates) {
    const title = titleKey(item.complete.pageTitle);
    const candidates: WikiPage[] = [];
    for (const child of listed.get(item.complete.parentId) ?? []) {
      const page = read.pages.get(child.id);
      if (page && titleKey(page.title) !== title && carriesNoticeOf(page, item)) candidates.push(page);
    }
    // Retitled more than once, each old page left: the latest publish's is the one its record would name, told by when
    // the send its notice names landed, not by the page's newest version (a colleague's "Outdated" note on an old page).
    let latest: { page: WikiPage; sentAt: string } | undefined;
    for (const page of candidates) {
      const sentAt = candidates.length === 1 ? '' : await sentAtOf(page, options);
      if (latest === undefined || sentAt > latest.sentAt) latest = { page, sentAt };
    }
    if (latest !== undefined) markRetitled(item, latest.page);
  }
}

/**
 * When the send whose marker the page carries made its version: the page's newest version's time when that is the one,
 * else that version's time in the page's history ('' when the history does not hold it or cannot be read: an old send).
 * A marker sent unseen (version 0) names no version: the page's newest time stands for it.
 */
async function sentAtOf(page: WikiPage, options: LookupOptions): Promise<string> {
  const version = page.body?.marker?.version ?? 0;
  if (version === 0 || version === page.version) return page.versionCreatedAt ?? '';
  const versions = await versionsOf(page.id, options);
  return (Array.isArray(versions) ? versions.find((each) => each.number === version)?.createdAt : undefined) ?? '';
}

/** The item as a plan with the record of `page` makes it: to that page, asking first (planFileWithContent's rule). */
function markRetitled(item: PlanItem & { complete: PublishTarget }, page: WikiPage): void {
  const { spaceId, parentId, pageTitle } = item.complete;
  const target: PublishTarget = { spaceId, parentId, pageTitle: page.title, overwrite: true };
  item.link = { spaceId, parentId, pageTitle: page.title, pageId: page.id, publishedAt: 0 };
  item.target = target;
  item.complete = target;
  item.linkedPage = true;
  item.state = 'retitled';
  item.retitled = { fileTitle: pageTitle, pageTitle: page.title };
  item.foundOnWiki = true;
}
