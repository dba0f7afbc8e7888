import { redact } from '../../src/core/log/redact';
import type { Logger } from '../../src/core/ports';

/** Records redacted log lines so tests can assert on them (and scan them for secrets). */
export class MemoryLogger implements Logger {
  readonly lines: string[] = [];
  info(message: string): void { this.lines.push(`info ${redact(message)}`); }
  warn(message: string): void { this.lines.push(`warn ${redact(message)}`); }
  error(message: string): void { this.lines.push(`error ${redact(message)}`); }
  debug(message: string): void { this.lines.push(`debug ${redact(message)}`); }
}
