// A file of a tree renamed (its title kept, so its page follows it) while another file's link still names it by its
// old name: the link in what that file sends is dead (no such file). The rename run's plan must say what its run does,
// and once that run is over the tree is stable: the run after it, with nothing changed, sends nothing.
import assert from 'node:assert/strict';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileRecords, runCli, useCliWorld } from './cliHarness';

const TREE_ARGS = ['docs', '--tree', '--space', 'DOCS', '--parent', '123456'];

describe('CLI --tree: a rename leaves the tree stable, and its plan says what its run does', () => {
  const cli = useCliWorld();

  beforeEach(() => cli.world.sandbox.setImportAuthor('app'));

  /** Each file's status in a --json dry run (would send or not) and in a --json run (sent or not). */
  const statuses = (records: Record<string, unknown>[], sent: string): Record<string, string> => Object.fromEntries(
    records.filter((record) => typeof record.file === 'string').map((record) => [String(record.file), record.status === sent ? 'send' : 'not sent']),
  );

  async function published(files: Record<string, string>): Promise<string> {
    const root = await cli.tree({ ...files, '.git/HEAD': 'ref: refs/heads/main\n' });
    const first = await runCli(['publish', ...TREE_ARGS], { cwd: root, env: cli.env() });
    assert.equal(first.code, 0, `${first.stdout}\n${first.stderr}`);
    return root;
  }

  /** The dry run, then the run: per file, the plan's status is the run's; then a run of the unchanged tree sends nothing. */
  async function planRunThenStable(root: string): Promise<{ dry: string; run: string; again: string; sent: number }> {
    const dry = await runCli(['publish', ...TREE_ARGS, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 0, `${dry.stdout}\n${dry.stderr}`);
    const dryText = await runCli(['publish', ...TREE_ARGS, '--dry-run'], { cwd: root, env: cli.env() });
    const before = cli.world.sandbox.imports.length;
    const run = await runCli(['publish', ...TREE_ARGS, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    const sent = cli.world.sandbox.imports.length - before;
    assert.deepEqual(statuses(fileRecords(run), 'published'), statuses(fileRecords(dry), 'send'), `the plan says what its run does:\n${dry.stdout}\n${run.stdout}`);
    const afterRun = cli.world.sandbox.imports.length;
    const again = await runCli(['publish', ...TREE_ARGS], { cwd: root, env: cli.env() });
    assert.equal(again.code, 0, `${again.stdout}\n${again.stderr}`);
    assert.equal(cli.world.sandbox.imports.length, afterRun, `the run after the rename sends nothing:\n${again.stdout}`);
    return { dry: dryText.stdout, run: run.stdout, again: again.stdout, sent };
  }

  it('a linked file renamed, the link left at its old name: the linking page goes once with the caution, then nothing', async () => {
    const root = await published({ 'docs/a.md': '# A\n\n[b](b.md)\n', 'docs/b.md': '# B\n' });
    await rename(join(root, 'docs', 'b.md'), join(root, 'docs', 'c.md'));
    const { dry } = await planRunThenStable(root);
    const line = dry.split('\n').find((each) => each.includes(' docs/a.md ')) ?? '';
    assert.match(line, /update/, dry);
    assert.match(dry, /b\.md \(no such file\)/, dry);
  });

  it('a linked file renamed while the linking file is edited, its link left at the old name: it goes once, its notice as sent, then nothing', async () => {
    const root = await published({ 'docs/a.md': '# A\n\n[b](b.md)\n', 'docs/b.md': '# B\n' });
    await rename(join(root, 'docs', 'b.md'), join(root, 'docs', 'c.md'));
    await writeFile(join(root, 'docs', 'a.md'), '# A\n\nRevised: [b](b.md)\n', 'utf8');
    const { dry } = await planRunThenStable(root);
    assert.match(dry, /b\.md \(no such file\)/, dry);
    const a = cli.world.sandbox.pages().find((page) => page.title === 'A' && !page.deleted);
    assert.ok(a?.imported.includes('[b](b.md)'), 'the link goes out as written');
  });

  it('a linked file renamed in the same commit as the link to it: the linking page goes once, then nothing', async () => {
    const root = await published({ 'docs/a.md': '# A\n\n[b](b.md)\n', 'docs/b.md': '# B\n' });
    await rename(join(root, 'docs', 'b.md'), join(root, 'docs', 'c.md'));
    await writeFile(join(root, 'docs', 'a.md'), '# A\n\n[b](c.md)\n', 'utf8');
    const { dry } = await planRunThenStable(root);
    assert.doesNotMatch(dry, /no such file/, dry);
    const a = cli.world.sandbox.pages().find((page) => page.title === 'A' && !page.deleted);
    const b = cli.world.sandbox.pages().find((page) => page.title === 'B' && !page.deleted);
    assert.ok(a && b && a.imported.includes(`/pages/${b.id}/B`), 'A links to B\'s page');
  });

  it('a case-only rename: the plan says what the run does, then nothing goes', async () => {
    const root = await published({
      'docs/index.md': '# Home\n\nSee the [API](ref/api.md).\n',
      'docs/ref/api.md': '# API\n',
      'docs/ref/errors.md': '# Errors\n\nBack to the [API](api.md#top).\n',
    });
    await rename(join(root, 'docs', 'ref', 'api.md'), join(root, 'docs', 'ref', 'API.md'));
    await planRunThenStable(root);
  });

  it('a rename is in the Markdown plan a reviewer reads, as in the text plan: the page follows the file', async () => {
    const root = await published({ 'docs/index.md': '# Home\n', 'docs/setup.md': '# Setup\n\nInstall it.\n' });
    const pageId = cli.world.sandbox.pages().find((page) => page.title === 'Setup')?.id;
    await rename(join(root, 'docs', 'setup.md'), join(root, 'docs', 'install.md'));
    const plan = await runCli(['plan', ...TREE_ARGS], { cwd: root, env: cli.env() });
    assert.match(plan.stdout, new RegExp(`^- renamed: docs/setup\\.md to docs/install\\.md; page ${pageId} follows the file \\(the same title under the same parent page\\)$`, 'm'), plan.stdout);
  });

  it('a folder renamed with its title kept: the plan says what the run does, then nothing goes', async () => {
    const root = await published({
      'docs/index.md': '# Home\n\nRead the [guide](guide/) and [setup](guide/setup.md).\n',
      'docs/guide/README.md': '# Guide\n\nFirst [setup](setup.md).\n',
      'docs/guide/setup.md': '# Setup\n\nBack [home](../index.md).\n',
    });
    await rename(join(root, 'docs', 'guide'), join(root, 'docs', 'guides'));
    await planRunThenStable(root);
    const manifest = JSON.parse(await readFile(join(root, 'docs', '.wiki-pages.json'), 'utf8')) as { pages: Record<string, unknown> };
    assert.ok(manifest.pages['guides/'] !== undefined, 'the folder renamed');
  });
});
