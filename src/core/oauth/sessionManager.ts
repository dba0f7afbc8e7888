// The rotating export session shared by every window (reliability requirements 10-14).
// Invariants: a refresh happens only inside the cross-process lock, after re-reading the store and only once
// this window's view of it agrees with the marker the last holder wrote; a refresh token is sent only while
// this window can prove it still holds the lock; the new pair is written (awaited) before anyone gets the new
// access token, and only over the session it replaces; a recorded sign-out is final until the next sign-in,
// whatever a lagging view still shows; a dead chain is reported once; the lock (and every store call under
// it) is never held longer than other windows wait for it.
import { describeError } from '../log/redact';
import type { Clock, Logger, SecretStore } from '../ports';
import type { Sleep } from './backoff';
import { isExportAuthError } from './isExportAuthError';
import { ExportAuthError, lockLost, lockUnproven, notSignedIn, raceWithSignal, refreshUnavailable, signedOut, staleView } from './errors';
import { acquireRefreshLock, type RefreshLockOptions } from './refreshLock';
import { SessionEvents, type ExportSessionEvent, type Disposable } from './sessionEvents';
import { alreadyRefreshedElsewhere, replacedMeanwhile, type PendingWrite, type RefreshMode } from './rotationRules';
import { ProviderClock } from './providerClock';
import { markerMatches, type SessionMarker } from './sessionMarker';
import { SessionStore, type HeldLock } from './sessionStore';
import * as S from './session';
import type { TokenResult } from './tokenResponse';

export type { ExportSessionEvent, Disposable } from './sessionEvents';

/** What the manager needs from the token endpoint; TokenClient fits. */
export interface TokenRefresher {
  refresh(refreshToken: string, signal?: AbortSignal): Promise<TokenResult>;
}

export interface ExportSessionManagerDeps {
  store: SecretStore;
  clock: Clock;
  logger: Logger;
  /** A folder every window of this user shares (the extension's global storage). */
  lockDir: string;
  tokenClient: TokenRefresher;
  lockTimeoutMs?: number;
  staleMs?: number;
  sleep?: Sleep;
  /** How long a holder of the lock may keep it; default three quarters of lockTimeoutMs, never more. */
  maxLockHoldMs?: number;
  /** How long to wait inside the lock for this window's store to show another window's write (default 3 s). */
  consistencyWaitMs?: number;
  /**
   * When this window's view of the store was first read (the editor's activation). A marker written well before it
   * that the view does not show is no lag: another window wrote an older copy over the session (error 'overwritten').
   */
  viewSince?: number;
  /**
   * False where this window must never send a refresh token (default true): an extension forced onto the
   * remote side of a remote window has its lock folder there, apart from the local windows' lock over the same
   * secret storage. It then uses the stored access token while it lasts and fails with 'refreshUnavailable'.
   */
  mayRefresh?: boolean;
  /**
   * A seam for the race tests, called right before the lock-ownership check that precedes every token
   * request; they freeze the event loop here to play an extension host paused past the stale timeout.
   */
  beforeTokenRequest?: () => void | Promise<void>;
}

/** A window that may not refresh still uses an access token with at least this much life left. */
const MIN_VALIDITY_WITHOUT_REFRESH_MS = 60_000;

export class ExportSessionManager {
  private readonly events = new SessionEvents();
  private inFlight: Promise<S.ExportSession> | undefined;
  private pending: PendingWrite | undefined;
  /** The refresh token the server declared dead, so it is never sent (or reported) twice. */
  private deadRefreshToken: string | undefined;
  private readonly lock: RefreshLockOptions;
  private readonly maxHoldMs: number;
  private readonly sessions: SessionStore;
  /** Access tokens' `exp` is the provider's time: freshness is judged on its clock, not this machine's. */
  private readonly providerClock: ProviderClock;

  constructor(private readonly deps: ExportSessionManagerDeps) {
    this.providerClock = new ProviderClock(deps.clock, deps.logger);
    this.lock = {
      lockDir: deps.lockDir,
      timeoutMs: deps.lockTimeoutMs ?? 20_000,
      staleMs: deps.staleMs ?? 10_000,
      logger: deps.logger,
      ...(deps.sleep ? { sleep: deps.sleep } : {}),
    };
    // Whoever waits for the lock gives up after timeoutMs; finishing well before that means a waiting refresh
    // or sign-out in another window never has to act without the lock.
    const defaultHold = Math.floor(this.lock.timeoutMs * 0.75);
    this.maxHoldMs = Math.max(1, Math.min(deps.maxLockHoldMs ?? defaultHold, defaultHold));
    this.sessions = new SessionStore({
      store: deps.store,
      lockDir: deps.lockDir,
      logger: deps.logger,
      clock: deps.clock,
      onOverwritten: () => this.events.fire({ type: 'overwritten' }),
      ...(deps.viewSince !== undefined ? { viewSince: deps.viewSince } : {}),
      consistencyWaitMs: deps.consistencyWaitMs ?? 3000,
      ...(deps.sleep ? { sleep: deps.sleep } : {}),
    });
  }

  onDidChange(listener: (event: ExportSessionEvent) => void): Disposable {
    return this.events.add(listener);
  }

  getSession(): Promise<S.ExportSession | undefined> {
    return this.sessions.read();
  }

  /** False in a window that may not send refresh tokens (see `mayRefresh`); a refresh timer is pointless there. */
  get canRefresh(): boolean {
    return this.deps.mayRefresh !== false;
  }

  /** An access token with more than five minutes left, refreshing first when needed (checked on every call). */
  async getAccessToken(signal?: AbortSignal): Promise<string> {
    if (this.pending) return (await this.sharedRefresh({ force: false }, signal)).accessToken;
    const stored = await this.getSession();
    if (!stored) throw notSignedIn();
    const now = this.providerNow();
    if (S.isAccessTokenFresh(stored, now)) return stored.accessToken;
    if (!this.canRefresh) {
      // A local window refreshes inside the margin; until its write arrives here, the old token still works.
      if (stored.accessExpiresAt - now > MIN_VALIDITY_WITHOUT_REFRESH_MS) return stored.accessToken;
      throw refreshUnavailable();
    }
    return (await this.sharedRefresh({ force: false, seen: stored.refreshToken }, signal)).accessToken;
  }

  /** The identity provider's time as this window estimates it (see ProviderClock); access tokens expire by it. */
  providerNow(): number {
    return this.providerClock.now();
  }

  /** Refreshes even though the access token is fresh (the "Refresh Now" action keeps the chain alive). */
  async refreshNow(signal?: AbortSignal): Promise<S.ExportSession> {
    if (!this.canRefresh) throw refreshUnavailable();
    const stored = await this.getSession();
    return this.sharedRefresh({ force: true, ...(stored ? { seen: stored.refreshToken } : {}) }, signal);
  }

  /** Stores the session a sign-in produced, under the lock so no refresh in another window overwrites it. */
  async saveSignedInSession(session: S.ExportSession): Promise<void> {
    // A sign-in's session was made from tokens this machine just received.
    this.providerClock.learnFrom(session.accessToken, session.lastRefreshAt);
    const held = await this.takeLock();
    try {
      await this.sessions.writeSignedIn(session, held);
      this.pending = undefined;
      this.deadRefreshToken = undefined;
    } finally {
      await held.release();
    }
    this.events.fire({ type: 'signedIn', session });
  }

  async signOut(): Promise<void> {
    this.pending = undefined;
    // Under the lock when possible, so a refresh finishing in another window cannot write the session back;
    // signing out must work even when the lock is stuck, though (a refresh checks the marker before it writes).
    const held = await this.takeLock().catch((error: unknown) => {
      this.deps.logger.warn(`Signing out without the refresh lock: ${describeError(error)}`);
      return undefined;
    });
    try {
      await this.sessions.recordSignOut(this.deps.clock.now(), held);
    } finally {
      await held?.release();
    }
    this.deps.logger.info('Signed out of the export API.');
    this.events.fire({ type: 'signedOut', reason: 'userSignOut' });
  }

  async refreshTokenInactivityExpiry(): Promise<number | undefined> {
    const session = await this.getSession();
    return session ? S.refreshTokenInactivityExpiry(session) : undefined;
  }

  async needsInactivityWarning(now = this.deps.clock.now()): Promise<boolean> {
    const session = await this.getSession();
    return session ? S.needsInactivityWarning(session, now) : false;
  }

  /** All callers in this process share one refresh; each may still stop waiting with its own signal. */
  private sharedRefresh(mode: RefreshMode, signal?: AbortSignal): Promise<S.ExportSession> {
    if (!this.inFlight) {
      this.inFlight = this.refreshUnderLock(mode).finally(() => {
        this.inFlight = undefined;
      });
    }
    return raceWithSignal(this.inFlight, signal);
  }

  private async takeLock(): Promise<HeldLock> {
    const release = await acquireRefreshLock(this.lock);
    return { release, deadline: Date.now() + this.maxHoldMs };
  }

  private async refreshUnderLock(mode: RefreshMode): Promise<S.ExportSession> {
    const held = await this.takeLock();
    try {
      const { session: current, marker } = await this.sessions.readConsistent(held, this.pending?.session.refreshToken);
      if (marker?.signedOut) {
        // Signed out in some window: final, even for a rotation this window could not save.
        this.pending = undefined;
        throw notSignedIn();
      }
      if (this.pending) return await this.writePending(current, marker, held);
      if (!current) throw notSignedIn();
      if (alreadyRefreshedElsewhere(current, mode, this.providerNow())) {
        this.deps.logger.debug('Another window already refreshed the export session; using its tokens.');
        return current;
      }
      return await this.rotate(current, 1, held, marker?.generation);
    } finally {
      await held.release();
    }
  }

  private async rotate(current: S.ExportSession, adoptionsLeft: number, held: HeldLock, generation: number | undefined): Promise<S.ExportSession> {
    if (current.refreshToken === this.deadRefreshToken) throw signedOut();
    assertStillHeld(held);
    const result = await this.requestRefresh(current.refreshToken, held);
    if (result.ok) {
      const receivedAt = this.deps.clock.now();
      this.providerClock.learnFrom(result.tokens.accessToken, receivedAt);
      const next = S.sessionFromTokens(result.tokens, receivedAt, current);
      if (!next) throw new ExportAuthError('protocol', (m) => m.noSessionFromTokens());
      const stored = await this.persistRotation({ session: next, replaces: current.refreshToken, generation }, held);
      if (stored !== next) return stored;
      this.deps.logger.info('Refreshed the export API session.');
      this.events.fire({ type: 'refreshed', session: next });
      return next;
    }
    if (result.error.kind !== 'invalidGrant') throw result.error;
    return this.afterInvalidGrant(current, adoptionsLeft, held);
  }

  /**
   * The token request, sent only while this window provably holds the lock, and cut off at the lock's hold
   * deadline (the token client's own retries included).
   */
  private async requestRefresh(refreshToken: string, held: HeldLock): Promise<TokenResult> {
    await this.deps.beforeTokenRequest?.();
    // A holder paused past the stale timeout (debugger, suspended laptop) may wake after another window took
    // the lock over and sent this very refresh token; proper-lockfile's own check runs only on its next timer.
    // A lease of at least a quarter of the stale timeout leaves room for the request to leave this process.
    if (held.release.compromised || held.release.leaseLeftMs() < held.release.staleMs / 4) throw lockUnproven();
    const budget = held.deadline - Date.now();
    if (budget <= 0) throw new ExportAuthError('busy', (m) => m.refreshOutOfTime());
    const deadline = AbortSignal.timeout(budget);
    const result = await this.deps.tokenClient.refresh(refreshToken, deadline);
    if (!result.ok && result.error.kind === 'cancelled' && deadline.aborted) {
      return { ok: false, error: new ExportAuthError('network', (m) => m.tokenEndpointTimedOut(budget)) };
    }
    return result;
  }

  /** Requirement 13: a newer refresh token in the store is adopted; only otherwise is the chain dead. */
  private async afterInvalidGrant(sent: S.ExportSession, adoptionsLeft: number, held: HeldLock): Promise<S.ExportSession> {
    const marker = await this.sessions.marker();
    let latest = await this.sessions.read(held);
    if (marker?.signedOut && !latest) throw notSignedIn();
    if (marker && !marker.signedOut && !markerMatches(marker, sent.refreshToken)) {
      // Another window stored a different session meanwhile; this window's view may not show it yet, and it
      // must not be deleted on the strength of a stale view.
      const waitedFor = await this.sessions.waitFor(marker, held);
      if (!waitedFor) this.sessions.throwIfOverwritten(marker, latest);
      latest = waitedFor;
      if (!latest) throw staleView();
    }
    if (latest && latest.refreshToken !== sent.refreshToken) {
      this.deps.logger.info('The refresh token was replaced meanwhile; adopting the stored one.');
      await this.sessions.noteAdopted(latest);
      if (S.isAccessTokenFresh(latest, this.providerNow())) return latest;
      if (adoptionsLeft > 0) return this.rotate(latest, adoptionsLeft - 1, held, (await this.sessions.marker())?.generation);
      throw new ExportAuthError('busy', (m) => m.sessionChangedTwice());
    }
    this.deadRefreshToken = sent.refreshToken;
    // Recorded as a sign-out, so a window still showing the dead session does not present it again; one the server
    // made, so every window holds back the updates it cannot check until the user signs in again (or out).
    if (latest) await this.sessions.recordSignOut(this.deps.clock.now(), held, true);
    this.deps.logger.warn('The export API sign-in has expired or was revoked; signing in again is required.');
    if (latest) this.events.fire({ type: 'signedOut', reason: 'chainRevoked' });
    throw signedOut();
  }

  /**
   * Writes a rotation over the session it replaces, and only over that one: a sign-out or a new sign-in while
   * the request was out wins (the new pair is discarded). Returns the written session, or the stored one.
   */
  private async persistRotation(write: PendingWrite, held: HeldLock): Promise<S.ExportSession> {
    if (held.release.compromised) {
      this.pending = write;
      throw lockLost();
    }
    const marker = await this.sessions.marker();
    const latest = await this.sessions.read(held);
    if (replacedMeanwhile(write, latest, marker)) {
      this.pending = undefined;
      this.deps.logger.info('The export session was signed out or replaced during the refresh; discarding the refreshed tokens.');
      if (!latest) throw notSignedIn();
      if (latest.refreshToken !== write.replaces && S.isAccessTokenFresh(latest, this.providerNow())) return latest;
      throw new ExportAuthError('busy', (m) => m.sessionChanged());
    }
    if (!write.session.refreshToken) throw new ExportAuthError('protocol', (m) => m.noRefreshToken());
    try {
      await this.sessions.writeRotation(write.session, marker, held);
    } catch (error) {
      // The server has rotated: the stored refresh token is dead. Keep the new pair for the next call to
      // write first, and never hand out the old access token meanwhile.
      this.pending = write;
      if (isExportAuthError(error, 'busy')) throw error;
      throw new ExportAuthError('storage', (m) => m.saveFailed(describeError(error)));
    }
    this.pending = undefined;
    return write.session;
  }

  private async writePending(current: S.ExportSession | undefined, marker: SessionMarker | undefined, held: HeldLock): Promise<S.ExportSession> {
    const pending = this.pending;
    if (!pending) throw notSignedIn();
    if (current && current.refreshToken === pending.session.refreshToken) {
      // A write that missed its deadline landed after all.
      this.pending = undefined;
      await this.sessions.noteAdopted(current);
      return current;
    }
    if (current?.refreshToken !== pending.replaces || (marker && pending.generation !== undefined && marker.generation !== pending.generation)) {
      // Someone signed in or out meanwhile; the stored state wins over our unsaved rotation.
      this.pending = undefined;
      if (!current) throw notSignedIn();
      return current;
    }
    const stored = await this.persistRotation(pending, held);
    if (stored === pending.session) this.events.fire({ type: 'refreshed', session: stored });
    return stored;
  }
}

function assertStillHeld(held: HeldLock): void {
  if (held.release.compromised) throw lockLost();
}
