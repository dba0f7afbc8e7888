import type * as vscode from 'vscode';
import type { Command } from '../command';

/** Wiki: Show Log. */
export class ShowLogCommand implements Command {
  readonly id = 'wikiPublisher.showLog';

  /** `channel` makes the log's channel if nothing has been logged yet (log.ts). */
  constructor(private readonly channel: () => vscode.LogOutputChannel) {}

  execute(): void {
    this.channel().show(true);
  }
}
