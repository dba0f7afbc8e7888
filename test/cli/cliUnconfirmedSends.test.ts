// A flat run whose send landed on the wiki but whose answer never came back (the wiki failed after writing the page,
// or answered after --timeout): with --state, the file's record says its send may have landed, so the next run's edit
// guard explains the version that send made as this file's, and takes a page that create made as the file's own,
// instead of holding it back as a colleague's edit or failing "already exists". Anyone else's version is still shown.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileRecords, runCli, useCliWorld, waitUntil } from './cliHarness';

describe('CLI flat run with --state: a send that may have landed without an answer', () => {
  const cli = useCliWorld();
  const ARGS = ['publish', 'docs', '--space', 'DOCS', '--parent', '123456', '--overwrite', '--state', 'state.json', '--json'];
  const page = (title: string) => {
    const found = cli.world.sandbox.pages().find((candidate) => candidate.title === title && !candidate.deleted);
    assert.ok(found, `"${title}" is on the wiki`);
    return found;
  };
  const recorded = async (root: string): Promise<Record<string, { unconfirmedSend?: boolean; contentSha256?: string; pageId?: string; version?: number }>> =>
    (JSON.parse(await readFile(join(root, 'state.json'), 'utf8')) as { files: Record<string, { unconfirmedSend?: boolean }> }).files;

  it('a send that failed but may have landed says so on its line, not only in --json', async () => {
    const root = await cli.tree({ 'docs/a.md': '# A\n\nOne.\n' });
    cli.world.sandbox.injectFaults({ commitThenFailNext: 3 });
    const failed = await runCli(ARGS.filter((arg) => arg !== '--json'), { cwd: root, env: cli.env() });
    cli.world.sandbox.clearFaults();
    assert.equal(failed.code, 1, failed.stdout + failed.stderr);
    assert.match(failed.stdout, /^FAILED +docs\/a\.md .*\(it may have reached the wiki all the same: the next run finds out from the page\)$/m, failed.stdout);
  });

  it('an update the wiki wrote before failing: the next run takes the versions it made for its own, and sends nothing more', async () => {
    const root = await cli.tree({ 'docs/a.md': '# A\n\nOne.\n' });
    const first = await runCli(ARGS, { cwd: root, env: cli.env() });
    assert.equal(first.code, 0, first.stdout + first.stderr);
    await writeFile(join(root, 'docs', 'a.md'), '# A\n\nTwo.\n');

    // Every attempt is written, then answered 500: the page moves on three versions, the run hears only failures.
    cli.world.sandbox.injectFaults({ commitThenFailNext: 3 });
    const failed = await runCli(ARGS, { cwd: root, env: cli.env() });
    cli.world.sandbox.clearFaults();
    assert.equal(failed.code, 1, failed.stdout + failed.stderr);
    assert.deepEqual(fileRecords(failed).map((record) => [record.file, record.status, record.mayHaveLanded]), [['docs/a.md', 'failed', true]]);
    assert.equal(page('A').version, 4, 'each attempt landed');
    const marked = (await recorded(root))['docs/a.md'];
    assert.equal(marked?.unconfirmedSend, true, 'the record says the send may have landed');
    assert.equal(marked?.contentSha256, undefined, 'and the next run sends the file again');

    const again = await runCli(ARGS, { cwd: root, env: cli.env() });
    assert.equal(again.code, 0, again.stdout + again.stderr);
    // Those versions hold the file's text, as their notice says: the page is as this file would leave it.
    assert.deepEqual(fileRecords(again).map((record) => [record.file, record.status, record.outcome]), [['docs/a.md', 'skipped', undefined]]);
    assert.equal(page('A').version, 4, 'not written again');
    assert.equal((await recorded(root))['docs/a.md']?.unconfirmedSend, undefined, 'the page found as the send left it clears the mark');
    assert.equal((await recorded(root))['docs/a.md']?.version, 4, 'and records the version it holds');
  });

  it('an update the wiki wrote before failing, then a colleague\'s edit: the colleague\'s version is still held back', async () => {
    const root = await cli.tree({ 'docs/a.md': '# A\n\nOne.\n' });
    assert.equal((await runCli(ARGS, { cwd: root, env: cli.env() })).code, 0);
    await writeFile(join(root, 'docs', 'a.md'), '# A\n\nTwo.\n');
    cli.world.sandbox.injectFaults({ commitThenFailNext: 3 });
    assert.equal((await runCli(ARGS, { cwd: root, env: cli.env() })).code, 1);
    cli.world.sandbox.clearFaults();
    cli.world.sandbox.editPageOnWiki(page('A').id, '# A\n\nA colleague\'s line.\n');

    const again = await runCli(ARGS, { cwd: root, env: cli.env() });
    assert.equal(again.code, 1, again.stdout + again.stderr);
    const held = fileRecords(again).find((record) => record.file === 'docs/a.md');
    assert.equal(held?.status, 'edited', again.stdout);
    assert.equal((held?.wikiEdits as { editedBy?: string } | undefined)?.editedBy, 'wiki-editor');
    assert.match(page('A').markdown, /A colleague's line/, 'the colleague\'s edit stays');
  });

  it('a create answered after --timeout: the next run takes the page it made for its own and updates it, not "already exists"', async () => {
    const root = await cli.tree({ 'docs/a.md': '# A\n\nOne.\n' });
    const createOnly = ARGS.filter((arg) => arg !== '--overwrite');
    // Each request is carried out after the client gave up on it: the first creates the page, the others are refused.
    cli.world.sandbox.injectFaults({ latencyMs: 1500 });
    const timedOut = await runCli([...createOnly, '--timeout', '1'], { cwd: root, env: cli.env() });
    await waitUntil(() => cli.world.sandbox.imports.length === 3);
    cli.world.sandbox.clearFaults();
    assert.equal(timedOut.code, 1, timedOut.stdout + timedOut.stderr);
    assert.deepEqual(fileRecords(timedOut).map((record) => [record.file, record.status, record.outcome, record.mayHaveLanded]), [['docs/a.md', 'failed', 'timeout', true]]);
    assert.equal(page('A').version, 1, 'the create landed');
    await writeFile(join(root, 'docs', 'a.md'), '# A\n\nTwo.\n');

    const again = await runCli(createOnly, { cwd: root, env: cli.env() });
    assert.equal(again.code, 0, again.stdout + again.stderr);
    assert.deepEqual(fileRecords(again).map((record) => [record.file, record.status, record.outcome]), [['docs/a.md', 'published', 'updated']]);
    assert.match(page('A').markdown, /Two\./);
    assert.equal(cli.world.sandbox.pages().filter((each) => each.title === 'A').length, 1, 'no second page');
    assert.equal((await recorded(root))['docs/a.md']?.pageId, page('A').id, 'recorded as the file\'s page');
  });
  for (const tree of [false, true]) {
    it(`${tree ? '--tree' : 'a flat run'}: a page deleted on the wiki, re-created by a send answered after --timeout: the next run takes that page, not "already exists"`, async () => {
    const root = await cli.tree({ 'docs/a.md': '# A\n\nOne.\n' });
    const createOnly = [...ARGS.filter((arg) => arg !== '--overwrite'), ...(tree ? ['--tree'] : [])];
    assert.equal((await runCli(createOnly, { cwd: root, env: cli.env() })).code, 0);
    const gone = page('A').id;
    cli.world.sandbox.deletePage(gone);
    await writeFile(join(root, 'docs', 'a.md'), '# A\n\nTwo.\n');
    const importsBefore = cli.world.sandbox.imports.length;
    // The file's page is re-created, but the answer comes after the client gave up on it.
    cli.world.sandbox.injectFaults({ latencyMs: 1500 });
    const timedOut = await runCli([...createOnly, '--timeout', '1'], { cwd: root, env: cli.env() });
    await waitUntil(() => cli.world.sandbox.imports.length === importsBefore + 3);
    cli.world.sandbox.clearFaults();
    assert.equal(timedOut.code, 1, timedOut.stdout + timedOut.stderr);
    const remade = page('A');
    assert.notEqual(remade.id, gone, 'the create landed as a new page');
    assert.equal((await recorded(root))['docs/a.md']?.pageId, undefined, 'the deleted page is forgotten, not marked');
    await writeFile(join(root, 'docs', 'a.md'), '# A\n\nThree.\n');

    const again = await runCli(createOnly, { cwd: root, env: cli.env() });
    assert.equal(again.code, 0, again.stdout + again.stderr);
    assert.deepEqual(fileRecords(again).map((record) => [record.file, record.status, record.outcome]), [['docs/a.md', 'published', 'updated']]);
    assert.match(page('A').markdown, /Three\./);
    assert.equal((await recorded(root))['docs/a.md']?.pageId, remade.id, 'recorded as the file\'s new page');
    if (tree) {
      const manifest = JSON.parse(await readFile(join(root, 'docs', '.wiki-pages.json'), 'utf8')) as { pages: Record<string, { id: string }> };
      assert.equal(manifest.pages['a.md']?.id, remade.id, 'the repository records the new page, so links reach it');
    }
  });
  }
});
