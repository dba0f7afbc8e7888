// A page's history on the platform's routes: GET /wiki/api/v2/pages/<id> (with `version=N`, the page as it was at
// version N; with `body-format`, its body) and GET /wiki/api/v2/pages/<id>/versions (newest first, cursor pagination
// through `_links.next` and the `Link` header like the other lists, `body-format` too). A page the caller may not see,
// a deleted page and a version that never was: 404.
import { bodyOf, parseBodyFormat } from './sandboxBodies';
import { badRequest, decodeCursor, encodeCursor, parseLimit, type ChildrenAnswer } from './sandboxChildren';
import { currentVersion, pageAnswer, versionAnswer } from './sandboxPageList';
import type { SandboxWiki } from './sandboxWiki';

export interface HistoryQuery {
  pageId: string;
  owner: string;
  params: URLSearchParams;
  baseUrl: string;
  /** A server-side cap on the page size of the versions list (a test lever), below the platform's own maximum. */
  cap: number | undefined;
}

export function answerPage(wiki: SandboxWiki, query: HistoryQuery): ChildrenAnswer {
  const page = wiki.accessiblePage(query.pageId, query.owner);
  if (!page) return notFound();
  const bodyFormat = parseBodyFormat(query.params);
  if ('refused' in bodyFormat) return bodyFormat.refused;
  const asked = query.params.get('version');
  if (asked !== null && !/^[1-9]\d{0,8}$/.test(asked)) return badRequest('version must be a version number (a whole number from 1).');
  const shown = asked === null ? currentVersion(wiki, page) : wiki.version(page.id, Number(asked));
  if (!shown) return notFound();
  return { status: 200, value: pageAnswer(page, shown, query.baseUrl, bodyFormat.format), headers: {} };
}

export function answerVersions(wiki: SandboxWiki, query: HistoryQuery): ChildrenAnswer {
  const { params } = query;
  const page = wiki.accessiblePage(query.pageId, query.owner);
  if (!page) return notFound();
  const limit = parseLimit(params.get('limit'));
  if (limit === undefined) return badRequest('limit must be a whole number from 1 to 250.');
  const bodyFormat = parseBodyFormat(params);
  if ('refused' in bodyFormat) return bodyFormat.refused;
  const pageSize = Math.min(limit, query.cap ?? limit);
  // The cursor names the last version already given; the next ones are older.
  const cursor = params.get('cursor');
  const after = cursor === null ? undefined : decodeCursor(cursor);
  if (cursor !== null && after === undefined) return badRequest('The cursor is not valid.');

  const newestFirst = wiki.versions(page.id).reverse();
  const remaining = after === undefined ? newestFirst : newestFirst.filter((version) => version.number < Number(after));
  const shown = remaining.slice(0, pageSize);

  const links: Record<string, string> = { base: `${query.baseUrl}/wiki` };
  const headers: Record<string, string> = {};
  const last = shown[shown.length - 1];
  if (last && remaining.length > shown.length) {
    const next = new URLSearchParams(params);
    next.set('limit', String(pageSize));
    next.set('cursor', encodeCursor(String(last.number)));
    links.next = `/wiki/api/v2/pages/${encodeURIComponent(page.id)}/versions?${next.toString()}`;
    headers.Link = `<${links.next}>; rel="next"`;
  }
  const results = shown.map((version) => ({
    ...versionAnswer(version),
    page: { id: page.id, title: version.title, ...(bodyFormat.format === undefined ? {} : { body: bodyOf(version.markdown, bodyFormat.format) }) },
  }));
  return { status: 200, value: { results, _links: links }, headers };
}

function notFound(): ChildrenAnswer {
  return { status: 404, value: { errors: [{ status: 404, title: 'Not Found' }] }, headers: {} };
}
