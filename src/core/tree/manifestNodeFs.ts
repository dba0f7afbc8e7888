// The page manifest on a plain Node file system, for the command line and the tests. The file is replaced atomically
// (a temporary file in the same folder, renamed over it, as the --state file is), so a killed run never leaves half a
// manifest in a repository where a teammate would commit it.
import { randomBytes } from 'node:crypto';
import { closeSync, lstatSync, readFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { openRegularFileSync } from '../walk/regularFile';
import { NotARegularFile } from '../walk/walkFs';
import type { ManifestFilePort } from './manifest';

export const nodeManifestFiles: ManifestFilePort = {
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
  async write(path, text) {
    // The same folder, so the rename never crosses file systems (which would make it a copy, not atomic).
    const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, text, 'utf8');
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  },
};

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
