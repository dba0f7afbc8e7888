// What a publish learns about its page afterwards, through the platform's page routes: the ID and address of the
// page the import wrote (the import answers with a sentence only). The version is NOT learned here: the link keeps
// the version the publish itself must have produced (see linkAfterPublish), because what the wiki holds a moment
// later may already include a colleague's edit. The edit guard itself is a step of the plan: core/run/guard.ts.
import type { PublishTarget } from '../publish/target';
import type { WikiPagesClient } from '../wikiPages';
import type { PageLink } from './pageLink';

/** What a publish learns about its page: ID, version and address, when the platform's routes can tell. */
export interface PageIdentity {
  pageId: string;
  version: number;
  url?: string;
  /** When the page's current version was made (ISO), and by whom, as the page route says. */
  versionCreatedAt?: string;
  versionAuthorId?: string;
}

/** Finds the page the import just wrote: the parent's child with this title, then its version and address. */
export async function identifyPage(pages: WikiPagesClient, target: PublishTarget, signal?: AbortSignal): Promise<PageIdentity | undefined> {
  const child = await pages.findChildByTitle(target.parentId, target.pageTitle, signal);
  if (!child) return undefined;
  const page = await pages.getPage(child.id, signal);
  if (!page) return undefined;
  return {
    pageId: page.id, version: page.version,
    ...(page.webUrl ? { url: page.webUrl } : {}),
    ...(page.versionCreatedAt ? { versionCreatedAt: page.versionCreatedAt } : {}),
    ...(page.versionAuthorId ? { versionAuthorId: page.versionAuthorId } : {}),
  };
}

/**
 * The link with the page's ID and address filled in. Its version stays the one the publish produced; only a link
 * that knows none adopts the page's version, and only when that version is not newer than the publish (a version
 * made after it may be a colleague's edit, which the guard must still see).
 */
export function withIdentity(link: PageLink, identity: PageIdentity): PageLink {
  const changedAt = identity.versionCreatedAt === undefined ? Number.NaN : Date.parse(identity.versionCreatedAt);
  const adopt = link.version === undefined && Number.isFinite(changedAt) && changedAt <= link.publishedAt;
  return {
    ...link, pageId: identity.pageId,
    ...(adopt ? { version: identity.version } : {}),
    ...(identity.url ? { url: identity.url } : {}),
  };
}

/** The link after the guard found the page deleted: the stale ID and version are forgotten. */
export function withoutIdentity(link: PageLink): PageLink {
  const rest = { ...link };
  delete rest.pageId;
  delete rest.version;
  delete rest.url;
  return rest;
}
