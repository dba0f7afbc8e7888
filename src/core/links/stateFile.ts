// The command line's LinkStore: a small JSON file (`--state FILE`) that a CI cache keeps between runs, whose disks
// start empty. Files are keyed by their path relative to the state file's folder, '/'-separated, so the record
// stays valid whichever folder the job runs from and on every platform. A missing file is an empty record; the
// file is replaced atomically (a temporary file renamed over it), so an interrupted job never leaves half a record.
//
// What must be on disk at once (a send's mark before its request goes out, recordSend.ts; a page that landed) is
// appended to a journal beside the record (`FILE.journal`, one JSON line per file) rather than rewriting the whole
// record: rewritten before every send, a first publish of 2,000 files wrote the record 2,000 times, about 600 MB, and
// took four times as long as without --state. The journal is folded into the record when it has grown as large as the
// record (so all the writes of a run stay in proportion to its size), when the run saves at its end, and by the next
// run that finds one left by a run killed outright. Opening reads the record, then the journal over it; a line cut off
// by the kill is dropped, as it never finished.
//
// Both files are written only inside the run's working tree and never through a symbolic link (core/writes): a pull
// request controls the tree, and a committed link at --state made the record's write an overwrite of a file elsewhere.
// Opening refuses such a path before anything is read.
import { CoalescingWriter } from '../util/coalescingWriter';
import { parseJsonObject } from '../util/json';
import { readFile } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import { appendFileInTree, removeFileInTree, writeFileInTree } from '../writes/treeWrites';
import { checkWritePath, describeWriteRefusal } from '../writes/writePath';
import { parsePageLink, type LinkStore, type PageLink } from './pageLink';

export const STATE_FILE_VERSION = 1;

/** Where the journal of the record at `path` is kept. */
export function stateJournalPath(path: string): string {
  return `${path}.journal`;
}

/** A journal smaller than this is appended to even when the record is smaller still: a fold of a small record costs a rename. */
const JOURNAL_FOLD_MIN_BYTES = 256 * 1024;

export type StateFileOpening = { ok: true; store: StateFileLinkStore } | { ok: false; message: string };

export class StateFileLinkStore implements LinkStore {
  /** Files whose link changed (set, delete) and is in neither the record's file nor the journal yet. */
  private readonly unwritten = new Set<string>();
  /** The next write folds the journal into the record (save, or a journal left by an earlier run). */
  private foldNext: boolean;
  /** Each write appends what changed to the journal, or folds it into the record; one at a time, in order. */
  private readonly writer = new CoalescingWriter(() => this.write());

  private constructor(
    readonly path: string,
    /** The run's working tree: the record and its journal are written only inside it. */
    private readonly workingTree: string,
    private readonly links: Map<string, PageLink>,
    /** The journal's size on disk now: more than 0 while it holds changes the record's file does not. */
    private journalBytes: number,
    /** The record's size as last read or written: the journal is folded once it has grown as large. */
    private recordBytes: number,
  ) {
    this.foldNext = journalBytes > 0;
  }

  /**
   * The rendering of each link as the file holds it, made once per link: a long run folds its journal into the record
   * several times, and most of the links in it have not changed since the last fold.
   */
  private readonly rendered = new Map<string, string>();

  /**
   * Reads the record at `path` (relative to `cwd`) and its journal; a file that is not one is refused, never emptied,
   * and so is a path the record or its journal could not be written at (outside `workingTree`, or through a link).
   */
  static async open(path: string, place: { cwd: string; workingTree: string }): Promise<StateFileOpening> {
    const absolute = resolve(place.cwd, path);
    for (const written of [absolute, stateJournalPath(absolute)]) {
      const refusal = await checkWritePath(place.workingTree, written);
      if (refusal !== undefined) return { ok: false, message: `--state ${path}: ${describeWriteRefusal(refusal)}` };
    }
    const record = await readIfThere(absolute);
    if (!record.ok) return { ok: false, message: `The state file ${path} cannot be read (${record.code}).` };
    const links = record.text === undefined ? new Map<string, PageLink>() : parseStateFile(record.text);
    if (!links) {
      return { ok: false, message: `The state file ${path} is not a wiki-publisher state file (version ${STATE_FILE_VERSION}). Delete it or point --state elsewhere.` };
    }
    const journal = await readIfThere(stateJournalPath(absolute));
    if (!journal.ok) return { ok: false, message: `The journal of the state file ${path} (${stateJournalPath(path)}) cannot be read (${journal.code}).` };
    if (journal.text !== undefined) replayJournal(journal.text, links);
    return { ok: true, store: new StateFileLinkStore(absolute, place.workingTree, links, byteLength(journal.text), byteLength(record.text)) };
  }

  /** The key a file path is kept under: relative to the state file's folder, '/'-separated. */
  keyOf(filePath: string): string {
    return relative(dirname(this.path), resolve(filePath)).split(sep).join('/');
  }

  /** Every file's link as the record holds it now (journal included), by key. */
  files(): ReadonlyMap<string, PageLink> {
    return this.links;
  }

  get(filePath: string): Promise<PageLink | undefined> {
    return Promise.resolve(this.links.get(this.keyOf(filePath)));
  }

  /** Keeps a link, written with the next write (record, forget, save). */
  set(filePath: string, link: PageLink): Promise<void> {
    this.remember(filePath, link);
    return Promise.resolve();
  }

  /** Drops a file's link, written with the next write (record, forget, save). */
  delete(filePath: string): Promise<void> {
    const key = this.keyOf(filePath);
    this.rendered.delete(key);
    if (this.links.delete(key)) this.unwritten.add(key);
    return Promise.resolve();
  }

  private remember(filePath: string, link: PageLink): void {
    const key = this.keyOf(filePath);
    this.links.set(key, link);
    this.rendered.delete(key);
    this.unwritten.add(key);
  }

  /**
   * Records one file's link and writes it at once, with every change not yet written, so a run killed half-way loses
   * nothing that landed: the next run finds those pages linked instead of failing them with "already exists".
   */
  record(filePath: string, link: PageLink): Promise<void> {
    this.remember(filePath, link);
    return this.writer.request();
  }

  /** Drops a file's link and writes that at once, as record writes a link. */
  async forget(filePath: string): Promise<void> {
    await this.delete(filePath);
    return this.writer.request();
  }

  /**
   * Writes the whole record if anything changed since it was last written (a temporary file in the same folder,
   * renamed over the old one) and removes the journal: what a run does at its end.
   */
  save(): Promise<void> {
    this.foldNext = true;
    return this.writer.request();
  }

  private async write(): Promise<void> {
    // Taken from the moment the write starts: a link recorded while it is out is written by the next.
    const keys = [...this.unwritten];
    this.unwritten.clear();
    const fold = this.foldNext || this.journalBytes >= Math.max(JOURNAL_FOLD_MIN_BYTES, this.recordBytes);
    try {
      if (fold) await this.fold(keys.length > 0);
      else if (keys.length > 0) await this.append(keys);
    } catch (error) {
      for (const key of keys) this.unwritten.add(key);
      throw error;
    }
  }

  /** The record's file rewritten from the links as they are now, and the journal it takes in removed. */
  private async fold(changed: boolean): Promise<void> {
    this.foldNext = false;
    if (!changed && this.journalBytes === 0) return;
    const text = stateFileText(this.links, this.rendered);
    try {
      await writeFileInTree(this.workingTree, this.path, text);
    } catch (error) {
      this.foldNext = true;
      throw error;
    }
    // The record holds all the journal held: a kill before the journal is gone replays it onto the same links.
    await removeFileInTree(this.workingTree, stateJournalPath(this.path));
    this.journalBytes = 0;
    this.recordBytes = byteLength(text);
  }

  /** One line per file at the journal's end: its link now, or none when it was dropped. */
  private async append(keys: readonly string[]): Promise<void> {
    let lines = '';
    for (const key of keys) {
      const link = this.links.get(key);
      lines += `${JSON.stringify(link === undefined ? { file: key } : { file: key, link })}\n`;
    }
    // Its folder is made if it went away (a CI step cleaning up), or was never made.
    await appendFileInTree(this.workingTree, stateJournalPath(this.path), lines);
    this.journalBytes += byteLength(lines);
  }
}

/** A file's text; undefined when there is none; the error's code when it cannot be read. */
async function readIfThere(path: string): Promise<{ ok: true; text: string | undefined } | { ok: false; code: string }> {
  try {
    return { ok: true, text: await readFile(path, 'utf8') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? { ok: true, text: undefined } : { ok: false, code: code ?? 'error' };
  }
}

function byteLength(text: string | undefined): number {
  return text === undefined ? 0 : Buffer.byteLength(text, 'utf8');
}

/**
 * The journal's lines applied to the record's links, in order. Only lines ended by a line break count: the last one
 * of a run killed while appending it may be cut off. A line that is not an entry is dropped, as a malformed entry of
 * the record is; a link that is not one leaves the file as it was.
 */
function replayJournal(text: string, links: Map<string, PageLink>): void {
  const lines = text.split('\n');
  lines.pop();
  for (const line of lines) {
    const entry = parseJsonObject(line);
    if (typeof entry?.file !== 'string') continue;
    if (!('link' in entry)) {
      links.delete(entry.file);
      continue;
    }
    const link = cachedLink(entry.link);
    if (link) links.set(entry.file, link);
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
    const link = cachedLink(entry);
    if (link) links.set(key, link);
  }
  return links;
}

/**
 * A link as the state file (or its journal) records it, without its page's address: a pull request can commit either
 * file, and a recorded `url` would be shown as the page's link in the plan a reviewer reads (a title linked to any
 * site). The address shown comes from the wiki (the page the guard read, the page a send landed on), never from here.
 */
function cachedLink(value: unknown): PageLink | undefined {
  const link = parsePageLink(value);
  if (link?.url !== undefined) delete link.url;
  return link;
}
