// A path in a folder, looked up one name at a time through the walk's port, as a link from a file names it (the
// links of a publish, fileLinks.ts; a tree's links to files it did not take, missingLinkFiles.ts).
import type { WalkFs } from './walkFs';

export type EntryFs<L> = Pick<WalkFs<L>, 'type' | 'child'>;

/** Nothing at all is at the path (as against a link or another kind of entry on the way): a link's typo or a file gone. */
export const ABSENT = Symbol('absent');

/**
 * The location of the regular file at `path` in `folder`, or of the folder when `path` ends in '/', reached through
 * folders only: undefined when something on the way is a symbolic link, or it is not of that kind, or it is not
 * there. A repository is untrusted.
 */
export async function entryAt<L>(fs: EntryFs<L>, folder: L, path: string): Promise<L | undefined> {
  const entry = await lookUpEntry(fs, folder, path);
  return entry === ABSENT ? undefined : entry;
}

/** entryAt, telling apart a path where nothing is (ABSENT) from one blocked by a link or an entry of another kind. */
export async function lookUpEntry<L>(fs: EntryFs<L>, folder: L, path: string): Promise<L | typeof ABSENT | undefined> {
  const kind = path.endsWith('/') ? 'directory' : 'file';
  const names = (kind === 'directory' ? path.slice(0, -1) : path).split('/');
  let location = folder;
  for (const [index, name] of names.entries()) {
    if (name === '' || name === '.' || name === '..' || name.includes('\\')) return undefined;
    location = fs.child(location, name);
    const type = await fs.type(location);
    if (type === undefined) return ABSENT;
    if (type.kind !== (index === names.length - 1 ? kind : 'directory')) return undefined;
  }
  return location;
}
