// The file system a walk sees, as a small port: the command line passes node:fs (nodeWalkFs.ts), the editor
// vscode.workspace.fs (src/editor/publish/workspaceWalkFs.ts). A location is whatever the front end names things
// with (an absolute path, a URI); the walk only joins, climbs and compares them through this port, so both front
// ends apply the same rules to the same tree.

/** What an entry is itself: a symbolic link is 'symbolicLink' whatever it points at. 'other': a pipe, socket or device. */
export type EntryKind = 'file' | 'directory' | 'symbolicLink' | 'other';

/**
 * Thrown by a port asked to read a file that is a symbolic link ('link') or not a regular file ('notRegular': a pipe,
 * socket or device), for a caller that words the refusal itself (the page manifest's store, in the user's language).
 */
export class NotARegularFile extends Error {
  constructor(readonly why: 'link' | 'notRegular', message?: string) {
    super(message ?? why);
    this.name = 'NotARegularFile';
  }
}

/**
 * Whether an error is a NotARegularFile, told by its name and reason rather than instanceof: the editor's bundles
 * (the extension, its lazily loaded commands, the core they load on demand) each hold their own copy of the class, and
 * a port in one throws to a store in another.
 */
export function isNotARegularFile(error: unknown): error is NotARegularFile {
  if (!(error instanceof Error) || error.name !== 'NotARegularFile') return false;
  const why = (error as Partial<NotARegularFile>).why;
  return why === 'link' || why === 'notRegular';
}

export interface EntryType {
  kind: EntryKind;
  /** For a symbolic link, what it points at; undefined when the link leads nowhere (or the port cannot tell). */
  linkTo?: EntryKind;
}

export interface DirEntry extends EntryType {
  name: string;
}

/** Where a symbolic link named explicitly leads, as far as the front end can tell. */
export interface LinkTarget<L> {
  /** The resolved location, with no link left in it: what is read or walked instead of the link. */
  target: L;
  /** undefined: the link leads nowhere. */
  kind: EntryKind | undefined;
  /** Whether the target lies inside the working tree (the repository holding the working folder, else that folder). */
  inside: boolean;
}

export interface WalkFs<L> {
  /** A folder's entries, each as what it is itself; never follows a link. Throws when the folder cannot be listed. */
  list(folder: L): Promise<DirEntry[]>;
  /** What is at a location, without following a link there; undefined when nothing is. */
  type(location: L): Promise<EntryType | undefined>;
  /** A regular file's bytes. The command line's port refuses anything else even if the entry changed since it was listed. */
  read(file: L): Promise<Uint8Array>;
  /**
   * The same read, synchronously, with the same refusals: a port over a local disk offers it, since reading thousands
   * of small files through the thread pool costs more than reading them (the command line's walk). Absent for a
   * remote file system (the editor's), which is read asynchronously. The bytes may be a view of a buffer the next
   * readSync reuses: decode them before reading again.
   */
  readSync?(file: L): Uint8Array;
  /**
   * A port with readSync may also offer the text of a file that needs no decision: read and decoded as UTF-8 in one
   * step, undefined whenever anything is unusual (empty, a byte order mark, a byte that is not UTF-8 or is NUL, a read
   * that failed), and the caller then reads the bytes with readSync and decodes them strictly, with its refusals. Most
   * files of a tree are plain UTF-8, and this read costs half of reading the bytes and decoding them apart.
   */
  readPlainTextSync?(file: L): string | undefined;
  /**
   * A port with readSync may also read a file's bytes a piece at a time, with the same refusals, handing each piece to
   * `take` before it reads the next into the same buffer, and stopping when `take` says false: a large file is then
   * checked against the text it was read as (sources.ts) without a second copy of it in memory.
   */
  readPiecesSync?(file: L, take: (piece: Uint8Array) => boolean): void;
  child(folder: L, name: string): L;
  /** The folder holding a location; undefined at the top. */
  parent(location: L): L | undefined;
  /** The last segment of a location's name. */
  baseName(location: L): string;
  /** What identifies a file to the link store (a path, a URI string). */
  key(location: L): string;
  /** How people know a file: a '/'-separated path relative to the working folder or workspace. */
  label(location: L): string;
  /**
   * Resolves a link named explicitly (a command-line argument, an Explorer selection). Absent, or undefined for a
   * location, when the front end cannot resolve links safely: such a link is refused like any other.
   */
  followLink?(location: L): Promise<LinkTarget<L> | undefined>;
  /**
   * Whether a location is the top of a working tree (the command line's repository, else its working folder; a
   * workspace folder). The folders between it and a location named below it are checked for links like the location
   * itself; the top may be a link (a project opened through one). Absent: no location is checked on the way.
   */
  isTreeTop?(location: L): boolean;
}
