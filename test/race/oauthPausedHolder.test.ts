// A window holding the refresh lock is paused (a debugger, a suspended laptop) right before it sends the
// refresh token, longer than the stale timeout: another window takes the lock over and refreshes. When the
// paused one wakes, it must not send the refresh token the other already rotated.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startIdp, type Idp } from '../sandbox/idp';
import { linesLeakingSecrets, makeTempDir } from '../sandbox/oauthTestKit';
import { raceConfig, readSession, RaceWorker, seedSession } from './raceHarness';
import { fingerprint, type RaceReply } from './worker';

describe('a refresh lock holder paused past the stale timeout', function () {
  // Real processes on a shared, noisy machine: generous limits, but no timing is asserted.
  this.timeout(60_000);

  let idp: Idp;
  let virtualNow = Date.UTC(2026, 0, 5, 9, 0, 0);
  let temp: { dir: string; remove(): Promise<void> };
  let workers: RaceWorker[] = [];
  const logLines: string[] = [];
  const secrets: string[] = [];

  function collect(...replies: RaceReply[]): void {
    for (const reply of replies) logLines.push(...reply.log);
  }

  beforeEach(async () => {
    idp = await startIdp({ now: () => virtualNow });
    temp = await makeTempDir('oauth-paused-');
  });
  afterEach(async () => {
    idp.faults.release();
    await Promise.all(workers.map((worker) => worker.stop()));
    workers = [];
    await idp.close();
    await temp.remove();
    assert.deepEqual(linesLeakingSecrets(logLines, [...secrets, idp.clientSecret]), [], 'a worker logged a secret');
  });

  it('wakes up, finds it can no longer prove it holds the lock, and sends nothing: one token request, the chain lives', async () => {
    const { store, config } = raceConfig(idp, temp.dir);
    const wakeFile = path.join(temp.dir, 'wake-up');
    const seeded = await seedSession(store, idp.issueSessionDirectly(), virtualNow, config.lockDir);
    const paused = await RaceWorker.spawn({ ...config, pauseBeforeSendUntil: wakeFile }, idp.clientSecret);
    const other = await RaceWorker.spawn(config, idp.clientSecret);
    workers = [paused, other];
    const now = seeded.accessExpiresAt - 2 * 60_000;
    virtualNow = now;

    const pausedAnswer = paused.getAccessToken(now, 0);
    await paused.paused;
    // The other window waits for the lock, finds it stale (nobody touches it) and refreshes; its request is
    // parked at the identity provider, so it still holds the lock when the paused window wakes.
    idp.faults.hold();
    const otherAnswer = other.getAccessToken(now, 0);
    await idp.faults.whenHeld(1);

    await writeFile(wakeFile, '');
    const woke = await pausedAnswer;
    collect(woke);
    assert.equal(idp.stats.refreshRequests, 1, 'no second request with the same refresh token');
    assert.ok(existsSync(path.join(config.lockDir, 'export-session.lock')), "the woken window left the other's lock in place");
    assert.equal(woke.ok, false, 'the woken window reports that it did nothing');
    assert.equal(woke.errorKind, 'busy', woke.error);

    idp.faults.release();
    const otherReply = await otherAnswer;
    collect(otherReply);
    assert.equal(otherReply.ok, true, otherReply.error);
    assert.equal(idp.stats.refreshRequests, 1);
    assert.equal(idp.stats.revokedChains, 0);
    const stored = await readSession(store);
    assert.ok(stored);
    secrets.push(stored.accessToken, stored.refreshToken, seeded.accessToken, seeded.refreshToken);
    assert.ok(idp.chainAlive(stored.refreshToken), 'the chain lives');

    // Asked again, the woken window simply uses what the other stored.
    const again = await paused.getAccessToken(now, 0);
    collect(again);
    assert.equal(again.ok, true, again.error);
    assert.equal(again.fingerprint, fingerprint(stored.accessToken));
    assert.equal(idp.stats.refreshRequests, 1);
  });
});
