// A 429 whose Retry-After is longer than the CLI waits: the run stops once, with one message, instead of sending
// every remaining file into the same refusal. The files not sent end "not started"; the exit code is 1.
import assert from 'node:assert/strict';
import { fileRecords, runCli, startCli, useCliSandbox, waitUntil } from './cliHarness';

const DOCS = ['--space', 'DOCS', '--parent', '123456'];
const STOP = /The wiki asked to wait 3600 s before more requests \(HTTP 429\); publishing stopped after (\d+) of 6 files\. Try again after (\d{4}-\d\d-\d\d )?\d\d:\d\d UTC\./g;

describe('CLI publish throttled for longer than it waits', function () {
  // Well under the hour the wiki asks for: the run returns at once instead of waiting (or failing file by file).
  this.timeout(15_000);
  const cli = useCliSandbox();
  const six = (): Record<string, string> => Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`docs/p${i}.md`, `# Page ${i}\n\nBody ${i}.\n`]));

  it('stops after the requests already out: one message, the rest not started, exit 1', async () => {
    const root = await cli.tree(six());
    cli.sandbox.injectFaults({ throttleNext: 100, retryAfterSeconds: 3600 });
    const run = await runCli(['publish', 'docs', ...DOCS, '--concurrency', '2', '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, run.stderr);
    const stops = [...run.stderr.matchAll(STOP)];
    assert.equal(stops.length, 1, run.stderr);
    assert.equal(stops[0]?.[1], '0');
    assert.equal((`${run.stdout}${run.stderr}`.match(/429/g) ?? []).length, 1, 'the 429 is told once, not once per file');
    const records = fileRecords(run);
    assert.deepEqual(records.map((record) => record.status), Array<string>(6).fill('notStarted'));
    assert.ok(cli.sandbox.imports.length <= 2, `only the requests already out were sent (${cli.sandbox.imports.length})`);
  });

  it('counts the files published before the stop, in the text output too', async () => {
    const root = await cli.tree(six());
    cli.sandbox.injectFaults({ latencyMs: 200 });
    const running = startCli(['publish', 'docs', ...DOCS, '--concurrency', '1'], { cwd: root, env: cli.env() });
    await waitUntil(() => cli.sandbox.imports.length >= 1);
    cli.sandbox.injectFaults({ throttleNext: 100, retryAfterSeconds: 3600 });
    const run = await running.done;
    assert.equal(run.code, 1, run.stderr);
    const stops = [...run.stderr.matchAll(STOP)];
    assert.equal(stops.length, 1, run.stderr);
    const published = run.stdout.split('\n').filter((line) => line.startsWith('created'));
    assert.ok(published.length >= 1);
    assert.equal(stops[0]?.[1], String(published.length), `${run.stdout}\n${run.stderr}`);
    assert.equal(run.stdout.split('\n').filter((line) => line.startsWith('not started')).length, 6 - published.length, run.stdout);
  });
});
