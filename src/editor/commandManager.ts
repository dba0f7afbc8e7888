import * as vscode from 'vscode';
import type { Command } from './command';

/** Registers commands and disposes them together. */
export class CommandManager implements vscode.Disposable {
  private readonly registrations: vscode.Disposable[] = [];

  register(command: Command): void {
    this.registrations.push(vscode.commands.registerCommand(command.id, (...args: unknown[]) => command.execute(...args)));
  }

  dispose(): void {
    for (const registration of this.registrations.splice(0)) registration.dispose();
  }
}
