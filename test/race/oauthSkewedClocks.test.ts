// A local and a remote window whose machines' clocks disagree, over one lagging secret storage: the remote window
// (its own lock folder, never refreshing) stamps its sign-in with its own clock. Which session is newer, and whether
// a sign-in came before or after a sign-out, must not depend on comparing the two clocks (a replaced refresh token
// presented once revokes the chain, spec 5.2.6).
import assert from 'node:assert/strict';
import { ExportAuthError } from '../../src/core/oauth';
import { LaggingSecretWorld } from '../fakes/laggingSecretStore';
import { useRaceWorld } from './laggingWindows';

const MINUTE = 60_000;

describe('windows on machines whose clocks disagree, over one secret storage', function () {
  this.timeout(30_000);

  const race = useRaceWorld('oauth-skew-');

  for (const [skew, when] of [
    [5 * MINUTE, 'Refresh Now a minute later'],
    [2 * 60 * MINUTE, 'the margin refresh'],
  ] as const) {
    it(`a sign-in in a remote window ${skew / MINUTE} min ahead, then two local race.windows' ${when}: one request, the chain lives`, async () => {
      const world = new LaggingSecretWorld(200);
      const remote = race.windows.open(world, { lockDir: race.remoteLocks(), mayRefresh: false, clock: race.windows.skewedClock(skew) });
      const localA = race.windows.open(world, { lockDir: race.localLocks() });
      const localB = race.windows.open(world, { lockDir: race.localLocks() });
      const signedIn = await race.windows.signIn(world, remote);
      race.secrets.push(signedIn.accessToken, signedIn.refreshToken);
      assert.equal(await localA.manager.getAccessToken(), signedIn.accessToken);

      let results: PromiseSettledResult<unknown>[];
      if (skew === 5 * MINUTE) {
        race.clock.advance(MINUTE);
        results = await Promise.allSettled([localA.manager.refreshNow(), localB.manager.refreshNow()]);
      } else {
        race.windows.enterMargin(world);
        results = await Promise.allSettled([localA.manager.getAccessToken(), localB.manager.getAccessToken()]);
      }
      await world.settled();
      const stored = race.windows.stored(world);
      assert.ok(stored);
      race.secrets.push(stored.accessToken, stored.refreshToken);
      assert.deepEqual(results.map((r) => r.status), ['fulfilled', 'fulfilled'], String(results.map((r) => (r.status === 'rejected' ? r.reason : ''))));
      assert.equal(race.idp.stats.refreshRequests, 1);
      assert.equal(race.idp.stats.revokedChains, 0);
      assert.ok(race.idp.chainAlive(stored.refreshToken));
      assert.deepEqual([...localA.events, ...localB.events].filter((e) => e.type === 'signedOut'), []);
    });
  }

  it('a sign-in in a remote window 5 min behind, after a sign-out in a local one, reaches every window', async () => {
    const world = new LaggingSecretWorld(200);
    const localA = race.windows.open(world, { lockDir: race.localLocks() });
    const localB = race.windows.open(world, { lockDir: race.localLocks() });
    const remote = race.windows.open(world, { lockDir: race.remoteLocks(), mayRefresh: false, clock: race.windows.skewedClock(-5 * MINUTE) });
    await race.windows.signIn(world, localA);
    await localA.manager.signOut();
    await world.settled();
    race.clock.advance(MINUTE);
    const again = await race.windows.signIn(world, remote);
    race.secrets.push(again.accessToken, again.refreshToken);
    assert.equal(await remote.manager.getAccessToken(), again.accessToken);
    assert.equal(await localA.manager.getAccessToken(), again.accessToken);
    assert.equal(await localB.manager.getAccessToken(), again.accessToken);
    assert.ok(await localA.manager.getSession());
  });

  it('a sign-out in a local window covers a remote sign-in stamped 5 min ahead: a lagging local window neither uses nor refreshes it', async () => {
    const world = new LaggingSecretWorld(200);
    const remote = race.windows.open(world, { lockDir: race.remoteLocks(), mayRefresh: false, clock: race.windows.skewedClock(5 * MINUTE) });
    const localA = race.windows.open(world, { lockDir: race.localLocks() });
    const localB = race.windows.open(world, { lockDir: race.localLocks() });
    const signedIn = await race.windows.signIn(world, remote);
    race.secrets.push(signedIn.accessToken, signedIn.refreshToken);
    await localA.manager.signOut();
    // B's view still shows the session for a moment (the lag): the recorded sign-out covers it.
    const notSignedIn = (e: unknown): boolean => e instanceof ExportAuthError && e.kind === 'notSignedIn';
    assert.equal(await localB.manager.getSession(), undefined);
    await assert.rejects(localB.manager.getAccessToken(), notSignedIn);
    await assert.rejects(localB.manager.refreshNow(), notSignedIn);
    await world.settled();
    assert.equal(race.idp.stats.refreshRequests, 0);
    assert.equal(race.windows.stored(world), undefined);
  });
});
