// The platform has long kept a page title unique within a space (a create with a title used elsewhere in the space
// failed); whether it still does is not in the spec. So before a tree is sent, every page it would create is looked
// for by title in the space, and a page found elsewhere is named, with its address, as a caution on the file. So is
// every page a file of the tree that names its own page (front matter) would create, in the space it names.
import { englishTreeMessages, type TreeMessages } from '../messages/treeMessages';
import type { PlanItem } from '../run/planItem';
import { spaceTitleFinder } from '../run/spaceTitles';
import type { WikiPagesClient } from '../wikiPages';
import { readFailureText } from '../wikiPages/readFailureText';
import { publishedAnew } from './newFolderPage';
import type { TreePage, TreePlan } from './treePlanTypes';

const LOOKUPS_AT_ONCE = 4;

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
  // One request for a title in a space, however many files would take it, or its space listed (spaceTitles.ts).
  const pagesTitled = spaceTitleFinder(pages, queue, signal);
  const worker = async (): Promise<void> => {
    for (let lookup = queue.shift(); lookup; lookup = queue.shift()) {
      const { item } = lookup;
      item.titleLookedUp = true;
      let found;
      try {
        found = await pagesTitled(lookup.spaceId, lookup.title);
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
