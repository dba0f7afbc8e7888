import * as vscode from 'vscode';
import type { SecretStore } from '../../core/ports';
import { CLIENT_SECRET_KEY } from '../auth/exportSettings';
import { showInfo } from '../notify';
import type { Command } from '../command';

/** Wiki: Set OAuth Client Secret. Kept only in the secret storage, never in settings. */
export class SetClientSecretCommand implements Command {
  readonly id = 'wikiPublisher.setClientSecret';

  constructor(private readonly secrets: SecretStore) {}

  async execute(): Promise<boolean> {
    const secret = await vscode.window.showInputBox({
      title: vscode.l10n.t('Wiki: Set OAuth Client Secret'),
      prompt: vscode.l10n.t('The client secret of your OAuth integration for the export API. It is kept in VS Code\'s secret storage.'),
      password: true,
      ignoreFocusOut: true,
    });
    if (!secret?.trim()) return false;
    await this.secrets.store(CLIENT_SECRET_KEY, secret.trim());
    void showInfo(vscode.l10n.t('The OAuth client secret is stored in the secret storage.'));
    return true;
  }
}
