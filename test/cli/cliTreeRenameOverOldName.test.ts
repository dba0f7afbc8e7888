// A file of a tree renamed in its folder with its title kept while a new file takes its old name, in one commit:
// `git mv docs/setup.md docs/install.md` (still "# Setup") and a new docs/setup.md ("# Setup checklist"). The service
// finds a page by title and parent, so the page recorded for setup.md is the one install.md reaches: it follows
// install.md (a rename), and setup.md is a new page. Before, install.md was planned as a create and met "already
// exists" on every run, while setup.md made a second page and called the first one left behind; only --overwrite got
// out. The edit guard still checks that page is as last published, so a colleague's edit on it is held back.
import assert from 'node:assert/strict';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileRecords, jsonLines, runCli, useCliWorld, type CliRun } from './cliHarness';
import { assertRecordsValid } from './jsonSchema';

const TREE_ARGS = ['docs', '--tree', '--space', 'DOCS', '--parent', '123456'];

interface TreeRecord {
  moves: unknown[];
  orphans: unknown[];
  renamed: Array<{ path: string; oldPath: string; pageId: string }>;
  retitled?: Array<{ path: string; pageId: string; title: string; newTitle: string }>;
  leftBehind?: unknown[];
}

describe('CLI --tree: a file renamed while a new file takes its old name', () => {
  const cli = useCliWorld();

  const page = (title: string) => {
    const found = cli.world.sandbox.pages().filter((candidate) => candidate.title === title && !candidate.deleted);
    assert.equal(found.length, 1, `one page "${title}" on the wiki`);
    return found[0] as (typeof found)[number];
  };
  const manifest = async (root: string): Promise<Record<string, { id: string; title: string }>> =>
    (JSON.parse(await readFile(join(root, 'docs', '.wiki-pages.json'), 'utf8')) as { pages: Record<string, { id: string; title: string }> }).pages;
  const publish = (root: string, extra: readonly string[] = []): Promise<CliRun> => runCli(['publish', ...TREE_ARGS, ...extra], { cwd: root, env: cli.env() });
  const treeRecord = (run: CliRun): TreeRecord => jsonLines(run).find((record) => record.type === 'tree') as unknown as TreeRecord;
  const recordOf = (run: CliRun, file: string): Record<string, unknown> | undefined => fileRecords(run).find((record) => record.file === file);

  /** Published once, then setup.md renamed to install.md (its text edited, its title kept) and a new setup.md. */
  async function renamedOverOldName(extra: Record<string, string> = {}): Promise<{ root: string; setup: { id: string; version: number } }> {
    const root = await cli.tree({
      '.git/HEAD': 'ref: refs/heads/main\n',
      'docs/index.md': '# Overview\n\nStart with the [setup](setup.md).\n',
      'docs/setup.md': '# Setup\n\nInstall it.\n',
      'docs/usage.md': '# Usage\n\nUse it.\n',
    });
    const first = await publish(root);
    assert.equal(first.code, 0, `${first.stdout}\n${first.stderr}`);
    const setup = page('Setup');
    await rename(join(root, 'docs', 'setup.md'), join(root, 'docs', 'install.md'));
    await writeFile(join(root, 'docs', 'install.md'), '# Setup\n\nInstall it, step by step.\n');
    await writeFile(join(root, 'docs', 'setup.md'), '# Setup checklist\n\nNew file at the old name.\n');
    // A link to the renamed file, by its new name, goes to the page that follows it.
    await writeFile(join(root, 'docs', 'usage.md'), '# Usage\n\nUse it, after the [install](install.md).\n');
    for (const [path, text] of Object.entries(extra)) await writeFile(join(root, path), text);
    return { root, setup: { id: setup.id, version: setup.version } };
  }

  it('the page follows the renamed file, the new file gets a page of its own: the plan says so, the run lands it, a re-run sends nothing', async () => {
    const { root, setup } = await renamedOverOldName();
    const index = page('Overview');
    const usage = page('Usage');

    const dry = await publish(root, ['--dry-run']);
    assert.equal(dry.code, 0, `${dry.stdout}\n${dry.stderr}`);
    assert.match(dry.stdout, /^would update docs\/install\.md -> "Setup" in DOCS under 123456 \(wiki edits checked: version 1 is as last published\)$/m, dry.stdout);
    assert.match(dry.stdout, /^would create docs\/setup\.md -> "Setup checklist" in DOCS under 123456$/m, dry.stdout);
    assert.match(dry.stdout, new RegExp(`^renamed: 1 - .*\\n  docs/setup\\.md -> docs/install\\.md: page ${setup.id}$`, 'm'), dry.stdout);
    assert.doesNotMatch(dry.stdout, /retitled|left behind|already exists|stays where it is/, dry.stdout);
    const dryJson = await publish(root, ['--dry-run', '--json']);
    assertRecordsValid(jsonLines(dryJson), 'a dry run of a file renamed over its old name');
    assert.deepEqual(treeRecord(dryJson), { type: 'tree', moves: [], orphans: [], renamed: [{ path: 'docs/install.md', oldPath: 'docs/setup.md', pageId: setup.id }] });
    assert.deepEqual([recordOf(dryJson, 'docs/install.md')?.action, recordOf(dryJson, 'docs/setup.md')?.action], ['update', 'create']);

    const pagesBefore = cli.world.sandbox.pages().length;
    const run = await publish(root, ['--json']);
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assertRecordsValid(jsonLines(run), 'a run of a file renamed over its old name');
    assert.deepEqual([recordOf(run, 'docs/install.md')?.status, recordOf(run, 'docs/install.md')?.outcome, recordOf(run, 'docs/install.md')?.pageId], ['published', 'updated', setup.id]);
    assert.deepEqual([recordOf(run, 'docs/setup.md')?.status, recordOf(run, 'docs/setup.md')?.outcome], ['published', 'created']);
    const tree = treeRecord(run);
    assert.deepEqual([tree.orphans, tree.retitled, tree.leftBehind ?? []], [[], undefined, []], JSON.stringify(tree));
    assert.equal(cli.world.sandbox.pages().length, pagesBefore + 1, 'one new page: the new file\'s');
    assert.match(page('Setup').markdown, /Install it, step by step\./);
    assert.equal(page('Setup').id, setup.id);
    const checklist = page('Setup checklist');
    assert.equal(checklist.parentId, '123456');
    assert.deepEqual(await manifest(root), {
      'index.md': { id: index.id, title: 'Overview' },
      'install.md': { id: setup.id, title: 'Setup' },
      'setup.md': { id: checklist.id, title: 'Setup checklist' },
      'usage.md': { id: usage.id, title: 'Usage' },
    });
    // A link to setup.md reaches the new file's page, a link to install.md the page that followed it.
    assert.ok(page('Overview').imported.includes(`/pages/${checklist.id}/`), page('Overview').imported);
    assert.ok(page('Usage').imported.includes(`/pages/${setup.id}/`), page('Usage').imported);

    const imports = cli.world.sandbox.imports.length;
    const again = await publish(root, ['--json']);
    assert.equal(again.code, 0, `${again.stdout}\n${again.stderr}`);
    assert.deepEqual(fileRecords(again).filter((record) => record.status !== 'skipped').map((record) => record.file), [], again.stdout);
    assert.equal(cli.world.sandbox.imports.length, imports, 'the run after sends nothing');
    assert.deepEqual(treeRecord(again).renamed, []);
  });

  it('a colleague\'s edit on the page that follows the renamed file is held back with who and when, never overwritten, and the next run holds it again', async () => {
    const { root, setup } = await renamedOverOldName();
    // Edited on the wiki with the page's publish notice kept: only its version tells the edit from the last publish.
    const published = page('Setup');
    cli.world.sandbox.editPageOnWiki(setup.id, published.imported.replace(published.markdown, '# Setup\n\nA colleague\'s line.\n'));

    const dry = await publish(root, ['--dry-run']);
    assert.match(dry.stdout, new RegExp(`^WOULD LEAVE OUT docs/install\\.md -> "Setup" in DOCS under 123456 \\(edited on the wiki since its last publish \\(version ${setup.version}\\): version ${setup.version + 1} by wiki-editor at `, 'm'), dry.stdout);
    assert.match(dry.stdout, new RegExp(`^  docs/setup\\.md -> docs/install\\.md: page ${setup.id}$`, 'm'), dry.stdout);
    assert.doesNotMatch(dry.stdout, /already exists|retitled/, dry.stdout);

    const run = await publish(root, ['--json']);
    assertRecordsValid(jsonLines(run), 'a run holding back the page of a file renamed over its old name');
    const held = recordOf(run, 'docs/install.md');
    assert.equal(held?.status, 'edited', `${run.stdout}\n${run.stderr}`);
    const edits = held?.wikiEdits as { verdict?: string; editedBy?: string; editedAt?: string; version?: number; publishedVersion?: number } | undefined;
    assert.deepEqual([edits?.verdict, edits?.editedBy, edits?.version, edits?.publishedVersion], ['edited', 'wiki-editor', setup.version + 1, setup.version]);
    assert.ok(edits?.editedAt, 'when the colleague edited it');
    assert.match(page('Setup').markdown, /A colleague's line/);
    assert.doesNotMatch(page('Setup').markdown, /step by step/);
    assert.equal(recordOf(run, 'docs/setup.md')?.status, 'published');
    assert.deepEqual([treeRecord(run).retitled, treeRecord(run).leftBehind ?? []], [undefined, []]);
    // The page is still this tree's in the record (under the file's old name, until the renamed file lands on it).
    assert.deepEqual((await manifest(root))['setup.md'], { id: setup.id, title: 'Setup' });
    assert.equal((await manifest(root))['install.md'], undefined);

    // The next run matches them again: the page held back again, not "already exists"; no second checklist page.
    const pages = cli.world.sandbox.pages().length;
    const again = await publish(root, ['--json']);
    assert.equal(recordOf(again, 'docs/install.md')?.status, 'edited', `${again.stdout}\n${again.stderr}`);
    assert.doesNotMatch(again.stdout, /already exists/);
    assert.equal(cli.world.sandbox.pages().length, pages, 'no new page');
    assert.match(page('Setup').markdown, /A colleague's line/);
    // The new file's page, left unrecorded, is found where it was created, carrying its notice: taken, not made again.
    assert.deepEqual(recordOf(again, 'docs/setup.md')?.pageId, page('Setup checklist').id, again.stdout);

    // Replacing the colleague's edit on purpose: the page is the renamed file's from then on.
    const replaced = await publish(root, ['--overwrite-edited']);
    assert.equal(replaced.code, 0, `${replaced.stdout}\n${replaced.stderr}`);
    assert.match(page('Setup').markdown, /Install it, step by step\./);
    assert.equal(cli.world.sandbox.pages().length, pages, 'no new page');
    const recorded = await manifest(root);
    assert.deepEqual([recorded['install.md'], recorded['setup.md']], [{ id: setup.id, title: 'Setup' }, { id: page('Setup checklist').id, title: 'Setup checklist' }]);
  });

  it('two new files with the old title match nothing (the title changed, as before); once one of them is retitled, the page follows the other', async () => {
    const { root, setup } = await renamedOverOldName({ 'docs/install-guide.md': '# Setup\n\nAnother.\n' });
    const dry = await publish(root, ['--dry-run', '--json']);
    const plan = treeRecord(dry);
    assert.deepEqual(plan.renamed, []);
    assert.deepEqual(plan.retitled?.map((each) => [each.path, each.pageId, each.title, each.newTitle]), [['docs/setup.md', setup.id, 'Setup', 'Setup checklist']]);
    // Two files of one title in the tree are refused, as any such pair.
    assert.deepEqual([recordOf(dry, 'docs/install.md')?.status, recordOf(dry, 'docs/install-guide.md')?.status], ['refused', 'refused']);

    await writeFile(join(root, 'docs', 'install-guide.md'), '# Install guide\n\nAnother.\n');
    const resolved = await publish(root, ['--dry-run', '--json']);
    assert.deepEqual(treeRecord(resolved).renamed, [{ path: 'docs/install.md', oldPath: 'docs/setup.md', pageId: setup.id }]);
    assert.equal(treeRecord(resolved).retitled, undefined);
    const run = await publish(root);
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assert.equal((await manifest(root))['install.md']?.id, setup.id);
  });
});
