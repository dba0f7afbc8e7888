// The wiki platform's read-only lookups (spec 4.3) that clients use to explain a 404. They take a platform
// bearer token, which the sandbox cannot check itself: the identity provider supplies a verifier.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearerCredential, sendJson } from './sandboxHttp';
import type { SandboxWiki } from './sandboxWiki';

export type PlatformTokenVerifier = (bearer: string) => { owner: string } | undefined;

const PAGE_PATH = /^\/wiki\/api\/v2\/pages\/([^/]+)$/;

/** Answers the request if it is a lookup; returns false for any other path. */
export function handleLookup(
  req: IncomingMessage, res: ServerResponse, url: URL, wiki: SandboxWiki, verify: PlatformTokenVerifier | undefined,
): boolean {
  const pageId = PAGE_PATH.exec(url.pathname)?.[1];
  if (url.pathname !== '/wiki/api/v2/spaces' && pageId === undefined) return false;
  if (req.method !== 'GET') {
    sendJson(res, 405, { errors: [{ status: 405, title: 'Method Not Allowed' }] }, { Allow: 'GET' });
    return true;
  }
  const bearer = bearerCredential(req.headers.authorization);
  const caller = bearer === undefined ? undefined : verify?.(bearer);
  if (!caller) {
    sendJson(res, 401, { errors: [{ status: 401, title: 'Unauthorized' }] });
    return true;
  }
  if (pageId === undefined) {
    // The platform's route takes space keys (spec 4.3) or numeric space IDs.
    const listed = (name: string): string[] => (url.searchParams.get(name) ?? '').split(',').filter((value) => value !== '');
    const keys = listed('keys');
    const ids = listed('ids');
    const results = wiki.spaces()
      .filter((space) => (keys.includes(space.key) || ids.includes(space.id)) && wiki.accessibleSpace(space.key, caller.owner))
      .map(({ id, key, name }) => ({ id, key, name }));
    sendJson(res, 200, { results });
    return true;
  }
  const page = wiki.accessiblePage(pageId, caller.owner);
  if (!page) {
    sendJson(res, 404, { errors: [{ status: 404, title: 'Not Found' }] });
    return true;
  }
  sendJson(res, 200, { id: page.id, title: page.title, spaceId: page.spaceId, parentId: page.parentId });
  return true;
}
