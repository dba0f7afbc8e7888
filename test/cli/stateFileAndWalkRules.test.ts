// The two core pieces the command line adds: the --state record (a LinkStore on a JSON file) and the walk rules
// shared with the editor's folder publish.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseStateFile, StateFileLinkStore } from '../../src/core/links/stateFile';
import { compareRelativePaths, isMarkdownFileName, isSkippedFolderName } from '../../src/core/run/walkRules';

describe('walk rules', () => {
  it('takes Markdown files by extension, any case, and skips node_modules and dot-folders', () => {
    assert.deepEqual(['a.md', 'B.MD', 'c.markdown', 'd.mdown', 'e.mkd', 'f.txt', 'md', '.md', 'g.md.bak'].filter(isMarkdownFileName), ['a.md', 'B.MD', 'c.markdown', 'd.mdown', 'e.mkd']);
    assert.deepEqual(['node_modules', '.git', '.github', 'docs', 'modules'].filter(isSkippedFolderName), ['node_modules', '.git', '.github']);
  });

  it('orders paths the same on every machine (code units, not locale)', () => {
    assert.deepEqual(['b.md', 'B.md', 'a/z.md', 'a.md', 'ä.md'].sort(compareRelativePaths), ['B.md', 'a.md', 'a/z.md', 'b.md', 'ä.md']);
  });
});

describe('state file (--state)', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'wiki-publisher-state-'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  const link = { spaceId: 'DOCS', parentId: '123456', pageTitle: 'A', contentSha256: 'ab'.repeat(32), publishedAt: 1 };

  it('a missing file is an empty record, which is not written until something is set', async () => {
    const opened = await StateFileLinkStore.open(join(folder, 'sub', 'state.json'));
    assert.ok(opened.ok);
    assert.equal(await opened.store.get(join(folder, 'a.md')), undefined);
    await opened.store.save();
    await assert.rejects(stat(join(folder, 'sub', 'state.json')));
  });

  it('keeps links under paths relative to its folder, written atomically, and reads them back', async () => {
    const path = join(folder, 'state.json');
    const opened = await StateFileLinkStore.open(path);
    assert.ok(opened.ok);
    await opened.store.set(join(folder, 'docs', 'a.md'), link);
    await opened.store.save();
    assert.deepEqual(JSON.parse(await readFile(path, 'utf8')), { version: 1, files: { 'docs/a.md': link } });
    assert.deepEqual(await readdir(folder), ['state.json']);
    const again = await StateFileLinkStore.open(path);
    assert.ok(again.ok);
    assert.deepEqual(await again.store.get(join(folder, 'docs', 'a.md')), link);
    await again.store.delete(join(folder, 'docs', 'a.md'));
    await again.store.save();
    assert.deepEqual(JSON.parse(await readFile(path, 'utf8')).files, {});
  });

  it('lists its files in order write after write, as files are added, changed and removed between writes', async () => {
    const path = join(folder, 'state.json');
    const opened = await StateFileLinkStore.open(path);
    assert.ok(opened.ok);
    const { store } = opened;
    const listed = async (): Promise<string> => (await readFile(path, 'utf8')).split('\n').filter((line) => /^ {4}"/.test(line)).map((line) => (/"([^"]+)"/.exec(line) as RegExpExecArray)[1]).join(' ');
    await store.record(join(folder, 'm.md'), link);
    await store.record(join(folder, 'z.md'), link);
    await store.record(join(folder, 'a.md'), link);
    assert.equal(await listed(), 'a.md m.md z.md');
    await store.record(join(folder, 'm.md'), { ...link, pageTitle: 'M again' });
    assert.equal(await listed(), 'a.md m.md z.md');
    await store.delete(join(folder, 'm.md'));
    await store.record(join(folder, 'b.md'), link);
    assert.equal(await listed(), 'a.md b.md z.md');
    const reread = JSON.parse(await readFile(path, 'utf8')) as { files: Record<string, { pageTitle: string }> };
    assert.deepEqual(Object.keys(reread.files), ['a.md', 'b.md', 'z.md']);
    // The folder went away between writes (a CI step cleaning up): the next write makes it again.
    await rm(folder, { recursive: true, force: true });
    await store.record(join(folder, 'c.md'), link);
    assert.equal(await listed(), 'a.md b.md c.md z.md');
  });

  it('refuses a file that is not a record instead of emptying it, and drops single malformed entries', async () => {
    const path = join(folder, 'state.json');
    await writeFile(path, '{"version": 2, "files": {}}');
    const opened = await StateFileLinkStore.open(path);
    assert.equal(opened.ok, false);
    assert.equal(await readFile(path, 'utf8'), '{"version": 2, "files": {}}');
    assert.equal(parseStateFile('not json'), undefined);
    assert.equal(parseStateFile('[]'), undefined);
    const links = parseStateFile(JSON.stringify({ version: 1, files: { 'a.md': link, 'b.md': { spaceId: 'DOCS' } } }));
    assert.deepEqual([...(links?.keys() ?? [])], ['a.md']);
  });
});
