// Page identity in the repository (issue 14, section 1): the folder's .wiki-pages.json maps each file and each folder
// page of a tree to its page ID, so a teammate's clone and CI publish to the same pages. Identity only: what is per
// person (versions, hashes) stays in each machine's link store. One sorted entry per line keeps diffs readable and
// merges rare. Written as each page lands (through a port: node:fs for the command line, workspace.fs in the editor),
// unless writing is off; then the changes are kept in memory and reported. Reasons for this design: CONTRIBUTING.md.
import { parseJsonObject } from '../util/json';

export const MANIFEST_VERSION = 1;

export interface ManifestEntry {
  id: string;
  title: string;
}

export interface ManifestRoot {
  space: string;
  parent: string;
}

export interface ManifestPort {
  /** The file's text, or undefined when it does not exist. */
  read(location: string): Promise<string | undefined>;
  /** Replaces the file (atomically where the file system allows). */
  write(location: string, text: string): Promise<void>;
}

interface ManifestData {
  root: ManifestRoot | undefined;
  pages: Map<string, ManifestEntry>;
}

export type ManifestOpening = { ok: true; store: PageManifest } | { ok: false; message: string };

export async function openManifest(port: ManifestPort, location: string, options: { writing: boolean }): Promise<ManifestOpening> {
  let text: string | undefined;
  try {
    text = await port.read(location);
  } catch (error) {
    return { ok: false, message: `${nameOf(location)} cannot be read: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (text === undefined) return { ok: true, store: new PageManifest(port, location, { root: undefined, pages: new Map() }, options.writing) };
  const parsed = parseManifest(text);
  if (!parsed.ok) return { ok: false, message: `${nameOf(location)}: ${parsed.message}` };
  return { ok: true, store: new PageManifest(port, location, parsed.data, options.writing) };
}

/** The manifest's text as data; any malformed part refuses the whole file, so a bad merge is fixed, never emptied. */
export function parseManifest(text: string): { ok: true; data: ManifestData } | { ok: false; message: string } {
  if (/^(<{7}|={7}|>{7})( |$)/m.test(text)) return { ok: false, message: 'it has merge conflict markers; resolve them (keep both sides\' entries) and run again.' };
  const value = parseJsonObject(text);
  if (!value || value.version !== MANIFEST_VERSION || typeof value.pages !== 'object' || value.pages === null || Array.isArray(value.pages)) {
    return { ok: false, message: `it is not a wiki-publisher page manifest (version ${MANIFEST_VERSION}, with "pages"). Fix it, or delete it to start over (pages are then created anew).` };
  }
  const root = typeof value.space === 'string' && typeof value.parent === 'string' && /^\d+$/.test(value.parent) && value.space !== ''
    ? { space: value.space, parent: value.parent } : undefined;
  const pages = new Map<string, ManifestEntry>();
  for (const [key, entry] of Object.entries(value.pages as Record<string, unknown>)) {
    if (!isManifestKey(key)) return { ok: false, message: `"${key}" is not a path inside the folder ('/'-separated, relative, no "..").` };
    const record = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : {};
    if (typeof record.id !== 'string' || !/^\d+$/.test(record.id)) return { ok: false, message: `the entry "${key}" has no page ID of digits.` };
    pages.set(key, { id: record.id, title: typeof record.title === 'string' ? record.title : '' });
  }
  return { ok: true, data: { root, pages } };
}

export function serializeManifest(root: ManifestRoot | undefined, pages: ReadonlyMap<string, ManifestEntry>): string {
  const keys = [...pages.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const lines = keys.map((key, index) => `    ${JSON.stringify(key)}: ${JSON.stringify(pages.get(key))}${index < keys.length - 1 ? ',' : ''}`);
  const head = [`  "version": ${MANIFEST_VERSION},`, ...(root ? [`  "space": ${JSON.stringify(root.space)},`, `  "parent": ${JSON.stringify(root.parent)},`] : [])];
  return `{\n${head.join('\n')}\n  "pages": {${lines.length ? `\n${lines.join('\n')}\n  ` : ''}}\n}\n`;
}

function isManifestKey(key: string): boolean {
  return key !== '' && !key.startsWith('/') && !key.includes('\\') && !/^[A-Za-z]:/.test(key) && !key.split('/').some((part, index, parts) => part === '..' || part === '.' || (part === '' && index < parts.length - 1));
}

function nameOf(location: string): string {
  return location.slice(location.lastIndexOf('/') + 1) || location;
}

export class PageManifest {
  private root: ManifestRoot | undefined;
  private readonly pages: Map<string, ManifestEntry>;
  private readonly unwritten = new Map<string, ManifestEntry>();
  private written = 0;
  private saving: Promise<void> = Promise.resolve();
  private queued: Promise<void> | undefined;

  constructor(private readonly port: ManifestPort, private readonly location: string, data: ManifestData, private readonly writing: boolean) {
    this.root = data.root;
    this.pages = data.pages;
  }

  /** Where the tree hangs: the space and the parent page the folder maps to, once recorded. */
  rootTarget(): ManifestRoot | undefined {
    return this.root;
  }

  get(key: string): ManifestEntry | undefined {
    return this.pages.get(key);
  }

  entries(): ReadonlyArray<[string, ManifestEntry]> {
    return [...this.pages];
  }

  /** This manifest for a run under `root`: records the root with the first page it records. */
  withRoot(root: ManifestRoot): PageManifest {
    this.root ??= root;
    return this;
  }

  /** A new tree elsewhere (--retarget): the recorded pages stay on the wiki but no longer belong to this folder. */
  emptied(root: ManifestRoot): PageManifest {
    this.pages.clear();
    this.root = root;
    return this;
  }

  /** Records a page's ID and writes the file at once (or keeps it pending when writing is off). */
  record(key: string, entry: ManifestEntry): Promise<void> {
    this.pages.set(key, entry);
    this.written += this.writing ? 1 : 0;
    if (!this.writing) {
      this.unwritten.set(key, entry);
      return Promise.resolve();
    }
    return this.save();
  }

  /** How many page IDs this run wrote into the file, for the summary ("commit it"). */
  recordedCount(): number {
    return this.written;
  }

  /** What writing would have recorded, when it is off. */
  pendingChanges(): ReadonlyArray<[string, ManifestEntry]> {
    return [...this.unwritten];
  }

  /** Resolves when every write asked for so far is done. */
  settled(): Promise<void> {
    return this.saving;
  }

  private save(): Promise<void> {
    if (this.queued) return this.queued;
    const next = this.saving.catch(() => undefined).then(() => {
      this.queued = undefined;
      return this.port.write(this.location, serializeManifest(this.root, this.pages));
    });
    this.queued = next;
    this.saving = next;
    return next;
  }
}
