// The stored export session as the session manager sees it: this window's SecretStore view plus the marker
// in the lock folder (sessionMarker.ts) that says which refresh token the store holds now. Reads inside the
// lock go through readConsistent(), which waits for a lagging view to catch up instead of trusting it.
import { describeError } from '../log/redact';
import type { Logger, SecretStore } from '../ports';
import { realSleep, type Sleep } from './backoff';
import { ExportAuthError, staleView } from './errors';
import type { ReleaseLock } from './refreshLock';
import * as S from './session';
import { markerMatches, readSessionMarker, removeSessionMarker, writeSessionMarker, type SessionMarker } from './sessionMarker';

/** The lock as held by one refresh: the release function (which knows if the lock was lost) and a deadline. */
export interface HeldLock {
  release: ReleaseLock;
  /** Wall-clock ms by which the holder must be done, so windows waiting for the lock never time out. */
  deadline: number;
}

export interface SessionStoreDeps {
  store: SecretStore;
  lockDir: string;
  logger: Logger;
  /** The longest wait for this window's store to show what the marker says. */
  consistencyWaitMs: number;
  sleep?: Sleep;
}

const POLL_MS = 50;

export class SessionStore {
  constructor(private readonly deps: SessionStoreDeps) {}

  async read(): Promise<S.ExportSession | undefined> {
    return S.parseSession(await this.deps.store.get(S.SESSION_SECRET_KEY));
  }

  /** The marker, or undefined (no information) when there is none or it cannot be read. */
  async marker(): Promise<SessionMarker | undefined> {
    try {
      return await readSessionMarker(this.deps.lockDir);
    } catch (error) {
      this.deps.logger.warn(`Could not read the export session marker: ${describeError(error)}`);
      return undefined;
    }
  }

  /**
   * Inside the lock: the stored session once this window's view agrees with the marker. Throws a retryable
   * 'busy' when the view still holds another refresh token after the wait: refreshing with it could present a
   * replaced token. Undefined when no session is visible here even after the wait.
   */
  async readConsistent(held: HeldLock): Promise<S.ExportSession | undefined> {
    const current = await this.read();
    const marker = await this.marker();
    if (!marker || markerMatches(marker, current?.refreshToken)) return current;
    this.deps.logger.debug('This window has not seen the latest export session yet; waiting for the store to catch up.');
    const caughtUp = await this.waitFor(marker, held);
    if (caughtUp) return caughtUp;
    if (!(await this.read())) return undefined;
    throw staleView();
  }

  /** Polls this window's view until it holds the marker's refresh token; undefined when the wait runs out. */
  async waitFor(marker: SessionMarker, held: HeldLock): Promise<S.ExportSession | undefined> {
    const sleep = this.deps.sleep ?? realSleep;
    const giveUpAt = Math.min(Date.now() + this.deps.consistencyWaitMs, held.deadline);
    for (;;) {
      const current = await this.read();
      if (current && markerMatches(marker, current.refreshToken)) return current;
      const remaining = giveUpAt - Date.now();
      if (remaining <= 0 || held.release.compromised) return undefined;
      await sleep(Math.min(POLL_MS, remaining));
    }
  }

  /** Writes the session (awaited) and then the marker; call only while holding the lock. */
  async write(session: S.ExportSession): Promise<void> {
    if (!session.refreshToken) throw new ExportAuthError('protocol', 'Refusing to store a session without a refresh token.');
    await this.deps.store.store(S.SESSION_SECRET_KEY, S.serializeSession(session));
    await this.updateMarker(session);
  }

  /** Inside the lock: the marker now describes a session this window found in its store (and adopts). */
  async noteAdopted(session: S.ExportSession): Promise<void> {
    const marker = await this.marker();
    if (!marker || !markerMatches(marker, session.refreshToken)) await this.updateMarker(session);
  }

  /** Deletes the session and the marker (signed out: nothing to be consistent with). */
  async clear(): Promise<void> {
    await this.deps.store.delete(S.SESSION_SECRET_KEY);
    await this.removeMarker();
  }

  private async updateMarker(session: S.ExportSession): Promise<void> {
    try {
      await writeSessionMarker(this.deps.lockDir, session);
    } catch (error) {
      // A marker naming the previous token would make every other window wait for a store that never
      // matches it; no marker only means "no information".
      this.deps.logger.warn(`Could not update the export session marker: ${describeError(error)}`);
      await this.removeMarker();
    }
  }

  private async removeMarker(): Promise<void> {
    try {
      await removeSessionMarker(this.deps.lockDir);
    } catch (error) {
      this.deps.logger.warn(`Could not remove the export session marker: ${describeError(error)}`);
    }
  }
}
