// The editor's two walks, the Explorer's folder publish (collectMarkdown) and the Wiki Pages view's refresh
// (workspaceScan), read files.exclude and .gitignore through the core's matcher, on the extension host: hostile
// patterns that would keep a backtracking matcher busy for minutes cost bounded work, both walks take the same files,
// and a files.exclude pattern too long to match refuses what it could hide instead of publishing it.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { MAX_PATTERN_LENGTH, matcherWork } from '../../src/core/pattern/nfa';
import { installWorkspaceVscode, type FakeWorkspace } from '../support/fakeWorkspaceVscode';
import { FakeUri } from '../support/vscodeDiskFs';

const DEEP = Array.from({ length: 20 }, (_, index) => `d${index}`).join('/');
const HOSTILE_GLOB = `**/*${'a*'.repeat(12)}b.md`;
const LINES = [`docs/${'**/'.repeat(40)}never.md`, `*${'x*'.repeat(12)}y.md`];
const FILES: Record<string, string> = {
  '.git/HEAD': 'ref: refs/heads/main\n',
  '.gitignore': `${LINES.join('\n')}\n`,
  'docs/a.md': '# A\n',
  'docs/hidden/b.md': '# Hidden by files.exclude\n',
  'docs/off/c.md': '# files.exclude switched off\n',
  [`docs/${'a'.repeat(196)}.md`]: '# Many a, no b\n',
  [`docs/${'a'.repeat(100)}b.md`]: '# Hidden by the hostile glob\n',
  [`docs/${DEEP}/${'x'.repeat(150)}.md`]: '# Many x, no y\n',
  [`docs/${DEEP}/${'x'.repeat(12)}y.md`]: '# Ignored by .gitignore\n',
};
const TAKEN = ['docs/a.md', `docs/${'a'.repeat(196)}.md`, `docs/${DEEP}/${'x'.repeat(150)}.md`, 'docs/off/c.md'].sort();

describe('the editor\'s walks match patterns with the core\'s matcher', () => {
  let folder: string;
  let restore: () => void = () => undefined;
  const workspace: FakeWorkspace = { folder: '', exclude: {} };
  let editor: {
    readSelection: typeof import('../../src/editor/publish/collectMarkdown').readSelection;
    scanWorkspace: typeof import('../../src/editor/wikiPages/workspaceScan').scanWorkspace;
  };

  before(async () => {
    folder = await mkdtemp(join(tmpdir(), 'wiki-publisher-editor-patterns-'));
    for (const [path, text] of Object.entries(FILES)) {
      await mkdir(dirname(join(folder, path)), { recursive: true });
      await writeFile(join(folder, path), text);
    }
    workspace.folder = folder;
    restore = installWorkspaceVscode(workspace);
    const [collect, scan] = await Promise.all([import('../../src/editor/publish/collectMarkdown'), import('../../src/editor/wikiPages/workspaceScan')]);
    editor = { readSelection: collect.readSelection, scanWorkspace: scan.scanWorkspace };
  });
  after(async () => {
    restore();
    await rm(folder, { recursive: true, force: true });
  });
  beforeEach(() => {
    workspace.exclude = { '**/hidden': true, [HOSTILE_GLOB]: true, '**/off/**': false };
  });

  const docs = (): Parameters<typeof editor.readSelection>[0] => [new FakeUri(join(folder, 'docs'))] as never;

  it('the folder publish skips what files.exclude hides and .gitignore ignores, in bounded matcher work', async () => {
    const before = matcherWork();
    const read = await editor.readSelection(docs());
    const work = matcherWork() - before;
    assert.ok(read.ok);
    assert.deepEqual(read.sources.map((source) => [source.label, source.readProblem]), TAKEN.map((label) => [label, undefined]));
    // 24 entries, each path and name matched against three globs and two lines at most once.
    const longest = `docs/${DEEP}/${'x'.repeat(150)}.md`.length + 1;
    const patterns = [HOSTILE_GLOB, '**/hidden', '**/off/**', ...LINES].reduce((sum, pattern) => sum + pattern.length + 1, 0);
    assert.ok(work <= 24 * 2 * 4 * longest * patterns, `${work} steps`);
  });

  it('the Wiki Pages refresh takes the same files', async () => {
    const scan = await editor.scanWorkspace(new AbortController().signal);
    assert.deepEqual(scan.files.map((file) => file.label).sort(), TAKEN);
  });

  it('a files.exclude pattern too long to match: the folder publish refuses what it could hide, naming the setting', async () => {
    workspace.exclude = { '**/hidden': true, [`**/${'z'.repeat(MAX_PATTERN_LENGTH)}`]: true };
    const read = await editor.readSelection(docs());
    assert.ok(read.ok);
    const refused = read.sources.filter((source) => source.readProblem !== undefined);
    assert.equal(refused.length, read.sources.length, 'nothing is published that the pattern might hide');
    assert.ok(!read.sources.some((source) => source.label === 'docs/hidden/b.md'), 'what a pattern taken hides stays hidden');
    assert.equal(refused[0]?.readProblem, `${refused[0]?.label} is refused: files.exclude holds a pattern longer than 1000 characters, which is not matched, so whether it hides the file cannot be told. Shorten the pattern to publish the file.`);
  });
});
