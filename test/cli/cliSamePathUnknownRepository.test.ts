// Two repositories (two clones, two roots of one multi-root workspace with the same folder name), one wiki, and no CI
// system naming either: each has docs/setup.md titled "Setup" under the same parent. Without the repository, the
// publish notice's marker names only the path, the same in both. A run that may not replace pages ("Create only", no
// --overwrite) takes a page carrying that marker, with no record naming it, only when the page holds what the file
// would send now (nothing is lost); another text is said as a page it cannot tell is this repository's, and left as is.
// A flat run without --state keeps no record at all: there the notice is the only one, and is taken as before.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileRecords, runCli, useCliWorld } from './cliHarness';

const TO = ['--space', 'DOCS', '--parent', '123456'];

describe('CLI: two repositories\' files of the same path under one parent, no repository known', () => {
  const cli = useCliWorld();

  it('a tree, create only: team A\'s page is not taken nor changed; the second run says why before sending, and records nothing of it', async () => {
    const a = await cli.tree({ 'docs/setup.md': '# Setup\n\nTeam A text.\n' });
    const first = await runCli(['publish', 'docs', '--tree', ...TO], { cwd: a, env: cli.env() });
    assert.equal(first.code, 0, first.stdout + first.stderr);
    const page = cli.livePage('Setup');

    const b = await cli.tree({ 'docs/setup.md': '# Setup\n\nTeam B text.\n' });
    const plan = await runCli(['publish', 'docs', '--tree', ...TO, '--dry-run'], { cwd: b, env: cli.env() });
    assert.doesNotMatch(plan.stdout, /taken as this (file's )?page/, plan.stdout);
    assert.match(plan.stdout, /cannot tell which repository published it/, plan.stdout);
    const imports = cli.world.sandbox.imports.length;
    const run = await runCli(['publish', 'docs', '--tree', ...TO], { cwd: b, env: cli.env() });
    assert.notEqual(run.code, 0, run.stdout + run.stderr);
    assert.ok(cli.world.sandbox.imports.length <= imports + 1, 'at most the create, which replaces nothing');
    const after = cli.livePage('Setup');
    assert.equal(after.version, page.version, 'team A\'s page keeps its version');
    assert.match(after.markdown, /Team A text\./);
    const manifest = await readFile(join(b, 'docs/.wiki-pages.json'), 'utf8').catch(() => '');
    assert.doesNotMatch(manifest, new RegExp(`"${page.id}"`), 'team B\'s record does not name team A\'s page');

    // Team A's own run, its record lost: the page holds what the file sends, so it is its page again, nothing sent.
    const again = await cli.tree({ 'docs/setup.md': '# Setup\n\nTeam A text.\n' });
    const rerun = await runCli(['publish', 'docs', '--tree', ...TO], { cwd: again, env: cli.env() });
    assert.equal(rerun.code, 0, rerun.stdout + rerun.stderr);
    assert.equal(cli.livePage('Setup').version, page.version, 'as left: nothing sent');
  });

  it('a tree whose record lost one page under a folder page it records: that page is its own, though its text changed', async () => {
    const root = await cli.tree({ 'docs/guide/README.md': '# Guide\n', 'docs/guide/install.md': '# Install\n\nOne.\n' });
    assert.equal((await runCli(['publish', 'docs', '--tree', ...TO], { cwd: root, env: cli.env() })).code, 0);
    const page = cli.livePage('Install');
    const manifestPath = join(root, 'docs/.wiki-pages.json');
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as { pages: Record<string, unknown> };
    assert.ok('guide/install.md' in manifest.pages, JSON.stringify(manifest));
    delete manifest.pages['guide/install.md'];
    await writeFile(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
    await writeFile(join(root, 'docs/guide/install.md'), '# Install\n\nTwo.\n');
    const run = await runCli(['publish', 'docs', '--tree', ...TO], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.equal(cli.livePage('Install').id, page.id);
    assert.match(cli.livePage('Install').markdown, /Two\./);
  });

  it('a flat run with its --state record, create only: team A\'s page is not taken (exit 1, said before sending); --overwrite replaces it as asked', async () => {
    const a = await cli.tree({ 'docs/setup.md': '# Setup\n\nTeam A text.\n' });
    const STATE = ['--state', 'state.json'];
    assert.equal((await runCli(['publish', 'docs/setup.md', ...TO, ...STATE], { cwd: a, env: cli.env() })).code, 0);
    const page = cli.livePage('Setup');

    const b = await cli.tree({ 'docs/setup.md': '# Setup\n\nTeam B text.\n' });
    const plan = await runCli(['publish', 'docs/setup.md', ...TO, '--dry-run', '--json', ...STATE], { cwd: b, env: cli.env() });
    assert.equal(plan.code, 1, plan.stdout + plan.stderr);
    assert.deepEqual(fileRecords(plan)[0]?.wikiEdits, { checked: true, verdict: 'exists', version: page.version, unknownRepository: true }, plan.stdout);
    const text = await runCli(['publish', 'docs/setup.md', ...TO, '--dry-run', ...STATE], { cwd: b, env: cli.env() });
    assert.match(text.stdout, /cannot tell which repository published it/);
    const run = await runCli(['publish', 'docs/setup.md', ...TO, ...STATE], { cwd: b, env: cli.env() });
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.doesNotMatch(run.stdout, /taken as this file's page/);
    const after = cli.livePage('Setup');
    assert.equal(after.version, page.version, 'team A\'s page keeps its version');
    assert.match(after.markdown, /Team A text\./);

    const overwrite = await runCli(['publish', 'docs/setup.md', ...TO, '--overwrite', ...STATE], { cwd: b, env: cli.env() });
    assert.equal(overwrite.code, 0, overwrite.stdout + overwrite.stderr);
    assert.match(cli.livePage('Setup').markdown, /Team B text\./);
  });
});
