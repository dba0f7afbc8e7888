import * as vscode from 'vscode';
import type { ExportSessionService } from '../auth/exportSessionService';
import { showInfo } from '../notify';
import type { Command } from '../command';

/** Wiki: Sign Out of Export API. */
export class SignOutCommand implements Command {
  readonly id = 'wikiPublisher.signOut';

  constructor(private readonly service: ExportSessionService) {}

  async execute(): Promise<void> {
    if (!(await this.service.storedSession())) {
      void showInfo(vscode.l10n.t('You are not signed in to the export API.'));
      return;
    }
    await this.service.manager().signOut();
    void showInfo(vscode.l10n.t('Signed out of the export API in all windows.'));
  }
}
