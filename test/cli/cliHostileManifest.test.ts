// Issue 81 (1): a pull request controls .wiki-pages.json. Every page it records is checked on the wiki before the
// plan uses it (to update, as a parent, for links): in the tree's space, titled as recorded, under the page the tree's
// shape says. An entry that fails is refused with its line, and so is everything below it; nothing is ever sent under
// a page the check did not accept. Without page access a plan that relies on a recorded page says so and the publish
// refuses it. Run as a CI job runs it: the built CLI with the README's flags, against the sandbox.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileRecords, jsonLines, runCli, summaryRecord, useCliWorld, type CliRun } from './cliHarness';

const TO = ['--tree', '--space', 'DOCS', '--parent', '123456', '--overwrite'];
const MANIFEST = 'docs/.wiki-pages.json';

const DOCS = {
  'docs/index.md': '# Home\n\nSee [setup](guide/setup.md).\n',
  'docs/guide/index.md': '# Guide\n\nThe guide.\n',
  'docs/guide/setup.md': '# Setup\n\nOur setup.\n',
};

interface Manifest {
  version: number;
  space?: string;
  parent?: string;
  pages: Record<string, { id: string; title: string }>;
}

describe('CLI --tree, a .wiki-pages.json a pull request changed', () => {
  const cli = useCliWorld();

  /** Publishes the docs once (the team's own pages), then makes another team's pages: "Platform" > "Guide" > "Setup". */
  async function published(): Promise<{ root: string; manifest: Manifest; other: { platform: string; guide: string; setup: string } }> {
    const root = await cli.tree(DOCS);
    const first = await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() });
    assert.equal(first.code, 0, `${first.stdout}\n${first.stderr}`);
    const sandbox = cli.world.sandbox;
    const platform = sandbox.createPageOnWiki('DOCS', '123456', 'Platform', '# Platform\n');
    const guide = sandbox.createPageOnWiki('DOCS', platform.id, 'Guide', '# Their guide\n');
    const setup = sandbox.createPageOnWiki('DOCS', guide.id, 'Setup', '# Their setup\n\nDo not overwrite.\n');
    const manifest = JSON.parse(await readFile(join(root, MANIFEST), 'utf8')) as Manifest;
    return { root, manifest, other: { platform: platform.id, guide: guide.id, setup: setup.id } };
  }

  async function rewrite(root: string, manifest: Manifest): Promise<void> {
    const keys = Object.keys(manifest.pages).sort();
    const lines = keys.map((key) => `    ${JSON.stringify(key)}: ${JSON.stringify(manifest.pages[key])}`);
    const text = ['{', `  "version": ${manifest.version},`, `  "space": ${JSON.stringify(manifest.space)},`, `  "parent": ${JSON.stringify(manifest.parent)},`, '  "pages": {', lines.join(',\n'), '  }', '}', ''].join('\n');
    await writeFile(join(root, MANIFEST), text);
  }

  /** The line of the manifest that records `key`, as the refusal names it. */
  async function lineOf(root: string, key: string): Promise<string> {
    const lines = (await readFile(join(root, MANIFEST), 'utf8')).split('\n');
    return `${MANIFEST}:${lines.findIndex((line) => line.startsWith(`    ${JSON.stringify(key)}:`)) + 1}`;
  }

  /** A page's record by its key in the tree (`guide/` for the folder page, whose file is its index.md). */
  const recordOf = (run: CliRun, key: string): Record<string, unknown> | undefined => fileRecords(run).find((record) => (record.tree as { key?: string } | undefined)?.key === key);
  /** Why the plan refuses it (`refusals`), or why the run did (`message`). */
  const reasons = (run: CliRun, key: string): string => {
    const record = recordOf(run, key);
    return ((record?.refusals as string[] | undefined) ?? [record?.message as string | undefined ?? '']).join(' ');
  };
  const statusOf = (run: CliRun, key: string): unknown => recordOf(run, key)?.status;

  /** Nothing the sandbox received after `since` went to one of `pages` or under it. */
  function nothingSentTo(since: number, pages: readonly string[]): void {
    const sent = cli.world.sandbox.imports.slice(since).map((request) => request.body as { parentId?: string; pageTitle?: string });
    for (const request of sent) assert.ok(!pages.includes(request.parentId ?? ''), `an import went under page ${request.parentId}: "${request.pageTitle}"`);
  }

  it('a folder entry naming a page written by hand at the folder\'s own place (no publish notice): that page is held back, and no page is created under it', async () => {
    const root = await cli.tree({ 'docs/index.md': '# Home\n\nHome.\n', 'docs/sub/index.md': '# Team Z page\n\nFolder content.\n', 'docs/sub/new.md': '# Injected\n\nInjected under Z.\n' });
    const theirs = cli.world.sandbox.createPageOnWiki('DOCS', '123456', 'Team Z page', '# Team Z page\n\nTeam Z content.\n');
    await rewrite(root, { version: 1, space: 'DOCS', parent: '123456', pages: { 'sub/': { id: theirs.id, title: 'Team Z page' } } });
    const before = cli.world.sandbox.imports.length;
    for (const extra of [['--dry-run'], []]) {
      const run = await runCli(['publish', 'docs', ...TO, '--json', ...extra], { cwd: root, env: cli.env() });
      assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
      assert.equal(statusOf(run, 'sub/'), 'edited', run.stdout);
      assert.equal(statusOf(run, 'sub/new.md'), 'refused', run.stdout);
      assert.match(reasons(run, 'sub/new.md'), new RegExp(`its folder's page \\("Team Z page", page ${theirs.id}\\) carries no publish notice, so nothing on the wiki shows it is this tree's page`));
    }
    nothingSentTo(before, [theirs.id]);
    assert.equal(cli.world.sandbox.pages().find((page) => page.id === theirs.id)?.version, theirs.version, 'their page is as it was');
    assert.equal(cli.world.sandbox.pages().filter((page) => page.parentId === theirs.id).length, 0, 'nothing under their page');
  });

  it('a folder entry naming another team\'s page under another parent refuses that folder and everything below it, with its line; their pages stay as they are', async () => {
    const { root, manifest, other } = await published();
    manifest.pages['guide/'] = { id: other.guide, title: 'Guide' };
    await rewrite(root, manifest);
    const at = await lineOf(root, 'guide/');
    const before = cli.world.sandbox.imports.length;

    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 1, dry.stderr);
    assert.equal(statusOf(dry, 'guide/'), 'refused');
    assert.ok(reasons(dry, 'guide/').includes(`${at} records page ${other.guide} for "guide/", but that page is under "Platform" (page ${other.platform}) on the wiki, not under "Documentation home" (page 123456) where the tree puts it`), reasons(dry, 'guide/'));
    assert.equal(statusOf(dry, 'guide/setup.md'), 'refused', 'the page below it is refused too');
    assert.match(reasons(dry, 'guide/setup.md'), /below "guide\/", whose entry is refused/);

    const run = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
    assert.equal(statusOf(run, 'guide/setup.md'), 'refused');
    nothingSentTo(before, [other.platform, other.guide, other.setup]);
    const theirs = cli.world.sandbox.pages().find((page) => page.id === other.setup);
    assert.equal(theirs?.version, 1, 'the other team\'s "Setup" is untouched');
    assert.equal(theirs?.markdown, '# Their setup\n\nDo not overwrite.\n');
    // Nor is the refused entry written over, or its page recorded elsewhere.
    const after = JSON.parse(await readFile(join(root, MANIFEST), 'utf8')) as Manifest;
    assert.equal(after.pages['guide/']?.id, other.guide, 'the file keeps the line for its author to fix');
  });

  it('an entry naming a page of another space is refused before anything is sent (no 404 mid-run), and no link reaches that page', async () => {
    const { root, manifest } = await published();
    const theirs = cli.world.sandbox.createPageOnWiki('ENG', '234567', 'Guide', '# Engineering guide\n');
    manifest.pages['guide/'] = { id: theirs.id, title: 'Guide' };
    await rewrite(root, manifest);
    const before = cli.world.sandbox.imports.length;
    const run = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
    assert.match(reasons(run, 'guide/'), /that page is in another space \(1002\) than the tree's/);
    assert.equal(statusOf(run, 'guide/setup.md'), 'refused');
    const failed = fileRecords(run).filter((record) => record.status === 'failed');
    assert.deepEqual(failed, [], 'nothing failed mid-run');
    const sent = cli.world.sandbox.imports.slice(before).map((request) => (request.body as { content?: string }).content ?? '');
    for (const content of sent) assert.ok(!content.includes(`/pages/${theirs.id}`), 'no link to the other space\'s page');
    assert.equal(cli.world.sandbox.pages().find((page) => page.id === theirs.id)?.version, 1);
  });

  it('an entry whose page is titled otherwise on the wiki is refused, not planned as an update and then left behind', async () => {
    const { root, manifest, other } = await published();
    // "Platform" is under the tree's parent page, so only its title gives it away.
    manifest.pages['guide/'] = { id: other.platform, title: 'Guide' };
    await rewrite(root, manifest);
    const before = cli.world.sandbox.imports.length;
    const run = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
    assert.match(reasons(run, 'guide/'), /that page is titled "Platform" on the wiki, not "Guide" as recorded/);
    nothingSentTo(before, [other.platform, other.guide, other.setup]);
    assert.doesNotMatch(run.stdout, /left behind/, 'the other team\'s page is not called left behind');
  });

  it('a page a colleague renamed on the wiki is refused, and the unchanged pages linking to it are left as they are, their links still reaching it', async () => {
    const { root } = await published();
    const sandbox = cli.world.sandbox;
    const setup = sandbox.pages().find((page) => page.title === 'Setup' && page.parentId !== undefined && !page.deleted && page.imported.includes('Our setup'));
    assert.ok(setup);
    sandbox.editPageOnWiki(setup.id, setup.imported, { title: 'Setting up' });
    const before = sandbox.imports.length;
    const run = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
    assert.match(reasons(run, 'guide/setup.md'), /that page is titled "Setting up" on the wiki, not "Setup" as recorded/);
    // Home links to Setup: its text and its link are as it last sent them, so it is not sent with that link as written.
    assert.equal(statusOf(run, 'index.md'), 'skipped', JSON.stringify(recordOf(run, 'index.md')));
    assert.equal(sandbox.imports.length, before, 'nothing sent');
    const home = sandbox.pages().find((page) => page.title === 'Home' && !page.deleted);
    assert.ok(home?.imported.includes(`/pages/${setup.id}/`), 'Home still links to the renamed page');
    // Home's text changes: it goes, its link to the refused page as written (a later run fills it in).
    await writeFile(join(root, 'docs/index.md'), '# Home\n\nSee [setup](guide/setup.md). Now with more.\n');
    const changed = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(statusOf(changed, 'index.md'), 'published', changed.stdout);
  });

  it('a page entry under the right folder but another parent on the wiki (their "Setup" for our setup.md) is refused', async () => {
    const { root, manifest, other } = await published();
    manifest.pages['guide/setup.md'] = { id: other.setup, title: 'Setup' };
    await rewrite(root, manifest);
    const at = await lineOf(root, 'guide/setup.md');
    const run = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
    assert.ok(reasons(run, 'guide/setup.md').startsWith(`${at} records page ${other.setup} for "guide/setup.md", but that page is under "Guide" (page ${other.guide}) on the wiki, not under "Guide" (page `), reasons(run, 'guide/setup.md'));
    assert.equal(cli.world.sandbox.pages().find((page) => page.id === other.setup)?.version, 1);
  });

  it('a file published on its own takes its page from the manifest only once the wiki confirms every recorded page it relies on', async () => {
    const { root, manifest, other } = await published();
    // A consistent chain that ends under another team's page: their "Guide" for guide/, their "Setup" for setup.md.
    manifest.pages['guide/'] = { id: other.guide, title: 'Guide' };
    manifest.pages['guide/setup.md'] = { id: other.setup, title: 'Setup' };
    await rewrite(root, manifest);
    const at = await lineOf(root, 'guide/');
    await writeFile(join(root, 'docs/guide/setup.md'), '# Setup\n\nOur setup, changed.\n');
    const before = cli.world.sandbox.imports.length;
    const run = await runCli(['publish', 'docs/guide/setup.md', '--overwrite', '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
    const record = fileRecords(run).find((entry) => entry.file === 'docs/guide/setup.md');
    assert.equal(record?.status, 'refused');
    assert.ok(String(record?.message ?? '').startsWith(`${at} records page ${other.guide} for "guide/", but that page is under "Platform" (page ${other.platform}) on the wiki`), String(record?.message));
    nothingSentTo(before, [other.platform, other.guide, other.setup]);
    assert.equal(cli.world.sandbox.pages().find((page) => page.id === other.setup)?.version, 1, 'their "Setup" is untouched');
    // Without page access the record is not used at all.
    const unchecked = await runCli(['publish', 'docs/guide/setup.md', '--overwrite', '--json'], { cwd: root, env: cli.env(false) });
    assert.notEqual(unchecked.code, 0);
    assert.match(String(fileRecords(unchecked).find((entry) => entry.file === 'docs/guide/setup.md')?.message ?? ''), /cannot be checked without page access/);
    assert.equal(cli.world.sandbox.imports.length, before, 'nothing sent');
  });

  it('without page access, a plan that relies on recorded pages says so and the publish refuses them: nothing is sent', async () => {
    const { root } = await published();
    await writeFile(join(root, 'docs/guide/setup.md'), '# Setup\n\nOur setup, changed.\n');
    const before = cli.world.sandbox.imports.length;
    const env = { ...cli.env(false), WIKI_PUBLISHER_BASE_URL: cli.world.sandbox.baseUrl };
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run', '--json'], { cwd: root, env });
    assert.equal(statusOf(dry, 'guide/setup.md'), 'refused');
    assert.match(reasons(dry, 'guide/setup.md'), /docs\/\.wiki-pages\.json:\d+ records page \d+ for "guide\/setup\.md", which cannot be checked without page access/);
    const run = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env });
    assert.notEqual(run.code, 0);
    assert.equal(statusOf(run, 'guide/setup.md'), 'refused');
    assert.equal(cli.world.sandbox.imports.length, before, 'nothing sent');
    assert.equal(summaryRecord(run).published ?? 0, 0);
  });

  it('a plan reviewed with a recorded page that moves on the wiki before the publish is not accepted by --expect-plan', async () => {
    const { root, other } = await published();
    await writeFile(join(root, 'docs/guide/setup.md'), '# Setup\n\nOur setup, changed.\n');
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 0, dry.stderr);
    const digest = summaryRecord(dry).planDigest as string;
    const ours = cli.world.sandbox.pages().find((page) => page.title === 'Setup' && page.parentId !== other.guide && !page.deleted);
    assert.ok(ours);
    const platformGuide = cli.world.sandbox.pages().find((page) => page.title === 'Guide' && page.id !== other.guide && !page.deleted);
    assert.ok(platformGuide);
    // Our "Guide" folder page moves under "Archive": its pages' place is not the reviewed one.
    const archive = cli.world.sandbox.createPageOnWiki('DOCS', '123456', 'Archive', '# Archive\n');
    cli.world.sandbox.movePageOnWiki(platformGuide.id, archive.id);
    const before = cli.world.sandbox.imports.length;
    const run = await runCli(['publish', 'docs', ...TO, '--expect-plan', digest], { cwd: root, env: cli.env() });
    assert.notEqual(run.code, 0, run.stdout);
    assert.equal(cli.world.sandbox.imports.length, before, 'nothing sent');
  });
  it('a manifest of more pages than any tree records (a million forged entries): refused at once, before any lookup, and nothing is sent', async () => {
    const { root, manifest } = await published();
    const pages: Manifest['pages'] = { ...manifest.pages };
    for (let index = 0; index < 20_001; index++) pages[`forged/page-${index}.md`] = { id: String(2_000_000 + index), title: `Forged ${index}` };
    await rewrite(root, { ...manifest, pages });
    const imports = cli.world.sandbox.imports.length;
    const lookups = cli.world.sandbox.pageRouteRequests;
    for (const extra of [['--dry-run'], []]) {
      const run = await runCli(['publish', 'docs', ...TO, ...extra], { cwd: root, env: cli.env() });
      assert.notEqual(run.code, 0, run.stdout + run.stderr);
      assert.match(run.stdout + run.stderr, /docs\/\.wiki-pages\.json is too large to be a tree's record \(\d+ pages; a tree records at most 20000 pages\): it is not used, and nothing is sent to a page it names/);
    }
    assert.equal(cli.world.sandbox.imports.length, imports, 'nothing sent');
    assert.equal(cli.world.sandbox.pageRouteRequests, lookups, 'no page of the manifest looked up');
  });

  it('an entry naming another team\'s page (no publish notice) is never called this file\'s page to remove: left behind "check whose page it is"', async () => {
    const team = cli.world.sandbox.createPageOnWiki('DOCS', '123456', 'Team page', 'Other team content.\n');
    const root = await cli.tree({ 'docs/a.md': '# A\n\nSee [b](b.md).\n', 'docs/b.md': '# B\n\nbee\n' });
    await writeFile(join(root, MANIFEST), JSON.stringify({ version: 1, space: 'DOCS', parent: '123456', pages: { 'b.md': { id: team.id, title: 'Team page' } } }));
    const args = ['publish', 'docs', '--tree', '--space', 'DOCS', '--parent', '123456'];
    const run = await runCli(args, { cwd: root, env: cli.env() });
    const line = run.stdout.split('\n').find((each) => each.includes(`(page ${team.id}, was docs/b.md)`)) ?? '';
    assert.match(line, /: it carries no publish notice from this repository, so only the \.wiki-pages\.json entry says it was this file's page \(an entry can name any page\): check whose page it is before removing it$/, run.stdout);
    assert.equal(cli.world.sandbox.pages().find((page) => page.id === team.id)?.version, 1, 'the team\'s page is not written');
    // A page this tree did publish, left behind by a retitle, is said as before.
    await writeFile(join(root, 'docs/a.md'), '# A renamed\n\nSee [b](b.md).\n');
    const again = await runCli([...args, '--json'], { cwd: root, env: cli.env() });
    const tree = jsonLines(again).find((record) => record.type === 'tree') as { leftBehind?: Array<{ path: string; noNotice?: true }> } | undefined;
    assert.deepEqual(tree?.leftBehind, [{ path: 'docs/a.md', pageId: cli.livePage('A').id, title: 'A', url: tree?.leftBehind?.[0] && (tree.leftBehind[0] as { url?: string }).url }], again.stdout);
  });
});
