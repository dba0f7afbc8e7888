// The export API (service-facts.md, "Export API operations"): `POST {exportApiUrl}/bulkExport` with the
// identity provider's access token (scope export:markdown:custom) answers the page's stored Markdown in a
// base64 ZIP. Checks run in a fixed order: wire fault, operation and method, token, scope, body, page.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { buildArchive } from './sandboxArchive';
import { renderExport, type ExportStyle } from './sandboxExportStyle';
import type { ExportFaultSchedule, ExportWireFault } from './sandboxExportFaults';
import { bearerCredential, parseJsonObject, readBody, sendJson } from './sandboxHttp';
import type { PlatformTokenVerifier } from './sandboxLookups';
import type { SandboxPage, SandboxWiki } from './sandboxWiki';

export const EXPORT_SCOPE = 'export:markdown:custom';
const MAX_EXPORT_BODY_BYTES = 64 * 1024;
const DEFAULT_MAX_PAGES = 50;
const MAX_PAGES_LIMIT = 100;

/** One request to the export API. `status` 0: reset on purpose. The token is never kept. */
export interface RecordedExport {
  at: number;
  operation: string;
  status: number;
  authorization: 'none' | 'present';
  body: unknown;
  fault?: string;
}

export interface ExportContext {
  wiki: SandboxWiki;
  verify: PlatformTokenVerifier | undefined;
  faults: ExportFaultSchedule;
  now: () => number;
  exports: RecordedExport[];
  /** How pages' Markdown is written into the archive. */
  style: ExportStyle;
}

interface Answer { status: number; value: unknown; headers?: Record<string, string>; fault?: string }

const PROXY_ERROR_PAGE = '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>';

/** `operation` is the path after the export API's base address, e.g. "/bulkExport". */
export async function handleExportRequest(req: IncomingMessage, res: ServerResponse, operation: string, context: ExportContext): Promise<void> {
  const at = context.now();
  const authorization = req.headers.authorization;
  // Taken on arrival, so "the next N requests" means the next N to arrive.
  const wireFault = req.method === 'POST' ? context.faults.takeWireFault() : undefined;
  const received = await readBody(req, MAX_EXPORT_BODY_BYTES);
  const body = parseJsonObject(received.text);
  const record = (status: number, fault?: string): void => {
    context.exports.push({
      at, operation, status, authorization: authorization === undefined ? 'none' : 'present',
      body: body ?? (received.text || undefined), ...(fault ? { fault } : {}),
    });
  };
  if (wireFault) return produceWireFault(wireFault, req, res, context, record);

  const answer = exportAnswer(req, operation, context, body);
  record(answer.status, answer.fault);
  sendJson(res, answer.status, answer.value, answer.headers);
}

function exportAnswer(req: IncomingMessage, operation: string, context: ExportContext, body: Record<string, unknown> | undefined): Answer {
  if (operation !== '/bulkExport') {
    return { status: 404, value: { success: false, message: 'There is no export operation at this address.' } };
  }
  if (req.method !== 'POST') return { status: 405, value: { success: false, message: 'Use POST.' }, headers: { Allow: 'POST' } };
  const bearer = bearerCredential(req.headers.authorization);
  const caller = bearer === undefined ? undefined : context.verify?.(bearer);
  if (!caller) {
    return {
      status: 401,
      value: { error: 'unauthorized', message: 'A valid, unexpired access token is required (Authorization: Bearer).' },
      headers: { 'WWW-Authenticate': 'Bearer' },
    };
  }
  if (!caller.scopes?.includes(EXPORT_SCOPE)) {
    return { status: 403, value: { error: 'forbidden', message: `The access token lacks the scope ${EXPORT_SCOPE}.` } };
  }
  const request = validateBody(body);
  if ('message' in request) return { status: 400, value: { success: false, message: request.message } };

  const pages = selectPages(context.wiki, request, caller.owner);
  if (!pages) {
    const message = request.pageId !== undefined ? 'Page not found' : 'Space not found';
    return { status: 404, value: { success: false, message } };
  }
  const fault = context.faults.takeArchiveFault();
  const zip = buildArchive(pages.map((page) => ({ ...page, markdown: renderExport(page.markdown, context.style) })), fault);
  return {
    status: 200,
    value: {
      success: true, exportId: randomUUID(), spaceKey: request.spaceKey ?? null, pageId: request.pageId ?? null,
      pageCount: pages.length, zipBase64: Buffer.from(zip).toString('base64'),
    },
    fault,
  };
}

interface ExportRequest { pageId?: string; spaceKey?: string; bulkExport: boolean; maxPages: number }

function validateBody(body: Record<string, unknown> | undefined): ExportRequest | { message: string } {
  if (!body) return { message: 'The request body must be a JSON object.' };
  const { pageId, spaceKey, bulkExport, maxPages, includeAttachments } = body;
  if (pageId !== undefined && (typeof pageId !== 'string' || !/^\d+$/.test(pageId))) {
    return { message: 'pageId must be a page ID (a string of digits).' };
  }
  if (spaceKey !== undefined && (typeof spaceKey !== 'string' || spaceKey === '')) return { message: 'spaceKey must be a non-empty string.' };
  if ((pageId === undefined) === (spaceKey === undefined)) return { message: 'Send either pageId or spaceKey.' };
  if (bulkExport !== undefined && typeof bulkExport !== 'boolean') return { message: 'bulkExport must be true or false.' };
  if (includeAttachments !== undefined && typeof includeAttachments !== 'boolean') {
    return { message: 'includeAttachments must be true or false.' };
  }
  if (maxPages !== undefined && (typeof maxPages !== 'number' || !Number.isInteger(maxPages) || maxPages < 1 || maxPages > MAX_PAGES_LIMIT)) {
    return { message: `maxPages must be a whole number from 1 to ${MAX_PAGES_LIMIT}.` };
  }
  return {
    ...(pageId !== undefined ? { pageId } : {}), ...(spaceKey !== undefined ? { spaceKey } : {}),
    bulkExport: bulkExport === true, maxPages: maxPages ?? DEFAULT_MAX_PAGES,
  };
}

/** The pages to export (at most maxPages), or undefined when the page or space is unknown or hidden. */
function selectPages(wiki: SandboxWiki, request: ExportRequest, owner: string): SandboxPage[] | undefined {
  if (request.pageId !== undefined) {
    const page = wiki.accessiblePage(request.pageId, owner);
    if (!page) return undefined;
    return (request.bulkExport ? [page, ...liveDescendants(wiki, page.id)] : [page]).slice(0, request.maxPages);
  }
  const space = wiki.accessibleSpace(request.spaceKey ?? '', owner);
  if (!space) return undefined;
  const roots = wiki.pages().filter((page) => page.spaceId === space.id && page.parentId === null && !page.deleted);
  return roots.flatMap((root) => [root, ...liveDescendants(wiki, root.id)]).slice(0, request.maxPages);
}

/** Depth first, in creation order; a deleted page hides its subtree. */
function liveDescendants(wiki: SandboxWiki, pageId: string): SandboxPage[] {
  return wiki.childrenInOrder(pageId).filter((child) => !child.deleted).flatMap((child) => [child, ...liveDescendants(wiki, child.id)]);
}

function produceWireFault(
  fault: ExportWireFault, req: IncomingMessage, res: ServerResponse, context: ExportContext, record: (status: number, fault: string) => void,
): void {
  switch (fault) {
    case 'reset':
      record(0, fault);
      req.socket.resetAndDestroy();
      return;
    case 'stallAfterHeaders':
      record(200, fault);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.flushHeaders(); // and never end: only the client's deadline or the sandbox's close() ends this
      return;
    case 'nonJson':
      record(502, fault);
      res.writeHead(502, { 'Content-Type': 'text/html', 'Content-Length': Buffer.byteLength(PROXY_ERROR_PAGE) });
      res.end(PROXY_ERROR_PAGE);
      return;
    case 'rateLimit':
      record(429, fault);
      sendJson(res, 429, { error: 'rate_limited', message: 'Too many requests. Try again later.' }, {
        'Retry-After': String(context.faults.retryAfterSeconds),
      });
      return;
    case 'fail':
      record(500, fault);
      sendJson(res, 500, { success: false, message: 'Internal server error' });
  }
}
