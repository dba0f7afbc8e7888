// A tree's page a colleague deleted on the wiki is made anew under another ID, and the pages whose files did not
// change but whose links reach it go too, once, so no link stays dead. What each reader sees must say that before and
// after: the plan (text, --json, the Markdown a reviewer reads) calls those pages updates with their reason, not
// "unchanged", and the run reports each page once (its send), not "unchanged" and then "updated" again, nor counts
// them as pages sent twice.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileRecords, jsonLines, runCli, summaryRecord, useCliWorld } from './cliHarness';
import { assertRecordsValid } from './jsonSchema';

const TREE = {
  'docs/index.md': '# Home\n\nStart with [setup](setup.md), then the [guide](guide/usage.md).\n',
  'docs/setup.md': '# Setup\n\nInstall it, then read [usage](guide/usage.md#options).\n',
  'docs/guide/usage.md': '# Usage\n\n## Options\n\nBack to [setup](../setup.md).\n',
  'docs/notes.md': '# Notes\n\nNo links here.\n',
};
const TREE_ARGS = ['docs', '--tree', '--space', 'DOCS', '--parent', '123456'];

describe('CLI --tree: unchanged pages sent so their links reach a page made anew', () => {
  const cli = useCliWorld();

  beforeEach(() => cli.world.sandbox.setImportAuthor('app'));

  const setupPage = (): { id: string } => {
    const found = cli.world.sandbox.pages().find((page) => page.title === 'Setup' && !page.deleted);
    assert.ok(found, 'a Setup page');
    return found;
  };

  async function publishedThenDeleted(): Promise<{ root: string; deletedId: string }> {
    const root = await cli.tree(TREE);
    const first = await runCli(['publish', ...TREE_ARGS], { cwd: root, env: cli.env() });
    assert.equal(first.code, 0, `${first.stdout}\n${first.stderr}`);
    const deletedId = setupPage().id;
    cli.world.sandbox.deletePage(deletedId);
    return { root, deletedId };
  }

  it('the plan calls them updates with the reason, in text, JSON and Markdown alike', async () => {
    const { root } = await publishedThenDeleted();
    const text = await runCli(['publish', ...TREE_ARGS, '--dry-run'], { cwd: root, env: cli.env() });
    assert.equal(text.code, 0, text.stderr);
    for (const file of ['docs/index.md', 'docs/guide/usage.md']) {
      const line = text.stdout.split('\n').find((each) => each.includes(` ${file} `));
      assert.match(line ?? '', /^\s*would update .*file unchanged: sent so its links reach a page made anew/, text.stdout);
    }
    assert.match(text.stdout, /^unchanged\s+docs\/notes\.md /m, 'a page whose links reach no page made anew stays unchanged');

    const json = await runCli(['publish', ...TREE_ARGS, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assertRecordsValid(jsonLines(json), 'dry run');
    const plan = Object.fromEntries(fileRecords(json).map((record) => [String(record.file), record]));
    for (const file of ['docs/index.md', 'docs/guide/usage.md']) {
      const record = plan[file] as { status: string; action?: string; relinked?: boolean };
      assert.deepEqual([record.status, record.action, record.relinked], ['send', 'update', true], file);
    }
    assert.equal((plan['docs/notes.md'] as { status: string }).status, 'unchanged');
    assert.equal((plan['docs/setup.md'] as { action?: string }).action, 'create');
    const summary = summaryRecord(json);
    assert.deepEqual([summary.send, summary.newPages, summary.updates, summary.relinked, summary.unchanged], [3, 1, 2, 2, 2]);

    const markdown = await runCli(['plan', ...TREE_ARGS], { cwd: root, env: cli.env() });
    assert.equal(markdown.code, 0, markdown.stderr);
    assert.match(markdown.stdout, /\*\*1 to create, 2 to update, 2 unchanged\*\*/, markdown.stdout);
    const row = markdown.stdout.split('\n').find((line) => line.startsWith('| docs/index.md |'));
    assert.match(row ?? '', /\| update \| file unchanged: sent so its links reach a page made anew/, markdown.stdout);
  });

  it('the run reports each of them once, as its send, and counts none as sent twice', async () => {
    const { root, deletedId } = await publishedThenDeleted();
    const imports = cli.world.sandbox.imports.length;
    const run = await runCli(['publish', ...TREE_ARGS, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assertRecordsValid(jsonLines(run), 'run');
    const records = fileRecords(run);
    assert.deepEqual(records.map((record) => record.file).sort(), ['docs/guide/', 'docs/guide/usage.md', 'docs/index.md', 'docs/notes.md', 'docs/setup.md'], 'one record a page (the guide\'s folder page lists its child)');
    const byFile = Object.fromEntries(records.map((record) => [String(record.file), record as { status: string; relinked?: boolean; tree: { pass: number } }]));
    for (const file of ['docs/index.md', 'docs/guide/usage.md']) assert.deepEqual([byFile[file]?.status, byFile[file]?.tree.pass, byFile[file]?.relinked], ['published', 1, true], file);
    assert.equal(byFile['docs/notes.md']?.status, 'skipped');
    const summary = summaryRecord(run);
    assert.deepEqual([summary.published, summary.skipped, summary.secondPass], [3, 2, 0]);
    assert.equal(cli.world.sandbox.imports.length, imports + 3, 'Setup made anew, Home and Usage once each');
    const setup = setupPage();
    assert.notEqual(setup.id, deletedId);
    for (const title of ['Home', 'Usage']) {
      const page = cli.world.sandbox.pages().find((each) => each.title === title && !each.deleted);
      assert.ok(page?.imported.includes(`/pages/${setup.id}/Setup`), `${title} reaches the new page`);
    }

    // The job summary's Markdown says why an unchanged file's page was updated.
    cli.world.sandbox.deletePage(setupPage().id);
    const jobSummary = await runCli(['publish', ...TREE_ARGS, '--format', 'markdown'], { cwd: root, env: cli.env() });
    const homeRow = jobSummary.stdout.split('\n').find((line) => line.startsWith('| docs/index.md |'));
    assert.match(homeRow ?? '', /\| updated \| .*file unchanged: sent so its links reach a page made anew/, jobSummary.stdout);

    // The text run says the same: one line a file, the reason on the pages that went for their links.
    cli.world.sandbox.deletePage(setupPage().id);
    const text = await runCli(['publish', ...TREE_ARGS], { cwd: root, env: cli.env() });
    assert.equal(text.code, 0, text.stderr);
    const lines = text.stdout.split('\n').filter((line) => / docs\//.test(line));
    assert.equal(lines.length, 5, text.stdout);
    assert.equal(lines.filter((line) => line.includes('(file unchanged: sent so its links reach a page made anew)')).length, 2, text.stdout);
    assert.match(text.stdout, /3 published, 0 failed, 0 refused, 2 unchanged; second pass \(links to new pages\): 0/);
  });

  it('a clone whose record still names the deleted page plans what its run does: the page made anew is found, nothing goes', async () => {
    const root = await cli.tree(TREE);
    assert.equal((await runCli(['publish', ...TREE_ARGS], { cwd: root, env: cli.env() })).code, 0);
    // Another clone, its record one run behind: the page is deleted and made anew by this checkout's run.
    const behind = await cli.tree({ ...TREE, 'docs/.wiki-pages.json': await readFile(join(root, 'docs', '.wiki-pages.json'), 'utf8') });
    const deletedId = setupPage().id;
    cli.world.sandbox.deletePage(deletedId);
    assert.equal((await runCli(['publish', ...TREE_ARGS], { cwd: root, env: cli.env() })).code, 0);
    const madeAnew = setupPage().id;

    const plan = await runCli(['publish', ...TREE_ARGS, '--dry-run', '--json'], { cwd: behind, env: cli.env() });
    assert.equal(plan.code, 0, plan.stdout + plan.stderr);
    const records = Object.fromEntries(fileRecords(plan).map((record) => [String(record.file), record]));
    assert.deepEqual(Object.values(records).map((record) => record.status), Object.values(records).map(() => 'unchanged'), plan.stdout);
    assert.equal(records['docs/setup.md']?.pageId, madeAnew, 'the page found, not the deleted one');
    assert.match(String(records['docs/setup.md']?.url), new RegExp(`/pages/${madeAnew}/`));
    const imports = cli.world.sandbox.imports.length;
    const run = await runCli(['publish', ...TREE_ARGS], { cwd: behind, env: cli.env() });
    assert.equal(run.code, 0, run.stdout);
    assert.equal(cli.world.sandbox.imports.length, imports, 'nothing sent, as planned');
    const recorded = await readFile(join(behind, "docs", ".wiki-pages.json"), "utf8");
    assert.match(recorded, new RegExp(`"setup\\.md": \\{"id": ?"${madeAnew}"`), 'the record learns the page found');
  });
});
