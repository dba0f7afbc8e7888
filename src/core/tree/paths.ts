// Path arithmetic for the page tree. Every path is '/'-separated and relative to the working folder; a folder is
// written with a trailing '/' so a folder and a file of the same name never share a key, and the working folder
// itself is ''.

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
  const plain = path.replace(/\/$/, '');
  const slash = plain.lastIndexOf('/');
  return slash === -1 ? '' : plain.slice(0, slash + 1);
}

/** The last segment: a file's name, or a folder's name without its '/'. */
export function nameOf(path: string): string {
  const plain = path.replace(/\/$/, '');
  return plain.slice(plain.lastIndexOf('/') + 1);
}

/** Whether `path` lies strictly below the folder `root` (a key from folderKey). */
export function isBelow(path: string, root: string): boolean {
  return path.startsWith(root) && path.length > root.length;
}
