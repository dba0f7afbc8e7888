// Issue 82 for a folder published without --tree (its files side by side under one parent, linking to each other): the
// wiki is the truth there too. A fresh runner (no --state) finds each file's page by its place and its notice, and the
// links between the files reach those pages before anything is decided, so an unchanged folder sends nothing; a page
// deleted on the wiki is made anew and the unchanged files linking to it are sent again with the new page; and a
// --state a run behind that records the deleted page does not make the file's page a second time.
import assert from 'node:assert/strict';
import { copyFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileRecords, runCli, summaryRecord, useCliWorld, type CliRun } from './cliHarness';

const FOLDER = {
  'docs/overview.md': '# Overview\n\nStart with [setup](guide/setup.md), then the [API](guide/api.md#tokens).\n',
  'docs/guide/setup.md': '# Setup\n\nBack to the [overview](../overview.md).\n',
  'docs/guide/api.md': '# API\n\n## Tokens\n\nSee [setup](setup.md).\n',
  'docs/notes.md': '# Notes\n\nNo links.\n',
};
const TO = ['--space', 'DOCS', '--parent', '123456', '--json'];

describe('CLI without --tree: a folder whose files link to each other, on a fresh runner', () => {
  const cli = useCliWorld();

  beforeEach(() => cli.world.sandbox.setImportAuthor('app'));

  const statuses = (run: CliRun): Record<string, unknown> =>
    Object.fromEntries(fileRecords(run).map((record) => [String(record.file), `${String(record.status)}${record.pass === 2 ? ' (pass 2)' : ''}`]));
  const page = (title: string): ReturnType<typeof cli.livePage> => cli.livePage(title);

  it('unchanged, it sends nothing: the pages are found by their places and notices, and the links reach them', async () => {
    const root = await cli.tree(FOLDER);
    const first = await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() });
    assert.equal(first.code, 0, `${first.stdout}\n${first.stderr}`);
    const imports = cli.world.sandbox.imports.length;
    const again = await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() });
    assert.equal(again.code, 0, `${again.stdout}\n${again.stderr}`);
    assert.deepEqual(Object.values(statuses(again)), ['skipped', 'skipped', 'skipped', 'skipped'], JSON.stringify(statuses(again)));
    assert.equal(cli.world.sandbox.imports.length, imports, 'no import');
    // One change: that file alone goes, once, its links reaching the pages found.
    await writeFile(join(root, 'docs/guide/setup.md'), '# Setup\n\nBack to the [overview](../overview.md). Now with more.\n');
    const changed = await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() });
    assert.equal(changed.code, 0, changed.stderr);
    assert.deepEqual(statuses(changed)['docs/guide/setup.md'], 'published');
    assert.equal(cli.world.sandbox.imports.length, imports + 1);
    assert.ok(page('Setup').imported.includes(`/pages/${page('Overview').id}/Overview)`), page('Setup').imported);
  });

  it('front matter overwrite: false, its own page found on the wiki: a changed file is refused before anything is sent, as with a record', async () => {
    const root = await cli.tree({ 'docs/eps.md': '# Epsilon\n\nv1.\n' });
    assert.equal((await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() })).code, 0);
    await writeFile(join(root, 'docs/eps.md'), '---\nwiki:\n  overwrite: false\n---\n# Epsilon\n\nv2.\n');
    const imports = cli.world.sandbox.imports.length;
    for (const dryRun of [['--dry-run'], []]) {
      const run = await runCli(['publish', 'docs', ...TO, '--overwrite', ...dryRun], { cwd: root, env: cli.env() });
      assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
      const record = fileRecords(run).find((each) => each.file === 'docs/eps.md');
      assert.equal(record?.status, 'refused', run.stdout);
      assert.match(JSON.stringify(record), /Its front matter says overwrite: false, which never replaces a page, and it published \\"Epsilon\\" before/);
      assert.doesNotMatch(run.stdout, /Pass --overwrite/);
    }
    assert.equal(cli.world.sandbox.imports.length, imports, 'nothing sent');
    assert.equal(page('Epsilon')?.version, 1);
  });

  it('a page deleted on the wiki is made anew, and the unchanged files linking to it are sent again to reach it; then nothing goes', async () => {
    const root = await cli.tree(FOLDER);
    assert.equal((await runCli(['publish', 'docs', ...TO, '--state', 'state.json'], { cwd: root, env: cli.env() })).code, 0);
    await copyFile(join(root, 'state.json'), join(root, 'behind.json'));
    const gone = page('Setup');
    cli.world.sandbox.deletePage(gone.id);
    // Overview and API link to Setup: their pages name the deleted page, so they go too, once the new page landed.
    // The plan says so: updates, for their links.
    const planned = await runCli(['publish', 'docs', ...TO, '--state', 'state.json', '--dry-run'], { cwd: root, env: cli.env() });
    const plan = Object.fromEntries(fileRecords(planned).map((record) => [String(record.file), [record.status, record.action, record.relinked]]));
    assert.deepEqual(plan, {
      'docs/guide/api.md': ['send', 'update', true], 'docs/guide/setup.md': ['send', 'create', undefined], 'docs/notes.md': ['unchanged', undefined, undefined], 'docs/overview.md': ['send', 'update', true],
    });
    assert.deepEqual([summaryRecord(planned).send, summaryRecord(planned).relinked, summaryRecord(planned).unchanged], [3, 2, 1]);
    const remade = await runCli(['publish', 'docs', ...TO, '--state', 'state.json'], { cwd: root, env: cli.env() });
    assert.equal(remade.code, 0, `${remade.stdout}\n${remade.stderr}`);
    const setup = page('Setup');
    assert.notEqual(setup.id, gone.id);
    // Each goes once, and says so: one record a file, not "unchanged" and then a second pass.
    assert.equal(fileRecords(remade).length, 4, remade.stdout);
    assert.deepEqual(statuses(remade), {
      'docs/guide/api.md': 'published', 'docs/guide/setup.md': 'published', 'docs/notes.md': 'skipped', 'docs/overview.md': 'published',
    });
    assert.deepEqual(fileRecords(remade).filter((record) => record.relinked === true).map((record) => record.file).sort(), ['docs/guide/api.md', 'docs/overview.md']);
    assert.equal(summaryRecord(remade).secondPass, 0);
    for (const title of ['Overview', 'API']) assert.ok(page(title).imported.includes(`/pages/${setup.id}/Setup`), `${title} reaches the new page:\n${page(title).imported}`);
    const imports = cli.world.sandbox.imports.length;
    const quiet = await runCli(['publish', 'docs', ...TO, '--state', 'state.json'], { cwd: root, env: cli.env() });
    assert.equal(quiet.code, 0, quiet.stderr);
    assert.equal(cli.world.sandbox.imports.length, imports, 'nothing goes the run after');
    // A state a run behind still records the deleted page: the page the last run made at its place, carrying its
    // notice, is the file's own; it is not created a second time ("already exists"), and nothing goes.
    const behind = await runCli(['publish', 'docs', ...TO, '--state', 'behind.json'], { cwd: root, env: cli.env() });
    assert.equal(behind.code, 0, `${behind.stdout}\n${behind.stderr}`);
    assert.deepEqual(Object.values(statuses(behind)), ['skipped', 'skipped', 'skipped', 'skipped'], JSON.stringify(statuses(behind)));
    assert.equal(cli.world.sandbox.imports.length, imports);
  });
});
