// "Wiki: Remove API Token": deletes the stored token after a modal confirmation. Removing it here does
// not revoke it in the wiki, and an environment token takes over, so the messages say both.
import * as vscode from 'vscode';
import { API_TOKEN_ENV_VAR, API_TOKEN_SECRET_KEY } from '../../core/apiToken/tokenSource';
import { describeError } from '../../core/log/redact';
import { silentLogger, type Logger } from '../../core/ports';
import { showError, showInfo, showModal } from '../notify';
import type { Command } from '../command';

const REMOVE_ACTION = vscode.l10n.t('Remove');

export class RemoveApiTokenCommand implements Command {
  readonly id = 'wikiPublisher.removeApiToken';

  constructor(
    private readonly secrets: Pick<vscode.SecretStorage, 'get' | 'delete'>,
    private readonly env: Record<string, string | undefined>,
    private readonly logger: Logger = silentLogger,
  ) {}

  /** Resolves true when a stored token was deleted. */
  async execute(): Promise<boolean> {
    const envNote = this.env[API_TOKEN_ENV_VAR]?.trim()
      ? vscode.l10n.t('The token in the {0} environment variable will be used instead.', API_TOKEN_ENV_VAR)
      : undefined;
    const withEnvNote = (message: string): string => (envNote ? `${message} ${envNote}` : message);
    try {
      if (!(await this.secrets.get(API_TOKEN_SECRET_KEY))) {
        void showInfo(withEnvNote(vscode.l10n.t('No wiki API token is stored.')));
        return false;
      }
      const choice = await showModal(
        'warning',
        vscode.l10n.t('Remove the wiki API token from the secret storage?'),
        `${envNote ?? vscode.l10n.t('Publishing will need a new token.')} ${vscode.l10n.t('To stop the token from working at all, revoke it in the wiki app\'s settings, tab "API".')}`,
        REMOVE_ACTION,
      );
      if (choice !== REMOVE_ACTION) return false;
      await this.secrets.delete(API_TOKEN_SECRET_KEY);
    } catch (error) {
      this.logger.error(`Removing the API token failed: ${describeError(error)}`);
      void showError(vscode.l10n.t('The API token could not be removed: {0}', describeError(error)));
      return false;
    }
    this.logger.info('API token removed from the secret storage.');
    void showInfo(withEnvNote(vscode.l10n.t('The wiki API token was removed.')));
    return true;
  }
}
