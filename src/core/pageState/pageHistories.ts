// The histories the Wiki Pages view reads after its bulk read of pages, as the edit guard reads them (guardLookups.ts
// versionsOf): only for a linked page whose notice names an older version than the page's (edited since a publish, or
// a publish sent unseen), one request each, a few at once. A page's history up to a version never changes, so the
// caller's cache keeps each page's at the version read, and a refresh asks again only of pages changed since. A history
// that cannot be read is left out: that page is judged by the file's link, as before notices.
import { HISTORY_LOOKED_AT } from '../run/guardLookups';
import { underAnotherParent } from '../run/guardVerdict';
import { mapBounded } from '../util/mapBounded';
import type { PageVersion, WikiPage, WikiPagesClient } from '../wikiPages';
import { pageTruth, sendItem } from './pageTruth';
import { VIEW_REQUESTS_AT_ONCE, type ReadOptions, type WikiReading } from './wikiReading';
import type { PageLink } from '../links/pageLink';
import type { LocalFacts } from './localPlan';

/** A file of the view as this asks of it (workspaceStates.ts ViewFile). */
interface LinkedViewFile {
  key: string;
  label: string;
  link: PageLink | undefined;
  local: LocalFacts | undefined;
}

/** Histories by `<page ID>@<version>`, kept across refreshes by the front end. */
export type HistoryCache = Map<string, readonly PageVersion[]>;

/**
 * The pages of linked files whose verdict asks for their history. Not a page at the version this machine's link
 * recorded: that cache is checked against the page's version and holds, with no request.
 */
export function historiesWanted(files: readonly LinkedViewFile[], reading: WikiReading): WikiPage[] {
  const wanted = new Map<string, WikiPage>();
  for (const file of files) {
    const link = file.link;
    if (!link) continue;
    const side = reading.side(link.pageId, link.pageId === undefined ? { parentId: link.parentId, title: link.pageTitle } : undefined);
    if (side.kind !== 'page' || side.page.version === link.version || underAnotherParent(side.page, link.parentId)) continue;
    const item = sendItem(file, file.local, link);
    if (item && pageTruth(side.page, item, link, undefined) === 'history') wanted.set(side.page.id, side.page);
  }
  return [...wanted.values()];
}

/** Reads these pages' histories (from `cache` when read before at the same version); rejects only when `signal` aborts. */
export async function readHistories(pages: readonly WikiPage[], client: WikiPagesClient, options: ReadOptions & { histories?: HistoryCache }): Promise<Map<string, readonly PageVersion[]>> {
  const found = new Map<string, readonly PageVersion[]>();
  const cache = options.histories;
  const keys = new Set(pages.map((page) => `${page.id}@${page.version}`));
  await mapBounded(pages, Math.max(1, options.concurrency ?? VIEW_REQUESTS_AT_ONCE), async (page) => {
    const key = `${page.id}@${page.version}`;
    const known = cache?.get(key);
    if (known) {
      found.set(page.id, known);
      return;
    }
    try {
      const versions = await client.pageVersions(page.id, HISTORY_LOOKED_AT, options.signal);
      if (versions === undefined) return;
      found.set(page.id, versions);
      cache?.set(key, versions);
    } catch (error) {
      if (options.signal?.aborted) throw error;
    }
  });
  options.signal?.throwIfAborted();
  // Only the pages of this read are kept: a page changed since is asked again at its new version.
  if (cache) for (const key of cache.keys()) if (!keys.has(key)) cache.delete(key);
  return found;
}
