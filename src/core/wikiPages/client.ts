// Reads pages from the wiki platform's page routes (service-facts "Page identity" and "Reading the wiki from CI"):
// a page's version and address by ID, many pages at once, a child of a parent by title, a title in a space, and
// a space by key or ID. Each request goes through request.ts, which keeps the token on the wiki's origin.
import { WikiReadError } from './errors';
import { parseChildren, parsePage, parsePageList, parseSpaces, parseVersions, type ChildSummary, type PageVersion, type SpaceRef, type WikiPage } from './pageJson';
import type { Transport } from '../http/transport';
import { createPageRequester } from './request';
import { mapBounded } from '../util/mapBounded';

export interface WikiPagesClientOptions {
  /** The wiki site's address (the `wikiPublisher.baseUrl` setting); only its origin is used. */
  baseUrl: string;
  transport: Transport;
  /** The access token, refreshed first when close to expiry; undefined when there is none (not signed in). */
  getAccessToken(signal?: AbortSignal): Promise<string | undefined>;
  /** Deadline per request, body included. */
  timeoutMs?: number;
  /** Results asked for per page of a list (the platform allows up to 250). */
  childrenPageSize?: number;
  /** Pages of one list (children, a batch of pages, a title search) followed at most before giving up. */
  maxChildPages?: number;
  /** Page IDs asked for in one request of getPages (the platform takes up to 250). */
  idsPerRequest?: number;
  /** Whose token it is, for messages: "export sign-in" (the default, the editor's), "service account token", ... */
  credentialName?: string;
  /**
   * The repositoryDigest of the repository the run publishes from, when it knows it: a page whose notice names another
   * repository is read as published by none of this run's files (publishNotice.ts findMarker).
   */
  ownRepository?: string;
}

export interface WikiPagesClient {
  /**
   * The run knows its repository (WikiPagesClientOptions.ownRepository): markers name it, and a page another
   * repository's file of the same path published is told apart. Without it, that page's marker is this file's too.
   */
  readonly knowsRepository?: true;
  /** The page, or undefined when the wiki answers 404 (missing, deleted, or hidden from this user). */
  getPage(pageId: string, signal?: AbortSignal): Promise<WikiPage | undefined>;
  /** The parent's current direct child with exactly this title, following pagination; undefined when none. */
  findChildByTitle(parentId: string, title: string, signal?: AbortSignal): Promise<{ id: string; title: string } | undefined>;
  /**
   * The parent's current direct children (ID and title), every page of the list followed; undefined when the parent
   * answers 404. One list answers many titles under one parent at once (the Wiki Pages view's links without an ID).
   */
  listChildren(parentId: string, signal?: AbortSignal): Promise<ChildSummary[] | undefined>;
  /**
   * The current pages among these IDs, with their versions, keyed by ID; an ID that is missing, deleted, hidden
   * from this user or not numeric is simply absent. Sent in batches of at most 250 IDs. `withBody`: each page's body
   * is read too, for the publish notice's marker it carries (WikiPage.body).
   */
  getPages(pageIds: readonly string[], signal?: AbortSignal, read?: { withBody?: boolean }): Promise<Map<string, WikiPage>>;
  /**
   * The page's versions, newest first, with the marker each body carries (at most `max` of them, following pages of
   * the list); undefined when the wiki answers 404.
   */
  pageVersions(pageId: string, max: number, signal?: AbortSignal): Promise<PageVersion[] | undefined>;
  /**
   * The current pages titled exactly `title` in the space (its numeric ID, or its key at the cost of one more
   * request); the platform keeps a title unique within a space, so normally none or one.
   */
  findPagesByTitle(spaceId: string, title: string, signal?: AbortSignal): Promise<WikiPage[]>;
  /**
   * Every current page of the space (its numeric ID, or its key at the cost of one more request), when at most
   * `maxRequests` requests list them all; undefined when they do not (the space holds more pages than that many full
   * answers): the caller then asks for what it wants one by one (findPagesByTitle).
   */
  listSpacePages(spaceId: string, maxRequests: number, signal?: AbortSignal): Promise<WikiPage[] | undefined>;
  /** The space with this key or numeric ID, as both, so DOCS and 1001 can be told to be one space; undefined when not visible. */
  resolveSpace(keyOrId: string, signal?: AbortSignal): Promise<SpaceRef | undefined>;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const MAX_PAGE_SIZE = 250;
/** The platform's limit of IDs in one page list request (`GET /wiki/api/v2/pages?id=…`). */
export const MAX_IDS_PER_REQUEST = MAX_PAGE_SIZE;
const DEFAULT_MAX_CHILD_PAGES = 100;
/** Page-list requests of one getPages in flight at once: few, so that a large tree does not flood the site. */
const BATCHES_AT_ONCE = 4;

export function createWikiPagesClient(options: WikiPagesClientOptions): WikiPagesClient {
  const pageSize = clamp(options.childrenPageSize ?? MAX_PAGE_SIZE);
  const idsPerRequest = clamp(options.idsPerRequest ?? MAX_IDS_PER_REQUEST);
  const requester = createPageRequester({
    baseUrl: options.baseUrl,
    transport: options.transport,
    getAccessToken: options.getAccessToken,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxPages: options.maxChildPages ?? DEFAULT_MAX_CHILD_PAGES,
    ...(options.credentialName !== undefined ? { credentialName: options.credentialName } : {}),
  });

  /**
   * Every current page of a page-list query, following its pagination; undefined when more answers follow the
   * `maxAnswers`th (a list cut short is no list: a page not listed would be taken for one that is not there).
   */
  async function listPagesUpTo(query: string, origin: string, signal: AbortSignal | undefined, keep: (page: WikiPage) => boolean, maxAnswers: number): Promise<WikiPage[] | undefined> {
    const pages: WikiPage[] = [];
    let answers = 0;
    let cut = false;
    await requester.readPages(new URL(`/wiki/api/v2/pages?${query}&limit=${pageSize}`, origin), origin, signal, (m) => m.listOfPages(), (body, more) => {
      const listed = parsePageList(body, origin, options.ownRepository);
      if (!listed) throw new WikiReadError('protocol', (m) => m.pageListNotJson());
      for (const { page, current } of listed) if (current && keep(page)) pages.push(page);
      cut = more && ++answers >= maxAnswers;
      return cut;
    });
    return cut ? undefined : pages;
  }

  /** Every current page of a page-list query, following its pagination. */
  async function listPages(query: string, origin: string, signal: AbortSignal | undefined, keep: (page: WikiPage) => boolean): Promise<WikiPage[]> {
    return (await listPagesUpTo(query, origin, signal, keep, Number.POSITIVE_INFINITY)) ?? [];
  }

  /** A space's numeric ID, given it or its key (one more request); undefined for a space not visible. */
  async function numericSpaceId(spaceId: string, signal: AbortSignal | undefined): Promise<string | undefined> {
    return /^\d+$/.test(spaceId) ? spaceId : (await client.resolveSpace(spaceId, signal))?.id;
  }

  async function lookUpSpace(param: 'ids' | 'keys', value: string, origin: string, signal: AbortSignal | undefined): Promise<SpaceRef | undefined> {
    const answer = await requester.getJson(new URL(`/wiki/api/v2/spaces?${param}=${encodeURIComponent(value)}`, origin), origin, signal);
    if (!answer.found) return undefined;
    const spaces = parseSpaces(answer.body);
    if (!spaces) throw new WikiReadError('protocol', (m) => m.spaceListNotJson());
    return spaces.find((space) => (param === 'ids' ? space.id : space.key) === value);
  }

  const client: WikiPagesClient = {
    ...(options.ownRepository !== undefined ? { knowsRepository: true as const } : {}),
    async getPage(pageId, signal) {
      const origin = requester.siteOrigin();
      const answer = await requester.getJson(new URL(`/wiki/api/v2/pages/${encodeURIComponent(pageId)}`, origin), origin, signal);
      if (!answer.found) return undefined;
      const page = parsePage(answer.body, origin, options.ownRepository);
      if (!page) throw new WikiReadError('protocol', (m) => m.pageIncomplete());
      return page;
    },

    async findChildByTitle(parentId, title, signal) {
      const origin = requester.siteOrigin();
      const first = new URL(`/wiki/api/v2/pages/${encodeURIComponent(parentId)}/children?limit=${pageSize}`, origin);
      let hit: { id: string; title: string } | undefined;
      await requester.readPages(first, origin, signal, (m) => m.listOfChildren(), (body) => {
        const children = parseChildren(body);
        if (!children) throw new WikiReadError('protocol', (m) => m.childListNotJson());
        const child = children.results.find((entry) => entry.title === title && (entry.status ?? 'current') === 'current');
        if (child) hit = { id: child.id, title: child.title };
        return hit !== undefined;
      });
      return hit;
    },

    async listChildren(parentId, signal) {
      const origin = requester.siteOrigin();
      const first = new URL(`/wiki/api/v2/pages/${encodeURIComponent(parentId)}/children?limit=${pageSize}`, origin);
      const children: ChildSummary[] = [];
      const found = await requester.readPages(first, origin, signal, (m) => m.listOfChildren(), (body) => {
        const listed = parseChildren(body);
        if (!listed) throw new WikiReadError('protocol', (m) => m.childListNotJson());
        children.push(...listed.results.filter((entry) => (entry.status ?? 'current') === 'current'));
        return false;
      });
      return found ? children : undefined;
    },

    async getPages(pageIds, signal, read = {}) {
      const origin = requester.siteOrigin();
      // Only digits: the route takes a comma-separated list, and a page ID is a number.
      const wanted = [...new Set(pageIds.filter((id) => /^\d+$/.test(id)))];
      const body = read.withBody === true ? '&body-format=storage' : '';
      const batches: string[][] = [];
      for (let start = 0; start < wanted.length; start += idsPerRequest) batches.push(wanted.slice(start, start + idsPerRequest));
      // The batches are asked a few at a time, not one after another: a run waits one round trip for 1,000 pages.
      const answers = await mapBounded(batches, BATCHES_AT_ONCE, (batch) => {
        const asked = new Set(batch);
        // A page the wiki adds unasked is ignored: the answer is about these IDs only.
        return listPages(`id=${batch.join(',')}${body}`, origin, signal, (page) => asked.has(page.id));
      });
      const found = new Map<string, WikiPage>();
      for (const page of answers.flat()) {
        // Asked for with its body, a page answered without one says it carries no marker: none is there to read.
        if (body !== '' && page.body === undefined) page.body = { marker: undefined };
        found.set(page.id, page);
      }
      return found;
    },

    async pageVersions(pageId, max, signal) {
      const origin = requester.siteOrigin();
      const first = new URL(`/wiki/api/v2/pages/${encodeURIComponent(pageId)}/versions?body-format=storage&limit=${Math.min(pageSize, Math.max(1, max))}`, origin);
      const versions: PageVersion[] = [];
      const found = await requester.readPages(first, origin, signal, (m) => m.listOfPages(), (body) => {
        const listed = parseVersions(body, options.ownRepository);
        if (!listed) throw new WikiReadError('protocol', (m) => m.pageListNotJson());
        versions.push(...listed);
        return versions.length >= max;
      });
      return found ? versions.slice(0, max) : undefined;
    },

    async findPagesByTitle(spaceId, title, signal) {
      const origin = requester.siteOrigin();
      const numericId = await numericSpaceId(spaceId, signal);
      if (numericId === undefined) return [];
      const query = `space-id=${numericId}&title=${encodeURIComponent(title)}`;
      return listPages(query, origin, signal, (page) => page.title === title && (page.spaceId === undefined || page.spaceId === numericId));
    },

    async listSpacePages(spaceId, maxRequests, signal) {
      const origin = requester.siteOrigin();
      const numericId = await numericSpaceId(spaceId, signal);
      if (numericId === undefined) return [];
      return listPagesUpTo(`space-id=${numericId}`, origin, signal, (page) => page.spaceId === undefined || page.spaceId === numericId, maxRequests);
    },

    async resolveSpace(keyOrId, signal) {
      const origin = requester.siteOrigin();
      const wanted = keyOrId.trim();
      if (wanted === '') return undefined;
      // A numeric text is usually an ID; the key route is asked too, since nothing forbids a key of digits.
      if (/^\d+$/.test(wanted)) return (await lookUpSpace('ids', wanted, origin, signal)) ?? lookUpSpace('keys', wanted, origin, signal);
      return lookUpSpace('keys', wanted, origin, signal);
    },
  };
  return client;
}

function clamp(size: number): number {
  return Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(size)));
}
