// .gitignore rules for a folder walk, as git applies them: every .gitignore from the repository root (the nearest
// folder holding .git) down to the folder being looked at, each matching paths relative to its own folder, a deeper
// file overriding a higher one (so `!keep.md` below re-includes). Outside a repository only the walked folder's own
// .gitignore files count. .git/info/exclude and the global excludes file are not read. Patterns match with case, as
// git's do by default, unless the repository's own .git/config sets core.ignorecase (git writes it when it clones onto
// a case-insensitive disk: macOS, Windows); a worktree's or submodule's config (.git is a file) and the user's global
// config are not read. Everything goes through the walk's port, so the editor and the command line read the same files
// the same way. The lines are read by core/pattern's parseGitignore and matched by its linearWildmatch.ts: the
// automaton could take a line's length times the path's for one match, and 2,000 lines of `*a*a*…*z*` against 50
// files with long names kept a walk busy for two minutes; linearWildmatch.ts places each part of a line once, in work
// about the path's length, however many stars the line holds. No cap on the number of lines: a line past a cap could
// not simply be dropped (the walk would publish what git ignores), and a .gitignore costs a walk its lines times the
// entries below it, as it costs git.
import { parseGitignore, type IgnoreLine } from '../pattern/gitignorePattern';
import { Subject } from '../pattern/compiled';
import { compileWildmatch } from '../pattern/linearWildmatch';
import type { RefusedPattern } from '../pattern/refusedPattern';
import type { WalkFs } from './walkFs';

/** A path as the walk knows it: its segments below the topmost folder whose .gitignore counts. */
export type Segments = readonly string[];

/**
 * What the rules say of an entry: true, ignored; false, not; a refused pattern: a line the matcher would not take
 * (too long) could decide it, so it cannot be told, and a file there is refused rather than published or left out.
 */
export type IgnoreVerdict = boolean | RefusedPattern;

interface Layer {
  /** How many segments the .gitignore's own folder has. */
  depth: number;
  /** The .gitignore as the person knows it (its label), for a refusal to name. */
  file: string;
  lines: readonly IgnoreLine[];
}

export class GitignoreRules {
  private constructor(
    private readonly layers: readonly Layer[],
    private readonly ignoreCase: boolean,
    /** Why nothing below can be taken: a folder on the way could be ignored by a refused line. */
    private readonly held?: RefusedPattern,
    /** A folder on the way is ignored (a folder named explicitly inside an ignored one): so is everything below it. */
    private readonly ignoredAbove = false,
  ) {}

  /** The rules in force for `folder`, and the folder's segments below the topmost folder they were read from. */
  static async forFolder<L>(fs: WalkFs<L>, folder: L): Promise<{ rules: GitignoreRules; segments: Segments }> {
    const root = await repositoryRoot(fs, folder);
    const chain = root === undefined ? [folder] : foldersFrom(fs, root, folder);
    let rules = new GitignoreRules([], root !== undefined && (await repositoryIgnoresCase(fs, root)));
    const segments: string[] = [];
    for (const [index, each] of chain.entries()) {
      if (index > 0) {
        segments.push(fs.baseName(each));
        // git never looks inside an ignored folder, so naming one (or a folder in it) takes nothing git would not.
        rules = rules.below(rules.verdict(segments, true));
      }
      rules = await rules.enter(fs, each, segments);
    }
    return { rules, segments };
  }

  /** The rules for a subfolder: these plus the subfolder's own .gitignore, if it has one (a link to one does not count, as in git). */
  async enter<L>(fs: WalkFs<L>, folder: L, segments: Segments): Promise<GitignoreRules> {
    const file = fs.child(folder, '.gitignore');
    let text: string;
    try {
      if ((await fs.type(file))?.kind !== 'file') return this;
      text = new TextDecoder().decode(await fs.read(file));
    } catch {
      return this; // an unreadable .gitignore ignores nothing, as git treats it
    }
    const layer = { depth: segments.length, file: fs.label(file), lines: parseGitignore(text, this.ignoreCase, compileWildmatch) };
    return new GitignoreRules([...this.layers, layer], this.ignoreCase, this.held, this.ignoredAbove);
  }

  /** The rules below a folder of this verdict (one not ignored, or one whose verdict could not be told). */
  below(verdict: IgnoreVerdict): GitignoreRules {
    if (verdict === false || (verdict !== true && this.held)) return this;
    return new GitignoreRules(this.layers, this.ignoreCase, verdict === true ? this.held : verdict, this.ignoredAbove || verdict === true);
  }

  /**
   * Whether the entry at `segments` (below the same topmost folder) is ignored, as git decides it: the deepest
   * .gitignore's last matching line wins. A refused line that would win over that match (or, with none, over the
   * default) leaves it untold, unless it could only say the same: a refused `!line` over a file kept, a refused
   * ignoring line over a file ignored. A symbolic link counts as a file, as in git.
   */
  verdict(segments: Segments, isFolder: boolean): IgnoreVerdict {
    if (this.ignoredAbove) return true;
    const name = new Subject(segments[segments.length - 1] ?? '');
    let untoldIgnore: RefusedPattern | undefined;
    let untoldNegation: RefusedPattern | undefined;
    for (let layerIndex = this.layers.length - 1; layerIndex >= 0; layerIndex--) {
      const layer = this.layers[layerIndex] as Layer;
      if (segments.length <= layer.depth) continue;
      let below: Subject | undefined;
      for (let lineIndex = layer.lines.length - 1; lineIndex >= 0; lineIndex--) {
        const line = layer.lines[lineIndex] as IgnoreLine;
        if (line.foldersOnly && !isFolder) continue;
        if (line.refused) {
          if (line.negated) untoldNegation ??= { source: layer.file, line: line.line };
          else untoldIgnore ??= { source: layer.file, line: line.line };
          continue;
        }
        const subject = line.nameOnly ? name : (below ??= new Subject(segments.slice(layer.depth).join('/')));
        if (line.matches(subject)) return line.negated ? (untoldIgnore ?? this.held ?? false) : (untoldNegation ?? true);
      }
    }
    return untoldIgnore ?? this.held ?? false;
  }

  /**
   * Whether every path below the folder at `segments` (itself not ignored) is ignored: each entry of it, file or folder
   * whatever its name, is matched by an ignoring line whose match does not depend on the name (`data/*`, `data/**`,
   * `*`), with no negation, told or refused, that verdict would read first and that could bring one back. Then nothing
   * below could be taken, and a folder that cannot be listed (a docker volume's, another user's) holds nothing to publish.
   */
  ignoresEveryPathBelow(segments: Segments): boolean {
    if (this.ignoredAbove) return true;
    if (this.held) return false;
    const entry = [...segments, ANY_NAME];
    for (let layerIndex = this.layers.length - 1; layerIndex >= 0; layerIndex--) {
      const layer = this.layers[layerIndex] as Layer;
      if (entry.length <= layer.depth) continue;
      for (let lineIndex = layer.lines.length - 1; lineIndex >= 0; lineIndex--) {
        const line = layer.lines[lineIndex] as IgnoreLine;
        // Read before the line that ignores everything: it could keep an entry (a later `!keep.md`, or one that cannot be told).
        if (line.negated) return false;
        if (line.refused || line.foldersOnly || !line.anyName) continue;
        if (line.matches(new Subject(line.nameOnly ? ANY_NAME : entry.slice(layer.depth).join('/')))) return true;
      }
    }
    return false;
  }
}

/** A name standing for any entry's: asked only of lines whose match does not depend on it (IgnorePattern.anyName). */
const ANY_NAME = 'any-name';

/** Whether the repository's .git/config sets core.ignorecase; false when it does not or cannot be read. */
async function repositoryIgnoresCase<L>(fs: WalkFs<L>, root: L): Promise<boolean> {
  const config = fs.child(fs.child(root, '.git'), 'config');
  try {
    if ((await fs.type(config))?.kind !== 'file') return false;
    return setsIgnoreCase(new TextDecoder().decode(await fs.read(config)));
  } catch {
    return false;
  }
}

const SECTION = /^\[\s*([^\]]*?)\s*\]/;
const IGNORE_CASE = /^ignorecase\s*(?:=\s*(.*))?$/i;
const TRUE = /^(?:true|yes|on|1)$/i;

/** core.ignorecase as git reads a config file: names in any case, the last setting wins, a bare name means true. */
export function setsIgnoreCase(config: string): boolean {
  let inCore = false;
  let ignoreCase = false;
  for (const rawLine of config.split(/\r?\n/)) {
    const line = rawLine.replace(/[#;].*$/, '').trim();
    const section = SECTION.exec(line);
    if (section) inCore = (section[1] ?? '').toLowerCase() === 'core';
    const setting = inCore ? IGNORE_CASE.exec(section ? line.slice(section[0].length).trim() : line) : null;
    if (setting) ignoreCase = setting[1] === undefined || TRUE.test(setting[1].trim());
  }
  return ignoreCase;
}

/** The nearest folder at or above `folder` holding a `.git` entry (a folder, or a file in a worktree or submodule). */
export async function repositoryRoot<L>(fs: Pick<WalkFs<L>, 'type' | 'child' | 'parent'>, folder: L): Promise<L | undefined> {
  for (let current: L | undefined = folder; current !== undefined; current = fs.parent(current)) {
    if ((await fs.type(fs.child(current, '.git')).catch(() => undefined)) !== undefined) return current;
  }
  return undefined;
}

/**
 * The folder's path from the root of the repository it is in, '/'-separated: '' for the root itself, else ending in
 * '/' (`docs/guide/`); undefined outside a repository. What links written from the repository root are read against.
 */
export async function folderInRepository<L>(fs: Pick<WalkFs<L>, 'type' | 'child' | 'parent' | 'baseName' | 'key'>, folder: L): Promise<string | undefined> {
  const root = await repositoryRoot(fs, folder);
  return root === undefined ? undefined : foldersFrom(fs, root, folder).slice(1).map((each) => `${fs.baseName(each)}/`).join('');
}

/** The folders from `top` (an ancestor of `folder`, or `folder` itself) down to `folder`, both included. */
function foldersFrom<L>(fs: Pick<WalkFs<L>, 'parent' | 'key'>, top: L, folder: L): L[] {
  const chain: L[] = [folder];
  for (let current = folder; fs.key(current) !== fs.key(top); ) {
    const up = fs.parent(current);
    if (up === undefined) break;
    chain.unshift(up);
    current = up;
  }
  return chain;
}
