// The files of a published tree as its publish reads them (readSelection: the walk's rules, files.exclude and
// .gitignore), kept between checks: a check runs after every pause in typing, and the tree's other files change only
// when the disk does. A change on disk under a tree's folder drops its files; the texts of open documents are taken
// from the editor at each check, unsaved edits included, as a publish takes them.
import * as vscode from 'vscode';
import type { SourceFile } from '../../core/run/plan';
import { readSelection } from '../publish/collectMarkdown';

export class TreeSources {
  private readonly byFolder = new Map<string, Promise<SourceFile[] | undefined>>();

  /** The tree's files, texts of open documents as the editor has them; undefined when the folder cannot be read. */
  async of(folder: vscode.Uri): Promise<SourceFile[] | undefined> {
    const key = folder.toString();
    let read = this.byFolder.get(key);
    if (!read) {
      // More files than a publish plans, or a folder that cannot be walked: no tree to check the file against.
      read = readSelection([folder]).then((selection) => (selection.ok ? selection.sources : undefined), () => undefined);
      this.byFolder.set(key, read);
    }
    const sources = await read;
    if (!sources) return undefined;
    const open = new Map(vscode.workspace.textDocuments.map((document) => [document.uri.toString(), document]));
    return sources.map((source) => {
      const document = source.readProblem === undefined ? open.get(source.key) : undefined;
      return document ? { key: source.key, label: source.label, text: document.getText() } : source;
    });
  }

  /** Something changed on disk at `uri`: the trees that hold it (or that it holds, a folder) are read again. */
  changed(uri: vscode.Uri): void {
    const changed = uri.toString();
    for (const key of [...this.byFolder.keys()]) {
      if (changed.startsWith(`${key}/`) || key.startsWith(`${changed}/`) || changed === key) this.byFolder.delete(key);
    }
  }

  clear(): void {
    this.byFolder.clear();
  }
}
