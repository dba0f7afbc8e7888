// The sandbox wiki: a real HTTP server on 127.0.0.1 that behaves as the spec's import service, with the
// platform lookups, human-readable page views, and a separate control listener for tests and the demo.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleControlRequest } from './sandboxControl';
import { FaultSchedule, type FaultPlan } from './sandboxFaults';
import { sendHtml, sendJson } from './sandboxHttp';
import { handleImportRequest, type ImportContext, type RecordedImport } from './sandboxImport';
import { handleLookup, type PlatformTokenVerifier } from './sandboxLookups';
import { TokenRegistry, type IssuedToken, type IssueTokenOptions } from './sandboxTokens';
import { PAGE_VIEW_PATH, pageViewPath, renderIndex, renderNotFound, renderPage } from './sandboxViews';
import { SandboxWiki, type SandboxPage } from './sandboxWiki';

export type { FaultPlan } from './sandboxFaults';
export type { RecordedImport } from './sandboxImport';
export type { IssuedToken, IssueTokenOptions, TokenLifetime } from './sandboxTokens';
export type { SandboxPage } from './sandboxWiki';

export interface SandboxOptions {
  port?: number;
  controlPort?: number;
  now?: () => number;
  appId?: string;
  environmentId?: string;
  verifyPlatformToken?: PlatformTokenVerifier;
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
  pages(): SandboxPage[];
  findPageByTitle(spaceKeyOrId: string, parentId: string, title: string): SandboxPage | undefined;
  pageViewUrl(pageId: string): string;
  deletePage(pageId: string): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const appId = encodeURIComponent(options.appId ?? 'wiki-publisher-sandbox');
  const environmentId = encodeURIComponent(options.environmentId ?? 'dev');
  const importPath = `/wiki/apps/${appId}/${environmentId}/webtrigger`;
  const closing = new AbortController();
  const context: ImportContext = {
    wiki: new SandboxWiki(),
    tokens: new TokenRegistry(options.now ?? Date.now),
    faults: new FaultSchedule(),
    now: options.now ?? Date.now,
    imports: [],
    closing: closing.signal,
  };
  const { wiki, tokens, faults, imports } = context;

  const routeBase = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    if (url.pathname === importPath) return handleImportRequest(req, res, context);
    if (url.pathname.startsWith('/wiki/apps/')) {
      return sendJson(res, 404, { body: 'Error: Not Found - There is no import endpoint at this address. Check the app and environment IDs.' });
    }
    if (handleLookup(req, res, url, wiki, options.verifyPlatformToken)) return;
    const viewedId = PAGE_VIEW_PATH.exec(url.pathname)?.[1];
    const viewed = viewedId === undefined ? undefined : wiki.page(viewedId);
    if (req.method === 'GET' && url.pathname === '/') return sendHtml(res, 200, renderIndex(wiki));
    if (req.method === 'GET' && viewed) return sendHtml(res, 200, renderPage(wiki, viewed));
    sendHtml(res, 404, renderNotFound());
  };

  const base = createServer((req, res) => answerFailures(routeBase(req, res), res));
  const control = createServer((req, res) => answerFailures(handleControlRequest(req, res, sandbox), res));
  await listen(base, options.port ?? 0);
  try {
    await listen(control, options.controlPort ?? 0);
  } catch (error) {
    await stop(base);
    throw error;
  }

  const baseUrl = `http://127.0.0.1:${(base.address() as AddressInfo).port}`;
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
    pages: () => wiki.pages(),
    findPageByTitle: (spaceKeyOrId, parentId, title) => wiki.findPageByTitle(spaceKeyOrId, parentId, title),
    pageViewUrl: (pageId) => `${baseUrl}${pageViewPath(pageId)}`,
    deletePage: (pageId) => wiki.delete(pageId),
    reset() {
      wiki.reset();
      tokens.clear();
      faults.clear();
      imports.length = 0; // in place, so arrays callers already hold stay live
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
