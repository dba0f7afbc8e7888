// A flat file planned as a create (no record of its page, nothing of its title at the place it names): the space may
// hold a page of its title elsewhere. The wiki has long kept titles unique in a space, so the create may be refused;
// and a page there carrying this file's publish notice is its page published under another parent, from another branch
// (a preview under a staging page: a designed flow, created anew here as before) or moved there by a colleague (then
// this create makes a second page). Only the reader can tell which: the plan names that page before anything is sent,
// as a tree's plan names a title held elsewhere (tree/titlesInSpace.ts). Without this a fresh runner's plan said a bare
// "would create" and the publish made a second page of the title, or met the wiki's refusal unannounced.
import { englishTreeMessages } from '../messages/treeMessages';
import { fromAnotherRepository, pathDigest } from '../publish/publishNotice';
import type { PublishTarget } from '../publish/target';
import { mapBounded } from '../util/mapBounded';
import type { WikiPage } from '../wikiPages';
import type { LookupOptions } from './guardLookups';
import { DEFAULT_LOOKUPS_AT_ONCE, lookupDeadline } from './lookupDeadline';
import type { PlanItem } from './planItem';
import { spaceTitleFinder } from './spaceTitles';

/**
 * Adds a 'titleInSpace' caution to each create (found nothing at its place, no record of a page) whose title a page
 * elsewhere in its space has, naming that page, and saying so when it carries this file's notice. A lookup that fails
 * adds nothing: the wiki itself refuses a title its space holds, so only the plan's foresight is lost.
 */
export async function cautionTitlesElsewhere(absent: readonly PlanItem[], options: LookupOptions): Promise<void> {
  const creates = absent.filter((item): item is PlanItem & { complete: PublishTarget } => item.complete !== undefined && item.link?.pageId === undefined && item.state === 'send');
  if (creates.length === 0) return;
  const words = options.messages ?? englishTreeMessages;
  // Many creates in one space list the space in a few requests, as a tree's do (spaceTitles.ts).
  const pagesTitled = spaceTitleFinder(options.pages, creates.map((item) => item.complete), options.signal);
  await mapBounded(creates, Math.max(1, options.concurrency ?? DEFAULT_LOOKUPS_AT_ONCE), async (item) => {
    const target = item.complete;
    let elsewhere: WikiPage[];
    try {
      elsewhere = (await pagesTitled(target.spaceId, target.pageTitle)).filter((page) => page.parentId !== target.parentId);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      return;
    }
    const first = elsewhere[0];
    if (first === undefined) return;
    const read = options.noticeOff === true ? undefined : await options.pages.getPages(elsewhere.map((page) => page.id), lookupDeadline(options).signal, { withBody: true }).catch((error: unknown) => {
      if (options.signal?.aborted) throw error;
      return undefined;
    });
    const own = elsewhere.map((page) => read?.get(page.id)).find((page): page is WikiPage => page !== undefined && carriesNoticeOf(page, item));
    item.cautions.push({
      code: 'titleInSpace',
      message: own === undefined ? words.titleElsewhere(first.title, first.id, first.webUrl) : words.ownPageElsewhere(own.title, own.id, own.webUrl),
    });
  });
}

/** Whether the page's publish notice names the item's file (and not a file of another repository of that path). */
export function carriesNoticeOf(page: WikiPage, item: PlanItem): boolean {
  const marker = page.body?.marker;
  return marker !== undefined && !fromAnotherRepository(marker) && marker.path === pathDigest(item.file.label);
}
