// The edit guard and page identification: what the export sign-in adds to republishing. Before a file updates
// its own page, the page's current version is compared with the version the file left; after a publish, the page's
// ID, version and address are found through the platform's page routes. Neither may block or fail a publish: a
// lookup that does not work is reported as "could not check", and the publish goes on.
import { describeError } from '../log/redact';
import type { PublishTarget } from '../publish/target';
import type { WikiPage, WikiPagesClient } from '../wikiPages';
import { linkNames, type PageLink } from './pageLink';

export type GuardVerdict =
  /** Nothing to check (no known version, not an update of the linked page, or not signed in), or the page is as left. */
  | { kind: 'proceed' }
  /** Someone changed the page on the wiki since this file last published it. */
  | { kind: 'edited'; page: WikiPage; knownVersion: number }
  /** The linked page ID answers 404: deleted on the wiki (or hidden now). */
  | { kind: 'deleted'; pageId: string }
  /** The lookup failed; the reason is for the log. */
  | { kind: 'unchecked'; reason: string };

/** The guard's lookup gets a few seconds: it must never hold up publishing for long. */
export const GUARD_TIMEOUT_MS = 5000;

export async function checkEditGuard(
  link: PageLink | undefined,
  target: PublishTarget,
  pages: WikiPagesClient | undefined,
  signal?: AbortSignal,
): Promise<GuardVerdict> {
  if (!pages || !link?.pageId || link.version === undefined || !target.overwrite || !linkNames(link, target)) return { kind: 'proceed' };
  const deadline = AbortSignal.timeout(GUARD_TIMEOUT_MS);
  try {
    const page = await pages.getPage(link.pageId, signal ? AbortSignal.any([signal, deadline]) : deadline);
    if (!page) return { kind: 'deleted', pageId: link.pageId };
    return page.version > link.version ? { kind: 'edited', page, knownVersion: link.version } : { kind: 'proceed' };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { kind: 'unchecked', reason: describeError(error) };
  }
}

/** What a publish learns about its page: ID, version and address, when the platform's routes can tell. */
export interface PageIdentity {
  pageId: string;
  version: number;
  url?: string;
}

/** Finds the page the import just wrote: the parent's child with this title, then its version and address. */
export async function identifyPage(pages: WikiPagesClient, target: PublishTarget, signal?: AbortSignal): Promise<PageIdentity | undefined> {
  const child = await pages.findChildByTitle(target.parentId, target.pageTitle, signal);
  if (!child) return undefined;
  const page = await pages.getPage(child.id, signal);
  if (!page) return undefined;
  return { pageId: page.id, version: page.version, ...(page.webUrl ? { url: page.webUrl } : {}) };
}

/** The link with the page's identity filled in. */
export function withIdentity(link: PageLink, identity: PageIdentity): PageLink {
  return { ...link, pageId: identity.pageId, version: identity.version, ...(identity.url ? { url: identity.url } : {}) };
}

/** The link after the guard found the page deleted: the stale ID and version are forgotten. */
export function withoutIdentity(link: PageLink): PageLink {
  const rest = { ...link };
  delete rest.pageId;
  delete rest.version;
  delete rest.url;
  return rest;
}
