// A wiki that fails every import (500 to everything) was sent three attempts for every file of the run: 10,000 files,
// 30,000 requests and an hour and a half. After five files in a row fail, each after its retries, with none answered
// between (runStop.ts says why five), the run stops as for a 429 it cannot wait out: no new file starts, the files
// never sent end "notStarted" with why, one stop message, exit 1. The flat run and the --tree run alike (src/core/run).
import assert from 'node:assert/strict';
import { fileRecords, runCli, summaryRecord, useCliWorld, type CliRun } from './cliHarness';

const DOCS = ['--space', 'DOCS', '--parent', '123456'];
const FILES = 12;
const STOP = /The wiki failed 5 files in a row, each after its retries \(HTTP 500\), so the other files would fail the same way: publishing stopped after 5 of \d+ files\. Publish again once the wiki works to send the files not started\./g;
const NOT_STARTED = /^not sent: publishing stopped because the wiki failed 5 files in a row \(HTTP 500\); publish again once it works/;

describe('CLI publish to a wiki that fails every file', function () {
  this.timeout(120_000);
  const cli = useCliWorld();
  const files = (): Record<string, string> => Object.fromEntries(Array.from({ length: FILES }, (_, i) => [`docs/p${String(i).padStart(2, '0')}.md`, `# Page ${i}\n\nBody ${i}.\n`]));

  const assertStopped = (run: CliRun, pages: number): void => {
    const output = `${run.stdout}\n${run.stderr}`;
    assert.equal(run.code, 1, output);
    // Five files of three attempts each: not three for every file of the run.
    assert.equal(cli.world.sandbox.imports.length, 15, output);
    const records = fileRecords(run);
    assert.equal(records.filter((record) => record.status === 'failed').length, 5, output);
    const notStarted = records.filter((record) => record.status === 'notStarted');
    assert.equal(notStarted.length, pages - 5, output);
    for (const record of notStarted) assert.match(String(record.message), NOT_STARTED);
    assert.equal([...run.stderr.matchAll(STOP)].length, 1, run.stderr);
    const summary = summaryRecord(run);
    assert.equal(summary.exitCode, 1);
    assert.equal(summary.notStarted, pages - 5);
  };

  it('a flat run stops after five files fail in a row; the rest are not started, with why', async () => {
    const root = await cli.tree(files());
    cli.world.sandbox.injectFaults({ failNext: 1000 });
    assertStopped(await runCli(['publish', 'docs', ...DOCS, '--concurrency', '1', '--json'], { cwd: root, env: cli.env() }), FILES);
  });

  it('a --tree run stops the same way', async () => {
    const root = await cli.tree({ ...files(), 'docs/index.md': '# Docs\n\nThe folder page.\n' });
    cli.world.sandbox.injectFaults({ failNext: 1000 });
    const run = await runCli(['publish', 'docs', '--tree', ...DOCS, '--concurrency', '1', '--json'], { cwd: root, env: cli.env() });
    assertStopped(run, fileRecords(run).filter((record) => record.status === 'failed' || record.status === 'notStarted').length);
  });
});
