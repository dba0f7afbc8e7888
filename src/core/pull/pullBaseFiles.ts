// Pull's bases kept as files in a folder of this machine (the editor: under its global storage, never in the
// workspace). One Markdown file per linked file under a random name, and an index saying whose it is. At most
// MAX_BASES (the oldest go first, as the links do); a base follows its file when it is renamed and goes with it when
// it is deleted. The file as that publish sent it (PullBase.fileText), when kept, is a second file beside it.
// The folder is a port, so the editor passes workspace.fs and tests pass a real or in-memory folder.
import { forgetLinks, moveLinks } from '../links/moveLinks';
import type { PullBase, PullBaseStore } from './pullBase';

/** A flat folder of small files. `read` rejects for a missing file. */
export interface BaseFolder {
  read(name: string): Promise<Uint8Array>;
  write(name: string, bytes: Uint8Array): Promise<void>;
  delete(name: string): Promise<void>;
}

export const MAX_BASES = 500;
const INDEX = 'index.json';

interface IndexEntry {
  pageId: string;
  version: number;
  savedAt: number;
  name: string;
  /** The file of PullBase.fileText. */
  fileName?: string;
}
type BaseIndex = Record<string, IndexEntry>;

export class FolderPullBaseStore implements PullBaseStore {
  private index: Promise<BaseIndex> | undefined;
  /** Changes one at a time, so two publishes finishing together cannot lose each other's index entry. */
  private writing: Promise<unknown> = Promise.resolve();

  constructor(private readonly folder: BaseFolder, private readonly maxBases = MAX_BASES) {}

  async get(fileKey: string): Promise<PullBase | undefined> {
    await this.writing;
    const entry = (await this.readIndex())[fileKey];
    if (!entry) return undefined;
    try {
      const markdown = new TextDecoder().decode(await this.folder.read(entry.name));
      const base: PullBase = { pageId: entry.pageId, version: entry.version, savedAt: entry.savedAt, markdown };
      // Without its file the base still serves, as a base kept before the file was (the merge is then more careful).
      const fileText = entry.fileName === undefined ? undefined : await this.folder.read(entry.fileName).then((bytes) => new TextDecoder().decode(bytes), () => undefined);
      if (fileText !== undefined) base.fileText = fileText;
      return base;
    } catch {
      return undefined;
    }
  }

  set(fileKey: string, base: PullBase): Promise<void> {
    return this.change(async (index) => {
      // A fresh name each time: a base that followed a renamed file keeps its old file, which another key may want.
      const name = `${randomHex()}.md`;
      await this.folder.write(name, new TextEncoder().encode(base.markdown));
      const entry: IndexEntry = { pageId: base.pageId, version: base.version, savedAt: base.savedAt, name };
      if (base.fileText !== undefined) {
        entry.fileName = `${randomHex()}.md`;
        await this.folder.write(entry.fileName, new TextEncoder().encode(base.fileText));
      }
      const next = { ...index, [fileKey]: entry };
      return Object.fromEntries(Object.entries(next).sort(([, a], [, b]) => b.savedAt - a.savedAt).slice(0, this.maxBases));
    });
  }

  delete(fileKey: string): Promise<void> {
    return this.forget(fileKey);
  }

  /** A file or folder was deleted: its bases (a folder's: every file's under it) go too. */
  forget(gone: string): Promise<void> {
    return this.change(async (index) => forgetLinks(index, gone));
  }

  /** A file or folder was renamed: its bases follow (the Markdown files keep their names; the index says whose). */
  move(from: string, to: string): Promise<void> {
    return this.change(async (index) => moveLinks(index, from, to));
  }

  /** Runs one change of the index, writes it, then deletes the Markdown files it no longer names. */
  private change(update: (index: BaseIndex) => Promise<BaseIndex | undefined>): Promise<void> {
    const run = this.writing.then(async () => {
      const before = await this.readIndex();
      const after = await update(before);
      if (!after) return;
      this.index = Promise.resolve(after);
      await this.folder.write(INDEX, new TextEncoder().encode(JSON.stringify(after)));
      const listed = new Set(Object.values(after).flatMap(namesOf));
      for (const name of Object.values(before).flatMap(namesOf)) {
        if (!listed.has(name)) await this.folder.delete(name).catch(() => undefined);
      }
    });
    this.writing = run.catch(() => undefined);
    return run;
  }

  private readIndex(): Promise<BaseIndex> {
    this.index ??= this.folder.read(INDEX).then((bytes) => parseIndex(new TextDecoder().decode(bytes)), () => ({}));
    return this.index;
  }
}

function namesOf(entry: IndexEntry): string[] {
  return entry.fileName === undefined ? [entry.name] : [entry.name, entry.fileName];
}

// A name is only ever one we made: nothing in the index can point outside the folder.
const OWN_NAME = /^[0-9a-f]{32}\.md$/;

function parseIndex(text: string): BaseIndex {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null) return {};
  const index: BaseIndex = {};
  for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
    const e = entry as Partial<IndexEntry> | null;
    if (e && typeof e.pageId === 'string' && typeof e.version === 'number' && typeof e.savedAt === 'number' && typeof e.name === 'string' && OWN_NAME.test(e.name)) {
      index[key] = { pageId: e.pageId, version: e.version, savedAt: e.savedAt, name: e.name };
      if (typeof e.fileName === 'string' && OWN_NAME.test(e.fileName)) (index[key] as IndexEntry).fileName = e.fileName;
    }
  }
  return index;
}

/**
 * 32 random hex digits. node:crypto is required here rather than at the top: it pulls in the stream modules, and this
 * module is part of the start-up bundle (the store is made at activation), whose activation should not pay for them.
 */
function randomHex(): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { randomBytes } = require('node:crypto') as typeof import('node:crypto');
  return randomBytes(16).toString('hex');
}
