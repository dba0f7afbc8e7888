// A dry run (a plan job) exits as the publish it plans would: 1 when a file would not land, a create the wiki would
// answer "already exists" included (a page this file did not publish holds its title, and nothing lets it replace it),
// and a file whose front matter never replaces a page, not even the one it published, is refused with why.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { fileRecords, runCli, summaryRecord, useCliWorld } from './cliHarness';

const FLAGS = ['--space', 'DOCS', '--parent', '123456'];

describe('CLI --dry-run exit code, a create that would meet "already exists"', () => {
  const cli = useCliWorld();

  it('a file whose front matter says overwrite: false, changed after its publish, is refused with why, in the plan and the publish', async () => {
    const text = (line: string): string => `---\nwiki:\n  overwrite: false\n---\n# Keep\n\n${line}\n`;
    const root = await cli.tree({ 'docs/keep.md': text('K1.') });
    const args = ['publish', 'docs', ...FLAGS, '--state', 's.json'];
    assert.equal((await runCli(args, { cwd: root, env: cli.env() })).code, 0);
    assert.equal((await runCli(args, { cwd: root, env: cli.env() })).code, 0, 'unchanged: nothing to refuse');
    await writeFile(`${root}/docs/keep.md`, text('K2.'));
    const dry = await runCli([...args, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 1, dry.stdout);
    assert.match(String((fileRecords(dry)[0]?.refusals as string[] | undefined)?.[0]), /front matter says overwrite: false.*Remove that line/);
    const sent = cli.world.sandbox.imports.length;
    const run = await runCli([...args, '--overwrite'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, run.stdout);
    assert.doesNotMatch(run.stdout, /Pass --overwrite/, 'the flag cannot help: the front matter wins');
    assert.equal(cli.world.sandbox.imports.length, sent, 'nothing sent');
  });

  for (const tree of [false, true]) {
    it(`exits 1 as the publish does${tree ? ' (--tree)' : ''}; with --overwrite, 0`, async () => {
      cli.world.sandbox.createPageOnWiki('DOCS', '123456', 'Taken', '# Taken\n\nA colleague made this page.\n');
      const root = await cli.tree({ 'docs/taken.md': '# Taken\n\nOurs.\n', 'docs/free.md': '# Free\n\nOurs.\n' });
      const mode = tree ? ['--tree'] : [];
      const dry = await runCli(['publish', 'docs', ...FLAGS, ...mode, '--dry-run', '--json'], { cwd: root, env: cli.env() });
      assert.equal(dry.code, 1, dry.stdout + dry.stderr);
      assert.equal(summaryRecord(dry).exitCode, 1);
      assert.equal((fileRecords(dry).find((record) => record.file === 'docs/taken.md')?.wikiEdits as { verdict?: string } | undefined)?.verdict, 'exists');
      const run = await runCli(['publish', 'docs', ...FLAGS, ...mode], { cwd: root, env: cli.env() });
      assert.equal(run.code, 1, 'the publish it planned fails on that file');
      const overwriting = await runCli(['publish', 'docs', ...FLAGS, ...mode, '--overwrite', '--dry-run'], { cwd: root, env: cli.env() });
      assert.equal(overwriting.code, 0, overwriting.stdout + overwriting.stderr);
    });
  }
});
