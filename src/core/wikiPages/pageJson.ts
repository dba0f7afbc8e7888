// Reads the platform's page, page list, children and space answers into plain values; anything malformed gives
// undefined, which the client reports as a protocol error.
import { sameOrigin } from '../http/endpoint';
import { findMarker, type PublishMarker } from '../publish/publishNotice';
import { sha256Hex } from '../util/sha256';

export interface WikiPage {
  id: string;
  title: string;
  spaceId?: string;
  parentId?: string;
  /** Grows by one with every edit, on the wiki or through the import endpoint. */
  version: number;
  versionCreatedAt?: string;
  versionAuthorId?: string;
  /** The page's address for a browser; only when it stays on the wiki's origin. */
  webUrl?: string;
  /**
   * Read with its body (`body-format=storage`): the publish notice's marker the body carries (publishNotice.ts), or
   * none. Absent when the body was not read: then nothing is known of a marker.
   */
  body?: { marker: PublishMarker | undefined };
}

export interface ChildSummary {
  id: string;
  title: string;
  status?: string;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** IDs come as strings; a number is accepted too, as some platform routes send them. */
function idText(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return undefined;
}

function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function parsePage(body: unknown, origin: string, ownRepository?: string): WikiPage | undefined {
  if (!isObject(body)) return undefined;
  const id = idText(body.id);
  const title = body.title;
  const version = isObject(body.version) ? body.version : undefined;
  const number = version?.number;
  if (id === undefined || typeof title !== 'string' || typeof number !== 'number' || !Number.isSafeInteger(number) || number < 1) return undefined;
  const page: WikiPage = { id, title, version: number };
  const spaceId = idText(body.spaceId);
  if (spaceId !== undefined) page.spaceId = spaceId;
  const parentId = idText(body.parentId);
  if (parentId !== undefined) page.parentId = parentId;
  const createdAt = optionalText(version?.createdAt);
  if (createdAt !== undefined) page.versionCreatedAt = createdAt;
  const authorId = optionalText(version?.authorId);
  if (authorId !== undefined) page.versionAuthorId = authorId;
  const links = isObject(body._links) ? body._links : undefined;
  const webUrl = webAddress(optionalText(links?.webui), origin);
  if (webUrl !== undefined) page.webUrl = webUrl;
  // Only the marker is kept of a body (a page may be a megabyte): what the guard asks of it.
  const storage = isObject(body.body) && isObject(body.body.storage) ? body.body.storage.value : undefined;
  if (typeof storage === 'string') page.body = { marker: findMarker(storage, ownRepository) };
  return page;
}

/** `_links.webui` is relative to `<site>/wiki`; the result must stay on the wiki's origin or it is dropped. */
export function webAddress(webui: string | undefined, origin: string): string | undefined {
  if (webui === undefined || !webui.startsWith('/') || webui.startsWith('//') || webui.includes('\\')) return undefined;
  try {
    const url = new URL(`${origin}/wiki${webui}`);
    return sameOrigin(url, origin) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export interface ChildrenPage {
  results: ChildSummary[];
  /** `_links.next` as sent (relative to the site origin), if any. */
  next?: string;
}

export function parseChildren(body: unknown): ChildrenPage | undefined {
  if (!isObject(body) || !Array.isArray(body.results)) return undefined;
  const results: ChildSummary[] = [];
  for (const entry of body.results) {
    if (!isObject(entry)) return undefined;
    const id = idText(entry.id);
    if (id === undefined || typeof entry.title !== 'string') return undefined;
    const status = optionalText(entry.status);
    results.push(status === undefined ? { id, title: entry.title } : { id, title: entry.title, status });
  }
  const links = isObject(body._links) ? body._links : undefined;
  const next = optionalText(links?.next);
  return next === undefined ? { results } : { results, next };
}

/** One entry of `GET /wiki/api/v2/pages?...`; only current pages count as existing (not archived or trashed). */
export interface ListedPage {
  page: WikiPage;
  current: boolean;
}

/** The `results` of the page list route: each entry a full page with its version. */
export function parsePageList(body: unknown, origin: string, ownRepository?: string): ListedPage[] | undefined {
  if (!isObject(body) || !Array.isArray(body.results)) return undefined;
  const listed: ListedPage[] = [];
  for (const entry of body.results) {
    const page = parsePage(entry, origin, ownRepository);
    if (!page || !isObject(entry)) return undefined;
    listed.push({ page, current: (optionalText(entry.status) ?? 'current') === 'current' });
  }
  return listed;
}

export interface SpaceRef {
  /** The numeric ID the page routes take as `space-id`. */
  id: string;
  /** The key people write (DOCS), which the import endpoint also accepts. */
  key: string;
}

export function parseSpaces(body: unknown): SpaceRef[] | undefined {
  if (!isObject(body) || !Array.isArray(body.results)) return undefined;
  const spaces: SpaceRef[] = [];
  for (const entry of body.results) {
    const id = isObject(entry) ? idText(entry.id) : undefined;
    const key = isObject(entry) ? optionalText(entry.key) : undefined;
    if (id === undefined || key === undefined) return undefined;
    spaces.push({ id, key });
  }
  return spaces;
}

/** The `rel="next"` target of an RFC 8288 Link header, if any. */
export function nextFromLinkHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (match && /;\s*rel\s*=\s*"?(?:[^";]*\s)?next(?:\s[^";]*)?"?\s*(?:;|$)/i.test(match[2] ?? '')) return match[1];
  }
  return undefined;
}

/** One version of a page, from `GET /wiki/api/v2/pages/<id>/versions` (newest first). */
export interface PageVersion {
  number: number;
  authorId?: string;
  createdAt?: string;
  /**
   * With `body-format`: the marker that version's body carries, or none, and a digest of the body (storageDigest), which
   * tells a send repeated unchanged (a retry that landed twice) from an edit; absent when the body was not asked for.
   */
  body?: { marker: PublishMarker | undefined; digest: string };
}

/**
 * A digest of a storage body that is the same for the same content: the macro IDs the wiki gives each macro anew are
 * left out, so two imports of one Markdown text digest alike.
 */
export function storageDigest(storage: string): string {
  return sha256Hex(storage.replace(/\s+ac:macro-id="[^"]*"/g, ''));
}

/** The `results` of the versions route; undefined when they are not versions. */
export function parseVersions(body: unknown, ownRepository?: string): PageVersion[] | undefined {
  if (!isObject(body) || !Array.isArray(body.results)) return undefined;
  const versions: PageVersion[] = [];
  for (const entry of body.results) {
    if (!isObject(entry) || typeof entry.number !== 'number' || !Number.isSafeInteger(entry.number)) return undefined;
    const version: PageVersion = { number: entry.number };
    const authorId = optionalText(entry.authorId);
    if (authorId !== undefined) version.authorId = authorId;
    const createdAt = optionalText(entry.createdAt);
    if (createdAt !== undefined) version.createdAt = createdAt;
    const page = isObject(entry.page) ? entry.page : undefined;
    const storage = isObject(page?.body) && isObject(page.body.storage) ? page.body.storage.value : undefined;
    if (typeof storage === 'string') version.body = { marker: findMarker(storage, ownRepository), digest: storageDigest(storage) };
    versions.push(version);
  }
  return versions;
}
