// The platform's children route: a parent's live child pages in creation order, one page of them at a time,
// with cursor pagination through `_links.next` and the `Link` header, as the real route answers.
import type { SandboxWiki } from './sandboxWiki';

export const DEFAULT_CHILDREN_LIMIT = 25;
export const MAX_CHILDREN_LIMIT = 250;

export interface ChildrenQuery {
  parentId: string;
  owner: string;
  params: URLSearchParams;
  baseUrl: string;
  /** A server-side cap on the page size (a test lever), below the platform's own maximum. */
  cap: number | undefined;
}

export interface ChildrenAnswer { status: number; value: unknown; headers: Record<string, string> }

export function answerChildren(wiki: SandboxWiki, query: ChildrenQuery): ChildrenAnswer {
  if (!wiki.accessiblePage(query.parentId, query.owner)) return notFound();
  const limit = parseLimit(query.params.get('limit'));
  if (limit === undefined) return badRequest(`limit must be a whole number from 1 to ${MAX_CHILDREN_LIMIT}.`);
  const pageSize = Math.min(limit, query.cap ?? MAX_CHILDREN_LIMIT);

  // The cursor names the last child already given, so deletions between calls neither skip nor repeat.
  const cursor = query.params.get('cursor');
  const afterId = cursor === null ? undefined : decodeCursor(cursor);
  if (cursor !== null && afterId === undefined) return badRequest('The cursor is not valid.');
  const children = wiki.childrenInOrder(query.parentId);
  const start = afterId === undefined ? 0 : children.findIndex((page) => page.id === afterId) + 1;
  if (start === 0 && afterId !== undefined) return badRequest('The cursor does not belong to this page\'s children.');
  const remaining = children.slice(start).filter((page) => !page.deleted);
  const shown = remaining.slice(0, pageSize);

  const links: Record<string, string> = { base: `${query.baseUrl}/wiki` };
  const headers: Record<string, string> = {};
  const last = shown[shown.length - 1];
  if (last && remaining.length > shown.length) {
    const next = `/wiki/api/v2/pages/${encodeURIComponent(query.parentId)}/children?limit=${pageSize}&cursor=${encodeCursor(last.id)}`;
    links.next = next;
    headers.Link = `<${next}>; rel="next"`;
  }
  const results = shown.map(({ id, title, spaceId }) => ({ id, title, status: 'current', spaceId }));
  return { status: 200, value: { results, _links: links }, headers };
}

export function parseLimit(text: string | null): number | undefined {
  if (text === null) return DEFAULT_CHILDREN_LIMIT;
  if (!/^\d{1,6}$/.test(text) || Number(text) < 1) return undefined;
  // The platform clamps a large limit instead of refusing it.
  return Math.min(Number(text), MAX_CHILDREN_LIMIT);
}

export function encodeCursor(afterId: string): string {
  return Buffer.from(`after:${afterId}`).toString('base64url');
}

export function decodeCursor(cursor: string): string | undefined {
  return /^after:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'))?.[1];
}

function notFound(): ChildrenAnswer {
  return { status: 404, value: { errors: [{ status: 404, title: 'Not Found' }] }, headers: {} };
}

export function badRequest(detail: string): ChildrenAnswer {
  return { status: 400, value: { errors: [{ status: 400, title: 'Bad Request', detail }] }, headers: {} };
}
