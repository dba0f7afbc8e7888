// "Wiki: Remove API Token": deletes the stored token after a modal confirmation. Removing it here does
// not revoke it in the wiki, and an environment token takes over, so the messages say both.
import * as vscode from 'vscode';
import { API_TOKEN_ENV_VAR, API_TOKEN_SECRET_KEY } from '../../core/apiToken/tokenSource';
import { describeError } from '../../core/log/redact';
import { silentLogger, type Logger } from '../../core/ports';
import { showError, showInfo, showModal } from '../notify';
import type { Command } from './command';

const REMOVE_ACTION = 'Remove';

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
      ? ` The token in the ${API_TOKEN_ENV_VAR} environment variable will be used instead.`
      : '';
    try {
      if (!(await this.secrets.get(API_TOKEN_SECRET_KEY))) {
        void showInfo(`No wiki API token is stored.${envNote}`);
        return false;
      }
      const choice = await showModal(
        'warning',
        'Remove the wiki API token from the secret storage?',
        (envNote.trim() || 'Publishing will need a new token.') +
          ' To stop the token from working at all, revoke it in the wiki app\'s settings, tab "API".',
        REMOVE_ACTION,
      );
      if (choice !== REMOVE_ACTION) return false;
      await this.secrets.delete(API_TOKEN_SECRET_KEY);
    } catch (error) {
      this.logger.error(`Removing the API token failed: ${describeError(error)}`);
      void showError(`The API token could not be removed: ${describeError(error)}`);
      return false;
    }
    this.logger.info('API token removed from the secret storage.');
    void showInfo(`The wiki API token was removed.${envNote}`);
    return true;
  }
}
