// One read of the wiki for the Wiki Pages view: every page's current version in as few requests as the platform allows.
// Pages known by ID are read in batches (`GET /wiki/api/v2/pages?id=…`, up to 250 IDs a request); links from before
// the sign-in know only their parent and title, so each such parent's children are listed once and the pages found
// join the batches. Bodies (the publish notice a page carries) are read only for the pages `bodyWanted` names once
// their versions are known: a page still at the version this machine published is settled by its link, and reading
// every body at every refresh cost the wiki and the network ten times the bytes. At most `concurrency` requests are
// out at once, and the whole read is cancellable.
import { MAX_IDS_PER_REQUEST, type ChildSummary, type PageVersion, type WikiPage, type WikiPagesClient } from '../wikiPages';
import { mapBounded } from '../util/mapBounded';
import type { NotReadReason, WikiSide } from './pageState';

/** Requests the view has out at once: enough to hide latency, few enough to stay a quiet neighbour on the wiki. */
export const VIEW_REQUESTS_AT_ONCE = 4;

export interface PageByTitle {
  parentId: string;
  title: string;
}

export interface WikiWants {
  pageIds: readonly string[];
  byTitle: readonly PageByTitle[];
  /**
   * Which pages, read without their bodies, must be read again with them (one more round, in batches). Without it
   * every page is read with its body in the first round.
   */
  bodyWanted?: (page: WikiPage) => boolean;
}

export interface ReadOptions {
  signal?: AbortSignal;
  concurrency?: number;
  idsPerRequest?: number;
}

/** What one read found; `side` answers for a page by ID or, without one, by parent and title. */
export interface WikiReading {
  readonly pages: ReadonlyMap<string, WikiPage>;
  side(pageId: string | undefined, byTitle?: PageByTitle): WikiSide;
  /**
   * By page ID: the history of a page whose notice names an older version than the page's (pageTruth.ts), read for
   * the page's version in `pages`. A page without one here is judged by the file's link.
   */
  readonly histories?: ReadonlyMap<string, readonly PageVersion[]>;
}

/** A reading for when the wiki is not read at all: every side is 'notRead' for this reason. */
export function unreadWiki(reason: NotReadReason): WikiReading {
  return { pages: new Map(), side: () => ({ kind: 'notRead', reason }) };
}

const PENDING: WikiSide = { kind: 'notRead', reason: 'pending' };
/** One key for a title under a parent (the view's reading and its choice of bodies to read key pages so). */
export const titleKey = (parentId: string, title: string): string => `${parentId}\u0000${title}`;

/** Reads the pages wanted. Rejects when a request fails or `signal` aborts: a partial read would mislead. */
export async function readWikiPages(wants: WikiWants, pages: WikiPagesClient, options: ReadOptions = {}): Promise<WikiReading> {
  const concurrency = Math.max(1, options.concurrency ?? VIEW_REQUESTS_AT_ONCE);
  const idsPerRequest = Math.min(MAX_IDS_PER_REQUEST, Math.max(1, options.idsPerRequest ?? MAX_IDS_PER_REQUEST));
  const ids = new Set(wants.pageIds.filter((id) => /^\d+$/.test(id)));
  const titles = wants.byTitle;
  const parents = [...new Set(titles.map((wanted) => wanted.parentId))];
  const found = new Map<string, WikiPage>();
  const childrenOf = new Map<string, ChildSummary[] | undefined>();
  const withBody = wants.bodyWanted === undefined;
  const read = async (task: Task): Promise<void> => {
    if (task.kind === 'children') {
      childrenOf.set(task.parentId, await pages.listChildren(task.parentId, options.signal));
      return;
    }
    for (const [id, page] of await pages.getPages(task.ids, options.signal, { withBody: task.withBody ?? withBody })) found.set(id, page);
  };
  // The children lists and the batches of known IDs go out together; pages found by title make one more round.
  await mapBounded([...parents.map((parentId): Task => ({ kind: 'children', parentId })), ...batches([...ids], idsPerRequest)], concurrency, read);
  const idByTitle = new Map<string, string | undefined>();
  for (const wanted of titles) {
    const child = childrenOf.get(wanted.parentId)?.find((entry) => entry.title === wanted.title);
    idByTitle.set(titleKey(wanted.parentId, wanted.title), child?.id);
  }
  const more = [...new Set([...idByTitle.values()].filter((id): id is string => id !== undefined && !ids.has(id)))];
  await mapBounded(batches(more, idsPerRequest), concurrency, read);
  const { bodyWanted } = wants;
  if (bodyWanted) {
    // A page gone between the rounds is absent from the second: the first round's reading of it stands.
    const bodies = [...found.values()].filter((page) => bodyWanted(page)).map((page) => page.id);
    await mapBounded(batches(bodies, idsPerRequest, true), concurrency, read);
  }
  options.signal?.throwIfAborted();
  const asked = new Set([...ids, ...more]);
  return {
    pages: found,
    side(pageId, byTitle) {
      // A page this read never asked about (a file linked since) is not known to be gone: the next read tells.
      if (pageId !== undefined) return !asked.has(pageId) ? PENDING : found.has(pageId) ? { kind: 'page', page: found.get(pageId) as WikiPage } : { kind: 'gone' };
      const key = byTitle ? titleKey(byTitle.parentId, byTitle.title) : undefined;
      if (key === undefined || !idByTitle.has(key)) return PENDING;
      const id = idByTitle.get(key);
      const page = id === undefined ? undefined : found.get(id);
      return page ? { kind: 'page', page } : { kind: 'notFound' };
    },
  };
}

type Task = { kind: 'children'; parentId: string } | { kind: 'ids'; ids: string[]; withBody?: boolean };

function batches(ids: readonly string[], size: number, withBody?: boolean): Task[] {
  const tasks: Task[] = [];
  for (let start = 0; start < ids.length; start += size) tasks.push({ kind: 'ids', ids: ids.slice(start, start + size), ...(withBody ? { withBody } : {}) });
  return tasks;
}
