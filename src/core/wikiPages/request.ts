// One GET of a page route: the access token goes only to the exact origin of the wiki's address, redirects are
// not followed (the transport never follows them; a 3xx is a protocol error here), every failure is a WikiReadError.
import { checkEndpoint, sameOrigin } from '../http/endpoint';
import { timedSend } from '../http/timedSend';
import { ANSWER_LIMITS, type Transport } from '../http/transport';
import { megabytesOf } from '../http/networkError';
import { parseJsonObject } from '../util/json';
import type { PageRouteMessages } from '../messages/pageRouteMessages';
import { WikiReadError, type PageRouteSentence } from './errors';
import { nextFromLinkHeader } from './pageJson';
import { tokenFailure } from './tokenFailure';

export type JsonAnswer = { found: false } | { found: true; body: Record<string, unknown>; link: string | undefined };

export interface PageRequester {
  /** The wiki's origin; checked per call, so building a client never throws and a fixed setting takes effect at once. */
  siteOrigin(): string;
  getJson(url: URL, origin: string, signal: AbortSignal | undefined): Promise<JsonAnswer>;
  /**
   * Reads a cursor-paginated list from `first` on, handing each page's body to `visit` until it answers true
   * (found what it wanted) or no page follows. `visit` is told whether another page follows (`more`). False on a 404
   * (what the list belongs to is missing or hidden). `what` names the list in messages ("list of children").
   */
  readPages(first: URL, origin: string, signal: AbortSignal | undefined, what: PageRouteSentence, visit: (body: Record<string, unknown>, more: boolean) => boolean): Promise<boolean>;
}

export interface RequesterOptions {
  baseUrl: string;
  transport: Transport;
  getAccessToken(signal?: AbortSignal): Promise<string | undefined>;
  timeoutMs: number;
  maxPages: number;
  /** What the token is, for messages (the command line's "service account token"); the export sign-in when not given. */
  credentialName?: string;
}

const BASE_SETTING = 'wikiPublisher.baseUrl';

export function createPageRequester(options: RequesterOptions): PageRequester {
  const { timeoutMs, credentialName } = options;
  const credential = (m: PageRouteMessages): string => credentialName ?? m.exportSignIn();

  async function accessToken(signal: AbortSignal | undefined): Promise<string> {
    let token: string | undefined;
    try {
      token = await options.getAccessToken(signal);
    } catch (error) {
      throw tokenFailure(error, signal, credentialName);
    }
    if (signal?.aborted) throw new WikiReadError('cancelled', (m) => m.cancelled());
    if (!token) throw new WikiReadError('unauthorized', notSignedIn(credentialName));
    return token;
  }

  async function getJson(url: URL, origin: string, signal: AbortSignal | undefined): Promise<JsonAnswer> {
    // Defence in depth: every URL here is built from the origin or checked against it, but the token must never leave it.
    if (!sameOrigin(url, origin)) throw new WikiReadError('protocol', (m) => m.wikiLeftOrigin());
    const token = await accessToken(signal);
    const result = await timedSend(
      options.transport,
      { method: 'GET', url: url.toString(), headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, maxResponseBytes: ANSWER_LIMITS.pageRoute },
      signal ? { timeoutMs, signal } : { timeoutMs },
    );
    if (result.kind === 'cancelled') throw new WikiReadError('cancelled', (m) => m.cancelled());
    if (result.kind === 'timeout') throw new WikiReadError('timeout', (m) => m.wikiTimedOut(Math.round(timeoutMs / 1000)));
    if (result.kind === 'network') throw new WikiReadError('network', (m) => m.wikiUnreachable(result.detail));
    const { status } = result;
    if (status === 404) return { found: false };
    if (status === 401 || status === 403) {
      throw new WikiReadError('unauthorized', (m) => m.wikiRefused(credential(m), status), { status });
    }
    if (status >= 300 && status < 400) {
      throw new WikiReadError('protocol', (m) => m.wikiRedirected(status, credential(m)), { status });
    }
    if (status === 429 || status >= 500) throw new WikiReadError('server', (m) => m.wikiBusy(status), { status });
    if (status !== 200) throw new WikiReadError('protocol', (m) => m.wikiStatus(status), { status });
    if (result.kind === 'tooLarge') {
      const megabytes = megabytesOf(result.limitBytes);
      throw new WikiReadError('protocol', (m) => m.wikiAnswerTooLarge(megabytes), { status });
    }
    const body = parseJsonObject(result.text);
    if (!body) throw new WikiReadError('protocol', (m) => m.wikiNotJson(), { status });
    return { found: true, body, link: result.headers.link };
  }

  async function readPages(first: URL, origin: string, signal: AbortSignal | undefined, what: PageRouteSentence, visit: (body: Record<string, unknown>, more: boolean) => boolean): Promise<boolean> {
    let url = first;
    const followed = new Set<string>();
    for (let pages = 1; ; pages++) {
      const answer = await getJson(url, origin, signal);
      if (!answer.found) return false;
      const next = nextLink(answer.body) ?? nextFromLinkHeader(answer.link);
      if (visit(answer.body, next !== undefined)) return true;
      if (next === undefined) return true;
      url = nextPageUrl(next, origin);
      if (followed.has(url.toString())) throw new WikiReadError('protocol', (m) => m.wikiListLoops(what(m)));
      followed.add(url.toString());
      if (pages >= options.maxPages) throw new WikiReadError('protocol', (m) => m.wikiListTooLong(what(m), options.maxPages));
    }
  }

  return {
    siteOrigin() {
      const base = checkEndpoint(options.baseUrl, BASE_SETTING);
      if (!base.ok) throw new WikiReadError('config', base.say);
      return base.url.origin;
    },
    getJson,
    readPages,
  };
}

function notSignedIn(credentialName: string | undefined): PageRouteSentence {
  return (m) => (credentialName === undefined ? m.notSignedIn() : m.noCredential(credentialName));
}

function nextLink(body: Record<string, unknown>): string | undefined {
  const links = body._links;
  if (links === null || typeof links !== 'object' || Array.isArray(links)) return undefined;
  const next = (links as Record<string, unknown>).next;
  return typeof next === 'string' && next !== '' ? next : undefined;
}

/** `_links.next` is relative to the site origin (it starts with /wiki/); an absolute one must stay on it. */
function nextPageUrl(next: string, origin: string): URL {
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    throw new WikiReadError('protocol', (m) => m.badPaginationLink());
  }
  if (!sameOrigin(url, origin)) throw new WikiReadError('protocol', (m) => m.foreignPaginationLink());
  return url;
}
