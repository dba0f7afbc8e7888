// The composition root: builds the objects and registers them. No logic lives here.
import * as vscode from 'vscode';
import { describeError } from './core/log/redact';
import { systemClock } from './core/ports';
import { CommandManager } from './editor/commandManager';
import { PublishCommand } from './editor/commands/publish';
import { RemoveApiTokenCommand } from './editor/commands/removeApiToken';
import { SetApiTokenCommand } from './editor/commands/setApiToken';
import { ShowLogCommand } from './editor/commands/showLog';
import { createLog } from './editor/log';
import { TargetMemory } from './editor/publish/targetMemory';
import { secretStoreOf } from './editor/secrets';
import { TokenStatusItem } from './editor/statusBar/tokenStatusItem';

export function activate(context: vscode.ExtensionContext): void {
  const channel = vscode.window.createOutputChannel('Wiki Publisher', { log: true });
  context.subscriptions.push(channel);
  const log = createLog(channel);
  try {
    const env = process.env;
    const setApiToken = new SetApiTokenCommand(context.secrets, systemClock, log);
    const commands = new CommandManager();
    context.subscriptions.push(commands);
    commands.register(setApiToken);
    commands.register(new RemoveApiTokenCommand(context.secrets, env, log));
    commands.register(new ShowLogCommand(channel));
    commands.register(
      new PublishCommand({
        secrets: secretStoreOf(context.secrets),
        memory: new TargetMemory(context.globalState),
        log,
        clock: systemClock,
        env,
        showLog: () => channel.show(true),
        setApiToken: () => setApiToken.execute(),
      }),
    );
    context.subscriptions.push(new TokenStatusItem({ secrets: context.secrets, globalState: context.globalState, clock: systemClock, env, logger: log }));
  } catch (error) {
    // A failed activation must be visible, not a silent absence of commands.
    log.error(`Activation failed: ${describeError(error)}`);
    void vscode.window.showErrorMessage(`Wiki Publisher could not start: ${describeError(error)}`, 'Show Log').then((choice) => {
      if (choice) channel.show(true);
    });
  }
}

export function deactivate(): void {}
