// A page tree's file, after Pull brought in a colleague's change of the page's first heading (issue 83). A tree page's
// title is its file's own (front matter, else first heading), and the importer finds a page by its title: the pulled
// heading, committed, made the next tree publish (a teammate's, CI's) create a second page and leave the old one
// holding the colleague's text. Pull now names the page's title in the file's front matter (wiki.pageTitle), which
// the tree honours: the built CLI updates the same page, under its title, with the colleague's heading on it.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { exportPageMarkdown } from '../../src/core/export';
import { createUndiciTransport } from '../../src/core/http/undiciTransport';
import { captureBase, MemoryPullBaseStore, pullPage } from '../../src/core/pull';
import { createWikiPagesClient } from '../../src/core/wikiPages';
import { runCli, useCliWorld } from './cliHarness';

const TO = ['--tree', '--space', 'DOCS', '--parent', '123456'];

describe('CLI --tree, a file after Pull brought in a change of its page\'s first heading', () => {
  const cli = useCliWorld();

  it('updates the same page under its title: no second page, no retitle', async () => {
    const root = await cli.tree({ 'docs/index.md': '# Docs\n\nStart here.\n', 'docs/notes.md': '# Release notes\n\nWhat changed.\n' });
    const first = await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() });
    assert.equal(first.code, 0, `${first.stdout}\n${first.stderr}`);
    const notes = cli.world.sandbox.pages().find((page) => page.title === 'Release notes' && !page.deleted);
    assert.ok(notes);

    // The editor's Pull, as its core runs it: the base kept after the publish, the colleague's heading, the merge.
    const transport = createUndiciTransport();
    try {
      const pages = createWikiPagesClient({ baseUrl: cli.world.sandbox.baseUrl, transport, getAccessToken: async () => cli.platformToken });
      const exportMarkdown = async (pageId: string): Promise<string> => (await exportPageMarkdown({
        apiUrl: cli.world.sandbox.exportApiUrl, pageId, transport, getAccessToken: async () => cli.platformToken,
      })).markdown;
      const link = { spaceId: 'DOCS', parentId: notes.parentId as string, pageTitle: 'Release notes', pageId: notes.id, version: notes.version, publishedAt: Date.now() };
      const bases = new MemoryPullBaseStore();
      assert.equal((await captureBase('notes', link, { pages, exportMarkdown, store: bases, now: Date.now() })).kind, 'kept');
      cli.world.sandbox.editPageOnWiki(notes.id, notes.markdown.replace('# Release notes', '# Release notes for 2.0'));
      const file = join(root, 'docs', 'notes.md');
      const pulled = await pullPage({ ours: await readFile(file, 'utf8'), link, base: await bases.get('notes'), pages, exportMarkdown, fileLabel: 'docs/notes.md' });
      assert.equal(pulled.kind, 'merged');
      assert.ok(pulled.kind === 'merged');
      assert.deepEqual(pulled.titleKept, { pageTitle: 'Release notes', fileTitle: 'Release notes for 2.0' });
      await writeFile(file, pulled.text);
    } finally {
      await transport.close();
    }

    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run', '--overwrite-edited'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 0, `${dry.stdout}\n${dry.stderr}`);
    assert.doesNotMatch(dry.stdout, /retitled/);
    assert.match(dry.stdout, /^would update docs\/notes\.md -> "Release notes" /m, dry.stdout);
    // The edit guard lets the publish through: the colleague's version is in the file.
    const run = await runCli(['publish', 'docs', ...TO, '--overwrite-edited'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    const titled = cli.world.sandbox.pages().filter((page) => page.title.startsWith('Release notes') && !page.deleted);
    assert.deepEqual(titled.map((page) => [page.id, page.title]), [[notes.id, 'Release notes']], 'one page, the same, under its title');
    assert.match(titled[0]?.markdown ?? '', /^# Release notes for 2\.0$/m);
  });
});
