import assert from 'node:assert/strict';
import { backoffDelay, defaultBackoff } from '../../src/core/importApi/backoff';
import { isRetryable, withRetries } from '../../src/core/importApi/client';
import type { AttemptResult } from '../../src/core/importApi/types';
import { outcomeOf } from '../../src/core/publish/outcome';

const target = { spaceId: 'DOCS', parentId: '1', pageTitle: 'T', overwrite: false };
const response = (status: number, message?: string, retryAfterMs?: number): AttemptResult => ({ kind: 'response', status, message, retryAfterMs });

describe('backoff', () => {
  it('grows exponentially with jitter within [d/2, d] and a cap', () => {
    assert.equal(backoffDelay(defaultBackoff, 2, () => 0), 500);
    assert.equal(backoffDelay(defaultBackoff, 2, () => 1), 1000);
    assert.equal(backoffDelay(defaultBackoff, 3, () => 1), 2000);
    assert.equal(backoffDelay(defaultBackoff, 10, () => 1), defaultBackoff.maxDelayMs);
  });
  it('waits at least as long as Retry-After asks', () => {
    assert.equal(backoffDelay(defaultBackoff, 2, () => 0, 5000), 5000);
  });
});

describe('retries', () => {
  const noWait = { sleep: async () => {}, random: () => 0 };
  it('retries 5xx, 429, 408, network errors and timeouts; never other 4xx or a cancel', () => {
    for (const result of [response(500), response(503), response(429), response(408), { kind: 'network', detail: 'x' } as const, { kind: 'timeout' } as const]) {
      assert.ok(isRetryable(result), JSON.stringify(result));
    }
    for (const result of [response(400), response(401), response(402), response(403), response(404), response(200), { kind: 'cancelled' } as const]) {
      assert.ok(!isRetryable(result), JSON.stringify(result));
    }
  });
  it('does not wait automatically for a Retry-After beyond the cap', async () => {
    let calls = 0;
    const result = await withRetries(async () => { calls++; return response(503, undefined, 10 * 60_000); }, noWait);
    assert.equal(calls, 1);
    assert.equal(result.attempts, 1);
  });
  it('marks that an earlier attempt may have landed after a 5xx or timeout, not after a 429', async () => {
    const sequence = [response(429), response(201)];
    const after429 = await withRetries(async () => sequence.shift()!, noWait);
    assert.equal(after429.earlierAttemptMayHaveLanded, false);
    const sequence2 = [{ kind: 'timeout' } as const, response(201)];
    assert.equal((await withRetries(async () => sequence2.shift()!, noWait)).earlierAttemptMayHaveLanded, true);
  });
});

describe('outcome mapping', () => {
  const one = (last: AttemptResult, landed = false) => outcomeOf({ last, attempts: 1, earlierAttemptMayHaveLanded: landed }, target);
  it('shows the service body verbatim first', () => {
    for (const status of [200, 201, 400, 401, 402, 403, 404, 500]) {
      assert.ok(one(response(status, 'The service said this.')).message.startsWith('The service said this.'), String(status));
    }
  });
  it('maps each status to its kind and fixing action', () => {
    const table: Array<[number, string, string[]]> = [
      [201, 'created', []], [200, 'updated', []], [400, 'badRequest', ['showLog']], [401, 'unauthorized', ['setApiToken']],
      [402, 'licenseExpired', ['setApiToken']], [403, 'forbidden', ['setApiToken']], [404, 'notFound', ['signIn', 'showLog']],
      [500, 'serverError', ['retry', 'showLog']], [418, 'unexpected', ['showLog']],
    ];
    for (const [status, kind, actions] of table) {
      const outcome = one(response(status, 'x'));
      assert.equal(outcome.kind, kind, String(status));
      assert.deepEqual(outcome.actions, actions, String(status));
    }
  });
  it('tells an "already exists" 400 apart, and after a lost attempt says the page exists now', () => {
    assert.equal(one(response(400, 'Error: Page already exists')).kind, 'alreadyExists');
    assert.equal(one(response(400, 'Error: Page already exists'), true).kind, 'existsAfterRetry');
    assert.equal(outcomeOf({ last: response(400, 'Error: Page already exists'), attempts: 1, earlierAttemptMayHaveLanded: false }, { ...target, overwrite: true }).kind, 'badRequest');
  });
});
