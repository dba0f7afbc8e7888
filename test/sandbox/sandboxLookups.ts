// The wiki platform's read-only routes: the space and page lookups clients use to explain a 404 (spec 4.3),
// and the page, page list and children routes that tell a page's ID, version and address, and the page's versions
// and bodies (sandboxHistory.ts) that tell what it held and who changed it. They take a platform
// bearer token (a user's or a service account's), which the sandbox cannot check itself: the identity provider
// supplies a verifier.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerChildren } from './sandboxChildren';
import { answerPage, answerVersions } from './sandboxHistory';
import { bearerCredential, sendJson } from './sandboxHttp';
import { answerPageList } from './sandboxPageList';
import type { SandboxWiki } from './sandboxWiki';

/** The owner of a valid platform access token and, when the verifier knows them, its scopes. */
export type PlatformTokenVerifier = (bearer: string) => { owner: string; scopes?: readonly string[] } | undefined;

export interface LookupContext {
  wiki: SandboxWiki;
  verify: PlatformTokenVerifier | undefined;
  baseUrl: () => string;
  /** The server-side page size cap of the children, page list and versions routes. */
  maxChildrenPageSize: () => number | undefined;
}

const PAGE_PATH = /^\/wiki\/api\/v2\/pages\/([^/]+)$/;
const PAGE_LIST_PATH = '/wiki/api/v2/pages';
const CHILDREN_PATH = /^\/wiki\/api\/v2\/pages\/([^/]+)\/children$/;
const VERSIONS_PATH = /^\/wiki\/api\/v2\/pages\/([^/]+)\/versions$/;

/** Answers the request if it is a lookup; returns false for any other path. */
export function handleLookup(req: IncomingMessage, res: ServerResponse, url: URL, context: LookupContext): boolean {
  const pageId = PAGE_PATH.exec(url.pathname)?.[1];
  const parentId = CHILDREN_PATH.exec(url.pathname)?.[1];
  const historyOf = VERSIONS_PATH.exec(url.pathname)?.[1];
  const pageList = url.pathname === PAGE_LIST_PATH;
  const known = url.pathname === '/wiki/api/v2/spaces' || pageList || pageId !== undefined || parentId !== undefined || historyOf !== undefined;
  if (!known) return false;
  if (req.method !== 'GET') {
    sendJson(res, 405, { errors: [{ status: 405, title: 'Method Not Allowed' }] }, { Allow: 'GET' });
    return true;
  }
  const bearer = bearerCredential(req.headers.authorization);
  const caller = bearer === undefined ? undefined : context.verify?.(bearer);
  if (!caller) {
    sendJson(res, 401, { errors: [{ status: 401, title: 'Unauthorized' }] });
    return true;
  }
  const { wiki } = context;
  if (parentId !== undefined) {
    const cap = context.maxChildrenPageSize();
    const answer = answerChildren(wiki, { parentId, owner: caller.owner, params: url.searchParams, baseUrl: context.baseUrl(), cap });
    sendJson(res, answer.status, answer.value, answer.headers);
    return true;
  }
  if (pageId !== undefined || historyOf !== undefined) {
    const query = { pageId: pageId ?? historyOf ?? '', owner: caller.owner, params: url.searchParams, baseUrl: context.baseUrl(), cap: context.maxChildrenPageSize() };
    const answer = pageId !== undefined ? answerPage(wiki, query) : answerVersions(wiki, query);
    sendJson(res, answer.status, answer.value, answer.headers);
    return true;
  }
  if (pageList) {
    const answer = answerPageList(wiki, { owner: caller.owner, params: url.searchParams, baseUrl: context.baseUrl(), cap: context.maxChildrenPageSize() });
    sendJson(res, answer.status, answer.value, answer.headers);
    return true;
  }
  // The platform's space route takes space keys (spec 4.3) or numeric space IDs.
  const listed = (name: string): string[] => (url.searchParams.get(name) ?? '').split(',').filter((value) => value !== '');
  const keys = listed('keys');
  const ids = listed('ids');
  const results = wiki.spaces()
    .filter((space) => (keys.includes(space.key) || ids.includes(space.id)) && wiki.accessibleSpace(space.key, caller.owner))
    .map(({ id, key, name }) => ({ id, key, name }));
  sendJson(res, 200, { results });
  return true;
}
