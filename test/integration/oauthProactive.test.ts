import assert from 'node:assert/strict';
import { MemoryLogger } from '../fakes/memoryLogger';
import { MemorySecretStore } from '../fakes/memorySecretStore';
import { ManualClock } from '../fakes/manualClock';
import { ProactiveRefresher, REFRESH_MARGIN_MS, type TimerPort } from '../../src/core/oauth';
import { startIdp, type Idp } from '../sandbox/idp';
import { makeTempDir, managerFor, signInThroughSandbox, waitFor, type ManagerKit } from '../sandbox/oauthTestKit';

/** Timers the test fires by hand. */
class ManualTimers implements TimerPort {
  readonly pending = new Map<number, { callback: () => void; ms: number }>();
  private next = 1;
  setTimeout(callback: () => void, ms: number): number {
    const handle = this.next++;
    this.pending.set(handle, { callback, ms });
    return handle;
  }
  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  only(): { callback: () => void; ms: number } {
    assert.equal(this.pending.size, 1, 'exactly one timer is pending');
    return [...this.pending.values()][0]!;
  }
  fire(): void {
    const [handle, timer] = [...this.pending.entries()][0]!;
    this.pending.delete(handle);
    timer.callback();
  }
}

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

  for (const [what, idpClockOffset, ttlSeconds] of [
    ['access tokens live no longer than the 5-minute margin', 0, 240],
    ['this clock is far ahead of the identity provider', -2 * 60 * 60_000, 3600],
  ] as const) {
    it(`waits at least a minute after each refresh when ${what}`, async () => {
      await idp.close();
      idp = await startIdp({ now: () => clock.now() + idpClockOffset, accessTokenTtlSeconds: ttlSeconds });
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
  }

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
