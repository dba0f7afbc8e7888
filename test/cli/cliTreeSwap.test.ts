// Two files of a tree that swap names in one commit (`git mv a.md t.md; git mv b.md a.md; git mv t.md b.md`), each
// keeping its text and title: with --overwrite, each file's text goes to the page of its title, which the other file's
// record named. Both pages are live and each is a file's page after the run: neither may be listed as "left behind"
// (that list tells the reader to remove its pages on the wiki).
import assert from 'node:assert/strict';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { jsonLines, runCli, useCliWorld } from './cliHarness';

const TREE_ARGS = ['docs', '--tree', '--space', 'DOCS', '--parent', '123456'];

describe('CLI --tree: two files that swapped names', () => {
  const cli = useCliWorld();

  /** "Apple" (a.md) and "Banana" (b.md) published, then the files swapped names (each keeps its text and title). */
  const publishedThenSwapped = async () => {
    const root = await cli.tree({ 'docs/a.md': '# Apple\n\napple\n', 'docs/b.md': '# Banana\n\nbanana\n' });
    assert.equal((await runCli(['publish', ...TREE_ARGS], { cwd: root, env: cli.env() })).code, 0);
    const pages = { apple: cli.livePage('Apple'), banana: cli.livePage('Banana') };
    await rename(join(root, 'docs/a.md'), join(root, 'docs/t.md'));
    await rename(join(root, 'docs/b.md'), join(root, 'docs/a.md'));
    await rename(join(root, 'docs/t.md'), join(root, 'docs/b.md'));
    return { root, ...pages };
  };

  it('lists neither page as left behind: each is the other file\'s page now, and holds its text', async () => {
    const { root, apple, banana } = await publishedThenSwapped();
    const run = await runCli(['publish', ...TREE_ARGS, '--overwrite', '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const tree = jsonLines(run).find((record) => record.type === 'tree') as { leftBehind?: Array<{ pageId: string }> } | undefined;
    assert.deepEqual(tree?.leftBehind ?? [], [], run.stdout);
    const text = await runCli(['publish', ...TREE_ARGS, '--overwrite', '--force'], { cwd: root, env: cli.env() });
    assert.doesNotMatch(text.stdout, /left behind/, text.stdout);
    // Each page holds the text of its title, and the repository's record names each file's page.
    assert.match(cli.livePage('Apple').markdown, /apple/);
    assert.match(cli.livePage('Banana').markdown, /banana/);
    const pages = (JSON.parse(await readFile(join(root, 'docs', '.wiki-pages.json'), 'utf8')) as { pages: Record<string, { id: string }> }).pages;
    assert.equal(pages['a.md']?.id, banana.id);
    assert.equal(pages['b.md']?.id, apple.id);
  });

  it('without --overwrite: the plan says each file updates the page the other gave up, and the publish does so, creating nothing', async () => {
    const { root, apple, banana } = await publishedThenSwapped();
    const plan = await runCli(['publish', ...TREE_ARGS, '--dry-run'], { cwd: root, env: cli.env() });
    assert.equal(plan.code, 0, plan.stdout + plan.stderr);
    const lineOf = (path: string): string => plan.stdout.split('\n').find((line) => line.includes(` ${path} -> `)) ?? '';
    assert.match(lineOf('docs/a.md'), /^would update docs\/a\.md -> "Banana"/, plan.stdout);
    assert.ok(lineOf('docs/a.md').includes(`the title docs/b.md gave up: this updates that file's page (page ${banana.id}) instead of making a new one, and the page it published as "Apple" (page ${apple.id}) goes to docs/b.md, which has that title now.`), lineOf('docs/a.md'));
    assert.match(lineOf('docs/b.md'), /^would update docs\/b\.md -> "Apple"/, plan.stdout);
    assert.doesNotMatch(plan.stdout, /a new page|retitled:|left behind|already exists/, plan.stdout);
    const pagesBefore = cli.world.sandbox.pages().length;
    const run = await runCli(['publish', ...TREE_ARGS], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.equal(cli.world.sandbox.pages().length, pagesBefore, 'no page created');
    assert.equal(cli.livePage('Apple').id, apple.id);
    assert.match(cli.livePage('Apple').markdown, /apple/);
    assert.match(cli.livePage('Banana').markdown, /banana/);
    const pages = (JSON.parse(await readFile(join(root, 'docs', '.wiki-pages.json'), 'utf8')) as { pages: Record<string, { id: string }> }).pages;
    assert.equal(pages['a.md']?.id, banana.id);
    assert.equal(pages['b.md']?.id, apple.id);
    const imports = cli.world.sandbox.imports.length;
    assert.equal((await runCli(['publish', ...TREE_ARGS], { cwd: root, env: cli.env() })).code, 0);
    assert.equal(cli.world.sandbox.imports.length, imports, 'a re-run sends nothing');
  });

  it('a file given the title another file gave up takes that page, and the other\'s retitled line says where its page went', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Apple\n\napple\n', 'docs/b.md': '# Banana\n\nbanana\n' });
    assert.equal((await runCli(['publish', ...TREE_ARGS], { cwd: root, env: cli.env() })).code, 0);
    const banana = cli.livePage('Banana');
    await writeFile(join(root, 'docs/a.md'), '# Banana\n\napple, now a banana\n');
    await writeFile(join(root, 'docs/b.md'), '# Cherry\n\nbanana, now a cherry\n');
    const plan = await runCli(['publish', ...TREE_ARGS, '--dry-run'], { cwd: root, env: cli.env() });
    assert.equal(plan.code, 0, plan.stdout + plan.stderr);
    assert.ok(plan.stdout.includes(`  docs/b.md: "Banana" -> "Cherry": page ${banana.id} goes to docs/a.md, which has its title now; a new page is created`), plan.stdout);
    const json = await runCli(['publish', ...TREE_ARGS, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    const tree = jsonLines(json).find((record) => record.type === 'tree') as { retitled?: Array<{ path: string; takenBy?: string }> } | undefined;
    assert.deepEqual(tree?.retitled?.map(({ path, takenBy }) => ({ path, takenBy })), [{ path: 'docs/b.md', takenBy: 'docs/a.md' }], json.stdout);
    const run = await runCli(['publish', ...TREE_ARGS], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.equal(cli.livePage('Banana').id, banana.id);
    assert.match(cli.livePage('Banana').markdown, /apple, now a banana/);
    assert.match(cli.livePage('Cherry').markdown, /banana, now a cherry/);
  });
});

describe('CLI --tree: a new file that takes a published page\'s title', () => {
  const cli = useCliWorld();

  it('refuses both, and the unchanged folder page that lists the published one keeps its link (it is not sent again)', async () => {
    const root = await cli.tree({ 'docs/ref/api.md': '# API Reference\n\nThe API.\n', 'docs/ref/limits.md': '# Limits\n\nSome.\n', 'docs/guide/setup.md': '# Setup\n\nSet up.\n' });
    assert.equal((await runCli(['publish', ...TREE_ARGS], { cwd: root, env: cli.env() })).code, 0);
    const folder = cli.livePage('Ref');
    assert.match(folder.markdown, /\[API Reference\]\(/);
    await writeFile(join(root, 'docs/guide/dup.md'), '# API Reference\n\nA second one.\n');
    const run = await runCli(['publish', ...TREE_ARGS], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.match(run.stdout, /docs\/guide\/dup\.md/);
    assert.equal(cli.livePage('Ref').version, folder.version, `the folder page is not sent again: ${run.stdout}`);
    assert.match(cli.livePage('Ref').markdown, /\[API Reference\]\(/, 'its link to the published page stays');
  });
});

describe('CLI: a page held for its place on the wiki', () => {
  const cli = useCliWorld();

  it('is named with who made its latest version and when, as an edited page is', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n\nA.\n' });
    assert.equal((await runCli(['publish', 'docs', '--space', 'DOCS', '--parent', '123456', '--state', 's.json'], { cwd: root, env: cli.env() })).code, 0);
    const page = cli.livePage('Alpha');
    const archive = cli.world.sandbox.createPageOnWiki('DOCS', '123456', 'Archive', 'Old pages.\n');
    cli.world.sandbox.movePageOnWiki(page.id, archive.id);
    cli.world.sandbox.editLineOnWiki(page.id);
    const moved = cli.livePage('Alpha');
    await writeFile(join(root, 'docs/a.md'), '# Alpha\n\nA, changed.\n');
    const run = await runCli(['publish', 'docs', '--space', 'DOCS', '--parent', '123456', '--state', 's.json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, run.stdout + run.stderr);
    const line = run.stdout.split('\n').find((each) => each.includes('docs/a.md')) ?? '';
    assert.match(line, /^LEFT OUT .*its page is under "Archive" \(page \d+\)/, line);
    assert.ok(line.includes(`(its latest version: ${moved.version} by ${moved.authorId} at `), line);
  });
});

describe('CLI --tree: a second send\'s record', () => {
  const cli = useCliWorld();

  it('says overwrite: true, as its request did (it updates the page the run just created), without --overwrite', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n\nSee [beta](b.md).\n', 'docs/b.md': '# Beta\n\nSee [alpha](a.md).\n' });
    const run = await runCli(['publish', ...TREE_ARGS, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const second = jsonLines(run).filter((record) => record.type === 'file' && (record.tree as { pass?: number } | undefined)?.pass === 2);
    assert.ok(second.length > 0, `two files linking each other: one goes twice: ${run.stdout}`);
    for (const record of second) assert.equal(record.overwrite, true, JSON.stringify(record));
    const sentTwice = cli.world.sandbox.imports.filter((request) => (request.body as { overwrite?: boolean }).overwrite === true);
    assert.equal(sentTwice.length, second.length, 'the second sends went with overwrite: true');
  });
});
