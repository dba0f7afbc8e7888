// Runs real Node processes (test/race/worker.ts) against one sandbox identity provider, one file-backed
// secret store and one lock folder, and drives them in rounds with a common start time.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { SESSION_SECRET_KEY, type ExportSession } from '../../src/core/oauth';
import { sessionFromTokens, serializeSession } from '../../src/core/oauth/session';
import { writeSessionMarker } from '../../src/core/oauth/sessionMarker';
import { FileSecretStore } from '../fakes/fileSecretStore';
import type { Idp } from '../sandbox/idp';
import type { IssuedTokens } from '../sandbox/idpGrants';
import type { RaceCommand, RaceReply, RaceWorkerConfig } from './worker';
import { readSession } from '../sandbox/oauthTestKit';

export { readSession };

export class RaceWorker {
  private nextId = 1;
  private readonly waiting = new Map<number, (reply: RaceReply) => void>();
  private pausedAt: (() => void) | undefined;
  /** Resolves when the worker says it froze before a token request (config `pauseBeforeSendUntil`). */
  readonly paused = new Promise<void>((resolve) => (this.pausedAt = resolve));
  readonly exited: Promise<void>;

  private constructor(private readonly child: ChildProcess) {
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
  }

  static async spawn(config: RaceWorkerConfig, clientSecret: string): Promise<RaceWorker> {
    const child = spawn(process.execPath, [path.join(__dirname, 'worker.js')], {
      stdio: ['pipe', 'pipe', 'inherit'],
      env: { ...process.env, RACE_WORKER_CONFIG: JSON.stringify(config), WIKI_PUBLISHER_CLIENT_SECRET: clientSecret },
    });
    const worker = new RaceWorker(child);
    const lines = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
    await new Promise<void>((resolve, reject) => {
      child.once('error', reject);
      lines.on('line', (line) => {
        const message = JSON.parse(line) as Partial<RaceReply> & { ready?: boolean; paused?: boolean };
        if (message.ready) return resolve();
        if (message.paused) return worker.pausedAt?.();
        if (message.id !== undefined) worker.waiting.get(message.id)?.(message as RaceReply);
      });
    });
    return worker;
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  /** Asks for an access token at `startAt` (wall ms) with the worker's clock set to `now` (virtual ms). */
  getAccessToken(now: number, startAt: number): Promise<RaceReply> {
    const id = this.nextId++;
    const answered = new Promise<RaceReply>((resolve) => this.waiting.set(id, resolve));
    this.send({ id, cmd: 'get', now, startAt });
    return answered;
  }

  kill(): void {
    this.child.kill('SIGKILL');
  }

  /** Asks the worker to exit; one that does not within a few seconds (stuck in a failed test) is killed by its pid. */
  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.send({ id: 0, cmd: 'exit' });
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        this.kill();
        resolve();
      }, 5_000);
    });
    await Promise.race([this.exited, gaveUp]);
    clearTimeout(timer);
    await this.exited;
  }

  private send(command: RaceCommand): void {
    this.child.stdin?.write(`${JSON.stringify(command)}\n`);
  }
}

/**
 * Writes a session issued straight by the identity provider into the shared store, and the session marker in
 * the lock folder (when given) as a window's sign-in would (sessionMarker.ts), so the workers trust the store.
 */
/** The worker configuration the race suites share: a store file and a lock folder in `dir`, a 2 s stale timeout. */
export function raceConfig(idp: Idp, dir: string): { config: RaceWorkerConfig; store: FileSecretStore } {
  const store = new FileSecretStore(path.join(dir, 'secrets.json'));
  const config = { authUrl: idp.authUrl, clientId: idp.clientId, storeFile: store.file, lockDir: path.join(dir, 'locks'), staleMs: 2000, lockTimeoutMs: 20_000 };
  return { config, store };
}

export async function seedSession(store: FileSecretStore, issued: IssuedTokens, now: number, lockDir?: string): Promise<ExportSession> {
  const session = sessionFromTokens(
    { accessToken: issued.access_token, ...(issued.refresh_token ? { refreshToken: issued.refresh_token } : {}), scope: issued.scope },
    now,
  );
  if (!session) throw new Error('the identity provider issued no refresh token');
  await store.store(SESSION_SECRET_KEY, serializeSession(session));
  if (lockDir) {
    await mkdir(lockDir, { recursive: true });
    await writeSessionMarker(lockDir, session);
  }
  return session;
}


export interface RoundResult {
  replies: RaceReply[];
  refreshRequests: number;
  session: ExportSession | undefined;
}

/**
 * One round: moves the virtual clock to two minutes before the stored access token expires (inside the
 * 5-minute margin), then has every worker ask for a token at the same wall-clock moment.
 */
export async function raceRound(idp: Idp, setVirtualNow: (ms: number) => void, store: FileSecretStore, workers: RaceWorker[]): Promise<RoundResult> {
  const before = await readSession(store);
  if (!before) throw new Error('no stored session to race on');
  const now = before.accessExpiresAt - 2 * 60_000;
  setVirtualNow(now);
  const requestsBefore = idp.stats.refreshRequests;
  const startAt = Date.now() + 60;
  const replies = await Promise.all(workers.map((worker) => worker.getAccessToken(now, startAt)));
  return { replies, refreshRequests: idp.stats.refreshRequests - requestsBefore, session: await readSession(store) };
}
