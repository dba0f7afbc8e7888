import * as vscode from 'vscode';
import { withProgressBeforeResult } from '../progressNotification';
import { describeError } from '../../core/log/redact';
import type { ExportSession } from '../../core/oauth/session';
import type { Clock, Logger, SecretStore } from '../../core/ports';
import type { ExportSessionService } from '../auth/exportSessionService';
import { readClientSecret, readExportSettings } from '../auth/exportSettings';
import { showError, showInfo } from '../notify';
import { editorTransport } from '../net/editorTransport';
import { authFailureText } from '../auth/authFailureText';
import { editorSignInMessages } from '../messages/signInMessages';
import { onDemand } from '../onDemandLoader';
import type { Command } from '../command';

/** Wiki: Sign In to Export API. The authorization code flow in the user's browser, cancellable while it waits. */
export class SignInCommand implements Command {
  readonly id = 'wikiPublisher.signIn';

  constructor(
    private readonly service: ExportSessionService,
    private readonly secrets: SecretStore,
    private readonly env: NodeJS.ProcessEnv,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  async execute(): Promise<ExportSession | undefined> {
    const settings = readExportSettings();
    if (!settings.authUrl || !settings.clientId) {
      const choice = await showError(vscode.l10n.t('To sign in, set the identity provider address and the client ID of your OAuth integration in your user settings.'), vscode.l10n.t('Open Settings'));
      if (choice) await vscode.commands.executeCommand('workbench.action.openSettings', 'wikiPublisher.export');
      return undefined;
    }
    let clientSecret: string | undefined;
    try {
      clientSecret = await readClientSecret(this.secrets, this.env);
    } catch (error) {
      // The secret storage itself failed (a locked keyring): say so, instead of an unhandled rejection.
      return this.report(error);
    }
    if (!clientSecret) {
      const choice = await showError(vscode.l10n.t('No OAuth client secret is set for the export API.'), vscode.l10n.t('Set OAuth Client Secret'));
      if (choice) await vscode.commands.executeCommand('wikiPublisher.setClientSecret');
      return undefined;
    }
    try {
      const session = await withProgressBeforeResult(
        vscode.l10n.t('Signing in to the export API: approve the request in your browser.'),
        (_progress, signal) => {
          return onDemand().signIn({
            ...settings,
            clientSecret,
            openBrowser: async (url) => vscode.env.openExternal(vscode.Uri.parse(url, true)),
            saveSession: (session) => this.service.manager().saveSignedInSession(session),
            clock: this.clock,
            signal,
            logger: this.log,
            transport: editorTransport(),
            pageMessages: editorSignInMessages,
          });
        },
      );
      void showInfo(session.account ? vscode.l10n.t('Signed in to the export API as {0}.', session.account) : vscode.l10n.t('Signed in to the export API.'));
      return session;
    } catch (error) {
      return this.report(error);
    }
  }

  private async report(error: unknown): Promise<undefined> {
    const core = onDemand();
    if (core.isExportAuthError(error, 'cancelled')) return undefined;
    this.log.error(`Sign-in to the export API failed: ${describeError(error)}`);
    const choice = await showError(vscode.l10n.t('Sign-in to the export API failed: {0}', authFailureText(error, () => editorSignInMessages)), vscode.l10n.t('Show Log'));
    if (choice) await vscode.commands.executeCommand('wikiPublisher.showLog');
    return undefined;
  }
}
