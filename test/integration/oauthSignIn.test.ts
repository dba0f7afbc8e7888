import assert from 'node:assert/strict';
import { MemoryLogger } from '../fakes/memoryLogger';
import { MemorySecretStore } from '../fakes/memorySecretStore';
import { ManualClock } from '../fakes/manualClock';
import {
  EXPORT_SCOPES,
  ExportAuthError,
  SESSION_SECRET_KEY,
  isLoopbackPeer,
  signIn,
  startLoopbackServer,
  type ExportSession,
  type SignInOptions,
} from '../../src/core/oauth';
import { startIdp, type Idp } from '../sandbox/idp';
import { linesLeakingSecrets, makeTempDir, managerFor, playBrowser, readSession, waitFor } from '../sandbox/oauthTestKit';

describe('export sign-in against the sandbox identity provider', () => {
  let idp: Idp;
  let clock: ManualClock;
  let store: MemorySecretStore;
  let logger: MemoryLogger;
  let temp: { dir: string; remove(): Promise<void> };

  beforeEach(async () => {
    clock = new ManualClock();
    idp = await startIdp({ now: () => clock.now() });
    store = new MemorySecretStore();
    logger = new MemoryLogger();
    temp = await makeTempDir('oauth-signin-');
  });
  afterEach(async () => {
    await idp.close();
    await temp.remove();
  });

  function options(openBrowser: SignInOptions['openBrowser'], extra: Partial<SignInOptions> = {}): SignInOptions {
    const { manager } = managerFor(idp, { store, clock, logger, lockDir: temp.dir });
    return {
      authUrl: idp.authUrl,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      redirectPort: 0,
      openBrowser,
      saveSession: (session) => manager.saveSignedInSession(session),
      clock,
      logger,
      ...extra,
    };
  }

  it('walks the consent page, exchanges the code with PKCE and stores the session', async () => {
    let opened = '';
    const browser: Promise<number>[] = [];
    const session = await signIn(
      options(async (url) => {
        opened = url;
        browser.push(playBrowser(url, 'approve').then((visit) => visit.callbackStatus));
        return true;
      }),
    );
    assert.equal(await browser[0], 200);
    const url = new URL(opened);
    assert.equal(url.pathname, '/authorize');
    assert.equal(url.searchParams.get('response_type'), 'code');
    assert.equal(url.searchParams.get('scope'), EXPORT_SCOPES.join(' '));
    assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
    assert.match(url.searchParams.get('state') ?? '', /^[A-Za-z0-9_-]{43}$/);
    assert.match(url.searchParams.get('redirect_uri') ?? '', /^http:\/\/127\.0\.0\.1:\d+\/callback$/);

    const stored = await readSession(store);
    assert.deepEqual(stored, session);
    assert.equal(idp.verifyAccessToken(session.accessToken)?.owner, 'alice');
    assert.equal(session.accessExpiresAt, Math.floor(clock.now() / 1000) * 1000 + 3600_000);
    assert.deepEqual(session.scopes, [...EXPORT_SCOPES]);
    assert.equal(session.account, 'alice@sandbox.invalid');
    assert.deepEqual(linesLeakingSecrets(logger.lines, [session.accessToken, session.refreshToken, idp.clientSecret]), []);
  });

  it('opens the browser only after the callback server listens, and auto-approve works', async () => {
    idp.autoApprove = true;
    const session = await signIn(
      options(async (url) => {
        // The callback must already accept connections when the browser is told to go.
        const redirect = new URL(new URL(url).searchParams.get('redirect_uri') ?? '');
        const probe = await fetch(new URL('/nothing', redirect));
        assert.equal(probe.status, 404);
        void playBrowser(url);
        return true;
      }),
    );
    assert.ok(idp.verifyAccessToken(session.accessToken));
  });

  it('reports Deny as a denied error and stores nothing', async () => {
    const attempt = signIn(options(async (url) => (void playBrowser(url, 'deny'), true)));
    await assert.rejects(attempt, (error: unknown) => error instanceof ExportAuthError && error.kind === 'denied');
    assert.equal(await store.get(SESSION_SECRET_KEY), undefined);
  });

  it('refuses a callback with a wrong or missing state and keeps waiting for the real one', async () => {
    let realUrl = '';
    const visits: number[] = [];
    const attempt = signIn(
      options(async (url) => {
        realUrl = url;
        const redirect = new URL(url).searchParams.get('redirect_uri') ?? '';
        visits.push((await fetch(`${redirect}?code=forged&state=wrong`)).status);
        visits.push((await fetch(`${redirect}?code=forged`)).status);
        void playBrowser(url);
        return true;
      }),
    );
    const session: ExportSession = await attempt;
    assert.deepEqual(visits, [400, 400]);
    assert.ok(realUrl);
    assert.ok(idp.verifyAccessToken(session.accessToken));
  });

  it('refuses a second concurrent sign-in in the same process', async () => {
    const controller = new AbortController();
    let browserOpened = false;
    const first = signIn(options(async () => ((browserOpened = true), true), { signal: controller.signal }));
    await waitFor(() => browserOpened, 'the first sign-in to open the browser');
    await assert.rejects(signIn(options(async () => true)), (error: unknown) => error instanceof ExportAuthError && error.kind === 'signInInProgress');
    controller.abort();
    await assert.rejects(first, (error: unknown) => error instanceof ExportAuthError && error.kind === 'cancelled');
  });

  it('gives up after the wait limit and when the browser could not be opened', async () => {
    await assert.rejects(signIn(options(async () => true, { waitTimeoutMs: 50 })), (e: unknown) => e instanceof ExportAuthError && e.kind === 'signInTimeout');
    await assert.rejects(signIn(options(async () => false)), (e: unknown) => e instanceof ExportAuthError && e.kind === 'cancelled');
  });

  it('refuses missing settings and a plain-http identity provider that is not loopback', async () => {
    const isConfig = (e: unknown): boolean => e instanceof ExportAuthError && e.kind === 'config';
    await assert.rejects(signIn(options(async () => true, { clientSecret: ' ' })), isConfig);
    await assert.rejects(signIn(options(async () => true, { authUrl: 'http://idp.example.com' })), isConfig);
  });
});

describe('the loopback callback server', () => {
  it('binds 127.0.0.1 only, accepts one callback and then closes', async () => {
    const server = await startLoopbackServer({ port: 0, expectedState: 'expected-state' });
    assert.equal(server.boundAddress, '127.0.0.1');
    assert.equal((await fetch(`${server.redirectUri}?code=abc&state=expected-state`)).status, 200);
    assert.equal(await server.code, 'abc');
    await server.close();
    await assert.rejects(fetch(`${server.redirectUri}?code=again&state=expected-state`));
  });

  it('accepts only loopback peers', () => {
    for (const peer of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '127.8.9.10']) assert.equal(isLoopbackPeer(peer), true, peer);
    for (const peer of [undefined, '', '10.0.0.5', '192.168.1.2', '::ffff:10.0.0.1', 'fe80::1', '0.0.0.0', '127.0.0.1.evil']) {
      assert.equal(isLoopbackPeer(peer), false, String(peer));
    }
  });

  it('stops waiting at once on cancel', async () => {
    const controller = new AbortController();
    const server = await startLoopbackServer({ port: 0, expectedState: 's', signal: controller.signal });
    controller.abort();
    await assert.rejects(server.code, (e: unknown) => e instanceof ExportAuthError && e.kind === 'cancelled');
    await server.close();
  });
});
