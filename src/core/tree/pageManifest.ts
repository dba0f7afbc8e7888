// The page tree's view of the manifest (manifest.ts): what planning and sending a tree ask of the repository's page
// identity. The root target (the space and parent page the folder maps to) is recorded with the first page, so a
// dry run or a cancelled run leaves no manifest behind; --retarget starts a new tree elsewhere; the summary counts
// what was written ("commit it") or, with writing off, what was not.
import { ManifestStore, type ManifestEntry, type ManifestFilePort, type ManifestRoot, type ManifestStoreOptions } from './manifest';
import { manifestReader, nearestManifest, type ManifestAncestor } from './repositoryLinks';

export type { ManifestEntry, ManifestRoot };
export type ManifestPort = ManifestFilePort;

export type ManifestOpening = { ok: true; store: TreeManifest } | { ok: false; message: string };

export async function openManifest(port: ManifestPort, location: string, options: ManifestStoreOptions): Promise<ManifestOpening> {
  const opened = await ManifestStore.open(port, location, options);
  return opened.ok ? { ok: true, store: new TreeManifest(opened.store) } : opened;
}

/**
 * The manifest a tree published from the folder whose own manifest is `own` reads and records in. Its own, when the
 * folder has one. Else a folder of a tree published from further up (a teammate publishes `docs/guide` of the `docs`
 * tree CI publishes): when the nearest manifest above (nearestManifest, over the front end's `ancestors`) records the
 * folder's page, and that page is where this run hangs the tree (`wanted`, or nothing asked), the tree is that
 * manifest's part below it. Its pages are then updated through the edit guard, and new ones recorded there, instead of
 * meeting "already exists" under the folder's page. A manifest above that records the folder elsewhere, or not at all,
 * or cannot be read, is another tree's: the folder gets its own, as before. `labelOf` names a manifest in messages.
 */
export async function openTreeManifest(
  port: ManifestPort, own: string, ancestors: readonly ManifestAncestor[], options: ManifestStoreOptions, wanted: { space?: string; parent?: string },
  labelOf?: (location: string) => string,
): Promise<ManifestOpening> {
  const labelled = (location: string): ManifestStoreOptions => (labelOf ? { ...options, label: labelOf(location) } : options);
  const opened = await openManifest(port, own, labelled(own));
  if (!opened.ok || opened.store.holdsRecords()) return opened;
  const nearest = await nearestManifest(ancestors.filter((ancestor) => ancestor.relativePath !== ''), manifestReader(port));
  if (nearest === undefined || 'problem' in nearest) return opened;
  const { ancestor, manifest } = nearest;
  const key = ancestor.relativePath;
  const page = manifest.pages.get(key);
  const root = manifest.root;
  if (root === undefined || page === undefined || (wanted.space ?? root.space) !== root.space || (wanted.parent ?? page.id) !== page.id) return opened;
  const store = new ManifestStore(port, ancestor.manifestLocation, manifest, labelled(ancestor.manifestLocation));
  return { ok: true, store: new TreeManifest(store, { key, root: { space: root.space, parent: page.id } }) };
}

export class TreeManifest {
  private root: ManifestRoot | undefined;
  /**
   * The keys of the file this run recorded or dropped while writing is on: each counts as written once the file holds
   * it (recordedCount), so a write that failed is never counted as done.
   */
  private readonly touched = new Set<string>();
  /**
   * A new tree elsewhere (--retarget) whose first page has not been recorded yet: the recorded pages are no longer this
   * run's, but the file keeps them until a page of the new tree lands, so a run refused or stopped before that leaves
   * the repository's record of the old tree as it was.
   */
  private replacing = false;

  /**
   * The part of a manifest further up (openTreeManifest): the published folder's key there, which every key of this
   * tree is prefixed with in that file, and the folder's recorded page, where this tree hangs. Undefined for a
   * folder's own manifest.
   */
  private readonly part: { key: string; root: ManifestRoot } | undefined;

  constructor(private readonly store: ManifestStore, part?: { key: string; root: ManifestRoot }) {
    this.part = part;
  }

  /** The file's entries no walk can give, set aside as read (PageManifest.setAside): each to be said, none used. */
  get setAside(): readonly string[] {
    return this.store.setAside;
  }

  /** The manifest file this tree reads and records in: its folder's own, or the one further up it is part of. */
  get location(): string {
    return this.store.path;
  }

  /** The published folder's key in a manifest further up (openTreeManifest); undefined in its own. */
  get partKey(): string | undefined {
    return this.part?.key;
  }

  /** Whether the file records anything: a folder with none may be part of a tree published from further up. */
  holdsRecords(): boolean {
    return this.store.rootTarget() !== undefined || this.store.entries().length > 0;
  }

  /** Where the tree hangs, as the repository records it. */
  rootTarget(): ManifestRoot | undefined {
    return this.part?.root ?? this.store.rootTarget();
  }

  get(key: string): ManifestEntry | undefined {
    if (this.replacing) return undefined;
    // The folder's own key in the file further up is the page the tree hangs under, never one of its pages.
    return this.part === undefined ? this.store.get(key) : key === '' ? undefined : this.store.get(`${this.part.key}${key}`);
  }

  /** Where the file writes the entry of `key` (`docs/.wiki-pages.json:7`), for the refusals that name it. */
  locate(key: string): string {
    return this.store.locate(this.fileKey(key));
  }

  entries(): ReadonlyArray<[string, ManifestEntry]> {
    if (this.replacing) return [];
    const part = this.part;
    if (part === undefined) return this.store.entries();
    const below: Array<[string, ManifestEntry]> = [];
    for (const [key, entry] of this.store.entries()) if (key.startsWith(part.key) && key !== part.key) below.push([key.slice(part.key.length), entry]);
    return below;
  }

  /** This manifest for a run under `root`; the root is written with the first page recorded. */
  withRoot(root: ManifestRoot): TreeManifest {
    this.root = root;
    return this;
  }

  /**
   * A new tree elsewhere (--retarget): the recorded pages stay on the wiki but no longer belong to this folder. They
   * are dropped from the file with the first page of the new tree recorded, not before (replacing).
   */
  async emptied(root: ManifestRoot): Promise<TreeManifest> {
    this.replacing = true;
    this.root = root;
    return this;
  }

  async record(key: string, entry: ManifestEntry): Promise<void> {
    // The tree's parent page is never one of its pages, and a manifest that records it is refused when read
    // (manifestFormat.ts). A file whose front matter names that page's own place lands on it: its ID is not written.
    if (entry.id === (this.root ?? this.rootTarget())?.parent) return;
    if (this.replacing) {
      this.replacing = false;
      // Dropped and the first page recorded in one write: the store writes once its changes of this turn are made.
      const dropping = this.entries().map(([old]) => this.store.forget(this.fileKey(old)));
      await Promise.all([...dropping, this.record(key, entry)]);
      return;
    }
    // A part's root is its folder's page, recorded in the file further up; that file's own root stays as it is.
    const recorded = this.rootTarget();
    const rooting = this.part === undefined && this.root && (recorded?.space !== this.root.space || recorded.parent !== this.root.parent)
      ? this.store.setRootTarget(this.root) : undefined;
    // The entry is in the store whether or not the root's write succeeds: a file that cannot be written still lists
    // every page ID it was not given (pendingChanges), the first page's too. Both go in one write.
    if (this.store.writing) this.touched.add(this.fileKey(key));
    await Promise.all([rooting, this.store.record(this.fileKey(key), entry)]);
  }

  /** Drops a key: its page is recorded under another now (a file renamed in its folder; one that names its own page, renamed or moved). */
  async forget(key: string): Promise<void> {
    if (this.store.writing) this.touched.add(this.fileKey(key));
    await this.store.forget(this.fileKey(key));
  }

  /** A key of this tree as the file writes it. */
  private fileKey(key: string): string {
    return this.part === undefined ? key : `${this.part.key}${key}`;
  }

  /**
   * How many page IDs this run wrote, for the summary ("commit it"): those the file holds now, not those asked for, so
   * a file that could not be written (a folder the job's user cannot write in) is never said to record them.
   */
  recordedCount(): number {
    if (this.touched.size === 0) return 0;
    const unwritten = new Set(this.store.pendingChanges().flatMap((change) => (change.kind === 'root' ? [] : [change.path])));
    let written = 0;
    for (const key of this.touched) if (!unwritten.has(key)) written++;
    return written;
  }

  /**
   * The page IDs the file does not hold, by their keys in it: all this run learnt with writing off, or those its
   * writes could not put there.
   */
  pendingChanges(): ReadonlyArray<[string, ManifestEntry]> {
    return this.store.pendingChanges().flatMap((change) => (change.kind === 'added' || change.kind === 'changed' ? [[change.path, change.entry] as [string, ManifestEntry]] : []));
  }

  settled(): Promise<void> {
    return this.store.settled();
  }
}
