// The walk's port over node:fs, for the command line (and tests and benchmarks): lstat and readdir with file types,
// so a link is seen as a link and never followed; reads open with O_NOFOLLOW and check that what was opened is a
// regular file, so an entry swapped for a link or a pipe after the walk listed it is refused rather than read.
import { closeSync, constants, fstatSync, openSync, readSync, type Dirent, type Stats } from 'node:fs';
import { lstat, open, readdir, realpath, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import type { EntryKind, EntryType, LinkTarget, WalkFs } from './walkFs';

export interface NodeWalkFsOptions {
  /** The working folder: labels are relative to it. */
  cwd: string;
  /** The working tree, as a real path: a link named explicitly is followed only to inside it. Without it such links are refused. */
  tree?: string;
}

// O_NONBLOCK: opening a pipe must not wait for a writer (the check after opening then refuses it). Windows has neither flag.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

export function nodeWalkFs(options: NodeWalkFsOptions): WalkFs<string> {
  const { tree } = options;
  return {
    async list(folder) {
      const entries = await readdir(folder, { withFileTypes: true });
      return Promise.all(entries.map(async (entry) => ({ name: entry.name, ...(await entryType(entry, join(folder, entry.name))) })));
    },
    async type(location) {
      const stats = await lstat(location).catch(() => undefined);
      return stats ? entryType(stats, location) : undefined;
    },
    read: readRegularFile,
    readSync: readRegularFileSync,
    child: (folder, name) => join(folder, name),
    parent: (location) => (dirname(location) === location ? undefined : dirname(location)),
    baseName: (location) => basename(location),
    key: (location) => location,
    label: (location) => relative(options.cwd, location).split(sep).join('/') || location,
    followLink: tree === undefined ? undefined : (location) => followLink(location, tree),
  };
}

function kindOf(entry: Dirent | Stats): EntryKind {
  if (entry.isSymbolicLink()) return 'symbolicLink';
  if (entry.isFile()) return 'file';
  return entry.isDirectory() ? 'directory' : 'other';
}

/** What an entry is; for a link, also what it points at (stat only looks: nothing behind the link is opened). */
async function entryType(entry: Dirent | Stats, path: string): Promise<EntryType> {
  const kind = kindOf(entry);
  if (kind !== 'symbolicLink') return { kind };
  const target = await stat(path).catch(() => undefined);
  return target ? { kind, linkTo: kindOf(target) } : { kind };
}

// Why a file the walk took could not be read after all (the command line's own port: its words are English).
const LINK_NOT_FOLLOWED = 'it is a symbolic link, and links are not followed.';
const NOT_REGULAR = 'it is not a regular file.';

async function readRegularFile(path: string): Promise<Uint8Array> {
  let handle;
  try {
    handle = await open(path, OPEN_FLAGS);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw new Error(LINK_NOT_FOLLOWED);
    throw error;
  }
  try {
    if (!(await handle.stat()).isFile()) throw new Error(NOT_REGULAR);
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** readRegularFile without the thread pool: the same open flags and the same check of what was opened. */
function readRegularFileSync(path: string): Uint8Array {
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw new Error(LINK_NOT_FOLLOWED);
    throw error;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new Error(NOT_REGULAR);
    return readToEnd(fd, stats.size);
  } finally {
    closeSync(fd);
  }
}

/**
 * The file's bytes as readFileSync(fd) reads them (up to the size it had when checked; to the end when it reports
 * none), from the size the check above already has: readFileSync(fd) would stat the file a second time.
 */
function readToEnd(fd: number, size: number): Uint8Array {
  let buffer = Buffer.allocUnsafe(size > 0 ? size : 8192);
  let length = 0;
  for (;;) {
    if (length === buffer.length) {
      if (size > 0) return buffer;
      const larger = Buffer.allocUnsafe(buffer.length * 2);
      buffer.copy(larger, 0, 0, length);
      buffer = larger;
    }
    const read = readSync(fd, buffer, length, buffer.length - length, null);
    if (read === 0) return buffer.subarray(0, length);
    length += read;
  }
}

async function followLink(location: string, tree: string): Promise<LinkTarget<string>> {
  const target = await realpath(location).catch(() => undefined);
  if (target === undefined) return { target: location, kind: undefined, inside: false };
  const stats = await lstat(target).catch(() => undefined);
  const fromTree = relative(tree, target);
  const inside = fromTree === '' || (!isAbsolute(fromTree) && fromTree !== '..' && !fromTree.startsWith(`..${sep}`));
  return { target, kind: stats ? kindOf(stats) : undefined, inside };
}
