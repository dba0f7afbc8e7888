// Open Wiki Page as Markdown on a page the workspace already has a file of offers that file, not a second copy (issue
// 83). A docs tree published to the sandbox wiki (its .wiki-pages.json written as pages land) and a file published on
// its own (linked on this machine): each page's file is found, a folder page's by its README, a file gone from disk is
// not offered; the command offers Open and Open and Pull, and reads nothing from the wiki for it.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { planFile } from '../../src/core/run/plan';
import { linkAfterPublish } from '../../src/core/run/publishedLink';
import { heldContent } from '../../src/core/run/plannedContent';
import { ThrottleGate } from '../../src/core/run/runner';
import { sendPlanned } from '../../src/core/run/send';
import { identifyPage, withIdentity } from '../../src/core/links/pageIdentity';
import { GlobalStateLinkStore } from '../../src/editor/publish/pageLinks';
import { MemoryLogger } from '../fakes/memoryLogger';
import { MemoryMemento } from '../fakes/memoryMemento';
import { systemClock } from '../../src/core/ports';
import { loadEditorTreeTools, publishTreeAsEditor, type EditorTreeTools } from '../support/editorTreePublish';
import { EditorUri, fakeUi, installEditorVscode, type FakeEditor } from '../support/fakeEditorWorkspace';
import { useSignedInWorld } from '../support/signedInWorld';

type FilesOfPage = typeof import('../../src/editor/wikiPages/trackedFiles').filesOfPage;
type OpenFromWiki = typeof import('../../src/editor/commands/openFromWiki').OpenFromWikiCommand;
type WikiAccessClass = typeof import('../../src/editor/wiki/wikiAccess').WikiAccess;

const FILES: Record<string, string> = {
  'docs/index.md': '# Overview\n\nStart with [the guide](guide/).\n',
  'docs/guide/README.md': '# Guide\n\nThe guide.\n',
  'docs/guide/setup.md': '# Setup\n',
  'docs/api/calls.md': '# Calls\n',
  'notes.md': '# Notes\n\nMine.\n',
};

describe('Open Wiki Page as Markdown offers the file the workspace already has of the page', () => {
  const signedIn = useSignedInWorld();
  const fakeEditor: FakeEditor = { folder: '', settings: {}, documents: [] };
  let restore: () => void = () => undefined;
  let tools: EditorTreeTools;
  let filesOfPage: FilesOfPage;
  let OpenFromWikiCommand: OpenFromWiki;
  let WikiAccess: WikiAccessClass;
  let links: GlobalStateLinkStore;
  const at = (path: string): string => join(fakeEditor.folder, path);
  const keyOf = (path: string): string => new EditorUri(at(path)).toString();
  const idOf = (title: string): string => {
    const page = signedIn.world.sandbox.pages().find((each) => each.title === title && !each.deleted);
    assert.ok(page, `"${title}" is on the wiki`);
    return page.id;
  };
  const filesOf = async (pageId: string): Promise<string[]> => (await filesOfPage(pageId, links, new AbortController().signal)).map((uri) => uri.toString());

  before(async () => {
    restore = installEditorVscode(fakeEditor);
    tools = await loadEditorTreeTools();
    filesOfPage = (await import('../../src/editor/wikiPages/trackedFiles')).filesOfPage;
    OpenFromWikiCommand = (await import('../../src/editor/commands/openFromWiki')).OpenFromWikiCommand;
    WikiAccess = (await import('../../src/editor/wiki/wikiAccess')).WikiAccess;
  });
  after(() => restore());
  beforeEach(async () => {
    fakeEditor.folder = await mkdtemp(join(tmpdir(), 'wiki-publisher-open-'));
    fakeEditor.ui = fakeUi();
    links = new GlobalStateLinkStore(new MemoryMemento() as never);
    for (const [path, text] of Object.entries(FILES)) {
      await mkdir(dirname(at(path)), { recursive: true });
      await writeFile(at(path), text);
    }
    // The tree by a teammate: its manifest records the pages, and this machine has no link of them.
    await publishTreeAsEditor(tools, signedIn, { links: new GlobalStateLinkStore(new MemoryMemento() as never), deps: { links, log: new MemoryLogger(), wiki: { baseUrl: () => signedIn.world.sandbox.baseUrl, pages: async () => undefined } } }, new EditorUri(at('docs')));
    // Notes published here on its own, its page's ID learnt as a signed-in publish learns it.
    const item = planFile({ key: keyOf('notes.md'), label: 'notes.md', text: FILES['notes.md'] ?? '' }, undefined, { titleFromFile: true, defaults: { spaceId: 'DOCS', parentId: '123456', overwrite: true } });
    assert.ok(item.complete);
    const outcome = await sendPlanned(item, item.complete, { signal: new AbortController().signal, gate: new ThrottleGate(), content: heldContent(item) }, {
      endpoint: new URL(signedIn.world.sandbox.importEndpoint), token: signedIn.apiToken, transport: signedIn.transport, deadlineMs: 10_000,
    });
    assert.ok(outcome.kind === 'created', outcome.message);
    const identity = await identifyPage(signedIn.pages, item.complete);
    assert.ok(identity);
    await links.set(keyOf('notes.md'), withIdentity(linkAfterPublish(item, item.complete, Date.now(), 'created'), identity));
  });
  afterEach(async () => {
    await rm(fakeEditor.folder, { recursive: true, force: true });
  });

  it('finds a page\'s file by this machine\'s link or by the repository\'s record; a folder page by its README; nothing for another page', async () => {
    assert.deepEqual(await filesOf(idOf('Setup')), [keyOf('docs/guide/setup.md')]);
    assert.deepEqual(await filesOf(idOf('Guide')), [keyOf('docs/guide/README.md')]);
    assert.deepEqual(await filesOf(idOf('Notes')), [keyOf('notes.md')]);
    // A folder page that lists its children has no file to open.
    assert.deepEqual(await filesOf(idOf('Api')), []);
    assert.deepEqual(await filesOf('123456'), []);
    // Linked here and recorded by the repository: offered once.
    await links.set(keyOf('docs/guide/setup.md'), { spaceId: 'DOCS', parentId: '1', pageTitle: 'Setup', pageId: idOf('Setup'), publishedAt: Date.now() });
    assert.deepEqual(await filesOf(idOf('Setup')), [keyOf('docs/guide/setup.md')]);
    // A file deleted outside VS Code keeps its link until the window hears of it: it is not offered.
    await unlink(at('notes.md'));
    assert.deepEqual(await filesOf(idOf('Notes')), []);
  });

  it('the command offers the file, opens it and pulls when asked, and exports nothing; a page with no file goes on to its export', async () => {
    const ui = fakeEditor.ui ?? fakeUi();
    // Signed in as far as the command asks; nothing is read from the wiki for a page the workspace has.
    const wiki = new WikiAccess({ session: { storedSession: async () => ({}) } as never, transport: () => signedIn.transport });
    const log = new MemoryLogger();
    const command = new OpenFromWikiCommand({ wiki, links, clock: systemClock, log });
    const setupId = idOf('Setup');
    ui.inputBox = `${signedIn.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${setupId}/Setup`;
    ui.button = (items) => items.find((item) => item === 'Open and Pull');
    ui.runs = (title) => !title.startsWith('Exporting');
    await command.execute();
    assert.deepEqual(log.lines, []);
    assert.deepEqual(ui.messages.map((shown) => [shown.message, shown.items]), [[`Page ${setupId} is already docs/guide/setup.md in this workspace.`, ['Open docs/guide/setup.md', 'Open and Pull']]]);
    assert.deepEqual(ui.shown, [keyOf('docs/guide/setup.md')]);
    assert.deepEqual(ui.commands, [`wikiPublisher.pull ${keyOf('docs/guide/setup.md')}`]);
    assert.ok(!ui.progress.some((title) => title.startsWith('Exporting')), ui.progress.join(', '));
    // Open alone: the file, no pull.
    Object.assign(ui, fakeUi(), { inputBox: setupId, button: (items: readonly string[]) => items[0], runs: ui.runs });
    await command.execute();
    assert.deepEqual([ui.shown, ui.commands], [[keyOf('docs/guide/setup.md')], []]);
    // A page the workspace has no file of is exported as before.
    Object.assign(ui, fakeUi(), { inputBox: '123456', runs: ui.runs });
    await command.execute();
    assert.ok(!ui.messages.some((shown) => shown.message.includes('already')), 'no file offered');
    assert.deepEqual(ui.progress, ['Looking for page 123456 in the workspace...', 'Exporting page 123456 from the wiki...']);
  });
});
