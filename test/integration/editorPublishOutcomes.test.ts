// What the editor's publishers tell the user after a publish and before it, run whole under the fake `vscode` against
// the sandbox wiki (test/support/editorPublishers.ts): a tree's .wiki-pages.json that could not be written is said in
// the run's notification, with the pages that landed and the IDs it does not hold.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { installEditorVscode, Uri, type FakeEditor, type Notification } from '../support/fakeEditorVscode';
import { editorWindow, loadEditorPublishers, type EditorPublishers } from '../support/editorPublishers';
import { useSignedInWorld } from '../support/signedInWorld';

describe('the editor\'s publishers say what happened, against the sandbox wiki', () => {
  const signedIn = useSignedInWorld();
  let folder: string;
  let fake: FakeEditor;
  let publishers: EditorPublishers;

  before(async () => {
    folder = await mkdtemp(join(tmpdir(), 'wiki-publisher-editor-outcomes-'));
    fake = installEditorVscode(folder);
    publishers = await loadEditorPublishers();
  });
  after(async () => {
    fake.uninstall();
    await rm(folder, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await rm(join(folder, 'docs'), { recursive: true, force: true });
    fake.notifications.length = 0;
    fake.refusedWrites.clear();
    // The confirmations' first button (Publish), nothing for the notifications after a run.
    fake.answer = (notification) => (notification.items[0] === 'Publish' ? 'Publish' : undefined);
  });

  async function write(files: Record<string, string>): Promise<void> {
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(folder, path)), { recursive: true });
      await writeFile(join(folder, path), text);
    }
  }
  const last = (): Notification => {
    const shown = fake.notifications.at(-1);
    assert.ok(shown, 'a notification');
    return shown;
  };

  it('a tree whose .wiki-pages.json cannot be written says so after the run: the file, why, that the pages landed, the IDs it lacks, and Show Results', async () => {
    await write({
      'docs/.wiki-pages.json': '{\n  "version": 1,\n  "space": "DOCS",\n  "parent": "123456",\n  "pages": {}\n}\n',
      'docs/index.md': '# Overview\n\nStart here.\n',
      'docs/setup.md': '# Setup\n\nRun it.\n',
    });
    const manifest = join(folder, 'docs/.wiki-pages.json');
    fake.refusedWrites.add(manifest);
    const window = editorWindow(publishers, signedIn, fake);
    fake.answer = (notification) => (notification.items[0] === 'Publish' ? 'Publish' : notification.items.includes('Show Results') ? 'Show Results' : undefined);
    await new publishers.TreePublisher(window.deps).publish(Uri.file(join(folder, 'docs')) as never);

    const pages = signedIn.world.sandbox.pages().filter((page) => !page.deleted && (page.title === 'Overview' || page.title === 'Setup'));
    assert.equal(pages.length, 2, 'the pages landed');
    const outcome = last();
    assert.equal(outcome.severity, 'warning', outcome.message);
    assert.match(outcome.message, /2 published/);
    assert.match(outcome.message, /docs\/\.wiki-pages\.json could not be written: [^.]*permission denied/);
    assert.match(outcome.message, /The pages were published; 2 page IDs were not recorded in it: /);
    for (const page of pages) assert.ok(outcome.message.includes(` = ${page.id}`), `names page ${page.id}: ${outcome.message}`);
    assert.doesNotMatch(outcome.message, /recordPageIds is off/, 'the setting is on: the write failed');
    assert.ok(outcome.items.includes('Show Results'), outcome.items.join());
    assert.equal(window.logsShown, 1, 'Show Results opens the log');
    assert.doesNotMatch(await readFile(manifest, 'utf8'), /"id"/);
  });
});
