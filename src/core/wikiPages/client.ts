// Reads pages from the wiki platform's page routes (service-facts "Page identity"): a page's version and
// address by ID, and a child of a parent by title. The access token goes only to the exact origin of baseUrl;
// redirects are not followed (the transport never follows them; a 3xx is a protocol error here).
import { checkEndpoint, sameOrigin } from '../http/endpoint';
import type { Transport } from '../http/transport';
import { parseJsonObject } from '../util/json';
import { tokenFailure } from './tokenFailure';
import { WikiReadError } from './errors';
import { nextFromLinkHeader, parseChildren, parsePage, type WikiPage } from './pageJson';
import { timedSend } from '../http/timedSend';

export interface WikiPagesClientOptions {
  /** The wiki site's address (the `wikiPublisher.baseUrl` setting); only its origin is used. */
  baseUrl: string;
  transport: Transport;
  /** The export session's access token, refreshed first when close to expiry; undefined when not signed in. */
  getAccessToken(signal?: AbortSignal): Promise<string | undefined>;
  /** Deadline per request, body included. */
  timeoutMs?: number;
  /** Children asked for per page of results (the platform allows up to 250). */
  childrenPageSize?: number;
  /** Pages of children followed at most before giving up. */
  maxChildPages?: number;
}

export interface WikiPagesClient {
  /** The page, or undefined when the wiki answers 404 (missing, deleted, or hidden from this user). */
  getPage(pageId: string, signal?: AbortSignal): Promise<WikiPage | undefined>;
  /** The parent's current direct child with exactly this title, following pagination; undefined when none. */
  findChildByTitle(parentId: string, title: string, signal?: AbortSignal): Promise<{ id: string; title: string } | undefined>;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_PAGE_SIZE = 250;
const DEFAULT_MAX_CHILD_PAGES = 100;
const BASE_SETTING = 'wikiPublisher.baseUrl';

type JsonAnswer = { found: false } | { found: true; body: Record<string, unknown>; link: string | undefined };

export function createWikiPagesClient(options: WikiPagesClientOptions): WikiPagesClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const pageSize = Math.min(250, Math.max(1, Math.floor(options.childrenPageSize ?? DEFAULT_PAGE_SIZE)));
  const maxChildPages = options.maxChildPages ?? DEFAULT_MAX_CHILD_PAGES;

  /** Checked per call, so building the client never throws and a fixed setting takes effect at once. */
  function siteOrigin(): string {
    const base = checkEndpoint(options.baseUrl, BASE_SETTING);
    if (!base.ok) throw new WikiReadError('config', base.message);
    return base.url.origin;
  }

  async function getJson(url: URL, origin: string, signal: AbortSignal | undefined): Promise<JsonAnswer> {
    // Defence in depth: every URL here is built from the origin or checked against it, but the token must never leave it.
    if (!sameOrigin(url, origin)) throw new WikiReadError('protocol', 'A wiki address left the configured wiki origin; nothing was sent.');
    const token = await accessToken(signal);
    const result = await timedSend(
      options.transport,
      { method: 'GET', url: url.toString(), headers: { authorization: `Bearer ${token}`, accept: 'application/json' } },
      signal ? { timeoutMs, signal } : { timeoutMs },
    );
    if (result.kind === 'cancelled') throw new WikiReadError('cancelled', 'Cancelled.');
    if (result.kind === 'timeout') throw new WikiReadError('timeout', `The wiki did not answer within ${Math.round(timeoutMs / 1000)} s.`);
    if (result.kind === 'network') throw new WikiReadError('network', `Could not reach the wiki: ${result.detail}`);
    const { status } = result;
    if (status === 404) return { found: false };
    if (status === 401 || status === 403) {
      throw new WikiReadError('unauthorized', `The wiki refused the export sign-in (HTTP ${status}).`, { status });
    }
    if (status >= 300 && status < 400) {
      throw new WikiReadError('protocol', `The wiki answered with a redirect (HTTP ${status}); it is not followed, so the sign-in never leaves the wiki.`, { status });
    }
    if (status === 429 || status >= 500) throw new WikiReadError('server', `The wiki is busy or failing (HTTP ${status}).`, { status });
    if (status !== 200) throw new WikiReadError('protocol', `The wiki answered HTTP ${status}.`, { status });
    const body = parseJsonObject(result.text);
    if (!body) throw new WikiReadError('protocol', 'The wiki answered HTTP 200 with something that is not the expected JSON.', { status });
    return { found: true, body, link: result.headers.link };
  }

  async function accessToken(signal: AbortSignal | undefined): Promise<string> {
    let token: string | undefined;
    try {
      token = await options.getAccessToken(signal);
    } catch (error) {
      throw tokenFailure(error, signal);
    }
    if (signal?.aborted) throw new WikiReadError('cancelled', 'Cancelled.');
    if (!token) throw new WikiReadError('unauthorized', 'You are not signed in to the export API.');
    return token;
  }

  return {
    async getPage(pageId, signal) {
      const origin = siteOrigin();
      const answer = await getJson(new URL(`/wiki/api/v2/pages/${encodeURIComponent(pageId)}`, origin), origin, signal);
      if (!answer.found) return undefined;
      const page = parsePage(answer.body, origin);
      if (!page) throw new WikiReadError('protocol', 'The wiki answered with a page that has no ID, title or version number.');
      return page;
    },

    async findChildByTitle(parentId, title, signal) {
      const origin = siteOrigin();
      let url = new URL(`/wiki/api/v2/pages/${encodeURIComponent(parentId)}/children?limit=${pageSize}`, origin);
      const followed = new Set<string>();
      for (let pages = 1; ; pages++) {
        const answer = await getJson(url, origin, signal);
        if (!answer.found) return undefined; // the parent is missing or hidden: it has no child we can see
        const children = parseChildren(answer.body);
        if (!children) throw new WikiReadError('protocol', 'The wiki answered with a list of children that is not the expected JSON.');
        const hit = children.results.find((child) => child.title === title && (child.status ?? 'current') === 'current');
        if (hit) return { id: hit.id, title: hit.title };
        const next = children.next ?? nextFromLinkHeader(answer.link);
        if (next === undefined) return undefined;
        url = nextPageUrl(next, origin);
        if (followed.has(url.toString())) throw new WikiReadError('protocol', 'The wiki\'s list of children links back to a page already read.');
        followed.add(url.toString());
        if (pages >= maxChildPages) {
          throw new WikiReadError('protocol', `The parent page has more than ${maxChildPages} pages of children; stopped looking.`);
        }
      }
    },
  };
}

/** `_links.next` is relative to the site origin (it starts with /wiki/); an absolute one must stay on it. */
function nextPageUrl(next: string, origin: string): URL {
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    throw new WikiReadError('protocol', 'The wiki sent a pagination link that is not a valid address.');
  }
  if (!sameOrigin(url, origin)) throw new WikiReadError('protocol', 'The wiki sent a pagination link to another site; it was not followed.');
  return url;
}
