// A tree recorded in its space by one name and published with the other: the import takes a space by its key (DOCS)
// or its numeric ID (1001), and .wiki-pages.json keeps what the first run was given. With page access the two are
// resolved and taken as one place (no "not where --space/--parent say", no new tree with --retarget, the file's root
// left as it is); without it, the run says it cannot tell them apart and how to name the space, not that it is
// another place.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runCli, useCliWorld } from './cliHarness';

describe('CLI: a tree recorded with its space\'s numeric ID, published with its key (or the other way)', () => {
  const cli = useCliWorld();
  const recordedSpace = async (root: string): Promise<string> => (JSON.parse(await readFile(join(root, 'docs', '.wiki-pages.json'), 'utf8')) as { space: string }).space;

  it('with page access is the same place: its pages are updated, with --retarget too, and the record is left as it is', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n\nOne.\n' });
    const first = await runCli(['publish', 'docs', '--tree', '--space', '1001', '--parent', '123456'], { cwd: root, env: cli.env() });
    assert.equal(first.code, 0, first.stderr);
    assert.equal(await recordedSpace(root), '1001');
    const recorded = await readFile(join(root, 'docs', '.wiki-pages.json'), 'utf8');
    const alpha = cli.livePage('Alpha');
    for (const retarget of [[], ['--retarget']]) {
      await writeFile(join(root, 'docs/a.md'), `# Alpha\n\nChanged${retarget.length}.\n`);
      const byKey = await runCli(['publish', 'docs', '--tree', '--space', 'DOCS', '--parent', '123456', ...retarget], { cwd: root, env: cli.env() });
      assert.equal(byKey.code, 0, `${byKey.stdout}\n${byKey.stderr}`);
      assert.match(byKey.stdout, /updated\s+docs\/a\.md/);
      assert.doesNotMatch(byKey.stderr, /not where --space\/--parent say/);
      assert.equal(cli.world.sandbox.pages().filter((page) => page.title === 'Alpha' && !page.deleted).length, 1, 'no second tree');
      assert.equal(cli.livePage('Alpha').id, alpha.id);
      assert.equal(await readFile(join(root, 'docs', '.wiki-pages.json'), 'utf8'), recorded, 'nothing to commit');
    }
  });

  it('without page access is said as one space named two ways, with the fix, not as another place', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n' });
    assert.equal((await runCli(['publish', 'docs', '--tree', '--space', 'DOCS', '--parent', '123456'], { cwd: root, env: cli.env() })).code, 0);
    const imports = cli.world.sandbox.imports.length;
    const byId = await runCli(['publish', 'docs', '--tree', '--space', '1001', '--parent', '123456'], { cwd: root, env: cli.env(false) });
    assert.equal(byId.code, 2, byId.stderr);
    assert.match(byId.stderr, /\.wiki-pages\.json records this tree's space by its key DOCS and --space names it by its numeric ID 1001, under the same parent page 123456: without page access the two cannot be told to name one space\. Name the space as \.wiki-pages\.json does \(--space DOCS\), or drop --space\./);
    assert.doesNotMatch(byId.stderr, /not where --space\/--parent say|--retarget/);
    assert.equal(cli.world.sandbox.imports.length, imports, 'nothing sent');
  });

  it('another space, or another parent, is still another place', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n' });
    assert.equal((await runCli(['publish', 'docs', '--tree', '--space', '1001', '--parent', '123456'], { cwd: root, env: cli.env() })).code, 0);
    for (const [space, parent] of [['ENG', '123456'], ['1001', '234567']] as const) {
      const run = await runCli(['publish', 'docs', '--tree', '--space', space, '--parent', parent, '--dry-run'], { cwd: root, env: cli.env() });
      assert.equal(run.code, 2, `${space} ${parent}: ${run.stderr}`);
      assert.match(run.stderr, /says this tree hangs under page 123456 in space 1001, not where --space\/--parent say\. Pass --retarget/);
    }
  });
});
