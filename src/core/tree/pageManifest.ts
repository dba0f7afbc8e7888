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

  constructor(private readonly store: ManifestStore) {}

  /** Where the tree hangs, as the repository records it. */
  rootTarget(): ManifestRoot | undefined {
    return this.store.rootTarget();
  }

  get(key: string): ManifestEntry | undefined {
    return this.store.get(key);
  }

  entries(): ReadonlyArray<[string, ManifestEntry]> {
    return this.store.entries();
  }

  /** This manifest for a run under `root`; the root is written with the first page recorded. */
  withRoot(root: ManifestRoot): TreeManifest {
    this.root = root;
    return this;
  }

  /** A new tree elsewhere (--retarget): the recorded pages stay on the wiki but no longer belong to this folder. */
  async emptied(root: ManifestRoot): Promise<TreeManifest> {
    for (const [key] of this.store.entries()) await this.store.forget(key);
    this.root = root;
    return this;
  }

  async record(key: string, entry: ManifestEntry): Promise<void> {
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
