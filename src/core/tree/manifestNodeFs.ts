// The page manifest on a plain Node file system, for the command line and the tests. It is read as the walk reads a
// repository's files (a link is not followed, only a regular file is read) and written through the working tree's one
// writer (core/writes/treeWrites.ts): inside the working tree, never through a link, replaced atomically, so a killed
// run never leaves half a manifest in a repository where a teammate would commit it.
import { closeSync, lstatSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { openRegularFileSync } from '../walk/regularFile';
import { NotARegularFile } from '../walk/walkFs';
import { writeFileInTree } from '../writes/treeWrites';
import type { ManifestFilePort } from './manifest';
import type { RepositoryLinksPort } from './repositoryLinks';

/** Reads a manifest: its text, undefined when there is none; a link or anything but a regular file is refused. */
export const nodeManifestReader: RepositoryLinksPort = {
  async read(path) {
    try {
      // As the walk reads a repository's files: a link is not followed and only a regular file is read. A pull request
      // controls the repository, and a manifest that is a link to a file outside it (a key, /proc/self/environ) was
      // read, and its first characters quoted in CI's log by the "not valid JSON" refusal. lstat first: Windows has no
      // O_NOFOLLOW. Synchronously, as the walk reads: a tree's manifest is read once, before anything else can run.
      // The store words the refusal (NotARegularFile.why) in the user's language.
      if (lstatSync(path).isSymbolicLink()) throw new NotARegularFile('link');
      const { fd } = openRegularFileSync(path);
      try {
        return readFileSync(fd, 'utf8');
      } finally {
        closeSync(fd);
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  },
};

/** The manifest port of a run whose working tree is `workingTree` (absolute): it writes only inside it. */
export function nodeManifestFiles(workingTree: string): ManifestFilePort {
  return {
    read: nodeManifestReader.read,
    write: (path, text) => writeFileInTree(workingTree, resolve(path), text),
  };
}

/**
 * The manifest key of a file (or, with `folder`, a folder page) for the manifest at `manifestPath`: relative to its
 * folder and '/'-separated on every platform, so a key written on Windows is found on Linux CI. Undefined outside it.
 */
export function manifestKeyOf(manifestPath: string, path: string, kind: 'file' | 'folder' = 'file'): string | undefined {
  const inside = relative(dirname(resolve(manifestPath)), resolve(path));
  if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) return undefined;
  const key = inside.split(sep).join('/');
  return kind === 'folder' ? `${key}/` : key;
}
