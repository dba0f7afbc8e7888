import { redact } from '../../src/core/log/redact';
import type { Logger } from '../../src/core/ports';

/** Every line any MemoryLogger wrote during the run, for the suite-wide secret scan (test/support/secretScan.ts). */
export const allLoggedLines: string[] = [];

/** Records redacted log lines, as the extension's log channel does, so tests can assert on them. */
export class MemoryLogger implements Logger {
  readonly lines: string[] = [];
  info(message: string): void { this.record('info', message); }
  warn(message: string): void { this.record('warn', message); }
  error(message: string): void { this.record('error', message); }
  debug(message: string): void { this.record('debug', message); }

  private record(level: string, message: string): void {
    const line = `${level} ${redact(message)}`;
    this.lines.push(line);
    allLoggedLines.push(line);
  }
}
