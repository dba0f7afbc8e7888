// The session manager's decisions about a rotation, as pure functions of what the store and the marker show.
import * as S from './session';
import { markerMatches, type SessionMarker } from './sessionMarker';

/** What a caller asked of a refresh. */
export interface RefreshMode {
  force: boolean;
  /** The refresh token this caller saw before asking; a different one in the store means someone refreshed. */
  seen?: string;
}

/** A rotated session the store refused to save (or the lock was lost before it could); written first next time. */
export interface PendingWrite {
  session: S.ExportSession;
  replaces: string;
  /** The marker generation the rotation was made in (undefined: no marker); never written into another. */
  generation: number | undefined;
}

/** True when the stored session already answers the caller: another window refreshed meanwhile. */
export function alreadyRefreshedElsewhere(current: S.ExportSession, mode: RefreshMode, now: number): boolean {
  const rotatedSinceSeen = mode.seen !== undefined && current.refreshToken !== mode.seen;
  if (mode.force) return rotatedSinceSeen;
  return S.isAccessTokenFresh(current, now) || (rotatedSinceSeen && current.accessExpiresAt > now);
}

/** A sign-out, a new sign-in or another rotation since the request went out: the rotation must not be written. */
export function replacedMeanwhile(write: PendingWrite, latest: S.ExportSession | undefined, marker: SessionMarker | undefined): boolean {
  if (!marker) return latest?.refreshToken !== write.replaces;
  // A marker of this very rotation, written when its save failed, still stands for the session it replaces.
  const pendingMarkerOfThis = !marker.signedOut && marker.rotationPending === true && markerMatches(marker, write.session.refreshToken);
  if (marker.signedOut || !(markerMatches(marker, write.replaces) || pendingMarkerOfThis)) return true;
  if (write.generation !== undefined && marker.generation !== write.generation) return true;
  return latest?.refreshToken !== write.replaces;
}
