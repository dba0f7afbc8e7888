// What a run knows of a page one of its files just wrote, shared by the tree's run and the flat run, each with a second
// pass: the page's ID (learnt as it lands, so links to it can be filled in), and the item that sends the file again.
import { identifyPage } from '../links/pageIdentity';
import { titleKey } from './sameTitles';
import type { WikiPage, WikiPagesClient } from '../wikiPages';
import { guardedPage } from './guard';
import type { PlanItem } from './planItem';
import type { FileResult } from './runner';

/**
 * A file that landed with links to other files of the run left as written, because the pages they waited for did not
 * land (or their IDs could not be learnt): `waitsFor` names those files by label. The plan counted on the second pass
 * for these links and gave them no caution, so the front ends say it after the run; the next run fills them in.
 */
export interface LinksLeft {
  item: PlanItem;
  waitsFor: string[];
  /**
   * The pages it waited for landed, but the run stopped before its second send filled the links in: that send never
   * started (`notStarted`, the second pass included), or was interrupted while out (`cancelled`: it may have landed).
   * Said as such, not as pages that "did not land" right after the run said they were created.
   */
  stopped?: 'notStarted' | 'cancelled';
}

/** The files among each file's last result that were published with links still waiting (`waitsFor` names them). */
export function linksLeftOf<R extends FileResult>(lastResults: Iterable<R>, waitsFor: (result: R) => string[]): LinksLeft[] {
  return [...lastResults].flatMap((result) => {
    const waiting = result.state === 'published' ? waitsFor(result) : [];
    return waiting.length > 0 ? [{ item: result.item, waitsFor: waiting }] : [];
  });
}

/**
 * The ID of a page that just landed (and its address, when a lookup gave one): proven, the page the plan knew for it
 * (`recorded`) when the file was sent to that page, the one the guard saw, or found among its parent's children by its
 * exact title.
 */
export async function learnLandedPage(result: FileResult, recorded: string | undefined, pages: WikiPagesClient | undefined, signal?: AbortSignal): Promise<{ pageId: string; url?: string } | undefined> {
  // A page the import created is a new page: the one known before was deleted on the wiki. One sent to another place
  // or title than the known page's (a retitled page, one following its folder's new page) that updated a page updated
  // the page found at that place by that title, which is not the known one: the guard saw it, else it is looked up.
  // The page the guard saw by the known ID may not be the one at the file's title and place: a wrong ID in the
  // folder's .wiki-pages.json (a hand edit), or a page retitled on the wiki. The import found the page it updated by
  // title and parent, so that ID is not that page's: taking it would keep the wrong ID recorded, and links on it. The
  // page there is looked up; when the lookup finds nothing, the known ID is taken as before.
  const seen = guardedPage(result.item.guard);
  const complete = result.item.complete;
  if (result.proven === undefined && result.outcome?.kind === 'updated' && seen !== undefined && complete !== undefined && pages && !atPlace(seen, complete)) {
    const found = await lookUpLanded(pages, complete, signal);
    if (found) return found;
  }
  // An update reaches the page at its title and parent. The guard saw that page there when it looked by place (a create
  // that took the page an interrupted create of the file made, the file's own page deleted on the wiki): its ID, not
  // the recorded one, names the page the import updated.
  const updatedSeen = result.outcome?.kind === 'updated' && seen !== undefined && complete !== undefined && atPlace(seen, complete) ? seen.id : undefined;
  const before = result.outcome?.kind === 'created' || !result.item.linkedPage ? undefined : recorded;
  const known = result.proven?.pageId ?? updatedSeen ?? before ?? (result.outcome?.kind === 'updated' ? seen?.id : undefined);
  if (known || !pages || !complete) return known ? { pageId: known } : undefined;
  return lookUpLanded(pages, complete, signal);
}

/** The page at the target's title and parent, found among the parent's children; undefined when not found or unread. */
async function lookUpLanded(pages: WikiPagesClient, target: NonNullable<PlanItem['complete']>, signal?: AbortSignal): Promise<{ pageId: string; url?: string } | undefined> {
  try {
    const identity = await identifyPage(pages, target, signal);
    return identity && { pageId: identity.pageId, ...(identity.url ? { url: identity.url } : {}) };
  } catch {
    return undefined;
  }
}

/** Whether the import, which finds a page by title (ignoring case) and parent, reaches `page` at `target`. */
function atPlace(page: WikiPage, target: { parentId: string; pageTitle: string }): boolean {
  // A parent the wiki did not give is not known to be another (as the guard's underAnotherParent takes it).
  return titleKey(page.title) === titleKey(target.pageTitle) && (page.parentId === undefined || page.parentId === target.parentId);
}

/**
 * A file sent again in a second pass: an update of the page its first pass just wrote (overwrite, whatever the plan
 * said of creating), at the version that pass left, so the link it leaves names that page and the version after it.
 */
export function sentAgain(item: PlanItem, pageId: string | undefined, version: number | undefined): PlanItem {
  const complete = item.complete ? { ...item.complete, overwrite: true } : undefined;
  const guard = pageId !== undefined && version !== undefined && complete
    ? { kind: 'asLeft' as const, page: { id: pageId, title: complete.pageTitle, version } } : undefined;
  return { ...item, state: 'send', ...(complete ? { complete } : {}), ...(guard ? { guard } : {}) };
}

/**
 * How many second-pass sends landed: what a run's "sent again so their links reach pages created in this run" counts.
 * A second send that was interrupted (not started, or cancelled while out) or failed reached nothing that can be said.
 */
export function sentAgainAndLanded(results: Iterable<FileResult & { pass: 1 | 2 }>): number {
  let landed = 0;
  for (const result of results) if (result.pass === 2 && result.state === 'published') landed++;
  return landed;
}
