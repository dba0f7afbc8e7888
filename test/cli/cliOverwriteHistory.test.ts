// --overwrite on a fresh runner (no --state, or a state that does not name the page) meets a page at the file's place
// that does not carry the file's notice as it stands now. The wiki's history decides, not the page's current text: a
// page a publish of this tool wrote and someone changed since (the notice taken off with the edit, or the old page
// of a file renamed in the repository, edited there) holds a colleague's words and is left out as edited, named with
// who and when; a page this tool never wrote is replaced, as --overwrite asks. Against the sandbox wiki, imports
// authored by an account other than the token's subject.
import assert from 'node:assert/strict';
import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { fileRecords, runCli, useCliWorld } from './cliHarness';

const TO = ['--space', 'DOCS', '--parent', '123456', '--overwrite', '--json'];

describe('CLI --overwrite: a page at the place that an edit may have taken the notice from', () => {
  const cli = useCliWorld();

  beforeEach(() => cli.world.sandbox.setImportAuthor('app'));

  const page = (title: string): ReturnType<typeof cli.livePage> => cli.livePage(title);
  const statusOf = (records: Record<string, unknown>[], file: string): unknown => records.find((record) => record.file === file)?.status;

  it('a colleague who took the notice off with their edit keeps their words: left out as edited, by them; --overwrite-edited replaces it', async () => {
    const root = await cli.tree({ 'docs/notes.md': '# Notes\n\nOriginal text.\n' });
    assert.equal((await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() })).code, 0);
    const notes = page('Notes');
    cli.world.sandbox.editPageOnWiki(notes.id, '# Notes\n\nOriginal text.\n\nColleague paragraph: important words.\n');

    // A fresh runner: no record of the page, the file unchanged.
    const fresh = await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() });
    assert.equal(fresh.code, 1, `${fresh.stdout}\n${fresh.stderr}`);
    const records = fileRecords(fresh);
    assert.equal(statusOf(records, 'docs/notes.md'), 'edited', JSON.stringify(records));
    assert.match(JSON.stringify(records), /wiki-editor/, 'who made the edit is named');
    assert.equal(page('Notes').version, 2, 'nothing was sent');
    assert.match(page('Notes').markdown, /Colleague paragraph: important words\./);

    // The reviewer's plan says the same as the publish (no "replace" for a page the publish then holds).
    const planned = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: root, env: cli.env() });
    assert.equal(statusOf(fileRecords(planned), 'docs/notes.md'), 'edited', planned.stdout);

    const replaced = await runCli(['publish', 'docs', ...TO, '--overwrite-edited'], { cwd: root, env: cli.env() });
    assert.equal(replaced.code, 0, `${replaced.stdout}\n${replaced.stderr}`);
    assert.equal(page('Notes').version, 3);
    assert.doesNotMatch(page('Notes').markdown, /Colleague paragraph/);
  });

  it('a file renamed in the repository does not replace its old page that a colleague edited since', async () => {
    const root = await cli.tree({ 'docs/one.md': '# One\n\nOne text.\n' });
    assert.equal((await runCli(['publish', 'docs', ...TO, '--state', 'state.json'], { cwd: root, env: cli.env() })).code, 0);
    const one = page('One');
    cli.world.sandbox.editLineOnWiki(one.id, { append: ' COLLEAGUE WORDS' });
    await rename(join(root, 'docs/one.md'), join(root, 'docs/uno.md'));

    const run = await runCli(['publish', 'docs', ...TO, '--state', 'state.json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
    assert.equal(statusOf(fileRecords(run), 'docs/uno.md'), 'edited', run.stdout);
    assert.match(page('One').markdown, /COLLEAGUE WORDS/);
    assert.equal(page('One').version, one.version + 1, 'only the colleague\'s version');
  });

  it('a colleague\'s edits past the versions the history lists (over 25 since the notice went) hold the page: nothing tells whose it is', async () => {
    const root = await cli.tree({ 'docs/alpha.md': '# Alpha\n\nAlpha body.\n' });
    assert.equal((await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() })).code, 0);
    const alpha = page('Alpha');
    for (let edit = 1; edit <= 26; edit++) cli.world.sandbox.editPageOnWiki(alpha.id, `# Alpha\n\nColleague rewrite ${edit}.\n`);
    const run = await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
    assert.equal(statusOf(fileRecords(run), 'docs/alpha.md'), 'edited', run.stdout);
    assert.match(page('Alpha').markdown, /Colleague rewrite 26\./);
  });

  it('a page this tool never wrote is replaced, as --overwrite asks', async () => {
    cli.world.sandbox.createPageOnWiki('DOCS', '123456', 'Handmade', '# Handmade\n\nWritten on the wiki.\n');
    const root = await cli.tree({ 'docs/handmade.md': '# Handmade\n\nFrom the repository.\n' });
    const run = await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assert.equal(statusOf(fileRecords(run), 'docs/handmade.md'), 'published', run.stdout);
    assert.match(page('Handmade').markdown, /From the repository\./);
  });
});
