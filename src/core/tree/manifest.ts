// Page identity in the repository (issue 14, section 1): the store over a folder's .wiki-pages.json. Each page ID is
// written the moment it is recorded, so a run killed half-way leaves every landed page in the file and the next run
// (or a teammate's clone) updates those pages instead of creating them again. Identity only: versions, hashes and the
// edit guard's memory are per person and stay in the link stores (src/core/links). The reasons: CONTRIBUTING.md.
import { englishManifestMessages, type ManifestMessages } from '../messages/manifestMessages';
import { CoalescingWriter } from '../util/coalescingWriter';
import { isNotARegularFile } from '../walk/walkFs';
import {
  entryLocator,
  manifestKeyProblem,
  keyNamesNoPage,
  PAGE_KEY_EXTENSIONS,
  parseManifest,
  serializeManifest,
  type ManifestEntry,
  type ManifestRoot,
  type PageManifest,
} from './manifestFormat';

export * from './manifestFormat';

/** The file system as the store needs it: the node:fs port for the command line, workspace.fs in the editor. */
export interface ManifestFilePort {
  /**
   * The file's text, or undefined when it does not exist. A symbolic link or anything but a regular file is refused by
   * throwing NotARegularFile: a repository controls the manifest, and a link would read a file from outside it.
   */
  read(path: string): Promise<string | undefined>;
  /** Replaces the file atomically: a reader sees the old text or the new, never a part. */
  write(path: string, text: string): Promise<void>;
}

export interface ManifestStoreOptions {
  /** False when a setting or flag turned recording off: changes are kept in memory and reported, never written. */
  readonly writing: boolean;
  /** The refusals' words: the editor's catalogue speaks the user's language; English when not given. */
  readonly messages?: ManifestMessages;
  /**
   * How the refusals name the file (the editor's workspace-relative path): a collapsed notification shows only its
   * start, which a file:// URI filled. The path it is read at when not given.
   */
  readonly label?: string;
}

/** One difference between the file and the store, for "N page IDs were not recorded because writing is off". */
export type ManifestChange =
  | { readonly kind: 'added'; readonly path: string; readonly entry: ManifestEntry }
  | { readonly kind: 'changed'; readonly path: string; readonly entry: ManifestEntry; readonly previous: ManifestEntry }
  | { readonly kind: 'removed'; readonly path: string; readonly previous: ManifestEntry }
  | { readonly kind: 'root'; readonly root: ManifestRoot; readonly previous: ManifestRoot | undefined };

export type ManifestOpening = { ok: true; store: ManifestStore } | { ok: false; message: string };

export class ManifestStore {
  private root: ManifestRoot | undefined;
  private pages: ReadonlyMap<string, ManifestEntry>;
  /**
   * The store's own copy of the pages, once it changed one: until then `pages` is the map read from the file (onDisk's),
   * not copied when opened, since most runs only read it (a dry run, an unchanged tree) and a manifest of 10,000 pages
   * took a while to copy.
   */
  private ownedPages: Map<string, ManifestEntry> | undefined;
  /** Which key holds each ID in ownedPages, made with it: record() finds the key an ID is taken from without a scan. */
  private keyOfId: Map<string, string> | undefined;
  /** The manifest as the file holds it (as read, then as last written): what pendingChanges compares against. */
  private onDisk: PageManifest;
  /** onDisk as serializeManifest writes it, once asked (the last write's text): each write compares its text to it. */
  private onDiskText: string | undefined;
  private dirty = false;
  /** The file's text as read, for the lines of its entries (locate); undefined for a file that was not there. */
  private readonly text: string | undefined;
  /** The pages as read from `text`, which may know their lines in it (entryLocator). */
  private readonly pagesRead: PageManifest['pages'];
  private locator: ((key: string) => string) | undefined;
  /** What reading set aside (PageManifest.setAside), each said: a later write leaves those entries out. */
  readonly setAside: readonly string[];
  /** Each write replaces the file with the whole manifest as it is then. */
  private readonly writer = new CoalescingWriter(() => this.write());

  constructor(
    private readonly port: ManifestFilePort,
    readonly path: string,
    manifest: PageManifest,
    private readonly options: ManifestStoreOptions,
  ) {
    this.text = manifest.text;
    this.pagesRead = manifest.pages;
    this.setAside = manifest.setAside ?? [];
    this.root = manifest.root;
    // Kept as given, not copied: the store only reads it until a change (ownPages), and replaces it after a write.
    this.pages = manifest.pages;
    this.onDisk = manifest;
  }

  /** Reads the manifest at `path`; a missing file is an empty manifest, a malformed one is refused, never emptied. */
  static async open(port: ManifestFilePort, path: string, options: ManifestStoreOptions): Promise<ManifestOpening> {
    const name = options.label ?? path;
    let text: string | undefined;
    try {
      text = await port.read(path);
    } catch (error) {
      if (isNotARegularFile(error)) return { ok: false, message: (options.messages ?? englishManifestMessages).notRegularFile(name, error.why) };
      return { ok: false, message: (options.messages ?? englishManifestMessages).cannotRead(name, error instanceof Error ? error.message : String(error)) };
    }
    if (text === undefined) return { ok: true, store: new ManifestStore(port, path, { root: undefined, pages: new Map() }, options) };
    const parsed = parseManifest(text, name, options.messages);
    return parsed.ok ? { ok: true, store: new ManifestStore(port, path, parsed.manifest, options) } : parsed;
  }

  /** How refusals name this file: the label given, else its path. */
  get label(): string {
    return this.options.label ?? this.path;
  }

  /** Where the file as read writes the entry `key` (`docs/.wiki-pages.json:7`): the file's name alone when it does not. */
  locate(key: string): string {
    if (this.text === undefined) return this.label;
    this.locator ??= entryLocator(this.text, this.label, this.pagesRead);
    return this.locator(key);
  }

  private get messages(): ManifestMessages {
    return this.options.messages ?? englishManifestMessages;
  }

  get writing(): boolean {
    return this.options.writing;
  }

  get(relPath: string): ManifestEntry | undefined {
    return this.pages.get(relPath);
  }

  /** Every entry, sorted by key as in the file; the caller's own array of its own pairs. */
  entries(): ReadonlyArray<[string, ManifestEntry]> {
    const pairs = [...this.pages];
    // A manifest read from its file is in key order already (the file is written sorted): sorted only once a run
    // recorded pages, which come after. Planning asks for the entries of 10,000 pages more than once.
    for (let index = 1; index < pairs.length; index++) {
      if ((pairs[index - 1] as [string, ManifestEntry])[0] > (pairs[index] as [string, ManifestEntry])[0]) return pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    }
    return pairs;
  }

  /** The space and parent page the folder maps to, once recorded. */
  rootTarget(): ManifestRoot | undefined {
    return this.root;
  }

  /** The manifest as it stands in memory (written or not). */
  snapshot(): PageManifest {
    return { root: this.root, pages: new Map(this.pages) };
  }

  /** Records where the tree hangs, and writes it at once. */
  setRootTarget(root: ManifestRoot): Promise<void> {
    if (!root.space.trim() || !/^\d+$/.test(root.parent)) return Promise.reject(new Error(this.messages.notARootTarget(JSON.stringify(root))));
    this.root = { space: root.space, parent: root.parent };
    return this.changed();
  }

  /** Records a page's ID and writes it at once (coalesced with other records while a write is out). */
  record(relPath: string, entry: ManifestEntry): Promise<void> {
    const problem = manifestKeyProblem(relPath, this.messages) ?? (keyNamesNoPage(relPath) ? this.messages.keyNotAPage(PAGE_KEY_EXTENSIONS) : undefined) ?? (/^\d+$/.test(entry.id) ? undefined : this.messages.idNotDigits(JSON.stringify(entry.id)));
    if (problem) return Promise.reject(new Error(this.messages.cannotRecord(relPath, problem)));
    const pages = this.ownPages();
    const keyOfId = this.keyOfId as Map<string, string>;
    // A page is one key's, and reading refuses a file that records it twice: the key that held this ID (a file renamed,
    // or gone, whose page this one landed on) is dropped in the same write, never in a second one a kill could miss.
    const holder = keyOfId.get(entry.id);
    if (holder !== undefined && holder !== relPath) pages.delete(holder);
    const previous = pages.get(relPath);
    if (previous !== undefined && keyOfId.get(previous.id) === relPath) keyOfId.delete(previous.id);
    pages.set(relPath, { id: entry.id, title: entry.title });
    keyOfId.set(entry.id, relPath);
    return this.changed();
  }

  /** Drops a page's entry (its file is gone, or the page was deleted) and writes at once. */
  forget(relPath: string): Promise<void> {
    const previous = this.pages.get(relPath);
    if (previous === undefined) return Promise.resolve();
    this.ownPages().delete(relPath);
    if (this.keyOfId?.get(previous.id) === relPath) this.keyOfId.delete(previous.id);
    return this.changed();
  }

  /** What the store holds that the file does not: everything changed since reading while writing is off. */
  pendingChanges(): ReadonlyArray<ManifestChange> {
    const changes: ManifestChange[] = [];
    const before = this.onDisk;
    if (this.root && !sameRoot(this.root, before.root)) changes.push({ kind: 'root', root: this.root, previous: before.root });
    for (const [path, entry] of this.entries()) {
      const previous = before.pages.get(path);
      if (!previous) changes.push({ kind: 'added', path, entry });
      else if (previous.id !== entry.id || previous.title !== entry.title) changes.push({ kind: 'changed', path, entry, previous });
    }
    for (const [path, previous] of before.pages) if (!this.pages.has(path)) changes.push({ kind: 'removed', path, previous });
    return changes;
  }

  /** Resolves when every write asked for so far is done (rejects when the last of them failed). */
  settled(): Promise<void> {
    return this.writer.settled();
  }

  /** The pages to change: the store's own copy (ownedPages), made at the first change. */
  private ownPages(): Map<string, ManifestEntry> {
    if (this.ownedPages === undefined) {
      this.ownedPages = new Map(this.pages);
      this.pages = this.ownedPages;
      this.keyOfId = new Map();
      for (const [key, entry] of this.ownedPages) this.keyOfId.set(entry.id, key);
    }
    return this.ownedPages;
  }

  private changed(): Promise<void> {
    this.dirty = true;
    return this.options.writing ? this.writer.request() : Promise.resolve();
  }

  private async write(): Promise<void> {
    if (!this.dirty) return;
    // Clean from the moment the text is taken: a change made while this write is out marks it dirty again.
    this.dirty = false;
    const manifest = this.snapshot();
    const text = serializeManifest(manifest);
    // A record of what the file already says (a re-run) leaves the file, and its modification time, alone.
    this.onDiskText ??= serializeManifest(this.onDisk);
    if (text === this.onDiskText) return;
    try {
      await this.port.write(this.path, text);
      this.onDisk = manifest;
      this.onDiskText = text;
    } catch (error) {
      this.dirty = true;
      throw error;
    }
  }
}

function sameRoot(a: ManifestRoot, b: ManifestRoot | undefined): boolean {
  return b !== undefined && a.space === b.space && a.parent === b.parent;
}
