// The walk's port over node:fs, for the command line (and tests and benchmarks): lstat and readdir with file types,
// so a link is seen as a link and never followed; reads open with O_NOFOLLOW and check that what was opened is a
// regular file, so an entry swapped for a link or a pipe after the walk listed it is refused rather than read.
import { closeSync, lstatSync, readdirSync, readFileSync, readSync, type Dirent, type Stats } from 'node:fs';
import { lstat, open, realpath, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, relative, sep } from 'node:path';
import { openRegularFileSync, REGULAR_FILE_OPEN_FLAGS } from './regularFile';
import { NotARegularFile, type DirEntry, type EntryKind, type EntryType, type LinkTarget, type WalkFs } from './walkFs';

export interface NodeWalkFsOptions {
  /** The working folder: labels are relative to it. */
  cwd: string;
  /** The working tree, as a real path: a link named explicitly is followed only to inside it. Without it such links are refused. */
  tree?: string;
  /**
   * The working tree as the named paths spell it (resolved from cwd, links in it unresolved), when that differs from
   * tree: macOS's /tmp is a link to /private/tmp. The folders between it and a named path are checked for links.
   */
  top?: string;
}


export function nodeWalkFs(options: NodeWalkFsOptions): WalkFs<string> {
  const { tree } = options;
  const top = options.top ?? tree;
  return {
    async list(folder) {
      // Synchronously, as the reads: a walk lists folder after folder, and each listing through the thread pool
      // was a round trip the walk waited for with nothing else to do.
      const entries = readdirSync(folder, { withFileTypes: true });
      // Only a link needs a second look (stat, for what it points at): a folder of files costs one readdir, not a
      // promise per entry.
      const listed: DirEntry[] = [];
      const links: DirEntry[] = [];
      for (const entry of entries) {
        const each: DirEntry = { name: entry.name, kind: kindOf(entry) };
        listed.push(each);
        if (each.kind === 'symbolicLink') links.push(each);
      }
      await Promise.all(links.map(async (entry) => {
        const linkTo = await linkTarget(childPath(folder, entry.name));
        if (linkTo) entry.linkTo = linkTo;
      }));
      return listed;
    },
    async type(location) {
      // Synchronously: the walk asks this of every folder's .gitignore, one folder after another.
      const stats = lstatOrUndefined(location);
      return stats ? entryType(stats, location) : undefined;
    },
    read: readRegularFile,
    readSync: readRegularFileSync,
    readPlainTextSync,
    readPiecesSync: readRegularFilePiecesSync,
    child: childPath,
    parent: (location) => (dirname(location) === location ? undefined : dirname(location)),
    baseName: (location) => basename(location),
    key: (location) => location,
    label: labelsBelow(options.cwd),
    followLink: tree === undefined ? undefined : (location) => followLink(location, tree),
    isTreeTop: top === undefined ? undefined : (location) => location === top,
  };
}

/**
 * A name from a listing (never a separator in it, never '.' or '..') under a folder path the walk already holds
 * normalised: join's result without join's normalising pass, which cost more than the rest of a large walk's work.
 */
function childPath(folder: string, name: string): string {
  return folder.endsWith(sep) ? `${folder}${name}` : `${folder}${sep}${name}`;
}

/**
 * The path relative to the working folder, '/'-separated; a path below it is cut, anything else goes through
 * relative(). The working folder's prefix is made once, not for each of a walk's files.
 */
function labelsBelow(cwd: string): (location: string) => string {
  const below = cwd.endsWith(sep) ? cwd : `${cwd}${sep}`;
  const absolute = isAbsolute(cwd);
  return (location) => {
    if (absolute && location.startsWith(below)) {
      const rest = location.slice(below.length);
      return sep === '/' ? rest : rest.split(sep).join('/');
    }
    return relative(cwd, location).split(sep).join('/') || location;
  };
}

function lstatOrUndefined(location: string): Stats | undefined {
  try {
    // Nothing there is an answer, not an error: the walk asks it of every folder's .gitignore, and an error made and
    // thrown for each folder without one cost more than the look.
    return lstatSync(location, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

function kindOf(entry: Dirent | Stats): EntryKind {
  if (entry.isSymbolicLink()) return 'symbolicLink';
  if (entry.isFile()) return 'file';
  return entry.isDirectory() ? 'directory' : 'other';
}

/** What an entry is; for a link, also what it points at (stat only looks: nothing behind the link is opened). */
async function entryType(entry: Stats, path: string): Promise<EntryType> {
  const kind = kindOf(entry);
  if (kind !== 'symbolicLink') return { kind };
  const linkTo = await linkTarget(path);
  return linkTo ? { kind, linkTo } : { kind };
}

async function linkTarget(path: string): Promise<EntryKind | undefined> {
  const target = await stat(path).catch(() => undefined);
  return target ? kindOf(target) : undefined;
}

// Why a file the walk took could not be read after all (the command line's own port: its words are English).
const LINK_NOT_FOLLOWED = 'it is a symbolic link, and links are not followed.';
const NOT_REGULAR = 'it is not a regular file.';
const REFUSAL_WORDS = { link: LINK_NOT_FOLLOWED, notRegular: NOT_REGULAR };

async function readRegularFile(path: string): Promise<Uint8Array> {
  let handle;
  try {
    handle = await open(path, REGULAR_FILE_OPEN_FLAGS);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw new NotARegularFile('link', LINK_NOT_FOLLOWED);
    throw error;
  }
  try {
    if (!(await handle.stat()).isFile()) throw new NotARegularFile('notRegular', NOT_REGULAR);
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

// The process's working folder with a separator after it, and the working folder it was made from (process.cwd()
// returns the same string until the folder changes).
let workingFolder = '';
let belowWorkingFolder = '';

/**
 * A path below the process's working folder as a path relative to it, to open: the same file (the kernel resolves it
 * from the working folder), found without walking the working folder's own path again for each of a walk's files.
 * That walk was about a tenth of reading 10,000 small files by absolute path (`npm run bench`, tree planning).
 */
function fromWorkingFolder(path: string): string {
  const cwd = process.cwd();
  if (cwd !== workingFolder) {
    workingFolder = cwd;
    belowWorkingFolder = cwd.endsWith(sep) ? cwd : `${cwd}${sep}`;
  }
  return path.length > belowWorkingFolder.length && path.startsWith(belowWorkingFolder) ? path.slice(belowWorkingFolder.length) : path;
}

/** readRegularFile without the thread pool: the same open flags and the same check of what was opened. */
function readRegularFileSync(path: string): Uint8Array {
  const { fd, size } = openRegularFileSync(fromWorkingFolder(path), REFUSAL_WORDS);
  try {
    return readToEnd(fd, size);
  } finally {
    closeSync(fd);
  }
}

/** Bytes read at once by readRegularFilePiecesSync, into one buffer for every such read. */
const PIECE_BYTES = 64 * 1024;
let pieceBuffer: Buffer | undefined;

/** readRegularFileSync a piece at a time (WalkFs.readPiecesSync): the same open flags and check, one small buffer. */
function readRegularFilePiecesSync(path: string, take: (piece: Uint8Array) => boolean): void {
  const { fd } = openRegularFileSync(fromWorkingFolder(path), REFUSAL_WORDS);
  try {
    pieceBuffer ??= Buffer.allocUnsafe(PIECE_BYTES);
    for (;;) {
      const read = readSync(fd, pieceBuffer, 0, PIECE_BYTES, null);
      if (read === 0 || !take(pieceBuffer.subarray(0, read))) return;
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * The text of a plain UTF-8 file, read and decoded by node in one call, opened with the same flags as every read (a
 * link is never followed); undefined for anything the strict read (readRegularFileSync, then decodeText) must decide.
 * Node's decoding replaces a byte that is not UTF-8 with U+FFFD, so a text holding one goes the strict way (which
 * keeps a U+FFFD written as such, and refuses the rest). Empty is what a pipe opened without waiting reads too, so it
 * goes the strict way, which checks what was opened; a failed read (a link, a folder) does, for the refusal's words.
 */
function readPlainTextSync(path: string): string | undefined {
  let text: string;
  try {
    // Node takes open flags as a number here as for openSync (fs.stringToFlags passes a number through); its types
    // name only the string forms, none of which has O_NOFOLLOW.
    text = readFileSync(fromWorkingFolder(path), { encoding: 'utf8', flag: REGULAR_FILE_OPEN_FLAGS as unknown as string });
  } catch {
    return undefined;
  }
  // A byte order mark is dropped, and NUL refused, by the strict way only.
  if (text.length === 0 || text.charCodeAt(0) === 0xfeff || text.includes('\ufffd') || text.includes('\u0000')) return undefined;
  return text;
}

// One buffer for every synchronous read of a file up to this size: a walk reads thousands of small files, and a
// buffer of their own each costs an allocation and a backing store to collect. The caller decodes before it reads
// again (the port says so).
const SCRATCH_LIMIT = 1024 * 1024;
let scratch = Buffer.allocUnsafe(64 * 1024);

/**
 * The file's bytes as readFileSync(fd) reads them (up to the size it had when checked; to the end when it reports
 * none), from the size the check above already has: readFileSync(fd) would stat the file a second time.
 */
function readToEnd(fd: number, size: number): Uint8Array {
  if (size > 0 && size < scratch.length) return readInto(fd, scratch, size);
  if (size > 0 && size < SCRATCH_LIMIT) {
    scratch = Buffer.allocUnsafe(Math.min(SCRATCH_LIMIT, Math.max(size + 1, scratch.length * 2)));
    return readInto(fd, scratch, size);
  }
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

/** Up to `size` bytes into a buffer larger than that, as a view of the bytes read. */
function readInto(fd: number, buffer: Buffer, size: number): Uint8Array {
  let length = 0;
  while (length < size) {
    const read = readSync(fd, buffer, length, size - length, null);
    if (read === 0) break;
    length += read;
  }
  return buffer.subarray(0, length);
}

async function followLink(location: string, tree: string): Promise<LinkTarget<string>> {
  const target = await realpath(location).catch(() => undefined);
  if (target === undefined) return { target: location, kind: undefined, inside: false };
  const stats = await lstat(target).catch(() => undefined);
  const fromTree = relative(tree, target);
  const inside = fromTree === '' || (!isAbsolute(fromTree) && fromTree !== '..' && !fromTree.startsWith(`..${sep}`));
  return { target, kind: stats ? kindOf(stats) : undefined, inside };
}
