import * as vscode from 'vscode';
import type { Command } from '../command';

/** Reveal in Explorer, on a file of the Wiki Pages view. */
export class RevealInExplorerCommand implements Command {
  readonly id = 'wikiPublisher.pages.revealInExplorer';

  async execute(resource?: unknown): Promise<void> {
    if (resource instanceof vscode.Uri) await vscode.commands.executeCommand('revealInExplorer', resource);
  }
}
