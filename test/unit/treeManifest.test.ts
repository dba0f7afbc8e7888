// The page tree's view of the manifest: the root target written with the first page (a dry run or a cancelled run
// leaves no file), every page written as it lands, the count for "commit it", and writing turned off.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseManifest, serializeManifest } from '../../src/core/tree/manifest';
import { nodeManifestFiles } from '../../src/core/tree/manifestNodeFs';
import { manifestAncestors } from '../../src/cli/fileLinks';
import { openManifest, openTreeManifest } from '../../src/core/tree/pageManifest';

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
    const opened = await openManifest(nodeManifestFiles(dir), path, { writing: true });
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
    const opened = await openManifest(nodeManifestFiles(dir), path, { writing: false });
    assert.ok(opened.ok);
    const tree = opened.store.withRoot({ space: 'DOCS', parent: '1' });
    await tree.record('b.md', { id: '2', title: 'B' });
    assert.equal(await readFile(path, 'utf8'), before);
    assert.deepEqual(tree.pendingChanges(), [['b.md', { id: '2', title: 'B' }]]);
    assert.equal(tree.get('b.md')?.id, '2', 'the run still knows it');
    assert.equal(tree.recordedCount(), 0);
  });

  it('a file that cannot be written: nothing is counted as recorded, and every page ID is listed as not recorded, the first one\'s too', async () => {
    const refusing = { read: async (): Promise<undefined> => undefined, write: async (): Promise<void> => Promise.reject(new Error('EACCES: permission denied')) };
    const opened = await openManifest(refusing, join(dir, '.wiki-pages.json'), { writing: true });
    assert.ok(opened.ok);
    const tree = opened.store.withRoot({ space: 'DOCS', parent: '1' });
    const outcomes = await Promise.allSettled([tree.record('a.md', { id: '11', title: 'A' }), tree.record('b.md', { id: '12', title: 'B' })]);
    await tree.record('c.md', { id: '13', title: 'C' }).catch(() => undefined);
    assert.deepEqual(outcomes.map((outcome) => outcome.status), ['rejected', 'rejected'], 'each record says its write failed');
    await assert.rejects(tree.settled(), /EACCES/);
    assert.equal(tree.recordedCount(), 0, 'never "recorded ... commit it" for a file that is not there');
    assert.deepEqual(tree.pendingChanges(), [['a.md', { id: '11', title: 'A' }], ['b.md', { id: '12', title: 'B' }], ['c.md', { id: '13', title: 'C' }]]);
  });

  it('never records the tree\'s own parent page, which reading refuses: the file stays readable', async () => {
    // A file whose front matter names the parent page's own place lands on it; the page is still not one of the tree's.
    const path = join(dir, '.wiki-pages.json');
    const opened = await openManifest(nodeManifestFiles(dir), path, { writing: true });
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
    const opened = await openManifest(nodeManifestFiles(dir), path, { writing: true });
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

  describe('of a folder inside a tree published from further up', () => {
    const upper = (): string => serializeManifest({
      root: { space: 'DOCS', parent: '1' },
      pages: new Map([
        ['README.md', { id: '10', title: 'Docs' }], ['guide/', { id: '20', title: 'Guide' }], ['guide/setup.md', { id: '21', title: 'Setup' }],
        ['guide/deep/', { id: '22', title: 'Deep' }], ['guide/deep/x.md', { id: '23', title: 'X' }], ['guides.md', { id: '30', title: 'Guides' }],
      ]),
    });
    const openGuide = async (wanted: { space?: string; parent?: string }, writing = true): ReturnType<typeof openTreeManifest> => {
      const guide = join(dir, 'guide');
      const ancestors = [{ folder: guide, manifestLocation: join(guide, '.wiki-pages.json'), relativePath: '' }, { folder: dir, manifestLocation: join(dir, '.wiki-pages.json'), relativePath: 'guide/' }];
      return openTreeManifest(nodeManifestFiles(dir), join(guide, '.wiki-pages.json'), ancestors, { writing }, wanted);
    };
    beforeEach(async () => {
      await writeFile(join(dir, '.wiki-pages.json'), upper());
    });

    it('reads the part below the folder, hung under the folder\'s recorded page, and records new pages in that file', async () => {
      const opened = await openGuide({});
      assert.ok(opened.ok);
      const tree = opened.store;
      assert.deepEqual(tree.rootTarget(), { space: 'DOCS', parent: '20' }, 'the folder\'s own page is where its tree hangs');
      assert.equal(tree.partKey, 'guide/');
      assert.deepEqual(tree.entries(), [['deep/', { id: '22', title: 'Deep' }], ['deep/x.md', { id: '23', title: 'X' }], ['setup.md', { id: '21', title: 'Setup' }]],
        'only the keys below it, relative to it: not its own page, nor a sibling whose name starts alike');
      assert.equal(tree.get('setup.md')?.id, '21');
      assert.equal(tree.get(''), undefined);
      const run = tree.withRoot({ space: 'DOCS', parent: '20' });
      await run.record('new.md', { id: '24', title: 'New' });
      await run.record('home.md', { id: '20', title: 'Guide' });
      await run.forget('deep/x.md');
      await run.settled();
      assert.equal(tree.location, join(dir, '.wiki-pages.json'));
      const reread = parseManifest(await readFile(join(dir, '.wiki-pages.json'), 'utf8'));
      assert.ok(reread.ok);
      assert.deepEqual(reread.manifest.root, { space: 'DOCS', parent: '1' }, 'the file\'s own root is left as it is');
      assert.deepEqual([...reread.manifest.pages.keys()], ['README.md', 'guide/', 'guide/deep/', 'guide/new.md', 'guide/setup.md', 'guides.md'],
        'the new page under the folder\'s key; the folder\'s own page never recorded again for a file of the part');
      assert.deepEqual(await readdir(dir), ['.wiki-pages.json'], 'no manifest of its own in the folder');
    });

    it('lists what writing would have recorded by the keys the file holds, with writing off', async () => {
      const opened = await openGuide({}, false);
      assert.ok(opened.ok);
      const run = opened.store.withRoot({ space: 'DOCS', parent: '20' });
      await run.record('new.md', { id: '24', title: 'New' });
      assert.deepEqual(run.pendingChanges(), [['guide/new.md', { id: '24', title: 'New' }]]);
      assert.equal(await readFile(join(dir, '.wiki-pages.json'), 'utf8'), upper());
    });

    it('is not that part when the run hangs the folder elsewhere, or the file above does not record the folder', async () => {
      for (const wanted of [{ parent: '1' }, { space: 'ENG', parent: '20' }]) {
        const opened = await openGuide(wanted);
        assert.ok(opened.ok);
        assert.equal(opened.store.partKey, undefined, JSON.stringify(wanted));
        assert.equal(opened.store.rootTarget(), undefined);
        assert.deepEqual(opened.store.entries(), []);
      }
      await writeFile(join(dir, '.wiki-pages.json'), serializeManifest({ root: { space: 'DOCS', parent: '1' }, pages: new Map([['other/', { id: '40', title: 'Other' }]]) }));
      const opened = await openGuide({});
      assert.ok(opened.ok);
      assert.equal(opened.store.partKey, undefined);
    });

    it('the command line looks from the folder up to the working folder, never above it', () => {
      const cwd = join(dir, 'repo');
      const at = (path: string): Array<[string, string]> => manifestAncestors(path, cwd).map((ancestor) => [ancestor.manifestLocation, ancestor.relativePath]);
      assert.deepEqual(at(`${join(cwd, 'docs', 'guide')}/`), [
        [join(cwd, 'docs', 'guide', '.wiki-pages.json'), ''], [join(cwd, 'docs', '.wiki-pages.json'), 'guide/'], [join(cwd, '.wiki-pages.json'), 'docs/guide/'],
      ]);
      assert.deepEqual(at(`${cwd}/`), [[join(cwd, '.wiki-pages.json'), '']], 'the working folder itself: its own only');
      assert.deepEqual(at(`${join(dir, 'elsewhere')}/`), [], 'outside the working folder: none');
    });

    it('keeps to the folder\'s own manifest when it has one', async () => {
      await mkdir(join(dir, 'guide'));
      await writeFile(join(dir, 'guide', '.wiki-pages.json'), serializeManifest({ root: { space: 'DOCS', parent: '20' }, pages: new Map([['a.md', { id: '50', title: 'A' }]]) }));
      const opened = await openGuide({});
      assert.ok(opened.ok);
      assert.equal(opened.store.partKey, undefined);
      assert.deepEqual(opened.store.entries(), [['a.md', { id: '50', title: 'A' }]]);
    });
  });
});
