// `wiki-publisher publish` as CI runs it: the built CLI as a process against the sandbox wiki.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileRecords, runCli, summaryRecord, useCliSandbox } from './cliHarness';

const DOCS = ['--space', 'DOCS', '--parent', '123456'];

describe('CLI publish', () => {
  const cli = useCliSandbox();

  it('publishes every file of a folder with titles from the files and exits 0; --json lines parse', async () => {
    const root = await cli.tree({
      'docs/intro.md': '# Introduction\n\nWelcome.\n',
      'docs/guide/setup.md': '---\ntitle: Setting up\n---\nInstall it.\n',
      'docs/faq.markdown': 'Questions and answers.\n',
    });
    const run = await runCli(['publish', 'docs', ...DOCS, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, run.stderr);
    const records = fileRecords(run);
    assert.deepEqual(records.map((record) => [record.file, record.status, record.outcome, record.title]).sort(), [
      ['docs/faq.markdown', 'published', 'created', 'faq'],
      ['docs/guide/setup.md', 'published', 'created', 'Setting up'],
      ['docs/intro.md', 'published', 'created', 'Introduction'],
    ]);
    assert.ok(records.every((record) => record.message === 'Success: Page created successfully' && record.httpStatus === 201));
    assert.deepEqual({ ...summaryRecord(run), files: undefined }, {
      type: 'summary', dryRun: false, interrupted: false, exitCode: 0, files: undefined,
      published: 3, failed: 0, existsUnproven: 0, edited: 0, skipped: 0, refused: 0, notStarted: 0, cancelled: 0, secondPass: 0,
    });
    assert.ok(cli.sandbox.findPageByTitle('DOCS', '123456', 'Setting up'));
    assert.equal(cli.sandbox.findPageByTitle('DOCS', '123456', 'Setting up')?.markdown, 'Install it.\n', 'front matter is not sent');
    assert.equal(run.stderr, '', 'no progress on stderr when it is not a terminal');
  });

  it('takes the title of a file with CR-only line ends from its heading\'s line, and sends the file\'s text as it is', async () => {
    const root = await cli.tree({ 'cr.md': '# CR only\r\rtext\r', 'crlf.md': '# CRLF\r\n\r\ntext\r\n' });
    const run = await runCli(['publish', '.', ...DOCS, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.deepEqual(fileRecords(run).map((record) => [record.file, record.title]), [['cr.md', 'CR only'], ['crlf.md', 'CRLF']]);
    assert.equal(cli.sandbox.findPageByTitle('DOCS', '123456', 'CR only')?.markdown, '# CR only\r\rtext\r');
    assert.equal(cli.sandbox.findPageByTitle('DOCS', '123456', 'CRLF')?.markdown, '# CRLF\r\n\r\ntext\r\n');
  });

  it('a file with CR-only line ends: its front matter places the page and is not sent; omitTitleHeading leaves out the heading line and nothing else', async () => {
    const root = await cli.tree({
      'mac.md': '---\rwiki:\r  spaceId: DOCS\r  parentId: "123456"\r  omitTitleHeading: true\r---\r# Mac notes\r\rFirst line.\rSecond line.\r',
      'plain.md': '---\rtitle: Old Mac\r---\rText.\r',
    });
    // No --space/--parent: only the front matter names where mac.md goes.
    const run = await runCli(['publish', 'mac.md', '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.deepEqual(fileRecords(run).map((record) => [record.status, record.title, record.spaceId, record.parentId]), [['published', 'Mac notes', 'DOCS', '123456']]);
    assert.equal(cli.sandbox.findPageByTitle('DOCS', '123456', 'Mac notes')?.markdown, 'First line.\rSecond line.\r');
    assert.equal((await runCli(['publish', 'plain.md', ...DOCS], { cwd: root, env: cli.env() })).code, 0);
    assert.equal(cli.sandbox.findPageByTitle('DOCS', '123456', 'Old Mac')?.markdown, 'Text.\r', 'its title from the front matter, which is not sent');
  });

  it('prints one line per file with status, title, target and the service\'s body, then a summary line', async () => {
    const root = await cli.tree({ 'a.md': '# Alpha\n\nText.\n' });
    const run = await runCli(['publish', 'a.md', ...DOCS], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(run.stdout.trimEnd().split('\n'), [
      'created     a.md -> "Alpha" in DOCS under 123456: Success: Page created successfully',
      '1 published, 0 failed, 0 refused, 0 unchanged',
    ]);
  });

  it('fails an existing page without --overwrite (exit 1, the service\'s body) and updates it with --overwrite (exit 0)', async () => {
    const root = await cli.tree({ 'notes.md': '# Notes\n\nFirst.\n' });
    assert.equal((await runCli(['publish', 'notes.md', ...DOCS], { cwd: root, env: cli.env() })).code, 0);
    const again = await runCli(['publish', 'notes.md', ...DOCS, '--json'], { cwd: root, env: cli.env() });
    assert.equal(again.code, 1);
    const [failed] = fileRecords(again);
    assert.equal(failed?.status, 'failed');
    assert.equal(failed?.outcome, 'alreadyExists');
    assert.match(String(failed?.message), /^Error: A page with this title already exists under the parent page\./);
    assert.match(String(failed?.message), /Pass --overwrite/);

    await writeFile(join(root, 'notes.md'), '# Notes\n\nSecond.\n');
    const updated = await runCli(['publish', 'notes.md', ...DOCS, '--overwrite', '--json'], { cwd: root, env: cli.env() });
    assert.equal(updated.code, 0, updated.stderr);
    assert.equal(fileRecords(updated)[0]?.outcome, 'updated');
    assert.equal(cli.sandbox.findPageByTitle('DOCS', '123456', 'Notes')?.markdown, '# Notes\n\nSecond.\n');
  });

  it('front matter wins over the flags; a file without a target is refused while the others publish (exit 1)', async () => {
    const root = await cli.tree({
      'pinned.md': '---\nwiki:\n  spaceId: ENG\n  parentId: "234567"\n  pageTitle: Pinned page\n---\nBody.\n',
      'loose.md': '# Loose\n',
    });
    const run = await runCli(['publish', '.', '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1);
    const byFile = new Map(fileRecords(run).map((record) => [record.file, record]));
    assert.equal(byFile.get('pinned.md')?.status, 'published');
    assert.equal(byFile.get('loose.md')?.status, 'refused');
    assert.match(String(byFile.get('loose.md')?.message), /No space or parent page: give it in the front matter .* or with --space and --parent\./);
    assert.ok(cli.sandbox.findPageByTitle('ENG', '234567', 'Pinned page'));
    assert.equal(cli.sandbox.imports.length, 1, 'the refused file was not sent');
  });

  it('refuses a file that still holds conflict markers from a merge (outside code blocks) and sends the others', async () => {
    const root = await cli.tree({
      'merged.md': '# Merged\n\n<<<<<<< ours\nMine.\n=======\nTheirs.\n>>>>>>> wiki\n',
      'about-git.md': '# About Git\n\n```\n<<<<<<< HEAD\nA\n=======\nB\n>>>>>>> branch\n```\n',
    });
    const run = await runCli(['publish', '.', ...DOCS, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1);
    const byFile = new Map(fileRecords(run).map((record) => [record.file, record]));
    assert.equal(byFile.get('merged.md')?.status, 'refused');
    assert.match(String(byFile.get('merged.md')?.message), /still holds a conflict between its text and the wiki's/);
    assert.equal(byFile.get('about-git.md')?.status, 'published', 'markers shown in a code block are content');
    assert.equal(cli.sandbox.imports.length, 1, 'the refused file was not sent');
  });

  it('a 404 from the wiki fails that file only, with the space and parent it used', async () => {
    const root = await cli.tree({ 'a.md': '# A\n', 'b.md': '---\nwiki:\n  parentId: "999999"\n---\n# B\n' });
    const run = await runCli(['publish', '.', ...DOCS, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1);
    const byFile = new Map(fileRecords(run).map((record) => [record.file, record]));
    assert.equal(byFile.get('a.md')?.status, 'published');
    assert.equal(byFile.get('b.md')?.status, 'failed');
    assert.equal(byFile.get('b.md')?.httpStatus, 404);
    assert.match(String(byFile.get('b.md')?.message), /^Error: Not Found - The parent page 999999 does not exist\./);
  });

  it('a token the wiki does not know: 401 per file, and no part of the token is printed', async () => {
    cli.sandbox.revokeToken('ci-writer');
    const root = await cli.tree({ 'a.md': '# A\n' });
    const run = await runCli(['publish', 'a.md', ...DOCS], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1);
    assert.match(run.stdout, /FAILED +a\.md .*Error: Unauthorized - The token is not known to this service/);
    for (const part of cli.token.split('.')) assert.ok(!`${run.stdout}${run.stderr}`.includes(part));
  });

  it('--help and --version exit 0 on stdout', async () => {
    const help = await runCli(['--help'], { cwd: __dirname });
    assert.equal(help.code, 0);
    assert.match(help.stdout, /^Usage: wiki-publisher publish <file\|folder>\.\.\. \[options\]/);
    assert.match(help.stdout, /WIKI_PUBLISHER_API_TOKEN/);
    const version = await runCli(['--version'], { cwd: __dirname });
    assert.equal(version.code, 0);
    assert.match(version.stdout, /^\d+\.\d+\.\d+\n$/);
  });
});
