// .gitignore rules for a folder walk, as git applies them: every .gitignore from the repository root (the nearest
// folder holding .git) down to the folder being looked at, each matching paths relative to its own folder, a deeper
// file overriding a higher one (so `!keep.md` below re-includes). Outside a repository only the walked folder's own
// .gitignore files count. .git/info/exclude and the global excludes file are not read.
import { readFile, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';

interface Layer {
  folder: string;
  matcher: Ignore;
}

export class GitignoreRules {
  private constructor(private readonly layers: readonly Layer[]) {}

  /** The rules in force for `folder`: its ancestors' .gitignore files up to the repository root, and its own. */
  static async forFolder(folder: string): Promise<GitignoreRules> {
    const root = await repositoryRoot(folder);
    const chain: string[] = [];
    for (let current = folder; ; current = dirname(current)) {
      chain.unshift(current);
      if (current === root || root === undefined || dirname(current) === current) break;
    }
    let rules = new GitignoreRules([]);
    for (const each of chain) rules = await rules.enter(each);
    return rules;
  }

  /** The rules for a subfolder: these plus the subfolder's own .gitignore, if it has one. */
  async enter(folder: string): Promise<GitignoreRules> {
    let text: string;
    try {
      text = await readFile(join(folder, '.gitignore'), 'utf8');
    } catch {
      return this;
    }
    return new GitignoreRules([...this.layers, { folder, matcher: ignore().add(text) }]);
  }

  ignores(path: string, isFolder: boolean): boolean {
    let ignored = false;
    for (const layer of this.layers) {
      const rel = relative(layer.folder, path);
      if (rel === '' || rel.startsWith('..')) continue;
      const posix = rel.split(sep).join('/');
      const result = layer.matcher.test(isFolder ? `${posix}/` : posix);
      if (result.ignored) ignored = true;
      else if (result.unignored) ignored = false;
    }
    return ignored;
  }
}

async function repositoryRoot(folder: string): Promise<string | undefined> {
  for (let current = folder; ; current = dirname(current)) {
    try {
      await stat(join(current, '.git'));
      return current;
    } catch {
      // not here; look further up
    }
    if (dirname(current) === current) return undefined;
  }
}
