// Ctrl+C in the middle of a run: no new file starts, the requests the wiki is holding are aborted, the output says
// which files landed, which may have, and which never started; exit 130 (SIGTERM, as CI cancels: 143).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileRecords, startCli, summaryRecord, useCliSandbox, waitUntil } from './cliHarness';

describe('CLI interrupted', () => {
  const cli = useCliSandbox();

  interface Scenario { signal: 'SIGINT' | 'SIGTERM'; exitCode: number; stalled: number; landed: number; notStarted: number }
  const scenarios: Scenario[] = [
    // One worker is held while the other publishes the remaining four.
    { signal: 'SIGINT', exitCode: 130, stalled: 1, landed: 4, notStarted: 0 },
    // Both workers are held, so three files never start.
    { signal: 'SIGINT', exitCode: 130, stalled: 2, landed: 0, notStarted: 3 },
    { signal: 'SIGTERM', exitCode: 143, stalled: 2, landed: 0, notStarted: 3 },
  ];

  for (const { signal, exitCode, stalled, landed, notStarted } of scenarios) {
    it(`${signal} with ${stalled} of 2 requests held: exit ${exitCode}, ${landed} landed, ${stalled} may have landed, ${notStarted} never started`, async () => {
      const root = await cli.tree({ 'a.md': '# A\n', 'b.md': '# B\n', 'c.md': '# C\n', 'd.md': '# D\n', 'e.md': '# E\n' });
      // Held requests get their headers and then a body that never comes.
      cli.sandbox.injectFaults({ stallAfterHeadersNext: stalled });
      const args = ['publish', '.', '--space', 'DOCS', '--parent', '123456', '--concurrency', '2', '--state', 'state.json', '--json'];
      const running = startCli(args, { cwd: root, env: cli.env() });
      await waitUntil(() => cli.sandbox.imports.length === stalled + landed);
      running.child.kill(signal);
      const run = await running.done;

      assert.equal(run.code, exitCode, run.stderr);
      assert.match(run.stderr, /Interrupted: no new file starts/);
      const records = fileRecords(run);
      const files = (status: string): string[] => records.filter((record) => record.status === status).map((record) => String(record.file));
      assert.equal(files('published').length, landed, run.stdout);
      assert.equal(files('cancelled').length, stalled, run.stdout);
      assert.equal(files('notStarted').length, notStarted, run.stdout);
      assert.ok(records.every((record) => record.mayHaveLanded === (record.status === 'cancelled')), 'only a request aborted in flight may have landed');
      const summary = summaryRecord(run);
      assert.deepEqual([summary.interrupted, summary.exitCode, summary.published, summary.cancelled, summary.notStarted], [true, exitCode, landed, stalled, notStarted]);
      assert.equal(cli.sandbox.imports.length, stalled + landed, 'no file started after the interrupt');
      const record = JSON.parse(await readFile(join(root, 'state.json'), 'utf8').catch(() => '{"files":{}}')) as { files: Record<string, unknown> };
      assert.deepEqual(Object.keys(record.files).sort(), files('published').sort(), 'what landed is recorded');
    });
  }
});
