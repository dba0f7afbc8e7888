// Pull's bases on this machine: under the extension's global storage (never in the workspace), through
// workspace.fs. One Markdown file per linked file under a random name, and an index saying whose it is. At
// most one base per file and MAX_BASES in all (the oldest go first, as the links do); a base follows its file when
// it is renamed and goes with it when it is deleted.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { forgetLinks, moveLinks } from '../../core/links/moveLinks';
import type { PullBase, PullBaseStore } from '../../core/pull/pullBase';

const MAX_BASES = 500;
const INDEX = 'index.json';

interface IndexEntry { pageId: string; version: number; savedAt: number; name: string }
type BaseIndex = Record<string, IndexEntry>;

export class FilePullBaseStore implements PullBaseStore {
  private index: Promise<BaseIndex> | undefined;
  /** Writes one at a time, so two publishes finishing together cannot lose each other's index entry. */
  private writing: Promise<unknown> = Promise.resolve();

  constructor(private readonly folder: vscode.Uri) {}

  async get(fileKey: string): Promise<PullBase | undefined> {
    const entry = (await this.readIndex())[fileKey];
    if (!entry) return undefined;
    try {
      const markdown = new TextDecoder().decode(await vscode.workspace.fs.readFile(this.file(entry.name)));
      return { pageId: entry.pageId, version: entry.version, savedAt: entry.savedAt, markdown };
    } catch {
      return undefined;
    }
  }

  set(fileKey: string, base: PullBase): Promise<void> {
    return this.change(async (index) => {
      // A fresh name each time: a base that followed a renamed file keeps its old file, which another key may want.
      const name = `${randomBytes(16).toString('hex')}.md`;
      await vscode.workspace.fs.createDirectory(this.folder);
      await vscode.workspace.fs.writeFile(this.file(name), new TextEncoder().encode(base.markdown));
      const next = { ...index, [fileKey]: { pageId: base.pageId, version: base.version, savedAt: base.savedAt, name } };
      const kept = Object.fromEntries(Object.entries(next).sort(([, a], [, b]) => b.savedAt - a.savedAt).slice(0, MAX_BASES));
      await this.deleteUnlisted(index, kept);
      return kept;
    });
  }

  delete(fileKey: string): Promise<void> {
    return this.forget(fileKey);
  }

  /** A file or folder was deleted (or its link dropped): its bases go too. */
  forget(gone: string): Promise<void> {
    return this.change(async (index) => {
      const kept = forgetLinks(index, gone);
      if (kept) await this.deleteUnlisted(index, kept);
      return kept;
    });
  }

  /** A file or folder was renamed: its bases follow (the Markdown files keep their names; the index says whose). */
  move(from: string, to: string): Promise<void> {
    return this.change(async (index) => {
      const moved = moveLinks(index, from, to);
      if (moved) await this.deleteUnlisted(index, moved);
      return moved;
    });
  }

  private change(update: (index: BaseIndex) => Promise<BaseIndex | undefined>): Promise<void> {
    const run = this.writing.then(async () => {
      const next = await update(await this.readIndex());
      if (!next) return;
      this.index = Promise.resolve(next);
      await vscode.workspace.fs.createDirectory(this.folder);
      await vscode.workspace.fs.writeFile(this.file(INDEX), new TextEncoder().encode(JSON.stringify(next)));
    });
    this.writing = run.catch(() => undefined);
    return run;
  }

  private readIndex(): Promise<BaseIndex> {
    this.index ??= Promise.resolve(vscode.workspace.fs.readFile(this.file(INDEX))).then(
      (bytes) => parseIndex(new TextDecoder().decode(bytes)),
      () => ({}),
    );
    return this.index;
  }

  /** Deletes the Markdown files the old index named and the new one does not. */
  private async deleteUnlisted(before: BaseIndex, after: BaseIndex): Promise<void> {
    const listed = new Set(Object.values(after).map((entry) => entry.name));
    for (const { name } of Object.values(before)) {
      if (!listed.has(name)) await Promise.resolve(vscode.workspace.fs.delete(this.file(name))).catch(() => undefined);
    }
  }

  private file(name: string): vscode.Uri {
    return vscode.Uri.joinPath(this.folder, name);
  }
}

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
    if (e && typeof e.pageId === 'string' && typeof e.version === 'number' && typeof e.savedAt === 'number' && typeof e.name === 'string' && /^[0-9a-f]{32}\.md$/.test(e.name)) {
      index[key] = { pageId: e.pageId, version: e.version, savedAt: e.savedAt, name: e.name };
    }
  }
  return index;
}
