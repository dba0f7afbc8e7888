// Where in the repository a run starts changes nothing: a file is named by its path from the repository's root, in
// what the run prints and in the notice it leaves on the page (whose marker digests that path). A folder or a tree
// published from the root and then from inside the folder (a CI job's working-directory, a teammate in a terminal)
// finds its pages as they were left: nothing is sent again, nothing is "a page this file did not publish". Fresh
// runners (no --state), with page access, against the sandbox.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fileRecords, runCli, useCliWorld, type CliRun } from './cliHarness';

const FILES = {
  '.git/HEAD': 'ref: refs/heads/main\n',
  'docs/alpha.md': '# Alpha\n\nSee [beta](guide/beta.md).\n',
  'docs/guide/beta.md': '# Beta\n\nBack to [alpha](../alpha.md).\n',
};
const TO = ['--space', 'DOCS', '--parent', '123456', '--json'];

describe('CLI: a run started inside the repository\'s folder is the run started at its root', () => {
  const cli = useCliWorld();

  const statuses = (run: CliRun): string[][] => fileRecords(run).map((record) => [String(record.file), String(record.status)]);

  it('a folder published from the root is unchanged from docs/, and back at the root', async () => {
    const root = await cli.tree(FILES);
    const first = await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() });
    assert.equal(first.code, 0, `${first.stdout}\n${first.stderr}`);
    const imports = cli.world.sandbox.imports.length;
    const fromDocs = await runCli(['publish', '.', ...TO], { cwd: join(root, 'docs'), env: cli.env() });
    assert.equal(fromDocs.code, 0, `${fromDocs.stdout}\n${fromDocs.stderr}`);
    assert.deepEqual(statuses(fromDocs), [['docs/alpha.md', 'skipped'], ['docs/guide/beta.md', 'skipped']]);
    const again = await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() });
    assert.deepEqual(statuses(again), [['docs/alpha.md', 'skipped'], ['docs/guide/beta.md', 'skipped']]);
    assert.equal(cli.world.sandbox.imports.length, imports, 'nothing sent again');
  });

  it('a tree published from docs/ is unchanged from the root, and a colleague\'s edit is held from either', async () => {
    const root = await cli.tree(FILES);
    const first = await runCli(['publish', '.', '--tree', ...TO], { cwd: join(root, 'docs'), env: cli.env() });
    assert.equal(first.code, 0, `${first.stdout}\n${first.stderr}`);
    const imports = cli.world.sandbox.imports.length;
    const fromRoot = await runCli(['publish', 'docs', '--tree', ...TO], { cwd: root, env: cli.env() });
    assert.equal(fromRoot.code, 0, `${fromRoot.stdout}\n${fromRoot.stderr}`);
    assert.ok(statuses(fromRoot).every(([, status]) => status === 'skipped'), JSON.stringify(statuses(fromRoot)));
    assert.equal(cli.world.sandbox.imports.length, imports, 'nothing sent again');
    const alpha = cli.world.sandbox.pages().find((page) => page.title === 'Alpha' && !page.deleted);
    assert.ok(alpha);
    cli.world.sandbox.editLineOnWiki(alpha.id, { append: ' A colleague\'s words.' });
    for (const cwd of [root, join(root, 'docs')]) {
      const run = await runCli(['publish', cwd === root ? 'docs' : '.', '--tree', '--overwrite', ...TO, '--dry-run'], { cwd, env: cli.env() });
      assert.equal(fileRecords(run).find((record) => record.file === 'docs/alpha.md')?.status, 'edited', run.stdout);
    }
  });
});
