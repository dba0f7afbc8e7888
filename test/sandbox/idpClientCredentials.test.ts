// The sandbox identity provider's client-credentials grant, as the platform's service accounts use it: the
// credential's scopes (narrowed on request, never widened), no refresh token, invalid_client for a wrong secret,
// and tokens the sandbox wiki's page routes accept for what the service account's owner may see.
import assert from 'node:assert/strict';
import { startSandboxWorld, type SandboxWorld } from './world';

interface TokenAnswer { status: number; body: Record<string, unknown> }

describe('sandbox identity provider: client-credentials grant', () => {
  let world: SandboxWorld;
  const clientId = 'ci-publisher';
  const clientSecret = 'sandbox-service-secret-0123456789';

  before(async () => {
    world = await startSandboxWorld();
  });
  beforeEach(() => {
    world.sandbox.reset();
    world.idp.registerServiceAccount({ clientId, clientSecret, scopes: ['read:platform-app:wiki', 'export:markdown:custom'], owner: 'ci-bot' });
  });
  after(() => world.close());

  async function grant(fields: Record<string, string>): Promise<TokenAnswer> {
    const response = await fetch(`${world.idp.authUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, ...fields }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async function readPage(token: string, path: string): Promise<number> {
    const response = await fetch(`${world.sandbox.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    await response.body?.cancel();
    return response.status;
  }

  it('issues a bearer token with the configured scopes and a lifetime, and no refresh token', async () => {
    const before = world.idp.stats.clientCredentialsRequests;
    const answer = await grant({});
    assert.equal(answer.status, 200);
    assert.equal(answer.body.token_type, 'Bearer');
    assert.equal(answer.body.scope, 'read:platform-app:wiki export:markdown:custom');
    assert.equal(answer.body.expires_in, 3600);
    assert.equal(answer.body.refresh_token, undefined);
    assert.deepEqual(world.idp.verifyAccessToken(String(answer.body.access_token)), { owner: 'ci-bot', scopes: ['read:platform-app:wiki', 'export:markdown:custom'] });
    assert.equal(world.idp.stats.clientCredentialsRequests, before + 1);
  });

  it('issues no refresh token even when the credential has offline_access', async () => {
    world.idp.registerServiceAccount({ clientId: 'with-offline', clientSecret, scopes: ['read:platform-app:wiki', 'offline_access'] });
    const answer = await grant({ client_id: 'with-offline' });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.refresh_token, undefined);
    assert.equal(world.idp.verifyAccessToken(String(answer.body.access_token))?.owner, 'with-offline', 'the owner defaults to the client ID');
  });

  it('refuses a wrong secret or an unknown client with 401 invalid_client', async () => {
    assert.deepEqual(await grant({ client_secret: 'not-the-secret' }), { status: 401, body: { error: 'invalid_client', error_description: 'Unknown client or wrong secret.' } });
    assert.equal((await grant({ client_id: 'nobody' })).body.error, 'invalid_client');
    assert.equal((await grant({ client_secret: '' })).status, 401);
  });

  it('narrows the scopes to those asked for, and refuses broader ones with invalid_scope', async () => {
    const narrow = await grant({ scope: 'read:platform-app:wiki' });
    assert.equal(narrow.status, 200);
    assert.equal(narrow.body.scope, 'read:platform-app:wiki');
    assert.deepEqual(world.idp.verifyAccessToken(String(narrow.body.access_token))?.scopes, ['read:platform-app:wiki']);

    const broad = await grant({ scope: 'read:platform-app:wiki offline_access' });
    assert.equal(broad.status, 400);
    assert.equal(broad.body.error, 'invalid_scope');
  });

  it('does not give the app\'s own (three-legged) client the grant', async () => {
    const answer = await grant({ client_id: world.idp.clientId, client_secret: world.idp.clientSecret });
    assert.equal(answer.status, 400);
    assert.equal(answer.body.error, 'unauthorized_client');
  });

  it('gives tokens the page routes accept, showing what the service account\'s owner may see', async () => {
    const token = String((await grant({})).body.access_token);
    assert.equal(await readPage(token, '/wiki/api/v2/pages/123456'), 200);
    assert.equal(await readPage(token, '/wiki/api/v2/pages?id=123456,234567'), 200);
    assert.equal(await readPage(token, '/wiki/api/v2/pages/345678'), 404, 'SECRET is only for carol');

    world.idp.registerServiceAccount({ clientId: 'carol-bot', clientSecret, scopes: ['read:platform-app:wiki'], owner: 'carol' });
    const carols = String((await grant({ client_id: 'carol-bot' })).body.access_token);
    assert.equal(await readPage(carols, '/wiki/api/v2/pages/345678'), 200);
  });

  it('ends a credential\'s tokens when it is registered again or everything is revoked', async () => {
    const token = String((await grant({})).body.access_token);
    world.idp.registerServiceAccount({ clientId, clientSecret: 'a-rotated-secret-0123456789', scopes: ['read:platform-app:wiki'] });
    assert.equal(await readPage(token, '/wiki/api/v2/pages/123456'), 401);
    assert.equal((await grant({})).status, 401, 'the old secret is refused');
    const fresh = String((await grant({ client_secret: 'a-rotated-secret-0123456789' })).body.access_token);
    world.idp.revokeAll();
    assert.equal(await readPage(fresh, '/wiki/api/v2/pages/123456'), 401);
  });

  it('registers a service account through the control surface', async () => {
    const response = await fetch(`${world.idp.authUrl}/_control/serviceAccounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: 'from-control', clientSecret, scopes: ['read:platform-app:wiki'], owner: 'ci-bot' }),
    });
    assert.equal(response.status, 200);
    await response.body?.cancel();
    assert.equal((await grant({ client_id: 'from-control' })).status, 200);
    const refused = await fetch(`${world.idp.authUrl}/_control/serviceAccounts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"clientId":"x"}' });
    assert.equal(refused.status, 400);
    await refused.body?.cancel();
  });
});
