// The built CLI publishing a tree whose page titles change and change back (issue 14, sections 1 and 2): a folder's
// README.md renamed away (its page titled by the folder's name) and back, a file's `# Title` edited and edited back.
// The service finds a page by title and parent, so the first change made a new page and left the old one where it
// was; when the title comes back, the old page still holds it there. A page a record knows as one this tree published
// at that place (this machine's --state, or the folder's .wiki-pages.json for a path that is gone) is updated again
// through the edit guard, and recorded again; before, the publish failed with "already exists".
import assert from 'node:assert/strict';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileRecords, jsonLines, runCli, useCliWorld, type CliRun } from './cliHarness';
import { assertRecordsValid } from './jsonSchema';

const TO = ['--tree', '--space', 'DOCS', '--parent', '123456'];
const STATE = ['--state', '.wiki-state.json'];

describe('CLI --tree, a title that changes and changes back', () => {
  const cli = useCliWorld();
  const page = (title: string, parentId?: string) => {
    const found = cli.world.sandbox.pages().filter((candidate) => candidate.title === title && !candidate.deleted && (parentId === undefined || candidate.parentId === parentId));
    assert.equal(found.length, 1, `one page "${title}" on the wiki${parentId ? ` under ${parentId}` : ''}`);
    return found[0] as (typeof found)[number];
  };
  const manifest = async (root: string): Promise<Record<string, { id: string; title: string }>> =>
    (JSON.parse(await readFile(join(root, 'docs', '.wiki-pages.json'), 'utf8')) as { pages: Record<string, { id: string; title: string }> }).pages;
  const publish = async (root: string, extra: readonly string[] = []): Promise<CliRun> => {
    const run = await runCli(['publish', 'docs', ...TO, ...extra], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    return run;
  };
  const sent = (run: CliRun): Array<[unknown, unknown, unknown]> =>
    fileRecords(run).filter((record) => record.status !== 'skipped').map((record) => [record.file, record.status, record.pageId]);

  it('a folder\'s README.md renamed away and back, with --state: the folder page updates its first page again, the page between is left behind, a re-run sends nothing', async () => {
    const root = await cli.tree({ 'docs/guide/README.md': '# The guide\n\nAll about it.\n', 'docs/guide/setup.md': '# Setup\n\nRun it.\n' });
    await publish(root, STATE);
    const first = page('The guide', '123456');
    const setup = page('Setup', first.id);

    // Renamed away: the folder page is titled by the folder's name, a new page ("Guide").
    await rename(join(root, 'docs/guide/README.md'), join(root, 'docs/guide/notes.md'));
    await publish(root, STATE);
    const between = page('Guide', '123456');
    assert.equal((await manifest(root))['guide/']?.id, between.id);

    // And back: "The guide" under the chosen page is the folder's first page, which this machine published there.
    await rename(join(root, 'docs/guide/notes.md'), join(root, 'docs/guide/README.md'));
    const dry = await publish(root, [...STATE, '--dry-run']);
    const back = `Its title is "The guide" again, which page ${first.id} of this tree still holds at this place: this updates that page instead of making a new one, and the page it published as "Guide" (page ${between.id}) stays where it is.`;
    // Its page holds its text as it left it (the page's notice says so): taken again, not written again.
    assert.match(dry.stdout, new RegExp(`^unchanged +docs/guide/README\\.md -> "The guide" in DOCS under 123456: .*\\[caution: ${back.replace(/[.()]/g, '\\$&')}\\]`, 'm'));
    assert.doesNotMatch(dry.stdout, /^retitled:/m);
    // Without page access the pages below could not be placed under it: refused for want of an ID, as any retitled page.
    const blind = await runCli(['publish', 'docs', ...TO, ...STATE, '--dry-run'], { cwd: root, env: cli.env(false) });
    assert.match(blind.stdout, /^WOULD REFUSE docs\/guide\/README\.md -> .*give page access/m, blind.stdout);
    const json = await publish(root, [...STATE, '--dry-run', '--json']);
    assertRecordsValid(jsonLines(json), 'a dry run of a folder page titled back');
    assert.equal((jsonLines(json).find((record) => record.type === 'tree') as { retitled?: unknown }).retitled, undefined);

    const run = await publish(root, [...STATE, '--json']);
    assertRecordsValid(jsonLines(run), 'a run of a folder page titled back');
    assert.deepEqual(fileRecords(run).filter((record) => record.file === 'docs/guide/README.md').map((record) => [record.status, record.pageId]), [['skipped', first.id]]);
    assert.equal(page('The guide', '123456').version, first.version, 'no new version of a page that holds the text already');
    assert.equal(page('The guide', '123456').id, first.id, 'no second page');
    assert.match(page('The guide', '123456').markdown, /All about it/);
    assert.equal((await manifest(root))['guide/']?.id, first.id, 'the repository records the page again');
    const tree = jsonLines(run).find((record) => record.type === 'tree') as { leftBehind?: Array<{ pageId: string; title: string }> };
    assert.deepEqual(tree.leftBehind?.map((left) => [left.pageId, left.title]), [[between.id, 'Guide'], [page('Setup', between.id).id, 'Setup']]);
    // The page below went back under it, to the page it had there.
    assert.equal(page('Setup', first.id).id, setup.id);

    const imports = cli.world.sandbox.imports.length;
    const again = await publish(root, [...STATE, '--json']);
    assert.deepEqual(sent(again), []);
    assert.equal(cli.world.sandbox.imports.length, imports, 'no request to the import service');
  });

  it('a file retitled by a teammate and titled back here: this machine\'s record knows the page, which is updated again through the edit guard, and a colleague\'s edit on it is held back', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n\nOne.\n' });
    await publish(root, STATE);
    const alpha = page('Alpha', '123456');
    // A teammate (another record of this machine's pages) retitles it: a new page; the repository records it.
    await writeFile(join(root, 'docs/a.md'), '# Beta\n\nOne.\n');
    await publish(root, ['--state', '.teammate-state.json']);
    const beta = page('Beta', '123456');
    assert.equal((await manifest(root))['a.md']?.id, beta.id);

    await writeFile(join(root, 'docs/a.md'), '# Alpha\n\nOne, again.\n');
    const run = await publish(root, [...STATE, '--json']);
    assert.deepEqual(sent(run), [['docs/a.md', 'published', alpha.id]]);
    assert.match(page('Alpha', '123456').markdown, /One, again/);
    assert.equal((await manifest(root))['a.md']?.id, alpha.id);
    const tree = jsonLines(run).find((record) => record.type === 'tree') as { leftBehind?: Array<{ pageId: string }> };
    assert.deepEqual(tree.leftBehind?.map((left) => left.pageId), [beta.id]);
    const imports = cli.world.sandbox.imports.length;
    assert.deepEqual(sent(await publish(root, [...STATE, '--json'])), []);
    assert.equal(cli.world.sandbox.imports.length, imports);

    // Once more, with a colleague's edit on the page the title comes back to: asked about, never overwritten.
    await writeFile(join(root, 'docs/a.md'), '# Beta\n\nOne.\n');
    await publish(root, ['--state', '.teammate-state.json']);
    cli.world.sandbox.editPageOnWiki(alpha.id, '# Alpha\n\nEdited on the wiki.\n');
    await writeFile(join(root, 'docs/a.md'), '# Alpha\n\nOne, once more.\n');
    const held = await runCli(['publish', 'docs', ...TO, ...STATE, '--json'], { cwd: root, env: cli.env() });
    assert.deepEqual(fileRecords(held).map((record) => record.status), ['edited'], `${held.stdout}\n${held.stderr}`);
    assert.match(page('Alpha', '123456').markdown, /Edited on the wiki/);
  });

  it('a file titled back to the title of a deleted file\'s page the repository still records: that page is updated, not an orphan, and its entry goes', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n\nOne.\n', 'docs/b.md': '# Beta\n\nTwo.\n' });
    await publish(root);
    const alpha = page('Alpha', '123456');
    const beta = page('Beta', '123456');
    await rm(join(root, 'docs/a.md'));
    await publish(root);
    assert.deepEqual(Object.keys(await manifest(root)), ['a.md', 'b.md'], 'the orphan stays recorded');

    await writeFile(join(root, 'docs/b.md'), '# Alpha\n\nTwo.\n');
    const dry = await publish(root, ['--dry-run', '--json']);
    assertRecordsValid(jsonLines(dry), 'a dry run of a file titled back to an orphan\'s page');
    const plan = jsonLines(dry).find((record) => record.type === 'tree') as { orphans: unknown[]; retitled?: unknown };
    assert.deepEqual([plan.orphans, plan.retitled], [[], undefined]);
    const planned = fileRecords(dry).find((record) => record.file === 'docs/b.md') as { action?: string; cautions?: string[] };
    assert.equal(planned.action, 'update');
    assert.ok(planned.cautions?.some((caution) => caution === `Its title changed from "Beta" to "Alpha", which page ${alpha.id} of this tree, published from docs/a.md (no longer in the folder), still holds at this place: this updates that page instead of making a new one, and the page it published as "Beta" (page ${beta.id}) stays where it is.`), JSON.stringify(planned));

    const run = await publish(root, ['--json']);
    assert.deepEqual(sent(run), [['docs/b.md', 'published', alpha.id]]);
    assert.match(page('Alpha', '123456').markdown, /Two/);
    assert.deepEqual(await manifest(root), { 'b.md': { id: alpha.id, title: 'Alpha' } });
    const tree = jsonLines(run).find((record) => record.type === 'tree') as { orphans: unknown[]; leftBehind?: Array<{ pageId: string }> };
    assert.deepEqual([tree.orphans, tree.leftBehind?.map((left) => left.pageId)], [[], [beta.id]]);
  });
});
