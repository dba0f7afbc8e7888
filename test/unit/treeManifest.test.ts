// The page tree's view of the manifest: the root target written with the first page (a dry run or a cancelled run
// leaves no file), every page written as it lands, the count for "commit it", and writing turned off.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseManifest, serializeManifest } from '../../src/core/tree/manifest';
import { nodeManifestFiles } from '../../src/core/tree/manifestNodeFs';
import { openManifest } from '../../src/core/tree/pageManifest';

describe('the page tree\'s manifest', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wiki-manifest-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes nothing until a page lands, then the root with it; every concurrent record lands', async () => {
    const path = join(dir, '.wiki-pages.json');
    const opened = await openManifest(nodeManifestFiles, path, { writing: true });
    assert.ok(opened.ok);
    const tree = opened.store.withRoot({ space: 'DOCS', parent: '1' });
    assert.deepEqual(await readdir(dir), [], 'planning alone writes no file');
    await Promise.all(Array.from({ length: 20 }, (_, n) => tree.record(`p${n}.md`, { id: String(100 + n), title: `P${n}` })));
    await tree.settled();
    const reread = parseManifest(await readFile(path, 'utf8'));
    assert.ok(reread.ok);
    assert.equal(reread.manifest.pages.size, 20);
    assert.deepEqual(reread.manifest.root, { space: 'DOCS', parent: '1' });
    assert.deepEqual((await readdir(dir)).sort(), ['.wiki-pages.json'], 'no temporary file left behind');
    assert.equal(tree.recordedCount(), 20);
  });

  it('with writing off keeps the file as it is and lists what it would have recorded', async () => {
    const path = join(dir, '.wiki-pages.json');
    await writeFile(path, serializeManifest({ root: { space: 'DOCS', parent: '1' }, pages: new Map([['a.md', { id: '11', title: 'A' }]]) }));
    const before = await readFile(path, 'utf8');
    const opened = await openManifest(nodeManifestFiles, path, { writing: false });
    assert.ok(opened.ok);
    const tree = opened.store.withRoot({ space: 'DOCS', parent: '1' });
    await tree.record('b.md', { id: '2', title: 'B' });
    assert.equal(await readFile(path, 'utf8'), before);
    assert.deepEqual(tree.pendingChanges(), [['b.md', { id: '2', title: 'B' }]]);
    assert.equal(tree.get('b.md')?.id, '2', 'the run still knows it');
    assert.equal(tree.recordedCount(), 0);
  });

  it('never records the tree\'s own parent page, which reading refuses: the file stays readable', async () => {
    // A file whose front matter names the parent page's own place lands on it; the page is still not one of the tree's.
    const path = join(dir, '.wiki-pages.json');
    const opened = await openManifest(nodeManifestFiles, path, { writing: true });
    assert.ok(opened.ok);
    const tree = opened.store.withRoot({ space: 'DOCS', parent: '1' });
    await tree.record('a.md', { id: '11', title: 'A' });
    await tree.record('home.md', { id: '1', title: 'Home' });
    await tree.settled();
    const reread = parseManifest(await readFile(path, 'utf8'));
    assert.ok(reread.ok, reread.ok ? '' : reread.message);
    assert.deepEqual([...reread.manifest.pages.keys()], ['a.md']);
    assert.equal(tree.recordedCount(), 1);
  });

  it('--retarget starts a new tree: the old entries are dropped, the new root recorded with the first page, not before', async () => {
    const path = join(dir, '.wiki-pages.json');
    await writeFile(path, serializeManifest({ root: { space: 'DOCS', parent: '1' }, pages: new Map([['a.md', { id: '11', title: 'A' }]]) }));
    const opened = await openManifest(nodeManifestFiles, path, { writing: true });
    assert.ok(opened.ok);
    const tree = await opened.store.emptied({ space: 'ENG', parent: '2' });
    const before = await readFile(path, 'utf8');
    await tree.settled();
    // Until a page of the new tree lands, the file keeps the old tree (a refused or stopped run leaves it so).
    assert.equal(await readFile(path, 'utf8'), before);
    assert.equal(tree.get('a.md'), undefined, 'the old pages are not this run\'s');
    assert.deepEqual(tree.entries(), []);
    await tree.record('a.md', { id: '9', title: 'A' });
    await tree.settled();
    const reread = parseManifest(await readFile(path, 'utf8'));
    assert.ok(reread.ok);
    assert.deepEqual(reread.manifest.root, { space: 'ENG', parent: '2' });
    assert.deepEqual([...reread.manifest.pages], [['a.md', { id: '9', title: 'A' }]]);
  });
});
