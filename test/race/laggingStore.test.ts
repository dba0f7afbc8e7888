// The race the file-backed store cannot show: VS Code's SecretStorage is only eventually consistent between
// windows, so right after one window rotated the refresh token (or signed out) and released the lock, another
// window can take the lock and still read the replaced token (or the removed session) from its own cache.
// Windows here are session managers in one process, each over its own lagging view of one secret store,
// sharing one lock folder.
import assert from 'node:assert/strict';
import { ExportAuthError, SESSION_SECRET_KEY } from '../../src/core/oauth';
import { LaggingSecretWorld } from '../fakes/laggingSecretStore';
import { useRaceWorld, type Window } from './laggingWindows';

function isKind(kind: string): (error: unknown) => boolean {
  return (error) => error instanceof ExportAuthError && error.kind === kind;
}

describe('windows whose secret storage views lag behind each other', function () {
  this.timeout(30_000);

  const race = useRaceWorld('oauth-lagging-');
  const open = (world: LaggingSecretWorld, extra: { consistencyWaitMs?: number; lockTimeoutMs?: number } = {}): Window =>
    race.windows.open(world, { lockDir: race.temp.dir, ...extra });

  /** Every window asks for a token at once inside the margin: one token request, one token, a living chain. */
  async function refreshRound(world: LaggingSecretWorld, all: Window[], label: string): Promise<void> {
    race.windows.enterMargin(world);
    const requestsBefore = race.idp.stats.refreshRequests;
    const outcomes = await Promise.allSettled(all.map((window) => window.manager.getAccessToken()));
    const failures = outcomes.flatMap((o) => (o.status === 'rejected' ? [String(o.reason)] : []));
    assert.deepEqual(failures, [], label);
    const tokens = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    const session = race.windows.stored(world);
    assert.ok(session);
    race.secrets.push(session.accessToken, session.refreshToken);
    assert.equal(race.idp.stats.refreshRequests - requestsBefore, 1, `${label}: token requests`);
    assert.deepEqual(new Set(tokens), new Set([session.accessToken]), `${label}: every window uses the new token`);
    assert.ok(race.idp.chainAlive(session.refreshToken), `${label}: the chain lives`);
    await world.settled();
  }

  it('refreshes exactly once per rotation and keeps the chain alive although the other race.windows read late', async () => {
    const world = new LaggingSecretWorld(200);
    const all = [open(world), open(world), open(world)];
    await race.windows.signIn(world, all[0]!);
    for (let round = 1; round <= 4; round++) await refreshRound(world, all, `round ${round}`);
    assert.equal(race.idp.stats.revokedChains, 0);
    assert.deepEqual(all.flatMap((w) => w.events).filter((e) => e.type === 'signedOut'), []);
  });

  it('never refreshes from a view that does not catch up in time: a retryable busy error instead', async () => {
    const world = new LaggingSecretWorld(1500);
    const [first, second] = [open(world), open(world, { consistencyWaitMs: 200 })];
    await race.windows.signIn(world, first);
    race.windows.enterMargin(world);
    const rotated = await first.manager.getAccessToken();
    race.secrets.push(rotated, race.windows.stored(world)?.refreshToken ?? '');
    await assert.rejects(second.manager.getAccessToken(), (e: unknown) => isKind('busy')(e) && (e as ExportAuthError).retryable);
    assert.equal(race.idp.stats.refreshRequests, 1, 'the lagging window sent nothing');

    await world.settled();
    assert.equal(await second.manager.getAccessToken(), rotated, 'once its view caught up it uses the rotated token');
    assert.equal(race.idp.stats.refreshRequests, 1);
    assert.equal(race.idp.stats.revokedChains, 0);
    assert.deepEqual(second.events, []);
  });

  it('keeps a sign-out: a window whose view still shows the session neither refreshes it nor stores it again', async () => {
    const world = new LaggingSecretWorld(300);
    const [signingOut, lagging] = [open(world), open(world)];
    const session = await race.windows.signIn(world, signingOut);
    race.secrets.push(session.accessToken, session.refreshToken);
    race.windows.enterMargin(world);
    await signingOut.manager.signOut();
    assert.notEqual(await lagging.view.get(SESSION_SECRET_KEY), undefined, 'the lagging view still shows the session');

    await assert.rejects(lagging.manager.getAccessToken(), isKind('notSignedIn'));
    await assert.rejects(lagging.manager.refreshNow(), isKind('notSignedIn'));
    await world.settled();
    assert.equal(race.idp.stats.refreshRequests, 0, 'nothing was refreshed');
    assert.equal(race.windows.stored(world), undefined, 'the sign-out stands');
    assert.ok(race.idp.chainAlive(session.refreshToken), 'the signed-out chain was never presented');
  });

  it('discards a rotation whose request was out when another window signed out without the lock', async () => {
    const world = new LaggingSecretWorld(300);
    const [refreshing, signingOut] = [open(world), open(world, { lockTimeoutMs: 100 })];
    const session = await race.windows.signIn(world, refreshing);
    race.secrets.push(session.accessToken, session.refreshToken);
    race.windows.enterMargin(world);
    race.idp.faults.hold();
    const answer = refreshing.manager.getAccessToken();
    answer.catch(() => undefined); // asserted below; only marks the rejection as handled meanwhile
    await race.idp.faults.whenHeld(1);
    await signingOut.manager.signOut();
    assert.ok(race.logger.lines.some((line) => line.includes('Signing out without the refresh lock')));
    race.idp.faults.release();

    await assert.rejects(answer, isKind('notSignedIn'));
    await world.settled();
    assert.equal(race.windows.stored(world), undefined, 'the sign-out stands in every view');
    assert.equal(race.idp.stats.refreshRequests, 1);
    await assert.rejects(refreshing.manager.getAccessToken(), isKind('notSignedIn'));
  });

  it('lets a new sign-in after a sign-out work in every window, the lagging one included', async () => {
    const world = new LaggingSecretWorld(300);
    const [first, second] = [open(world), open(world)];
    await race.windows.signIn(world, first);
    await first.manager.signOut();
    // The window that has not even seen the sign-out yet signs in again.
    const again = await race.windows.signIn(world, second);
    race.secrets.push(again.accessToken, again.refreshToken);
    assert.equal(await first.manager.getAccessToken(), again.accessToken);
    assert.equal(await second.manager.getAccessToken(), again.accessToken);
    for (let round = 1; round <= 2; round++) await refreshRound(world, [first, second], `after signing in again, round ${round}`);
    assert.equal(race.idp.stats.revokedChains, 0);
  });
});
