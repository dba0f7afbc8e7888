// A record names a page by ID, and a pull request (.wiki-pages.json) or a cache from elsewhere (--state) controls which:
// a page whose publish notice says another file published it is never taken for this file's own, however the record
// names it. The other team's page keeps its text; the run refuses the file with what to do. A file renamed in the
// repository still takes its page along. Run as a CI job runs it, against the sandbox.
import assert from 'node:assert/strict';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileRecords, runCli, useCliWorld, writeTree, type CliRun } from './cliHarness';

const FLAGS = ['--space', 'DOCS', '--parent', '123456'];
const REFUSED = /publish notice says another file published it/;

describe('CLI, a record naming a page another file published', () => {
  const cli = useCliWorld();

  /** Another team's page, published from its own checkout (team/team.md): its ID and text. */
  async function othersPage(): Promise<{ id: string; text: string }> {
    const theirs = await cli.tree({ 'team/team.md': '# Team page\n\nOther team content.\n' });
    const run = await runCli(['publish', 'team/team.md', ...FLAGS], { cwd: theirs, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    const page = cli.world.sandbox.findPageByTitle('DOCS', '123456', 'Team page');
    assert.ok(page);
    return { id: page.id, text: page.markdown };
  }

  const record = (run: CliRun, file: string): Record<string, unknown> | undefined => fileRecords(run).find((each) => each.file === file);
  const refusals = (run: CliRun, file: string): string => ((record(run, file)?.refusals as string[] | undefined) ?? [String(record(run, file)?.message ?? '')]).join(' ');

  function untouched(page: { id: string; text: string }, since: number): void {
    assert.equal(cli.world.sandbox.imports.length, since, 'nothing was sent');
    assert.equal(cli.world.sandbox.pages().find((each) => each.id === page.id)?.markdown, page.text, 'the other team\'s page keeps its text');
  }

  it('a .wiki-pages.json entry, flat and as a tree: the file is refused, the page keeps its text', async () => {
    const page = await othersPage();
    const ours = await cli.tree({
      'docs/bbb.md': '# Team page\n\nNot theirs.\n',
      'docs/.wiki-pages.json': JSON.stringify({ version: 1, space: 'DOCS', parent: '123456', pages: { 'bbb.md': { id: page.id, title: 'Team page' } } }),
    });
    const before = cli.world.sandbox.imports.length;
    for (const mode of [[], ['--tree']]) {
      const dry = await runCli(['publish', 'docs', ...FLAGS, ...mode, '--dry-run', '--json'], { cwd: ours, env: cli.env() });
      assert.equal(record(dry, 'docs/bbb.md')?.status, 'refused', `${mode.join(' ')}: ${dry.stdout}`);
      assert.match(refusals(dry, 'docs/bbb.md'), REFUSED);
      const run = await runCli(['publish', 'docs', ...FLAGS, ...mode, '--json'], { cwd: ours, env: cli.env() });
      assert.notEqual(run.code, 0, run.stdout);
      assert.match(refusals(run, 'docs/bbb.md'), REFUSED);
      untouched(page, before);
    }
  });

  it('a folder entry naming that page: the folder page is refused, and nothing is sent to it', async () => {
    const page = await othersPage();
    const ours = await cli.tree({
      'docs/index.md': '# Home\n',
      'docs/team-page/x.md': '# X\n\nx.\n',
      'docs/.wiki-pages.json': JSON.stringify({ version: 1, space: 'DOCS', parent: '123456', pages: { 'team-page/': { id: page.id, title: 'Team page' } } }),
    });
    const before = cli.world.sandbox.imports.length;
    const run = await runCli(['publish', 'docs', '--tree', ...FLAGS], { cwd: ours, env: cli.env() });
    assert.notEqual(run.code, 0, run.stdout);
    assert.match(run.stdout + run.stderr, REFUSED);
    assert.equal(cli.world.sandbox.pages().find((each) => each.id === page.id)?.markdown, page.text, 'the other team\'s page keeps its text');
    assert.ok(cli.world.sandbox.imports.slice(before).every((request) => (request.body as { parentId?: string }).parentId !== page.id), 'nothing went under it');
  });

  it('a --state entry from elsewhere: refused, though it says the page is as this file left it', async () => {
    const page = await othersPage();
    const ours = await cli.tree({ 'docs/bbb.md': '# Team page\n\nNot theirs either.\n' });
    await writeFile(join(ours, 'state.json'), JSON.stringify({
      version: 1,
      files: { 'docs/bbb.md': { spaceId: 'DOCS', parentId: '123456', pageTitle: 'Team page', pageId: page.id, version: 1, contentSha256: '00', fileTitle: 'Team page', publishedAt: 1 } },
    }));
    const before = cli.world.sandbox.imports.length;
    const run = await runCli(['publish', 'docs', ...FLAGS, '--state', 'state.json', '--json'], { cwd: ours, env: cli.env() });
    assert.notEqual(run.code, 0, run.stdout);
    assert.match(refusals(run, 'docs/bbb.md'), REFUSED);
    untouched(page, before);
  });

  it("a --state entry naming another file's page under another title or parent: the refusal alone, no rename or new page said", async () => {
    const page = await othersPage();
    // Under its own parent the page reads as this file's page renamed; under the other team's page as one moved.
    for (const [title, parent] of [['Beta', '123456'], ['Team page', page.id]] as const) {
      const ours = await cli.tree({ 'docs/bbb.md': `# ${title}\n\nNot theirs.\n` });
      const flags = ['--space', 'DOCS', '--parent', parent, '--state', 'state.json'];
      await writeFile(join(ours, 'state.json'), JSON.stringify({
        version: 1,
        files: { 'docs/bbb.md': { spaceId: 'DOCS', parentId: parent, pageTitle: title, pageId: page.id, version: 1, contentSha256: '00', fileTitle: title, publishedAt: 1 } },
      }));
      const before = cli.world.sandbox.imports.length;
      const sending = /renamed on the wiki|moved on the wiki|under "Documentation home"|published as a new page|--overwrite-edited|replaces version/;
      const text = await runCli(['publish', 'docs', ...flags], { cwd: ours, env: cli.env() });
      const line = text.stdout.split('\n').find((each) => each.includes('docs/bbb.md')) ?? '';
      assert.match(line, /^REFUSED .*publish notice says another file published it.*take the page over\.$/, `${title}: ${text.stdout}`);
      assert.doesNotMatch(line, sending, 'nothing was sent, renamed or moved: the page is another file\'s');
      const json = await runCli(['publish', 'docs', ...flags, '--json'], { cwd: ours, env: cli.env() });
      assert.deepEqual(record(json, 'docs/bbb.md')?.wikiEdits, { checked: true, verdict: 'notOurs', version: 1 }, json.stdout);
      assert.equal(record(json, 'docs/bbb.md')?.url, undefined, 'the other file\'s page is not this file\'s address');
      untouched(page, before);
      // The Markdown plan a reviewer reads: the row says the refusal alone, and no page is listed as edited on the wiki.
      const plan = await runCli(['plan', 'docs', ...flags], { cwd: ours, env: cli.env() });
      const row = plan.stdout.split('\n').find((each) => each.startsWith('| docs/bbb.md |')) ?? '';
      assert.match(row, /\| refused \| [^|]*publish notice says another file published it[^|]*take the page over\. \|$/, plan.stdout);
      assert.doesNotMatch(row, sending);
      assert.doesNotMatch(plan.stdout, /^- \*\*docs\/bbb\.md\*\*/m, 'not listed among the pages edited on the wiki');
    }
  });

  it('a flat publish whose .wiki-pages.json entry names a page without this file\'s notice: refused in the entry\'s words, as a tree says them', async () => {
    // Another team's page made on the wiki (no publish notice), which the entry names for setup.md.
    const theirs = cli.world.sandbox.createPageOnWiki('ENG', '234567', 'Their setup', 'Theirs\n');
    const manifest = JSON.stringify({ version: 1, space: 'ENG', parent: '234567', pages: { 'setup.md': { id: theirs.id, title: 'Their setup' } } }, null, 2);
    // Without front matter the file's title is not the entry's: it was asked as a retitle "since it last published there".
    for (const frontMatter of ['', '---\nwiki:\n  pageTitle: Their setup\n---\n']) {
      const ours = await cli.tree({ 'docs/guide/setup.md': `${frontMatter}# Setup\n\nOurs.\n`, 'docs/guide/.wiki-pages.json': `${manifest}\n` });
      const before = cli.world.sandbox.imports.length;
      for (const dryRun of [['--dry-run'], []]) {
        const run = await runCli(['publish', 'docs/guide/setup.md', ...FLAGS, '--overwrite', ...dryRun], { cwd: ours, env: cli.env() });
        assert.equal(run.code, 1, run.stdout + run.stderr);
        const line = run.stdout.split('\n').find((each) => each.includes('docs/guide/setup.md')) ?? '';
        assert.match(line, new RegExp(`REFUSED? +docs/guide/setup\\.md .*: docs/guide/\\.wiki-pages\\.json:6 records page ${theirs.id} for "setup\\.md", but no version of that page carries this file's publish notice.*correct it or remove it`), `${frontMatter}: ${run.stdout}`);
        assert.doesNotMatch(line, /--state|state file|Its title is now|last published|replaces version|\(wiki checked/, 'no --state was given, the file never published there, and nothing is replaced');
      }
      assert.equal(cli.world.sandbox.imports.length, before, 'nothing was sent');
    }
  });

  it('a file retitled here whose --state record names its own page is still asked about the title, with page access', async () => {
    const ours = await cli.tree({ 'docs/alpha.md': '# Alpha\n\nA.\n' });
    assert.equal((await runCli(['publish', 'docs', ...FLAGS, '--state', 's.json'], { cwd: ours, env: cli.env() })).code, 0);
    await writeTree(ours, { 'docs/alpha.md': '# Alpha renamed\n\nA.\n' });
    const run = await runCli(['publish', 'docs', ...FLAGS, '--state', 's.json', '--dry-run'], { cwd: ours, env: cli.env() });
    assert.match(run.stdout, /^WOULD REFUSE docs\/alpha\.md -> "Alpha" .*: Its title is now "Alpha renamed" but it last published to "Alpha": name the page in its front matter/m, run.stdout);
  });

  it('a file renamed in the repository, its title kept, still updates its own page; so does one published from another folder', async () => {
    const root = await cli.tree({ 'docs/old.md': '# Kept\n\nOne.\n', 'docs/index.md': '# Home\n' });
    const first = await runCli(['publish', 'docs', '--tree', ...FLAGS], { cwd: root, env: cli.env() });
    assert.equal(first.code, 0, `${first.stdout}\n${first.stderr}`);
    const kept = cli.world.sandbox.findPageByTitle('DOCS', '123456', 'Kept');
    assert.ok(kept);
    await writeTree(root, { 'docs/new.md': '# Kept\n\nTwo.\n' });
    await rm(join(root, 'docs/old.md'));
    const renamed = await runCli(['publish', 'docs', '--tree', ...FLAGS, '--json'], { cwd: root, env: cli.env() });
    assert.equal(renamed.code, 0, `${renamed.stdout}\n${renamed.stderr}`);
    assert.equal(record(renamed, 'docs/new.md')?.status, 'published', renamed.stdout);
    assert.match(cli.world.sandbox.pages().find((each) => each.id === kept.id)?.markdown ?? '', /Two\./);
    // The same tree published from its docs folder: labels there are `new.md`, the notice says `docs/new.md`.
    await writeTree(root, { 'docs/new.md': '# Kept\n\nThree.\n' });
    const inFolder = await runCli(['publish', '.', '--tree', ...FLAGS, '--json'], { cwd: join(root, 'docs'), env: cli.env() });
    assert.equal(inFolder.code, 0, `${inFolder.stdout}\n${inFolder.stderr}`);
    assert.match(cli.world.sandbox.pages().find((each) => each.id === kept.id)?.markdown ?? '', /Three\./);
  });
});
