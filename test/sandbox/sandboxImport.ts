// The import endpoint (spec 2.1, 4.1, 5.1, 7). Checks run in a fixed order: injected fault, token, body,
// space and parent, existing page, then the write. Every answer is {"body": "<sentence>"} except faults.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import type { FaultKind, FaultSchedule } from './sandboxFaults';
import { readBody, sendJson, type ReceivedBody } from './sandboxHttp';
import type { TokenRegistry } from './sandboxTokens';
import type { SandboxWiki } from './sandboxWiki';

export const MAX_IMPORT_BODY_BYTES = 5 * 1024 * 1024;

/**
 * Whom the wiki records as the author of an import's version: the token's owner (the default), or one app account
 * for every import, as the real platform may do. Which one it does is not documented, and the token's claims need
 * not name either (its `sub` is the owner, never the app account), so a client must not assume one.
 */
export type ImportAuthor = 'tokenOwner' | 'app';
export const IMPORT_APP_ACCOUNT = 'wiki-publisher-app';

/**
 * One request to the import path. `status` is what was sent (0 when the connection was reset on purpose);
 * `body` is the parsed JSON, else the raw text, else undefined (empty or over 5 MiB). The token is never kept.
 */
export interface RecordedImport { at: number; status: number; authorization: 'none' | 'present'; body: unknown; rawBodyBytes: number }

export interface ImportContext {
  wiki: SandboxWiki;
  tokens: TokenRegistry;
  faults: FaultSchedule;
  now: () => number;
  imports: RecordedImport[];
  /** Import requests being handled right now, and the most there ever were at once (for concurrency tests). */
  inFlight: { now: number; max: number };
  /** Aborted when the sandbox closes, so an injected latency does not hold it open. */
  closing: AbortSignal;
  /** Refuse a new page whose title is used anywhere in its space, ignoring case, as the platform long did. */
  uniqueTitlesInSpace: boolean;
  importAuthor: ImportAuthor;
}

interface Answer { status: number; message: string }

const INTERNAL_ERROR: Answer = { status: 500, message: 'Error: Internal error - The page could not be imported. Please try again later.' };
const PROXY_ERROR_PAGE =
  '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr><p>sandbox-proxy</p></body></html>';
const NOT_JSON = Symbol('not JSON');

export async function handleImportRequest(req: IncomingMessage, res: ServerResponse, context: ImportContext): Promise<void> {
  context.inFlight.now += 1;
  context.inFlight.max = Math.max(context.inFlight.max, context.inFlight.now);
  try {
    await answerImport(req, res, context);
  } finally {
    context.inFlight.now -= 1;
  }
}

async function answerImport(req: IncomingMessage, res: ServerResponse, context: ImportContext): Promise<void> {
  const at = context.now();
  const authorization = req.headers.authorization;
  // Taken on arrival, so "the next N requests" means the next N to arrive.
  const fault = req.method === 'POST' ? context.faults.takeNext() : undefined;
  const received = await readBody(req, MAX_IMPORT_BODY_BYTES);
  const parsed = parseJson(received);
  const record = (status: number): void => {
    context.imports.push({
      at, status, authorization: authorization === undefined ? 'none' : 'present',
      body: parsed === NOT_JSON ? received.text || undefined : parsed, rawBodyBytes: received.bytes,
    });
  };
  if (context.faults.latencyMs > 0) {
    try {
      await delay(context.faults.latencyMs, undefined, { signal: context.closing });
    } catch {
      return; // closing: the socket is being destroyed anyway
    }
  }
  if (fault === 'throttle') {
    record(429);
    return sendJson(res, 429, { body: 'Error: Too Many Requests - Slow down and try again later.' }, { 'Retry-After': context.faults.retryAfterHeader });
  }
  if (fault && fault !== 'commitThenFail') return produceFault(fault, req, res, record);

  const answer = req.method === 'POST'
    ? importPage(context, authorization, received, parsed)
    : { status: 405, message: 'Error: Method Not Allowed - Send the page with POST.' };
  // The page has been written (or refused) above; the caller only learns that something failed.
  const sent = fault === 'commitThenFail' ? INTERNAL_ERROR : answer;
  record(sent.status);
  sendJson(res, sent.status, { body: sent.message }, sent.status === 405 ? { Allow: 'POST' } : {});
}

function produceFault(fault: FaultKind, req: IncomingMessage, res: ServerResponse, record: (status: number) => void): void {
  switch (fault) {
    case 'reset':
      record(0); // no status was ever sent
      req.socket.resetAndDestroy();
      return;
    case 'stallAfterHeaders':
      record(200);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.flushHeaders(); // and never end: only the client's deadline or close() ends this
      return;
    case 'nonJson':
      record(502);
      res.writeHead(502, { 'Content-Type': 'text/html', 'Content-Length': Buffer.byteLength(PROXY_ERROR_PAGE) });
      res.end(PROXY_ERROR_PAGE);
      return;
    case 'emptyBody':
      record(500);
      res.writeHead(500, { 'Content-Type': 'application/json', 'Content-Length': 0 });
      res.end();
      return;
    default:
      record(INTERNAL_ERROR.status);
      sendJson(res, INTERNAL_ERROR.status, { body: INTERNAL_ERROR.message });
  }
}

function importPage(context: ImportContext, authorization: string | undefined, received: ReceivedBody, parsed: unknown): Answer {
  const token = context.tokens.check(authorization);
  if (!token.ok) return { status: token.status, message: token.message };
  const request = validateBody(received, parsed);
  if ('message' in request) return request;

  const space = context.wiki.accessibleSpace(request.spaceId, token.owner);
  if (!space) {
    return notFound(`The space "${request.spaceId}" does not exist or you do not have access to it.`);
  }
  const parent = context.wiki.page(request.parentId);
  if (!parent) return notFound(`The parent page ${request.parentId} does not exist.`);
  if (parent.deleted) return notFound(`The parent page ${request.parentId} has been deleted.`);
  if (parent.spaceId !== space.id) {
    return notFound(`The parent page ${request.parentId} is not in the space "${space.key}" or you do not have access to it.`);
  }

  const author = context.importAuthor === 'app' ? IMPORT_APP_ACCOUNT : token.owner;
  const existing = context.wiki.findChild(parent.id, request.pageTitle);
  if (existing && !request.overwrite) {
    return {
      status: 400,
      message: 'Error: A page with this title already exists under the parent page. Set "overwrite" to true to update it.',
    };
  }
  if (existing) {
    context.wiki.update(existing.id, request.content, author);
    return { status: 200, message: 'Success: Page updated successfully' };
  }
  if (context.uniqueTitlesInSpace) {
    const wanted = request.pageTitle.toLocaleLowerCase('en-US');
    const taken = context.wiki.pages().find((page) => !page.deleted && page.spaceId === space.id && page.title.toLocaleLowerCase('en-US') === wanted);
    if (taken) return { status: 400, message: `Error: Bad Request - A page titled "${taken.title}" already exists in the space "${space.key}".` };
  }
  context.wiki.create(space, parent.id, request.pageTitle, request.content, author);
  return { status: 201, message: 'Success: Page created successfully' };
}

interface ImportBody { spaceId: string; parentId: string; pageTitle: string; content: string; overwrite: boolean }

const REQUIRED_FIELDS = ['spaceId', 'parentId', 'pageTitle', 'content'] as const;

function validateBody(received: ReceivedBody, parsed: unknown): ImportBody | Answer {
  if (received.text === undefined) return badRequest('The request body is larger than 5 MiB.');
  if (parsed === NOT_JSON) return badRequest('The request body is not valid JSON.');
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return badRequest('The request body must be a JSON object with spaceId, parentId, pageTitle and content.');
  }
  const body = parsed as Record<string, unknown>;
  for (const field of REQUIRED_FIELDS) {
    if (!body[field]) return badRequest(`The field "${field}" is required and must not be empty.`);
    if (typeof body[field] !== 'string') return badRequest(`The field "${field}" must be a string.`);
  }
  // The loop above has just proved the four required fields are non-empty strings.
  const { spaceId, parentId, pageTitle, content, overwrite } = body as Omit<ImportBody, 'overwrite'> & { overwrite?: unknown };
  if (content.trim() === '') return badRequest('The field "content" holds only whitespace; it must contain Markdown.');
  if (!/^\d+$/.test(parentId)) return badRequest('The field "parentId" must be a page ID made of digits only.');
  if (overwrite !== undefined && typeof overwrite !== 'boolean') {
    return badRequest('The field "overwrite" must be true or false.');
  }
  return { spaceId, parentId, pageTitle, content, overwrite: overwrite === true };
}

function parseJson(received: ReceivedBody): unknown {
  if (received.text === undefined || received.text === '') return NOT_JSON;
  try {
    return JSON.parse(received.text);
  } catch {
    return NOT_JSON;
  }
}

function badRequest(reason: string): Answer {
  return { status: 400, message: `Error: Bad Request - ${reason}` };
}

function notFound(reason: string): Answer {
  return { status: 404, message: `Error: Not Found - ${reason}` };
}
