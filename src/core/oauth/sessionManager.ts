// The rotating export session shared by every window (reliability requirements 10-14).
// Invariants: a refresh happens only inside the cross-process lock, after re-reading the store; the new pair
// is written (awaited) before anyone gets the new access token; a dead chain is reported once.
import { describeError } from '../log/redact';
import type { Clock, Logger, SecretStore } from '../ports';
import type { Sleep } from './backoff';
import { ExportAuthError } from './errors';
import { acquireRefreshLock, type RefreshLockOptions } from './refreshLock';
import { SessionEvents, type ExportSessionEvent, type Disposable } from './sessionEvents';
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
}

/** A rotated session the store refused to save; it is written before anything else happens. */
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

  constructor(private readonly deps: ExportSessionManagerDeps) {
    this.lock = {
      lockDir: deps.lockDir,
      timeoutMs: deps.lockTimeoutMs ?? 20_000,
      staleMs: deps.staleMs ?? 10_000,
      logger: deps.logger,
      ...(deps.sleep ? { sleep: deps.sleep } : {}),
    };
  }

  onDidChange(listener: (event: ExportSessionEvent) => void): Disposable {
    return this.events.add(listener);
  }

  async getSession(): Promise<S.ExportSession | undefined> {
    return S.parseSession(await this.deps.store.get(S.SESSION_SECRET_KEY));
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
    const release = await acquireRefreshLock(this.lock);
    try {
      await this.persist(session);
      this.pending = undefined;
      this.deadRefreshToken = undefined;
    } finally {
      await release();
    }
    this.events.fire({ type: 'signedIn', session });
  }

  async signOut(): Promise<void> {
    this.pending = undefined;
    // Under the lock when possible, so a refresh finishing in another window cannot write the session back;
    // signing out must work even when the lock is stuck, though.
    const release = await acquireRefreshLock(this.lock).catch(() => undefined);
    try {
      await this.deps.store.delete(S.SESSION_SECRET_KEY);
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

  private async refreshUnderLock(mode: RefreshMode): Promise<S.ExportSession> {
    const release = await acquireRefreshLock(this.lock);
    try {
      const current = await this.getSession();
      if (this.pending) return await this.writePending(current);
      if (!current) throw notSignedIn();
      if (this.alreadyRefreshedElsewhere(current, mode)) {
        this.deps.logger.debug('Another window already refreshed the export session; using its tokens.');
        return current;
      }
      return await this.rotate(current, 1);
    } finally {
      await release();
    }
  }

  private alreadyRefreshedElsewhere(current: S.ExportSession, mode: RefreshMode): boolean {
    const now = this.deps.clock.now();
    const rotatedSinceSeen = mode.seen !== undefined && current.refreshToken !== mode.seen;
    if (mode.force) return rotatedSinceSeen;
    return S.isAccessTokenFresh(current, now) || (rotatedSinceSeen && current.accessExpiresAt > now);
  }

  private async rotate(current: S.ExportSession, adoptionsLeft: number): Promise<S.ExportSession> {
    if (current.refreshToken === this.deadRefreshToken) throw signedOut();
    const result = await this.deps.tokenClient.refresh(current.refreshToken);
    if (result.ok) {
      const next = S.sessionFromTokens(result.tokens, this.deps.clock.now(), current);
      if (!next) throw new ExportAuthError('protocol', 'The token response could not be turned into a session.');
      await this.persistRotation(next, current.refreshToken);
      this.deps.logger.info('Refreshed the export API session.');
      this.events.fire({ type: 'refreshed', session: next });
      return next;
    }
    if (result.error.kind !== 'invalidGrant') throw result.error;
    return this.afterInvalidGrant(current, adoptionsLeft);
  }

  /** Requirement 13: a newer refresh token in the store is adopted; only otherwise is the chain dead. */
  private async afterInvalidGrant(sent: S.ExportSession, adoptionsLeft: number): Promise<S.ExportSession> {
    const latest = await this.getSession();
    if (latest && latest.refreshToken !== sent.refreshToken) {
      this.deps.logger.info('The refresh token was replaced meanwhile; adopting the stored one.');
      if (S.isAccessTokenFresh(latest, this.deps.clock.now())) return latest;
      if (adoptionsLeft > 0) return this.rotate(latest, adoptionsLeft - 1);
      throw new ExportAuthError('busy', 'The export session changed twice during one refresh. Try again.');
    }
    this.deadRefreshToken = sent.refreshToken;
    if (latest) await this.deps.store.delete(S.SESSION_SECRET_KEY);
    this.deps.logger.warn('The export API sign-in has expired or was revoked; signing in again is required.');
    if (latest) this.events.fire({ type: 'signedOut', reason: 'chainRevoked' });
    throw signedOut();
  }

  private async persistRotation(next: S.ExportSession, replaces: string): Promise<void> {
    try {
      await this.persist(next);
    } catch (error) {
      // The server has rotated: the stored refresh token is dead. Keep the new pair for the next call to
      // write first, and never hand out the old access token meanwhile.
      this.pending = { session: next, replaces };
      throw new ExportAuthError('storage', `Could not save the refreshed export session: ${describeError(error)}`);
    }
  }

  private async writePending(current: S.ExportSession | undefined): Promise<S.ExportSession> {
    const pending = this.pending;
    if (!pending) throw notSignedIn();
    if (current?.refreshToken !== pending.replaces) {
      // Someone signed in or out meanwhile; the stored state wins over our unsaved rotation.
      this.pending = undefined;
      if (!current) throw notSignedIn();
      return current;
    }
    await this.persistRotation(pending.session, pending.replaces);
    this.pending = undefined;
    this.events.fire({ type: 'refreshed', session: pending.session });
    return pending.session;
  }

  private persist(session: S.ExportSession): Promise<void> {
    if (!session.refreshToken) throw new ExportAuthError('protocol', 'Refusing to store a session without a refresh token.');
    return this.deps.store.store(S.SESSION_SECRET_KEY, S.serializeSession(session));
  }
}

interface RefreshMode {
  force: boolean;
  /** The refresh token this caller saw before asking; a different one in the store means someone refreshed. */
  seen?: string;
}

function notSignedIn(): ExportAuthError {
  return new ExportAuthError('notSignedIn', 'You are not signed in to the export API.');
}

function signedOut(): ExportAuthError {
  return new ExportAuthError('signedOut', 'Your export API sign-in has expired or was revoked. Sign in again.');
}

function raceWithSignal<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new ExportAuthError('cancelled', 'Cancelled.'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new ExportAuthError('cancelled', 'Cancelled.'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
