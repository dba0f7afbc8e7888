// The page manifest on a plain Node file system, for the command line and the tests. The file is replaced atomically
// (a temporary file in the same folder, renamed over it, as the --state file is), so a killed run never leaves half a
// manifest in a repository where a teammate would commit it.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import type { ManifestFilePort } from './manifest';

export const nodeManifestFiles: ManifestFilePort = {
  async read(path) {
    try {
      // Synchronously, as the walk reads: a tree's manifest is read once, before anything else can run, and the
      // thread pool's round trips (two for a manifest of 10,000 pages) were time spent waiting.
      return readFileSync(path, 'utf8');
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
