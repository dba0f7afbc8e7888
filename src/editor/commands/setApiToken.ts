// "Wiki: Set API Token": a password input that refuses anything but an unexpired token (inline, without
// echoing it) and stores the trimmed token only in the secret storage.
import * as vscode from 'vscode';
import { formatRemaining, formatUtc } from '../../core/apiToken/timeText';
import { API_TOKEN_SECRET_KEY } from '../../core/apiToken/tokenSource';
import { validateApiToken } from '../../core/apiToken/validate';
import { editorTokenMessages } from '../messages/tokenMessages';
import { describeError } from '../../core/log/redact';
import { silentLogger, type Clock, type Logger } from '../../core/ports';
import { neutralise } from '../../core/text/neutralise';
import { showError, showInfo } from '../notify';
import type { Command } from '../command';

export class SetApiTokenCommand implements Command {
  readonly id = 'wikiPublisher.setApiToken';

  constructor(
    private readonly secrets: Pick<vscode.SecretStorage, 'store'>,
    private readonly clock: Clock,
    private readonly logger: Logger = silentLogger,
  ) {}

  /** Resolves true once a token is stored, so a caller (publish) can chain "Set API Token" then retry. */
  async execute(): Promise<boolean> {
    const raw = await vscode.window.showInputBox({
      title: vscode.l10n.t('Wiki: Set API Token'),
      prompt: vscode.l10n.t('Paste the API token created in the wiki app\'s settings, tab "API". It is kept in VS Code\'s secret storage.'),
      placeHolder: vscode.l10n.t('The token is shown only once, when it is created'),
      password: true,
      ignoreFocusOut: true,
      validateInput: (value) => this.inlineProblem(value),
    });
    // Escape, or Enter on an empty box: cancel quietly.
    if (raw === undefined || raw.trim() === '') return false;

    // Checked again: the token may have expired while the box was open.
    const result = validateApiToken(raw, this.clock.now(), editorTokenMessages);
    if (!result.ok) {
      void showError(result.message);
      return false;
    }
    try {
      await this.secrets.store(API_TOKEN_SECRET_KEY, result.token);
    } catch (error) {
      this.logger.error(`Storing the API token failed: ${describeError(error)}`);
      void showError(vscode.l10n.t('The API token could not be saved in the secret storage: {0}', describeError(error)));
      return false;
    }
    const expiresAt = result.claims.exp * 1000;
    this.logger.info(`API token stored; it expires ${formatUtc(expiresAt, editorTokenMessages)}.`);
    void showInfo(
      vscode.l10n.t('Wiki API token saved. It expires on {0} (in {1}).', formatUtc(expiresAt, editorTokenMessages), formatRemaining(expiresAt - this.clock.now(), editorTokenMessages)),
    );
    return true;
  }

  /** The inline message under the input box; nothing while the box is still empty. */
  private inlineProblem(value: string): string | undefined {
    if (value === '') return undefined;
    const result = validateApiToken(value, this.clock.now(), editorTokenMessages);
    // Quick input messages render links and icons like notifications do.
    return result.ok ? undefined : neutralise(result.message);
  }
}
