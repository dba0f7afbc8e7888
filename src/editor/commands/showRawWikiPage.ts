import * as vscode from 'vscode';
import { neutralise } from '../../core/text/neutralise';
import { showInfo } from '../notify';
import { WIKI_PAGE_SCHEME, type WikiPageContentProvider } from '../wiki/pageContentProvider';
import type { Command } from '../command';

/**
 * Wiki: Show Raw Wiki Page. From Compare's diff (its title bar, or the palette while it is active): the same diff
 * with the page as the export gives it, the wiki's page addresses and images where Compare writes the file's links
 * and diagrams.
 */
export class ShowRawWikiPageCommand implements Command {
  readonly id = 'wikiPublisher.showRawWikiPage';

  constructor(private readonly pages: WikiPageContentProvider) {}

  async execute(): Promise<void> {
    const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    const shown = input instanceof vscode.TabInputTextDiff && input.original.scheme === WIKI_PAGE_SCHEME ? this.pages.showRaw(input.original) : undefined;
    if (!shown || !(input instanceof vscode.TabInputTextDiff)) {
      void showInfo(vscode.l10n.t('Show Raw Wiki Page works on a file compared with its wiki page: run Compare with Wiki Page first.'));
      return;
    }
    const fileName = input.modified.path.slice(input.modified.path.lastIndexOf('/') + 1);
    await vscode.commands.executeCommand('vscode.diff', shown.uri, input.modified, neutralise(vscode.l10n.t('{0} (wiki, raw) ↔ {1}', shown.page.title, fileName)), { preview: false });
  }
}
