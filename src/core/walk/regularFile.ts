// Opening a repository's file without following a link, and only when it is a regular file: the walk's reads (the
// command line's port, nodeWalkFs.ts) and the page manifest's (manifestNodeFs.ts) alike. A pull request controls the
// repository: a link would read a file from outside it, and a pipe would wait for a writer for ever.
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync } from 'node:fs';
import { isAbsolute, join, normalize, sep } from 'node:path';
import { NotARegularFile } from './walkFs';

// O_NONBLOCK: opening a pipe must not wait for a writer (the check after opening then refuses it). Windows has neither
// flag: there a caller that must refuse a link looks at the entry first (lstat).
export const REGULAR_FILE_OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** The messages a refusal carries, for a caller that shows them as they are; without them, the reason's code. */
export interface RefusalWords {
  link: string;
  notRegular: string;
}

/**
 * The open descriptor of the regular file at `path` and its size then; the caller closes it. A link or anything but a
 * regular file throws NotARegularFile, after the descriptor of what was opened is closed.
 */
export function openRegularFileSync(path: string, words?: RefusalWords): { fd: number; size: number } {
  let fd: number;
  try {
    fd = openSync(path, REGULAR_FILE_OPEN_FLAGS);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw new NotARegularFile('link', words?.link);
    throw error;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new NotARegularFile('notRegular', words?.notRegular);
    return { fd, size: stats.size };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/**
 * The text of the regular file at `relative` under `root`, or undefined when it is not one to read: a path that leaves
 * `root`, that goes through a link or anything but folders, that ends in a link or anything but a regular file, or a
 * file over `maxBytes`. For what reads a file the run names only to point at a line of it (the Action's annotations):
 * a refused file is named too, and a name a pull request chose must not read /dev/zero or a file outside.
 */
export function readRegularTextInside(root: string, relative: string, maxBytes: number): string | undefined {
  const path = normalize(relative);
  if (isAbsolute(path) || path === '..' || path.startsWith(`..${sep}`)) return undefined;
  const parts = path.split(sep).filter((part) => part !== '' && part !== '.');
  try {
    let folder = root;
    for (const part of parts.slice(0, -1)) {
      folder = join(folder, part);
      const stats = lstatSync(folder);
      if (stats.isSymbolicLink() || !stats.isDirectory()) return undefined;
    }
    const { fd, size } = openRegularFileSync(join(root, ...parts));
    try {
      return size > maxBytes ? undefined : readFileSync(fd, 'utf8');
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}
