// The command line's LinkStore: a small JSON file (`--state FILE`) that a CI cache keeps between runs, whose disks
// start empty. Files are keyed by their path relative to the state file's folder, '/'-separated, so the record
// stays valid whichever folder the job runs from and on every platform. A missing file is an empty record; the
// file is replaced atomically (a temporary file renamed over it), so an interrupted job never leaves half a record.
import { randomBytes } from 'node:crypto';
import { CoalescingWriter } from '../util/coalescingWriter';
import { parseJsonObject } from '../util/json';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import { parsePageLink, type LinkStore, type PageLink } from './pageLink';

export const STATE_FILE_VERSION = 1;

export type StateFileOpening = { ok: true; store: StateFileLinkStore } | { ok: false; message: string };

export class StateFileLinkStore implements LinkStore {
  private dirty = false;
  /** Each save replaces the file with the whole record as it is then. */
  private readonly writer = new CoalescingWriter(() => this.write());

  private constructor(
    readonly path: string,
    private readonly links: Map<string, PageLink>,
  ) {}

  /**
   * The rendering of each link as the file holds it, made once per link: a run rewrites the whole file as each send
   * starts (its mark, recordSend.ts), and most of the links in it have not changed since the last write.
   */
  private readonly rendered = new Map<string, string>();

  /** Reads the record at `path` (relative to `cwd`); a file that is not one is refused, never emptied. */
  static async open(path: string, cwd: string = process.cwd()): Promise<StateFileOpening> {
    const absolute = resolve(cwd, path);
    let text: string;
    try {
      text = await readFile(absolute, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ok: true, store: new StateFileLinkStore(absolute, new Map()) };
      return { ok: false, message: `The state file ${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).` };
    }
    const links = parseStateFile(text);
    if (!links) {
      return { ok: false, message: `The state file ${path} is not a wiki-publisher state file (version ${STATE_FILE_VERSION}). Delete it or point --state elsewhere.` };
    }
    return { ok: true, store: new StateFileLinkStore(absolute, links) };
  }

  /** The key a file path is kept under: relative to the state file's folder, '/'-separated. */
  keyOf(filePath: string): string {
    return relative(dirname(this.path), resolve(filePath)).split(sep).join('/');
  }

  get(filePath: string): Promise<PageLink | undefined> {
    return Promise.resolve(this.links.get(this.keyOf(filePath)));
  }

  set(filePath: string, link: PageLink): Promise<void> {
    this.remember(filePath, link);
    this.dirty = true;
    return Promise.resolve();
  }

  delete(filePath: string): Promise<void> {
    const key = this.keyOf(filePath);
    this.rendered.delete(key);
    this.dirty = this.links.delete(key) || this.dirty;
    return Promise.resolve();
  }

  private remember(filePath: string, link: PageLink): void {
    const key = this.keyOf(filePath);
    this.links.set(key, link);
    this.rendered.delete(key);
  }

  /** The file's text for the record as it is now. */
  private text(): string {
    return stateFileText(this.links, this.rendered);
  }

  /**
   * Records one file's link and writes the record at once (atomically), so a run killed half-way loses nothing that
   * landed: the next run finds those pages linked instead of failing them with "already exists".
   */
  record(filePath: string, link: PageLink): Promise<void> {
    this.remember(filePath, link);
    this.dirty = true;
    return this.save();
  }

  /** Writes the record if anything changed: a temporary file in the same folder, then renamed over the old one. */
  save(): Promise<void> {
    return this.writer.request();
  }

  private async write(): Promise<void> {
    if (!this.dirty) return;
    // Clean from the moment the text is taken: a link recorded while this write is out marks it dirty again.
    this.dirty = false;
    const text = this.text();
    await mkdir(dirname(this.path), { recursive: true });
    const temporary = `${this.path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, text, 'utf8');
      await rename(temporary, this.path);
    } catch (error) {
      this.dirty = true;
      await rm(temporary, { force: true });
      throw error;
    }
  }
}

/** JSON.stringify({ version, files }, null, 2) with the files' keys sorted, each link's part rendered once. */
function stateFileText(links: ReadonlyMap<string, PageLink>, rendered: Map<string, string>): string {
  if (links.size === 0) return `${JSON.stringify({ version: STATE_FILE_VERSION, files: {} }, null, 2)}\n`;
  const entries: string[] = [];
  for (const key of [...links.keys()].sort()) {
    let text = rendered.get(key);
    if (text === undefined) {
      // A link's own lines, indented as the members of "files" (JSON escapes every line break inside a string).
      text = `    ${JSON.stringify(key)}: ${JSON.stringify(links.get(key), null, 2).replace(/\n/g, '\n    ')}`;
      rendered.set(key, text);
    }
    entries.push(text);
  }
  return `{\n  "version": ${STATE_FILE_VERSION},\n  "files": {\n${entries.join(',\n')}\n  }\n}\n`;
}

/** The links of a state file's text, or undefined when it is not one. Single malformed entries are dropped. */
export function parseStateFile(text: string): Map<string, PageLink> | undefined {
  const value = parseJsonObject(text);
  if (!value) return undefined;
  const { version, files } = value;
  if (version !== STATE_FILE_VERSION || typeof files !== 'object' || files === null || Array.isArray(files)) return undefined;
  const links = new Map<string, PageLink>();
  for (const [key, entry] of Object.entries(files)) {
    const link = parsePageLink(entry);
    if (link) links.set(key, link);
  }
  return links;
}
