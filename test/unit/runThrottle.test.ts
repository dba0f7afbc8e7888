// A 429 whose Retry-After is longer than a run waits stops the run once: the files not yet sent end "notStarted"
// (not each failing with its own 429), and the front end gets one stop report to word as one message.
import assert from 'node:assert/strict';
import type { Transport } from '../../src/core/http/transport';
import type { PublishOutcome } from '../../src/core/publish/outcome';
import { planFiles, type SourceFile } from '../../src/core/run/plan';
import { describeRunStop, runPlan, ThrottleGate, type RunStopped } from '../../src/core/run/runner';
import { sendPlanned } from '../../src/core/run/send';

const HOUR_MS = 3_600_000;
const file = (label: string, title: string): SourceFile => ({
  key: `file:///${label}`, label, text: `---\nwiki:\n  spaceId: DOCS\n  parentId: "1"\n  pageTitle: ${title}\n---\nBody of ${title}.\n`,
});
const items = (n: number) => planFiles(Array.from({ length: n }, (_, i) => file(`f${i}.md`, `Page ${i}`)), new Map());
const outcome = (kind: PublishOutcome['kind'], extra: Partial<PublishOutcome> = {}): PublishOutcome => ({
  kind, severity: kind === 'created' ? 'info' : 'error', status: undefined, message: kind, actions: [], attempts: 1, mayHaveLanded: false, ...extra,
});
const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('the throttle gate\'s stop', () => {
  it('keeps the first stop, with when the wiki takes requests again', () => {
    const gate = new ThrottleGate(() => 1_000);
    assert.equal(gate.stoppedBy, undefined);
    gate.stopFor(HOUR_MS, 429);
    gate.stopFor(2 * HOUR_MS, 503);
    assert.deepEqual(gate.stoppedBy, { reason: 'throttled', status: 429, retryAfterMs: HOUR_MS, resumeAt: 1_000 + HOUR_MS });
  });

  it('ends every wait at once: a stopped run has nothing left to wait for', async () => {
    const gate = new ThrottleGate(() => 0);
    gate.pauseFor(60_000);
    const waiting = gate.wait();
    gate.stopFor(HOUR_MS, 429);
    await waiting; // with a clock that never moves, only the stop can end this wait (mocha's timeout bounds it)
    await gate.wait();
  });
});

describe('running a plan that the wiki throttles for longer than the run waits', () => {
  it('sends no new file after the stop; the throttled file and the rest end notStarted; one stop report', async () => {
    const sent: string[] = [];
    const stops: RunStopped[] = [];
    const results = await runPlan(items(8), {
      concurrency: 2,
      send: async (item, _target, context) => {
        sent.push(item.file.label);
        // f3's 429 comes back while f2 is still out: f2 finishes, nothing new starts.
        if (item.file.label === 'f3.md') context.gate.stopFor(HOUR_MS, 429);
        await tick();
        return item.file.label === 'f3.md' ? outcome('throttled', { status: 429 }) : outcome('created');
      },
      onStopped: (stopped) => stops.push(stopped),
    });
    assert.deepEqual(sent, ['f0.md', 'f1.md', 'f2.md', 'f3.md']);
    assert.deepEqual(results.map((result) => result.state), ['published', 'published', 'published', 'notStarted', 'notStarted', 'notStarted', 'notStarted', 'notStarted']);
    assert.equal(results[3]?.outcome, undefined, 'no 429 message of its own');
    assert.equal(stops.length, 1);
    assert.deepEqual({ ...stops[0], resumeAt: undefined }, { reason: 'throttled', status: 429, retryAfterMs: HOUR_MS, resumeAt: undefined, finished: 3, total: 8 });
  });

  it('a throttled file that may have landed earlier stays failed, with its outcome', async () => {
    const gate = new ThrottleGate();
    const results = await runPlan(items(3), {
      concurrency: 2,
      gate,
      send: async (item, _target, context) => {
        if (item.file.label === 'f1.md') context.gate.stopFor(HOUR_MS, 429);
        else for (let i = 0; i < 1000 && !context.gate.stoppedBy; i++) await tick();
        return outcome('throttled', { status: 429, mayHaveLanded: item.file.label === 'f0.md' });
      },
    });
    assert.deepEqual(results.map((result) => result.state), ['failed', 'notStarted', 'notStarted']);
    assert.equal(results[0]?.outcome?.kind, 'throttled');
  });

  it('reports no stop for a run that was not stopped', async () => {
    let stopped = false;
    await runPlan(items(2), { concurrency: 2, send: async () => outcome('created'), onStopped: () => (stopped = true) });
    assert.equal(stopped, false);
  });

  it('through the real client: a 429 with Retry-After: 3600 stops the run after the requests already out', async () => {
    let requests = 0;
    const transport: Transport = {
      name: 'fake',
      send: async () => {
        requests++;
        await tick();
        return { status: 429, headers: { 'retry-after': '3600' }, text: async () => '{"body":"Error: Too Many Requests"}' };
      },
    };
    const stops: RunStopped[] = [];
    const results = await runPlan(items(6), {
      concurrency: 2,
      send: (item, target, context) =>
        sendPlanned(item, target, context, { endpoint: new URL('https://wiki.example.com/import'), token: 'not-a-real-token', transport, deadlineMs: 5_000 }),
      onStopped: (stopped) => stops.push(stopped),
    });
    assert.equal(requests, 2, 'one request per worker, then nothing');
    assert.deepEqual(results.map((result) => result.state), Array<string>(6).fill('notStarted'));
    assert.equal(stops.length, 1);
    assert.deepEqual([stops[0]?.status, stops[0]?.retryAfterMs, stops[0]?.finished, stops[0]?.total], [429, HOUR_MS, 0, 6]);
  });
});

describe('the stop message', () => {
  it('says how long the wiki asked to wait, how far the run got, and when to try again (UTC)', () => {
    const resumeAt = Date.UTC(2026, 0, 31, 12, 0, 30);
    assert.equal(
      describeRunStop({ reason: 'throttled', status: 429, retryAfterMs: HOUR_MS, resumeAt, finished: 3, total: 8 }),
      'The wiki asked to wait 3600 s before more requests (HTTP 429); publishing stopped after 3 of 8 files. Try again after 12:01 UTC.',
    );
  });

  it('names the day when it is not the same day', () => {
    const resumeAt = Date.UTC(2026, 1, 1, 0, 30);
    assert.match(
      describeRunStop({ reason: 'throttled', status: 503, retryAfterMs: HOUR_MS, resumeAt, finished: 1, total: 1 }),
      /\(HTTP 503\); publishing stopped after 1 of 1 file\. Try again after 2026-02-01 00:30 UTC\.$/,
    );
  });
});

describe('running a plan against a wiki that fails every file', () => {
  it('stops after five files in a row fail, each after its retries; the rest end notStarted with why', async () => {
    const sent: string[] = [];
    const stops: RunStopped[] = [];
    const results = await runPlan(items(12), {
      concurrency: 1,
      send: async (item) => {
        sent.push(item.file.label);
        return item.file.label === 'f1.md' ? outcome('network', { attempts: 3 }) : outcome('serverError', { status: 503, attempts: 3, mayHaveLanded: true });
      },
      onStopped: (stopped) => stops.push(stopped),
    });
    assert.equal(sent.length, 5, sent.join());
    assert.deepEqual(results.map((result) => result.state).slice(4), ['failed', ...Array.from({ length: 7 }, () => 'notStarted')]);
    assert.equal(results[5]?.notStartedBecause, 'not sent: publishing stopped because the wiki failed 5 files in a row (HTTP 503); publish again once it works');
    assert.deepEqual(stops, [{ reason: 'wikiFailing', failedInARow: 5, status: 503, finished: 5, total: 12 }]);
    assert.equal(describeRunStop(stops[0] as RunStopped), 'The wiki failed 5 files in a row, each after its retries (HTTP 503), so the other files would fail the same way: publishing stopped after 5 of 12 files. Publish again once the wiki works to send the files not started.');
  });

  it('goes on while files get through between failures: only failures in a row count', async () => {
    const sent: string[] = [];
    const results = await runPlan(items(12), {
      concurrency: 1,
      send: async (item) => {
        sent.push(item.file.label);
        const index = Number(/\d+/.exec(item.file.label)?.[0]);
        // Four failures, a file published, four failures, one refused by the wiki (it answered), two more failures.
        if (index === 4) return outcome('created');
        if (index === 9) return outcome('badRequest', { status: 400 });
        return index === 2 ? outcome('timeout') : outcome('serverError', { status: 502 });
      },
    });
    assert.equal(sent.length, 12, 'no stop: never five failures in a row');
    assert.equal(results.filter((result) => result.state === 'notStarted').length, 0);
  });
});
