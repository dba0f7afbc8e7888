// A secret storage that fails or stops answering: every path ends in the log or in an error its caller gets,
// never in an unhandled rejection, and a store call under the refresh lock never keeps other windows waiting.
import assert from 'node:assert/strict';
import { ExportAuthError, ProactiveRefresher, SESSION_SECRET_KEY, parseSession } from '../../src/core/oauth';
import { ManualClock } from '../fakes/manualClock';
import { ManualTimers } from '../fakes/manualTimers';
import { MemoryLogger } from '../fakes/memoryLogger';
import { MemorySecretStore } from '../fakes/memorySecretStore';
import { startIdp, type Idp } from '../sandbox/idp';
import { makeTempDir, managerFor, signInThroughSandbox, waitFor } from '../sandbox/oauthTestKit';

const MINUTE = 60_000;

describe('a failing secret storage', function () {
  this.timeout(20_000);

  let idp: Idp;
  let clock: ManualClock;
  let store: MemorySecretStore;
  let logger: MemoryLogger;
  let temp: { dir: string; remove(): Promise<void> };
  let unhandled: unknown[];
  const onUnhandled = (reason: unknown): void => void unhandled.push(reason);

  beforeEach(async () => {
    clock = new ManualClock();
    store = new MemorySecretStore();
    logger = new MemoryLogger();
    idp = await startIdp({ now: () => clock.now() });
    temp = await makeTempDir('oauth-store-faults-');
    unhandled = [];
    process.on('unhandledRejection', onUnhandled);
  });
  afterEach(async () => {
    process.off('unhandledRejection', onUnhandled);
    await idp.close();
    await temp.remove();
  });

  /** Lets pending rejections surface: Node reports them once the microtask queue has drained. */
  async function settle(): Promise<void> {
    for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
  }

  it('leaves no unhandled rejection from the refresh timer: it logs, and tries again later', async () => {
    const kit = managerFor(idp, { store, clock, logger, lockDir: temp.dir });
    const session = await signInThroughSandbox(idp, kit.manager, clock);
    store.failGets = new Error('The keyring is locked.');
    const timers = new ManualTimers();
    const refresher = new ProactiveRefresher({ manager: kit.manager, clock, logger, timers, retryAfterFailureMs: 45_000 });

    refresher.start();
    const logged = (): boolean => logger.lines.some((line) => line.startsWith('warn') && line.includes('keyring is locked'));
    await waitFor(() => logged() || unhandled.length > 0, 'the failed read to end somewhere');
    await settle();
    assert.deepEqual(unhandled, [], 'the failed read ended in an unhandled rejection');
    await waitFor(() => timers.pending.size === 1, 'a retry timer after the failed read');
    assert.equal(timers.only().ms, 45_000);

    // A change event (a sign-in stores fine; reading still fails) plans again through the same path.
    const linesBefore = logger.lines.length;
    await kit.manager.saveSignedInSession({ ...session, lastRefreshAt: clock.now() });
    await waitFor(() => logger.lines.slice(linesBefore).some((line) => line.includes('keyring is locked')), 'the failed re-plan in the log');

    // The timer's refresh fails the same way, and is planned again.
    clock.advance(45_000);
    timers.fire();
    await waitFor(() => timers.pending.size === 1, 'the next retry');
    await settle();
    assert.deepEqual(unhandled, []);
    refresher.stop();
  });

  it('stops waiting for a store call that never returns under the lock, so another window signs out under it', async () => {
    const refreshing = managerFor(idp, { store, clock, logger, lockDir: temp.dir, lockTimeoutMs: 2000 });
    const signedIn = await signInThroughSandbox(idp, refreshing.manager, clock);
    clock.advance(57 * MINUTE);
    // The read before the lock answers; the one inside the lock never does.
    store.hangGetsAfter(1);
    const answer = refreshing.manager.getAccessToken();
    answer.catch(() => undefined); // asserted below; only marks the rejection as handled meanwhile
    await waitFor(() => store.hangingGets > 0, 'a read under the lock to hang');

    const other = managerFor(idp, { store, clock, logger, lockDir: temp.dir, lockTimeoutMs: 2000 });
    await other.manager.signOut();
    assert.ok(!logger.lines.some((line) => line.includes('without the refresh lock')), 'the sign-out had the lock');
    await assert.rejects(answer, (e: unknown) => e instanceof ExportAuthError && e.kind === 'busy' && e.retryable);
    assert.equal(idp.stats.refreshRequests, 0, 'nothing was sent');
    assert.ok(idp.chainAlive(signedIn.refreshToken));
    assert.equal(store.values.size, 0, 'signed out');
    await settle();
    assert.deepEqual(unhandled, []);
  });

  it('a rotation window A could not save: window B sends nothing (busy), and A\'s next call writes the pair; the chain lives', async () => {
    // Both windows over one secret storage and one lock folder; A's write of the rotation fails (a locked keychain).
    const windowA = managerFor(idp, { store, clock, logger, lockDir: temp.dir });
    const windowB = managerFor(idp, { store, clock, logger, lockDir: temp.dir });
    const signedIn = await signInThroughSandbox(idp, windowA.manager, clock);
    clock.advance(57 * MINUTE);
    store.failNextWrite = new Error('the keychain is locked');
    await assert.rejects(windowA.manager.getAccessToken(), (e: unknown) => e instanceof ExportAuthError && e.kind === 'storage');
    assert.equal(idp.stats.refreshRequests, 1);

    const pending = (e: unknown): boolean => e instanceof ExportAuthError && e.kind === 'busy' && e.retryable && /could not save it yet/.test(e.message);
    await assert.rejects(windowB.manager.getAccessToken(), pending, 'B does not present the refresh token A replaced');
    await assert.rejects(windowB.manager.refreshNow(), pending);
    assert.equal(idp.stats.refreshRequests, 1, 'B sent nothing');
    assert.deepEqual(windowB.events, [], 'nobody was signed out');

    const token = await windowA.manager.getAccessToken();
    const stored = parseSession(store.values.get(SESSION_SECRET_KEY));
    assert.ok(stored && stored.accessToken === token && stored.refreshToken !== signedIn.refreshToken, 'A wrote its pending pair');
    assert.equal(await windowB.manager.getAccessToken(), token, 'B uses it once it is stored');
    assert.equal(idp.stats.refreshRequests, 1);
    assert.equal(idp.stats.revokedChains, 0);
    assert.ok(idp.chainAlive(stored.refreshToken));
  });
});
