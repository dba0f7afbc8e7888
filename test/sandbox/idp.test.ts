import assert from 'node:assert/strict';
import { buildAuthorizeUrl, createPkcePair, createState } from '../../src/core/oauth';
import { startIdp, type Idp } from './idp';
import { presentRefreshToken } from './oauthTestKit';

describe('sandbox identity provider', () => {
  let idp: Idp;
  const redirectUri = 'http://127.0.0.1:9/callback';

  beforeEach(async () => {
    idp = await startIdp({ autoApprove: true });
  });
  afterEach(() => idp.close());

  async function authorize(challenge: string, redirect = redirectUri): Promise<URL> {
    const url = buildAuthorizeUrl({ authUrl: idp.authUrl, clientId: idp.clientId, redirectUri: redirect, state: createState(), codeChallenge: challenge });
    const response = await fetch(url, { redirect: 'manual' });
    await response.body?.cancel();
    return new URL(response.headers.get('location') ?? 'http://missing');
  }

  async function exchange(code: string, verifier: string, redirect = redirectUri): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(`${idp.authUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'authorization_code', client_id: idp.clientId, client_secret: idp.clientSecret, code, redirect_uri: redirect, code_verifier: verifier }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it('issues a single-use code bound to the PKCE challenge and the redirect URI', async () => {
    const pkce = createPkcePair();
    assert.match(pkce.verifier, /^[A-Za-z0-9_-]{43}$/);
    const code = (await authorize(pkce.challenge)).searchParams.get('code') ?? '';
    assert.equal((await exchange(code, createPkcePair().verifier)).body.error, 'invalid_grant', 'wrong verifier');

    const second = (await authorize(pkce.challenge)).searchParams.get('code') ?? '';
    assert.equal((await exchange(second, pkce.verifier, 'http://127.0.0.1:10/callback')).body.error, 'invalid_grant', 'other redirect');

    const third = (await authorize(pkce.challenge)).searchParams.get('code') ?? '';
    const ok = await exchange(third, pkce.verifier);
    assert.equal(ok.status, 200);
    assert.equal(typeof ok.body.refresh_token, 'string');
    assert.ok(idp.verifyAccessToken(String(ok.body.access_token)));
    assert.equal((await exchange(third, pkce.verifier)).body.error, 'invalid_grant', 'replayed code');
    assert.equal(idp.verifyAccessToken(String(ok.body.access_token)), undefined, 'a replayed code revokes what it produced');
  });

  it('refuses unknown clients and non-loopback redirect URIs without redirecting', async () => {
    const { challenge } = createPkcePair();
    const bad = new URL(buildAuthorizeUrl({ authUrl: idp.authUrl, clientId: idp.clientId, redirectUri: 'https://evil.example/callback', state: 's', codeChallenge: challenge }));
    const response = await fetch(bad, { redirect: 'manual' });
    assert.equal(response.status, 400);
    assert.equal(response.headers.get('location'), null);
    await response.body?.cancel();
  });

  it('rotates refresh tokens and revokes the whole chain on reuse, answering 403 invalid_grant', async () => {
    const first = idp.issueSessionDirectly().refresh_token ?? '';
    const rotated = await fetch(`${idp.authUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'refresh_token', client_id: idp.clientId, client_secret: idp.clientSecret, refresh_token: first }),
    });
    const next = ((await rotated.json()) as { refresh_token: string }).refresh_token;
    assert.deepEqual(await presentRefreshToken(idp, first), { status: 403, error: 'invalid_grant' });
    assert.deepEqual(await presentRefreshToken(idp, next), { status: 403, error: 'invalid_grant' }, 'the newest token died with the chain');
    assert.equal(idp.stats.revokedChains, 1);
  });

  it('issues no refresh token without offline_access, and answers form bodies with 400', async () => {
    const pkce = createPkcePair();
    const url = new URL(buildAuthorizeUrl({ authUrl: idp.authUrl, clientId: idp.clientId, redirectUri, state: 's', codeChallenge: pkce.challenge }));
    url.searchParams.set('scope', 'export:markdown:custom read:platform-app:wiki');
    const response = await fetch(url, { redirect: 'manual' });
    await response.body?.cancel();
    const code = new URL(response.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const tokens = await exchange(code, pkce.verifier);
    assert.equal(tokens.status, 200);
    assert.equal(tokens.body.refresh_token, undefined);

    const form = await fetch(`${idp.authUrl}/oauth/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'refresh_token' }) });
    assert.equal(form.status, 400);
    await form.body?.cancel();
  });

  it('exposes stats and switches on the control surface', async () => {
    const post = (action: string, body: unknown): Promise<Response> =>
      fetch(`${idp.authUrl}/_control/${action}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    assert.equal((await post('autoApprove', { on: false })).status, 200);
    assert.equal(idp.autoApprove, false);
    await post('faults', { kind: '503', count: 1 });
    assert.equal((await presentRefreshToken(idp, 'whatever')).status, 503);
    const stats = (await (await fetch(`${idp.authUrl}/_control/stats`)).json()) as { tokenRequests: number };
    assert.equal(stats.tokenRequests, 1);
  });
});
