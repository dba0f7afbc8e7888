// Issue 82, a fresh runner whose repository holds no record of the tree's pages: the first publish ran in CI and its
// .wiki-pages.json went with that runner (nobody committed it), or a clone lost it. The pages are found on the wiki
// where the tree puts them, each proven the tree's own by the publish notice naming its file (foundTreePages.ts), and
// the plan is the one the record would have given: nothing is sent for an unchanged tree (its links reach the pages
// found, which hold just that), no title is said to be held elsewhere by the tree's own pages, and the record is
// written again. A page at a tree page's place without its file's notice is not taken.
import assert from 'node:assert/strict';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { WIKI_EDITOR } from '../sandbox/sandboxWiki';
import { fileRecords, runCli, summaryRecord, useCliWorld, type CliRun } from './cliHarness';

// Links both ways between pages (index <-> setup, setup <-> usage, usage <-> api): the first publish sends several
// pages twice, so what the wiki holds is what their second send wrote. A folder with its own content (ref/README.md),
// and one whose page lists its children (guide/).
const TREE = {
  'docs/index.md': '# Home\n\nStart with the [setup guide](guide/setup.md) and the [API reference](ref/api.md#errors).\n',
  'docs/guide/setup.md': '# Setup\n\nInstall it. See [usage](usage.md) and go [home](../index.md).\n',
  'docs/guide/usage.md': '# Usage\n\nBack to [setup](setup.md). Errors are in [the reference](../ref/api.md).\n',
  'docs/ref/README.md': '# Reference\n\nThe [API](api.md).\n',
  'docs/ref/api.md': '# API\n\n## Errors\n\nA [guide](../guide/usage.md) link.\n',
};
const TO = ['--tree', '--space', 'DOCS', '--parent', '123456', '--overwrite'];
const MANIFEST = 'docs/.wiki-pages.json';

describe('CLI: a tree on a fresh runner without its .wiki-pages.json (the pages found on the wiki by their notices)', () => {
  const cli = useCliWorld();

  beforeEach(() => cli.world.sandbox.setImportAuthor('app'));

  const statuses = (run: CliRun): Record<string, unknown> => Object.fromEntries(fileRecords(run).map((record) => [String(record.file), record.status]));
  const page = (title: string): ReturnType<typeof cli.livePage> => cli.livePage(title);

  /** The tree published once, then its record gone, as on the next fresh runner; the record's text is returned. */
  async function publishedWithoutRecord(): Promise<{ root: string; record: string }> {
    const root = await cli.tree(TREE);
    const first = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(first.code, 0, `${first.stdout}\n${first.stderr}`);
    assert.ok(Number(summaryRecord(first).secondPass) > 0, 'the first publish sent some pages twice');
    const record = await readFile(join(root, MANIFEST), 'utf8');
    await rm(join(root, MANIFEST));
    return { root, record };
  }

  it('an unchanged tree sends no import, says no title is held elsewhere, exits 0, and writes the record again', async () => {
    const { root, record } = await publishedWithoutRecord();
    const imports = cli.world.sandbox.imports.length;
    const plan = await runCli(['publish', 'docs', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assert.equal(plan.code, 0, `${plan.stdout}\n${plan.stderr}`);
    assert.deepEqual(new Set(Object.values(statuses(plan))), new Set(['unchanged']), JSON.stringify(statuses(plan)));
    const run = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assert.equal(cli.world.sandbox.imports.length, imports, 'no import');
    assert.deepEqual(new Set(Object.values(statuses(run))), new Set(['skipped']), JSON.stringify(statuses(run)));
    assert.doesNotMatch(run.stdout + run.stderr, /already exists elsewhere/);
    assert.equal(summaryRecord(run).edited, 0);
    // The record the first publish wrote, page for page.
    assert.deepEqual(JSON.parse(await readFile(join(root, MANIFEST), 'utf8')), JSON.parse(record));
  });

  it('one file changed and one page edited by a colleague: exactly those two are planned, the one updated and the other held, named with who and when', async () => {
    const { root } = await publishedWithoutRecord();
    await writeFile(join(root, 'docs/guide/usage.md'), '# Usage\n\nBack to [setup](setup.md). Errors are in [the reference](../ref/api.md). More.\n');
    const edited = cli.world.sandbox.editLineOnWiki(page('API').id);
    const plan = await runCli(['publish', 'docs', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assert.equal(plan.code, 1, `${plan.stdout}\n${plan.stderr}`);
    const listed = fileRecords(plan).filter((record) => record.status !== 'unchanged').map((record) => [record.file, record.status, record.action ?? null]);
    assert.deepEqual(listed, [['docs/guide/usage.md', 'send', 'update'], ['docs/ref/api.md', 'edited', null]]);
    const imports = cli.world.sandbox.imports.length;
    const run = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
    assert.deepEqual(cli.world.sandbox.imports.slice(imports).map((request) => (request.body as { pageTitle?: string }).pageTitle), ['Usage']);
    const held = fileRecords(run).find((record) => record.file === 'docs/ref/api.md');
    assert.equal(held?.status, 'edited');
    assert.deepEqual((held?.wikiEdits as Record<string, unknown>).editedBy, WIKI_EDITOR);
    assert.equal((held?.wikiEdits as Record<string, unknown>).version, edited.version);
  });

  it('with --state (the cache) restored but the record gone, the pages found are the ones the state names: nothing sent, none said to be unrecorded', async () => {
    const root = await cli.tree(TREE);
    const state = ['--state', '.wiki-state.json'];
    assert.equal((await runCli(['publish', 'docs', ...TO, ...state], { cwd: root, env: cli.env() })).code, 0);
    await rm(join(root, MANIFEST));
    const imports = cli.world.sandbox.imports.length;
    const run = await runCli(['publish', 'docs', ...TO, ...state, '--dry-run'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assert.equal((run.stdout.match(/^\s*unchanged /gm) ?? []).length, Object.keys(TREE).length + 1, run.stdout);
    assert.doesNotMatch(run.stdout, /no record names/);
    assert.equal(cli.world.sandbox.imports.length, imports);
  });

  it('a page of a tree page\'s title that carries no notice of its file is not taken: the tree\'s own pages are, and that one is planned as before', async () => {
    const root = await cli.tree(TREE);
    assert.equal((await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() })).code, 0);
    await rm(join(root, MANIFEST));
    // A colleague's page under the chosen parent, of the title a new file of the tree will have.
    const theirs = cli.world.sandbox.createPageOnWiki('DOCS', '123456', 'Limits', '# Limits\n\nTheirs.\n');
    await writeFile(join(root, 'docs/limits.md'), '# Limits\n\nOurs.\n');
    const plan = await runCli(['publish', 'docs', ...TO.filter((arg) => arg !== '--overwrite'), '--dry-run', '--json'], { cwd: root, env: cli.env() });
    const limits = fileRecords(plan).find((record) => record.file === 'docs/limits.md');
    assert.notEqual(limits?.status, 'unchanged');
    assert.equal((limits?.wikiEdits as { verdict?: string } | undefined)?.verdict, 'exists', JSON.stringify(limits));
    assert.equal(statuses(plan)['docs/index.md'], 'unchanged');
    assert.match(page('Limits').markdown, /Theirs/);
    assert.equal(page('Limits').id, theirs.id);
  });
});
