// The many-file engine against the sandbox wiki (issue 10): the concurrency bound as the server sees it, a 429
// pausing every worker, Cancel mid-run, one failure among many, and no file sent twice.
import assert from 'node:assert/strict';
import { createUndiciTransport, type UndiciTransport } from '../../src/core/http/undiciTransport';
import { planFiles, type SourceFile } from '../../src/core/run/plan';
import { runPlan, summarise, type RunOptions } from '../../src/core/run/runner';
import { sendPlanned } from '../../src/core/run/send';
import { instantRetries, useSandbox } from '../support/importHarness';

describe('publishing many files against the sandbox wiki', () => {
  const state = useSandbox();
  let transport: UndiciTransport;
  before(() => {
    transport = createUndiciTransport();
  });
  after(() => transport.close());

  const files = (n: number, text = (i: number) => `# Page ${i}\n\nBody ${i}.\n`): SourceFile[] =>
    Array.from({ length: n }, (_, i) => ({ key: `file:///docs/p${String(i).padStart(2, '0')}.md`, label: `docs/p${i}.md`, text: text(i) }));
  const plan = (sources: SourceFile[]) => planFiles(sources, new Map(), { titleFromFile: true, defaults: { spaceId: 'DOCS', parentId: '123456', overwrite: false } });
  const sender = (hooks = {}): RunOptions['send'] => (item, target, context) =>
    sendPlanned(item, target, context, { endpoint: new URL(state.sandbox.importEndpoint), token: state.token, transport, deadlineMs: 10_000, hooks });
  const titlesSent = (): string[] => state.sandbox.imports.map((entry) => (entry.body as { pageTitle: string }).pageTitle);

  it('keeps at most `concurrency` requests at the server, and sends every file exactly once', async () => {
    state.sandbox.injectFaults({ latencyMs: 40 });
    const results = await runPlan(plan(files(12)), { concurrency: 3, send: sender() });
    assert.equal(summarise(results).published, 12);
    assert.equal(state.sandbox.maxConcurrentImports, 3, 'the server saw three at once, never more');
    assert.equal(new Set(titlesSent()).size, 12);
    assert.equal(titlesSent().length, 12, 'no file sent twice');
  });

  it('one file\'s failure does not stop the others', async () => {
    const sources = files(5, (i) => (i === 2 ? '# Page 2\n\nx' : `# Page ${i}\n\nBody.\n`));
    // Page 2 exists already: a create-only publish of it fails with the service's 400, the others are created.
    await runPlan(plan([sources[2]!]), { concurrency: 1, send: sender() });
    const results = await runPlan(plan(sources), { concurrency: 2, send: sender() });
    assert.deepEqual(results.map((result) => result.state), ['published', 'published', 'failed', 'published', 'published']);
    assert.equal(results[2]?.outcome?.kind, 'alreadyExists');
  });

  it('a 429 with Retry-After pauses every worker, not just the one that got it', async () => {
    state.sandbox.injectFaults({ throttleNext: 1, retryAfterSeconds: 1, latencyMs: 20 });
    const waits: number[] = [];
    // Enough files that, without a shared pause, the other workers would keep sending all through the wait.
    const results = await runPlan(plan(files(30)), {
      concurrency: 3,
      send: sender({ random: () => 0.5, onRetryWait: (ms: number) => waits.push(ms) }),
    });
    assert.equal(summarise(results).published, 30);
    const throttled = state.sandbox.imports.find((entry) => entry.status === 429);
    assert.ok(throttled, 'the sandbox answered one request with 429');
    const pauseEnds = throttled.at + 1000;
    // Requests already out when the 429 came back may finish; none may start inside the pause.
    const startedInPause = state.sandbox.imports.filter((entry) => entry.at > throttled.at + 150 && entry.at < pauseEnds - 50);
    assert.deepEqual(startedInPause.map((entry) => entry.status), [], 'no worker started a request during the pause');
    assert.ok(waits.some((ms) => ms >= 1000), 'the client waited at least the Retry-After');
  });

  it('Cancel starts no new file, aborts the requests out, and says which may have landed', async () => {
    state.sandbox.injectFaults({ latencyMs: 300 });
    const controller = new AbortController();
    const running = runPlan(plan(files(8)), { concurrency: 2, signal: controller.signal, send: sender(instantRetries()) , onStart: (_item, started) => {
      if (started === 3) controller.abort();
    } });
    const results = await running;
    const summary = summarise(results);
    assert.equal(summary.published + summary.cancelled + summary.notStarted, 8);
    assert.ok(summary.notStarted >= 5, `no new file starts after Cancel (${JSON.stringify(summary)})`);
    // The sends out when Cancel came may have landed; the one whose start Cancel met never went out, so cannot have.
    const cancelled = results.filter((r) => r.state === 'cancelled');
    assert.deepEqual(cancelled.map((r) => r.mayHaveLanded).sort(), [...cancelled.slice(1).map(() => true), false].sort(), JSON.stringify(cancelled.map((r) => [r.item.file.label, r.mayHaveLanded])));
    assert.ok(state.sandbox.imports.length <= 3, 'nothing was sent after Cancel');
  });
});
