import type * as vscode from 'vscode';
import { redact } from '../core/log/redact';
import type { Logger } from '../core/ports';

/**
 * The extension's one log: a LogOutputChannel behind the core's Logger port, redacting every line. `channel` makes
 * the channel on its first line (or Show Log), not during activation: a session that logs nothing never makes one.
 */
export function createLog(channel: () => vscode.LogOutputChannel): Logger {
  return {
    info: (message) => channel().info(redact(message)),
    warn: (message) => channel().warn(redact(message)),
    error: (message) => channel().error(redact(message)),
    debug: (message) => channel().debug(redact(message)),
  };
}
