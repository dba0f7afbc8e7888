// The rotating export session shared by every window (reliability requirements 10-14).
// Invariants: a refresh happens only inside the cross-process lock, after re-reading the store and only once
// this window's view of it agrees with the marker the last holder wrote; the new pair is written (awaited)
// before anyone gets the new access token, and only over the session it replaces; a dead chain is reported
// once; the lock is never held longer than other windows wait for it.
import { describeError } from '../log/redact';
import type { Clock, Logger, SecretStore } from '../ports';
import type { Sleep } from './backoff';
import { ExportAuthError, lockLost, notSignedIn, raceWithSignal, signedOut, staleView } from './errors';
import { acquireRefreshLock, type RefreshLockOptions } from './refreshLock';
import { SessionEvents, type ExportSessionEvent, type Disposable } from './sessionEvents';
import { markerMatches } from './sessionMarker';
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
}

/** A rotated session the store refused to save (or the lock was lost before it could); written first next time. */
interface PendingWrite {
  session: S.ExportSession;
  replaces: string;
}

export class ExportSessionManager {
  private readonly events = new SessionEvents();
  private inFlight: Promise<S.ExportSession> | undefined;
  private pending: PendingWrite | undefined;
  /** The refresh token the server declared dead, so it is never sent (or reported) twice. */
  private deadRefreshToken: string | undefined;
  private readonly lock: RefreshLockOptions;
  private readonly maxHoldMs: number;
  private readonly sessions: SessionStore;

  constructor(private readonly deps: ExportSessionManagerDeps) {
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

  /** An access token with more than five minutes left, refreshing first when needed (checked on every call). */
  async getAccessToken(signal?: AbortSignal): Promise<string> {
    if (this.pending) return (await this.sharedRefresh({ force: false }, signal)).accessToken;
    const stored = await this.getSession();
    if (!stored) throw notSignedIn();
    if (S.isAccessTokenFresh(stored, this.deps.clock.now())) return stored.accessToken;
    return (await this.sharedRefresh({ force: false, seen: stored.refreshToken }, signal)).accessToken;
  }

  /** Refreshes even though the access token is fresh (the "Refresh Now" action keeps the chain alive). */
  async refreshNow(signal?: AbortSignal): Promise<S.ExportSession> {
    const stored = await this.getSession();
    return this.sharedRefresh({ force: true, ...(stored ? { seen: stored.refreshToken } : {}) }, signal);
  }

  /** Stores the session a sign-in produced, under the lock so no refresh in another window overwrites it. */
  async saveSignedInSession(session: S.ExportSession): Promise<void> {
    const held = await this.takeLock();
    try {
      await this.sessions.write(session);
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
    // signing out must work even when the lock is stuck, though (a refresh re-reads the store before it writes).
    const release = await acquireRefreshLock(this.lock).catch((error: unknown) => {
      this.deps.logger.warn(`Signing out without the refresh lock: ${describeError(error)}`);
      return undefined;
    });
    try {
      await this.sessions.clear();
    } finally {
      await release?.();
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
      const current = await this.sessions.readConsistent(held);
      if (this.pending) return await this.writePending(current, held);
      if (!current) throw notSignedIn();
      if (this.alreadyRefreshedElsewhere(current, mode)) {
        this.deps.logger.debug('Another window already refreshed the export session; using its tokens.');
        return current;
      }
      return await this.rotate(current, 1, held);
    } finally {
      await held.release();
    }
  }

  private alreadyRefreshedElsewhere(current: S.ExportSession, mode: RefreshMode): boolean {
    const now = this.deps.clock.now();
    const rotatedSinceSeen = mode.seen !== undefined && current.refreshToken !== mode.seen;
    if (mode.force) return rotatedSinceSeen;
    return S.isAccessTokenFresh(current, now) || (rotatedSinceSeen && current.accessExpiresAt > now);
  }

  private async rotate(current: S.ExportSession, adoptionsLeft: number, held: HeldLock): Promise<S.ExportSession> {
    if (current.refreshToken === this.deadRefreshToken) throw signedOut();
    assertStillHeld(held);
    const result = await this.requestRefresh(current.refreshToken, held);
    if (result.ok) {
      const next = S.sessionFromTokens(result.tokens, this.deps.clock.now(), current);
      if (!next) throw new ExportAuthError('protocol', 'The token response could not be turned into a session.');
      const stored = await this.persistRotation({ session: next, replaces: current.refreshToken }, held);
      if (stored !== next) return stored;
      this.deps.logger.info('Refreshed the export API session.');
      this.events.fire({ type: 'refreshed', session: next });
      return next;
    }
    if (result.error.kind !== 'invalidGrant') throw result.error;
    return this.afterInvalidGrant(current, adoptionsLeft, held);
  }

  /** The token request, cut off at the lock's hold deadline (the token client's own retries included). */
  private async requestRefresh(refreshToken: string, held: HeldLock): Promise<TokenResult> {
    const budget = held.deadline - Date.now();
    if (budget <= 0) throw new ExportAuthError('busy', 'The export session refresh ran out of time. Try again.');
    const deadline = AbortSignal.timeout(budget);
    const result = await this.deps.tokenClient.refresh(refreshToken, deadline);
    if (!result.ok && result.error.kind === 'cancelled' && deadline.aborted) {
      return { ok: false, error: new ExportAuthError('network', `The token endpoint did not answer within ${budget} ms. Try again.`) };
    }
    return result;
  }

  /** Requirement 13: a newer refresh token in the store is adopted; only otherwise is the chain dead. */
  private async afterInvalidGrant(sent: S.ExportSession, adoptionsLeft: number, held: HeldLock): Promise<S.ExportSession> {
    let latest = await this.getSession();
    const marker = await this.sessions.marker();
    if (marker && !markerMatches(marker, sent.refreshToken)) {
      // Another window stored a different session meanwhile; this window's view may not show it yet, and it
      // must not be deleted on the strength of a stale view.
      latest = await this.sessions.waitFor(marker, held);
      if (!latest) throw staleView();
    }
    if (latest && latest.refreshToken !== sent.refreshToken) {
      this.deps.logger.info('The refresh token was replaced meanwhile; adopting the stored one.');
      await this.sessions.noteAdopted(latest);
      if (S.isAccessTokenFresh(latest, this.deps.clock.now())) return latest;
      if (adoptionsLeft > 0) return this.rotate(latest, adoptionsLeft - 1, held);
      throw new ExportAuthError('busy', 'The export session changed twice during one refresh. Try again.');
    }
    this.deadRefreshToken = sent.refreshToken;
    if (latest) await this.sessions.clear();
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
    const latest = await this.getSession();
    const marker = await this.sessions.marker();
    if (latest?.refreshToken !== write.replaces || (marker && !markerMatches(marker, write.replaces))) {
      this.pending = undefined;
      this.deps.logger.info('The export session was signed out or replaced during the refresh; discarding the refreshed tokens.');
      if (!latest) throw notSignedIn();
      if (latest.refreshToken !== write.replaces && S.isAccessTokenFresh(latest, this.deps.clock.now())) return latest;
      throw new ExportAuthError('busy', 'The export session changed during the refresh. Try again.');
    }
    if (!write.session.refreshToken) throw new ExportAuthError('protocol', 'Refusing to store a session without a refresh token.');
    try {
      await this.sessions.write(write.session);
    } catch (error) {
      // The server has rotated: the stored refresh token is dead. Keep the new pair for the next call to
      // write first, and never hand out the old access token meanwhile.
      this.pending = write;
      throw new ExportAuthError('storage', `Could not save the refreshed export session: ${describeError(error)}`);
    }
    this.pending = undefined;
    return write.session;
  }

  private async writePending(current: S.ExportSession | undefined, held: HeldLock): Promise<S.ExportSession> {
    const pending = this.pending;
    if (!pending) throw notSignedIn();
    if (current?.refreshToken !== pending.replaces) {
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

interface RefreshMode {
  force: boolean;
  /** The refresh token this caller saw before asking; a different one in the store means someone refreshed. */
  seen?: string;
}

function assertStillHeld(held: HeldLock): void {
  if (held.release.compromised) throw lockLost();
}
