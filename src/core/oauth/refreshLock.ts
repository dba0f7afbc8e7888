// The cross-process refresh lock (reliability requirement 12). VS Code windows are separate processes sharing
// one SecretStorage without compare-and-swap, so a refresh happens only inside this lock. proper-lockfile
// makes an atomic mkdir lock whose mtime the holder keeps touching; a killed holder stops touching it and the
// lock counts as stale after `staleMs`, so the next process takes over.
//
// A holder that is paused (a debugger, a suspended laptop) stops touching too, and may wake up after another
// process took over. So before it sends a refresh token the holder asks leaseLeftMs(): how long, at least, no
// other process can judge this lock stale, from the last touch proper-lockfile made (lockLease.ts). A takeover
// needs the lock untouched for staleMs, so while the lease lasts the lock is provably still ours.
//
// Timing here is real wall time on purpose: the lock is shared with other processes, which cannot see an
// injected test clock.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { describeError } from '../log/redact';
import type { Logger } from '../ports';
import { realSleep, type Sleep } from './backoff';
import { ExportAuthError } from './errors';
import { LockLease } from './lockLease';

export interface RefreshLockOptions {
  lockDir: string;
  /** Give up (retryably) when the lock cannot be had within this time. */
  timeoutMs: number;
  /** A lock not touched for this long belongs to a dead process (proper-lockfile's minimum is 2000). */
  staleMs: number;
  logger: Logger;
  sleep?: Sleep;
}

/** Releases the lock; also tells whether the lock was lost meanwhile (another process took it over). */
export type ReleaseLock = (() => Promise<void>) & {
  /** True once proper-lockfile found the lock taken over or no longer ours; nothing may be sent or written then. */
  readonly compromised: boolean;
  /** The stale timeout other processes apply to this lock (proper-lockfile's floor of 2 s included). */
  readonly staleMs: number;
  /**
   * Milliseconds during which no other process can take this lock over, counted from proper-lockfile's last
   * touch; 0 when it may already have been (lost, released, or untouched for staleMs).
   */
  leaseLeftMs(): number;
};

const LOCK_NAME = 'export-session';
const POLL_MIN_MS = 15;
const POLL_SPREAD_MS = 50;
/** proper-lockfile never uses a stale timeout below this. */
const MIN_STALE_MS = 2000;

function isLockedError(error: unknown): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === 'ELOCKED';
}

/** Takes the lock or throws ExportAuthError 'busy' (retryable) or 'cancelled'. Never returns without the lock. */
export async function acquireRefreshLock(options: RefreshLockOptions, signal?: AbortSignal): Promise<ReleaseLock> {
  await mkdir(options.lockDir, { recursive: true });
  const target = path.join(options.lockDir, LOCK_NAME);
  const sleep = options.sleep ?? realSleep;
  const deadline = Date.now() + options.timeoutMs;
  const staleMs = Math.max(options.staleMs, MIN_STALE_MS);
  for (;;) {
    if (signal?.aborted) throw new ExportAuthError('cancelled', (m) => m.refreshCancelled());
    try {
      const state = { compromised: false };
      const lease = new LockLease(`${target}.lock`, staleMs);
      const release = await lockfile.lock(target, {
        lockfilePath: `${target}.lock`,
        fs: lease.fs,
        realpath: false,
        retries: 0,
        stale: options.staleMs,
        // The default throws from a timer and would crash the extension host. Instead the holder learns of it
        // (`compromised`) and refuses to send or store anything afterwards: another process may hold it now.
        onCompromised: (error) => {
          state.compromised = true;
          options.logger.warn(`The refresh lock was taken over: ${describeError(error)}`);
        },
      });
      return heldLock(release, state, lease, options);
    } catch (error) {
      if (!isLockedError(error)) {
        throw new ExportAuthError('busy', (m) => m.lockFailed(describeError(error)));
      }
    }
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      throw new ExportAuthError('busy', (m) => m.lockBusy());
    }
    try {
      await sleep(Math.min(remaining, POLL_MIN_MS + Math.random() * POLL_SPREAD_MS), signal);
    } catch {
      throw new ExportAuthError('cancelled', (m) => m.refreshCancelled());
    }
  }
}

function heldLock(release: () => Promise<void>, state: { compromised: boolean }, lease: LockLease, options: RefreshLockOptions): ReleaseLock {
  let released = false;
  const leaseLeftMs = (): number => (state.compromised || released ? 0 : lease.leftMs());
  const releaseLock = async (): Promise<void> => {
    if (state.compromised || released) return;
    released = true;
    // After a pause the lock folder may be another process's now: deleting it would let a third one in.
    if (lease.leftMs() <= 0 && !(await lease.stillOurs())) {
      options.logger.warn('Not releasing the refresh lock: another window may hold it now.');
      return;
    }
    try {
      await release();
    } catch (error) {
      options.logger.warn(`Could not release the refresh lock: ${describeError(error)}`);
    }
  };
  return Object.defineProperties(releaseLock, {
    compromised: { get: () => state.compromised, enumerable: true },
    staleMs: { value: Math.max(options.staleMs, MIN_STALE_MS), enumerable: true },
    leaseLeftMs: { value: leaseLeftMs, enumerable: true },
  }) as ReleaseLock;
}
