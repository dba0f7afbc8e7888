// The two core pieces the command line adds: the --state record (a LinkStore on a JSON file) and the walk rules
// shared with the editor's folder publish.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseStateFile, StateFileLinkStore } from '../../src/core/links/stateFile';
import { compareRelativePaths, isMarkdownFileName, isSkippedFolderName } from '../../src/core/walk/walkRules';

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
  // The record's folder is one folder of the working tree (a run writes only inside it), so it can go away between writes.
  let tree: string;
  let folder: string;
  beforeEach(async () => {
    tree = await mkdtemp(join(tmpdir(), 'wiki-publisher-state-'));
    folder = join(tree, 'ci');
    await mkdir(folder);
  });
  afterEach(async () => {
    await rm(tree, { recursive: true, force: true });
  });
  const open = (path: string) => StateFileLinkStore.open(path, { cwd: tree, workingTree: tree });

  const link = { spaceId: 'DOCS', parentId: '123456', pageTitle: 'A', contentSha256: 'ab'.repeat(32), publishedAt: 1 };

  it('a missing file is an empty record, which is not written until something is set', async () => {
    const opened = await open(join(folder, 'sub', 'state.json'));
    assert.ok(opened.ok);
    assert.equal(await opened.store.get(join(folder, 'a.md')), undefined);
    await opened.store.save();
    await assert.rejects(stat(join(folder, 'sub', 'state.json')));
  });

  it('keeps links under paths relative to its folder, written atomically, and reads them back', async () => {
    const path = join(folder, 'state.json');
    const opened = await open(path);
    assert.ok(opened.ok);
    await opened.store.set(join(folder, 'docs', 'a.md'), link);
    await opened.store.save();
    assert.deepEqual(JSON.parse(await readFile(path, 'utf8')), { version: 1, files: { 'docs/a.md': link } });
    assert.deepEqual(await readdir(folder), ['state.json']);
    const again = await open(path);
    assert.ok(again.ok);
    assert.deepEqual(await again.store.get(join(folder, 'docs', 'a.md')), link);
    await again.store.delete(join(folder, 'docs', 'a.md'));
    await again.store.save();
    assert.deepEqual(JSON.parse(await readFile(path, 'utf8')).files, {});
  });

  it('lists its files in order save after save, as files are added, changed and removed between saves', async () => {
    const path = join(folder, 'state.json');
    const opened = await open(path);
    assert.ok(opened.ok);
    const { store } = opened;
    const listed = async (): Promise<string> => (await readFile(path, 'utf8')).split('\n').filter((line) => /^ {4}"/.test(line)).map((line) => (/"([^"]+)"/.exec(line) as RegExpExecArray)[1]).join(' ');
    await store.record(join(folder, 'm.md'), link);
    await store.record(join(folder, 'z.md'), link);
    await store.record(join(folder, 'a.md'), link);
    await store.save();
    assert.equal(await listed(), 'a.md m.md z.md');
    await store.record(join(folder, 'm.md'), { ...link, pageTitle: 'M again' });
    await store.save();
    assert.equal(await listed(), 'a.md m.md z.md');
    await store.delete(join(folder, 'm.md'));
    await store.record(join(folder, 'b.md'), link);
    await store.save();
    assert.equal(await listed(), 'a.md b.md z.md');
    const reread = JSON.parse(await readFile(path, 'utf8')) as { files: Record<string, { pageTitle: string }> };
    assert.deepEqual(Object.keys(reread.files), ['a.md', 'b.md', 'z.md']);
    // The folder went away between writes (a CI step cleaning up): the next write makes it again.
    await rm(folder, { recursive: true, force: true });
    await store.record(join(folder, 'c.md'), link);
    await store.save();
    assert.equal(await listed(), 'a.md b.md c.md z.md');
  });

  describe('its journal (what must be on disk before a send, written without rewriting the record)', () => {
    const reopen = async (path: string): Promise<StateFileLinkStore> => {
      const opened = await open(path);
      assert.ok(opened.ok, opened.ok ? '' : opened.message);
      return opened.store;
    };

    it('a link recorded, or forgotten, is read by the next run of a run killed before it saved; its save folds the journal into the record', async () => {
      const path = join(folder, 'state.json');
      const first = await reopen(path);
      await first.record(join(folder, 'a.md'), link);
      await first.record(join(folder, 'b.md'), link);
      await first.save();
      const before = await readFile(path, 'utf8');
      // The killed run: a mark and a change recorded, a link forgotten, never saved.
      await first.record(join(folder, 'c.md'), { ...link, pageTitle: 'C' });
      await first.record(join(folder, 'a.md'), { ...link, pageTitle: 'A again' });
      await first.forget(join(folder, 'b.md'));
      assert.equal(await readFile(path, 'utf8'), before, 'the record itself is not rewritten for each of them');
      assert.deepEqual((await readdir(folder)).sort(), ['state.json', 'state.json.journal']);

      const next = await reopen(path);
      assert.equal((await next.get(join(folder, 'a.md')))?.pageTitle, 'A again');
      assert.equal(await next.get(join(folder, 'b.md')), undefined);
      assert.equal((await next.get(join(folder, 'c.md')))?.pageTitle, 'C');
      await next.save();
      assert.deepEqual(await readdir(folder), ['state.json'], 'the journal is gone once folded');
      const files = (JSON.parse(await readFile(path, 'utf8')) as { files: Record<string, { pageTitle: string }> }).files;
      assert.deepEqual(Object.entries(files).map(([key, each]) => `${key}=${each.pageTitle}`), ['a.md=A again', 'c.md=C']);
    });

    it('drops a last line cut off by the kill, and does not glue the next run\'s lines to it', async () => {
      const path = join(folder, 'state.json');
      const line = (file: string, pageTitle: string): string => `${JSON.stringify({ file, link: { ...link, pageTitle } })}\n`;
      await writeFile(`${path}.journal`, `${line('a.md', 'A')}not an entry\n${line('b.md', 'B').slice(0, 30)}`);
      const store = await reopen(path);
      assert.equal((await store.get(join(folder, 'a.md')))?.pageTitle, 'A');
      assert.equal(await store.get(join(folder, 'b.md')), undefined, 'the cut line never finished');
      // Killed again after one more mark.
      await store.record(join(folder, 'c.md'), { ...link, pageTitle: 'C' });
      const next = await reopen(path);
      assert.deepEqual([(await next.get(join(folder, 'a.md')))?.pageTitle, (await next.get(join(folder, 'c.md')))?.pageTitle], ['A', 'C']);
    });

    it('is folded into the record as it grows, so a long run writes in proportion to its size, not its square', async () => {
      const path = join(folder, 'state.json');
      const store = await reopen(path);
      const count = 3000;
      let largestJournal = 0;
      // Each rewrite of the record is a new file renamed over it: seen as another modification time or file.
      const recordWrites = new Set<string>();
      for (let index = 0; index < count; index++) {
        await store.record(join(folder, `docs/page-${String(index).padStart(4, '0')}.md`), { ...link, pageTitle: `Page ${index}` });
        largestJournal = Math.max(largestJournal, (await stat(`${path}.journal`).catch(() => undefined))?.size ?? 0);
        const record = await stat(path, { bigint: true }).catch(() => undefined);
        if (record) recordWrites.add(`${record.ino}:${record.mtimeNs}`);
      }
      const recordSize = (await stat(path)).size;
      // About 900 KB of links in all: folded a few times as the journal catches up with the record, not once per link.
      assert.ok(recordWrites.size >= 1 && recordWrites.size <= 12, `the record was written ${recordWrites.size} times for ${count} links`);
      // Never much more than the record it is folded into (and a quarter of a megabyte while the record is smaller).
      assert.ok(largestJournal <= Math.max(256 * 1024, recordSize) + 1024, `journal up to ${largestJournal} bytes, record ${recordSize}`);
      const next = await reopen(path);
      assert.equal((await next.get(join(folder, 'docs/page-2999.md')))?.pageTitle, 'Page 2999');
      await next.save();
      assert.equal(Object.keys((JSON.parse(await readFile(path, 'utf8')) as { files: object }).files).length, count);
    });

    it('refuses a journal it cannot read, naming it, and leaves both files as they are', async () => {
      const path = join(folder, 'state.json');
      await writeFile(path, JSON.stringify({ version: 1, files: { 'a.md': link } }));
      await mkdir(`${path}.journal`);
      const opened = await open(path);
      assert.equal(opened.ok, false);
      // Refused as a path the journal cannot be written at, before anything is read.
      assert.match(opened.ok ? '' : opened.message, /^--state .*state\.json: ci\/state\.json\.journal is a folder, pipe, socket or device, not a regular file/);
      assert.deepEqual(JSON.parse(await readFile(path, 'utf8')), { version: 1, files: { 'a.md': link } });
    });
  });

  it('refuses a file that is not a record instead of emptying it, and drops single malformed entries', async () => {
    const path = join(folder, 'state.json');
    await writeFile(path, '{"version": 2, "files": {}}');
    const opened = await open(path);
    assert.equal(opened.ok, false);
    assert.equal(await readFile(path, 'utf8'), '{"version": 2, "files": {}}');
    assert.equal(parseStateFile('not json'), undefined);
    assert.equal(parseStateFile('[]'), undefined);
    const links = parseStateFile(JSON.stringify({ version: 1, files: { 'a.md': link, 'b.md': { spaceId: 'DOCS' } } }));
    assert.deepEqual([...(links?.keys() ?? [])], ['a.md']);
  });
});
