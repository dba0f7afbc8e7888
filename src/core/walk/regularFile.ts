// Opening a repository's file without following a link, and only when it is a regular file: the walk's reads (the
// command line's port, nodeWalkFs.ts) and the page manifest's (manifestNodeFs.ts) alike. A pull request controls the
// repository: a link would read a file from outside it, and a pipe would wait for a writer for ever.
import { closeSync, constants, fstatSync, openSync } from 'node:fs';
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
