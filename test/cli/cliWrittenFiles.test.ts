// Issue 81: the repository is untrusted. Every file a run writes (--state and its journal, --report, --markdown-file, a
// tree's .wiki-pages.json) stays inside the working tree and is never written through a symbolic link the repository
// commits, neither at the file nor at a folder on its way. Each such path is refused before anything is sent (exit 2),
// with a message naming it and saying what to do, and nothing outside the checkout is created or changed.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runCli, useCliSandbox, useCliWorld, type CliRun } from './cliHarness';

const DOCS = ['--space', 'DOCS', '--parent', '123456'];
/** What the outside folder holds before every run, and must hold after it. */
const VICTIM = 'export PS1="$(cat ~/.ssh/id_rsa)"\n';

/** The flags of a run that writes every file it can, each under .wiki-publisher/. */
const WRITTEN = [
  { flag: '--state', path: '.wiki-publisher/state.json', link: '.wiki-publisher/state.json' },
  { flag: '--state', path: '.wiki-publisher/state.json', link: '.wiki-publisher/state.json.journal' },
  { flag: '--report', path: '.wiki-publisher/junit.xml', link: '.wiki-publisher/junit.xml' },
  { flag: '--markdown-file', path: '.wiki-publisher/plan.md', link: '.wiki-publisher/plan.md' },
] as const;

const allFlags = (): string[] => ['--state', '.wiki-publisher/state.json', '--report', '.wiki-publisher/junit.xml', '--markdown-file', '.wiki-publisher/plan.md'];

async function assertOutsideUntouched(outside: string): Promise<void> {
  assert.deepEqual(await readdir(outside), ['profile']);
  assert.equal(await readFile(join(outside, 'profile'), 'utf8'), VICTIM);
}

function assertRefused(run: CliRun, message: RegExp): void {
  assert.equal(run.code, 2, `${run.stdout}\n${run.stderr}`);
  assert.match(run.stderr, message);
  assert.equal(run.stdout, '', 'no plan, no result: the run stopped first');
}

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

describe('CLI: files it writes stay in the checkout, never through a link', () => {
  const cli = useCliSandbox();

  it('the same run without links publishes and writes every file (what the refusals below stop)', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n' });
    const run = await runCli(['publish', 'docs', ...DOCS, ...allFlags()], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(cli.sandbox.imports.length, 1);
    assert.deepEqual((await readdir(join(root, '.wiki-publisher'))).sort(), ['junit.xml', 'plan.md', 'state.json']);
  });

  for (const written of WRITTEN) {
    for (const dryRun of [false, true]) {
      it(`${written.flag}: a committed link at ${written.link}${dryRun ? ', in a plan' : ''} is refused before anything is sent`, async () => {
        const outside = await cli.tree({ profile: VICTIM });
        const root = await cli.tree({ 'docs/a.md': '# Alpha\n', '.wiki-publisher/keep': '' });
        await symlink(join(outside, 'profile'), join(root, ...written.link.split('/')));
        const run = await runCli([dryRun ? 'plan' : 'publish', 'docs', ...DOCS, ...allFlags()], { cwd: root, env: cli.env() });
        assertRefused(run, new RegExp(`${escaped(written.flag)} ${escaped(written.path)}: ${escaped(written.link)} is a symbolic link; wiki-publisher never writes through a symbolic link, so that a repository cannot make it write a file outside its working tree\\. Delete the link \\(or restore the file from git\\), or name another path\\.`));
        assert.equal(cli.sandbox.imports.length, 0);
        await assertOutsideUntouched(outside);
      });
    }

    it(`${written.flag}: a committed link at the folder on the way to ${written.path} is refused`, async () => {
      const outside = await cli.tree({ profile: VICTIM });
      const root = await cli.tree({ 'docs/a.md': '# Alpha\n' });
      await symlink(outside, join(root, '.wiki-publisher'));
      // Alone, so that this flag's check is the one that speaks.
      const run = await runCli(['publish', 'docs', ...DOCS, written.flag, written.path], { cwd: root, env: cli.env() });
      assertRefused(run, new RegExp(`${escaped(written.flag)} ${escaped(written.path)}: ${escaped(written.path)} goes through \\.wiki-publisher, a symbolic link; wiki-publisher never writes through a symbolic link.* Make \\.wiki-publisher a real folder \\(or delete the link\\), or name another path\\.`));
      assert.equal(cli.sandbox.imports.length, 0);
      await assertOutsideUntouched(outside);
    });
  }

  it('a link deeper down (ci/cache -> outside) is refused as well, and so is a path named outside the working tree', async () => {
    const outside = await cli.tree({ profile: VICTIM });
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n', 'ci/keep': '' });
    await symlink(outside, join(root, 'ci', 'cache'));
    const deep = await runCli(['publish', 'docs', ...DOCS, '--report', 'ci/cache/reports/junit.xml'], { cwd: root, env: cli.env() });
    assertRefused(deep, /--report ci\/cache\/reports\/junit\.xml: ci\/cache\/reports\/junit\.xml goes through ci\/cache, a symbolic link/);
    for (const [flag, path] of [['--state', '../outside-state.json'], ['--report', join(outside, 'junit.xml')], ['--markdown-file', join(outside, 'plan.md')]] as const) {
      const run = await runCli(['publish', 'docs', ...DOCS, flag, path], { cwd: root, env: cli.env() });
      assertRefused(run, new RegExp(`${escaped(flag)} ${escaped(path)}: .* is outside the working tree \\(${escaped(root)}\\); wiki-publisher writes files only inside it.* Name a path inside it\\.`));
    }
    assert.ok(!existsSync(join(root, '..', 'outside-state.json')));
    assert.equal(cli.sandbox.imports.length, 0);
    await assertOutsideUntouched(outside);
  });

  it('a path inside .git (its config, a hook git runs) is refused, in any letter case, and the file stays as it was', async () => {
    const config = '[core]\n\trepositoryformatversion = 0\n';
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n', '.git/config': config, '.git/hooks/pre-commit': '#!/bin/sh\nexit 0\n' });
    for (const [flag, path] of [['--markdown-file', '.git/config'], ['--report', '.git/hooks/pre-commit'], ['--state', '.GIT/state.json']] as const) {
      const run = await runCli(['plan', 'docs', ...DOCS, flag, path], { cwd: root, env: cli.env() });
      assertRefused(run, new RegExp(`${escaped(flag)} ${escaped(path)}: ${escaped(path)} is inside ${escaped(path.slice(0, 4))}, git's own folder .* wiki-publisher never writes there\\. Name another path\\.`));
    }
    assert.equal(await readFile(join(root, '.git', 'config'), 'utf8'), config);
    assert.equal(await readFile(join(root, '.git', 'hooks', 'pre-commit'), 'utf8'), '#!/bin/sh\nexit 0\n');
    assert.ok(!existsSync(join(root, '.GIT')), 'no folder made for it');
  });

  it('a failed write keeps the old file whole: a report that cannot be replaced is still the last one', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n' });
    // The file system takes the name, but not with the temporary file's suffix: the write fails at the end of the run.
    const report = `${'r'.repeat(250)}.xml`;
    await writeFile(join(root, report), '<testsuites>old</testsuites>\n');
    const run = await runCli(['publish', 'docs', ...DOCS, '--report', report], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr, /could not be written: ENAMETOOLONG/);
    assert.equal(await readFile(join(root, report), 'utf8'), '<testsuites>old</testsuites>\n');
    assert.deepEqual((await readdir(root)).sort(), ['docs', report].sort(), 'no temporary file left');
  });
});

describe('CLI: an output file never lands on something else the run reads or writes', () => {
  const cli = useCliSandbox();

  it('a report or plan over the state file, over each other, over a published Markdown file or a tree\'s record: refused first (exit 2)', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n', 'docs/b.md': '# Beta\n', 'out/keep': '' });
    const DOCS = ['docs', '--space', 'DOCS', '--parent', '123456'];
    const cases: Array<[string[], RegExp]> = [
      [['--state', 'out/st.json', '--report', 'out/st.json'], /^wiki-publisher: --report out\/st\.json: the same file as --state; each needs a file of its own\./m],
      [['--state', 'out/st.json', '--markdown-file', 'out/st.json.journal'], /--markdown-file out\/st\.json\.journal: the same file as --state/],
      [['--report', 'out/r.xml', '--markdown-file', 'out/r.xml'], /--markdown-file out\/r\.xml: the same file as --report/],
      [['--markdown-file', 'docs/a.md'], /--markdown-file docs\/a\.md: a Markdown file in docs, which this run publishes/],
      [['--markdown-file', 'docs/plan.md'], /--markdown-file docs\/plan\.md: a Markdown file in docs, which this run publishes/],
      [['--report', 'docs/.wiki-pages.json'], /--report docs\/\.wiki-pages\.json: a page tree's record/],
    ];
    for (const [extra, message] of cases) {
      for (const command of ['publish', 'plan']) {
        const run = await runCli([command, ...DOCS, ...extra], { cwd: root, env: cli.env() });
        assertRefused(run, message);
      }
    }
    assert.equal(cli.sandbox.imports.length, 0);
    assert.equal(await readFile(join(root, 'docs/a.md'), 'utf8'), '# Alpha\n');
    // Beside the published folder, or in a folder of it the walk skips, a plan in Markdown is fine.
    for (const place of ['out/plan.md', 'docs/node_modules/plan.md', 'docs/.out/plan.md']) {
      const fine = await runCli(['plan', ...DOCS, '--markdown-file', place, '--report', 'out/r.xml'], { cwd: root, env: cli.env() });
      assert.equal(fine.code, 0, `${place}: ${fine.stderr}`);
    }
  });
});

describe('CLI --tree: .wiki-pages.json is never written through a link', () => {
  const cli = useCliWorld();
  const TREE = ['--tree', ...DOCS];

  it('the same tree without links publishes and records its pages (what the refusals below stop)', async () => {
    const root = await cli.tree({ 'docs/index.md': '# Docs\n', 'docs/a.md': '# Alpha\n' });
    const run = await runCli(['publish', 'docs', ...TREE], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, run.stderr);
    assert.ok(cli.world.sandbox.imports.length > 0);
    assert.ok(existsSync(join(root, 'docs', '.wiki-pages.json')));
  });

  it('a committed link at docs/.wiki-pages.json is refused (never read or written), nothing sent', async () => {
    const outside = await cli.tree({ profile: VICTIM });
    const root = await cli.tree({ 'docs/index.md': '# Docs\n', 'docs/a.md': '# Alpha\n' });
    await symlink(join(outside, 'profile'), join(root, 'docs', '.wiki-pages.json'));
    const run = await runCli(['publish', 'docs', ...TREE], { cwd: root, env: cli.env() });
    assertRefused(run, /docs\/\.wiki-pages\.json is a symbolic link; it is not followed/);
    assert.equal(cli.world.sandbox.imports.length, 0);
    await assertOutsideUntouched(outside);
  });

  it('a tree named through a linked folder is refused before anything is sent: to outside (never walked), and inside the checkout (never written)', async () => {
    const outside = await cli.tree({ profile: VICTIM });
    await mkdir(join(outside, 'docs'));
    await writeFile(join(outside, 'docs', 'index.md'), '# Elsewhere\n');
    const root = await cli.tree({ 'real/docs/index.md': '# Docs\n', 'real/docs/a.md': '# Alpha\n', 'site/keep': '' });
    await symlink(outside, join(root, 'away'));
    const away = await runCli(['publish', 'away/docs', ...TREE], { cwd: root, env: cli.env() });
    assert.equal(away.code, 2, away.stderr);
    assert.equal(cli.world.sandbox.imports.length, 0);
    assert.deepEqual((await readdir(outside)).sort(), ['docs', 'profile']);
    assert.deepEqual(await readdir(join(outside, 'docs')), ['index.md']);

    await symlink(join(root, 'real', 'docs'), join(root, 'site', 'docs'));
    const inside = await runCli(['publish', 'site/docs', ...TREE], { cwd: root, env: cli.env() });
    assertRefused(inside, /^wiki-publisher: --tree publishes a folder as a page tree, and site\/docs is a symbolic link: wiki-publisher never walks or writes through one\. Name the folder it leads to\./m);
    assert.equal(cli.world.sandbox.imports.length, 0);
    assert.ok(!existsSync(join(root, 'real', 'docs', '.wiki-pages.json')));
    // A plan writes no manifest, but says what the publish will say (it said "a tree of 0 pages", exit 0, before).
    const plan = await runCli(['plan', 'site/docs', ...TREE], { cwd: root, env: cli.env() });
    assert.equal(plan.code, 2, plan.stderr);
    assert.match(plan.stderr, /site\/docs is a symbolic link: wiki-publisher never walks or writes through one/);
  });
});
