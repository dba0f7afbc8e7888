import assert from 'node:assert/strict';
import { MemoryLogger } from '../fakes/memoryLogger';
import { MemorySecretStore } from '../fakes/memorySecretStore';
import { ManualClock } from '../fakes/manualClock';
import { ManualTimers } from '../fakes/manualTimers';
import { ProactiveRefresher, REFRESH_MARGIN_MS } from '../../src/core/oauth';
import type { RefreshableSession } from '../../src/core/oauth/proactiveRefresh';
import { startIdp, type Idp } from '../sandbox/idp';
import { makeTempDir, managerFor, signInThroughSandbox, waitFor, type ManagerKit } from '../sandbox/oauthTestKit';

describe('the proactive refresh timer', () => {
  let idp: Idp;
  let clock: ManualClock;
  let temp: { dir: string; remove(): Promise<void> };
  let kit: ManagerKit;

  beforeEach(async () => {
    clock = new ManualClock();
    idp = await startIdp({ now: () => clock.now() });
    temp = await makeTempDir('oauth-timer-');
    kit = managerFor(idp, { store: new MemorySecretStore(), clock, logger: new MemoryLogger(), lockDir: temp.dir });
  });
  afterEach(async () => {
    await idp.close();
    await temp.remove();
  });

  it('refreshes when the margin begins and plans the next refresh from the new token', async () => {
    const session = await signInThroughSandbox(idp, kit.manager, clock);
    const timers = new ManualTimers();
    const refresher = new ProactiveRefresher({ manager: kit.manager, clock, logger: new MemoryLogger(), timers, random: () => 0 });
    refresher.start();
    await waitFor(() => timers.pending.size === 1, 'the first timer');
    assert.equal(timers.only().ms, session.accessExpiresAt - REFRESH_MARGIN_MS - clock.now());

    clock.advance(timers.only().ms);
    timers.fire();
    await waitFor(() => idp.stats.refreshRequests === 1 && timers.pending.size === 1, 'the refresh and the next timer');
    const renewed = await kit.manager.getSession();
    assert.ok(renewed && renewed.accessToken !== session.accessToken);
    assert.equal(timers.only().ms, renewed.accessExpiresAt - REFRESH_MARGIN_MS - clock.now());

    refresher.stop();
    assert.equal(timers.pending.size, 0);
  });

  it('waits at least a minute after each refresh when access tokens live no longer than the 5-minute margin', async () => {
    await idp.close();
    idp = await startIdp({ now: () => clock.now(), accessTokenTtlSeconds: 240 });
    kit = managerFor(idp, { store: new MemorySecretStore(), clock, logger: new MemoryLogger(), lockDir: temp.dir });
    await signInThroughSandbox(idp, kit.manager, clock);
    const timers = new ManualTimers();
    const refresher = new ProactiveRefresher({ manager: kit.manager, clock, logger: new MemoryLogger(), timers, random: () => 0 });
    refresher.start();
    await waitFor(() => timers.pending.size === 1, 'the first timer');
    assert.equal(timers.only().ms, 60_000, 'not at once, although the token is already inside the margin');
    for (let refresh = 1; refresh <= 3; refresh++) {
      clock.advance(timers.only().ms);
      timers.fire();
      await waitFor(() => idp.stats.refreshRequests === refresh && timers.pending.size === 1, `refresh ${refresh} and the next timer`);
      assert.equal(timers.only().ms, 60_000);
    }
    refresher.stop();
  });

  it('plans by the identity provider\'s clock when this clock is far ahead of it: one refresh per access token, not one a minute', async () => {
    // Until the provider's clock was learned from `iat`, this machine saw every token as expired and refreshed once
    // a minute (the minimum gap); now it refreshes five minutes before each token really runs out.
    await idp.close();
    idp = await startIdp({ now: () => clock.now() - 2 * 60 * 60_000 });
    kit = managerFor(idp, { store: new MemorySecretStore(), clock, logger: new MemoryLogger(), lockDir: temp.dir });
    await signInThroughSandbox(idp, kit.manager, clock);
    const timers = new ManualTimers();
    const refresher = new ProactiveRefresher({ manager: kit.manager, clock, logger: new MemoryLogger(), timers, random: () => 0 });
    refresher.start();
    await waitFor(() => timers.pending.size === 1, 'the first timer');
    assert.equal(timers.only().ms, 55 * 60_000, 'five minutes before the token runs out by the provider\'s clock');
    for (let refresh = 1; refresh <= 2; refresh++) {
      clock.advance(timers.only().ms);
      timers.fire();
      await waitFor(() => idp.stats.refreshRequests === refresh && timers.pending.size === 1, `refresh ${refresh} and the next timer`);
      assert.ok(Math.abs(timers.only().ms - 55 * 60_000) <= 1000, `refresh ${refresh}: the next one an access token later`);
    }
    refresher.stop();
  });

  it('plans its next refresh only once its own refresh has finished, so a timer never fires into it', async () => {
    await signInThroughSandbox(idp, kit.manager, clock);
    // The real manager, watched: which session reads the refresher makes while its refresh is still running.
    let refreshing = 0;
    let readsDuringRefresh = 0;
    const watched: RefreshableSession = {
      get canRefresh() {
        return kit.manager.canRefresh;
      },
      onDidChange: (listener) => kit.manager.onDidChange(listener),
      getSession: () => {
        if (refreshing > 0) readsDuringRefresh++;
        return kit.manager.getSession();
      },
      getAccessToken: async (signal) => {
        refreshing++;
        try {
          return await kit.manager.getAccessToken(signal);
        } finally {
          refreshing--;
        }
      },
    };
    const timers = new ManualTimers();
    const refresher = new ProactiveRefresher({ manager: watched, clock, logger: new MemoryLogger(), timers, random: () => 0 });
    refresher.start();
    await waitFor(() => timers.pending.size === 1, 'the first timer');
    for (let refresh = 1; refresh <= 3; refresh++) {
      clock.advance(timers.only().ms);
      timers.fire();
      await waitFor(() => idp.stats.refreshRequests === refresh && timers.pending.size === 1, `refresh ${refresh} and the next timer`);
    }
    assert.equal(readsDuringRefresh, 0, 'the refresh events did not plan a timer while the refresh was still running');
    assert.deepEqual(kit.events.map((e) => e.type), ['signedIn', 'refreshed', 'refreshed', 'refreshed']);
    refresher.stop();
  });

  it('does nothing while signed out, and starts once a sign-in happens', async () => {
    const timers = new ManualTimers();
    const refresher = new ProactiveRefresher({ manager: kit.manager, clock, logger: new MemoryLogger(), timers, random: () => 0 });
    refresher.start();
    await kit.manager.getSession();
    assert.equal(timers.pending.size, 0);
    await signInThroughSandbox(idp, kit.manager, clock);
    await waitFor(() => timers.pending.size === 1, 'a timer after sign-in');
    refresher.stop();
  });
});
