// The token request's retries (reliability requirement 16): retryTokenRequest on its own, and the client-credentials
// source over a scripted transport, so that a failure that may pass (5xx, 429 with Retry-After, a reset, a proxy's
// page) is asked again and a refusal (400 invalid_client, 401, 403) is not. Waits are recorded, never slept.
import assert from 'node:assert/strict';
import type { HttpRequest, HttpResponse, Transport } from '../../src/core/http/transport';
import { createClientCredentialsSource } from '../../src/core/oauth/clientCredentials';
import { DEFAULT_TOKEN_RETRY_POLICY, retryTokenRequest, tokenRetryDelay, type TokenAttempt } from '../../src/core/oauth/tokenRetry';

type Reply = { status: number; body: string; headers?: Record<string, string> } | { reset: true };

const json = (status: number, value: unknown, headers?: Record<string, string>): Reply => ({ status, body: JSON.stringify(value), ...(headers ? { headers } : {}) });
const TOKEN = json(200, { access_token: 'opaque-access-token', token_type: 'Bearer', expires_in: 600 });

/** Answers the scripted replies in order, counting the requests. */
function scripted(replies: Reply[]): Transport & { sent: number } {
  const transport = {
    name: 'scripted',
    sent: 0,
    async send(request: HttpRequest): Promise<HttpResponse> {
      transport.sent++;
      if (request.signal?.aborted) throw new Error('aborted');
      const reply = replies.shift() ?? TOKEN;
      if ('reset' in reply) throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
      return { status: reply.status, headers: reply.headers ?? {}, text: async () => reply.body };
    },
  };
  return transport as unknown as Transport & { sent: number };
}

describe('token request retries', () => {
  describe('retryTokenRequest', () => {
    const noWait = async (): Promise<void> => undefined;

    it('tries a transient failure again until an answer comes, and stops at once on one that is not', async () => {
      const answers: TokenAttempt<string>[] = [{ result: 'busy', transient: true }, { result: 'refused', transient: false }, { result: 'never', transient: false }];
      const outcome = await retryTokenRequest(async () => answers.shift()!, { sleep: noWait });
      assert.deepEqual(outcome, { kind: 'answered', result: 'refused', attempts: 2, transient: false });
    });

    it('gives up after the policy\'s attempts, saying the last answer was transient', async () => {
      let attempts = 0;
      const outcome = await retryTokenRequest(async () => ({ result: ++attempts, transient: true }), { sleep: noWait, policy: { maxAttempts: 3 } });
      assert.deepEqual(outcome, { kind: 'answered', result: 3, attempts: 3, transient: true });
    });

    it('waits as long as Retry-After asks, up to the cap, and not at all beyond it', async () => {
      const waits: number[] = [];
      const sleep = async (ms: number): Promise<void> => void waits.push(ms);
      const answers: TokenAttempt<string>[] = [{ result: 'slow down', transient: true, retryAfterMs: 2000 }, { result: 'token', transient: false }];
      await retryTokenRequest(async () => answers.shift()!, { sleep, random: () => 0 });
      assert.deepEqual(waits, [2000]);
      const tooLong = await retryTokenRequest(async () => ({ result: 'slow down', transient: true, retryAfterMs: DEFAULT_TOKEN_RETRY_POLICY.maxRetryAfterMs + 1 }), { sleep });
      assert.deepEqual(tooLong, { kind: 'answered', result: 'slow down', attempts: 1, transient: true });
      assert.equal(waits.length, 1);
    });

    it('ends a wait when the signal aborts, with no further attempt', async () => {
      const controller = new AbortController();
      let attempts = 0;
      // The real sleep: it must reject as soon as the signal aborts, however long the wait.
      const outcome = retryTokenRequest(async () => {
        attempts++;
        setImmediate(() => controller.abort());
        return { result: 'busy', transient: true, retryAfterMs: 50_000 };
      }, { signal: controller.signal });
      assert.deepEqual(await outcome, { kind: 'cancelled', attempts: 1 });
      assert.equal(attempts, 1);
    });

    it('backs off with jitter below a doubling ceiling, and adds a little jitter to Retry-After', () => {
      const policy = { ...DEFAULT_TOKEN_RETRY_POLICY, baseDelayMs: 500, maxDelayMs: 15_000 };
      assert.deepEqual([0, 1, 2, 10].map((retry) => tokenRetryDelay(policy, retry, () => 1)), [500, 1000, 2000, 15_000]);
      assert.equal(tokenRetryDelay(policy, 0, () => 0), 0);
      assert.equal(tokenRetryDelay(policy, 0, () => 1, 1000), 1500);
      assert.equal(tokenRetryDelay(policy, 0, () => 1, 61_000), undefined);
    });
  });

  describe('the client-credentials source', () => {
    const waits: number[] = [];
    const sleep = async (ms: number): Promise<void> => void waits.push(ms);
    beforeEach(() => void (waits.length = 0));
    const sourceOver = (transport: Transport) =>
      createClientCredentialsSource({ authUrl: 'http://127.0.0.1:9', clientId: 'ci', clientSecret: 'ci-secret-value', transport, sleep, random: () => 0 });

    for (const [name, fault] of [
      ['a 503', json(503, { error: 'server_error' })],
      ['a 500', json(500, { error: 'server_error' })],
      ['a proxy\'s HTML page', { status: 502, body: '<html><body>Bad Gateway</body></html>' }],
      ['a 200 whose body is not JSON', { status: 200, body: '<html>captive portal</html>' }],
      ['a reset connection', { reset: true }],
      ['a 408', json(408, { error: 'timeout' })],
    ] as const) {
      it(`asks again after ${name}`, async () => {
        const transport = scripted([fault]);
        const result = await sourceOver(transport).token();
        assert.ok(result.ok, result.ok ? '' : result.error.message);
        assert.equal(transport.sent, 2);
      });
    }

    it('honours a 429\'s Retry-After', async () => {
      const transport = scripted([json(429, { error: 'rate_limited' }, { 'retry-after': '1' })]);
      assert.ok((await sourceOver(transport).token()).ok);
      assert.equal(transport.sent, 2);
      assert.deepEqual(waits, [1000]);
    });

    for (const [name, refusal, kind] of [
      ['400 invalid_client', json(400, { error: 'invalid_client' }), 'invalidClient'],
      ['401', json(401, { error: 'invalid_client' }), 'invalidClient'],
      ['403 invalid_grant', json(403, { error: 'invalid_grant' }), 'invalidClient'],
      ['400 invalid_scope', json(400, { error: 'invalid_scope' }), 'config'],
      ['a 403 HTML page', { status: 403, body: '<html>Forbidden</html>' }, 'protocol'],
    ] as const) {
      it(`takes ${name} as a refusal, at once`, async () => {
        const transport = scripted([refusal]);
        const result = await sourceOver(transport).token();
        assert.ok(!result.ok);
        assert.equal(result.error.kind, kind);
        assert.equal(transport.sent, 1);
        assert.doesNotMatch(result.error.message, /Gave up/);
      });
    }

    it('says the provider failed, and how many attempts were made, when the failure persists', async () => {
      const transport = scripted(Array.from({ length: 10 }, () => json(503, { error: 'server_error' })));
      const result = await sourceOver(transport).token();
      assert.ok(!result.ok);
      assert.equal(transport.sent, DEFAULT_TOKEN_RETRY_POLICY.maxAttempts);
      assert.equal(result.error.message, `The identity provider failed with HTTP 503. Gave up after ${DEFAULT_TOKEN_RETRY_POLICY.maxAttempts} attempts.`);
      assert.ok(result.error.retryable);
    });

    it('stops the shared request once every caller has given up, so no wait outlives a Ctrl+C', async () => {
      const transport = scripted([json(429, { error: 'rate_limited' }, { 'retry-after': '50' })]);
      // The real sleep: a wait of 50 s that only the abort can end before mocha's timeout.
      const source = createClientCredentialsSource({ authUrl: 'http://127.0.0.1:9', clientId: 'ci', clientSecret: 'ci-secret-value', transport });
      const controller = new AbortController();
      const asked = source.token(controller.signal);
      while (transport.sent === 0) await new Promise((resolve) => setImmediate(resolve));
      controller.abort();
      const result = await asked;
      assert.ok(!result.ok && result.error.kind === 'cancelled');
      // A new caller is not joined to the request that is ending: it gets its own, which succeeds.
      assert.ok((await source.token()).ok);
      assert.equal(transport.sent, 2);
    });
  });
});
