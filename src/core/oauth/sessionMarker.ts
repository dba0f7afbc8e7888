// A strongly consistent note of what the store holds now. VS Code's SecretStorage is only eventually
// consistent between windows: each window reads its own cache, and another window's write arrives after a
// flush and an IPC hop. Right after a rotation in one window, another window can take the lock and still read
// the replaced refresh token; sending it would revoke the whole chain (spec 5.2.6). Right after a sign-out,
// another window can still read the session and refresh it back to life.
// So the lock holder writes this small file in the lock folder (a temp file renamed over it, so it is never
// seen half-written): after every write of the session, which refresh token the store holds (a SHA-256 of it,
// never the token); before a sign-out deletes the session, that the user is signed out (a tombstone every
// window respects until a new sign-in replaces it). `generation` counts sign-ins and sign-outs, so a rotation
// made in one generation is never written into the next.
// Whether a session the marker does not name is older or newer than the one it records is decided by the
// sessions' lineage (which sign-in, how many rotations since; sessionLineage.ts) and the sign-ins the marker has
// seen replaced, never by timestamps: a window on another machine (a remote window) stamps its own clock.
import { createHash, randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseJsonObject } from '../util/json';
import { lineageStanding, type Lineage, type Standing } from './sessionLineage';

export type SessionMarker =
  | {
      signedOut: false;
      generation: number;
      /** SHA-256 (hex) of the refresh token the store holds since the last write. */
      refreshTokenSha256: string;
      lastRefreshAt: number;
      /** When the marker was written (the writer's clock); markers written before this field was kept give lastRefreshAt. */
      writtenAt: number;
      /** The lineage of the session the marker names (absent: written by an earlier version, or a session without one). */
      lineage?: Lineage;
      /** Sign-ins this lock folder saw replaced or signed out; undefined in markers written before lineages. */
      retiredSignIns?: string[];
      /**
       * A window rotated but could not save the new pair (a locked keychain, a write past its deadline): the token it
       * replaced is dead, the marker names the new one, and only that window holds it until its next call writes it.
       */
      rotationPending?: true;
    }
  | {
      signedOut: true;
      generation: number;
      signedOutAt: number;
      /**
       * The sign-in ended because the authorization server refused its refresh token (revoked, or expired after
       * inactivity), not because the user signed out: until a new sign-in, the editor holds back an update it cannot
       * check for edits instead of sending it unchecked (signInRevoked).
       */
      revoked?: true;
      /** Sign-ins this lock folder saw replaced or signed out, the one signed out included (see above). */
      retiredSignIns?: string[];
    };

/** What a marker says about a session: the one it names, an older one, or one stored where it never looked. */
export type { Standing } from './sessionLineage';

const MARKER_NAME = 'export-session.state.json';

export function markerPath(lockDir: string): string {
  return path.join(lockDir, MARKER_NAME);
}

export function hashRefreshToken(refreshToken: string): string {
  return createHash('sha256').update(refreshToken, 'utf8').digest('hex');
}

/** True when the marker says the store holds this refresh token (never for a sign-out). */
export function markerMatches(marker: SessionMarker, refreshToken: string | undefined): boolean {
  return !marker.signedOut && refreshToken !== undefined && marker.refreshTokenSha256 === hashRefreshToken(refreshToken);
}

/** The marker, or undefined when there is none (or it is unreadable): no information. */
export async function readSessionMarker(lockDir: string): Promise<SessionMarker | undefined> {
  let raw: string;
  try {
    raw = await readFile(markerPath(lockDir), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const v = parseJsonObject(raw);
  if (!v) return undefined;
  // Markers written before generations existed count as generation 0.
  const generation = typeof v.generation === 'number' && Number.isSafeInteger(v.generation) ? v.generation : 0;
  const retired = Array.isArray(v.retiredSignIns) ? { retiredSignIns: v.retiredSignIns.filter((id): id is string => typeof id === 'string') } : {};
  if (v.signedOut === true) {
    const signedOutAt = typeof v.signedOutAt === 'number' ? v.signedOutAt : 0;
    return { signedOut: true, generation, signedOutAt, ...(v.revoked === true ? { revoked: true } : {}), ...retired };
  }
  if (typeof v.refreshTokenSha256 !== 'string' || !/^[0-9a-f]{64}$/.test(v.refreshTokenSha256)) return undefined;
  if (typeof v.lastRefreshAt !== 'number') return undefined;
  const writtenAt = typeof v.writtenAt === 'number' ? v.writtenAt : v.lastRefreshAt;
  const lineage = typeof v.signInId === 'string' && typeof v.rotations === 'number' ? { lineage: { signInId: v.signInId, rotations: v.rotations } } : {};
  const pending = v.rotationPending === true ? { rotationPending: true as const } : {};
  return { signedOut: false, generation, refreshTokenSha256: v.refreshTokenSha256, lastRefreshAt: v.lastRefreshAt, writtenAt, ...lineage, ...retired, ...pending };
}

/** The fields of a session the marker decisions read. */
export interface MarkedSession {
  refreshToken: string;
  lastRefreshAt: number;
  signInId?: string;
  rotations?: number;
}

/**
 * Where `session` stands against the marker: 'current' (the one it names), 'older' (a lagging or overwritten view,
 * a sign-in replaced or signed out here) or 'newer' (stored by a window whose lock folder is elsewhere). Lineages
 * decide; only sessions or markers stored by earlier versions fall back to comparing lastRefreshAt.
 */
export function standingAgainst(marker: SessionMarker, session: MarkedSession): Standing {
  if (markerMatches(marker, session.refreshToken)) return 'current';
  const recorded = marker.signedOut ? undefined : marker.lineage;
  const byLineage = lineageStanding(session, recorded, marker.retiredSignIns);
  if (byLineage) return byLineage;
  const recordedAt = marker.signedOut ? marker.signedOutAt : marker.lastRefreshAt;
  return session.lastRefreshAt > recordedAt ? 'newer' : 'older';
}

/**
 * How long a window's view may lag behind the marker before the difference is no lag at all. Secret storage reaches
 * other windows within a second or so; a view older than the marker this long after its write will never catch up.
 */
export const OVERWRITTEN_AFTER_MS = 30_000;
/** A window that started this long after the marker was written read a store that already held that write. */
export const STARTED_AFTER_WRITE_MS = 5_000;

/**
 * True when this window's store holds an older session than the one the marker records, and will not catch up: the
 * marker was written long ago (OVERWRITTEN_AFTER_MS), or before this window's view was first read (`viewSince`, its
 * start). Another window wrote its stale copy over the latest session (code-server writes every secret of a tab back
 * on any change). The refresh token this window holds was replaced: it must never be sent, and the sign-in is lost
 * here. A view newer than the marker (stored by a window with another lock folder) is never taken for this.
 */
export function overwrittenHere(marker: SessionMarker | undefined, session: MarkedSession | undefined, now: number, viewSince?: number): boolean {
  // A pending rotation's marker names a pair no store holds yet: every view is behind it, none overwritten.
  if (!marker || marker.signedOut || marker.rotationPending || !session) return false;
  if (standingAgainst(marker, session) !== 'older') return false;
  return now - marker.writtenAt >= OVERWRITTEN_AFTER_MS || (viewSince !== undefined && viewSince - marker.writtenAt >= STARTED_AFTER_WRITE_MS);
}

/** overwrittenHere() for readers outside the session manager (the editor's status item); false when unreadable. */
export async function isOverwrittenHere(lockDir: string, session: MarkedSession, now: number, viewSince?: number): Promise<boolean> {
  try {
    return overwrittenHere(await readSessionMarker(lockDir), session, now, viewSince);
  } catch {
    return false;
  }
}

/**
 * True when the marker records a sign-out that `session` predates: a lagging view's leftover. A session signed
 * in after the sign-out (by a window whose lock folder is elsewhere) is not covered by it.
 */
export function signedOutBefore(marker: SessionMarker | undefined, session: MarkedSession): boolean {
  return marker?.signedOut === true && standingAgainst(marker, session) !== 'newer';
}

/** signedOutBefore() for readers outside the session manager (the editor's fast path); false when unreadable. */
export async function isSignedOutByMarker(lockDir: string, session: MarkedSession): Promise<boolean> {
  try {
    return signedOutBefore(await readSessionMarker(lockDir), session);
  } catch {
    return false;
  }
}

/**
 * Whether the last sign-out recorded is one the authorization server made (SessionMarker `revoked`): the user was
 * signed in and did not sign out. False when unreadable, or when none is recorded.
 */
export async function signInRevoked(lockDir: string): Promise<boolean> {
  try {
    const marker = await readSessionMarker(lockDir);
    return marker?.signedOut === true && marker.revoked === true;
  } catch {
    return false;
  }
}

/** What a marker for a stored session records besides the session itself. */
export interface MarkerContext {
  generation?: number;
  writtenAt?: number;
  retiredSignIns?: readonly string[];
  /** The session could not be saved yet (SessionMarker `rotationPending`). */
  rotationPending?: boolean;
}

/** Call only while holding the refresh lock, after the session was written (or its write failed: rotationPending). */
export async function writeSessionMarker(lockDir: string, session: MarkedSession, context: MarkerContext = {}): Promise<void> {
  await writeMarkerFile(lockDir, {
    generation: context.generation ?? 1,
    refreshTokenSha256: hashRefreshToken(session.refreshToken),
    lastRefreshAt: session.lastRefreshAt,
    writtenAt: context.writtenAt ?? session.lastRefreshAt,
    ...(session.signInId !== undefined && session.rotations !== undefined ? { signInId: session.signInId, rotations: session.rotations } : {}),
    retiredSignIns: [...(context.retiredSignIns ?? [])],
    ...(context.rotationPending ? { rotationPending: true } : {}),
  });
}

/**
 * Call while holding the refresh lock (when it can be had), before the session is deleted. `revoked`: the
 * authorization server ended the sign-in, not the user. `retiredSignIns` includes the sign-in that ends.
 */
export async function writeSignedOutMarker(lockDir: string, generation: number, signedOutAt: number, revoked = false, retiredSignIns: readonly string[] = []): Promise<void> {
  await writeMarkerFile(lockDir, { generation, signedOut: true, signedOutAt, ...(revoked ? { revoked: true } : {}), retiredSignIns: [...retiredSignIns] });
}

export async function removeSessionMarker(lockDir: string): Promise<void> {
  await rm(markerPath(lockDir), { force: true });
}

async function writeMarkerFile(lockDir: string, content: Record<string, unknown>): Promise<void> {
  const file = markerPath(lockDir);
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temp, JSON.stringify(content), { mode: 0o600 });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}
