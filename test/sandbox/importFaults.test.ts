import assert from 'node:assert/strict';
import { importBody, postImport, rawPost, sentence } from './sandboxTestKit';
import { useSandbox } from '../support/importHarness';
import { startSandbox } from './server';

describe('sandbox fault injection', () => {
  const env = useSandbox();

  const body = JSON.stringify(importBody());
  const created = () => env.sandbox.findPageByTitle('DOCS', '123456', 'Release notes');

  it('failNext answers 500 without writing, then the next request succeeds', async () => {
    env.sandbox.injectFaults({ failNext: 2 });
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await postImport(env.sandbox, importBody(), env.token);
      assert.equal(answer.status, 500);
      assert.match(sentence(answer), /^Error: Internal error/);
    }
    assert.equal(created(), undefined);
    assert.equal((await postImport(env.sandbox, importBody(), env.token)).status, 201);
  });

  it('failNext comes before the token check', async () => {
    env.sandbox.injectFaults({ failNext: 1 });
    assert.equal((await postImport(env.sandbox, importBody(), undefined)).status, 500);
  });

  it('commitThenFailNext writes the page and still answers 500, so a retry meets "already exists"', async () => {
    env.sandbox.injectFaults({ commitThenFailNext: 1 });
    assert.equal((await postImport(env.sandbox, importBody(), env.token)).status, 500);
    assert.ok(created());
    const retry = await postImport(env.sandbox, importBody(), env.token);
    assert.equal(retry.status, 400);
    assert.match(sentence(retry), /already exists/);
    assert.deepEqual(env.sandbox.imports.map((entry) => entry.status), [500, 400]);
  });

  it('resetNext destroys the connection before any response', async () => {
    env.sandbox.injectFaults({ resetNext: 1 });
    const outcome = await rawPost(env.sandbox.importEndpoint, body, env.token);
    assert.deepEqual(outcome, { kind: 'error', code: 'ECONNRESET' });
    assert.equal(created(), undefined);
    assert.equal(env.sandbox.imports[0]?.status, 0);
  });

  it('nonJsonNext answers 502 with an HTML proxy page', async () => {
    env.sandbox.injectFaults({ nonJsonNext: 1 });
    const answer = await postImport(env.sandbox, importBody(), env.token);
    assert.equal(answer.status, 502);
    assert.match(answer.contentType ?? '', /^text\/html/);
    assert.match(answer.text, /<html>.*502 Bad Gateway/s);
    assert.equal(answer.json, undefined);
  });

  it('emptyBodyNext answers 500 with an empty body', async () => {
    env.sandbox.injectFaults({ emptyBodyNext: 1 });
    const answer = await postImport(env.sandbox, importBody(), env.token);
    assert.deepEqual([answer.status, answer.text], [500, '']);
  });

  it('stallAfterHeadersNext sends the status line, never the body, until the client gives up', async () => {
    env.sandbox.injectFaults({ stallAfterHeadersNext: 1 });
    const controller = new AbortController();
    const response = await fetch(env.sandbox.importEndpoint, {
      method: 'POST', headers: { Authorization: `Bearer ${env.token}` }, body, signal: controller.signal,
    });
    assert.equal(response.status, 200);
    const reading = response.text();
    controller.abort();
    await assert.rejects(reading, { name: 'AbortError' });
    assert.equal(created(), undefined);
  });

  it('uses each counter up, one fault per request, and clearFaults cancels the rest', async () => {
    env.sandbox.injectFaults({ failNext: 1, nonJsonNext: 1 });
    env.sandbox.injectFaults({ emptyBodyNext: 1 }); // merges: the earlier counters stay
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      statuses.push((await postImport(env.sandbox, importBody({ pageTitle: `p${attempt}` }), env.token)).status);
    }
    assert.deepEqual(statuses.sort(), [201, 500, 500, 502]);
    env.sandbox.injectFaults({ failNext: 5 });
    env.sandbox.clearFaults();
    assert.equal((await postImport(env.sandbox, importBody(), env.token)).status, 201);
  });

  it('rejects fault counts that are not non-negative integers', () => {
    assert.throws(() => env.sandbox.injectFaults({ failNext: -1 }), /non-negative integer/);
    assert.throws(() => env.sandbox.injectFaults({ latencyMs: 1.5 }), /non-negative integer/);
    assert.throws(() => env.sandbox.injectFaults({ nope: 1 } as never), /Unknown fault/);
  });

  it('latencyMs holds every answer back, and close() does not wait for a pending delay', async () => {
    let clockReads = 0;
    // The env.sandbox reads its clock when an import request arrives, which tells this test the request is in.
    const slow = await startSandbox({ now: () => { clockReads++; return Date.now(); } });
    const slowToken = slow.issueToken().token;
    slow.injectFaults({ latencyMs: 60_000 });
    const readsBefore = clockReads;
    let answered = false;
    const pending = rawPost(slow.importEndpoint, body, slowToken).then((outcome) => {
      answered = true;
      return outcome;
    });
    await waitFor(() => clockReads > readsBefore);
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    assert.equal(answered, false);
    assert.equal(slow.imports.length, 0);
    await slow.close();
    assert.equal((await pending).kind, 'error');
  });

  it('close() ends a stalled response promptly', async () => {
    const stalled = await startSandbox();
    stalled.injectFaults({ stallAfterHeadersNext: 1 });
    const outcome = await rawPost(stalled.importEndpoint, body, stalled.issueToken().token);
    assert.equal(outcome.kind, 'headers');
    await stalled.close();
    assert.equal(outcome.kind === 'headers' && (await outcome.end), 'closed');
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}
