import assert from 'node:assert/strict';
import { MemoryLogger } from '../fakes/memoryLogger';
import { ManualClock } from '../fakes/manualClock';
import { ExportAuthError, TokenClient, type TokenResult } from '../../src/core/oauth';
import { startIdp, type Idp } from '../sandbox/idp';
import { linesLeakingSecrets, presentRefreshToken, waitFor } from '../sandbox/oauthTestKit';

describe('the token endpoint client under injected faults', () => {
  let idp: Idp;
  let logger: MemoryLogger;
  let sleeps: number[];
  let refreshToken: string;

  function client(extra: Partial<ConstructorParameters<typeof TokenClient>[0]> = {}): TokenClient {
    return new TokenClient({
      authUrl: idp.authUrl,
      clientId: idp.clientId,
      getClientSecret: async () => idp.clientSecret,
      logger,
      clock: new ManualClock(),
      random: () => 0.5,
      sleep: async (ms) => void sleeps.push(ms),
      retry: { maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 5000 },
      ...extra,
    });
  }

  function errorOf(result: TokenResult): ExportAuthError {
    assert.equal(result.ok, false, 'expected a failure');
    return (result as { ok: false; error: ExportAuthError }).error;
  }

  beforeEach(async () => {
    idp = await startIdp();
    logger = new MemoryLogger();
    sleeps = [];
    const issued = idp.issueSessionDirectly();
    refreshToken = issued.refresh_token ?? '';
  });
  afterEach(async () => {
    assert.deepEqual(linesLeakingSecrets(logger.lines, [refreshToken, idp.clientSecret]), []);
    await idp.close();
  });

  it('classifies 403 invalid_grant by its error field and does not retry it', async () => {
    idp.revokeAll();
    const error = errorOf(await client().refresh(refreshToken));
    assert.equal(error.kind, 'invalidGrant');
    assert.equal(error.details.status, 403);
    assert.equal(idp.stats.refreshRequests, 1);
    assert.doesNotMatch(error.message, new RegExp(refreshToken));
  });

  it('waits as long as Retry-After says on 429, then succeeds', async () => {
    idp.faults.inject({ kind: '429', retryAfterSeconds: 2 });
    const result = await client().refresh(refreshToken);
    assert.equal(result.ok, true);
    assert.equal(sleeps.length, 1);
    assert.ok(sleeps[0]! >= 2000 && sleeps[0]! <= 2100, `waited ${sleeps[0]} ms`);
  });

  it('gives up at once when Retry-After is beyond the cap, keeping the hint', async () => {
    idp.faults.inject({ kind: '429', retryAfterSeconds: 60 });
    const error = errorOf(await client().refresh(refreshToken));
    assert.equal(error.kind, 'rateLimited');
    assert.equal(error.retryable, true);
    assert.equal(error.details.retryAfterMs, 60_000);
    assert.deepEqual(sleeps, []);
  });

  for (const kind of ['500', '503', 'reset'] as const) {
    it(`retries after ${kind} with growing, jittered, capped backoff and then succeeds`, async () => {
      idp.faults.inject({ kind }, 2);
      const result = await client().refresh(refreshToken);
      assert.equal(result.ok, true);
      assert.deepEqual(sleeps, [50, 100], 'half of 100 ms, then half of 200 ms');
      assert.equal(idp.stats.refreshRequests, 3);
      assert.ok(idp.chainAlive(refreshToken));
    });
  }

  it('reports a retryable error once the attempts are used up', async () => {
    idp.faults.inject({ kind: '503' }, 10);
    const error = errorOf(await client().refresh(refreshToken));
    assert.equal(error.kind, 'serverError');
    assert.equal(error.retryable, true);
    assert.equal(idp.stats.refreshRequests, 4);
  });

  it('names the status when the answer is not JSON', async () => {
    idp.faults.inject({ kind: 'html' }, 10);
    const error = errorOf(await client({ retry: { maxAttempts: 1 } }).refresh(refreshToken));
    assert.match(error.message, /HTTP 502/);
  });

  it('rejects a wrong client secret as invalid_client', async () => {
    const error = errorOf(await client({ getClientSecret: async () => 'wrong-secret' }).refresh(refreshToken));
    assert.equal(error.kind, 'invalidClient');
  });

  it('ends a stalled request at its deadline and stops at once on cancel', async () => {
    idp.faults.hold();
    const stalled = errorOf(await client({ timeoutMs: 100, retry: { maxAttempts: 1 } }).refresh(refreshToken));
    assert.equal(stalled.kind, 'network');

    const controller = new AbortController();
    const pending = client().refresh(refreshToken, controller.signal);
    await idp.faults.whenHeld(2);
    controller.abort();
    await waitFor(() => idp.faults.held === 0, 'the server to notice both clients left');
    assert.equal(errorOf(await pending).kind, 'cancelled');
    idp.faults.release();
    assert.ok(idp.chainAlive(refreshToken), 'held requests whose client left were never processed');
    assert.equal((await presentRefreshToken(idp, refreshToken)).status, 200);
  });

  it('refuses a plain-http identity provider that is not loopback, before sending the secret', async () => {
    const error = errorOf(await client({ authUrl: 'http://idp.example.com' }).refresh(refreshToken));
    assert.equal(error.kind, 'config');
  });
});
