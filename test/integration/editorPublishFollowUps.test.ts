// What the editor's folder publishes offer after a run and say before it, under the fake `vscode` against the sandbox
// wiki (test/support/editorPublishers.ts): a definite refusal ("already exists") is not retried but said, with
// Overwrite as its fix; a colleague's page of a file's title is named before sending; files that go with unsaved
// edits are named; a cancelled send's log line says "may have landed" once.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { FakeQuickPick, installEditorVscode, Uri, type FakeEditor, type FakeInputBox, type Notification } from '../support/fakeEditorVscode';
import { editorWindow, loadEditorPublishers, type EditorPublishers } from '../support/editorPublishers';
import { useSignedInWorld } from '../support/signedInWorld';

const MANIFEST = '{\n  "version": 1,\n  "space": "DOCS",\n  "parent": "123456",\n  "pages": {}\n}\n';

describe('the editor\'s folder publishes: what they offer after a run and say before it, against the sandbox wiki', () => {
  const signedIn = useSignedInWorld();
  let folder: string;
  let fake: FakeEditor;
  let publishers: EditorPublishers;

  before(async () => {
    folder = await mkdtemp(join(tmpdir(), 'wiki-publisher-editor-follow-ups-'));
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
    fake.answer = (notification) => (notification.items[0] === 'Publish' ? 'Publish' : undefined);
    // The prompts of a flat publish: space DOCS, parent 123456, create only.
    fake.onInput = (input: FakeInputBox) => {
      if (input instanceof FakeQuickPick) {
        if (input.placeholder?.startsWith('Space key')) {
          input.type('DOCS');
          input.choose(/DOCS/);
        } else input.choose(/^Create only$/);
      } else {
        input.type('123456');
        input.accept();
      }
    };
  });
  afterEach(() => {
    fake.onInput = undefined;
    fake.onProgress = undefined;
    // Closed, as its tab would be: the next test's file of that name is read anew.
    const document = fake.document(Uri.file(join(folder, 'docs/a.md')));
    if (document) document.isClosed = true;
  });

  async function write(files: Record<string, string>): Promise<void> {
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(folder, path)), { recursive: true });
      await writeFile(join(folder, path), text);
    }
  }
  /** A colleague's page of this title under the parent 123456, published with their own token. */
  async function colleaguePublishes(pageTitle: string): Promise<void> {
    const token = signedIn.world.sandbox.issueToken({ label: 'colleague' }).token;
    const seeded = await fetch(signedIn.world.sandbox.importEndpoint, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ spaceId: 'DOCS', parentId: '123456', pageTitle, content: '# Setup\n\nThe colleague\'s page.\n' }),
    });
    assert.equal(seeded.status, 201);
  }
  const confirmations = (): Notification[] => fake.notifications.filter((notification) => notification.detail !== undefined);
  const last = (): Notification => {
    const shown = fake.notifications.at(-1);
    assert.ok(shown, 'a notification');
    return shown;
  };
  const statuses = (): number[] => signedIn.world.sandbox.imports.map((entry) => entry.status);

  describe('a colleague\'s page has the title of a file, create only', () => {
    // The flat plan does not read the parent's children for a create (create only cannot replace a page): the answer
    // "already exists" is where it learns of the clash.
    it('flat: the summary says why it failed, offers Overwrite and no Retry Failed', async () => {
      await write({ 'docs/setup.md': '# Setup\n\nMine.\n', 'docs/other.md': '# Other\n\nMine too.\n' });
      await colleaguePublishes('Setup');
      const window = editorWindow(publishers, signedIn, fake);
      const importsBefore = statuses().length;
      await new publishers.ManyPublisher(window.deps).publish([Uri.file(join(folder, 'docs'))] as never);

      const summary = last();
      assert.match(summary.message, /^1 published, 1 failed\./);
      assert.match(summary.message, /docs\/setup\.md: a page titled "Setup" is already under its parent page, and the file creates pages only, so the wiki refused it\. Overwrite replaces those pages/, summary.message);
      assert.ok(!summary.items.includes('Retry Failed'), `no Retry Failed: ${summary.items.join()}`);
      assert.ok(summary.items.includes('Overwrite'), summary.items.join());
      assert.deepEqual(statuses().slice(importsBefore).sort(), [201, 400]);
    });

    it('flat: Overwrite confirms the page it replaces, then updates the colleague\'s page', async () => {
      await write({ 'docs/setup.md': '# Setup\n\nMine.\n', 'docs/other.md': '# Other\n\nMine too.\n' });
      await colleaguePublishes('Setup');
      const window = editorWindow(publishers, signedIn, fake);
      fake.answer = (notification) => (notification.items[0] === 'Publish' ? 'Publish' : notification.items.includes('Overwrite') ? 'Overwrite' : undefined);
      await new publishers.ManyPublisher(window.deps).publish([Uri.file(join(folder, 'docs'))] as never);

      const second = confirmations()[1];
      assert.ok(second, 'a confirmation before overwriting');
      assert.match(second.message, /Publish 1 of 1 Markdown file/);
      assert.match(second.detail ?? '', /Replacing pages they did not create:\n {2}docs\/setup\.md: "Setup" exists on the wiki/, second.detail);
      assert.match(last().message, /^1 published\./, last().message);
      const setup = signedIn.world.sandbox.pages().filter((page) => !page.deleted && page.title === 'Setup');
      assert.equal(setup.length, 1);
      assert.match(setup[0]?.markdown ?? '', /Mine\./);
    });

    it('tree: the confirmation names the clash; the summary says why it failed', async () => {
      await write({ 'docs/.wiki-pages.json': MANIFEST, 'docs/setup.md': '# Setup\n\nMine.\n', 'docs/other.md': '# Other\n\nMine too.\n' });
      await colleaguePublishes('Setup');
      const window = editorWindow(publishers, signedIn, fake);
      await new publishers.TreePublisher(window.deps).publish(Uri.file(join(folder, 'docs')) as never);

      const detail = confirmations()[0]?.detail ?? '';
      assert.match(detail, /Setup \(new, but a page of this title is already under the parent, not made from this file: the wiki will refuse it \(create only\)\)/, detail);
      const summary = last();
      assert.match(summary.message, /^1 published, 1 failed\./, summary.message);
      assert.match(summary.message, /docs\/setup\.md: a page titled "Setup" is already under its parent page, and the file creates pages only, so the wiki refused it\./, summary.message);
      assert.ok(!summary.items.includes('Retry Failed'), summary.items.join());
    });
  });

  describe('a file open with unsaved edits', () => {
    const PLACE = '---\nwiki:\n  spaceId: DOCS\n  parentId: "123456"\n  overwrite: true\n---\n';

    it('flat: the confirmation and the summary say that it goes with its unsaved edits', async () => {
      await write({ 'docs/a.md': `${PLACE}# Alpha\n\nSaved.\n`, 'docs/b.md': `${PLACE}# Beta\n\nSaved.\n` });
      const window = editorWindow(publishers, signedIn, fake);
      await new publishers.ManyPublisher(window.deps).publish([Uri.file(join(folder, 'docs'))] as never);
      const document = await fake.open(Uri.file(join(folder, 'docs/a.md')));
      document.change(`${PLACE}# Alpha\n\nSaved.\n\nNOT SAVED YET\n`);
      fake.notifications.length = 0;
      await new publishers.ManyPublisher(window.deps).publish([Uri.file(join(folder, 'docs'))] as never);

      const confirmation = confirmations()[0];
      assert.ok(confirmation);
      assert.match(confirmation.detail ?? '', /1 file goes with the unsaved edits in its editor \(the file on disk is unchanged\): docs\/a\.md/, confirmation.detail);
      assert.match(last().message, /1 published, 1 skipped \(unchanged\)\. 1 file was published with the unsaved edits in its editor \(the file on disk is unchanged\): docs\/a\.md\./, last().message);
      assert.match(signedIn.world.sandbox.pages().find((page) => page.title === 'Alpha')?.markdown ?? '', /NOT SAVED YET/);
      assert.doesNotMatch(await readFile(join(folder, 'docs/a.md'), 'utf8'), /NOT SAVED YET/);
    });

    it('tree: the confirmation and the summary say that it goes with its unsaved edits', async () => {
      await write({ 'docs/.wiki-pages.json': MANIFEST, 'docs/a.md': '# Alpha\n\nSaved.\n', 'docs/b.md': '# Beta\n\nSaved.\n' });
      const document = await fake.open(Uri.file(join(folder, 'docs/a.md')));
      document.change('# Alpha\n\nSaved.\n\nNOT SAVED YET\n');
      const window = editorWindow(publishers, signedIn, fake);
      await new publishers.TreePublisher(window.deps).publish(Uri.file(join(folder, 'docs')) as never);

      const confirmation = confirmations()[0];
      assert.ok(confirmation);
      assert.match(confirmation.detail ?? '', /1 file goes with the unsaved edits in its editor \(the file on disk is unchanged\): docs\/a\.md/, confirmation.detail);
      assert.match(last().message, /1 file was published with the unsaved edits in its editor \(the file on disk is unchanged\): docs\/a\.md\./, last().message);
    });
  });

  it('a send cancelled while it was out: the log says "may have landed" once; its Retry that finds it landed says "the earlier attempt"', async () => {
    const PLACE = '---\nwiki:\n  spaceId: DOCS\n  parentId: "123456"\n  overwrite: true\n---\n';
    await write({ 'docs/one.md': `${PLACE}# One\n\nText.\n`, 'docs/two.md': `${PLACE}# Two\n\nText.\n` });
    const window = editorWindow(publishers, signedIn, fake);
    signedIn.world.sandbox.injectFaults({ latencyMs: 1500 });
    fake.onProgress = (title, cancel) => {
      if (title === 'Publishing to the wiki') setTimeout(cancel, 500);
    };
    fake.answer = (notification) => (notification.items[0] === 'Publish' ? 'Publish' : notification.items.includes('Retry Failed') ? 'Retry Failed' : undefined);
    await new publishers.ManyPublisher(window.deps).publish([Uri.file(join(folder, 'docs'))] as never);

    const lines = window.log.lines.filter((line) => /docs\/(one|two)\.md -> /.test(line));
    const cancelled = lines.filter((line) => line.includes('cancelled while sending'));
    assert.ok(cancelled.length > 0, lines.join('\n'));
    for (const line of cancelled) assert.equal(line.split('(may have landed)').length - 1, 1, line);
    // The requests the Cancel left out there landed (the sandbox wrote them after its latency): the Retry finds them.
    assert.match(last().message, /had landed in the earlier attempt: /, last().message);
  });
});
