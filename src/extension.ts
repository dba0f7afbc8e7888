// The composition root: builds the objects and registers them. No logic lives here.
import * as vscode from 'vscode';
import { describeError } from './core/log/redact';
import { systemClock } from './core/ports';
import { EXPORT_PROVIDER_ID, EXPORT_PROVIDER_LABEL, ExportAuthProvider } from './editor/auth/authProvider';
import { ExportSessionService } from './editor/auth/exportSessionService';
import { CommandManager } from './editor/commandManager';
import { PublishCommand } from './editor/commands/publish';
import { RefreshExportSessionCommand } from './editor/commands/refreshExportSession';
import { RemoveApiTokenCommand } from './editor/commands/removeApiToken';
import { SetApiTokenCommand } from './editor/commands/setApiToken';
import { SetClientSecretCommand } from './editor/commands/setClientSecret';
import { ShowLogCommand } from './editor/commands/showLog';
import { SignInCommand } from './editor/commands/signIn';
import { SignOutCommand } from './editor/commands/signOut';
import { createLog } from './editor/log';
import { claimNoticeOnce } from './editor/noticeClaims';
import { TargetMemory } from './editor/publish/targetMemory';
import { secretStoreOf } from './editor/secrets';
import { TokenStatusItem } from './editor/statusBar/tokenStatusItem';

/** The background refresh of the export session loads the HTTP client, so it waits until start-up is over. */
const BACKGROUND_START_DELAY_MS = 10_000;

export function activate(context: vscode.ExtensionContext): void {
  const channel = vscode.window.createOutputChannel('Wiki Publisher', { log: true });
  context.subscriptions.push(channel);
  const log = createLog(channel);
  try {
    const env = process.env;
    const secrets = secretStoreOf(context.secrets);
    const globalStorageDir = context.globalStorageUri.fsPath;
    const claimNotice = (key: string): Promise<boolean> => claimNoticeOnce(globalStorageDir, key);
    const exportSession = new ExportSessionService({
      secrets, onDidChangeSecret: context.secrets.onDidChange, globalState: context.globalState,
      globalStorageDir, clock: systemClock, log, env, claimNotice,
    });
    const tokenStatus = new TokenStatusItem({
      secrets: context.secrets, globalState: context.globalState, clock: systemClock, env, logger: log,
      claimNotice,
    });
    const showExportSession = (): void =>
      void exportSession.statusInfo().then(
        (info) => tokenStatus.setExportSession(info),
        (error: unknown) => log.warn(`Reading the export session failed: ${describeError(error)}`),
      );
    const setApiToken = new SetApiTokenCommand(context.secrets, systemClock, log);
    const signIn = new SignInCommand(exportSession, secrets, env, systemClock, log);
    const commands = new CommandManager();
    context.subscriptions.push(exportSession, tokenStatus, commands, exportSession.onDidChange(showExportSession));
    for (const command of [
      setApiToken,
      new RemoveApiTokenCommand(context.secrets, env, log),
      new ShowLogCommand(channel),
      new PublishCommand({
        secrets, memory: new TargetMemory(context.globalState), log, clock: systemClock, env,
        showLog: () => channel.show(true),
        setApiToken: () => setApiToken.execute(),
        explainNotFound: (target, signal) => exportSession.explainNotFound(target, signal),
      }),
      signIn,
      new SignOutCommand(exportSession),
      new SetClientSecretCommand(secrets),
      new RefreshExportSessionCommand(exportSession),
    ]) {
      commands.register(command);
    }
    const authProvider = new ExportAuthProvider(exportSession, () => signIn.execute());
    context.subscriptions.push(
      authProvider,
      vscode.authentication.registerAuthenticationProvider(EXPORT_PROVIDER_ID, EXPORT_PROVIDER_LABEL, authProvider, { supportsMultipleAccounts: false }),
    );
    showExportSession();
    const background = setTimeout(() => {
      exportSession.startBackgroundRefresh().catch((error: unknown) => log.warn(`Starting the export session refresh failed: ${describeError(error)}`));
    }, BACKGROUND_START_DELAY_MS);
    context.subscriptions.push({ dispose: () => clearTimeout(background) });
  } catch (error) {
    // A failed activation must be visible, not a silent absence of commands.
    log.error(`Activation failed: ${describeError(error)}`);
    void vscode.window.showErrorMessage(`Wiki Publisher could not start: ${describeError(error)}`, 'Show Log').then((choice) => {
      if (choice) channel.show(true);
    });
  }
}

export function deactivate(): void {}
