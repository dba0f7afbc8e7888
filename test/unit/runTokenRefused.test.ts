// An answer that refuses the API token itself (spec 5.1 and 7: 401, 402, 403) stops the run like a wait it cannot
// make: no new file starts, the files never sent end "notStarted" with why and what fixes it, and the front end gets
// one stop report. A 404 (a space or parent the token's owner cannot see) stays one file's failure.
import assert from 'node:assert/strict';
import type { PublishOutcome } from '../../src/core/publish/outcome';
import { planFiles, type SourceFile } from '../../src/core/run/plan';
import { describeRunStop, runPlan, type RunStopped } from '../../src/core/run/runner';

const file = (label: string, title: string): SourceFile => ({
  key: `file:///${label}`, label, text: `---\nwiki:\n  spaceId: DOCS\n  parentId: "1"\n  pageTitle: ${title}\n---\nBody of ${title}.\n`,
});
const items = (n: number) => planFiles(Array.from({ length: n }, (_, i) => file(`f${i}.md`, `Page ${i}`)), new Map());
const outcome = (kind: PublishOutcome['kind'], status: number): PublishOutcome => ({
  kind, severity: kind === 'created' ? 'info' : 'error', status, message: kind, actions: [], attempts: 1, mayHaveLanded: false,
});
const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Runs six files whose sends answer `first` for the first `landing` files, then `refusal` for every later one. */
async function runRefusedAfter(landing: number, refusal: PublishOutcome, concurrency = 1) {
  let sent = 0;
  const stops: RunStopped[] = [];
  const results = await runPlan(items(6), {
    concurrency,
    send: async () => {
      const at = sent++;
      // A refusal comes back before a page that lands: with two out, the refusal stops the run while the other is out.
      for (let ticks = at < landing ? 3 : 1; ticks > 0; ticks--) await tick();
      return at < landing ? outcome('created', 201) : refusal;
    },
    onStopped: (stopped) => stops.push(stopped),
  });
  return { sent, stops, results };
}

describe('a run whose token the wiki refuses midway', () => {
  for (const [kind, status] of [['unauthorized', 401], ['licenseExpired', 402], ['forbidden', 403]] as const) {
    it(`HTTP ${status} (${kind}) stops it: nothing more is sent, the rest end notStarted with the fix, one stop report`, async () => {
      const { sent, stops, results } = await runRefusedAfter(2, outcome(kind, status));
      assert.equal(sent, 3, 'the files that landed, then the one refused: no other');
      assert.deepEqual(results.map((result) => result.state), ['published', 'published', 'failed', 'notStarted', 'notStarted', 'notStarted']);
      assert.equal(results[2]?.outcome?.kind, kind, 'the refused file keeps the service\'s answer');
      for (const result of results.slice(3)) {
        assert.match(result.notStartedBecause ?? '', new RegExp(`refused the API token \\(HTTP ${status}\\).*WIKI_PUBLISHER_API_TOKEN`));
      }
      assert.equal(results[0]?.notStartedBecause, undefined);
      assert.equal(stops.length, 1);
      assert.deepEqual(stops[0], { reason: 'tokenRefused', status, finished: 3, total: 6 });
    });
  }

  it('lets the sends already out finish, and starts none after them', async () => {
    const { sent, stops, results } = await runRefusedAfter(1, outcome('unauthorized', 401), 2);
    assert.equal(sent, 2, 'both workers had a file out when the refusal came; neither starts another');
    assert.deepEqual(results.map((result) => result.state), ['published', 'failed', 'notStarted', 'notStarted', 'notStarted', 'notStarted']);
    assert.equal(stops.length, 1);
  });

  it('a 404 (a space or parent the token\'s owner cannot see) is one file\'s failure: every file is still sent', async () => {
    const { sent, stops, results } = await runRefusedAfter(2, outcome('notFound', 404));
    assert.equal(sent, 6);
    assert.deepEqual(results.map((result) => result.state), ['published', 'published', 'failed', 'failed', 'failed', 'failed']);
    assert.equal(stops.length, 0);
  });

  it('the stop message says the token was refused, how far the run got, and what fixes it in the editor and in CI', () => {
    assert.equal(
      describeRunStop({ reason: 'tokenRefused', status: 403, finished: 3, total: 8 }),
      'The wiki refused the API token (HTTP 403), so every other file would be refused the same way: publishing stopped after 3 of 8 files. '
        + 'Set a new token (in VS Code: Wiki: Set API Token; in CI: the WIKI_PUBLISHER_API_TOKEN variable, from the CI secret) and publish again to send the files not started.',
    );
  });
});
