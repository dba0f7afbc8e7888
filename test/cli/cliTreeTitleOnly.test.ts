// The built CLI publishing a tree whose folders are named by an index.md or README.md that holds nothing but a title
// (issue 14 section 2): empty, front matter `title:` alone, or only the `# ` heading that is the page's title. Many
// repositories keep such a file to name a folder. The service refuses an empty page, so the plan used to refuse the
// file, and with it the folder page and every page below it. Now the folder page takes the file's title and lists its
// children, as a folder without a content file does, and the plan says so.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileRecords, jsonLines, runCli, useCliWorld } from './cliHarness';
import { assertRecordsValid } from './jsonSchema';

const TO = ['--tree', '--space', 'DOCS', '--parent', '123456'];
const STATE = ['--state', '.wiki-state.json'];

const TREE = {
  'docs/index.md': '# Home\n\nSee [the API](api/index.md) and [the guide](guide/).\n',
  // Empty: titled by the folder's name.
  'docs/api/index.md': '',
  'docs/api/tokens.md': '# Tokens\n\nUse one.\n',
  // Front matter title alone.
  'docs/guide/index.md': '---\ntitle: The guide\n---\n',
  'docs/guide/setup.md': '# Setup\n\nRun it.\n',
  'docs/guide/deep/more.md': '# More\n\nText.\n',
  // Only its title heading, which the front matter leaves out of what is sent.
  'docs/howto/README.md': '---\nomitTitleHeading: true\n---\n# How to\n',
  'docs/howto/start.md': '# Start\n\nGo.\n',
  // Only its title heading, sent as it is: a page showing its title twice, and nothing of the folder.
  'docs/faq/README.md': '# FAQ\n',
  'docs/faq/why.md': '# Why\n\nBecause.\n',
};

describe('CLI --tree, a folder\'s content file with nothing but its title', () => {
  const cli = useCliWorld();
  const page = (title: string) => {
    const found = cli.world.sandbox.pages().find((candidate) => candidate.title === title && !candidate.deleted);
    assert.ok(found, `"${title}" is on the wiki`);
    return found;
  };
  const address = (title: string): string => `${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${page(title).id}/`;
  const caution = (file: string): string => `${file} has no text beyond a title, so this folder page lists its children instead.`;

  it('names its folder page, which lists its children: the dry run says so, the run lands every page, a re-run with --state sends nothing', async () => {
    const root = await cli.tree(TREE);
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 0, dry.stdout);
    assert.match(dry.stdout, /^would create docs\/api\/ -> "Api" in DOCS under 123456 \[caution: docs\/api\/index\.md has no text beyond a title, so this folder page lists its children instead\.\] \(folder page listing its children\)$/m);
    assert.match(dry.stdout, /^would create docs\/guide\/ -> "The guide" in DOCS under 123456 \[caution: docs\/guide\/index\.md has no text/m);
    assert.match(dry.stdout, /^would create docs\/howto\/ -> "How to" in DOCS under 123456 \[caution: docs\/howto\/README\.md has no text/m);
    assert.match(dry.stdout, /^would create docs\/faq\/ -> "FAQ" in DOCS under 123456 \[caution: docs\/faq\/README\.md has no text/m);
    assert.match(dry.stdout, /^ {2}would create docs\/guide\/setup\.md -> "Setup" in DOCS under the tree's page "The guide"$/m);
    assert.doesNotMatch(dry.stdout, /REFUSE/);

    const json = await runCli(['publish', 'docs', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assertRecordsValid(jsonLines(json), 'a tree plan with folders named by title-only files');
    const planned = fileRecords(json).map((record) => [record.file, record.status, record.title, record.cautions]);
    // By path: Home links into api/ and guide/, which the plan puts before it (the order is the sibling-order tests').
    assert.deepEqual(planned.filter(([file]) => String(file).endsWith('/')).sort(), [
      ['docs/api/', 'send', 'Api', [caution('docs/api/index.md')]],
      ['docs/faq/', 'send', 'FAQ', [caution('docs/faq/README.md')]],
      ['docs/guide/', 'send', 'The guide', [caution('docs/guide/index.md')]],
      ['docs/guide/deep/', 'send', 'Deep', []],
      ['docs/howto/', 'send', 'How to', [caution('docs/howto/README.md')]],
    ]);
    assert.ok(planned.every(([, status]) => status === 'send'), JSON.stringify(planned));
    assert.equal(cli.world.sandbox.imports.length, 0);

    const run = await runCli(['publish', 'docs', ...TO, ...STATE, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assertRecordsValid(jsonLines(run), 'a tree run with folders named by title-only files');
    // Each folder page lists its children, linked to their pages.
    assert.equal(page('Api').markdown, `- [Tokens](${address('Tokens')}Tokens)\n`);
    assert.equal(page('The guide').markdown, `- [Setup](${address('Setup')}Setup)\n- [Deep](${address('Deep')}Deep)\n`);
    assert.equal(page('How to').markdown, `- [Start](${address('Start')}Start)\n`);
    assert.equal(page('FAQ').markdown, `- [Why](${address('Why')}Why)\n`);
    assert.equal(page('Tokens').parentId, page('Api').id);
    assert.equal(page('More').parentId, page('Deep').id);
    // A link to the file, or to its folder, reaches the folder page.
    assert.equal(page('Home').markdown, `# Home\n\nSee [the API](${address('Api')}Api) and [the guide](${address('The guide')}The+guide).\n`);

    const imports = cli.world.sandbox.imports.length;
    const again = await runCli(['publish', 'docs', ...TO, ...STATE, '--json'], { cwd: root, env: cli.env() });
    assert.equal(again.code, 0, `${again.stdout}\n${again.stderr}`);
    assert.ok(fileRecords(again).every((record) => record.status === 'skipped'), again.stdout);
    assert.equal(cli.world.sandbox.imports.length, imports, 'no request to the import service');
  });

  it('reads a setext title (`Title` over `===`) as it reads a `# ` one: pages land under those titles, and a content file holding only one lists its folder', async () => {
    const root = await cli.tree({
      'docs/guide/README.md': 'The guide\n=========\n\nStart with [setup](setup.md).\n',
      'docs/guide/setup.md': '---\nomitTitleHeading: true\n---\nSetting up\r\n==========\r\n\r\nRun it.\r\n',
      'docs/ops/index.md': 'Operations\n==========\n',
      'docs/ops/run.md': '# Run\n\nGo.\n',
    });
    const run = await runCli(['publish', 'docs', ...TO, ...STATE, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    // Each record as its send ends (a page's ID learnt): the first pass, then the second (the links to pages this run
    // created), which may start while the first still runs.
    const records = fileRecords(run).map((record) => [record.file, record.status, record.title, (record.tree as { pass?: number } | undefined)?.pass]);
    assert.deepEqual(records.filter((record) => record[3] === 1).sort(), [
      ['docs/guide/README.md', 'published', 'The guide', 1], ['docs/guide/setup.md', 'published', 'Setting up', 1],
      ['docs/ops/', 'published', 'Operations', 1], ['docs/ops/run.md', 'published', 'Run', 1],
    ]);
    assert.deepEqual(records.filter((record) => record[3] === 2).sort(), [['docs/guide/README.md', 'published', 'The guide', 2], ['docs/ops/', 'published', 'Operations', 2]]);
    // The wiki lists the siblings in the plan's order, which is the order they were created in.
    assert.ok(Number(page('The guide').id) < Number(page('Operations').id), 'The guide created before Operations');
    assert.equal(page('The guide').markdown, `The guide\n=========\n\nStart with [setup](${address('Setting up')}Setting+up).\n`);
    assert.equal(page('Setting up').markdown, 'Run it.\r\n', 'the title heading left out on request, as a `# ` one is');
    assert.equal(page('Setting up').parentId, page('The guide').id);
    assert.equal(page('Operations').markdown, `- [Run](${address('Run')}Run)\n`);
  });

  it('given real text later, the file updates the same folder page, from this machine and from a fresh clone', async () => {
    const root = await cli.tree(TREE);
    const first = await runCli(['publish', 'docs', ...TO, ...STATE, '--json'], { cwd: root, env: cli.env() });
    assert.equal(first.code, 0, `${first.stdout}\n${first.stderr}`);
    const guide = page('The guide').id;
    const api = page('Api').id;

    await writeFile(join(root, 'docs', 'guide', 'index.md'), '---\ntitle: The guide\n---\nAll about it.\n');
    const dry = await runCli(['publish', 'docs', ...TO, ...STATE, '--dry-run'], { cwd: root, env: cli.env() });
    assert.match(dry.stdout, /^would update docs\/guide\/index\.md -> "The guide" in DOCS under 123456 \(wiki edits checked: version \d+ is as last published\)$/m);
    const run = await runCli(['publish', 'docs', ...TO, ...STATE, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assert.deepEqual(fileRecords(run).filter((record) => record.status !== 'skipped').map((record) => [record.file, record.status, record.pageId]), [['docs/guide/index.md', 'published', guide]]);
    assert.equal(page('The guide').markdown, 'All about it.\n');

    // A teammate's clone: the folder's .wiki-pages.json, no --state. The empty index.md gets text, under the title its
    // page has (a new title would be a new page, as for any file: the wiki finds a page by its title).
    await writeFile(join(root, 'docs', 'api', 'index.md'), '# Api\n\nEvery route.\n');
    const clone = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(clone.code, 0, `${clone.stdout}\n${clone.stderr}`);
    const sent = fileRecords(clone).filter((record) => record.status === 'published').map((record) => [record.file, record.pageId]);
    assert.deepEqual(sent.filter(([file]) => file === 'docs/api/index.md'), [['docs/api/index.md', api]]);
    assert.equal(page('Api').markdown, '# Api\n\nEvery route.\n');
    assert.equal(cli.world.sandbox.pages().filter((each) => each.title === 'Api').length, 1, 'no second page');
  });

  it('emptied to its title and given its text again, in turns: each publish shows what the file says now, and nothing is taken for an edit on the wiki', async () => {
    const text = '# Guide\n\nAll about it.\n';
    const root = await cli.tree({ 'docs/guide/index.md': text, 'docs/guide/setup.md': '# Setup\n\nRun it.\n' });
    const index = join(root, 'docs', 'guide', 'index.md');
    const publish = async (): Promise<Array<[unknown, unknown]>> => {
      const run = await runCli(['publish', 'docs', ...TO, ...STATE, '--json'], { cwd: root, env: cli.env() });
      assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
      return fileRecords(run).filter((record) => record.status !== 'skipped').map((record) => [record.file, record.status]);
    };
    assert.deepEqual(await publish(), [['docs/guide/index.md', 'published'], ['docs/guide/setup.md', 'published']]);
    const guide = page('Guide').id;
    const listing = `- [Setup](${address('Setup')}Setup)\n`;
    await writeFile(index, '# Guide\n');
    assert.deepEqual(await publish(), [['docs/guide/', 'published']]);
    assert.equal(page('Guide').markdown, listing);
    // The text it had the last time it was sent from the file: the page shows the list now, so it goes again.
    await writeFile(index, text);
    assert.deepEqual(await publish(), [['docs/guide/index.md', 'published']]);
    assert.equal(page('Guide').markdown, text);
    // And the list it had before: the page shows the text now.
    await writeFile(index, '---\ntitle: Guide\n---\n');
    assert.deepEqual(await publish(), [['docs/guide/', 'published']]);
    assert.equal(page('Guide').markdown, listing);
    assert.deepEqual(await publish(), [], 'unchanged: nothing sent');
    assert.equal(page('Guide').id, guide, 'one page all along');
  });

  it('keeps refusing what has no page to name: an empty file that is no folder\'s content, an empty index.md at the top, and one alone in its folder', async () => {
    const root = await cli.tree({
      'docs/index.md': '',
      'docs/notes.md': '---\ntitle: Notes\n---\n',
      'docs/lonely/index.md': '',
      'docs/guide/setup.md': '# Setup\n\nRun it.\n',
    });
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    const status = (file: string): unknown => fileRecords(dry).find((record) => record.file === file)?.status;
    assert.deepEqual(['docs/index.md', 'docs/notes.md', 'docs/lonely/index.md', 'docs/guide/', 'docs/guide/setup.md'].map(status), ['refused', 'refused', 'refused', 'send', 'send']);
    assert.deepEqual(fileRecords(dry).find((record) => record.file === 'docs/guide/')?.cautions, [], 'a folder without a content file, as before');
    const refusals = fileRecords(dry).find((record) => record.file === 'docs/lonely/index.md')?.refusals;
    assert.deepEqual(refusals, ['There is nothing to publish: the file has no content besides its front matter and white space.']);
  });
});
