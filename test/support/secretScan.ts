// Reliability requirement 2: after the whole suite, every log line it produced is scanned for secrets.
// Loaded by mocha as a root hook plugin (.mocharc.json "require").
import { allLoggedLines } from '../fakes/memoryLogger';

/** Shapes of secrets that must never reach a log. */
export const SECRET_PATTERNS: ReadonlyArray<[string, RegExp]> = [
  ['JWT', /eyJ[A-Za-z0-9_-]{2,}\.eyJ[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]*/],
  ['bearer credential', /\bbearer\s+(?!\[redacted\])[A-Za-z0-9._~+/=-]{8,}/i],
  ['token or secret field', /(token|secret|password|verifier)["']?\s*[:=]\s*["']?(?!\[redacted\])[A-Za-z0-9._~+/=-]{8,}/i],
];

export function findSecrets(lines: readonly string[]): string[] {
  return lines.flatMap((line) => SECRET_PATTERNS.filter(([, pattern]) => pattern.test(line)).map(([name]) => `${name} in: ${line.slice(0, 80)}...`));
}

export const mochaHooks = {
  afterAll(): void {
    const hits = findSecrets(allLoggedLines);
    if (hits.length > 0) throw new Error(`Secret scan of ${allLoggedLines.length} log lines found ${hits.length} secret(s):\n${hits.join('\n')}`);
  },
};
