// The Problems panel's links (issue 83, "Problems, not just a plan") against the sandbox wiki: a docs tree and a file
// published on its own through the editor's own ports (the walk over workspace.fs, the workspace's manifest port, the
// link store), then checked as the editor checks an open document. What the panel says is what the publish did: each
// link it names stays as written on the wiki's page, with the reason the run gave, and every link it does not name
// became a page link. Quick fixes are checked against the files on disk.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { identifyPage, withIdentity } from '../../src/core/links/pageIdentity';
import type { LinkProblem } from '../../src/core/problems/linkProblems';
import { planFile, type SourceFile } from '../../src/core/run/plan';
import { linkAfterPublish } from '../../src/core/run/publishedLink';
import { heldContent } from '../../src/core/run/plannedContent';
import { ThrottleGate } from '../../src/core/run/runner';
import { sendPlanned } from '../../src/core/run/send';
import type { TreeFileResult } from '../../src/core/tree/runTypes';
import { planFileLinks } from '../../src/core/run/fileLinks';
import { GlobalStateLinkStore } from '../../src/editor/publish/pageLinks';
import { MemoryMemento } from '../fakes/memoryMemento';
import { MemoryLogger } from '../fakes/memoryLogger';
import { EditorUri, fakeDocument, installEditorVscode, type FakeEditor } from '../support/fakeEditorWorkspace';
import { loadEditorTreeTools, planTreeAsEditor, publishTreeAsEditor, type EditorTreeTools } from '../support/editorTreePublish';
import { useSignedInWorld } from '../support/signedInWorld';

type Editor = {
  checkDocument: typeof import('../../src/editor/diagnostics/documentCheck').checkDocument;
  TreeCache: typeof import('../../src/editor/diagnostics/treeCache').TreeCache;
  linkFix: typeof import('../../src/core/problems/linkFixes').linkFix;
};

const INDEX = [
  '---',
  'title: Overview',
  '---',
  '# Overview',
  '',
  'Start with [setup](guide/setup.md), then [install](guide/instal.md) and [the same setup](Guide/setup.md).',
  'Read [auth](reference/api.md#authentification), [the details](#overview-detail) and [the guide](guide\\setup.md).',
  'See [contributing](../CONTRIBUTING.md), [the news](news.md) and <a href="guide/install.md">install</a>.',
  '',
  '![diagram](img/diagram.png)',
  '',
  '## Overview details',
  '',
].join('\n');

const TREE: Record<string, string> = {
  'docs/index.md': INDEX,
  'docs/guide/setup.md': '# Setup\n\nRun it.\n',
  'docs/guide/install.md': '# Install\n\nFirst this.\n',
  'docs/reference/api.md': '# API\n\n## Authentication\n\nUse a token.\n',
  'CONTRIBUTING.md': '# Contributing\n',
};

describe('the Problems panel\'s links against the sandbox wiki', () => {
  const signedIn = useSignedInWorld();
  const fakeEditor: FakeEditor = { folder: '', settings: {}, documents: [] };
  let restore: () => void = () => undefined;
  let editor: Editor;
  let tools: EditorTreeTools;
  let links: GlobalStateLinkStore;
  const log = new MemoryLogger();
  const deps = () => ({ links, log, wiki: { baseUrl: () => signedIn.world.sandbox.baseUrl, pages: async () => undefined } });
  const at = (path: string): string => join(fakeEditor.folder, path);

  before(async () => {
    restore = installEditorVscode(fakeEditor);
    tools = await loadEditorTreeTools();
    const [check, trees, fixes] = await Promise.all([
      import('../../src/editor/diagnostics/documentCheck'), import('../../src/editor/diagnostics/treeCache'), import('../../src/core/problems/linkFixes'),
    ]);
    editor = { checkDocument: check.checkDocument, TreeCache: trees.TreeCache, linkFix: fixes.linkFix };
  });
  after(() => restore());
  beforeEach(async () => {
    fakeEditor.folder = await mkdtemp(join(tmpdir(), 'wiki-publisher-problems-'));
    fakeEditor.documents = [];
    links = new GlobalStateLinkStore(new MemoryMemento() as never);
    await write(TREE);
  });
  afterEach(async () => {
    await rm(fakeEditor.folder, { recursive: true, force: true });
  });

  async function write(files: Record<string, string>): Promise<void> {
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(at(path)), { recursive: true });
      await writeFile(at(path), text);
    }
  }

  const planTree = (folderPath: string) => planTreeAsEditor(tools, signedIn, { links, deps: deps() }, new EditorUri(at(folderPath)));
  const publishTree = async (folderPath: string): Promise<TreeFileResult[]> => (await publishTreeAsEditor(tools, signedIn, { links, deps: deps() }, new EditorUri(at(folderPath)))).results;

  /** What the editor's Publish does with one file: plan, its links, send, link. */
  async function publishFile(path: string): Promise<void> {
    const source: SourceFile = { key: new EditorUri(at(path)).toString(), label: path, text: TREE_AND_NOTES[path] ?? '' };
    const item = planFile(source, undefined, { titleFromFile: true, defaults: { spaceId: 'DOCS', parentId: '123456', overwrite: true } });
    assert.ok(item.complete);
    const fileLinks = await planFileLinks([source], [item], { ...tools.editorFileLinkPorts(deps()), pageAccess: async () => false });
    const outcome = await sendPlanned(item, item.complete, { signal: new AbortController().signal, gate: new ThrottleGate(), content: fileLinks.rewrite(source.key, heldContent(item)) }, {
      endpoint: new URL(signedIn.world.sandbox.importEndpoint), token: signedIn.apiToken, transport: signedIn.transport, deadlineMs: 10_000,
    });
    assert.ok(outcome.kind === 'created' || outcome.kind === 'updated', outcome.message);
    // Signed in, the editor learns the new page's ID after the publish (PublishAnswer.identify).
    const published = linkAfterPublish(item, item.complete, Date.now(), outcome.kind);
    const identity = await identifyPage(signedIn.pages, item.complete);
    await links.set(source.key, identity ? withIdentity(published, identity) : published);
  }

  async function problemsOf(path: string, text: string, cache = new editor.TreeCache(), others: Record<string, string> = {}): Promise<{ problems: LinkProblem[]; inTree: boolean } | undefined> {
    const document = fakeDocument(at(path), text);
    fakeEditor.documents = [document, ...Object.entries(others).map(([other, otherText]) => fakeDocument(at(other), otherText))];
    return editor.checkDocument(document as never, deps(), cache);
  }

  const pageTitled = (title: string) => {
    const found = signedIn.world.sandbox.pages().find((page) => page.title === title && !page.deleted);
    assert.ok(found, `"${title}" is on the wiki`);
    return found;
  };
  const linkKinds = (problems: readonly LinkProblem[]) => problems.filter((problem) => problem.kind !== 'localImage' && problem.kind !== 'htmlLink')
    .map((problem) => `${problem.target} ${problem.kind}`).sort();

  it('a page of a published tree: the panel names the links its publish left as written, with the run\'s reasons, at their places', async () => {
    const run = await publishTree('docs');
    const overview = run.filter((result) => result.key === 'index.md').at(-1);
    assert.ok(overview);
    // A file added since: the next publish of the tree creates its page, so the link to it is no problem.
    await write({ 'docs/news.md': '# News\n' });
    const checked = await problemsOf('docs/index.md', INDEX);
    assert.ok(checked);
    assert.equal(checked.inTree, true);
    const expected = [
      'guide/instal.md noFile', 'Guide/setup.md noFile', 'reference/api.md#authentification unknownAnchor', '#overview-detail unknownOwnAnchor',
      'guide\\setup.md backslashPath', '../CONTRIBUTING.md outsideRun',
    ].sort();
    assert.deepEqual(linkKinds(checked.problems), expected);
    // The news page did not exist when the tree went out; every other reason is the one the run gave.
    assert.deepEqual(overview.linkCautions.filter((caution) => caution.target !== 'news.md').map((caution) => `${caution.target} ${caution.reason}`).sort(), expected);
    const sent = pageTitled('Overview').markdown;
    for (const problem of checked.problems.filter((each) => each.kind !== 'localImage' && each.kind !== 'htmlLink' && each.kind !== 'unknownAnchor')) {
      assert.ok(sent.includes(`](${problem.target})`), `${problem.target} stays as written on the wiki:\n${sent}`);
    }
    // The link to a heading the page lacks reaches the page, at its top.
    assert.ok(sent.includes(`/pages/${pageTitled('API').id}/API#authentification)`), sent);
    assert.ok(!sent.includes('](guide/setup.md)'), 'the link the panel does not name went to its page');
    assert.ok(sent.includes(`/pages/${pageTitled('Setup').id}/Setup)`), sent);
    // Each at the destination as the file writes it, front matter counted; the image and the HTML link too.
    for (const problem of checked.problems) {
      const written = problem.angle ? `<${problem.target}>` : problem.target;
      assert.equal(INDEX.slice(problem.start, problem.end), written);
    }
    assert.deepEqual(checked.problems.filter((problem) => problem.kind === 'localImage' || problem.kind === 'htmlLink').map((problem) => `${problem.target} ${problem.kind}`),
      ['guide/install.md htmlLink', 'img/diagram.png localImage']);
    // The confirmation's cautions name the same links (up to three of each kind).
    const planned = (await planTree('docs')).plan.pages.find((page) => page.key === 'index.md');
    const named = planned?.item.cautions.filter((caution) => caution.code === 'localLinks').flatMap((caution) => caution.targets ?? []) ?? [];
    assert.ok(named.length >= 3 && named.every((target) => expected.some((each) => each.startsWith(`${target} `))), named.join(', '));
    // The next publish creates News, as the panel said, and leaves the same links as written.
    const again = await publishTree('docs');
    assert.ok(again.some((result) => result.key === 'news.md' && result.state === 'published'));
    assert.deepEqual(again.filter((result) => result.key === 'index.md').at(-1)?.linkCautions.map((caution) => `${caution.target} ${caution.reason}`).sort(), expected);
    assert.ok(pageTitled('Overview').markdown.includes(`/pages/${pageTitled('News').id}/News)`), 'the news link reaches its new page');
  });

  it('the panel follows the text as typed, before it is saved', async () => {
    await publishTree('docs');
    const edited = INDEX.replace('[install](guide/instal.md)', '[install](guide/install.md)').replace('(#overview-detail)', '(#overview-details)');
    const checked = await problemsOf('docs/index.md', edited);
    assert.deepEqual(linkKinds(checked?.problems ?? []), [
      '../CONTRIBUTING.md outsideRun', 'Guide/setup.md noFile', 'guide\\setup.md backslashPath', 'news.md noFile', 'reference/api.md#authentification unknownAnchor',
    ].sort());
  });

  it('a tree\'s plan is kept between checks: prose and headings are checked against it; a changed link or a change on disk plans it again', async () => {
    await publishTree('docs');
    const cache = new editor.TreeCache();
    let plans = 0;
    const plan = cache.plan.bind(cache);
    cache.plan = (folder, make, again) => plan(folder, () => {
      plans++;
      return make();
    }, again);
    const kinds = async (text: string) => linkKinds((await problemsOf('docs/index.md', text, cache))?.problems ?? []);
    const first = await kinds(INDEX);
    assert.equal(plans, 1);
    // Prose typed, and the heading the own link names: checked against the kept plan, with the headings as typed now.
    const prose = INDEX.replace('## Overview details', '## Overview detail\n\nMore words.');
    assert.deepEqual(await kinds(prose), first.filter((kind) => kind !== '#overview-detail unknownOwnAnchor'));
    assert.equal(plans, 1);
    // A link typed: the tree is planned again, and the new link is checked as the publish would check it.
    assert.deepEqual(await kinds(prose.replace('[the news](news.md)', '[the news](news.md) and [more](guide/more.md)')),
      [...first.filter((kind) => kind !== '#overview-detail unknownOwnAnchor'), 'guide/more.md noFile'].sort());
    assert.equal(plans, 2);
    // The file it names appears on disk: the tree is read and planned again, and the link reaches a page to be.
    await write({ 'docs/guide/more.md': '# More\n' });
    cache.changed(new EditorUri(at('docs/guide/more.md')) as never);
    assert.deepEqual(await kinds(prose.replace('[the news](news.md)', '[the news](news.md) and [more](guide/more.md)')), first.filter((kind) => kind !== '#overview-detail unknownOwnAnchor'));
    assert.equal(plans, 3);
    // Another open file of the tree edited, unsaved: the heading typed there is what the link to it is checked against.
    const moreWords = prose.replace('[the news](news.md)', '[the news](news.md) and [more](guide/more.md)');
    const api = { 'docs/reference/api.md': '# API\n\n## Authentification\n\nUse a token.\n' };
    assert.deepEqual(await kinds(moreWords), first.filter((kind) => kind !== '#overview-detail unknownOwnAnchor'));
    assert.equal(plans, 3);
    assert.deepEqual(linkKinds((await problemsOf('docs/index.md', moreWords, cache, api))?.problems ?? []),
      first.filter((kind) => kind !== '#overview-detail unknownOwnAnchor' && kind !== 'reference/api.md#authentification unknownAnchor'));
    assert.equal(plans, 4);
  });

  it('a file of a tree that the tree\'s walk leaves out (.gitignore) has no problems: it is no page', async () => {
    await publishTree('docs');
    await write({ 'docs/.gitignore': 'drafts/\n', 'docs/drafts/plan.md': '# Plan\n\n[gone](nowhere.md)\n', '.git/HEAD': 'ref: refs/heads/main\n' });
    assert.equal(await problemsOf('docs/drafts/plan.md', '# Plan\n\n[gone](nowhere.md)\n'), undefined);
  });

  const NOTES = '# Notes\n\nSee [the overview](docs/index.md), [the draft](draft.md), [gone](missing.md) and [above](../elsewhere.md).\n\n![logo](logo.png)\n';
  const TREE_AND_NOTES: Record<string, string> = { ...TREE, 'notes.md': NOTES, 'draft.md': '# Draft\n' };

  it('a file published on its own: the panel names what its publish left as written; a file never published has no problems', async () => {
    await write({ 'notes.md': NOTES, 'draft.md': '# Draft\n' });
    // Never published, naming no page: its first publish says its cautions itself.
    assert.equal(await problemsOf('notes.md', NOTES), undefined);
    await publishTree('docs');
    await publishFile('notes.md');
    const checked = await problemsOf('notes.md', NOTES);
    assert.ok(checked);
    assert.equal(checked.inTree, false);
    assert.deepEqual(linkKinds(checked.problems), ['../elsewhere.md outsideRun', 'draft.md noPageYet', 'missing.md noFile']);
    assert.deepEqual(checked.problems.filter((problem) => problem.kind === 'localImage').map((problem) => problem.target), ['logo.png']);
    const sent = pageTitled('Notes').markdown;
    for (const target of ['draft.md', 'missing.md', '../elsewhere.md', 'logo.png']) assert.ok(sent.includes(`](${target})`), `${target} stays as written:\n${sent}`);
    assert.ok(sent.includes(`/pages/${pageTitled('Overview').id}/Overview)`), 'the link to the tree\'s page went to it');
    // Draft published: the link to it reaches its page now, and the panel no longer names it.
    await publishFile('draft.md');
    assert.deepEqual(linkKinds((await problemsOf('notes.md', NOTES))?.problems ?? []), ['../elsewhere.md outsideRun', 'missing.md noFile']);
  });

  it('a file that names its page in front matter is a page to be before its first publish', async () => {
    const text = '---\nwiki:\n  spaceId: DOCS\n  parentId: "123456"\n---\n# Plan\n\n[gone](nowhere.md)\n';
    await write({ 'plan.md': text });
    const checked = await problemsOf('plan.md', text);
    assert.deepEqual(linkKinds(checked?.problems ?? []), ['nowhere.md noFile']);
    assert.equal(text.slice(checked?.problems[0]?.start, checked?.problems[0]?.end), 'nowhere.md');
  });

  it('quick fixes: the nearest heading, a name\'s case or typo as on disk, / for \\; none for a link that leaves the folder', async () => {
    await publishTree('docs');
    const checked = await problemsOf('docs/index.md', INDEX);
    const folder = new EditorUri(at('docs'));
    const fixes = new Map<string, string | undefined>();
    for (const problem of checked?.problems ?? []) fixes.set(problem.target, await editor.linkFix(problem, INDEX, folder as never, tools.lookUpFs()));
    assert.deepEqual(Object.fromEntries(fixes), {
      'guide/instal.md': 'guide/install.md',
      'Guide/setup.md': 'guide/setup.md',
      'reference/api.md#authentification': 'reference/api.md#authentication',
      '#overview-detail': '#overview-details',
      'guide\\setup.md': 'guide/setup.md',
      '../CONTRIBUTING.md': undefined,
      'guide/install.md': undefined,
      'img/diagram.png': undefined,
      'news.md': undefined,
    });
    // Each fix is what the panel then finds nothing wrong with.
    let fixed = INDEX;
    for (const [target, destination] of fixes) if (destination !== undefined) fixed = fixed.replace(`](${target})`, `](${destination})`);
    assert.deepEqual(linkKinds((await problemsOf('docs/index.md', fixed))?.problems ?? []), ['../CONTRIBUTING.md outsideRun', 'news.md noFile']);
  });
});
