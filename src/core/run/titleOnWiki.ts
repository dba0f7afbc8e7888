// What a page's title on the wiki says of the file publishing to it, for the edit guard (guard.ts): renamed there by
// someone, or the file's own title in another Unicode form, which the send keeps as the page has it.
import type { PageLink } from '../links/pageLink';
import type { WikiPage } from '../wikiPages';
import { guardedPage } from './guardVerdict';
import type { PlanItem } from './planItem';
import { sameTitle, titleKey } from './sameTitles';

/**
 * Whether the page was renamed on the wiki: its title there is not the one the file publishes to (the import finds "a
 * page with the same title", spec 4.1) nor the one this machine published it with (a file retitled here is its own case).
 * Renamed only in case, it is no other title (the platform takes the two as one): refused as such, with a fix that makes
 * no page whose title differs from it only in case (pageTitledButForCase), never held for --overwrite-edited to create one.
 */
export function renamedOnWiki(page: WikiPage, item: PlanItem, link: PageLink): boolean {
  const title = item.complete?.pageTitle;
  return title !== undefined && titleKey(page.title) !== titleKey(title) && !sameTitle(page.title, link.pageTitle);
}

/**
 * The page found for the item is titled as the file is, but written in another Unicode form (a heading saved again
 * with its accents decomposed): sent with the page's own title, character for character, which the import finds by;
 * the file's form would make a second page that looks the same.
 */
export function sendWithPageTitle(item: PlanItem): void {
  const page = guardedPage(item.guard);
  const complete = item.complete;
  if (page === undefined || complete === undefined || page.title === complete.pageTitle || !sameTitle(page.title, complete.pageTitle)) return;
  item.complete = { ...complete, pageTitle: page.title };
  item.target = { ...item.target, pageTitle: page.title };
}
