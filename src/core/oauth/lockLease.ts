// How long this process provably keeps the refresh lock. proper-lockfile proves a lock is its own by the mtime
// it last gave the lock folder (a process taking a stale lock over makes a new folder with a new mtime), and
// another process may take the lock over once that mtime is older than the stale timeout. proper-lockfile does
// not tell its holder that mtime, so we hand it a file system (its documented `fs` option) that notes what it
// sets: the mtime read right after it made the folder, and every mtime it sets later when it touches the lock.
import { mkdir, rmdir, rmdirSync, stat, utimes, type PathLike, type Stats, type TimeLike } from 'node:fs';

interface Touch {
  /** The mtime proper-lockfile holds as its own. */
  mtimeMs: number;
  /** When that was noted, in wall ms. */
  at: number;
}

type Done = (error: NodeJS.ErrnoException | null) => void;

/** The callback file system proper-lockfile calls (mkdir, stat, utimes, rmdir; rmdirSync on exit). */
export interface LockFs {
  mkdir(path: PathLike, callback: Done): void;
  stat(path: PathLike, callback: (error: NodeJS.ErrnoException | null, stats?: Stats) => void): void;
  utimes(path: PathLike, atime: TimeLike, mtime: TimeLike, callback: Done): void;
  rmdir(path: PathLike, callback: Done): void;
  rmdirSync(path: PathLike): void;
}

export class LockLease {
  private touch: Touch | undefined;
  private probing = false;
  /** Pass as proper-lockfile's `fs` option for one lock attempt. */
  readonly fs: LockFs;

  constructor(
    private readonly lockPath: string,
    private readonly staleMs: number,
  ) {
    const ours = (path: PathLike): boolean => String(path) === lockPath;
    this.fs = {
      mkdir: (path, callback) =>
        mkdir(path, (error) => {
          // The folder is ours: the next stat of it is proper-lockfile reading the mtime it will keep.
          if (!error && ours(path)) this.probing = true;
          callback(error);
        }),
      stat: (path, callback) =>
        stat(path, (error, stats) => {
          if (!error && ours(path) && this.probing) {
            this.probing = false;
            this.touch = { mtimeMs: stats.mtime.getTime(), at: Date.now() };
          }
          callback(error, stats);
        }),
      utimes: (path, atime, mtime, callback) =>
        utimes(path, atime, mtime, (error) => {
          if (!error && ours(path)) this.touch = { mtimeMs: toMs(mtime), at: Date.now() };
          callback(error);
        }),
      rmdir: (path, callback) => rmdir(path, callback),
      rmdirSync: (path) => rmdirSync(path),
    };
  }

  /** Milliseconds before another process may judge the lock stale; 0 when it may already have. */
  leftMs(): number {
    if (!this.touch) return 0;
    // With whole-second mtimes the noted time can be earlier than the mtime; the earlier one is the safe one.
    const touchedAt = Math.min(this.touch.mtimeMs, this.touch.at);
    return Math.max(0, touchedAt + this.staleMs - Date.now());
  }

  /** True when the lock folder still carries the mtime proper-lockfile last gave it (nobody re-created it). */
  stillOurs(): Promise<boolean> {
    const touch = this.touch;
    if (!touch) return Promise.resolve(false);
    return new Promise((resolve) => stat(this.lockPath, (error, stats) => resolve(!error && stats.mtime.getTime() === touch.mtimeMs)));
  }
}

function toMs(time: TimeLike): number {
  if (time instanceof Date) return time.getTime();
  return typeof time === 'number' ? time * 1000 : Date.parse(time);
}
