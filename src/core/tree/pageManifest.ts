// The page tree's view of the manifest (manifest.ts): what planning and sending a tree ask of the repository's page
// identity. The root target (the space and parent page the folder maps to) is recorded with the first page, so a
// dry run or a cancelled run leaves no manifest behind; --retarget starts a new tree elsewhere; the summary counts
// what was written ("commit it") or, with writing off, what was not.
import { ManifestStore, type ManifestEntry, type ManifestFilePort, type ManifestRoot, type ManifestStoreOptions } from './manifest';

export type { ManifestEntry, ManifestRoot };
export type ManifestPort = ManifestFilePort;

export type ManifestOpening = { ok: true; store: TreeManifest } | { ok: false; message: string };

export async function openManifest(port: ManifestPort, location: string, options: ManifestStoreOptions): Promise<ManifestOpening> {
  const opened = await ManifestStore.open(port, location, options);
  return opened.ok ? { ok: true, store: new TreeManifest(opened.store) } : opened;
}

export class TreeManifest {
  private root: ManifestRoot | undefined;
  private written = 0;
  /**
   * A new tree elsewhere (--retarget) whose first page has not been recorded yet: the recorded pages are no longer this
   * run's, but the file keeps them until a page of the new tree lands, so a run refused or stopped before that leaves
   * the repository's record of the old tree as it was.
   */
  private replacing = false;

  constructor(private readonly store: ManifestStore) {}

  /** Where the tree hangs, as the repository records it. */
  rootTarget(): ManifestRoot | undefined {
    return this.store.rootTarget();
  }

  get(key: string): ManifestEntry | undefined {
    return this.replacing ? undefined : this.store.get(key);
  }

  entries(): ReadonlyArray<[string, ManifestEntry]> {
    return this.replacing ? [] : this.store.entries();
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
    if (entry.id === (this.root ?? this.store.rootTarget())?.parent) return;
    if (this.replacing) {
      this.replacing = false;
      // Dropped and the first page recorded in one write: the store writes once its changes of this turn are made.
      const dropping = this.store.entries().map(([old]) => this.store.forget(old));
      await Promise.all([...dropping, this.record(key, entry)]);
      return;
    }
    const recorded = this.store.rootTarget();
    if (this.root && (recorded?.space !== this.root.space || recorded.parent !== this.root.parent)) await this.store.setRootTarget(this.root);
    if (this.store.writing) this.written++;
    await this.store.record(key, entry);
  }

  /** Drops a key: its page is recorded under another now (a file renamed in its folder; one that names its own page, renamed or moved). */
  async forget(key: string): Promise<void> {
    if (this.store.writing) this.written++;
    await this.store.forget(key);
  }

  /** How many page IDs this run wrote, for the summary ("commit it"). */
  recordedCount(): number {
    return this.written;
  }

  /** The page IDs writing would have added, when it is off. */
  pendingChanges(): ReadonlyArray<[string, ManifestEntry]> {
    return this.store.pendingChanges().flatMap((change) => (change.kind === 'added' || change.kind === 'changed' ? [[change.path, change.entry] as [string, ManifestEntry]] : []));
  }

  settled(): Promise<void> {
    return this.store.settled();
  }
}
