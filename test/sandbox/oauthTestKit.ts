// Helpers for the export sign-in tests: a browser stand-in that walks the sandbox identity provider's
// authorization page to the loopback callback, a session manager wired to the sandbox, and a secret scanner.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Clock, Logger, SecretStore } from '../../src/core/ports';
import { ExportSessionManager, SESSION_SECRET_KEY, TokenClient, parseSession, signIn, type ExportSession, type ExportSessionEvent, type Sleep } from '../../src/core/oauth';
import type { Idp } from './idp';

export interface BrowserVisit {
  /** The status of the loopback callback page. */
  callbackStatus: number;
  callbackUrl: string;
}

/** Plays the user's browser: opens the authorization URL, presses Approve or Deny, follows to the callback. */
export async function playBrowser(authorizeUrl: string, decision: 'approve' | 'deny' = 'approve'): Promise<BrowserVisit> {
  const page = await fetch(authorizeUrl, { redirect: 'manual' });
  let location = page.headers.get('location');
  if (!location) {
    const html = await page.text();
    const requestId = /name="request_id" value="([^"]+)"/.exec(html)?.[1];
    if (!requestId) throw new Error(`The authorization page has no request id (HTTP ${page.status}).`);
    const decided = await fetch(new URL('/authorize/decision', authorizeUrl), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ request_id: requestId, decision }).toString(),
    });
    location = decided.headers.get('location');
    if (!location) throw new Error(`The decision did not redirect (HTTP ${decided.status}).`);
  } else {
    await page.body?.cancel();
  }
  const callback = await fetch(location, { redirect: 'manual' });
  await callback.text();
  return { callbackStatus: callback.status, callbackUrl: location };
}

export interface ManagerKit {
  manager: ExportSessionManager;
  events: ExportSessionEvent[];
  sleeps: number[];
}

/** A session manager against the sandbox, recording its events and the waits it asked for (never waiting). */
export function managerFor(
  idp: Idp,
  deps: { store: SecretStore; clock: Clock; logger: Logger; lockDir: string; lockTimeoutMs?: number; consistencyWaitMs?: number; viewSince?: number },
): ManagerKit {
  const sleeps: number[] = [];
  const sleep: Sleep = async (ms) => void sleeps.push(ms);
  const tokenClient = new TokenClient({
    authUrl: idp.authUrl,
    clientId: idp.clientId,
    getClientSecret: async () => idp.clientSecret,
    clock: deps.clock,
    logger: deps.logger,
    sleep,
    timeoutMs: 5000,
  });
  const manager = new ExportSessionManager({ ...deps, tokenClient });
  const events: ExportSessionEvent[] = [];
  manager.onDidChange((event) => events.push(event));
  return { manager, events, sleeps };
}

export async function makeTempDir(prefix: string): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

const JWT_PATTERN = /eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\./;

/** Log lines that contain a JWT or any of the given secret values. */
export function linesLeakingSecrets(lines: readonly string[], secrets: readonly string[]): string[] {
  return lines.filter((line) => JWT_PATTERN.test(line) || secrets.some((secret) => secret.length >= 8 && line.includes(secret)));
}

/** Waits for a condition instead of a fixed time; fails after `limitMs` of real time. */
export async function waitFor(condition: () => boolean | Promise<boolean>, what: string, limitMs = 10_000): Promise<void> {
  const giveUpAt = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > giveUpAt) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Signs in through the sandbox with auto-approve, the way a user would, and stores the session. */
export async function signInThroughSandbox(idp: Idp, manager: ExportSessionManager, clock: Clock): Promise<ExportSession> {
  const previous = idp.autoApprove;
  idp.autoApprove = true;
  // A failing browser stand-in ends the sign-in at once with its error instead of a 5-minute wait.
  const browserFailed = new AbortController();
  let browserError: unknown;
  try {
    return await signIn({
      authUrl: idp.authUrl,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      redirectPort: 0,
      openBrowser: async (url) => {
        playBrowser(url).catch((error: unknown) => {
          browserError = error;
          browserFailed.abort();
        });
        return true;
      },
      saveSession: (session) => manager.saveSignedInSession(session),
      clock,
      signal: browserFailed.signal,
      waitTimeoutMs: 10_000,
    });
  } catch (error) {
    throw browserError ?? error;
  } finally {
    idp.autoApprove = previous;
  }
}

/** Presents a refresh token straight to the token endpoint, as a careless second client would. */
export async function presentRefreshToken(idp: Idp, refreshToken: string): Promise<{ status: number; error?: string }> {
  const response = await fetch(`${idp.authUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'refresh_token', client_id: idp.clientId, client_secret: idp.clientSecret, refresh_token: refreshToken }),
  });
  const body = (await response.json()) as { error?: string };
  return { status: response.status, ...(body.error ? { error: body.error } : {}) };
}

/** The export session a store holds, as a window would read it. */
export async function readSession(store: Pick<SecretStore, 'get'>): Promise<ExportSession | undefined> {
  return parseSession(await store.get(SESSION_SECRET_KEY));
}
