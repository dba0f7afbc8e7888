// The page manifest on disk for the command line: read as UTF-8, replaced atomically (a temporary file in the same
// folder, renamed over the old one), so a killed run never leaves half a manifest in the repository.
import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import type { ManifestPort } from '../core/tree/pageManifest';

export const nodeManifestPort: ManifestPort = {
  async read(path) {
    try {
      return await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  },
  async write(path, text) {
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
