import assert from 'node:assert/strict';
import { MemoryLogger } from '../fakes/memoryLogger';
import { MemorySecretStore } from '../fakes/memorySecretStore';
import { ManualClock } from '../fakes/manualClock';
import { ExportAuthError, SESSION_SECRET_KEY, type ExportSession } from '../../src/core/oauth';
import { sessionFromTokens, serializeSession } from '../../src/core/oauth/session';
import { signInRevoked } from '../../src/core/oauth/sessionMarker';
import { startIdp, type Idp } from '../sandbox/idp';
import { linesLeakingSecrets, makeTempDir, managerFor, presentRefreshToken, readSession, signInThroughSandbox, type ManagerKit } from '../sandbox/oauthTestKit';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

function isKind(kind: string): (error: unknown) => boolean {
  return (error) => error instanceof ExportAuthError && error.kind === kind;
}

describe('export session refresh against the strict sandbox identity provider', () => {
  let idp: Idp;
  let clock: ManualClock;
  let store: MemorySecretStore;
  let logger: MemoryLogger;
  let temp: { dir: string; remove(): Promise<void> };
  let kit: ManagerKit;
  let signedIn: ExportSession;
  const seen: string[] = [];

  async function setUp(idpOptions: Parameters<typeof startIdp>[0] = {}): Promise<void> {
    await idp?.close();
    idp = await startIdp({ now: () => clock.now(), ...idpOptions });
    kit = managerFor(idp, { store, clock, logger, lockDir: temp.dir, lockTimeoutMs: 2000 });
    signedIn = await signInThroughSandbox(idp, kit.manager, clock);
    seen.push(signedIn.accessToken, signedIn.refreshToken, idp.clientSecret);
  }

  const stored = (): Promise<ExportSession | undefined> => readSession(store);

  beforeEach(async () => {
    clock = new ManualClock();
    store = new MemorySecretStore();
    logger = new MemoryLogger();
    temp = await makeTempDir('oauth-refresh-');
    await setUp();
  });
  afterEach(async () => {
    const current = await stored();
    if (current) seen.push(current.accessToken, current.refreshToken);
    assert.deepEqual(linesLeakingSecrets(logger.lines, seen), [], 'a token reached the log');
    await idp.close();
    await temp.remove();
  });

  it('uses the token while more than 5 minutes remain and refreshes at the margin, storing the rotation', async () => {
    clock.advance(54 * MINUTE);
    assert.equal(await kit.manager.getAccessToken(), signedIn.accessToken);
    assert.equal(idp.stats.refreshRequests, 0);

    clock.advance(1 * MINUTE);
    const fresh = await kit.manager.getAccessToken();
    assert.notEqual(fresh, signedIn.accessToken);
    assert.equal(idp.stats.refreshRequests, 1);
    const after = await stored();
    assert.equal(after?.accessToken, fresh);
    assert.notEqual(after?.refreshToken, signedIn.refreshToken);
    assert.equal(after?.lastRefreshAt, clock.now());
    assert.ok(idp.verifyAccessToken(fresh));
    assert.deepEqual(kit.events.map((e) => e.type), ['signedIn', 'refreshed']);
    assert.equal((await presentRefreshToken(idp, after?.refreshToken ?? '')).status, 200, 'the chain lives on');
  });

  it('shares one refresh among all callers of a process', async () => {
    clock.advance(58 * MINUTE);
    const tokens = await Promise.all(Array.from({ length: 10 }, () => kit.manager.getAccessToken()));
    assert.equal(new Set(tokens).size, 1);
    assert.equal(idp.stats.refreshRequests, 1);
  });

  it('clears a chain killed by refresh-token reuse and reports signedOut exactly once', async () => {
    clock.advance(56 * MINUTE);
    await kit.manager.getAccessToken();
    // Someone presents the replaced token: the strict server revokes the whole chain.
    assert.deepEqual(await presentRefreshToken(idp, signedIn.refreshToken), { status: 403, error: 'invalid_grant' });
    clock.advance(56 * MINUTE);
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => kit.manager.getAccessToken()));
    assert.ok(outcomes.every((o) => o.status === 'rejected' && isKind('signedOut')(o.reason)));
    await assert.rejects(kit.manager.getAccessToken(), isKind('notSignedIn'));
    await assert.rejects(kit.manager.getAccessToken(), isKind('notSignedIn'));
    assert.equal(kit.events.filter((e) => e.type === 'signedOut').length, 1);
    assert.equal(await stored(), undefined);
    assert.equal(idp.stats.refreshRequests, 3, 'one good refresh, the reuse, one refused attempt');
    assert.equal(await signInRevoked(temp.dir), true, 'every window can tell the server ended the sign-in, not the user');
  });

  it('remembers a revoked sign-in until the user signs in again, or signs out', async () => {
    assert.equal(await signInRevoked(temp.dir), false, 'signed in');
    idp.revokeAll();
    clock.advance(56 * MINUTE);
    await assert.rejects(kit.manager.getAccessToken(), isKind('signedOut'));
    assert.equal(await signInRevoked(temp.dir), true);
    await signInThroughSandbox(idp, kit.manager, clock);
    assert.equal(await signInRevoked(temp.dir), false, 'a new sign-in ends it');
    idp.revokeAll();
    clock.advance(56 * MINUTE);
    await assert.rejects(kit.manager.getAccessToken(), isKind('signedOut'));
    assert.equal(await signInRevoked(temp.dir), true);
    await kit.manager.signOut();
    assert.equal(await signInRevoked(temp.dir), false, 'the user\'s sign-out ends it: updates go unchecked, as never signed in');
  });

  it('fails visibly when the store refuses the rotated tokens, and never hands out the old token', async () => {
    clock.advance(57 * MINUTE);
    store.failNextWrite = new Error('the keychain is locked');
    await assert.rejects(kit.manager.getAccessToken(), isKind('storage'));
    assert.equal((await stored())?.accessToken, signedIn.accessToken, 'nothing was written');

    const token = await kit.manager.getAccessToken();
    assert.notEqual(token, signedIn.accessToken);
    assert.ok(idp.verifyAccessToken(token));
    assert.equal(idp.stats.refreshRequests, 1, 'the unsaved rotation is written, not refreshed again');
    assert.equal((await stored())?.accessToken, token);
    assert.ok(idp.chainAlive((await stored())?.refreshToken ?? ''));
  });

  it('judges access tokens by the identity provider\'s clock when this one runs two hours ahead: five calls, no refresh', async () => {
    // The provider's clock is two hours behind this machine's: every token's `exp` lies in this clock's past.
    await setUp({ now: () => clock.now() - 2 * 60 * MINUTE });
    for (let call = 0; call < 5; call++) assert.ok(idp.verifyAccessToken(await kit.manager.getAccessToken()), `call ${call}: a valid token`);
    assert.equal(idp.stats.refreshRequests, 0, 'no refresh while the token has more than five minutes left by the provider\'s clock');
    clock.advance(56 * MINUTE);
    for (let call = 0; call < 5; call++) assert.ok(idp.verifyAccessToken(await kit.manager.getAccessToken()));
    assert.equal(idp.stats.refreshRequests, 1, 'one refresh once the margin begins by the provider\'s clock');
    assert.equal(logger.lines.filter((line) => /clock is about 120 min ahead of the identity provider/.test(line)).length, 1, 'said once');
  });

  it('keeps the stored refresh token when a response carries none', async () => {
    await setUp({ rotateRefreshTokens: false });
    clock.advance(57 * MINUTE);
    const token = await kit.manager.getAccessToken();
    assert.notEqual(token, signedIn.accessToken);
    assert.equal((await stored())?.refreshToken, signedIn.refreshToken);
  });

  it('adopts a newer refresh token found in the store after invalid_grant', async () => {
    clock.advance(57 * MINUTE);
    // Another window signed in again (a new chain) after ours was revoked, but our window's reads lag
    // behind: it sends its old refresh token and learns of the new session only after invalid_grant.
    idp.revokeAll();
    const other = sessionFromTokens(toTokenResponse(idp.issueSessionDirectly()), clock.now());
    assert.ok(other);
    const lagging = new LaggingSecretStore(serializeSession(signedIn), 2);
    await lagging.store(SESSION_SECRET_KEY, serializeSession(other));
    const laggingKit = managerFor(idp, { store: lagging, clock, logger, lockDir: temp.dir });
    assert.equal(await laggingKit.manager.getAccessToken(), other.accessToken);
    assert.equal(laggingKit.events.filter((e) => e.type === 'signedOut').length, 0);
    assert.equal((await readSession(lagging))?.refreshToken, other.refreshToken);
    assert.equal(idp.stats.refreshRequests, 1);
  });

  it('refuses to refresh without the cross-process lock, with a retryable busy error', async () => {
    const { acquireRefreshLock } = await import('../../src/core/oauth/refreshLock');
    const release = await acquireRefreshLock({ lockDir: temp.dir, timeoutMs: 1000, staleMs: 10_000, logger });
    try {
      clock.advance(57 * MINUTE);
      const busy = managerFor(idp, { store, clock, logger, lockDir: temp.dir, lockTimeoutMs: 150 });
      await assert.rejects(busy.manager.getAccessToken(), (e: unknown) => isKind('busy')(e) && (e as ExportAuthError).retryable);
      assert.equal(idp.stats.refreshRequests, 0);
    } finally {
      await release();
    }
    assert.ok(idp.verifyAccessToken(await kit.manager.getAccessToken()));
  });

  it('tracks the 90-day inactivity expiry, warns 10 days ahead, and Refresh Now renews it', async () => {
    const start = clock.now();
    assert.equal(await kit.manager.refreshTokenInactivityExpiry(), start + 90 * DAY);
    assert.equal(await kit.manager.needsInactivityWarning(start + 79 * DAY), false);
    assert.equal(await kit.manager.needsInactivityWarning(start + 81 * DAY), true);
    clock.advance(81 * DAY);
    const renewed = await kit.manager.refreshNow();
    assert.equal(renewed.lastRefreshAt, clock.now());
    assert.equal(await kit.manager.needsInactivityWarning(), false);
    assert.equal(idp.stats.refreshRequests, 1);
  });

  it('signs out once the refresh token has been idle for more than 90 days', async () => {
    clock.advance(91 * DAY);
    await assert.rejects(kit.manager.getAccessToken(), isKind('signedOut'));
    assert.equal(kit.events.filter((e) => e.type === 'signedOut').length, 1);
    assert.equal(await signInRevoked(temp.dir), true, 'an expired sign-in is one the user did not end');
  });

  it('reports a missing session as notSignedIn and signOut clears the store', async () => {
    await kit.manager.signOut();
    assert.equal(await signInRevoked(temp.dir), false);
    assert.equal(await stored(), undefined);
    await assert.rejects(kit.manager.getAccessToken(), isKind('notSignedIn'));
    assert.deepEqual(kit.events.at(-1), { type: 'signedOut', reason: 'userSignOut' });
  });
});

function toTokenResponse(tokens: { access_token: string; refresh_token?: string; scope: string }): { accessToken: string; refreshToken?: string; scope: string } {
  return { accessToken: tokens.access_token, ...(tokens.refresh_token ? { refreshToken: tokens.refresh_token } : {}), scope: tokens.scope };
}

/** A store whose first reads still return an older value, like a window that read before another wrote. */
class LaggingSecretStore extends MemorySecretStore {
  constructor(private readonly oldValue: string, private staleReads: number) {
    super();
  }

  override async get(key: string): Promise<string | undefined> {
    if (this.staleReads-- > 0) return this.oldValue;
    return super.get(key);
  }
}
