// One "VS Code window" of the race tests: its own ExportSessionManager over the shared file-backed store and
// lock folder. It reads JSON commands on stdin and answers one JSON line each on stdout:
//   {"id":1,"cmd":"get","now":<virtual ms>,"startAt":<wall ms>}  -> waits for startAt, calls getAccessToken
//   {"id":2,"cmd":"exit"}
// Answers carry a fingerprint of the token, never the token. Configuration comes from RACE_WORKER_CONFIG,
// the client secret from WIKI_PUBLISHER_CLIENT_SECRET. With `pauseBeforeSendUntil`, the worker freezes its
// whole event loop right before its first token request (a paused extension host), says {"paused":true},
// and wakes once that file exists.
import { createHash } from 'node:crypto';
import { existsSync, writeSync } from 'node:fs';
import readline from 'node:readline';
import { ExportSessionManager, TokenClient, isExportAuthError, type ExportSessionEvent } from '../../src/core/oauth';
import { describeError } from '../../src/core/log/redact';
import { FileSecretStore } from '../fakes/fileSecretStore';
import { MemoryLogger } from '../fakes/memoryLogger';

export interface RaceWorkerConfig {
  authUrl: string;
  clientId: string;
  storeFile: string;
  lockDir: string;
  staleMs: number;
  lockTimeoutMs: number;
  pauseBeforeSendUntil?: string;
}

export interface RaceCommand {
  id: number;
  cmd: 'get' | 'exit';
  now?: number;
  startAt?: number;
}

export interface RaceReply {
  id: number;
  pid: number;
  ok: boolean;
  fingerprint?: string;
  errorKind?: string;
  error?: string;
  events: string[];
  log: string[];
}

export function fingerprint(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 16);
}

/** Blocks the event loop (timers, I/O, proper-lockfile's touches) until `file` exists. */
function freezeUntil(file: string): void {
  writeSync(1, `${JSON.stringify({ paused: true, pid: process.pid })}\n`);
  const slot = new Int32Array(new SharedArrayBuffer(4));
  while (!existsSync(file)) Atomics.wait(slot, 0, 0, 20);
}

/** Virtual time set by each command, moving on with the wall clock in between. */
class SteerableClock {
  private base = Date.now();
  private setAt = Date.now();
  set(virtualNow: number): void {
    this.base = virtualNow;
    this.setAt = Date.now();
  }
  now(): number {
    return this.base + (Date.now() - this.setAt);
  }
}

function main(): void {
  const config = JSON.parse(process.env.RACE_WORKER_CONFIG ?? '{}') as RaceWorkerConfig;
  const clock = new SteerableClock();
  const logger = new MemoryLogger();
  const tokenClient = new TokenClient({
    authUrl: config.authUrl,
    clientId: config.clientId,
    getClientSecret: async () => process.env.WIKI_PUBLISHER_CLIENT_SECRET,
    clock,
    logger,
    retry: { maxAttempts: 1 },
  });
  const manager = new ExportSessionManager({
    store: new FileSecretStore(config.storeFile),
    clock,
    logger,
    lockDir: config.lockDir,
    tokenClient,
    staleMs: config.staleMs,
    lockTimeoutMs: config.lockTimeoutMs,
    ...(config.pauseBeforeSendUntil ? { beforeTokenRequest: () => freezeUntil(config.pauseBeforeSendUntil ?? '') } : {}),
  });
  const events: string[] = [];
  manager.onDidChange((event: ExportSessionEvent) => events.push(event.type === 'signedOut' ? `signedOut:${event.reason}` : event.type));

  const reply = (value: Omit<RaceReply, 'pid' | 'events' | 'log'>): void => {
    const full: RaceReply = { ...value, pid: process.pid, events: events.splice(0), log: logger.lines.splice(0) };
    process.stdout.write(`${JSON.stringify(full)}\n`);
  };

  const input = readline.createInterface({ input: process.stdin });
  input.on('line', (line) => {
    if (!line.trim()) return;
    const command = JSON.parse(line) as RaceCommand;
    if (command.cmd === 'exit') {
      // The stdin pipe would keep the process alive; nothing is in flight when the harness says exit.
      process.exit(0);
    }
    if (command.now !== undefined) clock.set(command.now);
    const delay = Math.max(0, (command.startAt ?? 0) - Date.now());
    setTimeout(() => {
      manager.getAccessToken().then(
        (token) => reply({ id: command.id, ok: true, fingerprint: fingerprint(token) }),
        (error: unknown) =>
          reply({ id: command.id, ok: false, errorKind: isExportAuthError(error) ? error.kind : 'unexpected', error: describeError(error) }),
      );
    }, delay);
  });
  process.stdout.write(`${JSON.stringify({ ready: true, pid: process.pid })}\n`);
}

if (require.main === module) main();
