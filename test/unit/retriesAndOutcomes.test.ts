import assert from 'node:assert/strict';
import { backoffDelay, defaultBackoff } from '../../src/core/importApi/backoff';
import { isRetryable, withRetries } from '../../src/core/importApi/client';
import type { AttemptResult } from '../../src/core/importApi/types';
import { outcomeOf } from '../../src/core/publish/outcome';
import { parseRetryAfterMs } from '../../src/core/oauth/backoff';

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
    for (const result of [response(500), response(503), response(429), response(408), { kind: 'network', detail: 'x', reachedServer: true } as const, { kind: 'timeout' } as const]) {
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
  it('tells the caller once when it gives up because the wiki asked for a longer wait than the policy allows', async () => {
    const told: Array<[number, number]> = [];
    const hooks = { ...noWait, onRetryAfterTooLong: (ms: number, status: number) => told.push([ms, status]) };
    await withRetries(async () => response(429, undefined, 3_600_000), hooks);
    assert.deepEqual(told, [[3_600_000, 429]]);
    const sequence = [response(429, undefined, defaultBackoff.maxRetryAfterMs), response(503, undefined, 1000), response(429, undefined, 10)];
    await withRetries(async () => sequence.shift()!, hooks);
    assert.deepEqual(told, [[3_600_000, 429]], 'waits within the policy, and running out of attempts, are not "too long"');
    await withRetries(async () => response(400, undefined, 3_600_000), hooks);
    assert.equal(told.length, 1, 'a Retry-After on an answer that is never retried asks for no wait');
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
  it('says what a 413 means and what fixes it, after the body (a proxy\'s page too)', () => {
    const said = one(response(413, 'Error: Payload Too Large'));
    assert.equal(said.kind, 'unexpected');
    assert.match(said.message, /^Error: Payload Too Large \(HTTP 413\) The page is larger than the wiki \(or a proxy before it\) takes; a wiki page holds about 1 MB\. Split the file into several pages/);
    // A proxy's HTML page, or no body: what it means, once, not "not the import service's JSON" before it.
    for (const unreadable of ['notJson', 'empty'] as const) {
      const proxied = one({ kind: 'response', status: 413, message: undefined, unreadable });
      assert.match(proxied.message, /^The page is larger than the wiki \(or a proxy before it\) takes \(HTTP 413\); a wiki page holds about 1 MB\. Split the file/);
      assert.equal(proxied.message.split('413').length, 2, proxied.message);
    }
  });
  it('tells an "already exists" 400 apart, and after a lost attempt says the page exists now, still offering Overwrite', () => {
    assert.equal(one(response(400, 'Error: Page already exists')).kind, 'alreadyExists');
    const afterLoss = one(response(400, 'Error: Page already exists'), true);
    assert.equal(afterLoss.kind, 'existsAfterRetry');
    assert.deepEqual(afterLoss.actions, ['overwrite']);
    assert.equal(outcomeOf({ last: response(400, 'Error: Page already exists'), attempts: 1, earlierAttemptMayHaveLanded: false }, { ...target, overwrite: true }).kind, 'badRequest');
  });
});

describe('what may have landed', () => {
  const noWait = { sleep: async () => {}, random: () => 0 };
  it('a connection never made cannot have landed; a reset or timeout may have', async () => {
    const refused = [{ kind: 'network', detail: 'ECONNREFUSED', reachedServer: false } as const, response(400, 'Error: Page already exists')];
    assert.equal(outcomeOf(await withRetries(async () => refused.shift()!, noWait), target).kind, 'alreadyExists');
    const reset = [{ kind: 'network', detail: 'ECONNRESET', reachedServer: true } as const, response(400, 'Error: Page already exists')];
    assert.equal(outcomeOf(await withRetries(async () => reset.shift()!, noWait), target).kind, 'existsAfterRetry');
  });
  it('a manual Retry after a run that may have landed reports the existing page as probably ours', async () => {
    const exists = await withRetries(async () => response(400, 'Error: Page already exists'), { ...noWait, earlierRunMayHaveLanded: true });
    assert.equal(outcomeOf(exists, target).kind, 'existsAfterRetry');
  });
  it('the outcome says whether its run may have landed, for the Retry button to pass on', async () => {
    const failed = await withRetries(async () => response(500, 'x'), noWait);
    assert.equal(outcomeOf(failed, target).mayHaveLanded, true);
    assert.equal(outcomeOf(await withRetries(async () => response(401, 'x'), noWait), target).mayHaveLanded, false);
  });
  it('429 is throttling: Retry, with the wait the server asked for', async () => {
    const throttled = outcomeOf({ last: response(429, 'Error: Too many requests', 120_000), attempts: 1, earlierAttemptMayHaveLanded: false }, target);
    assert.equal(throttled.kind, 'throttled');
    assert.deepEqual(throttled.actions, ['retry', 'showLog']);
    assert.match(throttled.message, /Try again in 120 s/);
  });
});

describe('Retry-After read as RFC 9110 writes it', () => {
  const NOW = Date.parse('Sun, 06 Nov 1994 08:49:00 GMT');

  it('takes delay-seconds and the three forms of HTTP-date (a date past is no wait)', () => {
    assert.equal(parseRetryAfterMs('120', NOW), 120_000);
    assert.equal(parseRetryAfterMs(' 0 ', NOW), 0);
    assert.equal(parseRetryAfterMs('Sun, 06 Nov 1994 08:49:37 GMT', NOW), 37_000);
    assert.equal(parseRetryAfterMs('Sunday, 06-Nov-94 08:49:37 GMT', NOW), 37_000);
    assert.equal(parseRetryAfterMs('Sun Nov  6 08:49:37 1994', NOW), 37_000);
    assert.equal(parseRetryAfterMs('Sat, 05 Nov 1994 08:49:37 GMT', NOW), 0);
  });

  it('takes a value that is neither as absent, never as a wait of 0', () => {
    for (const text of ['-5', '-0', '1.5', '1e3', '0x10', '+5', 'soon', '5 s', 'Nov 6 1994', 'Sun, 06 Nov 1994 08:49:37', '', '   ']) {
      assert.equal(parseRetryAfterMs(text, NOW), undefined, JSON.stringify(text));
    }
    assert.equal(parseRetryAfterMs(undefined, NOW), undefined);
  });
});
