import * as vscode from 'vscode';
import { neutralise } from '../../core/text/neutralise';
import { showError } from '../notify';
import { FilePublisher } from '../publish/publishFile';
import { ManyPublisher } from '../publish/publishMany';
import { TreePublisher } from '../publish/publishTree';
import type { PublishDependencies } from '../publish/publishContext';
import type { Command } from './command';

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
        const shape = await askTreeOrFlat(resource);
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

/** One folder: a page tree (its subfolders become pages) or every file flat under one parent page; undefined on Escape. */
async function askTreeOrFlat(folder: vscode.Uri): Promise<'tree' | 'flat' | undefined> {
  const items: Array<vscode.QuickPickItem & { shape: 'tree' | 'flat' }> = [
    {
      shape: 'tree', label: vscode.l10n.t('As a page tree'),
      detail: vscode.l10n.t('The folder maps to a parent page; subfolders become pages; links between files become page links. Page IDs are kept in the folder\'s .wiki-pages.json.'),
    },
    { shape: 'flat', label: vscode.l10n.t('As flat pages'), detail: vscode.l10n.t('Every Markdown file becomes a page directly under one parent page.') },
  ];
  const name = folder.path.slice(folder.path.lastIndexOf('/') + 1);
  const picked = await vscode.window.showQuickPick(items, { title: neutralise(vscode.l10n.t('Publish "{0}" to Wiki', name)), placeHolder: vscode.l10n.t('Publish the folder as a page tree or as flat pages?'), ignoreFocusOut: true });
  return picked?.shape;
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
