// A strongly consistent note of which refresh token the store holds now. VS Code's SecretStorage is only
// eventually consistent between windows: each window reads its own cache, and another window's write arrives
// after a flush and an IPC hop. Right after a rotation in one window, another window can take the lock and
// still read the replaced refresh token; sending it would revoke the whole chain (spec 5.2.6).
// So the lock holder writes this small file in the lock folder (a temp file renamed over it, so it is never
// seen half-written) after every write of the session, and a window inside the lock compares it with what its
// own store returns. The file holds a SHA-256 of the refresh token, never the token.
import { createHash, randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseJsonObject } from '../util/json';

export interface SessionMarker {
  /** SHA-256 (hex) of the refresh token the store holds since the last write. */
  refreshTokenSha256: string;
  lastRefreshAt: number;
}

const MARKER_NAME = 'export-session.state.json';

export function markerPath(lockDir: string): string {
  return path.join(lockDir, MARKER_NAME);
}

export function hashRefreshToken(refreshToken: string): string {
  return createHash('sha256').update(refreshToken, 'utf8').digest('hex');
}

export function markerMatches(marker: SessionMarker, refreshToken: string | undefined): boolean {
  return refreshToken !== undefined && marker.refreshTokenSha256 === hashRefreshToken(refreshToken);
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
  if (typeof v.refreshTokenSha256 !== 'string' || !/^[0-9a-f]{64}$/.test(v.refreshTokenSha256)) return undefined;
  if (typeof v.lastRefreshAt !== 'number') return undefined;
  return { refreshTokenSha256: v.refreshTokenSha256, lastRefreshAt: v.lastRefreshAt };
}

/** Call only while holding the refresh lock, after the session was written. */
export async function writeSessionMarker(lockDir: string, session: { refreshToken: string; lastRefreshAt: number }): Promise<void> {
  const marker: SessionMarker = { refreshTokenSha256: hashRefreshToken(session.refreshToken), lastRefreshAt: session.lastRefreshAt };
  const file = markerPath(lockDir);
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temp, JSON.stringify(marker), { mode: 0o600 });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}

export async function removeSessionMarker(lockDir: string): Promise<void> {
  await rm(markerPath(lockDir), { force: true });
}
