import type * as vscode from 'vscode';
import type { Command } from './command';

/** Wiki: Show Log. */
export class ShowLogCommand implements Command {
  readonly id = 'wikiPublisher.showLog';

  constructor(private readonly channel: vscode.LogOutputChannel) {}

  execute(): void {
    this.channel.show(true);
  }
}
