// The sandbox wiki: a real HTTP server on 127.0.0.1 that behaves as the spec's import service, with the
// platform lookups, human-readable page views, and a separate control listener for tests and the demo.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { handleControlRequest } from './sandboxControl';
import { FaultSchedule, type FaultPlan } from './sandboxFaults';
import type { ExportStyle } from './sandboxExportStyle';
import { handleExportRequest, type ExportContext, type RecordedExport } from './sandboxExport';
import { ExportFaultSchedule, type ExportFaultPlan } from './sandboxExportFaults';
import { sendHtml, sendJson } from './sandboxHttp';
import { handleImportRequest, type ImportAuthor, type ImportContext, type RecordedImport } from './sandboxImport';
import { appendToFirstParagraphLine, DEFAULT_LINE_EDIT } from './sandboxLineEdit';
import { handleLookup, type PlatformTokenVerifier } from './sandboxLookups';
import { TokenRegistry, type IssuedToken, type IssueTokenOptions } from './sandboxTokens';
import { pageViewPath, renderIndex, renderNotFound, renderPage, viewedPage, webuiPath } from './sandboxViews';
import { SandboxWiki, seenPage, type SandboxPage, type SandboxVersion, type SeenPage } from './sandboxWiki';

export type { FaultPlan } from './sandboxFaults';
export type { ImportAuthor, RecordedImport } from './sandboxImport';
export { IMPORT_APP_ACCOUNT } from './sandboxImport';
export type { RecordedExport } from './sandboxExport';
export type { ExportFaultPlan } from './sandboxExportFaults';
export type { IssuedToken, IssueTokenOptions, TokenLifetime } from './sandboxTokens';
export type { SandboxPage, SandboxVersion, SeenPage } from './sandboxWiki';

/**
 * How the page routes fail when told to (setPageLookupFault): every request answers 500 ('error'), stays open
 * ('hang'), or answers 500 once an import has been received ('errorAfterImport': a run's lookups before sending
 * work, and none after, as when the wiki's read side fails mid-run).
 */
export type PageLookupFault = 'error' | 'hang' | 'errorAfterImport';

export interface SandboxOptions {
  port?: number;
  controlPort?: number;
  now?: () => number;
  appId?: string;
  environmentId?: string;
  /** Checks platform access tokens for the lookups and the export API (which also needs its scope). */
  verifyPlatformToken?: PlatformTokenVerifier;
  /** Serves the wiki over https with this PEM key and certificate (the control listener stays plain http). */
  tls?: { key: string; cert: string };
}

export interface Sandbox {
  readonly baseUrl: string;
  readonly importEndpoint: string;
  readonly controlUrl: string;
  issueToken(options?: IssueTokenOptions): IssuedToken;
  revokeToken(label: string): void;
  setLicenseActive(active: boolean): void;
  injectFaults(plan: FaultPlan): void;
  clearFaults(): void;
  readonly imports: RecordedImport[];
  /** The most import requests the sandbox was handling at once since the last reset. */
  readonly maxConcurrentImports: number;
  /** The import requests the sandbox is handling now: arrived, not yet answered (its latency holds them). */
  readonly importsInFlight: number;
  /** Every page as a test looks at it: its text apart from a trailing publish notice (SeenPage). */
  pages(): SeenPage[];
  /** Every version of the page, oldest first (a deleted page keeps its own); empty for an unknown ID. */
  pageVersions(pageId: string): SandboxVersion[];
  findPageByTitle(spaceKeyOrId: string, parentId: string, title: string): SeenPage | undefined;
  pageViewUrl(pageId: string): string;
  deletePage(pageId: string): void;
  /** `{baseUrl}/gateway/api/svc/wiki/apps/<appId>_<envId>`: append `/bulkExport`. */
  readonly exportApiUrl: string;
  readonly exports: RecordedExport[];
  injectExportFaults(plan: ExportFaultPlan): void;
  clearExportFaults(): void;
  /**
   * How the export writes pages: 'stored' (the default) gives back the Markdown as imported, 'converted' in the style
   * of a real wiki's export (other bullet markers, `_em_`, escapes, blank lines; see sandboxExportStyle.ts).
   */
  setExportStyle(style: ExportStyle): void;
  /** A colleague makes a page on the wiki (another team's page, say): version 1, author "wiki-editor". */
  createPageOnWiki(spaceKey: string, parentId: string, title: string, markdown: string): SandboxPage;
  /** A colleague's edit on the wiki: version + 1, new Markdown (and title; a version message, '' unless given), author "wiki-editor". */
  editPageOnWiki(pageId: string, markdown: string, options?: { title?: string; message?: string }): SandboxPage;
  /**
   * A colleague's edit of one line on the wiki: `append` (" (edited on the wiki)" unless given) added to the end of the
   * page's first paragraph line, the rest kept; version + 1, author "wiki-editor". No paragraph: a new last line.
   */
  editLineOnWiki(pageId: string, options?: { append?: string; message?: string }): SandboxPage;
  /** A colleague moves the page (and its children) under another parent of its space; its version stays. */
  movePageOnWiki(pageId: string, parentId: string): SandboxPage;
  /** Caps the children and page list routes' page size below what clients ask for (undefined: the platform's 250). */
  setMaxChildrenPageSize(size: number | undefined): void;
  /** Refuses a create whose title is used anywhere in the space, ignoring case, as the platform long did (off by default). */
  setUniqueTitlesInSpace(on: boolean): void;
  /**
   * Makes the page routes (`/wiki/api/v2/pages...`: a page, the page list, a page's children) fail, as a wiki site in
   * trouble does, until set back to undefined: 'error' answers 500, 'hang' never answers (a client's deadline ends
   * it). The space lookup keeps working, so page access itself is fine. Off by default; reset() turns it off.
   */
  setPageLookupFault(fault: PageLookupFault | undefined): void;
  /** Holds every answer of the page routes (`/wiki/api/v2/pages...`) back this long, as a distant wiki site does; reset() sets 0. */
  setPageLookupLatency(ms: number): void;
  /** The most page-route requests the sandbox was handling at once since the last reset. */
  readonly maxConcurrentPageLookups: number;
  /**
   * Whom the wiki records as an import's author: 'tokenOwner' (the default; reset() restores it), or 'app', one account
   * (IMPORT_APP_ACCOUNT, "wiki-publisher-app") that no import token's `sub` names, as the real platform may do.
   */
  setImportAuthor(author: ImportAuthor): void;
  /** Requests to the platform routes (any path under `/wiki/api/v2/`, refused and faulted ones too) since the last reset. */
  readonly pageRouteRequests: number;
  /** The last 100 of those requests' paths with their queries, oldest first (a bench replays a run's requests). */
  readonly pageRoutePaths: readonly string[];
  /** The page's address as the platform gives it: `{baseUrl}/wiki` + `_links.webui`. */
  pageAddress(pageId: string): string;
  reset(): void;
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const appId = encodeURIComponent(options.appId ?? 'wiki-publisher-sandbox');
  const environmentId = encodeURIComponent(options.environmentId ?? 'dev');
  const importPath = `/wiki/apps/${appId}/${environmentId}/webtrigger`;
  const exportPath = `/gateway/api/svc/wiki/apps/${appId}_${environmentId}`;
  const closing = new AbortController();
  const context: ImportContext = {
    wiki: new SandboxWiki(options.now ?? Date.now),
    tokens: new TokenRegistry(options.now ?? Date.now),
    faults: new FaultSchedule(),
    now: options.now ?? Date.now,
    imports: [],
    inFlight: { now: 0, max: 0 },
    closing: closing.signal,
    uniqueTitlesInSpace: false,
    importAuthor: 'tokenOwner',
  };
  const { wiki, tokens, faults, imports } = context;
  const exporting: ExportContext = {
    wiki, verify: options.verifyPlatformToken, faults: new ExportFaultSchedule(), now: context.now, exports: [],
    style: 'stored',
  };
  let maxChildrenPageSize: number | undefined;
  let pageLookupFault: PageLookupFault | undefined;
  let pageLookupLatencyMs = 0;
  const pageLookups = { now: 0, max: 0 };
  let pageRouteRequests = 0;
  const pageRoutePaths: string[] = [];

  const routeBase = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    if (url.pathname === importPath) return handleImportRequest(req, res, context);
    if (url.pathname.startsWith('/wiki/apps/')) {
      return sendJson(res, 404, { body: 'Error: Not Found - There is no import endpoint at this address. Check the app and environment IDs.' });
    }
    if (url.pathname.startsWith(`${exportPath}/`)) {
      return handleExportRequest(req, res, url.pathname.slice(exportPath.length), exporting);
    }
    if (url.pathname.startsWith('/wiki/api/v2/')) {
      pageRouteRequests++;
      pageRoutePaths.push(`${url.pathname}${url.search}`);
      if (pageRoutePaths.length > 100) pageRoutePaths.shift();
    }
    if (pageLookupFault !== undefined && url.pathname.startsWith('/wiki/api/v2/pages') && (pageLookupFault !== 'errorAfterImport' || imports.length > 0)) {
      // A hanging request is left open: the client's deadline (or close()) ends it.
      if (pageLookupFault === 'hang') return;
      return sendJson(res, 500, { errors: [{ status: 500, title: 'Internal Server Error' }] });
    }
    const lookups = { wiki, verify: options.verifyPlatformToken, baseUrl: () => sandbox.baseUrl, maxChildrenPageSize: () => maxChildrenPageSize };
    const pageRoute = url.pathname.startsWith('/wiki/api/v2/pages');
    if (pageRoute) pageLookups.max = Math.max(pageLookups.max, ++pageLookups.now);
    let looked: boolean;
    try {
      if (pageRoute && pageLookupLatencyMs > 0) await delay(pageLookupLatencyMs, undefined, { signal: closing.signal }).catch(() => undefined);
      looked = handleLookup(req, res, url, lookups);
    } finally {
      if (pageRoute) pageLookups.now--;
    }
    if (looked) return;
    // The platform's page-ID address sends the reader on to the page's own address, whatever its space and title.
    if (req.method === 'GET' && url.pathname === '/wiki/pages/viewpage.action') {
      const page = wiki.page(url.searchParams.get('pageId') ?? '');
      if (!page) return sendHtml(res, 404, renderNotFound());
      res.writeHead(302, { location: `${sandbox.baseUrl}/wiki${webuiPath(page)}` }).end();
      return;
    }
    const viewed = viewedPage(wiki, url.pathname);
    if (req.method === 'GET' && url.pathname === '/') return sendHtml(res, 200, renderIndex(wiki));
    if (req.method === 'GET' && viewed) return sendHtml(res, 200, renderPage(wiki, viewed));
    sendHtml(res, 404, renderNotFound());
  };

  const handleBase = (req: IncomingMessage, res: ServerResponse): void => answerFailures(routeBase(req, res), res);
  const base = options.tls ? createTlsServer(options.tls, handleBase) : createServer(handleBase);
  const control = createServer((req, res) => answerFailures(handleControlRequest(req, res, sandbox), res));
  await listen(base, options.port ?? 0);
  try {
    await listen(control, options.controlPort ?? 0);
  } catch (error) {
    await stop(base);
    throw error;
  }

  const baseUrl = `${options.tls ? 'https' : 'http'}://127.0.0.1:${(base.address() as AddressInfo).port}`;
  const sandbox: Sandbox = {
    baseUrl,
    importEndpoint: `${baseUrl}${importPath}`,
    controlUrl: `http://127.0.0.1:${(control.address() as AddressInfo).port}`,
    issueToken: (issueOptions) => tokens.issue(issueOptions),
    revokeToken: (label) => tokens.revoke(label),
    setLicenseActive: (active) => tokens.setLicenseActive(active),
    injectFaults: (plan) => faults.merge(plan),
    clearFaults: () => faults.clear(),
    imports,
    get maxConcurrentImports() {
      return context.inFlight.max;
    },
    get importsInFlight() {
      return context.inFlight.now;
    },
    pages: () => wiki.pages().map(seenPage),
    pageVersions: (pageId) => wiki.versions(pageId),
    findPageByTitle: (spaceKeyOrId, parentId, title) => {
      const found = wiki.findPageByTitle(spaceKeyOrId, parentId, title);
      return found && seenPage(found);
    },
    pageViewUrl: (pageId) => `${baseUrl}${pageViewPath(pageId)}`,
    deletePage: (pageId) => wiki.delete(pageId),
    exportApiUrl: `${baseUrl}${exportPath}`,
    exports: exporting.exports,
    injectExportFaults: (plan) => exporting.faults.merge(plan),
    clearExportFaults: () => exporting.faults.clear(),
    setExportStyle(style) {
      exporting.style = style;
    },
    createPageOnWiki: (spaceKey, parentId, title, markdown) => wiki.createOnWiki(spaceKey, parentId, title, markdown),
    editPageOnWiki: (pageId, markdown, editOptions) => wiki.editOnWiki(pageId, markdown, editOptions?.title, editOptions?.message),
    editLineOnWiki(pageId, editOptions) {
      const page = wiki.page(pageId);
      if (!page || page.deleted) throw new Error(`No live page ${pageId} in the sandbox`);
      // The page's own text is edited, not the publish notice that may end it (as a colleague edits a page).
      const text = seenPage(page).markdown;
      const markdown = `${appendToFirstParagraphLine(text, editOptions?.append ?? DEFAULT_LINE_EDIT)}${page.markdown.slice(text.length)}`;
      return wiki.editOnWiki(pageId, markdown, undefined, editOptions?.message);
    },
    movePageOnWiki: (pageId, parentId) => wiki.moveOnWiki(pageId, parentId),
    setUniqueTitlesInSpace(on) {
      context.uniqueTitlesInSpace = on;
    },
    setPageLookupFault(fault) {
      pageLookupFault = fault;
    },
    setPageLookupLatency(ms) {
      if (!Number.isInteger(ms) || ms < 0) throw new Error('A latency must be a whole number of milliseconds, at least 0.');
      pageLookupLatencyMs = ms;
    },
    get maxConcurrentPageLookups() {
      return pageLookups.max;
    },
    setImportAuthor(author) {
      if (author !== 'tokenOwner' && author !== 'app') throw new Error('The import author is "tokenOwner" or "app".');
      context.importAuthor = author;
    },
    get pageRouteRequests() {
      return pageRouteRequests;
    },
    get pageRoutePaths() {
      return pageRoutePaths;
    },
    setMaxChildrenPageSize(size) {
      if (size !== undefined && (!Number.isInteger(size) || size < 1)) throw new Error('A page size must be a whole number of at least 1.');
      maxChildrenPageSize = size;
    },
    pageAddress(pageId) {
      const page = wiki.page(pageId);
      if (!page) throw new Error(`No page ${pageId} in the sandbox`);
      return `${baseUrl}/wiki${webuiPath(page)}`;
    },
    reset() {
      wiki.reset();
      tokens.clear();
      faults.clear();
      exporting.faults.clear();
      exporting.style = 'stored';
      maxChildrenPageSize = undefined;
      context.uniqueTitlesInSpace = false;
      context.importAuthor = 'tokenOwner';
      pageRouteRequests = 0;
      pageRoutePaths.length = 0;
      pageLookupFault = undefined;
      pageLookupLatencyMs = 0;
      pageLookups.max = pageLookups.now;
      imports.length = 0; // in place, so arrays callers already hold stay live
      context.inFlight.max = context.inFlight.now;
      exporting.exports.length = 0;
    },
    async close() {
      closing.abort();
      await Promise.all([stop(base), stop(control)]);
    },
  };
  return sandbox;
}

/** A handler that throws must not take the sandbox down: answer 500, or drop a half-sent response. */
function answerFailures(handling: Promise<void>, res: ServerResponse): void {
  handling.catch((error: unknown) => {
    if (res.headersSent || res.destroyed) {
      res.destroy();
      return;
    }
    const reason = error instanceof Error ? error.message : String(error);
    sendJson(res, 500, { body: `Error: Internal error - The sandbox failed: ${reason}` });
  });
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Stops accepting and destroys every open socket at once, including responses stalled on purpose. */
function stop(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
