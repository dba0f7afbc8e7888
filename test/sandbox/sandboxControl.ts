// The control surface: the same levers the in-process API offers, as JSON over HTTP on a separate
// listener, for processes that cannot hold the Sandbox object (end-to-end tests, the demo).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ExportFaultPlan } from './sandboxExportFaults';
import type { FaultPlan } from './sandboxFaults';
import { parseJsonObject, readBody, sendJson } from './sandboxHttp';
import type { IssueTokenOptions } from './sandboxTokens';
import type { Sandbox } from './server';

const MAX_CONTROL_BODY_BYTES = 64 * 1024;
const OK = { ok: true };

/** A route's answer: JSON, or with `text`, plain text (a token a shell command can put in a variable as it is). */
type RouteAnswer = { status: number; value: unknown } | { status: number; text: string };
type Route = (sandbox: Sandbox, match: RegExpExecArray, body: Record<string, unknown>) => RouteAnswer;

const ROUTES: ReadonlyArray<readonly [method: string, path: RegExp, route: Route]> = [
  ['POST', /^\/tokens$/, (sandbox, _match, body) => ({ status: 201, value: sandbox.issueToken(body as IssueTokenOptions) })],
  // `export WIKI_PUBLISHER_API_TOKEN="$(curl -s -X POST …/token)"`: a fresh token (alice's, 30 days unless the body says otherwise).
  ['POST', /^\/token$/, (sandbox, _match, body) => ({ status: 201, text: `${sandbox.issueToken(body as IssueTokenOptions).token}\n` })],
  ['DELETE', /^\/tokens\/([^/]+)$/, (sandbox, match) => {
    sandbox.revokeToken(decodeURIComponent(match[1] ?? ''));
    return { status: 200, value: OK };
  }],
  ['POST', /^\/license$/, (sandbox, _match, body) => {
    if (typeof body.active !== 'boolean') throw new Error('Send {"active": true} or {"active": false}.');
    sandbox.setLicenseActive(body.active);
    return { status: 200, value: OK };
  }],
  ['POST', /^\/faults$/, (sandbox, _match, body) => {
    sandbox.injectFaults(body as FaultPlan);
    return { status: 200, value: OK };
  }],
  ['DELETE', /^\/faults$/, (sandbox) => {
    sandbox.clearFaults();
    return { status: 200, value: OK };
  }],
  ['GET', /^\/imports$/, (sandbox) => ({ status: 200, value: sandbox.imports })],
  ['GET', /^\/pages$/, (sandbox) => ({ status: 200, value: sandbox.pages() })],
  ['POST', /^\/pages\/(\d+)\/delete$/, (sandbox, match) => {
    sandbox.deletePage(match[1] ?? '');
    return { status: 200, value: OK };
  }],
  ['GET', /^\/pages\/(\d+)$/, (sandbox, match) => {
    const address = sandbox.pageAddress(match[1] ?? '');
    return { status: 200, value: { ...sandbox.pages().find((page) => page.id === match[1]), address } };
  }],
  ['POST', /^\/pages\/(\d+)\/edit$/, (sandbox, match, body) => {
    const { markdown, title } = body;
    if (typeof markdown !== 'string') throw new Error('Send {"markdown": "..."} and, to rename the page, "title".');
    if (title !== undefined && (typeof title !== 'string' || title.trim() === '')) throw new Error('"title" must be a non-empty string.');
    return { status: 200, value: sandbox.editPageOnWiki(match[1] ?? '', markdown, { ...(title === undefined ? {} : { title }), ...versionMessage(body) }) };
  }],
  // A colleague's edit of one line (the demo's): `{}` appends " (edited on the wiki)" to the first paragraph line.
  ['POST', /^\/pages\/(\d+)\/editLine$/, (sandbox, match, body) => {
    const { append } = body;
    if (append !== undefined && (typeof append !== 'string' || append === '' || append.includes('\n'))) {
      throw new Error('"append" must be text of one line, not empty.');
    }
    return { status: 200, value: sandbox.editLineOnWiki(match[1] ?? '', { ...(append === undefined ? {} : { append }), ...versionMessage(body) }) };
  }],
  ['GET', /^\/pages\/(\d+)\/versions$/, (sandbox, match) => {
    const versions = sandbox.pageVersions(match[1] ?? '');
    if (versions.length === 0) throw new Error(`No page ${match[1] ?? ''} in the sandbox`);
    return { status: 200, value: versions };
  }],
  ['POST', /^\/pages\/(\d+)\/move$/, (sandbox, match, body) => {
    if (typeof body.parentId !== 'string' || body.parentId === '') throw new Error('Send {"parentId": "..."}: the page to move it under.');
    return { status: 200, value: sandbox.movePageOnWiki(match[1] ?? '', body.parentId) };
  }],
  ['POST', /^\/exportFaults$/, (sandbox, _match, body) => {
    sandbox.injectExportFaults(body as ExportFaultPlan);
    return { status: 200, value: OK };
  }],
  ['DELETE', /^\/exportFaults$/, (sandbox) => {
    sandbox.clearExportFaults();
    return { status: 200, value: OK };
  }],
  ['GET', /^\/exports$/, (sandbox) => ({ status: 200, value: sandbox.exports })],
  ['POST', /^\/paging$/, (sandbox, _match, body) => {
    const size = body.maxChildrenPageSize;
    if (size !== null && typeof size !== 'number') throw new Error('Send {"maxChildrenPageSize": n} or {"maxChildrenPageSize": null}.');
    sandbox.setMaxChildrenPageSize(size ?? undefined);
    return { status: 200, value: OK };
  }],
  ['POST', /^\/pageLookupFault$/, (sandbox, _match, body) => {
    const fault = body.fault;
    if (fault !== null && fault !== 'error' && fault !== 'hang' && fault !== 'errorAfterImport') throw new Error('Send {"fault": "error"}, {"fault": "hang"}, {"fault": "errorAfterImport"} or {"fault": null}.');
    sandbox.setPageLookupFault(fault ?? undefined);
    return { status: 200, value: OK };
  }],
  // The platform as it long was: a title used anywhere in the space is refused, whatever the parent.
  ['POST', /^\/uniqueTitles$/, (sandbox, _match, body) => {
    if (typeof body.inSpace !== 'boolean') throw new Error('Send {"inSpace": true} or {"inSpace": false}.');
    sandbox.setUniqueTitlesInSpace(body.inSpace);
    return { status: 200, value: OK };
  }],
  // Whom the wiki records as an import's author: the token's owner (the default) or one app account.
  ['POST', /^\/importAuthor$/, (sandbox, _match, body) => {
    if (body.author !== 'tokenOwner' && body.author !== 'app') throw new Error('Send {"author": "tokenOwner"} or {"author": "app"}.');
    sandbox.setImportAuthor(body.author);
    return { status: 200, value: OK };
  }],
  ['GET', /^\/counters$/, (sandbox) => ({ status: 200, value: { imports: sandbox.imports.length, pageRouteRequests: sandbox.pageRouteRequests } })],
  ['POST', /^\/reset$/, (sandbox) => {
    sandbox.reset();
    return { status: 200, value: OK };
  }],
];

/** The optional version message of an edit's body. */
function versionMessage(body: Record<string, unknown>): { message?: string } {
  if (body.message === undefined) return {};
  if (typeof body.message !== 'string') throw new Error('"message" must be a string.');
  return { message: body.message };
}

export async function handleControlRequest(req: IncomingMessage, res: ServerResponse, sandbox: Sandbox): Promise<void> {
  const { pathname } = new URL(req.url ?? '/', 'http://control.invalid');
  const received = await readBody(req, MAX_CONTROL_BODY_BYTES);
  for (const [method, path, route] of ROUTES) {
    const match = req.method === method ? path.exec(pathname) : null;
    if (!match) continue;
    const body = parseJsonObject(received.text);
    if (received.text === undefined || (received.text.trim() !== '' && !body)) {
      sendJson(res, 400, { error: 'The request body must be a JSON object (at most 64 KiB).' });
      return;
    }
    try {
      const answer = route(sandbox, match, body ?? {});
      if ('text' in answer) {
        res.writeHead(answer.status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(answer.text) });
        res.end(answer.text);
      } else sendJson(res, answer.status, answer.value);
    } catch (error) {
      // Every lever throws only for a caller's mistake (bad label, unknown page, bad fault count).
      sendJson(res, 400, { error: error instanceof Error ? error.message : String(error) });
    }
    return;
  }
  const pathKnown = ROUTES.some(([, path]) => path.test(pathname));
  sendJson(res, pathKnown ? 405 : 404, { error: pathKnown ? 'Method not allowed here.' : 'No such control route.' });
}
