// "VS Code windows" in one process for the lagging-store tests: each a session manager over its own lagging
// view of one secret store (test/fakes/laggingSecretStore.ts), against the sandbox identity provider.
import assert from 'node:assert/strict';
import { ExportSessionManager, SESSION_SECRET_KEY, TokenClient, parseSession, type ExportSession, type ExportSessionEvent } from '../../src/core/oauth';
import { sessionFromTokens } from '../../src/core/oauth/session';
import type { LaggingSecretView, LaggingSecretWorld } from '../fakes/laggingSecretStore';
import type { Clock } from '../../src/core/ports';
import path from 'node:path';
import { ManualClock } from '../fakes/manualClock';
import { MemoryLogger } from '../fakes/memoryLogger';
import { startIdp, type Idp } from '../sandbox/idp';
import { linesLeakingSecrets, makeTempDir } from '../sandbox/oauthTestKit';

const MINUTE = 60_000;

export interface Window {
  view: LaggingSecretView;
  manager: ExportSessionManager;
  events: ExportSessionEvent[];
  clock: Clock;
}

export interface WindowOptions {
  lockDir: string;
  lockTimeoutMs?: number;
  consistencyWaitMs?: number;
  mayRefresh?: boolean;
  /** This window's own clock (another machine's, for a remote window); the shared test clock when absent. */
  clock?: Clock;
}

export interface LaggingWindows {
  open(world: LaggingSecretWorld, options: WindowOptions): Window;
  /** Signs in through `window` with a session the identity provider issued, and lets every view see it. */
  signIn(world: LaggingSecretWorld, window: Window): Promise<ExportSession>;
  /** A clock `skewMs` ahead of the test's (behind when negative): another machine's. */
  skewedClock(skewMs: number): Clock;
  /** What the backing store holds (what a window opened now would read). */
  stored(world: LaggingSecretWorld): ExportSession | undefined;
  /** Moves the clock inside the 5-minute margin of the stored access token. */
  enterMargin(world: LaggingSecretWorld): ExportSession;
}

export function laggingWindows(context: () => { idp: Idp; clock: ManualClock; logger: MemoryLogger }): LaggingWindows {
  const stored = (world: LaggingSecretWorld): ExportSession | undefined => parseSession(world.stored(SESSION_SECRET_KEY));
  return {
    open(world, options) {
      const { idp, logger } = context();
      const clock = options.clock ?? context().clock;
      const view = world.view();
      const tokenClient = new TokenClient({
        authUrl: idp.authUrl,
        clientId: idp.clientId,
        getClientSecret: async () => idp.clientSecret,
        clock,
        logger,
        retry: { maxAttempts: 1 },
        timeoutMs: 5000,
      });
      const manager = new ExportSessionManager({ store: view, logger, tokenClient, lockTimeoutMs: 10_000, ...options, clock });
      const events: ExportSessionEvent[] = [];
      manager.onDidChange((event) => events.push(event));
      return { view, manager, events, clock };
    },
    skewedClock(skewMs) {
      return { now: () => context().clock.now() + skewMs };
    },
    async signIn(world, window) {
      const { idp } = context();
      const clock = window.clock;
      const issued = idp.issueSessionDirectly();
      const session = sessionFromTokens(
        { accessToken: issued.access_token, ...(issued.refresh_token ? { refreshToken: issued.refresh_token } : {}), scope: issued.scope },
        clock.now(),
      );
      assert.ok(session);
      await window.manager.saveSignedInSession(session);
      await world.settled();
      return session;
    },
    stored,
    enterMargin(world) {
      const session = stored(world);
      assert.ok(session, 'a stored session');
      context().clock.set(session.accessExpiresAt - 2 * MINUTE);
      return session;
    },
  };
}

/**
 * What the windows of a lagging-store test share, started before each test and stopped after it by mocha hooks this
 * registers: the sandbox identity provider on the test's clock, the log (no secret may reach it: checked after each
 * test), a temporary folder holding each machine's lock folder, and the windows opened over them.
 */
export class RaceWorld {
  idp!: Idp;
  clock!: ManualClock;
  logger!: MemoryLogger;
  temp!: { dir: string; remove(): Promise<void> };
  /** Secrets a test learnt (tokens it was issued): none may appear in the log. */
  readonly secrets: string[] = [];
  readonly windows = laggingWindows(() => ({ idp: this.idp, clock: this.clock, logger: this.logger }));

  /** A local window's lock folder (its global storage); a remote window's is another (remoteLocks). */
  localLocks(): string {
    return path.join(this.temp.dir, 'local-global-storage');
  }

  remoteLocks(): string {
    return path.join(this.temp.dir, 'remote-global-storage');
  }
}

export function useRaceWorld(tempPrefix: string): RaceWorld {
  const race = new RaceWorld();
  beforeEach(async () => {
    race.clock = new ManualClock();
    race.logger = new MemoryLogger();
    race.idp = await startIdp({ now: () => race.clock.now() });
    race.temp = await makeTempDir(tempPrefix);
  });
  afterEach(async () => {
    race.idp.faults.release();
    assert.deepEqual(linesLeakingSecrets(race.logger.lines, [...race.secrets, race.idp.clientSecret]), [], 'a secret reached the log');
    await race.idp.close();
    await race.temp.remove();
  });
  return race;
}
