// The Problems panel as VS Code shows it (issue 83): a docs tree published to the sandbox wiki as the editor publishes
// it, then its page opened, edited, its linked files changed on disk and closed, with the workspace's events fired as
// VS Code fires them; what the diagnostic collection holds is what the Problems panel lists. And the registration:
// nothing loads while wikiPublisher.diagnostics is off, turning it off empties the panel, a Markdown document open at
// start-up is checked once start-up is over.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { GlobalStateLinkStore } from '../../src/editor/publish/pageLinks';
import { MemoryLogger } from '../fakes/memoryLogger';
import { MemoryMemento } from '../fakes/memoryMemento';
import { loadEditorTreeTools, publishTreeAsEditor, type EditorTreeTools } from '../support/editorTreePublish';
import {
  addEditorEvents, EditableDocument, until, type FakeCodeAction, type FakeDiagnostic, type FakeDiagnosticCollection, type FakeEditorEvents,
} from '../support/fakeEditorEvents';
import { EditorUri, installEditorVscode, type FakeEditor } from '../support/fakeEditorWorkspace';
import { useSignedInWorld } from '../support/signedInWorld';

type Diagnostics = typeof import('../../src/editor/diagnostics/linkDiagnostics').LinkDiagnostics;
type Host = typeof import('../../src/editor/diagnostics/diagnosticsHost').DiagnosticsHost;
type FixProvider = import('../../src/editor/diagnostics/linkFixProvider').LinkFixProvider;

const INDEX = [
  '# Overview',
  '',
  'Start with [setup](guide/setup.md), then [install](guide/instal.md) and [the news](news.md).',
  'Read [the details](#overview-detail).',
  '',
  '## Overview details',
  '',
].join('\n');

const TREE: Record<string, string> = {
  'docs/index.md': INDEX,
  'docs/guide/setup.md': '# Setup\n\nRun it.\n',
  'docs/guide/install.md': '# Install\n\nFirst this.\n',
};

describe('the Problems panel as VS Code shows it, against the sandbox wiki', () => {
  const signedIn = useSignedInWorld();
  const fakeEditor: FakeEditor = { folder: '', settings: {}, documents: [] };
  let restore: () => void = () => undefined;
  let events: FakeEditorEvents;
  let LinkDiagnostics: Diagnostics;
  let DiagnosticsHost: Host;
  let tools: EditorTreeTools;
  let links: GlobalStateLinkStore;
  const log = new MemoryLogger();
  const deps = () => ({ links, log, wiki: { baseUrl: () => signedIn.world.sandbox.baseUrl, pages: async () => undefined } });
  const at = (path: string): string => join(fakeEditor.folder, path);
  const disposables: Array<{ dispose(): void }> = [];

  before(async () => {
    restore = installEditorVscode(fakeEditor);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the fake installed above, as the editor's modules get it
    events = addEditorEvents(require('vscode') as Record<string, unknown>);
    tools = await loadEditorTreeTools();
    const [diagnostics, host, pageLinks] = await Promise.all([
      import('../../src/editor/diagnostics/linkDiagnostics'), import('../../src/editor/diagnostics/diagnosticsHost'), import('../../src/editor/publish/pageLinks'),
    ]);
    LinkDiagnostics = diagnostics.LinkDiagnostics;
    DiagnosticsHost = host.DiagnosticsHost;
    links = new pageLinks.GlobalStateLinkStore(new MemoryMemento() as never);
  });
  after(() => restore());
  beforeEach(async () => {
    fakeEditor.folder = await mkdtemp(join(tmpdir(), 'wiki-publisher-panel-'));
    fakeEditor.documents = [];
    fakeEditor.settings = {};
    events.collections.length = 0;
    await write(TREE);
    await publishTreeAsEditor(tools, signedIn, { links, deps: deps() }, new EditorUri(at('docs')));
  });
  afterEach(async () => {
    for (const disposable of disposables.splice(0)) disposable.dispose();
    await rm(fakeEditor.folder, { recursive: true, force: true });
  });

  async function write(files: Record<string, string>): Promise<void> {
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(at(path)), { recursive: true });
      await writeFile(at(path), text);
    }
  }

  function panel(): FakeDiagnosticCollection {
    const collection = events.collections.find((each) => each.name === 'wikiPublisher.links' && !each.disposed);
    assert.ok(collection, 'the Problems panel\'s collection is there');
    return collection;
  }
  const listed = (document: EditableDocument): string[] =>
    (panel().entries.get(document.uri.toString()) ?? []).map((diagnostic) => document.getText(diagnostic.range)).sort();

  function open(path: string, text: string): EditableDocument {
    const document = new EditableDocument(at(path), text);
    fakeEditor.documents = [...fakeEditor.documents, document];
    events.opened.fire(document);
    return document;
  }

  it('an open page lists its links that will not work, follows the typing and the disk, offers the nearest heading, and is gone when closed', async () => {
    disposables.push(new LinkDiagnostics(deps()));
    const document = open('docs/index.md', INDEX);
    await until(() => panel().entries.has(document.uri.toString()));
    assert.deepEqual(listed(document), ['#overview-detail', 'guide/instal.md', 'news.md']);
    for (const diagnostic of panel().entries.get(document.uri.toString()) ?? []) {
      assert.equal(diagnostic.source, 'Wiki Publisher');
      assert.equal(diagnostic.severity, 1, `${diagnostic.message} is a warning`);
    }
    assert.ok(panel().entries.get(document.uri.toString())?.some((diagnostic) => /will not work on the wiki/.test(diagnostic.message)));

    // Typed, not saved: the fixed link leaves the panel after the pause.
    // (The fake's diagnostics keep their ranges through an edit, VS Code's move with it: wait for the new ones.)
    let shown = panel().entries.get(document.uri.toString());
    document.setText(INDEX.replace('guide/instal.md', 'guide/install.md'));
    events.changed.fire({ document, contentChanges: [{}] });
    await until(() => panel().entries.get(document.uri.toString()) !== shown);
    assert.deepEqual(listed(document), ['#overview-detail', 'news.md']);

    // The quick fix on the heading that is not there: the nearest heading's anchor.
    const provider = events.codeActionProviders[0] as FixProvider;
    const heading = panel().entries.get(document.uri.toString())?.find((diagnostic) => document.getText(diagnostic.range) === '#overview-detail') as FakeDiagnostic;
    const actions = await provider.provideCodeActions(document as never, heading.range as never, { diagnostics: [heading] } as never) as unknown as FakeCodeAction[];
    assert.deepEqual(actions.map((action) => action.edit?.replaced.map((edit) => edit.text)), [['#overview-details']]);

    // The file a link names appears on disk: the tree's next publish creates its page, so the link is no problem.
    shown = panel().entries.get(document.uri.toString());
    await write({ 'docs/news.md': '# News\n' });
    events.watched.created.fire(new EditorUri(at('docs/news.md')));
    await until(() => panel().entries.get(document.uri.toString()) !== shown);
    assert.deepEqual(listed(document), ['#overview-detail']);

    events.closed.fire(document);
    assert.equal(panel().entries.has(document.uri.toString()), false);
  });

  it('off, nothing loads; turned on with a Markdown document open, it is checked; turned off, the panel is emptied', async () => {
    fakeEditor.settings['wikiPublisher.diagnostics'] = false;
    let built = 0;
    const host = new DiagnosticsHost(() => {
      built++;
      return new LinkDiagnostics(deps());
    });
    disposables.push(host);
    const document = open('docs/index.md', INDEX);
    events.configuration.fire({ affectsConfiguration: (section) => section === 'files.exclude' });
    assert.equal(built, 0);
    assert.equal(events.collections.length, 0, 'no collection is made while the setting is off');

    fakeEditor.settings['wikiPublisher.diagnostics'] = true;
    events.configuration.fire({ affectsConfiguration: (section) => section === 'wikiPublisher.diagnostics' });
    assert.equal(built, 1);
    await until(() => panel().entries.has(document.uri.toString()));
    assert.deepEqual(listed(document), ['#overview-detail', 'guide/instal.md', 'news.md']);
    const collection = panel();

    fakeEditor.settings['wikiPublisher.diagnostics'] = false;
    events.configuration.fire({ affectsConfiguration: (section) => section === 'wikiPublisher.diagnostics' });
    assert.equal(collection.disposed, true);
    assert.equal(collection.entries.size, 0);
    assert.equal(events.codeActionProviders.length, 0, 'the quick fixes are unregistered');
  });

  it('a Markdown document open at start-up is checked once start-up is over, with no event', async () => {
    const document = new EditableDocument(at('docs/index.md'), INDEX);
    fakeEditor.documents = [document];
    let built = 0;
    disposables.push(new DiagnosticsHost(() => {
      built++;
      return new LinkDiagnostics(deps());
    }));
    assert.equal(built, 0, 'nothing is loaded during activation');
    await until(() => built === 1 && panel().entries.has(document.uri.toString()));
    assert.deepEqual(listed(document), ['#overview-detail', 'guide/instal.md', 'news.md']);
  });
});
