import * as vscode from 'vscode';
import { showError } from '../notify';
import { FilePublisher } from '../publish/publishFile';
import { ManyPublisher } from '../publish/publishMany';
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

  constructor(deps: PublishDependencies) {
    this.single = new FilePublisher(deps);
    this.many = new ManyPublisher(deps);
  }

  async execute(resource?: unknown, selection?: unknown): Promise<void> {
    const selected = Array.isArray(selection) ? selection.filter((item): item is vscode.Uri => item instanceof vscode.Uri) : [];
    if (selected.length > 1) return this.many.publish(selected);
    if (resource instanceof vscode.Uri) {
      const stat = await vscode.workspace.fs.stat(resource);
      if (stat.type & vscode.FileType.Directory) return this.many.publish([resource]);
      // An open editor of the file keeps its unsaved edits; openTextDocument returns that one.
      return this.single.publish(await vscode.workspace.openTextDocument(resource));
    }
    const document = vscode.window.activeTextEditor?.document;
    if (document?.languageId === 'markdown') return this.single.publish(document);
    void showError(vscode.l10n.t('Open a Markdown file to publish it to the wiki, or choose Markdown files or a folder in the Explorer.'));
  }

  /** For Open Wiki Page as Markdown and tests: publish one document. */
  publishDocument(document: vscode.TextDocument): Promise<void> {
    return this.single.publish(document);
  }
}
