// A page of a tree that .wiki-pages.json records, rewritten on the wiki by a colleague whose edit took the publish
// notice off, met by a fresh runner (no --state: nothing on this machine names the version it left). The page's
// history tells what its current text cannot: this file published version 1 (it carries the file's notice) and someone
// else made version 2. Held as that edit, named with who and when, as the flat path holds it (cliOverwriteHistory) and
// as a page whose notice stayed is held (cliFreshRunner): not as a page nothing can tell of. The history is read for
// that page only, not for the pages that carry their notice. Against the sandbox wiki, imports authored by an account
// other than the token's subject.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { IMPORT_APP_ACCOUNT } from '../sandbox/server';
import { WIKI_EDITOR } from '../sandbox/sandboxWiki';
import { fileRecords, runCli, summaryRecord, useCliWorld, type CliRun } from './cliHarness';

const TREE = {
  'docs/index.md': '# Overview\n\nStart with the [notes](guide/notes.md).\n',
  'docs/guide/README.md': '# Guide\n\nAll about it.\n',
  'docs/guide/notes.md': '# Notes\n\nOriginal text.\n',
  'docs/guide/other.md': '# Other\n\nOther text.\n',
};
const TO = ['--tree', '--space', 'DOCS', '--parent', '123456'];

describe('CLI tree on a fresh runner: a recorded page whose notice a colleague\'s edit took off', () => {
  const cli = useCliWorld();

  beforeEach(() => cli.world.sandbox.setImportAuthor('app'));

  const page = (title: string): ReturnType<typeof cli.livePage> => cli.livePage(title);
  const record = (run: CliRun, file: string): Record<string, unknown> | undefined => fileRecords(run).find((each) => each.file === file);
  // The history reads among the page requests made since `from` (a count of pageRouteRequests; the sandbox keeps the last 100 paths).
  const versionReads = (from: number): string[] => {
    const made = cli.world.sandbox.pageRouteRequests - from;
    assert.ok(made <= 100, 'the sandbox still holds every path asked since');
    return (made === 0 ? [] : cli.world.sandbox.pageRoutePaths.slice(-made)).filter((path) => /\/versions(\?|$)/.test(path));
  };

  async function publishedOnce(): Promise<string> {
    const root = await cli.tree(TREE);
    const first = await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() });
    assert.equal(first.code, 0, `${first.stdout}\n${first.stderr}`);
    return root;
  }

  it('is held as edited since version 1, with who and when, in the plan and the publish alike; nothing is sent', async () => {
    const root = await publishedOnce();
    const notes = page('Notes');
    assert.equal(notes.version, 1);
    const edited = cli.world.sandbox.editPageOnWiki(notes.id, '# Notes\n\nRewritten by a colleague.\n');
    assert.doesNotMatch(page('Notes').imported, /wiki-publisher:/, 'the colleague\'s edit took the notice off');
    // The file changed too: without the history, this run would not know what it replaces.
    await writeFile(join(root, 'docs/guide/notes.md'), '# Notes\n\nOriginal text, revised.\n');
    const expected = { checked: true, verdict: 'edited', version: 2, editedBy: WIKI_EDITOR, editedAt: edited.versionCreatedAt, publishedVersion: 1 };

    const pathsBefore = cli.world.sandbox.pageRouteRequests;
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 1, `${dry.stdout}\n${dry.stderr}`);
    assert.equal(record(dry, 'docs/guide/notes.md')?.status, 'edited', dry.stdout);
    assert.deepEqual(record(dry, 'docs/guide/notes.md')?.wikiEdits, expected);
    assert.equal(summaryRecord(dry).noNotice, undefined, 'not counted as a page nothing can tell of');
    // Only the page without a notice had its history read; the others carry their notice as this tool left them.
    assert.deepEqual(versionReads(pathsBefore).map((path) => path.includes(`/pages/${notes.id}/`)), [true], 'one history read, of that page');
    const text = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: root, env: cli.env() });
    assert.match(text.stdout, new RegExp(`docs/guide/notes\\.md .*edited on the wiki since its last publish \\(version 1\\): version 2 by ${WIKI_EDITOR} at ${edited.versionCreatedAt.replace(/[.]/g, '\\.')}`));
    assert.doesNotMatch(text.stdout, /carries no publish notice/);

    const imports = cli.world.sandbox.imports.length;
    const run = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
    assert.equal(record(run, 'docs/guide/notes.md')?.status, 'edited', run.stdout);
    assert.deepEqual(record(run, 'docs/guide/notes.md')?.wikiEdits, expected);
    assert.equal(cli.world.sandbox.imports.length, imports, 'nothing was sent');
    assert.equal(page('Notes').version, 2);
    assert.match(page('Notes').markdown, /Rewritten by a colleague\./, 'the colleague\'s words stay');

    // The user's choice replaces it.
    const chosen = await runCli(['publish', 'docs', ...TO, '--overwrite-edited'], { cwd: root, env: cli.env() });
    assert.equal(chosen.code, 0, `${chosen.stdout}\n${chosen.stderr}`);
    assert.match(page('Notes').markdown, /Original text, revised\./);
  });

  it('an unchanged tree whose pages all carry their notice reads no history', async () => {
    const root = await publishedOnce();
    const pathsBefore = cli.world.sandbox.pageRouteRequests;
    const run = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assert.deepEqual(versionReads(pathsBefore), []);
  });

  it('a page a run with --no-notice published last is held too, naming the account that made that version (who the token acts as decides nothing)', async () => {
    const root = await publishedOnce();
    // A run with the notice turned off publishes version 2: no notice on it, and only this tool's publishes in the history.
    await writeFile(join(root, 'docs/guide/notes.md'), '# Notes\n\nSent without the notice.\n');
    const quiet = await runCli(['publish', 'docs', ...TO, '--no-notice'], { cwd: root, env: cli.env() });
    assert.equal(quiet.code, 0, `${quiet.stdout}\n${quiet.stderr}`);
    const notes = page('Notes');
    assert.equal(notes.version, 2);
    assert.doesNotMatch(notes.imported, /wiki-publisher:/);

    // With the notice on again, a fresh runner meets a page whose last version carries no notice after one that carried
    // this file's: the history cannot tell that version from an edit, so it is held, saying whose version it is.
    await writeFile(join(root, 'docs/guide/notes.md'), '# Notes\n\nSent with the notice again.\n');
    const imports = cli.world.sandbox.imports.length;
    const run = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
    const held = record(run, 'docs/guide/notes.md');
    assert.equal(held?.status, 'edited', run.stdout);
    assert.deepEqual(held?.wikiEdits, { checked: true, verdict: 'edited', version: 2, editedBy: IMPORT_APP_ACCOUNT, editedAt: notes.versionCreatedAt, publishedVersion: 1 });
    assert.equal(cli.world.sandbox.imports.length, imports, 'nothing was sent');
    // With --no-notice, as that run published, nothing on the page can tell and the history is not read: held without a notice.
    const pathsBefore = cli.world.sandbox.pageRouteRequests;
    const off = await runCli(['publish', 'docs', ...TO, '--no-notice', '--json'], { cwd: root, env: cli.env() });
    assert.equal(off.code, 1, `${off.stdout}\n${off.stderr}`);
    assert.equal((record(off, 'docs/guide/notes.md')?.wikiEdits as { noNotice?: boolean } | undefined)?.noNotice, true, off.stdout);
    assert.deepEqual(versionReads(pathsBefore), []);
  });
});
