// The command line's page access against the sandbox world: the client-credentials token source (caches until
// shortly before expiry on a manual clock, shares one request, never shows the secret) and resolvePageAccess
// (nothing configured, a platform token, a service account, and half-configured setups).
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { resolvePageAccess, type PageAccess, type PageAccessInputs } from '../../src/cli/pageAccess';
import { createUndiciTransport, type UndiciTransport } from '../../src/core/http/undiciTransport';
import { createClientCredentialsSource, type ClientCredentialsConfig } from '../../src/core/oauth/clientCredentials';
import { isWikiReadError } from '../../src/core/wikiPages';
import { ManualClock } from '../fakes/manualClock';
import { startSandboxWorld, type SandboxWorld } from '../sandbox/world';
import { serve, type RunningServer } from '../support/loopbackServers';

const CLIENT_ID = 'ci-publisher';
const SECRET = 'service-secret-do-not-print-7f3a9c';
const TTL_SECONDS = 600;

describe('command-line page access', () => {
  let world: SandboxWorld;
  let transport: UndiciTransport;
  const clock = new ManualClock();
  const requests = (): number => world.idp.stats.clientCredentialsRequests;
  const sourceFor = (overrides: Partial<ClientCredentialsConfig> = {}) =>
    createClientCredentialsSource({ authUrl: world.idp.authUrl, clientId: CLIENT_ID, clientSecret: SECRET, transport, clock, ...overrides });

  before(async () => {
    // One clock for the identity provider and the token source, so the tokens' exp means the same to both.
    world = await startSandboxWorld({ idp: { now: () => clock.now() } });
    transport = createUndiciTransport({}, {});
  });
  beforeEach(() => {
    world.idp.faults.clear();
    world.idp.registerServiceAccount({ clientId: CLIENT_ID, clientSecret: SECRET, scopes: ['read:platform-app:wiki'], owner: 'ci-bot', accessTokenTtlSeconds: TTL_SECONDS });
  });
  after(async () => {
    await transport.close();
    await world.close();
  });

  describe('the client-credentials token source', () => {
    it('keeps its token until shortly before it expires, then asks again', async () => {
      const source = sourceFor();
      const before = requests();
      const first = await source.getAccessToken();
      assert.equal(await source.getAccessToken(), first);
      clock.advance((TTL_SECONDS - 61) * 1000);
      assert.equal(await source.getAccessToken(), first, 'still more than a minute left');
      assert.equal(requests(), before + 1);
      clock.advance(2000);
      const second = await source.getAccessToken();
      assert.notEqual(second, first);
      assert.equal(requests(), before + 2);
      assert.ok(world.idp.verifyAccessToken(second));
    });

    it('shares one request among callers that ask at once, and lets one of them give up alone', async () => {
      const source = sourceFor();
      const before = requests();
      world.idp.faults.hold();
      const quitter = new AbortController();
      const waiting = [source.token(), source.token(quitter.signal), source.token()];
      await world.idp.faults.whenHeld(1);
      quitter.abort();
      world.idp.faults.release();
      const [a, quit, b] = await Promise.all(waiting);
      assert.ok(a?.ok && b?.ok);
      assert.equal(a.accessToken, b.accessToken);
      assert.equal(quit?.ok === false && quit.error.kind, 'cancelled');
      assert.equal(requests(), before + 1);
    });

    it('says the client ID or secret was refused, without the secret, and caches no failure', async () => {
      const source = sourceFor({ clientSecret: `${SECRET}-wrong`, refusedHint: 'Check WIKI_PUBLISHER_CLIENT_SECRET.' });
      const result = await source.token();
      assert.ok(!result.ok);
      assert.equal(result.error.kind, 'invalidClient');
      assert.match(result.error.message, /^The client ID or secret was refused by the identity provider \(HTTP 401, invalid_client\)\. Check WIKI_PUBLISHER_CLIENT_SECRET\.$/);
      const before = requests();
      await source.token();
      assert.equal(requests(), before + 1, 'a failure is not remembered');
    });

    it('explains a scope the credential was not given', async () => {
      const result = await sourceFor({ scope: 'export:markdown:custom' }).token();
      assert.ok(!result.ok);
      assert.match(result.error.message, /refused the scope "export:markdown:custom" \(invalid_scope\)/);
    });

    it('refuses plain http to a host that is not loopback, sending nothing', async () => {
      const before = world.idp.stats.tokenRequests;
      const result = await sourceFor({ authUrl: 'http://idp.example.com', authUrlName: '--auth-url' }).token();
      assert.ok(!result.ok);
      assert.equal(result.error.kind, 'config');
      assert.match(result.error.message, /--auth-url must use https/);
      assert.equal(world.idp.stats.tokenRequests, before);
    });

    describe('a hostile or odd identity provider', () => {
      let odd: RunningServer;
      let reply: { status: number; body: string };
      before(async () => {
        odd = await serve(createServer((req, res) => {
          req.resume();
          res.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body);
        }));
      });
      after(() => odd.close());
      const oddSource = () => sourceFor({ authUrl: odd.url });

      it('never puts the secret in a message, whatever the server echoes', async () => {
        for (const [status, error] of [[401, 'invalid_client'], [400, 'weird_error'], [500, 'server_error'], [200, '']] as const) {
          reply = { status, body: JSON.stringify({ error: error || undefined, error_description: `bad client_secret ${SECRET}`, echoed: SECRET }) };
          const result = await oddSource().token();
          assert.ok(!result.ok, `HTTP ${status} is a failure`);
          assert.ok(!result.error.message.includes(SECRET), result.error.message);
        }
        const unreachable = await sourceFor({ authUrl: 'http://127.0.0.1:9' }).token();
        assert.ok(!unreachable.ok && unreachable.error.kind === 'network' && !unreachable.error.message.includes(SECRET));
      });

      it('schedules an opaque token by expires_in, and one without any lifetime for a few minutes', async () => {
        reply = { status: 200, body: JSON.stringify({ access_token: 'opaque-token-1', token_type: 'Bearer', expires_in: 120 }) };
        const source = oddSource();
        const first = await source.token();
        assert.ok(first.ok);
        assert.equal(first.expiresAt, clock.now() + 120_000);
        reply = { status: 200, body: JSON.stringify({ access_token: 'opaque-token-2', token_type: 'Bearer' }) };
        clock.advance(59_000);
        assert.equal(await source.getAccessToken(), 'opaque-token-1', 'a short token is used for half its life');
        clock.advance(2000);
        assert.equal(await source.getAccessToken(), 'opaque-token-2');
        clock.advance(3 * 60_000);
        assert.equal(await source.getAccessToken(), 'opaque-token-2', 'no lifetime given: kept for a few minutes');
      });
    });
  });

  describe('resolvePageAccess', () => {
    let transportsMade = 0;
    const resolve = (env: NodeJS.ProcessEnv, flags: { authUrl?: string; baseUrl?: string } = {}, forget?: PageAccessInputs['forget']): PageAccess =>
      resolvePageAccess({
        env, authUrl: flags.authUrl, baseUrl: flags.baseUrl, now: () => clock.now(),
        transport: () => (transportsMade++, transport),
        ...(forget ? { forget } : {}),
      });
    const serviceEnv = (): NodeJS.ProcessEnv => ({
      WIKI_PUBLISHER_CLIENT_ID: CLIENT_ID,
      WIKI_PUBLISHER_CLIENT_SECRET: SECRET,
      WIKI_PUBLISHER_AUTH_URL: world.idp.authUrl,
      WIKI_PUBLISHER_BASE_URL: world.sandbox.baseUrl,
    });
    beforeEach(() => void (transportsMade = 0));

    it('is none, with what to set, when no secret is configured, and loads no network stack', () => {
      const none = resolve({});
      assert.deepEqual(none, {
        kind: 'none',
        reason: 'No page access: set WIKI_PUBLISHER_CLIENT_ID and WIKI_PUBLISHER_CLIENT_SECRET (a service account\'s credentials) with ' +
          'WIKI_PUBLISHER_AUTH_URL and WIKI_PUBLISHER_BASE_URL, or WIKI_PUBLISHER_PLATFORM_TOKEN, so the edit guard can check for wiki edits.',
      });
      // A pull request from a fork gets the variables but empty secrets: that is "no access", not a usage error.
      const fork = resolve({ ...serviceEnv(), WIKI_PUBLISHER_CLIENT_SECRET: '' });
      assert.equal(fork.kind, 'none');
      assert.match(fork.kind === 'none' ? fork.reason : '', /WIKI_PUBLISHER_CLIENT_ID is set but WIKI_PUBLISHER_CLIENT_SECRET is empty/);
      assert.equal(transportsMade, 0);
    });

    it('reads pages with a service account, forgetting the secret and every access token', async () => {
      const forgotten: string[] = [];
      const access = resolve(serviceEnv(), {}, (secret) => forgotten.push(secret));
      assert.ok(access.kind === 'pages');
      assert.equal(access.via, 'clientCredentials');
      assert.deepEqual(access.secrets, [SECRET]);
      assert.equal((await access.client.getPage('123456'))?.title, 'Documentation home');
      assert.equal((await access.client.getPage('345678')), undefined, 'ci-bot does not see carol\'s space');
      await access.client.getPage('234567');
      assert.equal(forgotten.length, 1, 'one token, told once');
      assert.ok(world.idp.verifyAccessToken(forgotten[0] ?? ''));
      assert.equal(transportsMade, 1);
    });

    it('reads pages with a platform token, and prefers the flags to the environment', async () => {
      const token = world.idp.issueSessionDirectly().access_token;
      const access = resolve({ WIKI_PUBLISHER_PLATFORM_TOKEN: ` ${token}\n`, WIKI_PUBLISHER_BASE_URL: 'http://wiki.example.com' }, { baseUrl: world.sandbox.baseUrl });
      assert.ok(access.kind === 'pages');
      assert.equal(access.via, 'platformToken');
      assert.deepEqual(access.secrets, [token]);
      assert.equal((await access.client.getPage('123456'))?.id, '123456');
    });

    it('reports a refused secret through the page client as unauthorized, without the secret', async () => {
      const access = resolve({ ...serviceEnv(), WIKI_PUBLISHER_CLIENT_SECRET: `${SECRET}-old` });
      assert.ok(access.kind === 'pages');
      await assert.rejects(access.client.getPage('123456'), (error: unknown) => {
        assert.ok(isWikiReadError(error, 'unauthorized'));
        assert.match(error.message, /^Could not use the service account token: The client ID or secret was refused by the identity provider .*Check WIKI_PUBLISHER_CLIENT_ID and WIKI_PUBLISHER_CLIENT_SECRET\.$/);
        assert.ok(!error.message.includes(SECRET));
        return true;
      });
    });

    it('is invalid when half-configured or malformed, naming what to fix and never the secret', () => {
      const cases: Array<[NodeJS.ProcessEnv, { authUrl?: string; baseUrl?: string }, RegExp]> = [
        [{ ...serviceEnv(), WIKI_PUBLISHER_CLIENT_ID: '' }, {}, /WIKI_PUBLISHER_CLIENT_SECRET is set but WIKI_PUBLISHER_CLIENT_ID is not/],
        [{ ...serviceEnv(), WIKI_PUBLISHER_AUTH_URL: '' }, {}, /no identity provider: pass --auth-url URL or set WIKI_PUBLISHER_AUTH_URL/],
        [{ ...serviceEnv(), WIKI_PUBLISHER_BASE_URL: '' }, {}, /no wiki address: pass --base-url URL or set WIKI_PUBLISHER_BASE_URL/],
        [serviceEnv(), { authUrl: 'http://idp.example.com' }, /--auth-url must use https/],
        [serviceEnv(), { baseUrl: 'not a url' }, /--base-url is not a valid URL/],
        [{ ...serviceEnv(), WIKI_PUBLISHER_PLATFORM_TOKEN: 'a-platform-token' }, {}, /not both/],
        [{ WIKI_PUBLISHER_PLATFORM_TOKEN: 'a-platform-token' }, {}, /WIKI_PUBLISHER_PLATFORM_TOKEN is set, but no wiki address/],
        [{ WIKI_PUBLISHER_PLATFORM_TOKEN: 'two tokens', WIKI_PUBLISHER_BASE_URL: world.sandbox.baseUrl }, {}, /without spaces/],
      ];
      for (const [env, flags, pattern] of cases) {
        const access = resolve(env, flags);
        assert.equal(access.kind, 'invalid', `expected invalid for ${pattern}`);
        const message = access.kind === 'invalid' ? access.message : '';
        assert.match(message, pattern);
        assert.ok(!message.includes(SECRET));
      }
      assert.equal(transportsMade, 0);
    });

    it('is invalid for a platform token that has already expired', () => {
      const token = world.idp.issueSessionDirectly().access_token;
      clock.advance(2 * 3600_000);
      const access = resolve({ WIKI_PUBLISHER_PLATFORM_TOKEN: token, WIKI_PUBLISHER_BASE_URL: world.sandbox.baseUrl });
      assert.equal(access.kind, 'invalid');
      assert.match(access.kind === 'invalid' ? access.message : '', /WIKI_PUBLISHER_PLATFORM_TOKEN expired on .* UTC/);
    });
  });
});
