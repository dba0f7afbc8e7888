// The one folder walk, for the editor's Explorer selection and the command line's arguments alike. It takes Markdown
// files by name (walkRules.ts), never goes into node_modules or dot-folders, honours .gitignore from the
// repository root down and the front end's own exclusions (the editor's files.exclude), and never follows a symbolic
// link: a walk that followed links could loop, or publish a file from outside the repository that a pull request
// linked in (docs/key.md -> ~/.ssh/id_rsa). What it will not take but a person would expect it to is listed as
// refused, with the reason, so that a plan shows it instead of silently leaving it out.
import { compareRelativePaths, isMarkdownFileName, isSkippedFolderName } from './walkRules';
import { GitignoreRules, type IgnoreVerdict, type Segments } from './gitignore';
import { englishWalkMessages, type WalkMessages } from '../messages/walkMessages';
import { MAX_PATTERN_LENGTH } from '../pattern/nfa';
import { isRefusedPattern, type RefusedPattern } from '../pattern/refusedPattern';
import type { DirEntry, EntryType, LinkTarget, WalkFs } from './walkFs';
import { describeError } from '../log/redact';

/** A selection of a whole disk is a mistake, not a plan: a walk stops after this many files (taken or refused). */
export const DEFAULT_MAX_FILES = 2000;

export interface WalkOptions<L> {
  fs: WalkFs<L>;
  /**
   * What the front end hides (the editor: files.exclude); such entries are skipped without a word. A refused pattern:
   * one the front end would not match could hide the entry, so a file there is refused, naming it.
   */
  exclude?: (location: L) => boolean | RefusedPattern;
  /**
   * Whether the front end's exclusions hide every entry of `folder`, whatever its name (a files.exclude glob ending in
   * `/*` or `/**` that names the folder):
   * asked only of a folder that cannot be listed, which then holds nothing to take. Not given: none known to.
   */
  excludesEverythingIn?: (folder: L) => boolean;
  maxFiles?: number;
  /** Checked between entries: a cancelled walk returns what it found so far. */
  isCancelled?: () => boolean;
  /** The words of refusals; English when not given. */
  messages?: WalkMessages;
}

export interface WalkedFile<L> {
  location: L;
  /** Where the bytes are read: the location itself, or the target of a link named explicitly. */
  readFrom: L;
  key: string;
  label: string;
}

export interface RefusedEntry {
  key: string;
  label: string;
  reason: string;
}

/** Named entries the walk neither took nor refused; the front end decides (a usage error, or skipping them). */
export interface NamedProblem {
  /** Index into the named locations. */
  index: number;
  problem: 'missing' | 'notMarkdown';
}

export interface WalkResult<L> {
  files: WalkedFile<L>[];
  refused: RefusedEntry[];
  /** True when the walk stopped at maxFiles. */
  truncated: boolean;
  problems: NamedProblem[];
}

/**
 * Walks what was named: folders recursively, files as they are. A file named explicitly is taken even when .gitignore
 * matches it; a link named explicitly, or on the way to a name, is followed only when the port resolves it to inside
 * the working tree.
 */
export async function walkSelection<L>(named: readonly L[], options: WalkOptions<L>): Promise<WalkResult<L>> {
  const walk = new Walk(options);
  for (const [index, location] of named.entries()) {
    if (walk.stopped()) break;
    await walk.named(location, index);
  }
  return walk.result();
}

/** Why a listing failed, short: the system's code (EACCES, EIO) where there is one, which names no absolute path. */
function listingError(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && /^[A-Z][A-Z0-9_]{1,31}$/.test(code) ? code : describeError(error);
}

class Walk<L> {
  private readonly fs: WalkFs<L>;
  private readonly maxFiles: number;
  private readonly files = new Map<string, WalkedFile<L>>();
  private readonly refused = new Map<string, RefusedEntry>();
  private readonly problems: NamedProblem[] = [];
  /** Folders on the way to a named location already found to be no link out: many names share them. */
  private readonly clearFolders = new Set<string>();
  private truncated = false;

  private readonly words: WalkMessages;

  constructor(private readonly options: WalkOptions<L>) {
    this.words = options.messages ?? englishWalkMessages;
    this.fs = options.fs;
    this.maxFiles = options.maxFiles ?? DEFAULT_MAX_FILES;
  }

  stopped(): boolean {
    return this.truncated || (this.options.isCancelled?.() ?? false);
  }

  result(): WalkResult<L> {
    return { files: [...this.files.values()], refused: [...this.refused.values()], truncated: this.truncated, problems: this.problems };
  }

  async named(location: L, index: number): Promise<void> {
    // First: a path through a link that leads out must not even tell whether a file is there.
    if (!(await this.wayIsClear(location))) return;
    const type = await this.fs.type(location).catch(() => undefined);
    if (!type) return this.problem(index, 'missing');
    const markdown = isMarkdownFileName(this.fs.baseName(location));
    if (type.kind === 'directory') return this.root(location);
    if (type.kind === 'symbolicLink') return this.namedLink(location, type, markdown, index);
    if (!markdown) return this.problem(index, 'notMarkdown');
    if (type.kind === 'file') this.take(location, location);
    else this.refuse(location, this.words.notRegular);
  }

  private async namedLink(location: L, type: EntryType, markdown: boolean, index: number): Promise<void> {
    const toFolder = type.linkTo === 'directory';
    if (!toFolder && !markdown) return this.problem(index, 'notMarkdown');
    const link = await this.fs.followLink?.(location).catch(() => undefined);
    const refusal = this.linkRefusal(link, toFolder);
    if (refusal || !link) return this.refuse(location, refusal ?? this.words.link);
    if (link.kind === 'directory') return this.root(link.target);
    if (link.kind !== 'file') return this.refuse(location, this.words.linkToNotRegular);
    if (markdown) this.take(location, link.target);
    else this.problem(index, 'notMarkdown');
  }

  /**
   * Whether every folder between the top of the working tree and a named location is a folder, or a link to a folder
   * inside the tree: naming docs/linkdir/secret.md must not reach what naming docs/linkdir may not. The first that is
   * not is refused under its own name, as if it had been named. A location below no top was named by the person
   * running the walk, not reached through the repository, so the folders above it (macOS's /tmp is a link) are not checked.
   */
  private async wayIsClear(location: L): Promise<boolean> {
    for (const folder of this.foldersOnTheWay(location)) {
      const key = this.fs.key(folder);
      if (this.clearFolders.has(key)) continue;
      const type = await this.fs.type(folder).catch(() => undefined);
      const refusal = type?.kind === 'symbolicLink' ? await this.linkOnTheWay(folder) : undefined;
      if (refusal) {
        this.refuse(folder, refusal);
        return false;
      }
      this.clearFolders.add(key);
    }
    return true;
  }

  /** The folders from just below the top of the working tree down to the location's own; none when no top is above it. */
  private foldersOnTheWay(location: L): L[] {
    if (!this.fs.isTreeTop || this.fs.isTreeTop(location)) return [];
    const way: L[] = [];
    for (let folder = this.fs.parent(location); folder !== undefined; folder = this.fs.parent(folder)) {
      if (this.fs.isTreeTop(folder)) return way.reverse();
      way.push(folder);
    }
    return [];
  }

  /** Why a link on the way to a named location is refused; undefined when it leads to a folder inside the tree. */
  private async linkOnTheWay(folder: L): Promise<((label: string) => string) | undefined> {
    const link = await this.fs.followLink?.(folder).catch(() => undefined);
    return this.linkRefusal(link, true) ?? (link?.kind === 'directory' ? undefined : this.words.linkToNotRegular);
  }

  /**
   * Why a followed link is refused whatever it leads to: the port could not follow it, it leads nowhere, or out of the
   * working tree. Undefined when it leads to something inside, which the caller judges.
   */
  private linkRefusal(link: LinkTarget<L> | undefined, toFolder: boolean): ((label: string) => string) | undefined {
    if (!link) return toFolder ? this.words.folderLink : this.words.link;
    if (link.kind === undefined) return this.words.linkNowhere;
    return link.inside ? undefined : this.words.linkOutside;
  }

  /** A folder named explicitly: walked even when it is a dot-folder, with the .gitignore files above it in force. */
  private async root(folder: L): Promise<void> {
    const { rules, segments } = await GitignoreRules.forFolder(this.fs, folder);
    await this.folder(folder, rules, segments);
  }

  private async folder(folder: L, rules: GitignoreRules, segments: Segments): Promise<void> {
    let entries: DirEntry[];
    try {
      entries = await this.fs.list(folder);
    } catch (error) {
      // A folder whose every entry the rules ignore (`data/*` for a docker volume's folder of another user) holds
      // nothing the walk could take: left out as its listing would have been, without a word.
      if (rules.ignoresEveryPathBelow(segments) || this.options.excludesEverythingIn?.(folder) === true) return;
      // Not a folder of nothing: a run that left it out without a word would publish part of the tree as all of it,
      // and take the pages recorded for its files as gone. Refused under its own name, so the plan shows it and fails.
      this.refuse(folder, (label) => this.words.unlistable(label, listingError(error)));
      return;
    }
    // In name order, so that a truncated walk keeps the same files every time.
    entries.sort((a, b) => compareRelativePaths(a.name, b.name));
    for (const entry of entries) {
      if (this.stopped()) return;
      const location = this.fs.child(folder, entry.name);
      const hidden = this.options.exclude?.(location) ?? false;
      if (hidden === true) continue;
      const walking = this.entry(location, entry, hidden === false ? rules : rules.below(hidden), [...segments, entry.name]);
      // Only a folder needs a turn (its .gitignore, its listing): a file is decided at once, not awaited 10,000 times.
      if (walking) await walking;
    }
  }

  /** Takes, refuses or leaves out an entry; a folder to walk comes back as the walk of it. */
  private entry(location: L, entry: DirEntry, rules: GitignoreRules, path: Segments): Promise<void> | undefined {
    const markdown = isMarkdownFileName(entry.name);
    switch (entry.kind) {
      case 'directory': {
        if (isSkippedFolderName(entry.name)) return undefined;
        const verdict = rules.verdict(path, true);
        if (verdict === true) return undefined;
        return this.subfolder(location, rules.below(verdict), path);
      }
      case 'symbolicLink': {
        const toFolder = entry.linkTo === 'directory';
        // git sees a link as a file; a pattern written for the folder it stands for hides it too. (Refused whatever
        // an untold verdict would be: it is a link.)
        if (rules.verdict(path, false) === true || (toFolder && rules.verdict(path, true) === true)) return;
        if (markdown) this.refuse(location, this.words.link);
        else if (toFolder && !isSkippedFolderName(entry.name)) this.refuse(location, this.words.folderLink);
        return;
      }
      case 'file':
        if (markdown) this.takeUnlessIgnored(location, rules.verdict(path, false));
        return;
      case 'other':
        if (markdown && rules.verdict(path, false) !== true) this.refuse(location, this.words.notRegular);
    }
    return undefined;
  }

  private takeUnlessIgnored(location: L, verdict: IgnoreVerdict): void {
    if (verdict === false) this.take(location, location);
    else if (isRefusedPattern(verdict)) this.refuse(location, (label) => this.words.patternRefused(label, verdict.source, verdict.line, MAX_PATTERN_LENGTH));
  }

  private async subfolder(location: L, rules: GitignoreRules, path: Segments): Promise<void> {
    await this.folder(location, await rules.enter(this.fs, location, path), path);
  }

  private take(location: L, readFrom: L): void {
    const key = this.fs.key(location);
    if (this.files.has(key)) return;
    // Named explicitly after a walk refused it (a link inside the tree): the explicit name wins. (Most walks refuse
    // nothing: no lookup then for each of their files.)
    const wasRefused = this.refused.size > 0 && this.refused.delete(key);
    if (!wasRefused && !this.room()) return;
    this.files.set(key, { location, readFrom, key, label: this.fs.label(location) });
  }

  private refuse(location: L, reason: (label: string) => string): void {
    const key = this.fs.key(location);
    if (this.files.has(key) || this.refused.has(key) || !this.room()) return;
    const label = this.fs.label(location);
    this.refused.set(key, { key, label, reason: reason(label) });
  }

  private problem(index: number, problem: NamedProblem['problem']): void {
    this.problems.push({ index, problem });
  }

  private room(): boolean {
    if (this.files.size + this.refused.size < this.maxFiles) return true;
    this.truncated = true;
    return false;
  }
}
