// The Wiki Pages view refreshes one at a time: requests during a refresh become one more refresh (a wiki read covers a
// local one), each refresh can be cancelled, and a failure is logged, never thrown at the caller.
import assert from 'node:assert/strict';
import { RefreshScheduler, type RefreshKind } from '../../src/editor/wikiPages/refreshScheduler';
import { MemoryLogger } from '../fakes/memoryLogger';

interface Started {
  kind: RefreshKind;
  signal: AbortSignal;
  finish(error?: Error): void;
}

function harness(): { scheduler: RefreshScheduler; started: Started[]; log: MemoryLogger } {
  const started: Started[] = [];
  const log = new MemoryLogger();
  const scheduler = new RefreshScheduler((kind, signal) => new Promise<void>((resolve, reject) => {
    started.push({ kind, signal, finish: (error) => (error ? reject(error) : resolve()) });
  }), log);
  return { scheduler, started, log };
}

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('Wiki Pages refresh scheduler', () => {
  it('never runs two refreshes at once; what is asked meanwhile runs once after, as the widest kind asked', async () => {
    const { scheduler, started } = harness();
    const first = scheduler.request('local');
    await settle();
    const second = scheduler.request('local');
    const third = scheduler.request('full');
    assert.equal(started.length, 1, 'the second waits for the first');
    started[0]?.finish();
    await first;
    await settle();
    assert.deepEqual(started.map((run) => run.kind), ['local', 'full'], 'one more refresh, reading the wiki, for both callers');
    started[1]?.finish();
    await Promise.all([second, third]);
  });

  it('cancel aborts the refresh under way; a failure is logged and the callers still resolve', async () => {
    const { scheduler, started, log } = harness();
    const cancelled = scheduler.request('full');
    await settle();
    scheduler.cancel();
    assert.equal(started[0]?.signal.aborted, true);
    started[0]?.finish(new Error('aborted'));
    await cancelled;
    assert.equal(log.lines.length, 0, 'a cancelled refresh is not a failure');
    const failing = scheduler.request('full');
    await settle();
    started[1]?.finish(new Error('the wiki is down'));
    await failing;
    assert.match(log.lines.join('\n'), /Refreshing the Wiki Pages view failed: .*the wiki is down/);
  });

  it('after dispose nothing new runs and a waiting caller is released', async () => {
    const { scheduler, started } = harness();
    void scheduler.request('full');
    await settle();
    const waiting = scheduler.request('local');
    scheduler.dispose();
    await waiting;
    await scheduler.request('full');
    assert.equal(started.length, 1);
    assert.equal(started[0]?.signal.aborted, true);
  });
});
