// The stored export session as the session manager sees it: this window's SecretStore view plus the marker
// in the lock folder (sessionMarker.ts) that says which refresh token the store holds now, or that the user
// signed out. Reads inside the lock go through readConsistent(), which waits for a lagging view to catch up
// instead of trusting it. Every SecretStore call made while holding the lock ends by the lock's hold deadline:
// a store that never answers must not keep every other window waiting until the stale timeout.
import { describeError } from '../log/redact';
import type { Clock, Logger, SecretStore } from '../ports';
import { realSleep, type Sleep } from './backoff';
import { ExportAuthError, overwritten, rotationPendingElsewhere, staleView, storageTimeout, type StorageCall } from './errors';
import type { ReleaseLock } from './refreshLock';
import * as S from './session';
import { retire } from './sessionLineage';
import {
  hashRefreshToken,
  markerMatches,
  overwrittenHere,
  readSessionMarker,
  removeSessionMarker,
  signedOutBefore,
  standingAgainst,
  writeSessionMarker,
  writeSignedOutMarker,
  type SessionMarker,
} from './sessionMarker';

/** The lock as held by one refresh: the release function (which knows if the lock was lost) and a deadline. */
export interface HeldLock {
  release: ReleaseLock;
  /** Wall-clock ms by which the holder must be done, so windows waiting for the lock never time out. */
  deadline: number;
}

/** What the store holds according to this window, once it agrees with the marker. */
export interface ConsistentRead {
  session: S.ExportSession | undefined;
  marker: SessionMarker | undefined;
}

export interface SessionStoreDeps {
  store: SecretStore;
  lockDir: string;
  logger: Logger;
  /** Stamps the marker's `writtenAt`, and tells how long ago another window wrote it. */
  clock: Clock;
  /** When this window's view of the store was first read (its start); see sessionMarker.overwrittenHere. */
  viewSince?: number;
  /** Told once per marker found overwritten here, so the editor shows the sign-in as lost (an event, not a loop). */
  onOverwritten?: () => void;
  /** The longest wait for this window's store to show what the marker says. */
  consistencyWaitMs: number;
  sleep?: Sleep;
}

const POLL_MS = 50;
/** The longest wait for the view a sign-in or sign-out reads only to retire its lineage. */
const PEEK_MS = 1000;

export class SessionStore {
  /** The marker last found overwritten here (its token's hash and time), so onOverwritten is told once. */
  private overwrittenMarker: string | undefined;

  constructor(private readonly deps: SessionStoreDeps) {}

  /**
   * The stored session; none once a sign-out is recorded, whatever this window's (lagging) view still shows,
   * unless the view shows a session signed in after that sign-out (by a window with another lock folder).
   */
  async read(held?: HeldLock): Promise<S.ExportSession | undefined> {
    const marker = await this.marker();
    const session = await this.readView(held);
    if (session && signedOutBefore(marker, session)) return undefined;
    return session;
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
   * Inside the lock: the stored session once this window's view agrees with the marker (none after a recorded
   * sign-out). Throws a retryable 'busy' when the view still holds another refresh token after the wait:
   * refreshing with it could present a replaced token. Throws 'overwritten' (not retryable, nothing sent, nobody
   * signed out) when that view is older than the marker and will not catch up: another window wrote its stale copy
   * over the latest session. No session when none is visible here even after the wait. A marker of a rotation another
   * window could not save yet throws a retryable 'busy' at once: this view's refresh token is already replaced.
   * `pendingHere` is the refresh token of this window's own unsaved rotation: its marker is answered as is.
   */
  async readConsistent(held: HeldLock, pendingHere?: string): Promise<ConsistentRead> {
    const marker = await this.marker();
    const current = await this.readView(held);
    if (!marker || markerMatches(marker, current?.refreshToken)) return { session: current, marker };
    if (current && standingAgainst(marker, current) === 'newer') {
      // A lagging view only ever shows older sessions than the marker's; a newer one was stored by a window
      // whose lock folder is elsewhere (the remote side of a remote window). It is the latest: adopt it.
      this.deps.logger.info('Adopting an export session stored by a window that does not share this refresh lock.');
      const retired = retire(marker.retiredSignIns, marker.signedOut ? undefined : marker.lineage?.signInId);
      const replaced = retired.filter((id) => id !== current.signInId);
      return { session: current, marker: await this.updateMarker(current, { generation: marker.generation + 1, retiredSignIns: replaced }) };
    }
    if (marker.signedOut) return { session: undefined, marker };
    if (marker.rotationPending) {
      if (pendingHere !== undefined && markerMatches(marker, pendingHere)) return { session: current, marker };
      this.deps.logger.info('Another window holds a refreshed export session it could not save yet; this window sends nothing.');
      throw rotationPendingElsewhere();
    }
    this.throwIfOverwritten(marker, current);
    this.deps.logger.debug('This window has not seen the latest export session yet; waiting for the store to catch up.');
    const caughtUp = await this.waitFor(marker, held);
    if (caughtUp) return { session: caughtUp, marker };
    const after = await this.readView(held);
    if (!after) return { session: undefined, marker };
    this.throwIfOverwritten(marker, after);
    throw staleView();
  }

  /** Throws 'overwritten' when `session` is an older copy than the marker's that this window's view will keep. */
  throwIfOverwritten(marker: SessionMarker | undefined, session: S.ExportSession | undefined): void {
    if (!marker || marker.signedOut || !overwrittenHere(marker, session, this.deps.clock.now(), this.deps.viewSince)) return;
    const key = `${marker.refreshTokenSha256}@${marker.writtenAt}`;
    if (this.overwrittenMarker === key) throw overwritten();
    this.overwrittenMarker = key;
    this.deps.onOverwritten?.();
    this.deps.logger.warn(
      'This window\'s secret storage holds an older export session than the one last stored, and has not caught up: ' +
        'another window wrote its stale copy over it. Its replaced refresh token is not sent; signing in again is required.',
    );
    throw overwritten();
  }

  /** Polls this window's view until it holds the marker's refresh token; undefined when the wait runs out. */
  async waitFor(marker: SessionMarker, held: HeldLock): Promise<S.ExportSession | undefined> {
    const sleep = this.deps.sleep ?? realSleep;
    const giveUpAt = Math.min(Date.now() + this.deps.consistencyWaitMs, held.deadline);
    for (;;) {
      const current = await this.readView(held);
      if (current && markerMatches(marker, current.refreshToken)) return current;
      const remaining = giveUpAt - Date.now();
      if (remaining <= 0 || held.release.compromised) return undefined;
      await sleep(Math.min(POLL_MS, remaining));
    }
  }

  /**
   * A new sign-in (under the lock): writes the session (awaited), then a marker of the next generation that
   * remembers the sign-ins it replaces, so a lagging view still showing one of them is known to be older.
   */
  async writeSignedIn(session: S.ExportSession, held: HeldLock): Promise<void> {
    const marker = await this.marker();
    const replaced = await this.peekView(held);
    await this.writeSession(session, held);
    const retiredSignIns = retire(marker?.retiredSignIns, marker?.signedOut === false ? marker.lineage?.signInId : undefined, replaced?.signInId).filter(
      (id) => id !== session.signInId,
    );
    await this.updateMarker(session, { generation: (marker?.generation ?? 0) + 1, retiredSignIns });
  }

  /**
   * A rotation (under the lock): writes the session (awaited), then the marker, keeping the generation. When the
   * write fails, the marker still names the new pair, as pending: the token it replaced is dead at the server, and
   * a window that read "no information" would send it (spec 5.2.6) while this window holds the valid pair.
   */
  async writeRotation(session: S.ExportSession, previous: SessionMarker | undefined, held: HeldLock): Promise<void> {
    const context = { generation: previous?.generation ?? 0, retiredSignIns: previous?.retiredSignIns ?? [] };
    try {
      await this.writeSession(session, held);
    } catch (error) {
      // A write that missed its deadline may still land: then the marker names what the store holds.
      await this.updateMarker(session, { ...context, rotationPending: true });
      throw error;
    }
    await this.updateMarker(session, context);
  }

  /** Inside the lock: the marker now describes a session this window found in its store (and adopts). */
  async noteAdopted(session: S.ExportSession): Promise<void> {
    const marker = await this.marker();
    if (marker?.signedOut === false && markerMatches(marker, session.refreshToken) && !marker.rotationPending) return;
    await this.updateMarker(session, { generation: marker?.generation ?? 0, retiredSignIns: marker?.retiredSignIns ?? [] });
  }

  /**
   * Signs out: first records the sign-out in the marker (so a window whose view still shows the session
   * neither refreshes it nor writes it back), then deletes the session. Under the lock when it could be had.
   */
  async recordSignOut(now: number, held: HeldLock | undefined, revoked = false): Promise<void> {
    const marker = await this.marker();
    const generation = (marker?.generation ?? 0) + 1;
    // The sign-in that ends, as the marker and this window's view know it: a view still showing it is a leftover.
    const ending = await this.peekView(held);
    const retiredSignIns = retire(marker?.retiredSignIns, marker?.signedOut === false ? marker.lineage?.signInId : undefined, ending?.signInId);
    try {
      await writeSignedOutMarker(this.deps.lockDir, generation, now, revoked, retiredSignIns);
    } catch (error) {
      // Without the tombstone a lagging window could refresh the session back; still sign out here.
      this.deps.logger.warn(`Could not record the sign-out for other windows: ${describeError(error)}`);
      await this.removeMarker();
    }
    await this.bounded(held, 'delete', () => this.deps.store.delete(S.SESSION_SECRET_KEY));
  }

  /**
   * This window's view, for the lineage a sign-in or sign-out retires: a second at most, and undefined when the
   * store fails or is slow, so the write it precedes keeps its share of the hold deadline.
   */
  private async peekView(held: HeldLock | undefined): Promise<S.ExportSession | undefined> {
    const deadline = Math.min(held?.deadline ?? Infinity, Date.now() + PEEK_MS);
    try {
      return S.parseSession(await this.within(deadline, 'answer', () => this.deps.store.get(S.SESSION_SECRET_KEY)));
    } catch {
      return undefined;
    }
  }

  private async readView(held?: HeldLock): Promise<S.ExportSession | undefined> {
    return S.parseSession(await this.bounded(held, 'answer', () => this.deps.store.get(S.SESSION_SECRET_KEY)));
  }

  private async writeSession(session: S.ExportSession, held: HeldLock): Promise<void> {
    if (!session.refreshToken) throw new ExportAuthError('protocol', (m) => m.noRefreshToken());
    await this.bounded(held, 'save', () => this.deps.store.store(S.SESSION_SECRET_KEY, S.serializeSession(session)));
  }

  /** Runs a store call; under the lock it must settle before the hold deadline, or fails with a retryable 'busy'. */
  private bounded<T>(held: HeldLock | undefined, what: StorageCall, call: () => Promise<T>): Promise<T> {
    return held ? this.within(held.deadline, what, call) : call();
  }

  private async within<T>(deadline: number, what: StorageCall, call: () => Promise<T>): Promise<T> {
    const budget = deadline - Date.now();
    if (budget <= 0) throw storageTimeout(what, 0);
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(storageTimeout(what, budget)), budget);
    });
    try {
      // race() also handles a late rejection of the abandoned call.
      return await Promise.race([call(), expired]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Writes the marker for `session`; undefined (no marker, no information) when that fails. */
  private async updateMarker(session: S.ExportSession, context: MarkerFields): Promise<SessionMarker | undefined> {
    try {
      const writtenAt = this.deps.clock.now();
      await writeSessionMarker(this.deps.lockDir, session, { ...context, writtenAt });
      return {
        signedOut: false,
        generation: context.generation,
        refreshTokenSha256: hashRefreshToken(session.refreshToken),
        lastRefreshAt: session.lastRefreshAt,
        writtenAt,
        ...(session.signInId !== undefined && session.rotations !== undefined ? { lineage: { signInId: session.signInId, rotations: session.rotations } } : {}),
        retiredSignIns: [...context.retiredSignIns],
        ...(context.rotationPending ? { rotationPending: true as const } : {}),
      };
    } catch (error) {
      // A marker naming the previous token would make every other window wait for a store that never
      // matches it; no marker only means "no information".
      this.deps.logger.warn(`Could not update the export session marker: ${describeError(error)}`);
      await this.removeMarker();
      return undefined;
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

/** What a marker written for a stored session carries besides it. */
interface MarkerFields {
  generation: number;
  retiredSignIns: readonly string[];
  rotationPending?: boolean;
}
