// The editor's Compare with Wiki Page (issue 83) against the sandbox wiki, on a workspace on disk, with VS Code played
// by test/support/fakeEditorVscode.ts: a page full of links to other files' pages and to its own headings, which the
// publish sent as the wiki's page addresses and anchors, is shown with those written back as the file writes its
// links (Pull's own rewrite, core/pull/fileForms.ts), so only the colleague's line differs from the file; Show Raw
// Wiki Page, offered on that diff's title, shows the export as it came.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type * as vscode from 'vscode';
import { lineKey, MemoryPullBaseStore, splitLeadingFrontMatter } from '../../src/core/pull';
import type { ExportSessionService } from '../../src/editor/auth/exportSessionService';
import type { RecentTargets } from '../../src/editor/publish/recentTargets';
import { MemoryLogger } from '../fakes/memoryLogger';
import { MemoryMemento } from '../fakes/memoryMemento';
import { installEditorVscode, Uri, type FakeEditor } from '../support/fakeEditorVscode';
import { colleagueEdits, publishForPull } from '../support/pullHarness';
import { useSignedInWorld } from '../support/signedInWorld';

const DEFAULTS = { spaceId: 'DOCS', parentId: '123456', overwrite: true };
const GUIDE = '# Guide\n\n## Install\n\nRun the installer.\n\n## Upgrade\n\n## Install\n\nRun it again.\n';
const SETUP = '# Setup\n\nSet it up.\n';
const INDEX = [
  '# Overview', '', '- [The guide](guide.md)', '- [Install it](guide.md#install)', '- [Install again](guide.md#install-1)', '- [Set it up](setup.md)', '- [Back to the top](#overview)', '',
  'Read [the guide](guide.md) first, then [set it up](setup.md#setup).', '', 'A line a colleague will change.', '',
].join('\n');

describe('the editor\'s Compare with Wiki Page against the sandbox wiki: the page in the file\'s own links, the raw page one click away', () => {
  const signedIn = useSignedInWorld();
  let folder: string;
  let fake: FakeEditor;
  let editor: {
    CompareWithWikiCommand: typeof import('../../src/editor/commands/compareWithWiki').CompareWithWikiCommand;
    ShowRawWikiPageCommand: typeof import('../../src/editor/commands/showRawWikiPage').ShowRawWikiPageCommand;
    WikiPageContentProvider: typeof import('../../src/editor/wiki/pageContentProvider').WikiPageContentProvider;
    GlobalStateLinkStore: typeof import('../../src/editor/publish/pageLinks').GlobalStateLinkStore;
    WikiAccess: typeof import('../../src/editor/wiki/wikiAccess').WikiAccess;
  };

  before(async () => {
    folder = await mkdtemp(join(tmpdir(), 'wiki-publisher-compare-command-'));
    fake = installEditorVscode(folder);
    const [compare, raw, provider, pageLinks, wikiAccess] = await Promise.all([
      import('../../src/editor/commands/compareWithWiki'), import('../../src/editor/commands/showRawWikiPage'), import('../../src/editor/wiki/pageContentProvider'),
      import('../../src/editor/publish/pageLinks'), import('../../src/editor/wiki/wikiAccess'),
    ]);
    editor = {
      CompareWithWikiCommand: compare.CompareWithWikiCommand, ShowRawWikiPageCommand: raw.ShowRawWikiPageCommand, WikiPageContentProvider: provider.WikiPageContentProvider,
      GlobalStateLinkStore: pageLinks.GlobalStateLinkStore, WikiAccess: wikiAccess.WikiAccess,
    };
  });
  after(async () => {
    fake.uninstall();
    await rm(folder, { recursive: true, force: true });
  });

  for (const style of ['stored', 'converted'] as const) {
    it(`shows a page full of links with the file's own links, so only the colleague's line differs (${style} export); Show Raw Wiki Page shows the addresses`, async () => {
      signedIn.world.sandbox.setExportStyle(style);
      fake.settings = { 'wikiPublisher.baseUrl': signedIn.world.sandbox.baseUrl, 'wikiPublisher.export.apiUrl': signedIn.world.sandbox.exportApiUrl };
      fake.diffs.length = 0;
      const docs = join(folder, style);
      const links = new editor.GlobalStateLinkStore(new MemoryMemento() as unknown as vscode.Memento);
      const bases = new MemoryPullBaseStore();
      const keyOf = (name: string): string => Uri.file(join(docs, name)).toString();
      const ids = new Map<string, string>();
      // The guide and the setup published first (flat, titled by their headings), then the overview linking to them.
      for (const [name, text] of [['guide.md', GUIDE], ['setup.md', SETUP]] as const) {
        await writeAt(join(docs, name), text);
        const { link } = await publishForPull(signedIn, bases, { key: keyOf(name), label: `${style}/${name}`, text, link: undefined, options: { defaults: DEFAULTS, titleFromFile: true } });
        await links.set(keyOf(name), link);
        ids.set(name, link.pageId as string);
      }
      const address = (name: string, title: string): string => `${signedIn.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${ids.get(name) as string}/${title}`;
      // What the publish sent: each link to a file as its page's address, each anchor in the wiki's form.
      const sent = (content: string): string => content
        .replaceAll('(guide.md#install)', `(${address('guide.md', 'Guide')}#Install)`).replaceAll('(guide.md#install-1)', `(${address('guide.md', 'Guide')}#Install.1)`).replaceAll('(guide.md)', `(${address('guide.md', 'Guide')})`)
        .replaceAll('(setup.md#setup)', `(${address('setup.md', 'Setup')}#Setup)`).replaceAll('(setup.md)', `(${address('setup.md', 'Setup')})`)
        .replaceAll('(#overview)', '(#Overview)');
      await writeAt(join(docs, 'index.md'), INDEX);
      const index = await publishForPull(signedIn, bases, { key: keyOf('index.md'), label: `${style}/index.md`, text: INDEX, link: undefined, sent, options: { defaults: DEFAULTS, titleFromFile: true } });
      await links.set(keyOf('index.md'), index.link);
      assert.match(signedIn.world.sandbox.pages().find((page) => page.id === index.link.pageId)?.markdown ?? '', /\/wiki\/spaces\/DOCS\/pages\/\d+\/Guide#Install\)/);
      colleagueEdits(signedIn, index.link.pageId as string, (stored) => stored.replace('A line a colleague will change.', 'A line a colleague changed.'));

      const session = { storedSession: async () => ({}), accessToken: async () => signedIn.accessToken, refreshNowQuietly: async () => undefined, signInRevoked: async () => false };
      const wiki = new editor.WikiAccess({ session: session as unknown as ExportSessionService, transport: () => signedIn.transport });
      const pages = new editor.WikiPageContentProvider();
      // Recent places are asked only for a file with no page: these files all have theirs. Pull's bases tell which
      // anchor a link to the repeated heading went out as (`#install-1` as `#Install.1`).
      const compare = new editor.CompareWithWikiCommand({ wiki, links, recent: {} as RecentTargets, pages, log: new MemoryLogger(), bases });
      await compare.execute(Uri.file(join(docs, 'index.md')));
      const [shown] = fake.diffs;
      assert.ok(shown, 'the diff editor opened');
      assert.equal(shown.right.toString(), keyOf('index.md'));
      const wikiSide = pages.provideTextDocumentContent(shown.left as unknown as vscode.Uri);
      const expected = splitLeadingFrontMatter(INDEX).body.replace('A line a colleague will change.', 'A line a colleague changed.');
      if (style === 'stored') assert.equal(wikiSide, expected);
      // The export writes its own style (`*` bullets, blank lines): compared past it, as Pull compares, only the
      // colleague's line differs, and no link line holds a page address.
      const lines = (text: string): string[] => text.split('\n').filter((line) => line.trim() !== '').map(lineKey);
      assert.deepEqual(lines(wikiSide), lines(expected));
      assert.doesNotMatch(wikiSide, /\/wiki\/spaces\//);
      assert.equal(fake.contexts.get('wikiPublisher.wikiPageDiff'), 'asFile', 'the diff\'s title offers the raw page');

      await new editor.ShowRawWikiPageCommand(pages).execute();
      const raw = fake.diffs[1];
      assert.ok(raw, 'the raw page opened in a second diff');
      assert.equal(raw.right.toString(), keyOf('index.md'));
      assert.match(raw.title, /\(wiki, raw\)/);
      const rawSide = pages.provideTextDocumentContent(raw.left as unknown as vscode.Uri);
      assert.match(rawSide, new RegExp(`\\(${address('guide.md', 'Guide').replace(/[.]/g, '\\.')}#Install\\)`));
      assert.match(rawSide, /A line a colleague changed\./);
      assert.equal(fake.contexts.get('wikiPublisher.wikiPageDiff'), 'raw');
      pages.dispose();
    });
  }
});

async function writeAt(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}
