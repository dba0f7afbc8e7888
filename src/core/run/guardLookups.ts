// How the edit guard reads the wiki: the pages it knows by ID all at once (the platform's page list takes 250 IDs a
// request, with their bodies for the publish notice's marker), the ones it must find by title once per parent (the
// parent's children, listed), and a page's history only when its marker says it was sent unseen (version 0). A page
// read earlier in the same run (the tree plan's check of the repository's record) is not asked for again. A batch that
// fails is a verdict of its own for its files (failedLookup.ts); only the run's own cancel rejects.
import { linkNames } from '../links/pageLink';
import { titleKey } from './sameTitles';
import { mapBounded } from '../util/mapBounded';
import { MAX_IDS_PER_REQUEST, type ChildSummary, type WikiPage, type WikiPagesClient } from '../wikiPages';
import type { TreeMessages } from '../messages/treeMessages';
import { failedLookupVerdict, type FailedLookupVerdict } from './failedLookup';
import { DEFAULT_LOOKUPS_AT_ONCE, lookupDeadline } from './lookupDeadline';
import { unseenParentVerdict } from './unseenParent';
import type { PlanItem } from './planItem';
import { isPageId } from '../publish/target';

export interface LookupOptions {
  pages: WikiPagesClient;
  signal?: AbortSignal;
  timeoutMs?: number;
  concurrency?: number;
  messages?: TreeMessages;
  /** Pages read with their bodies earlier in this run, by ID: not asked for again. */
  read?: ReadonlyMap<string, WikiPage>;
  /** GuardOptions.noticeOff. */
  noticeOff?: boolean;
  /** GuardOptions.markerIsTheRecord. */
  markerIsTheRecord?: boolean;
}

/**
 * Whether a page's marker alone says it is the file's: the run knows its repository (markers name it), or keeps no
 * other record of its pages (GuardOptions.markerIsTheRecord). Else a page found by it is taken as takenAtPlace says.
 */
export function markerTells(options: Pick<LookupOptions, 'pages' | 'markerIsTheRecord'>): boolean {
  return options.pages.knowsRepository === true || options.markerIsTheRecord === true;
}

/** What the wiki said of a set of pages: each one read, or why its batch could not be read. */
export interface PagesRead {
  /** By ID; null: the wiki does not have it (deleted, or hidden from the account that checks). */
  pages: Map<string, WikiPage | null>;
  /** By ID: the batch that held it failed. */
  failed: Map<string, FailedLookupVerdict>;
}

/** The page the item's link (or the repository's record) names, when the item publishes to that page's place. */
export function ownPageId(item: Pick<PlanItem, 'link' | 'complete' | 'state'>): string | undefined {
  const link = item.link;
  if (link?.pageId === undefined || !isPageId(link.pageId)) return undefined;
  if (item.state === 'unchanged') return link.pageId;
  return item.complete !== undefined && linkNames(link, item.complete) ? link.pageId : undefined;
}

/** Reads these pages with their bodies, in batches of 250, a few batches at once; the run's pages read before are kept. */
export async function readPages(ids: Iterable<string>, options: LookupOptions): Promise<PagesRead> {
  const result: PagesRead = { pages: new Map(), failed: new Map() };
  const wanted: string[] = [];
  for (const id of new Set(ids)) {
    const known = options.read?.get(id);
    if (known?.body !== undefined) result.pages.set(id, known);
    else wanted.push(id);
  }
  const batches: string[][] = [];
  for (let start = 0; start < wanted.length; start += MAX_IDS_PER_REQUEST) batches.push(wanted.slice(start, start + MAX_IDS_PER_REQUEST));
  await mapBounded(batches, Math.max(1, options.concurrency ?? DEFAULT_LOOKUPS_AT_ONCE), async (batch) => {
    const { deadline, signal } = lookupDeadline(options);
    try {
      const found = await options.pages.getPages(batch, signal, { withBody: true });
      for (const id of batch) result.pages.set(id, found.get(id) ?? null);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const verdict = failedLookupVerdict(error, deadline.aborted, options.messages);
      for (const id of batch) result.failed.set(id, verdict);
    }
  });
  options.signal?.throwIfAborted();
  return result;
}

/** The pages found by title at the places these items would go: by item, the page there, or why it could not be found. */
export type PlacesFound = Map<PlanItem, { page: WikiPage | undefined } | { failed: FailedLookupVerdict }>;

/** The child the import would update for this title: the exact title, else one equal but for case. */
export function childTitled(children: readonly ChildSummary[] | undefined, title: string): ChildSummary | undefined {
  return children?.find((each) => each.title === title) ?? children?.find((each) => titleKey(each.title) === titleKey(title));
}

/**
 * Finds the page at each item's place (its parent, its title, ignoring case as the import does): each parent's
 * children listed once for all its items, then the pages found read with their bodies, in bulk. A parent that cannot
 * be listed (a failed read, or one the checking account cannot see) is a failed lookup for every item under it.
 * `listed`, when given, gets each parent's children as listed (retitledFound.ts looks through them again).
 */
export async function findAtPlaces(items: readonly PlanItem[], options: LookupOptions, listed?: Map<string, readonly ChildSummary[]>): Promise<PlacesFound> {
  const byParent = new Map<string, PlanItem[]>();
  for (const item of items) {
    const parentId = item.complete?.parentId;
    if (parentId === undefined) continue;
    const sharing = byParent.get(parentId);
    if (sharing) sharing.push(item);
    else byParent.set(parentId, [item]);
  }
  const found: PlacesFound = new Map();
  const childOf = new Map<PlanItem, string>();
  await mapBounded([...byParent], Math.max(1, options.concurrency ?? DEFAULT_LOOKUPS_AT_ONCE), async ([parentId, sharing]) => {
    const { deadline, signal } = lookupDeadline(options);
    let children: ChildSummary[] | undefined;
    try {
      children = await options.pages.listChildren(parentId, signal);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const failed = failedLookupVerdict(error, deadline.aborted, options.messages);
      for (const item of sharing) found.set(item, { failed });
      return;
    }
    // A parent the checking account cannot see (or one gone) lists nothing: not "no page there" (unseenParent.ts).
    if (children === undefined) {
      const failed = unseenParentVerdict(parentId, options.messages);
      for (const item of sharing) found.set(item, { failed });
      return;
    }
    listed?.set(parentId, children);
    // The exact title first; else one the import would take for it (ignoring case).
    for (const item of sharing) {
      const title = item.complete?.pageTitle ?? '';
      const child = childTitled(children, title);
      if (child) childOf.set(item, child.id);
      else found.set(item, { page: undefined });
    }
  });
  const read = await readPages(childOf.values(), options);
  for (const [item, id] of childOf) {
    const failed = read.failed.get(id);
    found.set(item, failed ? { failed } : { page: read.pages.get(id) ?? undefined });
  }
  return found;
}

/**
 * The page's versions with the markers they carry, newest first, for historyVerdict and replaceVerdict; or, when they
 * cannot be read, the failed lookup's verdict (held back as any page the guard could not read, said as such).
 */
export async function versionsOf(pageId: string, options: LookupOptions): Promise<Awaited<ReturnType<WikiPagesClient['pageVersions']>> | FailedLookupVerdict> {
  const { deadline, signal } = lookupDeadline(options);
  try {
    return await options.pages.pageVersions(pageId, HISTORY_LOOKED_AT, signal);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return failedLookupVerdict(error, deadline.aborted, options.messages);
  }
}

/** How many of a page's latest versions tell who changed it since a publish sent unseen. */
export const HISTORY_LOOKED_AT = 25;

/** The parent a page was moved under, with its title for the words; only its ID when the wiki will not say more. */
export async function parentNamed(pageId: string, options: LookupOptions): Promise<{ id: string; title?: string }> {
  const parent = await options.pages.getPage(pageId, lookupDeadline(options).signal).catch((error: unknown) => {
    if (options.signal?.aborted) throw error;
    return undefined;
  });
  return parent ? { id: pageId, title: parent.title } : { id: pageId };
}

