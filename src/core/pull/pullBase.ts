// The base of Pull's three-way merge: the page as exported right after this file's last publish. The export API
// exports only a page's current version, so the base is kept when it is current: per file, per machine (never in
// the repository), one per file, behind this small port (the editor keeps it under its global storage, tests and
// the core use the in-memory one).

export interface PullBase {
  pageId: string;
  /** The page's version the Markdown is the export of. */
  version: number;
  markdown: string;
  /**
   * The file's Markdown that version was published from (front matter aside), when it is known to be so: the merge's
   * base in the file's own style (fileBase.ts). Absent for a page opened from the wiki (its file is the export) and
   * for bases kept before it was.
   */
  fileText?: string;
  /** When it was kept (ms since the epoch), to drop the oldest beyond a bound. */
  savedAt: number;
}

export interface PullBaseStore {
  get(fileKey: string): Promise<PullBase | undefined>;
  set(fileKey: string, base: PullBase): Promise<void>;
  delete(fileKey: string): Promise<void>;
}

/** A page opened with "Open Wiki Page as Markdown" keeps its base under its page ID until a file names it. */
export function openedPageKey(pageId: string): string {
  return `opened-page:${pageId}`;
}

export class MemoryPullBaseStore implements PullBaseStore {
  readonly bases = new Map<string, PullBase>();

  async get(fileKey: string): Promise<PullBase | undefined> {
    return this.bases.get(fileKey);
  }

  async set(fileKey: string, base: PullBase): Promise<void> {
    this.bases.set(fileKey, base);
  }

  async delete(fileKey: string): Promise<void> {
    this.bases.delete(fileKey);
  }
}
