import assert from 'node:assert/strict';
import { FileSecretStore } from '../fakes/fileSecretStore';
import { startIdp, type Idp } from '../sandbox/idp';
import { linesLeakingSecrets, makeTempDir, presentRefreshToken, waitFor } from '../sandbox/oauthTestKit';
import { raceConfig, raceRound, readSession, RaceWorker, seedSession } from './raceHarness';
import { fingerprint, type RaceReply, type RaceWorkerConfig } from './worker';

const WORKERS = 5;
const ROUNDS = 20;

describe('five processes refreshing one rotating session against the strict identity provider', function () {
  // Real processes on a shared, noisy machine: generous limits, but no timing is asserted.
  this.timeout(90_000);

  let idp: Idp;
  let virtualNow = Date.UTC(2026, 0, 5, 9, 0, 0);
  let temp: { dir: string; remove(): Promise<void> };
  let store: FileSecretStore;
  let config: RaceWorkerConfig;
  let workers: RaceWorker[] = [];
  const logLines: string[] = [];
  const secrets: string[] = [];
  const setVirtualNow = (ms: number): void => void (virtualNow = ms);

  function collect(replies: RaceReply[]): void {
    for (const reply of replies) logLines.push(...reply.log);
  }

  before(async () => {
    idp = await startIdp({ now: () => virtualNow });
    temp = await makeTempDir('oauth-race-');
    ({ store, config } = raceConfig(idp, temp.dir));
    await seedSession(store, idp.issueSessionDirectly(), virtualNow, config.lockDir);
    workers = await Promise.all(Array.from({ length: WORKERS }, () => RaceWorker.spawn(config, idp.clientSecret)));
  });

  after(async () => {
    // Stop everything first, so a failed check below cannot leave processes or servers keeping mocha alive.
    await Promise.all(workers.map((worker) => worker.stop()));
    await idp.close();
    await temp.remove();
    assert.deepEqual(linesLeakingSecrets(logLines, [...secrets, idp.clientSecret]), [], 'a worker logged a secret');
  });

  it(`makes exactly one token request per rotation in ${ROUNDS} rounds, and every process ends with the same valid session`, async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const before = await readSession(store);
      const result = await raceRound(idp, setVirtualNow, store, workers);
      collect(result.replies);
      const failures = result.replies.filter((reply) => !reply.ok).map((reply) => `${reply.errorKind}: ${reply.error}`);
      assert.deepEqual(failures, [], `round ${round}`);
      assert.equal(result.refreshRequests, 1, `round ${round}: token requests`);
      const session = result.session;
      assert.ok(session, `round ${round}: a stored session`);
      secrets.push(session.accessToken, session.refreshToken);
      assert.notEqual(session.refreshToken, before?.refreshToken, `round ${round}: rotated`);
      assert.deepEqual(new Set(result.replies.map((reply) => reply.fingerprint)), new Set([fingerprint(session.accessToken)]), `round ${round}`);
      assert.ok(idp.verifyAccessToken(session.accessToken), `round ${round}: the stored token is valid`);
      assert.equal(result.replies.flatMap((reply) => reply.events).filter((e) => e.startsWith('signedOut')).length, 0);
    }
    assert.equal(idp.stats.revokedChains, 0);
    const last = await readSession(store);
    assert.equal((await presentRefreshToken(idp, last?.refreshToken ?? '')).status, 200, 'the chain survives a further refresh');
    // That direct refresh rotated the chain behind the workers' back; re-seed for the next tests.
    await seedSession(store, idp.issueSessionDirectly(), virtualNow, config.lockDir);
  });

  it('recovers when the process holding the refresh lock is killed mid-refresh, and the chain lives', async () => {
    const victim = workers.shift();
    assert.ok(victim);
    const before = await readSession(store);
    assert.ok(before);
    const now = before.accessExpiresAt - 2 * 60_000;
    setVirtualNow(now);
    const heldBefore = idp.faults.held;
    idp.faults.hold();
    const requestsBefore = idp.stats.refreshRequests;
    void victim.getAccessToken(now, 0);
    await waitFor(() => idp.faults.held > heldBefore, 'the victim to send its refresh');
    victim.kill();
    await victim.exited;
    await waitFor(() => idp.faults.held === 0, 'the identity provider to drop the dead request');
    idp.faults.release();

    const result = await raceRound(idp, setVirtualNow, store, workers);
    collect(result.replies);
    assert.deepEqual(result.replies.filter((reply) => !reply.ok).map((reply) => reply.error), []);
    assert.equal(idp.stats.refreshRequests - requestsBefore, 2, 'the dropped request and one takeover');
    assert.ok(result.session && idp.verifyAccessToken(result.session.accessToken));
    assert.equal(new Set(result.replies.map((reply) => reply.fingerprint)).size, 1);
    assert.equal(idp.stats.revokedChains, 0);

    const again = await raceRound(idp, setVirtualNow, store, workers);
    collect(again.replies);
    assert.equal(again.refreshRequests, 1, 'the chain lives on after the takeover');
    assert.ok(again.replies.every((reply) => reply.ok));
  });

  it('adopts the newer session another window stored while its own refresh token was being refused', async () => {
    const window = workers[0];
    assert.ok(window);
    const before = await readSession(store);
    assert.ok(before);
    const now = before.accessExpiresAt - 2 * 60_000;
    setVirtualNow(now);
    idp.revokeAll();
    const heldSoFar = idp.faults.held;
    idp.faults.hold();
    const reply = window.getAccessToken(now, 0);
    await waitFor(() => idp.faults.held > heldSoFar, 'the refresh with the revoked token to arrive');
    // Meanwhile another window signs in afresh and stores its session.
    const newer = await seedSession(store, idp.issueSessionDirectly(), now, config.lockDir);
    idp.faults.release();
    const answer = await reply;
    collect([answer]);
    assert.equal(answer.ok, true, answer.error);
    assert.equal(answer.fingerprint, fingerprint(newer.accessToken));
    assert.deepEqual(answer.events, []);
    assert.equal((await readSession(store))?.refreshToken, newer.refreshToken);
    secrets.push(newer.accessToken, newer.refreshToken);
  });
});
