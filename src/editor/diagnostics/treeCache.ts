// The published trees the Problems panel checks files of, kept between checks: a check runs after every pause in typing,
// and a tree's other files change only when the disk does. Its files as its publish reads them (readSelection: the
// walk's rules, files.exclude and .gitignore), the texts of open documents taken from the editor, unsaved edits
// included, as a publish takes them; and its plan (core/problems planTreeForProblems), made again when a file changes on
// disk, this machine's links change, or an edit changes what the plan took of the file being edited.
import * as vscode from 'vscode';
import type { PlannedTree } from '../../core/problems/documentProblems';
import type { SourceFile } from '../../core/run/plan';
import { readSelection } from '../publish/collectMarkdown';

export class TreeCache {
  private readonly sourcesByFolder = new Map<string, Promise<SourceFile[] | undefined>>();
  private readonly plansByFolder = new Map<string, Promise<PlannedTree | undefined>>();

  /** The tree's files, texts of open documents as the editor has them; undefined when the folder cannot be read. */
  async sources(folder: vscode.Uri): Promise<SourceFile[] | undefined> {
    const key = folder.toString();
    let read = this.sourcesByFolder.get(key);
    if (!read) {
      // More files than a publish plans, or a folder that cannot be walked: no tree to check the file against.
      read = readSelection([folder]).then((selection) => (selection.ok ? selection.sources : undefined), () => undefined);
      this.sourcesByFolder.set(key, read);
    }
    const sources = await read;
    if (!sources) return undefined;
    const open = new Map(vscode.workspace.textDocuments.map((document) => [document.uri.toString(), document]));
    return sources.map((source) => {
      const document = source.readProblem === undefined ? open.get(source.key) : undefined;
      return document ? { key: source.key, label: source.label, text: document.getText() } : source;
    });
  }

  /** The tree's plan: the one kept, else (or `again`) one made now. A plan that fails is not kept. */
  plan(folder: vscode.Uri, make: () => Promise<PlannedTree | undefined>, again = false): Promise<PlannedTree | undefined> {
    const key = folder.toString();
    let planned = again ? undefined : this.plansByFolder.get(key);
    if (!planned) {
      planned = make();
      this.plansByFolder.set(key, planned);
      planned.catch(() => this.plansByFolder.delete(key));
    }
    return planned;
  }

  /** Something changed on disk at `uri`: the trees that hold it (or that it holds, a folder) are read and planned again. */
  changed(uri: vscode.Uri): void {
    const changed = uri.toString();
    for (const map of [this.sourcesByFolder, this.plansByFolder]) {
      for (const key of [...map.keys()]) if (changed.startsWith(`${key}/`) || key.startsWith(`${changed}/`) || changed === key) map.delete(key);
    }
  }

  /** What this machine knows of the pages changed (a publish): every tree is planned again, its files kept. */
  dropPlans(): void {
    this.plansByFolder.clear();
  }

  clear(): void {
    this.sourcesByFolder.clear();
    this.plansByFolder.clear();
  }
}
