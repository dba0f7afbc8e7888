// What the editor's publishers tell the user, run whole under the fake `vscode` against the sandbox wiki
// (test/support/editorPublishers.ts): a tree's .wiki-pages.json that could not be written is said in the run's
// notification, with the pages that landed and the IDs it does not hold; a confirmation names a page renamed on the
// wiki by each title once; an update under a parent the sign-in cannot see is not offered a check that cannot help; an
// unsaved document's page notice names no file, and a file outside every workspace folder only its name (never the
// machine's path); the marker of either still keeps the edit guard.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { installEditorVscode, Uri, type FakeEditor, type Notification } from '../support/fakeEditorVscode';
import { editorWindow, loadEditorPublishers, type EditorPublishers, type EditorWindow } from '../support/editorPublishers';
import { useSignedInWorld } from '../support/signedInWorld';

describe('the editor\'s publishers say what happened, against the sandbox wiki', () => {
  const signedIn = useSignedInWorld();
  let folder: string;
  let fake: FakeEditor;
  let publishers: EditorPublishers;
  /** The fake `vscode` the editor's modules see. */
  let vscode: typeof import('vscode');

  before(async () => {
    folder = await mkdtemp(join(tmpdir(), 'wiki-publisher-editor-outcomes-'));
    fake = installEditorVscode(folder);
    publishers = await loadEditorPublishers();
    vscode = await import('vscode');
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
  /** The page ID a publish learns after its summary, in the background (publishMany.ts remember). */
  async function pageIdLearnt(window: EditorWindow, key: string): Promise<void> {
    for (let tries = 0; tries < 500 && (await window.links.get(key))?.pageId === undefined; tries++) await new Promise((resolve) => setTimeout(resolve, 10));
    assert.ok((await window.links.get(key))?.pageId, 'the page ID learnt');
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

  it('Publish All Modified names a page renamed on the wiki by the title the file publishes to, then its title there, each once', async () => {
    const place = '---\nwiki:\n  spaceId: DOCS\n  parentId: "123456"\n  overwrite: true\n---\n';
    await write({ 'docs/alpha.md': `${place}# Alpha\n\nOne.\n`, 'docs/beta.md': `${place}# Beta\n\nOne.\n` });
    const window = editorWindow(publishers, signedIn, fake);
    const files = [Uri.file(join(folder, 'docs/alpha.md')), Uri.file(join(folder, 'docs/beta.md'))];
    await new publishers.ManyPublisher(window.deps).publish(files as never);
    await pageIdLearnt(window, files[1]?.toString() ?? '');
    const beta = signedIn.world.sandbox.pages().find((page) => page.title === 'Beta');
    assert.ok(beta);
    signedIn.world.sandbox.editPageOnWiki(beta.id, beta.markdown, { title: 'Beta on the wiki' });

    // Both modified here since (the files Publish All Modified passes to the publish).
    await write({ 'docs/alpha.md': `${place}# Alpha\n\nTwo.\n`, 'docs/beta.md': `${place}# Beta\n\nTwo.\n` });
    fake.notifications.length = 0;
    fake.answer = () => undefined;
    await new publishers.ManyPublisher(window.deps).publish(files as never);
    const detail = fake.notifications.find((notification) => notification.detail !== undefined)?.detail ?? '';
    const line = detail.split('\n').find((each) => each.includes('docs/beta.md'));
    assert.equal(line, '  docs/beta.md: "Beta", renamed on the wiki to "Beta on the wiki", a title this publish does not reach', detail);
  });

  describe('under a parent page the signed-in account cannot see (the sandbox\'s SECRET, only for carol)', () => {
    const SECRET = '---\nwiki:\n  spaceId: SECRET\n  parentId: "345678"\n  overwrite: true\n---\n';
    const UNSEEN = /the parent page 345678 does not exist, or the account that checks wiki edits may not view it .*give that account permission to view it, or publish under a page it can see/;
    /** The import token carol's (who may write there), page access alice's (who cannot see it). */
    const carols = () => editorWindow(publishers, signedIn, fake, signedIn.world.sandbox.issueToken({ label: 'carol-writer', owner: 'carol' }).token);

    it('one file: the question offers no Check Again, and says what helps', async () => {
      await write({ 'docs/hidden.md': `${SECRET.replace('overwrite: true', 'overwrite: true\n  pageTitle: Hidden')}# Hidden\n\nTwo.\n` });
      const window = carols();
      fake.answer = () => undefined;
      await new publishers.FilePublisher(window.deps).publish(await fake.open(Uri.file(join(folder, 'docs/hidden.md'))) as never);
      const question = fake.notifications.find((notification) => notification.detail !== undefined);
      assert.ok(question, fake.notifications.map((notification) => notification.message).join('\n'));
      assert.match(question.message, UNSEEN);
      assert.deepEqual(question.items, ['Publish Without Checking'], 'checking again meets the same parent');
      assert.match(question.detail ?? '', /^Checking again does not help\. If the parent page is only hidden from the account you signed in with, Publish Without Checking sends it unchecked/);
      assert.equal(signedIn.world.sandbox.pages().filter((page) => page.title === 'Hidden').length, 0, 'nothing sent');
    });

    it('several files: the confirmation says publishing again does not help, and that Overwrite Edited Pages Too sends them', async () => {
      await write({ 'docs/hidden.md': `${SECRET}# Hidden\n\nTwo.\n`, 'docs/secret.md': `${SECRET}# Secret notes\n\nTwo.\n` });
      const window = carols();
      fake.answer = () => undefined;
      await new publishers.ManyPublisher(window.deps).publish([Uri.file(join(folder, 'docs/hidden.md')), Uri.file(join(folder, 'docs/secret.md'))] as never);
      const detail = fake.notifications.find((notification) => notification.detail !== undefined)?.detail ?? '';
      assert.doesNotMatch(detail, /publish again to check them/, detail);
      assert.match(detail, /Not checked for edits, their parent page cannot be seen \(left out: publishing again does not help; if the parent is only hidden from the account you signed in with, Overwrite Edited Pages Too sends them unchecked\):\n {2}docs\/hidden\.md: "Hidden", the wiki could not be read to check for edits: the parent page 345678 /);
    });

    it('a tree\'s file that names its page there: the confirmation says publishing again does not help', async () => {
      await write({
        'docs/.wiki-pages.json': '{\n  "version": 1,\n  "space": "DOCS",\n  "parent": "123456",\n  "pages": {}\n}\n',
        'docs/index.md': '# Overview\n\nOne.\n', 'docs/hidden.md': `${SECRET.replace('overwrite: true', 'overwrite: true\n  pageTitle: Hidden')}# Hidden\n\nTwo.\n`,
      });
      const window = carols();
      fake.answer = () => undefined;
      await new publishers.TreePublisher(window.deps).publish(Uri.file(join(folder, 'docs')) as never);
      const confirmation = fake.notifications.find((notification) => notification.detail !== undefined);
      assert.ok(confirmation);
      const line = (confirmation.detail ?? '').split('\n').find((each) => each.startsWith('"Hidden": '));
      assert.ok(line, confirmation.detail);
      assert.match(line, UNSEEN);
      assert.match(line, / Left out; publishing again does not help: if the parent is only hidden from the account you signed in with, overwrite to send it unchecked\.$/);
    });
  });

  it('an unsaved document\'s page notice names no file ("an unsaved document"); its marker still lets the edit guard know the page', async () => {
    const window = editorWindow(publishers, signedIn, fake);
    const text = '---\nwiki:\n  spaceId: DOCS\n  parentId: "123456"\n  pageTitle: Scratch\n  overwrite: true\n---\n# Scratch\n\nOne.\n';
    const document = await vscode.workspace.openTextDocument({ language: 'markdown', content: text });
    assert.equal(document.uri.scheme, 'untitled');
    await new publishers.FilePublisher(window.deps).publish(document as never);
    const page = signedIn.world.sandbox.pages().find((each) => each.title === 'Scratch');
    assert.ok(page, fake.notifications.map((notification) => notification.message).join('\n'));
    assert.match(page.imported, /\*Published from \[an unsaved document\]\(<#wiki-publisher\.v1\.[0-9a-f]{20}\.[0-9a-f]{8}>\) with Wiki Publisher\./);
    assert.doesNotMatch(page.imported, /Untitled/);

    // A colleague's edit, then the same document published again: held as an edit, as a saved file's page is.
    signedIn.world.sandbox.editLineOnWiki(page.id, { append: ' A COLLEAGUE\'S LINE' });
    fake.notifications.length = 0;
    fake.answer = () => undefined;
    await new publishers.FilePublisher(window.deps).publish(document as never);
    assert.ok(fake.notifications.some((notification) => /changed on the wiki/i.test(`${notification.message} ${notification.detail ?? ''}`)), fake.notifications.map((notification) => `${notification.message} ${notification.detail ?? ''}`).join('\n'));
    assert.match(signedIn.world.sandbox.pages().find((each) => each.id === page.id)?.markdown ?? '', /A COLLEAGUE'S LINE/, 'the edit is kept');
  });
  it('a file outside every workspace folder: its page notice names the file by its name, never the machine\'s path; its marker still lets the edit guard know the page', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'wiki-publisher-alice-home-'));
    try {
      const file = join(outside, 'private-notes', 'notes.md');
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, '---\nwiki:\n  spaceId: DOCS\n  parentId: "123456"\n  pageTitle: Outside notes\n  overwrite: true\n---\n# Outside notes\n\nText.\n');
      const window = editorWindow(publishers, signedIn, fake);
      const document = await fake.open(Uri.file(file));
      await new publishers.FilePublisher(window.deps).publish(document as never);
      const page = signedIn.world.sandbox.pages().find((each) => each.title === 'Outside notes');
      assert.ok(page, fake.notifications.map((notification) => notification.message).join('\n'));
      assert.match(page.imported, /\*Published from \[notes\\\.md\]\(<#wiki-publisher\.v1\.[0-9a-f]{20}\.[0-9a-f]{8}>\) with Wiki Publisher\./);
      assert.doesNotMatch(page.imported, /private-notes|wiki-publisher-alice-home/, 'no path of the machine on the page');

      // A colleague's edit, then the file published again: held as an edit, as a file in the workspace is.
      // The page's ID is learnt behind the notification: waited for, as a user reads the notification first.
      for (let tries = 0; tries < 100 && (await window.deps.links.get(document.uri.toString()))?.pageId === undefined; tries++) await new Promise((resolve) => setTimeout(resolve, 50));
      signedIn.world.sandbox.editLineOnWiki(page.id, { append: ' A COLLEAGUE\'S LINE' });
      fake.notifications.length = 0;
      fake.answer = () => undefined;
      await new publishers.FilePublisher(window.deps).publish(document as never);
      assert.ok(fake.notifications.some((notification) => /changed on the wiki/i.test(`${notification.message} ${notification.detail ?? ''}`)), fake.notifications.map((notification) => `${notification.message} ${notification.detail ?? ''}`).join('\n'));
      assert.match(signedIn.world.sandbox.pages().find((each) => each.id === page.id)?.markdown ?? '', /A COLLEAGUE'S LINE/, 'the edit is kept');
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });
});
