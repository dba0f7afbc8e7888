// A stand-in for vscode.workspace.fs over the real disk, reporting entry types exactly as VS Code's disk provider
// computes them (diskFileSystemProvider.toType): a link is SymbolicLink (64) plus what stat through it finds, Unknown
// (0) when it leads nowhere; anything neither file nor folder is Unknown. The editor's walk port runs on it in tests.
import type { Dirent, Stats } from 'node:fs';
import { lstat, readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** The parts of vscode.Uri the port uses, for file URIs. */
export class FakeUri {
  constructor(readonly path: string) {}
  with(change: { path: string }): FakeUri {
    return new FakeUri(change.path);
  }
  toString(): string {
    return `file://${encodeURI(this.path)}`;
  }
}

const typeOf = (entry: Dirent | Stats): number => (entry.isFile() ? 1 : entry.isDirectory() ? 2 : 0);

async function diskType(path: string, entry: Dirent | Stats): Promise<number> {
  if (!entry.isSymbolicLink()) return typeOf(entry);
  const target = await stat(path).catch(() => undefined);
  return (target ? typeOf(target) : 0) | 64;
}

export const diskFs = {
  async readDirectory(uri: FakeUri): Promise<Array<[string, number]>> {
    const entries = await readdir(uri.path, { withFileTypes: true });
    return Promise.all(entries.map(async (entry): Promise<[string, number]> => [entry.name, await diskType(join(uri.path, entry.name), entry)]));
  },
  async stat(uri: FakeUri): Promise<{ type: number }> {
    return { type: await diskType(uri.path, await lstat(uri.path)) }; // throws for a missing file, as FileSystemError.FileNotFound
  },
  readFile: async (uri: FakeUri): Promise<Uint8Array> => readFile(uri.path),
};
