// --state FILE: what a CI cache keeps between runs whose disks start empty. Unchanged files are skipped, --force
// sends them again, a changed file updates its own page, and the record is keyed relative to the state file.
import assert from 'node:assert/strict';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { serve } from '../support/loopbackServers';
import { fileRecords, runCli, summaryRecord, useCliSandbox } from './cliHarness';

const DOCS = ['--space', 'DOCS', '--parent', '123456'];

describe('CLI --state', () => {
  const cli = useCliSandbox();

  it('skips unchanged files on the second run, sends them with --force, and updates a changed file\'s page', async () => {
    const root = await cli.tree({ 'docs/a.md': '# A\n\nOne.\n', 'docs/b.md': '# B\n\nTwo.\n' });
    const publish = (...extra: string[]) => runCli(['publish', 'docs', ...DOCS, '--state', '.cache/wiki-state.json', '--json', ...extra], { cwd: root, env: cli.env() });

    const first = await publish();
    assert.equal(first.code, 0, first.stderr);
    assert.equal(cli.sandbox.imports.length, 2);
    const record = JSON.parse(await readFile(join(root, '.cache', 'wiki-state.json'), 'utf8')) as { version: number; files: Record<string, Record<string, unknown>> };
    assert.equal(record.version, 1);
    assert.deepEqual(Object.keys(record.files), ['../docs/a.md', '../docs/b.md'], 'keyed relative to the state file\'s folder');
    assert.deepEqual({ ...record.files['../docs/a.md'], publishedAt: undefined, contentSha256: undefined }, {
      spaceId: 'DOCS', parentId: '123456', pageTitle: 'A', version: 1, fileTitle: 'A', publishedAt: undefined, contentSha256: undefined,
    }, 'a create produced version 1; the file\'s own title is kept to notice a change');
    assert.match(String(record.files['../docs/a.md']?.contentSha256), /^[0-9a-f]{64}$/);
    assert.deepEqual((await readdir(join(root, '.cache'))).sort(), ['wiki-state.json'], 'no temporary file is left behind');

    const second = await publish();
    assert.equal(second.code, 0, second.stderr);
    assert.equal(cli.sandbox.imports.length, 2, 'nothing sent again');
    assert.deepEqual(fileRecords(second).map((each) => each.status), ['skipped', 'skipped']);
    assert.equal(summaryRecord(second).skipped, 2);

    const forced = await publish('--force');
    assert.equal(forced.code, 0, forced.stderr);
    assert.equal(cli.sandbox.imports.length, 4);
    assert.deepEqual(fileRecords(forced).map((each) => each.outcome), ['updated', 'updated'], 'the linked page is updated without --overwrite');

    await writeFile(join(root, 'docs', 'b.md'), '# B\n\nTwo, revised.\n');
    const changed = await publish();
    assert.equal(changed.code, 0, changed.stderr);
    assert.equal(cli.sandbox.imports.length, 5, 'only the changed file is sent');
    const byFile = new Map(fileRecords(changed).map((each) => [each.file, each]));
    assert.equal(byFile.get('docs/a.md')?.status, 'skipped');
    assert.equal(byFile.get('docs/b.md')?.outcome, 'updated');
    assert.equal(cli.sandbox.findPageByTitle('DOCS', '123456', 'B')?.markdown, '# B\n\nTwo, revised.\n');
  });

  it('finds the same record from another working folder of the repository, since keys are relative to the state file', async () => {
    // A repository (its .git): the working tree both runs write in, from its root and from docs/ alike.
    const root = await cli.tree({ 'docs/a.md': '# A\n', '.git/HEAD': 'ref: refs/heads/main\n' });
    const first = await runCli(['publish', 'docs', ...DOCS, '--state', 'state.json'], { cwd: root, env: cli.env() });
    assert.equal(first.code, 0, first.stderr);
    const fromDocs = await runCli(['publish', '.', ...DOCS, '--state', '../state.json', '--json'], { cwd: join(root, 'docs'), env: cli.env() });
    assert.equal(fromDocs.code, 0, fromDocs.stderr);
    // Named by its path from the repository's root wherever the run starts: the same file, the same page's notice.
    assert.deepEqual(fileRecords(fromDocs).map((each) => [each.file, each.status]), [['docs/a.md', 'skipped']]);
    assert.equal(cli.sandbox.imports.length, 1);
  });

  it('a "200 OK" that is not the service\'s answer (a sign-in page) is no publish: exit 1, not recorded, and the next run sends the file', async () => {
    const signInPage = await serve(createServer((request, response) => {
      request.resume();
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Sign in to continue</body></html>');
    }));
    try {
      const root = await cli.tree({ 'docs/a.md': '# A\n\nOne.\n' });
      const publish = (...extra: string[]) => runCli(['publish', 'docs', ...DOCS, '--state', 'state.json', '--json', ...extra], { cwd: root, env: cli.env() });
      const intercepted = await publish('--endpoint', `${signInPage.url}/wiki/apps/a/b/webtrigger`);
      assert.equal(intercepted.code, 1, intercepted.stdout);
      const [record] = fileRecords(intercepted);
      assert.equal(record?.status, 'failed');
      assert.equal(record?.mayHaveLanded, true);
      assert.match(String(record?.message), /HTTP 200 and a response that is not the import service's JSON/);
      assert.equal(summaryRecord(intercepted).published, 0);
      const again = await publish();
      assert.equal(again.code, 0, again.stderr);
      assert.deepEqual(fileRecords(again).map((each) => each.status), ['published'], 'sent, not skipped as unchanged');
      assert.equal(cli.sandbox.pages().filter((page) => page.title === 'A').length, 1);
    } finally {
      await signInPage.close();
    }
  });

  it('a missing state file is an empty record; failed files are not recorded', async () => {
    const root = await cli.tree({ 'ok.md': '# OK\n', 'bad.md': '---\nwiki:\n  parentId: "999999"\n---\n# Bad\n' });
    const run = await runCli(['publish', '.', ...DOCS, '--state', 'new/state.json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1);
    const record = JSON.parse(await readFile(join(root, 'new', 'state.json'), 'utf8')) as { files: Record<string, unknown> };
    assert.deepEqual(Object.keys(record.files), ['../ok.md']);
  });

  it('--dry-run reads the record (unchanged files show as such) and never writes it', async () => {
    const root = await cli.tree({ 'a.md': '# A\n', 'b.md': '# B\n' });
    assert.equal((await runCli(['publish', 'a.md', ...DOCS, '--state', 'state.json'], { cwd: root, env: cli.env() })).code, 0);
    const before = await readFile(join(root, 'state.json'), 'utf8');
    const dry = await runCli(['publish', '.', ...DOCS, '--state', 'state.json', '--dry-run', '--json'], { cwd: root, env: {} });
    assert.equal(dry.code, 0, dry.stderr);
    assert.deepEqual(fileRecords(dry).map((each) => [each.file, each.status]), [['a.md', 'unchanged'], ['b.md', 'send']]);
    assert.equal(await readFile(join(root, 'state.json'), 'utf8'), before);
  });
});
