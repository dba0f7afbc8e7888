// A file with no record of its page (a fresh CI runner without --state, a fresh clone), whose page is not at the place
// it names: a colleague may have moved that page under another parent on the wiki. With a record the guard reads the
// page by its ID and holds the file ("its page is under ... on the wiki now"); without one the file was planned as a
// create, and the publish made a second page of the title in the space (or met the wiki's refusal of a title the space
// holds). So a create found nowhere at its place looks for its title in its space: a page there whose publish notice
// names this file is its page, moved, and gets the verdict a record would have given it. A run with --state and one
// without decide alike, as the plan a reviewer read and the publish it checks must.
import { fromAnotherRepository, pathDigest } from '../publish/publishNotice';
import { mapBounded } from '../util/mapBounded';
import type { WikiPage } from '../wikiPages';
import { withSpacesAskedOnce } from '../wikiPages/spacesAskedOnce';
import { parentNamed, type LookupOptions } from './guardLookups';
import type { GuardVerdict } from './guardVerdict';
import { DEFAULT_LOOKUPS_AT_ONCE, lookupDeadline } from './lookupDeadline';
import type { PlanItem } from './planItem';

/**
 * The verdicts of the creates (found nothing at their place, no record of a page) whose page carrying their notice is
 * elsewhere in their space: edited, moved under that page's parent. A lookup that fails leaves the file a create, as
 * before: the wiki refuses a title its space holds, so nothing is lost but the plan's foresight.
 */
export async function movedOwnPages(absent: readonly PlanItem[], options: LookupOptions): Promise<Map<PlanItem, GuardVerdict>> {
  const moved = new Map<PlanItem, GuardVerdict>();
  const creates = absent.filter((item) => item.complete !== undefined && item.link?.pageId === undefined && item.state === 'send');
  if (creates.length === 0 || options.noticeOff === true) return moved;
  const pages = withSpacesAskedOnce(options.pages);
  await mapBounded(creates, Math.max(1, options.concurrency ?? DEFAULT_LOOKUPS_AT_ONCE), async (item) => {
    const target = item.complete;
    if (target === undefined) return;
    const looking = lookupDeadline(options);
    let titled: WikiPage[];
    try {
      titled = await pages.findPagesByTitle(target.spaceId, target.pageTitle, looking.signal);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      return;
    }
    const elsewhere = titled.filter((page) => page.parentId !== target.parentId);
    if (elsewhere.length === 0) return;
    const read = await pages.getPages(elsewhere.map((page) => page.id), lookupDeadline(options).signal, { withBody: true }).catch((error: unknown) => {
      if (options.signal?.aborted) throw error;
      return undefined;
    });
    const own = elsewhere.map((page) => read?.get(page.id)).find((page) => page !== undefined && carriesNoticeOf(page, item));
    if (own?.parentId === undefined) return;
    moved.set(item, { kind: 'edited', page: own, knownVersion: undefined, publishedAt: 0, movedUnder: await parentNamed(own.parentId, options) });
  });
  return moved;
}

/** Whether the page's publish notice names the item's file (and not a file of another repository of that path). */
function carriesNoticeOf(page: WikiPage, item: PlanItem): boolean {
  const marker = page.body?.marker;
  return marker !== undefined && !fromAnotherRepository(marker) && marker.path === pathDigest(item.file.label);
}
