// Helpers for the sandbox's own tests: raw requests (fetch or node:http), never the extension's client.
import { request } from 'node:http';
import type { Sandbox } from './server';

export interface JsonAnswer { status: number; contentType: string | null; text: string; json: unknown; headers: Headers }

/** A body that imports successfully into DOCS, with any member replaced or (as undefined) removed. */
export function importBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { spaceId: 'DOCS', parentId: '123456', pageTitle: 'Release notes', content: '# Release notes\n', ...overrides };
}

export async function send(url: string, init: RequestInit = {}): Promise<JsonAnswer> {
  const response = await fetch(url, init);
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, contentType: response.headers.get('content-type'), text, json, headers: response.headers };
}

/** POSTs to the import endpoint; `token: undefined` sends no Authorization header at all. */
export function postImport(sandbox: Sandbox, body: unknown, token: string | undefined, rawBody?: string): Promise<JsonAnswer> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token !== undefined) headers.Authorization = `Bearer ${token}`;
  return send(sandbox.importEndpoint, { method: 'POST', headers, body: rawBody ?? JSON.stringify(body) });
}

/** POSTs to the export API's bulkExport; `token: undefined` sends no Authorization header at all. */
export function postExport(sandbox: Sandbox, body: unknown, token: string | undefined, rawBody?: string): Promise<JsonAnswer> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token !== undefined) headers.Authorization = `Bearer ${token}`;
  return send(`${sandbox.exportApiUrl}/bulkExport`, { method: 'POST', headers, body: rawBody ?? JSON.stringify(body) });
}

/** The body clients send to export one page. */
export function exportBody(pageId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { pageId, bulkExport: false, maxPages: 1, includeAttachments: false, ...overrides };
}

/** GETs a platform route (a path on the base URL, or a full URL) with a platform bearer token, if any. */
export function platformGet(sandbox: Sandbox, pathOrUrl: string, bearer?: string): Promise<JsonAnswer> {
  const url = pathOrUrl.startsWith('/') ? `${sandbox.baseUrl}${pathOrUrl}` : pathOrUrl;
  return send(url, { headers: bearer === undefined ? {} : { Authorization: `Bearer ${bearer}` } });
}

export function control(sandbox: Sandbox, method: string, path: string, body?: unknown): Promise<JsonAnswer> {
  return send(`${sandbox.controlUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The first member of an import answer, which every non-fault answer has. */
export function sentence(answer: JsonAnswer): string {
  return (answer.json as { body: string }).body;
}

export type RawOutcome =
  | { kind: 'error'; code: string | undefined }
  | { kind: 'headers'; status: number; contentType: string | undefined; end: Promise<'ended' | 'closed'> };

/**
 * One POST over node:http that reports what arrived first: a socket error, or the status line (with a
 * promise for how the body then finished), so stalls and resets can be seen without a timer.
 */
export function rawPost(url: string, body: string, token: string): Promise<RawOutcome> {
  return new Promise((resolve) => {
    const req = request(url, {
      method: 'POST',
      agent: false,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'Content-Length': Buffer.byteLength(body) },
    }, (res) => {
      const end = new Promise<'ended' | 'closed'>((settle) => {
        res.on('end', () => settle('ended'));
        res.on('close', () => settle(res.complete ? 'ended' : 'closed'));
        res.on('error', () => settle('closed'));
        res.resume();
      });
      resolve({ kind: 'headers', status: res.statusCode ?? 0, contentType: res.headers['content-type'], end });
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ kind: 'error', code: error.code }));
    req.end(body);
  });
}
