// What may happen while a refresh holds the lock: a sign-out meanwhile is never undone, the holder finishes
// before other windows stop waiting for the lock, and a holder whose lock was taken over changes nothing.
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { MemoryLogger } from '../fakes/memoryLogger';
import { MemorySecretStore } from '../fakes/memorySecretStore';
import { ManualClock } from '../fakes/manualClock';
import { ExportAuthError, ExportSessionManager, type ExportSession, type TokenRefresher } from '../../src/core/oauth';
import { startIdp, type Idp } from '../sandbox/idp';
import { makeTempDir, managerFor, readSession, signInThroughSandbox, waitFor } from '../sandbox/oauthTestKit';

const MINUTE = 60_000;

function isKind(kind: string): (error: unknown) => boolean {
  return (error) => error instanceof ExportAuthError && error.kind === kind;
}

describe('a refresh holding the lock', function () {
  this.timeout(20_000);

  let idp: Idp;
  let clock: ManualClock;
  let store: MemorySecretStore;
  let logger: MemoryLogger;
  let temp: { dir: string; remove(): Promise<void> };

  const stored = (): Promise<ExportSession | undefined> => readSession(store);

  beforeEach(async () => {
    clock = new ManualClock();
    store = new MemorySecretStore();
    logger = new MemoryLogger();
    idp = await startIdp({ now: () => clock.now() });
    temp = await makeTempDir('oauth-hold-');
  });
  afterEach(async () => {
    idp.faults.release();
    await idp.close();
    await temp.remove();
  });

  it('does not write its rotation back over a sign-out made while the token request was out', async () => {
    const refreshing = managerFor(idp, { store, clock, logger, lockDir: temp.dir, lockTimeoutMs: 20_000 });
    await signInThroughSandbox(idp, refreshing.manager, clock);
    clock.advance(57 * MINUTE);
    idp.faults.hold();
    const answer = refreshing.manager.getAccessToken();
    answer.catch(() => undefined); // asserted below; only marks the rejection as handled meanwhile
    await idp.faults.whenHeld(1);
    // A window that cannot get the lock in time signs out without it.
    const other = managerFor(idp, { store, clock, logger, lockDir: temp.dir, lockTimeoutMs: 100 });
    await other.manager.signOut();
    assert.ok(logger.lines.some((line) => line.includes('Signing out without the refresh lock')));
    assert.equal(await stored(), undefined);

    idp.faults.release();
    await assert.rejects(answer, isKind('notSignedIn'));
    assert.equal(await stored(), undefined, 'the sign-out stands');
    assert.equal(idp.stats.refreshRequests, 1);
    assert.deepEqual(refreshing.events.map((e) => e.type), ['signedIn']);
    await assert.rejects(refreshing.manager.getAccessToken(), isKind('notSignedIn'));
  });

  it('gives up a stalled token request before another window stops waiting, so that window signs out under the lock', async () => {
    const refreshing = managerFor(idp, { store, clock, logger, lockDir: temp.dir, lockTimeoutMs: 2000 });
    const signedIn = await signInThroughSandbox(idp, refreshing.manager, clock);
    clock.advance(57 * MINUTE);
    idp.faults.hold();
    const answer = refreshing.manager.getAccessToken();
    answer.catch(() => undefined); // asserted below; only marks the rejection as handled meanwhile
    await idp.faults.whenHeld(1);
    const other = managerFor(idp, { store, clock, logger, lockDir: temp.dir, lockTimeoutMs: 2000 });
    await other.manager.signOut();
    assert.ok(!logger.lines.some((line) => line.includes('without the refresh lock')), 'the sign-out had the lock');
    await assert.rejects(answer, (e: unknown) => isKind('network')(e) && (e as ExportAuthError).retryable);
    assert.equal(await stored(), undefined);
    await waitFor(() => idp.faults.held === 0, 'the identity provider to drop the abandoned request');
    assert.ok(idp.chainAlive(signedIn.refreshToken), 'the abandoned request was never processed');
  });

  it('stores nothing once its lock was taken over, and writes the unsaved rotation first on the next call', async () => {
    let calls = 0;
    const tokenClient: TokenRefresher = {
      refresh: async () => {
        calls++;
        if (calls === 1) {
          // Another process judged the lock stale and took it: proper-lockfile notices on its next touch.
          await rm(path.join(temp.dir, 'export-session.lock'), { recursive: true, force: true });
          await waitFor(() => logger.lines.some((line) => line.includes('taken over')), 'the lock to be found compromised', 5000);
        }
        return { ok: true, tokens: { accessToken: `access-${calls}`, refreshToken: `rotated-${calls}`, scope: 'offline_access' } };
      },
    };
    const manager = new ExportSessionManager({ store, clock, logger, lockDir: temp.dir, tokenClient, staleMs: 2000, lockTimeoutMs: 10_000 });
    const now = clock.now();
    await manager.saveSignedInSession({ accessToken: 'access-0', refreshToken: 'rotated-0', accessExpiresAt: now + 2 * MINUTE, lastRefreshAt: now, scopes: [] });

    await assert.rejects(manager.getAccessToken(), (e: unknown) => isKind('busy')(e) && (e as ExportAuthError).retryable);
    assert.equal((await stored())?.refreshToken, 'rotated-0', 'nothing was written without the lock');

    assert.equal(await manager.getAccessToken(), 'access-1');
    assert.equal((await stored())?.refreshToken, 'rotated-1');
    assert.equal(calls, 1, 'the rotation was written, not requested again');
  });
});
