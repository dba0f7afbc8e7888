// A local window and a remote window (the extension forced onto the workspace side with remote.extensionKind)
// share VS Code's secret storage but not the lock folder: each keeps its own in its own global storage. Over
// one lagging store, two windows with two lock folders: the remote one must never send a refresh token.
import assert from 'node:assert/strict';
import path from 'node:path';
import { ExportAuthError } from '../../src/core/oauth';
import { LaggingSecretWorld } from '../fakes/laggingSecretStore';
import { ManualClock } from '../fakes/manualClock';
import { MemoryLogger } from '../fakes/memoryLogger';
import { startIdp, type Idp } from '../sandbox/idp';
import { linesLeakingSecrets, makeTempDir } from '../sandbox/oauthTestKit';
import { laggingWindows } from './laggingWindows';

describe('a local and a remote window with separate lock folders over one secret storage', function () {
  this.timeout(30_000);

  let idp: Idp;
  let clock: ManualClock;
  let logger: MemoryLogger;
  let temp: { dir: string; remove(): Promise<void> };
  const secrets: string[] = [];
  const windows = laggingWindows(() => ({ idp, clock, logger }));
  const localLocks = (): string => path.join(temp.dir, 'local-global-storage');
  const remoteLocks = (): string => path.join(temp.dir, 'remote-global-storage');

  beforeEach(async () => {
    clock = new ManualClock();
    logger = new MemoryLogger();
    idp = await startIdp({ now: () => clock.now() });
    temp = await makeTempDir('oauth-remote-');
  });
  afterEach(async () => {
    assert.deepEqual(linesLeakingSecrets(logger.lines, [...secrets, idp.clientSecret]), [], 'a secret reached the log');
    await idp.close();
    await temp.remove();
  });

  it('refreshes once per rotation from the local window only; the remote window uses the stored token and the chain survives', async () => {
    const world = new LaggingSecretWorld(200);
    const local = windows.open(world, { lockDir: localLocks() });
    const remote = windows.open(world, { lockDir: remoteLocks(), mayRefresh: false });
    await windows.signIn(world, local);
    for (let round = 1; round <= 4; round++) {
      const before = windows.enterMargin(world);
      const requestsBefore = idp.stats.refreshRequests;
      const [fromRemote, fromLocal] = await Promise.all([remote.manager.getAccessToken(), local.manager.getAccessToken()]);
      const after = windows.stored(world);
      assert.ok(after);
      secrets.push(after.accessToken, after.refreshToken);
      assert.equal(idp.stats.refreshRequests - requestsBefore, 1, `round ${round}: token requests`);
      assert.equal(fromLocal, after.accessToken, `round ${round}: the local window refreshed`);
      assert.ok([before.accessToken, after.accessToken].includes(fromRemote), `round ${round}: the remote window used a stored token`);
      assert.ok(idp.verifyAccessToken(fromRemote), `round ${round}: and it is still valid`);
      assert.ok(idp.chainAlive(after.refreshToken), `round ${round}: the chain lives`);
      await world.settled();
      assert.equal(await remote.manager.getAccessToken(), after.accessToken, `round ${round}: the remote window sees the rotation`);
    }
    assert.equal(idp.stats.revokedChains, 0);
  });

  it('tells the remote window plainly, without retrying, that only a local window can refresh once the token has run out', async () => {
    const world = new LaggingSecretWorld(50);
    const local = windows.open(world, { lockDir: localLocks() });
    const remote = windows.open(world, { lockDir: remoteLocks(), mayRefresh: false });
    const session = await windows.signIn(world, local);
    secrets.push(session.accessToken, session.refreshToken);
    clock.set(session.accessExpiresAt - 30_000);
    const refusal = (e: unknown): boolean =>
      e instanceof ExportAuthError && e.kind === 'refreshUnavailable' && !e.retryable && /local window/.test(e.message);
    await assert.rejects(remote.manager.getAccessToken(), refusal);
    await assert.rejects(remote.manager.refreshNow(), refusal);
    assert.equal(remote.manager.canRefresh, false);
    assert.equal(idp.stats.refreshRequests, 0, 'the remote window sent nothing');
    assert.deepEqual(remote.events, []);
    assert.ok(idp.chainAlive(session.refreshToken));
  });

  it('lets a sign-in made in the remote window reach the local windows, also after a sign-out recorded there', async () => {
    const world = new LaggingSecretWorld(200);
    const local = windows.open(world, { lockDir: localLocks() });
    const otherLocal = windows.open(world, { lockDir: localLocks() });
    const remote = windows.open(world, { lockDir: remoteLocks(), mayRefresh: false });
    await windows.signIn(world, local);
    await local.manager.signOut();
    await world.settled();
    clock.advance(1000);
    const fromRemote = await windows.signIn(world, remote);
    secrets.push(fromRemote.accessToken, fromRemote.refreshToken);
    assert.equal(await local.manager.getAccessToken(), fromRemote.accessToken);
    assert.equal(await otherLocal.manager.getAccessToken(), fromRemote.accessToken);

    windows.enterMargin(world);
    const tokens = await Promise.all([local.manager.getAccessToken(), otherLocal.manager.getAccessToken()]);
    const after = windows.stored(world);
    assert.ok(after);
    secrets.push(after.accessToken, after.refreshToken);
    assert.deepEqual(new Set(tokens), new Set([after.accessToken]));
    assert.equal(idp.stats.refreshRequests, 1);
    assert.ok(idp.chainAlive(after.refreshToken));
    await world.settled();
  });

  it('without that restriction the same layout presents a replaced refresh token and the chain is revoked (why it exists)', async () => {
    // A long lag, so that neither window can see the other's rotation before it sends its own.
    const world = new LaggingSecretWorld(2000);
    const local = windows.open(world, { lockDir: localLocks() });
    const remote = windows.open(world, { lockDir: remoteLocks() });
    await windows.signIn(world, local);
    windows.enterMargin(world);
    await Promise.allSettled([remote.manager.getAccessToken(), local.manager.getAccessToken()]);
    assert.equal(idp.stats.refreshRequests, 2, 'each lock folder let one window refresh');
    assert.equal(idp.stats.revokedChains, 1, 'the second request presented the replaced token');
    await world.settled();
  });
});
