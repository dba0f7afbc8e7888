// The API token refused midway through a run (here revoked after the first page landed: the wiki answers 401, as it
// answers 403 to one that expired during the run): every later file would be refused the same way, so the run stops
// as for a 429 it cannot wait out. No new file starts, the files never sent end "notStarted" with the reason and the
// fix (WIKI_PUBLISHER_API_TOKEN, from the CI secret), one stop message, exit 1; a re-run with a valid token publishes
// the rest, each page once. The flat run and the --tree run alike (one engine, src/core/run).
import assert from 'node:assert/strict';
import { fileRecords, runCli, startCli, summaryRecord, useCliWorld, waitUntil, type CliRun } from './cliHarness';

const DOCS = ['--space', 'DOCS', '--parent', '123456'];
const CONCURRENCY = 1;
const FILES = 8;
const STOP = /The wiki refused the API token \(HTTP 401\), so every other file would be refused the same way: publishing stopped after (\d+) of (\d+) files\. Set a new token \(in VS Code: Wiki: Set API Token; in CI: the WIKI_PUBLISHER_API_TOKEN variable, from the CI secret\)/g;
const NOT_STARTED = /^not sent: publishing stopped because the wiki refused the API token \(HTTP 401\); set a new token \(in CI: the WIKI_PUBLISHER_API_TOKEN variable, from the CI secret\)/;

describe('CLI publish whose API token the wiki refuses midway', function () {
  // Latency on every import, so the token can be revoked while the run goes.
  this.timeout(60_000);
  const cli = useCliWorld();
  const files = (): Record<string, string> => Object.fromEntries(Array.from({ length: FILES }, (_, i) => [`docs/p${i}.md`, `# Page ${i}\n\nBody ${i}.\n`]));
  const landedCount = (): number => cli.world.sandbox.imports.filter((answer) => answer.status === 200 || answer.status === 201).length;

  /** Starts the run, revokes its token once the first page has landed, and returns how it ended. */
  const refusedMidRun = async (root: string, args: readonly string[]): Promise<CliRun> => {
    cli.world.sandbox.injectFaults({ latencyMs: 300 });
    const running = startCli(['publish', 'docs', ...args, '--concurrency', String(CONCURRENCY), '--json'], { cwd: root, env: cli.env() });
    await waitUntil(() => landedCount() >= 1);
    cli.world.sandbox.revokeToken('ci-writer');
    return running.done;
  };

  /** What every stopped run must show, whichever front end sent it. */
  const assertStopped = (run: CliRun): void => {
    const output = `${run.stdout}\n${run.stderr}`;
    assert.equal(run.code, 1, output);
    const imports = cli.world.sandbox.imports;
    const landed = landedCount();
    const refusals = imports.filter((answer) => answer.status === 401).length;
    assert.ok(imports.length <= landed + 1 + CONCURRENCY, `at most the pages that landed, the refused one and those already out were sent (${imports.map((answer) => answer.status).join(',')})`);
    assert.ok(refusals >= 1 && refusals <= CONCURRENCY, `the refusal is met once per request out, not once per file (${refusals})`);
    const records = fileRecords(run);
    const notStarted = records.filter((record) => record.status === 'notStarted');
    assert.ok(notStarted.length >= FILES - landed - CONCURRENCY, output);
    for (const record of notStarted) assert.match(String(record.message), NOT_STARTED);
    assert.equal(records.filter((record) => record.status === 'failed').length, refusals);
    const stops = [...run.stderr.matchAll(STOP)];
    assert.equal(stops.length, 1, run.stderr);
    assert.equal(stops[0]?.[1], String(landed + refusals), 'the files answered before the stop');
    const summary = summaryRecord(run);
    assert.equal(summary.exitCode, 1);
    assert.equal(summary.notStarted, notStarted.length);
  };

  /** A run with a new token publishes what did not land, and every page is on the wiki once. */
  const publishesTheRest = async (root: string, args: readonly string[], landed: number): Promise<void> => {
    cli.world.sandbox.clearFaults();
    const fresh = cli.world.sandbox.issueToken({ label: 'ci-writer-renewed' }).token;
    cli.secrets.push(fresh);
    const before = cli.world.sandbox.imports.length;
    const again = await runCli(['publish', 'docs', ...args, '--json'], { cwd: root, env: { ...cli.env(), WIKI_PUBLISHER_API_TOKEN: fresh } });
    assert.equal(again.code, 0, `${again.stdout}\n${again.stderr}`);
    const created = cli.world.sandbox.imports.slice(before).filter((answer) => answer.status === 201).length;
    assert.equal(created, FILES - landed, 'the pages that did not land, and no other, are created');
    for (let i = 0; i < FILES; i++) {
      const pages = cli.world.sandbox.pages().filter((page) => page.title === `Page ${i}` && !page.deleted);
      assert.equal(pages.length, 1, `"Page ${i}" is on the wiki once`);
    }
  };

  it('a flat run: stops at the refusal, the rest not started with the fix, exit 1; a re-run publishes the rest', async () => {
    const root = await cli.tree(files());
    const args = [...DOCS, '--state', '.wiki-state.json'];
    const run = await refusedMidRun(root, args);
    assertStopped(run);
    await publishesTheRest(root, args, landedCount());
  });

  it('a --tree run: stops at the refusal, the rest not started with the fix, exit 1; a re-run publishes the rest', async () => {
    const root = await cli.tree(files());
    const args = ['--tree', ...DOCS];
    const run = await refusedMidRun(root, args);
    assertStopped(run);
    await publishesTheRest(root, args, landedCount());
  });

  it('a tree with folder pages and a second pass counts its stop in files: each page once, of the tree\'s pages', async () => {
    const root = await cli.tree({
      'docs/index.md': '# Home\n\nSee [one](a/one.md) and [four](b/four.md).\n',
      'docs/a/one.md': '# One\n\nNext [two](two.md).\n', 'docs/a/two.md': '# Two\n\nBack [one](one.md).\n', 'docs/a/three.md': '# Three\n',
      'docs/b/four.md': '# Four\n\nSee [five](five.md).\n', 'docs/b/five.md': '# Five\n\nSee [four](four.md).\n', 'docs/b/six.md': '# Six\n',
    });
    cli.world.sandbox.injectFaults({ latencyMs: 200 });
    const running = startCli(['publish', 'docs', '--tree', ...DOCS, '--concurrency', '1', '--json'], { cwd: root, env: cli.env() });
    await waitUntil(() => landedCount() >= 3);
    cli.world.sandbox.revokeToken('ci-writer');
    const run = await running.done;
    cli.world.sandbox.clearFaults();
    const records = fileRecords(run);
    const stops = [...run.stderr.matchAll(STOP)];
    assert.equal(stops.length, 1, run.stderr);
    const pages = new Set(records.map((record) => record.file));
    const answered = new Set(records.filter((record) => record.status === 'published' || record.status === 'failed').map((record) => record.file));
    assert.equal(stops[0]?.[2], String(pages.size), `of the tree's ${pages.size} pages: ${run.stderr}`);
    assert.equal(stops[0]?.[1], String(answered.size), 'the files answered before the stop, each once');
  });
});
