import * as vscode from 'vscode';
import type { Command } from '../command';
import { showInfo } from '../notify';
import { onDemand } from '../onDemandLoader';
import type { WikiAccess } from '../wiki/wikiAccess';
import type { WikiPagesModel } from './pagesModel';
import { addressOf, type OrphanElement } from './pagesTree';

/**
 * Open Page, on a row of the Wiki Pages view: the page in the browser, at the address the link keeps or the wiki gave
 * in the last read, else built from the page ID (the platform's own address form). Nothing is asked of the wiki.
 */
export class OpenPageCommand implements Command {
  readonly id = 'wikiPublisher.pages.openPage';

  constructor(private readonly model: () => WikiPagesModel, private readonly wiki: WikiAccess) {}

  async execute(element?: unknown): Promise<void> {
    const address = this.addressOf(element);
    if (!address) {
      void showInfo(vscode.l10n.t('The page\'s address is not known here yet: sign in to the export API (Wiki: Sign In to Export API) and refresh the Wiki Pages view.'));
      return;
    }
    await vscode.env.openExternal(vscode.Uri.parse(address, true));
  }

  private addressOf(element: unknown): string | undefined {
    if (element instanceof vscode.Uri) {
      const state = this.model().stateOf(element);
      if (!state) return undefined;
      const known = addressOf(state);
      const link = state.file.link;
      const title = state.page?.title ?? link?.pageTitle ?? state.recorded?.title ?? '';
      return known ?? (state.pageId && link ? onDemand().pageAddress(this.wiki.baseUrl(), link.spaceId, state.pageId, title) : undefined);
    }
    if (isOrphan(element)) return element.orphan.page?.webUrl;
    return undefined;
  }
}

function isOrphan(element: unknown): element is OrphanElement {
  return typeof element === 'object' && element !== null && (element as { kind?: unknown }).kind === 'orphan';
}
