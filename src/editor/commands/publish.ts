import * as vscode from 'vscode';
import { showError } from '../notify';
import { FilePublisher } from '../publish/publishFile';
import { ManyPublisher } from '../publish/publishMany';
import { TreePublisher } from '../publish/publishTree';
import { folderShape } from '../publish/treeOrFlat';
import type { PublishDependencies } from '../publish/publishContext';
import type { Command } from '../command';

/**
 * Wiki: Publish to Wiki. From the editor: the file in it. From the Explorer: the file clicked, or, for a folder or a
 * selection of several files and folders, every Markdown file in them as one plan.
 */
export class PublishCommand implements Command {
  readonly id = 'wikiPublisher.publish';
  private readonly single: FilePublisher;
  private readonly many: ManyPublisher;
  private readonly tree: TreePublisher;

  constructor(deps: PublishDependencies) {
    this.single = new FilePublisher(deps);
    this.many = new ManyPublisher(deps);
    this.tree = new TreePublisher(deps);
  }

  async execute(resource?: unknown, selection?: unknown): Promise<void> {
    const selected = Array.isArray(selection) ? selection.filter((item): item is vscode.Uri => item instanceof vscode.Uri) : [];
    if (selected.length > 1) return this.many.publish(selected);
    if (resource instanceof vscode.Uri) {
      const stat = await vscode.workspace.fs.stat(resource);
      if (stat.type & vscode.FileType.Directory) {
        // A folder the repository records as a page tree goes as that tree again; any other folder asks.
        const shape = await folderShape(resource);
        if (shape === 'tree') return this.tree.publish(resource);
        if (shape === 'flat') return this.many.publish([resource]);
        return;
      }
      // An open editor of the file keeps its unsaved edits; openTextDocument returns that one.
      return this.single.publish(await vscode.workspace.openTextDocument(resource));
    }
    const document = markdownInView();
    if (document) return this.single.publish(document);
    void showError(vscode.l10n.t('Open a Markdown file to publish it to the wiki, or choose Markdown files or a folder in the Explorer.'));
  }

  /** For Open Wiki Page as Markdown and tests: publish one document. */
  publishDocument(document: vscode.TextDocument): Promise<void> {
    return this.single.publish(document);
  }
}

/**
 * The Markdown document to publish from the palette or the walkthrough: the active editor's, else the only Markdown
 * editor in view (the walkthrough's button runs while the walkthrough, not the file beside it, is active).
 */
function markdownInView(): vscode.TextDocument | undefined {
  const active = vscode.window.activeTextEditor?.document;
  if (active?.languageId === 'markdown') return active;
  const visible = [...new Set(vscode.window.visibleTextEditors.map((editor) => editor.document).filter((candidate) => candidate.languageId === 'markdown'))];
  return visible.length === 1 ? visible[0] : undefined;
}
