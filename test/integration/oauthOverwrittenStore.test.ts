// A window's secret storage that another window wrote an older copy of the session over (code-server keeps a tab's
// secrets in the browser and writes the tab's whole set back on any change, so a window opened before a refresh puts
// the replaced refresh token back when it stores an API token). The replaced token is never sent, whatever the case;
// while the latest session may still be on its way ("another window is mid-refresh"), the window says to try again in a
// moment; once it cannot be (the store kept the old copy for long, or a window started with it), the sign-in is lost
// here: the window says so, offers nothing but signing in again, and signs nobody out.
import assert from 'node:assert/strict';
import { ExportAuthError, SESSION_SECRET_KEY, type ExportSession, type ExportSessionEvent } from '../../src/core/oauth';
import { serializeSession } from '../../src/core/oauth/session';
import { readSessionMarker } from '../../src/core/oauth/sessionMarker';
import { ManualClock } from '../fakes/manualClock';
import { MemoryLogger } from '../fakes/memoryLogger';
import { MemorySecretStore } from '../fakes/memorySecretStore';
import { startIdp, type Idp } from '../sandbox/idp';
import { linesLeakingSecrets, makeTempDir, managerFor, readSession, signInThroughSandbox, type ManagerKit } from '../sandbox/oauthTestKit';

const MINUTE = 60_000;

function isKind(kind: string, retryable: boolean, sentence: RegExp): (error: unknown) => boolean {
  return (error) => error instanceof ExportAuthError && error.kind === kind && error.retryable === retryable && sentence.test(error.message);
}
const TRY_AGAIN = isKind('busy', true, /has not yet received the export session another window stored\. Try again in a moment\./);
const LOST_HERE = isKind('overwritten', false, /was replaced by an older copy from another window, so it is lost here\. Sign in again\./);

describe('a window whose secret storage another window wrote an older copy of the export session over', function () {
  this.timeout(20_000);

  let idp: Idp;
  let clock: ManualClock;
  let store: MemorySecretStore;
  let logger: MemoryLogger;
  let temp: { dir: string; remove(): Promise<void> };
  const seen: string[] = [];
  const open = (viewSince?: number): ManagerKit =>
    managerFor(idp, { store, clock, logger, lockDir: temp.dir, lockTimeoutMs: 2000, consistencyWaitMs: 100, ...(viewSince !== undefined ? { viewSince } : {}) });

  beforeEach(async () => {
    clock = new ManualClock();
    store = new MemorySecretStore();
    logger = new MemoryLogger();
    idp = await startIdp({ now: () => clock.now() });
    temp = await makeTempDir('oauth-overwritten-');
  });
  afterEach(async () => {
    assert.deepEqual(linesLeakingSecrets(logger.lines, [...seen, idp.clientSecret]), [], 'a token reached the log');
    await idp.close();
    await temp.remove();
  });

  /**
   * Window 1 signs in, window 2 keeps its copy, window 1 refreshes (the refresh token rotates), then window 2's copy is
   * written back over the store (code-server's write-back, not a call of ours). Returns the latest session and the copy.
   */
  async function writtenBack(window1: ManagerKit): Promise<{ latest: ExportSession; copy: ExportSession }> {
    const copy = await signInThroughSandbox(idp, window1.manager, clock);
    clock.set(copy.accessExpiresAt - 2 * MINUTE);
    await window1.manager.getAccessToken();
    const latest = await readSession(store);
    assert.ok(latest && latest.refreshToken !== copy.refreshToken, 'the refresh rotated the token');
    seen.push(copy.accessToken, copy.refreshToken, latest.accessToken, latest.refreshToken);
    await store.store(SESSION_SECRET_KEY, serializeSession(copy));
    assert.equal(idp.stats.refreshRequests, 1);
    return { latest, copy };
  }

  /** Nothing sent with the replaced token, the latest chain alive, nobody signed out. */
  async function chainIntact(latest: ExportSession, events: ExportSessionEvent[]): Promise<void> {
    assert.equal(idp.stats.refreshRequests, 1, 'the replaced refresh token was never sent');
    assert.equal(idp.stats.revokedChains, 0);
    assert.ok(idp.chainAlive(latest.refreshToken), 'the chain lives');
    assert.deepEqual(events.filter((event) => event.type === 'signedOut'), [], 'nobody was signed out');
    const marker = await readSessionMarker(temp.dir);
    assert.equal(marker?.signedOut, false, 'no sign-out recorded for the other windows');
  }

  it('while the latest may still be on its way (the marker just written, the window open before it): "try again in a moment", then the latest is used once it arrives', async () => {
    const window1 = open(clock.now());
    const { latest } = await writtenBack(window1);
    clock.advance(2000);
    await assert.rejects(window1.manager.getAccessToken(), TRY_AGAIN);
    await assert.rejects(window1.manager.refreshNow(), TRY_AGAIN);
    await chainIntact(latest, window1.events);
    assert.deepEqual(window1.events.filter((event) => event.type === 'overwritten'), []);

    // The other window's write arrives a moment later.
    await store.store(SESSION_SECRET_KEY, serializeSession(latest));
    assert.equal(await window1.manager.getAccessToken(), latest.accessToken);
    await chainIntact(latest, window1.events);
  });

  it('after a reload that starts with the old copy: the sign-in is lost here, said plainly, nothing sent, nobody signed out; a new sign-in works', async () => {
    const { latest, copy } = await writtenBack(open(clock.now()));
    clock.advance(10_000);
    const reloaded = open(clock.now());
    await assert.rejects(reloaded.manager.getAccessToken(), LOST_HERE);
    await assert.rejects(reloaded.manager.refreshNow(), LOST_HERE);
    await chainIntact(latest, reloaded.events);
    assert.deepEqual(reloaded.events, [{ type: 'overwritten' }], 'told once, so the editor shows the sign-in as lost');
    assert.equal((await readSession(store))?.refreshToken, copy.refreshToken, 'the store is left as it is');

    const again = await signInThroughSandbox(idp, reloaded.manager, clock);
    seen.push(again.accessToken, again.refreshToken);
    assert.equal(await reloaded.manager.getAccessToken(), again.accessToken);
  });

  it('in a window open all along, once the store has kept the old copy past the wait: lost here too', async () => {
    const window1 = open(clock.now());
    const { latest } = await writtenBack(window1);
    clock.advance(31_000);
    await assert.rejects(window1.manager.getAccessToken(), LOST_HERE);
    await chainIntact(latest, window1.events);
    assert.deepEqual(window1.events.filter((event) => event.type === 'overwritten'), [{ type: 'overwritten' }]);
  });
});
