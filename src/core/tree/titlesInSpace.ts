// The platform has long kept a page title unique within a space (a create with a title used elsewhere in the space
// failed); whether it still does is not in the spec. So before a tree is sent, every page it would create is looked
// for by title in the space, and a page found elsewhere is named, with its address, as a caution on the file. So is
// every page a file of the tree that names its own page (front matter) would create, in the space it names.
import { englishTreeMessages, type TreeMessages } from '../messages/treeMessages';
import { titleKey } from '../run/sameTitles';
import type { PlanItem } from '../run/planItem';
import type { WikiPage, WikiPagesClient } from '../wikiPages';
import { readFailureText } from '../wikiPages/readFailureText';
import { withSpacesAskedOnce } from '../wikiPages/spacesAskedOnce';
import { publishedAnew } from './newFolderPage';
import type { TreePage, TreePlan } from './treePlanTypes';

const LOOKUPS_AT_ONCE = 4;
/**
 * With this many titles to look for in one space, the space's pages are listed first (250 a request): a space of a few
 * thousand pages answers a tree of hundreds of new pages in a few requests rather than one a title. The listing stops
 * after one request for every LIST_REQUEST_PER_TITLES titles (at most MAX_LIST_REQUESTS); a larger space is then asked
 * title by title, as before, so the listing never costs more than a fraction of the lookups it may save.
 */
const LIST_FROM_TITLES = 8;
const LIST_REQUEST_PER_TITLES = 8;
const MAX_LIST_REQUESTS = 20;

/**
 * The recorded pages the plan knows become new pages: a retitled page (the service finds a page by title); once the
 * guard looked, one deleted on the wiki or moved there and sent anyway (publishedAnew); and the recorded pages below a
 * folder page made anew, which follow it (newFolderPage.ts). Each is a create, whose title may be held elsewhere in the
 * space, by the page it leaves behind too (a moved page, and the pages that went with it, keep their titles).
 */
function recordedPagesMadeAnew(plan: Pick<TreePlan, 'pages'>): { retitled: Set<TreePage>; following: Set<TreePage> } {
  const anew = new Set<string>();
  const retitled = new Set<TreePage>();
  const following = new Set<TreePage>();
  // Parents come before their children.
  for (const page of plan.pages) {
    const parent = page.node.parent;
    const belowNew = parent !== undefined && anew.has(parent);
    if (page.pageId === undefined) {
      if (page.item.state === 'send') anew.add(page.node.path);
      continue;
    }
    const state = page.item.state;
    if (belowNew && (state === 'send' || state === 'unchanged')) {
      anew.add(page.node.path);
      following.add(page);
    } else if ((page.retitledFrom !== undefined && state === 'send') || publishedAnew(page)) {
      anew.add(page.node.path);
      retitled.add(page);
    }
  }
  return { retitled, following };
}

/**
 * Whether a file of the tree that names its own page would create one: it is sent, and not to the page it published
 * before (its link, this machine's or the folder's manifest's), or the guard found that page deleted or moved and the
 * file makes a new one where it says (guard.ts turns linkedPage off then). An update of its own page holds its title
 * already; a refused, unchanged or held-back file sends nothing.
 */
function createsPinnedPage(item: PlanItem): item is PlanItem & { complete: NonNullable<PlanItem['complete']> } {
  return item.state === 'send' && item.complete !== undefined && !item.linkedPage;
}

/** One title to look for, and where the page that would take it lands, when known: a page found there is no other page. */
interface TitleLookup {
  item: PlanItem;
  spaceId: string;
  title: string;
  /** Undefined when any page found is elsewhere (under a folder page that does not exist yet). */
  parentId: string | undefined;
  /** A moved file's page: the page it leaves under its old folder's page (MoveReport.moves), which keeps its title. */
  oldPageId?: string;
}

/**
 * Adds a 'titleInSpace' caution to each new page whose title another page of the space already has: the tree's pages
 * in the tree's space (`spaceId`), and the pages that files naming their own page (plan.pinned) would create, in the
 * space each names (a title is kept unique within a space, whichever space that is: checking it there costs the same
 * one lookup as in the tree's space).
 * Each is looked up once (PlanItem.titleLookedUp): asked again after the guard (guardTreeAsPlanned), it looks up only
 * the pages the guard's verdicts made new since. `spaceId` may be undefined only when the plan has no tree pages.
 */
export async function checkTitlesInSpace(
  plan: Pick<TreePlan, 'pages' | 'pinned'> & Partial<Pick<TreePlan, 'moves'>>,
  pages: WikiPagesClient,
  spaceId: string | undefined,
  signal?: AbortSignal,
  messages: TreeMessages = englishTreeMessages,
): Promise<void> {
  const madeAnew = recordedPagesMadeAnew(plan);
  const oldPageOf = new Map((plan.moves?.moves ?? []).map((move) => [move.path, move.pageId]));
  const queue: TitleLookup[] = [];
  for (const page of plan.pages) {
    if (spaceId === undefined || page.item.titleLookedUp === true) continue;
    if (!((page.pageId === undefined && page.item.state === 'send') || madeAnew.retitled.has(page) || madeAnew.following.has(page))) continue;
    // Under a folder page that does not exist yet nothing can hold the title at its own place: any page is elsewhere.
    // A page following a new folder page goes under that page, whatever parent the plan holds for it now.
    const parentKnown = page.parentKnown && !madeAnew.following.has(page);
    const lookup: TitleLookup = { item: page.item, spaceId, title: page.node.title, parentId: parentKnown ? page.item.complete?.parentId : undefined };
    const oldPageId = oldPageOf.get(page.node.path);
    if (oldPageId !== undefined) lookup.oldPageId = oldPageId;
    queue.push(lookup);
  }
  for (const item of plan.pinned) {
    if (item.titleLookedUp === true || !createsPinnedPage(item)) continue;
    queue.push({ item, spaceId: item.complete.spaceId, title: item.complete.pageTitle, parentId: item.complete.parentId });
  }
  // One request for a title in a space, however many files would take it (such files are refused in the tree's space,
  // but not in a space that only files naming their page publish to).
  const asked = new Map<string, Promise<WikiPage[]>>();
  // A space named by its key is resolved to its ID once, not once for each title (findPagesByTitle resolves a key
  // on every call: a tree of 300 new pages in a space given as DOCS asked the same question 300 times). A failure is
  // said on each file of that space, as its own lookup's would be.
  const spaces = withSpacesAskedOnce(pages);
  const numericSpaceId = async (space: string): Promise<string | undefined> => (/^\d+$/.test(space) ? space : (await spaces.resolveSpace(space, signal))?.id);
  const titlesIn = new Map<string, number>();
  for (const lookup of queue) titlesIn.set(lookup.spaceId, (titlesIn.get(lookup.spaceId) ?? 0) + 1);
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
  const pagesTitled = (lookup: TitleLookup): Promise<WikiPage[]> => {
    const key = `${lookup.spaceId}\u0000${lookup.title}`;
    let found = asked.get(key);
    if (found === undefined) {
      // A space no one can see holds no page of the title, as findPagesByTitle answers for it. A listed space answers
      // from its list what findPagesByTitle would: its current pages of exactly that title.
      found = numericSpaceId(lookup.spaceId).then(async (spaceId) => {
        if (spaceId === undefined) return [];
        const listing = await listingOf(lookup.spaceId, spaceId);
        return listing ? (listing.get(titleKey(lookup.title)) ?? []) : pages.findPagesByTitle(spaceId, lookup.title, signal);
      });
      // Awaited by each lookup that shares it; a failure is said on each of their files.
      found.catch(() => undefined);
      asked.set(key, found);
    }
    return found;
  };
  const worker = async (): Promise<void> => {
    for (let lookup = queue.shift(); lookup; lookup = queue.shift()) {
      const { item } = lookup;
      item.titleLookedUp = true;
      let found;
      try {
        found = await pagesTitled(lookup);
      } catch (error) {
        if (signal?.aborted) throw error;
        item.cautions.push({ code: 'titleInSpace', message: messages.titleUncheckable(lookup.title, readFailureText(error, messages)) });
        continue;
      }
      const elsewhere = found.filter((other) => lookup.parentId === undefined || other.parentId !== lookup.parentId);
      // A moved file's own old page is the one named when it holds the title: the plan's moves say it stays there.
      const oldPage = lookup.oldPageId === undefined ? undefined : elsewhere.find((other) => other.id === lookup.oldPageId);
      const first = oldPage ?? elsewhere[0];
      if (!first) continue;
      const message = oldPage ? messages.titleHeldByOldPage(first.title, first.id, first.webUrl) : messages.titleElsewhere(first.title, first.id, first.webUrl);
      item.cautions.push({ code: 'titleInSpace', message });
      // A page with the title under this page's own parent is the one "already exists" would mean, which Overwrite updates.
      if (elsewhere.length === found.length) item.titleHeldElsewhere = { id: first.id, parentId: first.parentId, url: first.webUrl };
    }
  };
  await Promise.all(Array.from({ length: Math.min(LOOKUPS_AT_ONCE, Math.max(1, queue.length)) }, worker));
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
