// The editor's Pull command (issue 83) against the sandbox wiki, on a workspace on disk, with VS Code played by the
// fake of test/support/fakeEditorVscode.ts: the base kept by the editor's base keeper after a publish, a colleague's
// edit on the wiki, then Pull from each entry point. With auto-save off the merge is an unsaved edit of the shown
// file, undone by Undo; with auto-save on it is saved at once and the message says so (and Undo, saved again, takes
// the record back). A colleague's change of the page's first heading keeps the page: Pull names the page's title in
// the front matter, and the next publish updates that page under its title.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type * as vscode from 'vscode';
import type { PageLink } from '../../src/core/links/pageLink';
import { systemClock } from '../../src/core/ports';
import { MemoryPullBaseStore, splitLeadingFrontMatter } from '../../src/core/pull';
import { planFile, planFiles } from '../../src/core/run/plan';
import type { ExportSessionService } from '../../src/editor/auth/exportSessionService';
import { MemoryLogger } from '../fakes/memoryLogger';
import { MemoryMemento } from '../fakes/memoryMemento';
import { installEditorVscode, Uri, type FakeEditor } from '../support/fakeEditorVscode';
import { colleagueEdits, publishForPull } from '../support/pullHarness';
import { useSignedInWorld } from '../support/signedInWorld';

const TEXT = [
  '---', 'wiki:', '  spaceId: DOCS', '  parentId: "123456"', '  pageTitle: Release notes', '---', '',
  '# Release notes', '', 'What changed, in *short*: the build_tool moved.', '', '- faster start', '- smaller bundle', '', '## Known issues', 'None so far.', '',
].join('\n');
const COLLEAGUE = (stored: string): string => stored.replace('- smaller bundle\n', '- smaller bundle\n- a colleague\'s line\n');
const MERGED = (text: string): string => text.replace('- smaller bundle\n', '- smaller bundle\n- a colleague\'s line\n');

type Modules = {
  PullCommand: typeof import('../../src/editor/commands/pull').PullCommand;
  PulledEdits: typeof import('../../src/editor/pull/pulledEdits').PulledEdits;
  PullBaseKeeper: typeof import('../../src/editor/pull/pullBaseKeeper').PullBaseKeeper;
  GlobalStateLinkStore: typeof import('../../src/editor/publish/pageLinks').GlobalStateLinkStore;
  WikiAccess: typeof import('../../src/editor/wiki/wikiAccess').WikiAccess;
};

describe('the editor\'s Pull command against the sandbox wiki: auto-save, every entry point, a pulled heading change', () => {
  const signedIn = useSignedInWorld();
  let folder: string;
  let fake: FakeEditor;
  let editor: Modules;

  before(async () => {
    folder = await mkdtemp(join(tmpdir(), 'wiki-publisher-pull-command-'));
    fake = installEditorVscode(folder);
    const [pull, pulledEdits, keeper, pageLinks, wikiAccess] = await Promise.all([
      import('../../src/editor/commands/pull'), import('../../src/editor/pull/pulledEdits'), import('../../src/editor/pull/pullBaseKeeper'),
      import('../../src/editor/publish/pageLinks'), import('../../src/editor/wiki/wikiAccess'),
    ]);
    editor = { PullCommand: pull.PullCommand, PulledEdits: pulledEdits.PulledEdits, PullBaseKeeper: keeper.PullBaseKeeper, GlobalStateLinkStore: pageLinks.GlobalStateLinkStore, WikiAccess: wikiAccess.WikiAccess };
  });
  after(async () => {
    fake.uninstall();
    await rm(folder, { recursive: true, force: true });
  });
  beforeEach(() => {
    signedIn.world.sandbox.setExportStyle('converted');
    fake.notifications.length = 0;
    fake.shown.length = 0;
    fake.settings = { 'wikiPublisher.baseUrl': signedIn.world.sandbox.baseUrl, 'wikiPublisher.export.apiUrl': signedIn.world.sandbox.exportApiUrl, 'files.autoSave': 'off' };
  });

  /** A file published as the editor publishes it (its base kept by the editor's keeper), and the editor's Pull over it. */
  async function published(name: string, text: string, options: { autoSave?: string; publish?: Parameters<typeof publishForPull>[2]['options'] } = {}) {
    const path = join(folder, 'docs', name);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text);
    const uri = Uri.file(path);
    const key = uri.toString();
    const log = new MemoryLogger();
    const links = new editor.GlobalStateLinkStore(new MemoryMemento() as unknown as vscode.Memento);
    const bases = new MemoryPullBaseStore();
    // The export sign-in's session, only as far as WikiAccess asks it: stored, and its access token.
    const session = { storedSession: async () => ({}), accessToken: async () => signedIn.accessToken, refreshNowQuietly: async () => undefined, signInRevoked: async () => false };
    const wiki = new editor.WikiAccess({ session: session as unknown as ExportSessionService, transport: () => signedIn.transport });
    const keeper = new editor.PullBaseKeeper({ wiki, bases, clock: systemClock, log });
    const keep = async (fileKey: string, link: PageLink): Promise<void> => {
      keeper.afterPublish(fileKey, link, undefined);
      await keeper.settled();
    };
    const first = await publishForPull(signedIn, bases, { key, label: `docs/${name}`, text, link: undefined, keep, ...(options.publish ? { options: options.publish } : {}) });
    await links.set(key, first.link);
    assert.equal((await bases.get(key))?.fileText, splitLeadingFrontMatter(text).body, `the keeper kept the file as published with the base: ${JSON.stringify(log)}`);
    if (options.autoSave) fake.settings['files.autoSave'] = options.autoSave;
    const pulledEdits = new editor.PulledEdits({ links, bases, clock: systemClock, log });
    const pull = new editor.PullCommand({ wiki, links, bases, log, pulledEdits, compare: async () => undefined });
    return { path, uri, key, links, bases, pull, pulledEdits, keep, page: first.link.pageId as string };
  }

  const lastMessage = (): string => fake.notifications[fake.notifications.length - 1]?.message ?? '';

  it('with auto-save off, from the Wiki Pages view\'s row or the Explorer (the file not open): an unsaved edit of the shown file, which Undo takes back', async () => {
    const file = await published('view.md', TEXT);
    colleagueEdits(signedIn, file.page, COLLEAGUE);
    await file.pull.execute(file.uri);
    const document = fake.document(file.uri);
    assert.ok(document, 'Pull opened the file');
    assert.equal(document.getText(), MERGED(TEXT));
    assert.equal(document.isDirty, true, 'not saved');
    assert.equal(await readFile(file.path, 'utf8'), TEXT, 'the file on disk is as it was');
    assert.deepEqual(fake.shown, [file.key], 'the file is shown, so the edit is its editor\'s');
    assert.match(lastMessage(), /Review it and save; publishing then updates the page without a warning\./);
    assert.doesNotMatch(lastMessage(), /Auto-save/);
    await fake.idle();
    assert.equal((await file.links.get(file.key))?.version, 1, 'the wiki\'s version is not counted as seen before the file holds it');
    fake.undo(document);
    assert.equal(document.getText(), TEXT);
    await fake.save(document);
    await fake.idle();
    assert.equal((await file.links.get(file.key))?.version, 1, 'saved without the edit: still not seen');
  });

  it('with auto-save off, from the editor and from the edit guard\'s Pull button: the same unsaved, undoable edit', async () => {
    const fromEditor = await published('editor.md', TEXT);
    colleagueEdits(signedIn, fromEditor.page, COLLEAGUE);
    const open = await fake.open(fromEditor.uri);
    fake.activate(open);
    await fromEditor.pull.execute();
    assert.equal(open.getText(), MERGED(TEXT));
    assert.equal(open.isDirty, true);

    // A page of its own: the first file's page, edited by the colleague, is not one a publish of another file replaces.
    const guardText = TEXT.replace('  pageTitle: Release notes\n', '  pageTitle: Release notes, from the guard\n');
    const fromGuard = await published('guard.md', guardText);
    colleagueEdits(signedIn, fromGuard.page, COLLEAGUE);
    await fromGuard.pull.pullUri(fromGuard.key);
    const document = fake.document(fromGuard.uri);
    assert.equal(document?.getText(), MERGED(guardText));
    assert.equal(document?.isDirty, true);
    assert.equal(await readFile(fromGuard.path, 'utf8'), guardText);
    assert.match(lastMessage(), /Review it and save/);
    fake.undo(document!);
    assert.equal(document?.getText(), guardText);
  });

  it('with auto-save on: the merge is saved, the message says so and how to go back, and Undo (saved again) takes the record back', async () => {
    const file = await published('autosave.md', TEXT, { autoSave: 'afterDelay' });
    colleagueEdits(signedIn, file.page, COLLEAGUE);
    // A change of the writer's own since the publish, on disk.
    const ours = TEXT.replace('None so far.', 'None so far, checked here.');
    await writeFile(file.path, ours);
    await file.pull.execute(file.uri);
    await fake.idle();
    assert.equal(await readFile(file.path, 'utf8'), MERGED(ours), 'auto-save wrote the merge');
    assert.match(lastMessage(), /Auto-save is on, so VS Code saves it: Undo, or the file's Timeline \(its local history\), brings back the text it had\. Publishing then updates the page without a warning\./);
    assert.doesNotMatch(lastMessage(), /Review it and save/);
    assert.equal((await file.links.get(file.key))?.version, 2, 'saved holding the edit: the wiki\'s version is seen');
    const base = await file.bases.get(file.key);
    assert.equal(base?.version, 2);
    assert.equal(base?.fileText, splitLeadingFrontMatter(MERGED(TEXT)).body, 'the next base: the published file with the colleague\'s line, not the writer\'s change');

    const document = fake.document(file.uri)!;
    fake.undo(document);
    await fake.idle();
    assert.equal(await readFile(file.path, 'utf8'), ours, 'Undo, auto-saved, brings the file back');
    assert.equal((await file.links.get(file.key))?.version, 1, 'and the wiki\'s version is not seen any more');
    assert.equal((await file.bases.get(file.key))?.version, 1);
  });

  it('with auto-save on and a conflict: the message says the file is saved with its markers', async () => {
    const file = await published('conflict.md', TEXT, { autoSave: 'afterDelay' });
    colleagueEdits(signedIn, file.page, (stored) => stored.replace('None so far.', 'One, found on the wiki.'));
    await writeFile(file.path, TEXT.replace('None so far.', 'Two, found here.'));
    await file.pull.execute(file.uri);
    await fake.idle();
    assert.match(await readFile(file.path, 'utf8'), /<<<<<<< ours\nTwo, found here\.\n=======\nOne, found on the wiki\.\n>>>>>>> wiki\n/);
    assert.match(lastMessage(), /with 1 conflict: .* Auto-save is on, so VS Code saves the file with the conflict markers, which publishing refuses until they are gone/);
  });

  it('a colleague\'s change of the page\'s first heading keeps the page: Pull names its title in the front matter, and the next publish updates it', async () => {
    // A file titled by its heading, published flat (as from the Explorer: the title from the file).
    const text = '# Release notes\n\nWhat changed.\n\n- faster start\n';
    const defaults = { spaceId: 'DOCS', parentId: '123456', overwrite: true };
    const file = await published('heading.md', text, { publish: { defaults, titleFromFile: true } });
    colleagueEdits(signedIn, file.page, (stored) => stored.replace('# Release notes', '# Release notes for 2.0'));
    await file.pull.execute(file.uri);
    const document = fake.document(file.uri)!;
    const pulled = '---\nwiki:\n  pageTitle: "Release notes"\n---\n# Release notes for 2.0\n\nWhat changed.\n\n- faster start\n';
    assert.equal(document.getText(), pulled);
    assert.match(lastMessage(), /The edit made the file's title "Release notes for 2\.0"; its front matter now keeps the page's title, "Release notes" \(wiki\.pageTitle\), so publishing updates that page\. To rename the page instead, change or remove that line\./);
    await fake.save(document);
    await fake.idle();
    const link = await file.links.get(file.key);
    assert.equal(link?.version, 2);

    // Without the front matter, a flat publish would take the heading as a new title (asked, or left out).
    const source = { key: file.key, label: 'docs/heading.md' };
    assert.equal(planFile({ ...source, text: pulled.replace(/^---[\s\S]*?---\n/, '') }, link, { defaults }).state, 'retitled');
    assert.equal(planFiles([{ ...source, text: pulled.replace(/^---[\s\S]*?---\n/, '') }], new Map([[file.key, link]]), { defaults, titleFromFile: true })[0]?.state, 'retitled');
    // With it, every publish updates the page under its own title: no second page, the colleague's heading on it.
    assert.equal(planFiles([{ ...source, text: pulled }], new Map([[file.key, link]]), { defaults, titleFromFile: true })[0]?.complete?.pageTitle, 'Release notes');
    const again = await publishForPull(signedIn, file.bases, { key: file.key, label: source.label, text: pulled, link, keep: file.keep, options: { defaults, titleFromFile: true } });
    assert.equal(again.guard, 'asLeft', `the guard sees the page as this file left it: ${JSON.stringify(link)}`);
    assert.equal(again.link.pageId, file.page);
    const pages = signedIn.world.sandbox.pages().filter((page) => page.parentId === '123456' && !page.deleted);
    assert.deepEqual(pages.map((page) => [page.id, page.title, page.version]), [[file.page, 'Release notes', 3]]);
    assert.match(pages[0]?.markdown ?? '', /^# Release notes for 2\.0$/m);
  });
  it('a clean merge of the file\'s own change one blank line from the wiki\'s, saved as pulled: the wiki\'s version counts as seen (the next publish does not warn, a second Pull finds nothing)', async () => {
    const text = ['---', 'wiki:', '  spaceId: DOCS', '  parentId: "123456"', '  pageTitle: Adjacent', '---', '', '# Adjacent', '', 'Para one.', '', '## Heading two', '', 'Para three.', ''].join('\n');
    const file = await published('adjacent.md', text);
    colleagueEdits(signedIn, file.page, (stored) => stored.replace('## Heading two', '## Heading 2'));
    const document = await fake.open(file.uri);
    fake.activate(document);
    document.change(text.replace('Para one.', 'Para one. local'));
    await file.pull.execute();
    assert.match(document.getText(), /Para one\. local\n\n## Heading 2\n/, document.getText());
    await fake.save(document);
    await fake.idle();
    assert.equal((await file.links.get(file.key))?.version, 2, 'saved holding the pulled edit: the wiki\'s version is seen');
    await file.pull.execute();
    assert.match(lastMessage(), /^Nothing to pull/, lastMessage());
    assert.doesNotMatch(document.getText(), /<<<<<<<|>>>>>>>/);
  });
  it('a page renamed on the wiki: Pull takes its text and says the publish would make a second page, not "without a warning"', async () => {
    const file = await published('renamed.md', TEXT.replace('  pageTitle: Release notes\n', '  pageTitle: Release notes, renamed\n'));
    const page = signedIn.world.sandbox.pages().find((candidate) => candidate.id === file.page);
    assert.ok(page);
    signedIn.world.sandbox.editPageOnWiki(file.page, page.imported.replace(page.markdown, COLLEAGUE(page.markdown)), { title: 'Release notes (archived)' });
    await file.pull.execute(file.uri);
    assert.match(lastMessage(), /But the page is titled "Release notes \(archived\)" on the wiki now, not "Release notes, renamed": the service finds a page by its title, so publishing would make a second page\./, lastMessage());
  });
});
