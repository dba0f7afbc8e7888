// The pages a run's records name besides each file's own: the page each goes under, by its title and address (the
// Markdown plan and job summary name it so, where a bare ID tells a reviewer nothing), and the address of each page a
// publish created or updated, so that the job summary links it. The wiki is read only with page access, in as few
// requests as its routes allow: pages by ID 250 at a time, and a parent's children once for all the pages under it.
import { pageAddress } from '../core/publish/pageAddress';
import type { PageAddressOf } from '../core/tree/spaceAddresses';
import type { WikiPage, WikiPagesClient } from '../core/wikiPages';

/** A page as a record names it: its title and address, each when known. */
export interface NamedPage {
  title?: string;
  url?: string;
}

export interface PageNames {
  /** The page with this ID, in this space: `title` when the run knows it (a folder page of a tree), else the wiki's. */
  named(pageId: string, spaceId: string | undefined, title?: string): NamedPage | undefined;
  /** The page's address: the wiki's when read, else one made from the site's address and the space. */
  address(pageId: string, spaceId: string | undefined, title: string): string | undefined;
}

export interface PageNameSources {
  pages: WikiPagesClient | undefined;
  /** The wiki site, for addresses of pages the run did not read. */
  baseUrl: string | undefined;
  /** A tree's space, whose addresses know its key when it was given as a numeric ID. */
  tree?: { spaceId: string; addressOf: PageAddressOf };
  /** Pages this run read a moment ago (a tree plan's recorded pages and its parent): not asked for again. */
  known?: ReadonlyMap<string, WikiPage>;
  signal?: AbortSignal;
}

/** The names of the pages with these IDs, read from the wiki with page access (none when the read fails). */
export async function readPageNames(ids: Iterable<string>, sources: PageNameSources): Promise<PageNames> {
  const known = sources.known ?? new Map<string, WikiPage>();
  const wanted = [...new Set(ids)].filter((id) => !known.has(id));
  const asked = sources.pages && wanted.length > 0 ? await sources.pages.getPages(wanted, sources.signal).catch(() => undefined) : undefined;
  // A page the wiki did not list is not there (or hidden): an address made for it would open nothing.
  const missing = new Set(asked ? wanted.filter((id) => !asked.has(id)) : []);
  return pageNames(new Map([...known, ...(asked ?? [])]), missing, sources);
}

function pageNames(read: ReadonlyMap<string, WikiPage>, missing: ReadonlySet<string>, sources: PageNameSources): PageNames {
  const made = (pageId: string, spaceId: string | undefined, title: string): string | undefined => {
    if (missing.has(pageId)) return undefined;
    if (sources.tree && spaceId === sources.tree.spaceId) return sources.tree.addressOf(pageId, title);
    return sources.baseUrl && spaceId !== undefined ? pageAddress(sources.baseUrl, spaceId, pageId, title) : undefined;
  };
  const address = (pageId: string, spaceId: string | undefined, title: string): string | undefined => read.get(pageId)?.webUrl ?? made(pageId, spaceId, title);
  return {
    address,
    named(pageId, spaceId, title) {
      const name = title ?? read.get(pageId)?.title;
      const url = address(pageId, spaceId, name ?? '');
      if (name === undefined && url === undefined) return undefined;
      const page: NamedPage = {};
      if (name !== undefined) page.title = name;
      if (url !== undefined) page.url = url;
      return page;
    },
  };
}

/** What a record says of its page's place, and of the page once it landed. */
interface NameableRecord {
  title?: string;
  spaceId?: string;
  parentId?: string;
  parentPage?: NamedPage;
  url?: string;
  wikiEdits?: { movedUnder?: { id: string; title?: string; url?: string } };
}

/**
 * The record with the page it goes under named (`parentTitle`: the title the run gives that page, a tree's folder
 * page), and, given the ID of the page it landed on, that page's address when the record has none.
 */
export function withNames<R extends NameableRecord>(record: R, names: PageNames | undefined, known: { parentTitle?: string; pageId?: string } = {}): R {
  if (!names) return record;
  const parent = record.parentId === undefined ? undefined : names.named(record.parentId, record.spaceId, known.parentTitle);
  if (parent) record.parentPage = parent;
  // The parent a page was moved under on the wiki, where a reviewer goes to look: its address beside its title.
  const moved = record.wikiEdits?.movedUnder;
  if (moved && moved.url === undefined) {
    const url = names.address(moved.id, record.spaceId, moved.title ?? '');
    if (url !== undefined) moved.url = url;
  }
  if (record.url === undefined && known.pageId !== undefined && record.title !== undefined) {
    const url = names.address(known.pageId, record.spaceId, record.title);
    if (url !== undefined) record.url = url;
  }
  return record;
}

/** A page a run published, as its record says it. */
export interface LandedPage {
  file: string;
  title: string;
  spaceId: string;
  parentId: string;
}

/** Where a page found after the run is: the summary's `landed` member, which the renderings add to the file's record. */
export interface LandedAddress {
  file: string;
  pageId: string;
  url?: string;
}

/**
 * The pages a run published without learning their IDs (a create no link of the run waited for), found among their
 * parents' children by their exact titles: one listing per parent however many pages landed under it, then their
 * addresses as the wiki gives them (readPageNames). A page not found there (moved already, a failed read) is left out.
 */
export async function findLandedPages(landed: readonly LandedPage[], sources: PageNameSources): Promise<LandedAddress[]> {
  const pages = sources.pages;
  if (!pages || landed.length === 0) return [];
  const byParent = new Map<string, LandedPage[]>();
  for (const page of landed) byParent.set(page.parentId, [...(byParent.get(page.parentId) ?? []), page]);
  const found: Array<{ page: LandedPage; pageId: string }> = [];
  for (const [parentId, under] of byParent) {
    const children = await pages.listChildren(parentId, sources.signal).catch(() => undefined);
    for (const page of under) {
      const child = children?.find((each) => each.title === page.title);
      if (child) found.push({ page, pageId: child.id });
    }
  }
  const names = await readPageNames(found.map(({ pageId }) => pageId), sources);
  return found.map(({ page, pageId }) => {
    const url = names.address(pageId, page.spaceId, page.title);
    return url === undefined ? { file: page.file, pageId } : { file: page.file, pageId, url };
  });
}
