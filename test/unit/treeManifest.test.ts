// The page manifest (.wiki-pages.json): identity in the repository, readable diffs, refusals of anything malformed,
// writes as pages land (coalesced, never half a file), and writing turned off.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeManifestPort } from '../../src/cli/manifestFile';
import { openManifest, parseManifest, serializeManifest, type ManifestPort } from '../../src/core/tree/pageManifest';

describe('the page manifest', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wiki-manifest-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes one sorted entry per line, so adding a page changes one line', () => {
    const pages = new Map([['guide/setup.md', { id: '12', title: 'Setup' }], ['guide/', { id: '11', title: 'Guide' }]]);
    const before = serializeManifest({ space: 'DOCS', parent: '1' }, pages);
    assert.equal(before, '{\n  "version": 1,\n  "space": "DOCS",\n  "parent": "1",\n  "pages": {\n    "guide/": {"id":"11","title":"Guide"},\n    "guide/setup.md": {"id":"12","title":"Setup"}\n  }\n}\n');
    const after = serializeManifest({ space: 'DOCS', parent: '1' }, new Map([...pages, ['guide/install.md', { id: '13', title: 'Install' }]]));
    const added = after.split('\n').filter((line) => !before.split('\n').includes(line));
    assert.deepEqual(added, ['    "guide/install.md": {"id":"13","title":"Install"},']);
    const parsed = parseManifest(after);
    assert.ok(parsed.ok);
    assert.equal(parsed.data.pages.get('guide/install.md')?.id, '13');
  });

  it('refuses what a teammate must fix, never empties it', () => {
    const refused = (text: string) => {
      const parsed = parseManifest(text);
      return parsed.ok ? 'accepted' : parsed.message;
    };
    assert.match(refused('{"version":1,"pages":{"a.md":{"id":"1"}}\n<<<<<<< HEAD\n'), /merge conflict markers/);
    assert.match(refused('not json'), /not a wiki-publisher page manifest/);
    assert.match(refused('{"version":2,"pages":{}}'), /version 1/);
    assert.match(refused('{"version":1,"pages":{"a.md":{"id":"x1"}}}'), /no page ID of digits/);
    assert.match(refused('{"version":1,"pages":{"../a.md":{"id":"1"}}}'), /not a path inside the folder/);
    assert.match(refused('{"version":1,"pages":{"/etc/a.md":{"id":"1"}}}'), /not a path inside the folder/);
    assert.match(refused('{"version":1,"pages":{"a\\\\b.md":{"id":"1"}}}'), /not a path inside the folder/);
  });

  it('records each page at once, atomically, and every concurrent record lands', async () => {
    const path = join(dir, '.wiki-pages.json');
    const opened = await openManifest(nodeManifestPort, path, { writing: true });
    assert.ok(opened.ok);
    const store = opened.store.withRoot({ space: 'DOCS', parent: '1' });
    await Promise.all(Array.from({ length: 20 }, (_, n) => store.record(`p${n}.md`, { id: String(100 + n), title: `P${n}` })));
    await store.settled();
    const reread = parseManifest(await readFile(path, 'utf8'));
    assert.ok(reread.ok);
    assert.equal(reread.data.pages.size, 20);
    assert.deepEqual(reread.data.root, { space: 'DOCS', parent: '1' });
    assert.deepEqual((await readdir(dir)).sort(), ['.wiki-pages.json'], 'no temporary file left behind');
    assert.equal(store.recordedCount(), 20);
  });

  it('coalesces writes while one is out', async () => {
    const writes: string[] = [];
    let release: () => void = () => undefined;
    const port: ManifestPort = {
      read: async () => undefined,
      write: (_path, text) => {
        writes.push(text);
        return new Promise((resolve) => {
          release = resolve;
        });
      },
    };
    const opened = await openManifest(port, 'm', { writing: true });
    assert.ok(opened.ok);
    const first = opened.store.record('a.md', { id: '1', title: 'A' });
    await new Promise((resolve) => setImmediate(resolve));
    const second = opened.store.record('b.md', { id: '2', title: 'B' });
    const third = opened.store.record('c.md', { id: '3', title: 'C' });
    release();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await Promise.all([second, third]);
    assert.equal(writes.length, 2, 'the two records made while the first write was out share one write');
    assert.match(writes[1] ?? '', /c\.md/);
  });

  it('with writing off keeps the file as it is and lists what it would have recorded', async () => {
    const path = join(dir, '.wiki-pages.json');
    await writeFile(path, serializeManifest({ space: 'DOCS', parent: '1' }, new Map([['a.md', { id: '1', title: 'A' }]])));
    const before = await readFile(path, 'utf8');
    const opened = await openManifest(nodeManifestPort, path, { writing: false });
    assert.ok(opened.ok);
    await opened.store.record('b.md', { id: '2', title: 'B' });
    assert.equal(await readFile(path, 'utf8'), before);
    assert.deepEqual(opened.store.pendingChanges(), [['b.md', { id: '2', title: 'B' }]]);
    assert.equal(opened.store.get('b.md')?.id, '2', 'the run still knows it');
  });
});
