// The built CLI publishing a file without --tree (issue 14, section 3): a link to a file whose page the repository
// records (.wiki-pages.json) reaches that page, with the wiki's heading anchor; the dry run says how many links go to
// pages and names the links that stay as written; the file on disk is never changed.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileRecords, jsonLines, runCli, useCliWorld } from './cliHarness';
import { assertRecordsValid } from './jsonSchema';

const NOTES = '# Notes\n\nSee [x](docs/guide/setup.md#install), [y](missing.md) and [z](diagram.png).\n';
const TO = ['--space', 'DOCS', '--parent', '123456'];

describe('CLI: links to other files in a flat publish', () => {
  const cli = useCliWorld();
  const page = (title: string) => {
    const found = cli.world.sandbox.pages().find((candidate) => candidate.title === title && !candidate.deleted);
    assert.ok(found, `"${title}" is on the wiki`);
    return found;
  };

  it('a link to a recorded file reaches its page; --dry-run --json counts it and names the links that stay', async () => {
    const root = await cli.tree({ 'docs/guide/setup.md': '# Setup\n\n## Install\n\nRun it.\n' });
    const tree = await runCli(['publish', 'docs', '--tree', ...TO], { cwd: root, env: cli.env() });
    assert.equal(tree.code, 0, `${tree.stdout}\n${tree.stderr}`);
    await writeFile(join(root, 'notes.md'), NOTES);

    const dry = await runCli(['publish', 'notes.md', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 0, `${dry.stdout}\n${dry.stderr}`);
    const [planned] = fileRecords(dry);
    assert.equal(planned?.linksToPages, 1);
    assert.deepEqual(planned?.cautions, ['2 links stay as written and will not work on the wiki: missing.md (no page is known for it), diagram.png (not a Markdown file).']);
    assertRecordsValid(jsonLines(dry), 'a dry run with links to pages');
    const text = await runCli(['publish', 'notes.md', ...TO, '--dry-run'], { cwd: root, env: cli.env() });
    assert.match(text.stdout, /^would create notes\.md -> "Notes" in DOCS under 123456 .*\(1 link to another file goes to its page\) \[caution: 2 links stay/m);

    const sent = await runCli(['publish', 'notes.md', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(sent.code, 0, `${sent.stdout}\n${sent.stderr}`);
    const setup = `${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${page('Setup').id}/Setup`;
    assert.equal(page('Notes').markdown, `# Notes\n\nSee [x](${setup}#Install), [y](missing.md) and [z](diagram.png).\n`);
    assert.equal(await readFile(join(root, 'notes.md'), 'utf8'), NOTES, 'the file on disk is never changed');

    // Without the wiki's address no page address can be made: the link stays as written, and the plan says why.
    const blind = await runCli(['publish', 'notes.md', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env(false) });
    const [unaddressed] = fileRecords(blind);
    assert.equal(unaddressed?.linksToPages, undefined);
    assert.match(String((unaddressed?.cautions as string[] | undefined)?.[0]), /^3 links stay as written .*: docs\/guide\/setup\.md#install \(the wiki's address is not set, so no page address can be made\), /);
  });

  it('a link to a file whose page this run creates is filled in by the next run, which then leaves the file alone', async () => {
    const root = await cli.tree({
      'a.md': '# Alpha\n\nRead [the usage](b.md#usage) and [the missing](gone.md).\n',
      'b.md': '# Beta\n\n## Usage\n\nCall it.\n',
    });
    const run = async (extra: string[] = []) => {
      const result = await runCli(['publish', 'a.md', 'b.md', ...TO, '--state', '.wiki-state.json', '--json', ...extra], { cwd: root, env: cli.env() });
      assert.equal(result.code, 0, `${result.stdout}\n${result.stderr}`);
      return fileRecords(result).map((record) => [record.file, record.status]).sort((x, y) => String(x[0]).localeCompare(String(y[0])));
    };
    // The plan says which link waits for a page (b.md is there, with no page yet) and which reaches nothing.
    const planned = await runCli(['publish', 'a.md', 'b.md', ...TO, '--state', '.wiki-state.json', '--json', '--dry-run'], { cwd: root, env: cli.env() });
    assert.deepEqual(fileRecords(planned).find((record) => record.file === 'a.md')?.cautions, [
      '2 links stay as written and will not work on the wiki: b.md#usage (it has no page yet: a publish after it has one fills the link in), gone.md (no page is known for it).',
    ]);
    await run();
    assert.match(page('Alpha').markdown, /\[the usage\]\(b\.md#usage\)/, 'Beta had no page when Alpha went');
    // Alpha's text did not change, but its link waited for Beta's page: it goes again, now linking to Beta.
    const second = await run();
    assert.deepEqual(second, [['a.md', 'published'], ['b.md', 'skipped']]);
    const beta = `${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${page('Beta').id}/Beta`;
    assert.ok(page('Alpha').markdown.includes(`[the usage](${beta}#Usage)`), page('Alpha').markdown);
    assert.ok(page('Alpha').markdown.includes('[the missing](gone.md)'), 'a link to a file that does not exist stays');
    // Every link that can reach a page now does (gone.md does not exist, so nothing waits for it): nothing goes again.
    const third = await run(['--dry-run']);
    assert.deepEqual(third, [['a.md', 'unchanged'], ['b.md', 'unchanged']]);
  });

  it('an unchanged file goes again when a page its links reach now has another ID, and then rests', async () => {
    const root = await cli.tree({ 'a.md': '# Alpha\n\nRead [the usage](b.md#usage).\n', 'b.md': '# Beta\n\n## Usage\n\nCall it.\n' });
    const publish = async (files: string[], to: string[], extra: string[] = []) => {
      const result = await runCli(['publish', ...files, ...to, '--state', '.wiki-state.json', '--json', ...extra], { cwd: root, env: cli.env() });
      assert.equal(result.code, 0, `${result.stdout}\n${result.stderr}`);
      return fileRecords(result).map((record) => [record.file, record.status]);
    };
    await publish(['a.md', 'b.md'], TO);
    await publish(['a.md', 'b.md'], TO);
    assert.deepEqual(await publish(['a.md'], TO, ['--dry-run']), [['a.md', 'unchanged']]);
    // Beta is published to another space: a new page, with another ID. Alpha's text is the same, but its link
    // would lead to the old page: it goes again, with the new page's address.
    await publish(['b.md'], ['--space', 'ENG', '--parent', '234567'], ['--retarget']);
    const moved = cli.world.sandbox.pages().find((candidate) => candidate.title === 'Beta' && candidate.parentId === '234567');
    assert.ok(moved, 'Beta has a page under 234567');
    assert.deepEqual(await publish(['a.md'], TO, ['--dry-run']), [['a.md', 'send']]);
    assert.deepEqual(await publish(['a.md'], TO), [['a.md', 'published']]);
    const address = `${cli.world.sandbox.baseUrl}/wiki/spaces/ENG/pages/${moved.id}/Beta#Usage`;
    assert.ok(page('Alpha').markdown.includes(`[the usage](${address})`), page('Alpha').markdown);
    assert.deepEqual(await publish(['a.md'], TO, ['--dry-run']), [['a.md', 'unchanged']]);
  });
});
