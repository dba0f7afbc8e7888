import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FolderPullBaseStore, type BaseFolder, type PullBase } from '../../src/core/pull';

/** A real folder on disk, as the editor's global storage is. */
function diskFolder(dir: string): BaseFolder {
  return {
    read: (name) => readFile(join(dir, name)),
    write: (name, bytes) => writeFile(join(dir, name), bytes),
    delete: (name) => unlink(join(dir, name)),
  };
}

const base = (version: number, savedAt: number, markdown = `# Page v${version}\n`): PullBase => ({ pageId: '42', version, markdown, savedAt });

describe('Pull bases kept in a folder', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pull-bases-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const markdownFiles = async (): Promise<string[]> => (await readdir(dir)).filter((name) => name.endsWith('.md'));

  it('keeps one base per file, read back by a new store (another window, a restart)', async () => {
    const store = new FolderPullBaseStore(diskFolder(dir));
    await store.set('file:///docs/a.md', base(1, 1));
    await store.set('file:///docs/a.md', base(2, 2));
    assert.deepEqual(await new FolderPullBaseStore(diskFolder(dir)).get('file:///docs/a.md'), base(2, 2));
    assert.equal((await markdownFiles()).length, 1, 'the older base of the same file is gone');
  });

  it('moves bases with a renamed folder and deletes them with a deleted one', async () => {
    const store = new FolderPullBaseStore(diskFolder(dir));
    await store.set('file:///docs/guide/a.md', base(1, 1));
    await store.set('file:///docs/guide/b.md', base(3, 2));
    await store.set('file:///docs/other.md', base(5, 3));
    await store.move('file:///docs/guide', 'file:///docs/manual');
    assert.equal(await store.get('file:///docs/guide/a.md'), undefined);
    assert.deepEqual(await store.get('file:///docs/manual/b.md'), base(3, 2));
    // A new file at the old name starts without a base, and never overwrites the moved one's.
    await store.set('file:///docs/guide/a.md', base(9, 4));
    assert.deepEqual(await store.get('file:///docs/manual/a.md'), base(1, 1));
    await store.forget('file:///docs/manual');
    assert.equal(await store.get('file:///docs/manual/a.md'), undefined);
    assert.equal((await markdownFiles()).length, 2, 'the deleted folder\'s base files are gone from disk');
  });

  it('stays bounded: the oldest bases go first', async () => {
    const store = new FolderPullBaseStore(diskFolder(dir), 3);
    for (let index = 1; index <= 5; index++) await store.set(`file:///docs/${index}.md`, base(index, index));
    assert.equal(await store.get('file:///docs/1.md'), undefined);
    assert.equal(await store.get('file:///docs/2.md'), undefined);
    assert.deepEqual(await store.get('file:///docs/5.md'), base(5, 5));
    assert.equal((await markdownFiles()).length, 3);
  });

  it('keeps the file as published beside its base, and deletes both when the base goes', async () => {
    const store = new FolderPullBaseStore(diskFolder(dir));
    const withFile: PullBase = { ...base(1, 1), fileText: '# Page v1\n\n- an item\n' };
    await store.set('file:///docs/a.md', withFile);
    assert.deepEqual(await new FolderPullBaseStore(diskFolder(dir)).get('file:///docs/a.md'), withFile);
    assert.equal((await markdownFiles()).length, 2);
    await store.set('file:///docs/a.md', base(2, 2));
    assert.deepEqual(await store.get('file:///docs/a.md'), base(2, 2), 'a base kept without the file has none');
    assert.equal((await markdownFiles()).length, 1, 'the earlier file went with its base');
    // A file name in the index is checked as a base's is: a hostile one is left out, the base still read.
    const index = JSON.parse(await readFile(join(dir, 'index.json'), 'utf8')) as Record<string, Record<string, unknown>>;
    (index['file:///docs/a.md'] as Record<string, unknown>).fileName = '../../etc/passwd';
    await writeFile(join(dir, 'index.json'), JSON.stringify(index));
    assert.deepEqual(await new FolderPullBaseStore(diskFolder(dir)).get('file:///docs/a.md'), base(2, 2));
  });

  it('reads a damaged or hostile index as no bases, never a path outside its folder', async () => {
    await writeFile(join(dir, 'index.json'), JSON.stringify({ 'file:///a.md': { pageId: '42', version: 1, savedAt: 1, name: '../../etc/passwd' } }));
    assert.equal(await new FolderPullBaseStore(diskFolder(dir)).get('file:///a.md'), undefined);
    await writeFile(join(dir, 'index.json'), '{ not json');
    assert.equal(await new FolderPullBaseStore(diskFolder(dir)).get('file:///a.md'), undefined);
  });
});
