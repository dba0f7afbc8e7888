// Pages of a space by title, for the titles a plan would create: the platform has long kept a title unique within a
// space, so a create whose title a page elsewhere in the space holds may be refused. A tree looks for every page it
// would create (tree/titlesInSpace.ts), a flat run for each create found nowhere at its place (movedOnWiki.ts); both
// ask through one finder made for the plan's titles, so that many titles in one space list the space instead.
import type { WikiPage, WikiPagesClient } from '../wikiPages';
import { withSpacesAskedOnce } from '../wikiPages/spacesAskedOnce';
import { titleKey } from './sameTitles';

/**
 * With this many titles to look for in one space, the space's pages are listed first (250 a request): a space of a few
 * thousand pages answers a tree of hundreds of new pages in a few requests rather than one a title. The listing stops
 * after one request for every LIST_REQUEST_PER_TITLES titles (at most MAX_LIST_REQUESTS); a larger space is then asked
 * title by title, as before, so the listing never costs more than a fraction of the lookups it may save.
 */
const LIST_FROM_TITLES = 8;
const LIST_REQUEST_PER_TITLES = 8;
const MAX_LIST_REQUESTS = 20;

/** The pages of a space (a key or a numeric ID, as given) titled `title`; a failure rejects. */
export type FindTitled = (spaceId: string, title: string) => Promise<WikiPage[]>;

/**
 * A finder for the titles `wanted` will ask (their spaces counted up front, to choose between listing a space and
 * asking title by title). Each title in a space is asked once, each space's key resolved once.
 */
export function spaceTitleFinder(pages: WikiPagesClient, wanted: ReadonlyArray<{ spaceId: string }>, signal?: AbortSignal): FindTitled {
  // One request for a title in a space, however many files would take it.
  const asked = new Map<string, Promise<WikiPage[]>>();
  // A space named by its key is resolved to its ID once, not once for each title (findPagesByTitle resolves a key
  // on every call: a tree of 300 new pages in a space given as DOCS asked the same question 300 times). A failure is
  // said on each file of that space, as its own lookup's would be.
  const spaces = withSpacesAskedOnce(pages);
  const numericSpaceId = async (space: string): Promise<string | undefined> => (/^\d+$/.test(space) ? space : (await spaces.resolveSpace(space, signal))?.id);
  const titlesIn = new Map<string, number>();
  for (const { spaceId } of wanted) titlesIn.set(spaceId, (titlesIn.get(spaceId) ?? 0) + 1);
  // Each space's pages by exact title, when listing them all took few enough requests (LIST_FROM_TITLES); undefined
  // when the space is not listed, or is too large to list.
  const listings = new Map<string, Promise<Map<string, WikiPage[]> | undefined>>();
  const listingOf = (space: string, spaceId: string): Promise<Map<string, WikiPage[]> | undefined> => {
    let listing = listings.get(spaceId);
    if (listing === undefined) {
      const titles = titlesIn.get(space) ?? 0;
      const maxRequests = Math.min(MAX_LIST_REQUESTS, Math.ceil(titles / LIST_REQUEST_PER_TITLES));
      // A listing that fails (a wiki that does not list a space this way, a slow answer) leaves the titles to be
      // asked one by one, as before; only a cancel stops them.
      listing = titles < LIST_FROM_TITLES ? Promise.resolve(undefined) : pages.listSpacePages(spaceId, maxRequests, signal).then(byTitle, (error: unknown) => {
        if (signal?.aborted) throw error;
        return undefined;
      });
      listing.catch(() => undefined);
      listings.set(spaceId, listing);
    }
    return listing;
  };
  return (spaceName: string, title: string): Promise<WikiPage[]> => {
    const key = `${spaceName}\u0000${title}`;
    let found = asked.get(key);
    if (found === undefined) {
      // A space no one can see holds no page of the title, as findPagesByTitle answers for it. A listed space answers
      // from its list what findPagesByTitle would: its current pages of exactly that title.
      found = numericSpaceId(spaceName).then(async (spaceId) => {
        if (spaceId === undefined) return [];
        const listing = await listingOf(spaceName, spaceId);
        return listing ? (listing.get(titleKey(title)) ?? []) : pages.findPagesByTitle(spaceId, title, signal);
      });
      // Awaited by each lookup that shares it; a failure is said on each of their files.
      found.catch(() => undefined);
      asked.set(key, found);
    }
    return found;
  };
}

/**
 * A space's listed pages by title ignoring case, as the platform's uniqueness check compares them (undefined stays
 * undefined: the space was not listed whole). The lookup by title one at a time (findPagesByTitle) can only ask for the
 * exact title: a page in another case is found only where the space is listed.
 */
function byTitle(listed: WikiPage[] | undefined): Map<string, WikiPage[]> | undefined {
  if (listed === undefined) return undefined;
  const titled = new Map<string, WikiPage[]>();
  for (const page of listed) {
    const key = titleKey(page.title);
    const same = titled.get(key);
    if (same) same.push(page);
    else titled.set(key, [page]);
  }
  return titled;
}
