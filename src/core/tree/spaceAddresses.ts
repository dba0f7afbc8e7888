// Page addresses name their space's key (`/wiki/spaces/<KEY>/pages/<id>/…`), and a tree's links reach pages in more
// than its own space: a file whose front matter names its page may publish to another. A link to that page built with
// the tree's key is a dead one, so each space's key is learnt for its own pages, once per space.
import { pageAddress } from '../publish/pageAddress';
import type { WikiPagesClient } from '../wikiPages';

/** A page's address for readers; undefined when none can be made (no site address, or a key or ID that is not one). */
export type PageAddressOf = (pageId: string, title: string) => string | undefined;

export interface SpaceAddresses {
  /** The addresses of pages in the tree's space. */
  addressOf: PageAddressOf;
  /**
   * The addresses of pages in the space `spaceId`, as a front matter names it (a key, or a numeric ID whose key is
   * looked up through the page routes). A space whose key cannot be learnt (a numeric ID without page access) gets the
   * platform's page-ID address, which names no space (pageAddress), as the tree's own space does.
   */
  inSpace(spaceId: string): Promise<PageAddressOf>;
}

/** The addresses of a tree's space and of the other spaces its links reach; `siteBase` undefined: none can be made. */
export async function spaceAddresses(siteBase: string | undefined, spaceId: string, pages: WikiPagesClient | undefined, signal?: AbortSignal): Promise<SpaceAddresses> {
  const keys = new Map<string, Promise<string>>();
  const inSpace = async (space: string): Promise<PageAddressOf> => {
    let key = keys.get(space);
    if (key === undefined) keys.set(space, (key = addressSpaceKey(space, pages, signal)));
    const spaceKey = await key;
    return (pageId, title) => (siteBase === undefined ? undefined : pageAddress(siteBase, spaceKey, pageId, title));
  };
  return { addressOf: await inSpace(spaceId), inSpace };
}

/**
 * The space as page addresses write it: its key (`/wiki/spaces/DOCS/pages/…`). A numeric space ID, which the import
 * takes too, is looked up through the page routes when there is page access; the space as given otherwise.
 */
export async function addressSpaceKey(spaceId: string, pages: WikiPagesClient | undefined, signal?: AbortSignal): Promise<string> {
  if (!pages || !/^\d+$/.test(spaceId)) return spaceId;
  const space = await pages.resolveSpace(spaceId, signal).catch(() => undefined);
  return space?.key ?? spaceId;
}
