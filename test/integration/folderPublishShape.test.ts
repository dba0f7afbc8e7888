// Republishing a folder the repository records as a page tree publishes it as that tree, without asking "tree or flat"
// (issue 83): a docs folder published as a tree to the sandbox wiki (its .wiki-pages.json written as pages land), then
// published again from the Explorer; a folder of it that the tree records, too; any other folder asks.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { GlobalStateLinkStore } from '../../src/editor/publish/pageLinks';
import { MemoryLogger } from '../fakes/memoryLogger';
import { MemoryMemento } from '../fakes/memoryMemento';
import { loadEditorTreeTools, publishTreeAsEditor, type EditorTreeTools } from '../support/editorTreePublish';
import { EditorUri, installEditorVscode, type FakeEditor } from '../support/fakeEditorWorkspace';
import { useSignedInWorld } from '../support/signedInWorld';

type FolderShape = typeof import('../../src/editor/publish/treeOrFlat').folderShape;

const FILES: Record<string, string> = {
  'docs/index.md': '# Overview\n\nStart with [the guide](guide/setup.md).\n',
  'docs/guide/setup.md': '# Setup\n',
  'notes/todo.md': '# To do\n',
};

describe('a recorded page tree is published again as that tree, unasked', () => {
  const signedIn = useSignedInWorld();
  const fakeEditor: FakeEditor = { folder: '', settings: {}, documents: [] };
  let restore: () => void = () => undefined;
  let tools: EditorTreeTools;
  let folderShape: FolderShape;
  let links: GlobalStateLinkStore;
  /** The folders the tree-or-flat question was asked for; it answers flat. */
  const asked: string[] = [];
  const ask = async (folder: EditorUri): Promise<'flat'> => {
    asked.push(folder.path.slice(fakeEditor.folder.length + 1));
    return 'flat';
  };
  const shapeOf = (path: string) => folderShape(new EditorUri(join(fakeEditor.folder, path)) as never, ask as never);
  const publish = (path: string) => publishTreeAsEditor(tools, signedIn, { links, deps: { links, log: new MemoryLogger(), wiki: { baseUrl: () => signedIn.world.sandbox.baseUrl, pages: async () => undefined } } }, new EditorUri(join(fakeEditor.folder, path)));

  before(async () => {
    restore = installEditorVscode(fakeEditor);
    tools = await loadEditorTreeTools();
    folderShape = (await import('../../src/editor/publish/treeOrFlat')).folderShape;
  });
  after(() => restore());
  beforeEach(async () => {
    fakeEditor.folder = await mkdtemp(join(tmpdir(), 'wiki-publisher-shape-'));
    links = new GlobalStateLinkStore(new MemoryMemento() as never);
    asked.length = 0;
    for (const [path, text] of Object.entries(FILES)) {
      await mkdir(dirname(join(fakeEditor.folder, path)), { recursive: true });
      await writeFile(join(fakeEditor.folder, path), text);
    }
  });
  afterEach(async () => {
    await rm(fakeEditor.folder, { recursive: true, force: true });
  });

  it('a folder never published asks; once published as a tree, it and its recorded folders go as the tree, unasked', async () => {
    assert.equal(await shapeOf('docs'), 'flat');
    assert.deepEqual(asked, ['docs']);
    const { results } = await publish('docs');
    assert.ok(results.every((result) => result.state === 'published'), results.map((result) => `${result.key} ${result.state}`).join(', '));
    asked.length = 0;
    assert.equal(await shapeOf('docs'), 'tree');
    // A folder of the tree: its page is recorded in the .wiki-pages.json above it, so it is a part of that tree.
    assert.equal(await shapeOf('docs/guide'), 'tree');
    assert.deepEqual(asked, [], 'no question for a recorded tree');
    // Another folder of the workspace, and a new folder in the tree that no record names yet, still ask.
    await mkdir(join(fakeEditor.folder, 'docs', 'drafts'));
    await writeFile(join(fakeEditor.folder, 'docs', 'drafts', 'plan.md'), '# Plan\n');
    assert.equal(await shapeOf('notes'), 'flat');
    assert.equal(await shapeOf('docs/drafts'), 'flat');
    assert.deepEqual(asked, ['notes', 'docs/drafts']);
    // Published again, as the tree the question would have chosen: the same pages, updated in place.
    await writeFile(join(fakeEditor.folder, 'docs', 'guide', 'setup.md'), '# Setup\n\nRevised.\n');
    const before = signedIn.world.sandbox.pages().length;
    const again = await publish('docs');
    assert.ok(again.results.some((result) => result.key === 'guide/setup.md' && result.state === 'published'));
    assert.equal(signedIn.world.sandbox.pages().filter((page) => !page.deleted).length, before + 1, 'only the new drafts pages are added');
  });

  it('a folder whose own .wiki-pages.json cannot be read goes as a tree, whose publish says why, never flat past its records', async () => {
    await writeFile(join(fakeEditor.folder, 'docs', '.wiki-pages.json'), '{\n<<<<<<< ours\n  "version": 1\n=======\n  "version": 1\n>>>>>>> theirs\n}\n');
    assert.equal(await shapeOf('docs'), 'tree');
    assert.deepEqual(asked, []);
    // A manifest with nothing in it records no tree: the folder asks.
    await writeFile(join(fakeEditor.folder, 'docs', '.wiki-pages.json'), '{\n  "version": 1,\n  "pages": {}\n}\n');
    assert.equal(await shapeOf('docs'), 'flat');
    assert.deepEqual(asked, ['docs']);
  });
});
