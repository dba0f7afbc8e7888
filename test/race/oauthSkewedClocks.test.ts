// A local and a remote window whose machines' clocks disagree, over one lagging secret storage: the remote window
// (its own lock folder, never refreshing) stamps its sign-in with its own clock. Which session is newer, and whether
// a sign-in came before or after a sign-out, must not depend on comparing the two clocks (a replaced refresh token
// presented once revokes the chain, spec 5.2.6).
import assert from 'node:assert/strict';
import path from 'node:path';
import { ExportAuthError } from '../../src/core/oauth';
import { LaggingSecretWorld } from '../fakes/laggingSecretStore';
import { ManualClock } from '../fakes/manualClock';
import { MemoryLogger } from '../fakes/memoryLogger';
import { startIdp, type Idp } from '../sandbox/idp';
import { linesLeakingSecrets, makeTempDir } from '../sandbox/oauthTestKit';
import { laggingWindows } from './laggingWindows';

const MINUTE = 60_000;

describe('windows on machines whose clocks disagree, over one secret storage', function () {
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
    temp = await makeTempDir('oauth-skew-');
  });
  afterEach(async () => {
    assert.deepEqual(linesLeakingSecrets(logger.lines, [...secrets, idp.clientSecret]), [], 'a secret reached the log');
    await idp.close();
    await temp.remove();
  });

  for (const [skew, when] of [
    [5 * MINUTE, 'Refresh Now a minute later'],
    [2 * 60 * MINUTE, 'the margin refresh'],
  ] as const) {
    it(`a sign-in in a remote window ${skew / MINUTE} min ahead, then two local windows' ${when}: one request, the chain lives`, async () => {
      const world = new LaggingSecretWorld(200);
      const remote = windows.open(world, { lockDir: remoteLocks(), mayRefresh: false, clock: windows.skewedClock(skew) });
      const localA = windows.open(world, { lockDir: localLocks() });
      const localB = windows.open(world, { lockDir: localLocks() });
      const signedIn = await windows.signIn(world, remote);
      secrets.push(signedIn.accessToken, signedIn.refreshToken);
      assert.equal(await localA.manager.getAccessToken(), signedIn.accessToken);

      let results: PromiseSettledResult<unknown>[];
      if (skew === 5 * MINUTE) {
        clock.advance(MINUTE);
        results = await Promise.allSettled([localA.manager.refreshNow(), localB.manager.refreshNow()]);
      } else {
        windows.enterMargin(world);
        results = await Promise.allSettled([localA.manager.getAccessToken(), localB.manager.getAccessToken()]);
      }
      await world.settled();
      const stored = windows.stored(world);
      assert.ok(stored);
      secrets.push(stored.accessToken, stored.refreshToken);
      assert.deepEqual(results.map((r) => r.status), ['fulfilled', 'fulfilled'], String(results.map((r) => (r.status === 'rejected' ? r.reason : ''))));
      assert.equal(idp.stats.refreshRequests, 1);
      assert.equal(idp.stats.revokedChains, 0);
      assert.ok(idp.chainAlive(stored.refreshToken));
      assert.deepEqual([...localA.events, ...localB.events].filter((e) => e.type === 'signedOut'), []);
    });
  }

  it('a sign-in in a remote window 5 min behind, after a sign-out in a local one, reaches every window', async () => {
    const world = new LaggingSecretWorld(200);
    const localA = windows.open(world, { lockDir: localLocks() });
    const localB = windows.open(world, { lockDir: localLocks() });
    const remote = windows.open(world, { lockDir: remoteLocks(), mayRefresh: false, clock: windows.skewedClock(-5 * MINUTE) });
    await windows.signIn(world, localA);
    await localA.manager.signOut();
    await world.settled();
    clock.advance(MINUTE);
    const again = await windows.signIn(world, remote);
    secrets.push(again.accessToken, again.refreshToken);
    assert.equal(await remote.manager.getAccessToken(), again.accessToken);
    assert.equal(await localA.manager.getAccessToken(), again.accessToken);
    assert.equal(await localB.manager.getAccessToken(), again.accessToken);
    assert.ok(await localA.manager.getSession());
  });

  it('a sign-out in a local window covers a remote sign-in stamped 5 min ahead: a lagging local window neither uses nor refreshes it', async () => {
    const world = new LaggingSecretWorld(200);
    const remote = windows.open(world, { lockDir: remoteLocks(), mayRefresh: false, clock: windows.skewedClock(5 * MINUTE) });
    const localA = windows.open(world, { lockDir: localLocks() });
    const localB = windows.open(world, { lockDir: localLocks() });
    const signedIn = await windows.signIn(world, remote);
    secrets.push(signedIn.accessToken, signedIn.refreshToken);
    await localA.manager.signOut();
    // B's view still shows the session for a moment (the lag): the recorded sign-out covers it.
    const notSignedIn = (e: unknown): boolean => e instanceof ExportAuthError && e.kind === 'notSignedIn';
    assert.equal(await localB.manager.getSession(), undefined);
    await assert.rejects(localB.manager.getAccessToken(), notSignedIn);
    await assert.rejects(localB.manager.refreshNow(), notSignedIn);
    await world.settled();
    assert.equal(idp.stats.refreshRequests, 0);
    assert.equal(windows.stored(world), undefined);
  });
});
