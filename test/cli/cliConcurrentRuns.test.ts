// Two CI jobs publishing the same files at the same time (a re-run started beside a run still going, two workflows):
// the import answers the second create of a page "already exists". A page there that carries the file's publish
// notice with what this send carried is the other run's publish of the same text: the wiki holds what this run
// publishes, so the file counts as published and is linked to it, instead of failing both runs.
import assert from 'node:assert/strict';
import { fileRecords, startCli, useCliWorld, waitUntil, type CliRun } from './cliHarness';

const DOCS = ['--space', 'DOCS', '--parent', '123456', '--json'];
const FILES = { 'docs/a.md': '# Alpha\n\nOne.\n', 'docs/b.md': '# Beta\n\nTwo.\n', 'docs/c.md': '# Gamma\n\nThree.\n' };

describe('CLI: two runs of the same files at the same time', () => {
  const cli = useCliWorld();

  beforeEach(() => cli.world.sandbox.setImportAuthor('app'));

  async function together(args: readonly string[], first: string, second: string): Promise<[CliRun, CliRun]> {
    cli.world.sandbox.injectFaults({ latencyMs: 300 });
    try {
      const one = startCli(['publish', 'docs', ...args], { cwd: first, env: cli.env() });
      const two = startCli(['publish', 'docs', ...args], { cwd: second, env: cli.env() });
      await waitUntil(() => cli.world.sandbox.imports.length > 0);
      return [await one.done, await two.done];
    } finally {
      cli.world.sandbox.clearFaults();
    }
  }

  it('flat: both runs end published, one page a file, the second create taken as the same publish', async () => {
    const [one, two] = await together(DOCS, await cli.tree(FILES), await cli.tree(FILES));
    for (const run of [one, two]) {
      assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
      assert.deepEqual(fileRecords(run).map((record) => record.status), ['published', 'published', 'published'], run.stdout);
    }
    assert.ok(cli.world.sandbox.imports.some((answer) => answer.status === 400), 'a create met "already exists"');
    for (const title of ['Alpha', 'Beta', 'Gamma']) assert.equal(cli.world.sandbox.pages().filter((page) => page.title === title && !page.deleted).length, 1, title);
    assert.match(one.stdout + two.stdout, /made by another run of this file at the same time/);
  });

  it('tree: both runs end without a failure, one page a file (folder pages included)', async () => {
    const tree = { 'docs/index.md': '# Home\n\nText.\n', 'docs/guide/setup.md': '# Setup\n\nText.\n', 'docs/guide/usage.md': '# Usage\n\nText.\n' };
    const [one, two] = await together(['--tree', ...DOCS], await cli.tree(tree), await cli.tree(tree));
    for (const run of [one, two]) {
      assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
      assert.ok(fileRecords(run).every((record) => record.status === 'published' || record.status === 'skipped'), run.stdout);
    }
    for (const title of ['Home', 'Guide', 'Setup', 'Usage']) assert.equal(cli.world.sandbox.pages().filter((page) => page.title === title && !page.deleted).length, 1, title);
  });

  it('a page there with other text (not this send\'s) still fails as "already exists"', async () => {
    const other = { ...FILES, 'docs/a.md': '# Alpha\n\nOther words.\n' };
    const [one, two] = await together(DOCS, await cli.tree(FILES), await cli.tree(other));
    const failed = [one, two].flatMap((run) => fileRecords(run)).filter((record) => record.file === 'docs/a.md' && record.status === 'failed');
    assert.equal(failed.length, 1, `${one.stdout}\n${two.stdout}`);
    assert.equal(cli.world.sandbox.pages().filter((page) => page.title === 'Alpha' && !page.deleted).length, 1);
  });
});
