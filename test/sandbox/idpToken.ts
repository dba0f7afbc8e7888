// POST /oauth/token of the sandbox identity provider: JSON bodies only (spec 4.2), client credentials in the
// body, faults and holds applied before anything is processed. The app's client uses the code and refresh grants;
// registered service accounts use the client-credentials grant.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { IdpContext } from './idp';
import type { GrantOutcome } from './idpGrants';
import { readBody, sendJson } from './sandboxHttp';

function field(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  return typeof value === 'string' ? value : '';
}

function answer(res: ServerResponse, outcome: GrantOutcome): void {
  if (outcome.ok) return sendJson(res, 200, outcome.tokens, { 'Cache-Control': 'no-store' });
  sendJson(res, outcome.status, { error: outcome.error, error_description: outcome.description }, { 'Cache-Control': 'no-store' });
}

export async function handleToken(req: IncomingMessage, res: ServerResponse, context: IdpContext): Promise<void> {
  const { counters, grants, idp } = context;
  const text = (await readBody(req, 64 * 1024)).text ?? '';
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
    return sendJson(res, 400, { error: 'invalid_request', error_description: 'The body must be JSON.' });
  }
  let body: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed === null || typeof parsed !== 'object') throw new Error('not an object');
    body = parsed as Record<string, unknown>;
  } catch {
    return sendJson(res, 400, { error: 'invalid_request', error_description: 'The body is not a JSON object.' });
  }
  const grantType = field(body, 'grant_type');
  counters.tokenRequests++;
  if (grantType === 'refresh_token') counters.refreshRequests++;
  if (grantType === 'authorization_code') counters.codeRequests++;
  if (grantType === 'client_credentials') counters.clientCredentialsRequests++;

  if (!(await idp.faults.pass(res))) return;
  const fault = idp.faults.take();
  if (fault) {
    if (fault.kind === 'reset') return void req.socket.destroy();
    if (fault.kind === '429') return sendJson(res, 429, { error: 'rate_limited' }, { 'Retry-After': String(fault.retryAfterSeconds) });
    if (fault.kind === 'html') {
      res.writeHead(502, { 'content-type': 'text/html' });
      return void res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
    }
    return sendJson(res, Number(fault.kind), { error: 'server_error' });
  }

  const appClient = field(body, 'client_id') === idp.clientId && field(body, 'client_secret') === idp.clientSecret;
  if (grantType === 'client_credentials') {
    if (appClient) return sendJson(res, 400, { error: 'unauthorized_client', error_description: 'This client may not use the client-credentials grant.' });
    return answer(res, grants.clientCredentials(field(body, 'client_id'), field(body, 'client_secret'), field(body, 'scope')));
  }
  if (!appClient) {
    return sendJson(res, 401, { error: 'invalid_client', error_description: 'Unknown client or wrong secret.' });
  }
  if (grantType === 'authorization_code') {
    return answer(res, grants.redeemCode(field(body, 'code'), field(body, 'redirect_uri'), field(body, 'code_verifier')));
  }
  if (grantType === 'refresh_token') return answer(res, grants.refresh(field(body, 'refresh_token')));
  sendJson(res, 400, { error: 'unsupported_grant_type' });
}
