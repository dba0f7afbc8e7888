import * as vscode from 'vscode';
import type { Command } from '../command';
import { showInfo } from '../notify';
import type { WikiPagesModel } from './pagesModel';

/**
 * Wiki Pages: Publish All Modified (the view's title bar, and the "Modified here" group). Runs the ordinary publish on
 * those files, with its plan, its confirmation and the edit guard: a file whose page also changed on the wiki is listed
 * there as edited and left out unless the user chooses to overwrite it.
 */
export class PublishAllModifiedCommand implements Command {
  readonly id = 'wikiPublisher.pages.publishAllModified';

  constructor(private readonly model: () => WikiPagesModel) {}

  async execute(): Promise<void> {
    const model = this.model();
    await model.start();
    const files = model.modifiedUris();
    if (files.length === 0) {
      void showInfo(vscode.l10n.t('No file is modified here since it was last published.'));
      return;
    }
    // The publish command's own shapes: one file from the Explorer, or a selection of several.
    if (files.length === 1) await vscode.commands.executeCommand('wikiPublisher.publish', files[0]);
    else await vscode.commands.executeCommand('wikiPublisher.publish', files[0], files);
  }
}
