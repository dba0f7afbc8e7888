// Issue 82, a folder published without --tree whose page holds a link left as written because the page it names did
// not exist yet (the file published alone first, or a run stopped before its second pass): once that page exists,
// the file's page is not what the file would send (its link can reach the page now), so a fresh runner sends it again,
// whatever any record says; the notice's digest counts the pages its links reached.
import assert from 'node:assert/strict';
import { fileRecords, runCli, summaryRecord, useCliSandbox, useCliWorld, type CliRun } from './cliHarness';

const TO = ['--space', 'DOCS', '--parent', '123456', '--json'];

describe('CLI without --tree: a page whose link waited for a page made later', () => {
  const cli = useCliWorld();

  beforeEach(() => cli.world.sandbox.setImportAuthor('app'));

  const statusOf = (run: CliRun, file: string): unknown => fileRecords(run).find((record) => record.file === file)?.status;
  const page = (title: string): ReturnType<typeof cli.livePage> => cli.livePage(title);

  it('a fresh runner sends it again with the link reaching the page, and then leaves it alone', async () => {
    const root = await cli.tree({ 'notes/alpha.md': '# Alpha\n\nSee [beta](beta.md).\n', 'notes/beta.md': '# Beta\n\nPlain.\n' });
    assert.equal((await runCli(['publish', 'notes/alpha.md', ...TO], { cwd: root, env: cli.env() })).code, 0);
    assert.equal((await runCli(['publish', 'notes/beta.md', ...TO], { cwd: root, env: cli.env() })).code, 0);
    assert.ok(!page('Alpha').imported.includes('/pages/'), 'alpha went before beta had a page');
    const plan = await runCli(['publish', 'notes', ...TO, '--overwrite', '--dry-run'], { cwd: root, env: cli.env() });
    assert.equal(statusOf(plan, 'notes/alpha.md'), 'send', plan.stdout);
    assert.equal(statusOf(plan, 'notes/beta.md'), 'unchanged', plan.stdout);
    const run = await runCli(['publish', 'notes', ...TO, '--overwrite'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assert.equal(statusOf(run, 'notes/alpha.md'), 'published', run.stdout);
    assert.ok(page('Alpha').imported.includes(`/pages/${page('Beta').id}/Beta`), page('Alpha').imported);
    const imports = cli.world.sandbox.imports.length;
    const again = await runCli(['publish', 'notes', ...TO, '--overwrite'], { cwd: root, env: cli.env() });
    assert.equal(again.code, 0, again.stderr);
    assert.equal(cli.world.sandbox.imports.length, imports, 'nothing goes the run after');
  });
});

describe('CLI: a page found by its notice, holding what the file sends, sent again with --force', () => {
  const cli = useCliWorld();

  it('says it was sent again (--force), not that it was left as it is', async () => {
    const root = await cli.tree({ 'notes/beta.md': '# Beta\n\nPlain.\n' });
    assert.equal((await runCli(['publish', 'notes', ...TO], { cwd: root, env: cli.env() })).code, 0);
    const plain = await runCli(['publish', 'notes', '--space', 'DOCS', '--parent', '123456'], { cwd: root, env: cli.env() });
    assert.match(plain.stdout, /^unchanged +notes\/beta\.md /m);
    const forced = await runCli(['publish', 'notes', '--space', 'DOCS', '--parent', '123456', '--force'], { cwd: root, env: cli.env() });
    assert.equal(forced.code, 0, forced.stderr);
    assert.match(forced.stdout, /^updated +notes\/beta\.md .*taken as this file's page and sent again all the same \(--force\): it held what this file sends/m);
    assert.doesNotMatch(forced.stdout, /left as it is/);
  });
});

describe('CLI without page access or the wiki\'s address: links between the files of a folder', () => {
  const cli = useCliSandbox();

  it('stay as written, said once for the run; no file waits for a page, and nothing goes twice', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n\nText.\n', 'docs/b.md': '# Beta\n\nSee [a](a.md).\n' });
    const args = ['publish', 'docs', '--space', 'DOCS', '--parent', '123456', '--state', 'st.json', '--json'];
    const first = await runCli(args, { cwd: root, env: cli.env() });
    assert.equal(first.code, 0, first.stderr);
    assert.equal(summaryRecord(first).linksWithoutAddress, 1, first.stdout);
    assert.deepEqual(fileRecords(first).find((record) => record.file === 'docs/b.md')?.cautions, [], first.stdout);
    const imports = cli.sandbox.imports.length;
    for (let run = 0; run < 2; run++) {
      const again = await runCli(args, { cwd: root, env: cli.env() });
      assert.equal(again.code, 0, again.stderr);
      assert.equal(cli.sandbox.imports.length, imports, `run ${run + 2} sends nothing:\n${again.stdout}`);
    }
  });
});
