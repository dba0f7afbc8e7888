// Path arithmetic for a walk's files and a page tree. Every path is '/'-separated and relative to the working
// folder; a folder is written with a trailing '/' so a folder and a file of the same name never share a key, and the
// working folder itself is ''.

/** A folder path as a key: '' for the working folder, else with exactly one trailing '/'. '.' counts as ''. */
export function folderKey(folder: string): string {
  const trimmed = folder.replace(/\/+$/, '');
  return trimmed === '' || trimmed === '.' ? '' : `${trimmed}/`;
}

export function isFolderPath(path: string): boolean {
  return path.endsWith('/');
}

/** The folder holding a file or folder, as a key: 'a/b/c.md' and 'a/b/c/' are both in 'a/b/'. */
export function parentFolderOf(path: string): string {
  const slash = lastSlashBefore(path, plainEnd(path));
  return slash === -1 ? '' : path.slice(0, slash + 1);
}

/** The last segment: a file's name, or a folder's name without its '/'. */
export function nameOf(path: string): string {
  const end = plainEnd(path);
  return path.slice(lastSlashBefore(path, end) + 1, end);
}

// Indexes rather than a copy without the trailing '/' made by a regular expression: a tree plan asks for the folder
// and name of every path several times.

/** Where the path ends without its one trailing '/', if it has one. */
function plainEnd(path: string): number {
  return path.endsWith('/') ? path.length - 1 : path.length;
}

/** The last '/' before `end`; -1 when there is none. */
function lastSlashBefore(path: string, end: number): number {
  // lastIndexOf takes a negative start as 0, which would look at the first character.
  return end === 0 ? -1 : path.lastIndexOf('/', end - 1);
}

/** Whether `path` lies strictly below the folder `root` (a key from folderKey). */
export function isBelow(path: string, root: string): boolean {
  return path.startsWith(root) && path.length > root.length;
}

/**
 * The folders (keys ending in '/') that hold any of these paths, a folder path holding itself: every path a key
 * starts, looked up at once rather than each recorded folder against every path.
 */
export function foldersHolding(paths: readonly string[]): Set<string> {
  const folders = new Set<string>();
  for (const path of paths) {
    for (let end = path.indexOf('/'); end !== -1; end = path.indexOf('/', end + 1)) folders.add(path.slice(0, end + 1));
  }
  return folders;
}

/** Whether `path` is one of `folders` (keys ending in '/') or below one. */
export function isBelowAny(path: string, folders: ReadonlySet<string>): boolean {
  for (let end = path.indexOf('/'); end !== -1; end = path.indexOf('/', end + 1)) if (folders.has(path.slice(0, end + 1))) return true;
  return false;
}
