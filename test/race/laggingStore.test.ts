// The race the file-backed store cannot show: VS Code's SecretStorage is only eventually consistent between
// windows, so right after one window rotated the refresh token and released the lock, another window can take
// the lock and still read the replaced token from its own cache. Windows here are session managers in one
// process, each over its own lagging view of one secret store, sharing one lock folder.
import assert from 'node:assert/strict';
import { ExportAuthError, ExportSessionManager, SESSION_SECRET_KEY, TokenClient, parseSession, type ExportSessionEvent } from '../../src/core/oauth';
import { sessionFromTokens } from '../../src/core/oauth/session';
import { LaggingSecretWorld, type LaggingSecretView } from '../fakes/laggingSecretStore';
import { ManualClock } from '../fakes/manualClock';
import { MemoryLogger } from '../fakes/memoryLogger';
import { startIdp, type Idp } from '../sandbox/idp';
import { linesLeakingSecrets, makeTempDir } from '../sandbox/oauthTestKit';

const MINUTE = 60_000;

interface Window {
  view: LaggingSecretView;
  manager: ExportSessionManager;
  events: ExportSessionEvent[];
}

describe('windows whose secret storage views lag behind each other', function () {
  this.timeout(30_000);

  let idp: Idp;
  let clock: ManualClock;
  let logger: MemoryLogger;
  let temp: { dir: string; remove(): Promise<void> };
  const secrets: string[] = [];

  function openWindow(world: LaggingSecretWorld, extra: { consistencyWaitMs?: number } = {}): Window {
    const view = world.view();
    const tokenClient = new TokenClient({
      authUrl: idp.authUrl,
      clientId: idp.clientId,
      getClientSecret: async () => idp.clientSecret,
      clock,
      logger,
      retry: { maxAttempts: 1 },
      timeoutMs: 5000,
    });
    const manager = new ExportSessionManager({ store: view, clock, logger, lockDir: temp.dir, tokenClient, lockTimeoutMs: 10_000, ...extra });
    const events: ExportSessionEvent[] = [];
    manager.onDidChange((event) => events.push(event));
    return { view, manager, events };
  }

  async function signIn(world: LaggingSecretWorld, window: Window): Promise<void> {
    const issued = idp.issueSessionDirectly();
    const session = sessionFromTokens(
      { accessToken: issued.access_token, ...(issued.refresh_token ? { refreshToken: issued.refresh_token } : {}), scope: issued.scope },
      clock.now(),
    );
    assert.ok(session);
    await window.manager.saveSignedInSession(session);
    await world.settled();
  }

  function stored(world: LaggingSecretWorld): ReturnType<typeof parseSession> {
    return parseSession(world.stored(SESSION_SECRET_KEY));
  }

  /** Moves the clock inside the 5-minute margin of the stored access token. */
  function enterMargin(world: LaggingSecretWorld): void {
    const session = stored(world);
    assert.ok(session, 'a stored session');
    clock.set(session.accessExpiresAt - 2 * MINUTE);
  }

  beforeEach(async () => {
    clock = new ManualClock();
    logger = new MemoryLogger();
    idp = await startIdp({ now: () => clock.now() });
    temp = await makeTempDir('oauth-lagging-');
  });
  afterEach(async () => {
    assert.deepEqual(linesLeakingSecrets(logger.lines, [...secrets, idp.clientSecret]), [], 'a secret reached the log');
    await idp.close();
    await temp.remove();
  });

  it('refreshes exactly once per rotation and keeps the chain alive although the other windows read late', async () => {
    const world = new LaggingSecretWorld(200);
    const windows = [openWindow(world), openWindow(world), openWindow(world)];
    await signIn(world, windows[0]!);
    for (let round = 1; round <= 4; round++) {
      enterMargin(world);
      const requestsBefore = idp.stats.refreshRequests;
      const outcomes = await Promise.allSettled(windows.map((window) => window.manager.getAccessToken()));
      const failures = outcomes.flatMap((o) => (o.status === 'rejected' ? [String(o.reason)] : []));
      assert.deepEqual(failures, [], `round ${round}`);
      const tokens = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
      const session = stored(world);
      assert.ok(session);
      secrets.push(session.accessToken, session.refreshToken);
      assert.equal(idp.stats.refreshRequests - requestsBefore, 1, `round ${round}: token requests`);
      assert.deepEqual(new Set(tokens), new Set([session.accessToken]), `round ${round}: every window uses the new token`);
      assert.ok(idp.chainAlive(session.refreshToken), `round ${round}: the chain lives`);
      await world.settled();
    }
    assert.equal(idp.stats.revokedChains, 0);
    assert.deepEqual(windows.flatMap((w) => w.events).filter((e) => e.type === 'signedOut'), []);
  });

  it('never refreshes from a view that does not catch up in time: a retryable busy error instead', async () => {
    const world = new LaggingSecretWorld(1500);
    const [first, second] = [openWindow(world), openWindow(world, { consistencyWaitMs: 200 })];
    await signIn(world, first);
    enterMargin(world);
    const rotated = await first.manager.getAccessToken();
    secrets.push(rotated, stored(world)?.refreshToken ?? '');
    await assert.rejects(second.manager.getAccessToken(), (e: unknown) => e instanceof ExportAuthError && e.kind === 'busy' && e.retryable);
    assert.equal(idp.stats.refreshRequests, 1, 'the lagging window sent nothing');

    await world.settled();
    assert.equal(await second.manager.getAccessToken(), rotated, 'once its view caught up it uses the rotated token');
    assert.equal(idp.stats.refreshRequests, 1);
    assert.equal(idp.stats.revokedChains, 0);
    assert.deepEqual(second.events, []);
  });
});
