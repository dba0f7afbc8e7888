// A local window and a remote window (the extension forced onto the workspace side with remote.extensionKind)
// share VS Code's secret storage but not the lock folder: each keeps its own in its own global storage. Over
// one lagging store, two windows with two lock folders: the remote one must never send a refresh token.
import assert from 'node:assert/strict';
import { ExportAuthError } from '../../src/core/oauth';
import { LaggingSecretWorld } from '../fakes/laggingSecretStore';
import { useRaceWorld } from './laggingWindows';

describe('a local and a remote window with separate lock folders over one secret storage', function () {
  this.timeout(30_000);

  const race = useRaceWorld('oauth-remote-');

  it('refreshes once per rotation from the local window only; the remote window uses the stored token and the chain survives', async () => {
    const world = new LaggingSecretWorld(200);
    const local = race.windows.open(world, { lockDir: race.localLocks() });
    const remote = race.windows.open(world, { lockDir: race.remoteLocks(), mayRefresh: false });
    await race.windows.signIn(world, local);
    for (let round = 1; round <= 4; round++) {
      const before = race.windows.enterMargin(world);
      const requestsBefore = race.idp.stats.refreshRequests;
      const [fromRemote, fromLocal] = await Promise.all([remote.manager.getAccessToken(), local.manager.getAccessToken()]);
      const after = race.windows.stored(world);
      assert.ok(after);
      race.secrets.push(after.accessToken, after.refreshToken);
      assert.equal(race.idp.stats.refreshRequests - requestsBefore, 1, `round ${round}: token requests`);
      assert.equal(fromLocal, after.accessToken, `round ${round}: the local window refreshed`);
      assert.ok([before.accessToken, after.accessToken].includes(fromRemote), `round ${round}: the remote window used a stored token`);
      assert.ok(race.idp.verifyAccessToken(fromRemote), `round ${round}: and it is still valid`);
      assert.ok(race.idp.chainAlive(after.refreshToken), `round ${round}: the chain lives`);
      await world.settled();
      assert.equal(await remote.manager.getAccessToken(), after.accessToken, `round ${round}: the remote window sees the rotation`);
    }
    assert.equal(race.idp.stats.revokedChains, 0);
  });

  it('tells the remote window plainly, without retrying, that only a local window can refresh once the token has run out', async () => {
    const world = new LaggingSecretWorld(50);
    const local = race.windows.open(world, { lockDir: race.localLocks() });
    const remote = race.windows.open(world, { lockDir: race.remoteLocks(), mayRefresh: false });
    const session = await race.windows.signIn(world, local);
    race.secrets.push(session.accessToken, session.refreshToken);
    race.clock.set(session.accessExpiresAt - 30_000);
    const refusal = (e: unknown): boolean =>
      e instanceof ExportAuthError && e.kind === 'refreshUnavailable' && !e.retryable && /local window/.test(e.message);
    await assert.rejects(remote.manager.getAccessToken(), refusal);
    await assert.rejects(remote.manager.refreshNow(), refusal);
    assert.equal(remote.manager.canRefresh, false);
    assert.equal(race.idp.stats.refreshRequests, 0, 'the remote window sent nothing');
    assert.deepEqual(remote.events, []);
    assert.ok(race.idp.chainAlive(session.refreshToken));
  });

  it('lets a sign-in made in the remote window reach the local race.windows, also after a sign-out recorded there', async () => {
    const world = new LaggingSecretWorld(200);
    const local = race.windows.open(world, { lockDir: race.localLocks() });
    const otherLocal = race.windows.open(world, { lockDir: race.localLocks() });
    const remote = race.windows.open(world, { lockDir: race.remoteLocks(), mayRefresh: false });
    await race.windows.signIn(world, local);
    await local.manager.signOut();
    await world.settled();
    race.clock.advance(1000);
    const fromRemote = await race.windows.signIn(world, remote);
    race.secrets.push(fromRemote.accessToken, fromRemote.refreshToken);
    assert.equal(await local.manager.getAccessToken(), fromRemote.accessToken);
    assert.equal(await otherLocal.manager.getAccessToken(), fromRemote.accessToken);

    race.windows.enterMargin(world);
    const tokens = await Promise.all([local.manager.getAccessToken(), otherLocal.manager.getAccessToken()]);
    const after = race.windows.stored(world);
    assert.ok(after);
    race.secrets.push(after.accessToken, after.refreshToken);
    assert.deepEqual(new Set(tokens), new Set([after.accessToken]));
    assert.equal(race.idp.stats.refreshRequests, 1);
    assert.ok(race.idp.chainAlive(after.refreshToken));
    await world.settled();
  });

  it('without that restriction the same layout presents a replaced refresh token and the chain is revoked (why it exists)', async () => {
    // A long lag, so that neither window can see the other's rotation before it sends its own.
    const world = new LaggingSecretWorld(2000);
    const local = race.windows.open(world, { lockDir: race.localLocks() });
    const remote = race.windows.open(world, { lockDir: race.remoteLocks() });
    await race.windows.signIn(world, local);
    race.windows.enterMargin(world);
    await Promise.allSettled([remote.manager.getAccessToken(), local.manager.getAccessToken()]);
    assert.equal(race.idp.stats.refreshRequests, 2, 'each lock folder let one window refresh');
    assert.equal(race.idp.stats.revokedChains, 1, 'the second request presented the replaced token');
    await world.settled();
  });
});
