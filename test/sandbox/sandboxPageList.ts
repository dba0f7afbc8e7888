// The platform's page list route, GET /wiki/api/v2/pages: several pages by ID (`id=1,2,3`, at most 250), or a
// title in a space (`title=<exact>&space-id=<numeric>`), each result a full page with its version (and, with
// `body-format`, its body), in ID order, with cursor pagination like the children route. Pages the caller may not
// see are left out, not refused.
import { bodyOf, parseBodyFormat, type BodyFormat } from './sandboxBodies';
import { badRequest, decodeCursor, encodeCursor, parseLimit, type ChildrenAnswer } from './sandboxChildren';
import { webuiPath } from './sandboxViews';
import type { SandboxPage, SandboxVersion, SandboxWiki } from './sandboxWiki';

export const MAX_IDS_PER_REQUEST = 250;

export interface PageListQuery {
  owner: string;
  params: URLSearchParams;
  baseUrl: string;
  /** A server-side cap on the page size (a test lever), below the platform's own maximum. */
  cap: number | undefined;
}

export function answerPageList(wiki: SandboxWiki, query: PageListQuery): ChildrenAnswer {
  const { params } = query;
  const ids = listed(params.get('id'));
  const spaceIds = listed(params.get('space-id'));
  const title = params.get('title');
  if (ids.length > MAX_IDS_PER_REQUEST) return badRequest(`id takes at most ${MAX_IDS_PER_REQUEST} page IDs.`);
  if (ids.some((id) => !/^\d+$/.test(id))) return badRequest('id must be a list of numeric page IDs.');
  if (spaceIds.some((id) => !/^\d+$/.test(id))) return badRequest('space-id must be a list of numeric space IDs (not keys).');
  const limit = parseLimit(params.get('limit'));
  if (limit === undefined) return badRequest('limit must be a whole number from 1 to 250.');
  const bodyFormat = parseBodyFormat(params);
  if ('refused' in bodyFormat) return bodyFormat.refused;
  const pageSize = Math.min(limit, query.cap ?? limit);
  const cursor = params.get('cursor');
  const afterId = cursor === null ? undefined : decodeCursor(cursor);
  if (cursor !== null && afterId === undefined) return badRequest('The cursor is not valid.');

  const matching = wiki.pages()
    .filter((page) => wiki.accessiblePage(page.id, query.owner) !== undefined)
    .filter((page) => (ids.length === 0 || ids.includes(page.id)) && (spaceIds.length === 0 || spaceIds.includes(page.spaceId)))
    .filter((page) => title === null || page.title === title)
    .sort((a, b) => Number(a.id) - Number(b.id));
  const remaining = afterId === undefined ? matching : matching.filter((page) => Number(page.id) > Number(afterId));
  const shown = remaining.slice(0, pageSize);

  const links: Record<string, string> = { base: `${query.baseUrl}/wiki` };
  const headers: Record<string, string> = {};
  const last = shown[shown.length - 1];
  if (last && remaining.length > shown.length) {
    const next = new URLSearchParams(params);
    next.set('limit', String(pageSize));
    next.set('cursor', encodeCursor(last.id));
    links.next = `/wiki/api/v2/pages?${next.toString()}`;
    headers.Link = `<${links.next}>; rel="next"`;
  }
  const results = shown.map((page) => pageAnswer(page, currentVersion(wiki, page), query.baseUrl, bodyFormat.format));
  return { status: 200, value: { results, _links: links }, headers };
}

/**
 * One page as the page route (and each entry of the list route) gives it, at one of its versions: the current one
 * gives the page as it is; an older one its title, parent and body as they were then, with status "historical".
 */
export function pageAnswer(page: SandboxPage, shown: SandboxVersion, baseUrl: string, bodyFormat?: BodyFormat): Record<string, unknown> {
  const current = shown.number === page.version;
  return {
    id: page.id,
    title: current ? page.title : shown.title,
    status: current ? 'current' : 'historical',
    spaceId: page.spaceId,
    parentId: current ? page.parentId : shown.parentId,
    version: versionAnswer(shown),
    ...(bodyFormat === undefined ? {} : { body: bodyOf(shown.markdown, bodyFormat) }),
    _links: { webui: webuiPath(page), base: `${baseUrl}/wiki` },
  };
}

/** A version as the platform's `version` object gives it (no edit the sandbox makes is a minor one). */
export function versionAnswer(version: SandboxVersion): Record<string, unknown> {
  const { number, message, authorId, createdAt } = version;
  return { number, message, minorEdit: false, authorId, createdAt };
}

export function currentVersion(wiki: SandboxWiki, page: SandboxPage): SandboxVersion {
  const version = wiki.version(page.id, page.version);
  if (!version) throw new Error(`Page ${page.id} has no version ${page.version}`);
  return version;
}

function listed(value: string | null): string[] {
  return (value ?? '').split(',').map((part) => part.trim()).filter((part) => part !== '');
}
