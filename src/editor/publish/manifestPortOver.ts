// The page manifest's port over the shape of vscode.workspace.fs, without importing vscode at run time (as the walk's
// port is), so a unit test drives it over node:fs with entry types reported as VS Code's disk provider reports them.
import type { ManifestFilePort } from '../../core/tree/manifest';
import { NotARegularFile } from '../../core/walk/walkFs';

// vscode.FileType's bit flags: a link is SymbolicLink | what it points at; a pipe or a device is Unknown (0).
const FILE = 1;
const SYMBOLIC_LINK = 64;

/** What this port needs of vscode.workspace.fs. */
export interface ManifestFsLike<U> {
  stat(uri: U): PromiseLike<{ type: number }>;
  readFile(uri: U): PromiseLike<Uint8Array>;
  writeFile(uri: U, content: Uint8Array): PromiseLike<void>;
}

export function manifestPortOver<U>(fs: ManifestFsLike<U>, parse: (location: string) => U, isNotFound: (error: unknown) => boolean): ManifestFilePort {
  return {
    async read(location) {
      const uri = parse(location);
      try {
        // As the walk reads a repository's files: a link is not followed and only a regular file is read. A pull
        // request controls the repository; a manifest that is a link would read (and a publish would then write) a
        // file outside it. workspace.fs has no read that refuses a link, so the entry is looked at first.
        const { type } = await fs.stat(uri);
        if ((type & SYMBOLIC_LINK) !== 0) throw new NotARegularFile('link');
        if ((type & FILE) === 0) throw new NotARegularFile('notRegular');
        return new TextDecoder('utf-8', { fatal: true }).decode(await fs.readFile(uri));
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    async write(location, text) {
      await fs.writeFile(parse(location), new TextEncoder().encode(text));
    },
  };
}
