// GET /authorize and POST /authorize/decision of the sandbox identity provider. Client and redirect URI are
// checked before anything is redirected, so an attacker cannot use the page as an open redirector.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { IdpContext } from './idp';
import { KNOWN_SCOPES } from './idpGrants';
import { renderConsent, renderError } from './idpPages';
import { readBody, sendHtml } from './sandboxHttp';

export interface PendingAuthorization {
  redirectUri: string;
  state: string | null;
  challenge: string;
  scopes: string[];
}

function redirectAllowed(redirectUri: string, registered: string[] | undefined): boolean {
  if (registered) return registered.includes(redirectUri);
  try {
    const url = new URL(redirectUri);
    return url.protocol === 'http:' && url.hostname === '127.0.0.1' && url.pathname === '/callback' && !url.search && !url.hash;
  } catch {
    return false;
  }
}

function redirect(res: ServerResponse, redirectUri: string, params: Record<string, string | null>): void {
  const target = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== null) target.searchParams.set(name, value);
  res.writeHead(302, { location: target.toString(), 'cache-control': 'no-store' });
  res.end();
}

export function handleAuthorize(res: ServerResponse, url: URL, context: IdpContext): void {
  const q = url.searchParams;
  const redirectUri = q.get('redirect_uri') ?? '';
  if (q.get('client_id') !== context.idp.clientId) return sendHtml(res, 400, renderError('Unknown client_id.'));
  if (!redirectAllowed(redirectUri, context.idp.redirectUris)) {
    return sendHtml(res, 400, renderError('redirect_uri is not registered for this client.'));
  }
  const state = q.get('state');
  if (q.get('response_type') !== 'code') return redirect(res, redirectUri, { error: 'unsupported_response_type', state });
  const challenge = q.get('code_challenge') ?? '';
  if (q.get('code_challenge_method') !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(challenge)) {
    return redirect(res, redirectUri, { error: 'invalid_request', error_description: 'PKCE S256 is required.', state });
  }
  const scopes = (q.get('scope') ?? '').split(' ').filter(Boolean);
  if (scopes.length === 0 || scopes.some((scope) => !KNOWN_SCOPES.includes(scope))) {
    return redirect(res, redirectUri, { error: 'invalid_scope', state });
  }
  const request: PendingAuthorization = { redirectUri, state, challenge, scopes };
  if (context.idp.autoApprove) return approve(res, request, context);
  const requestId = randomBytes(16).toString('base64url');
  context.pending.set(requestId, request);
  sendHtml(res, 200, renderConsent(requestId, context.idp.clientId, scopes));
}

export async function handleDecision(req: IncomingMessage, res: ServerResponse, context: IdpContext): Promise<void> {
  const form = new URLSearchParams((await readBody(req, 16 * 1024)).text ?? '');
  const requestId = form.get('request_id') ?? '';
  const request = context.pending.get(requestId);
  if (!request) return sendHtml(res, 400, renderError('This authorization request is unknown or was already answered.'));
  context.pending.delete(requestId);
  if (form.get('decision') === 'approve') return approve(res, request, context);
  redirect(res, request.redirectUri, { error: 'access_denied', state: request.state });
}

function approve(res: ServerResponse, request: PendingAuthorization, context: IdpContext): void {
  const code = context.grants.issueCode(request.redirectUri, request.challenge, request.scopes);
  redirect(res, request.redirectUri, { code, state: request.state });
}
