// The page manifest (src/core/tree/manifest.ts): a stable text with one entry per line, refusals of anything a
// teammate must fix, writes as pages land (atomic, coalesced), and writing turned off.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ManifestStore,
  mergeConflictMessage,
  parseManifest,
  serializeManifest,
  type ManifestEntry,
  type ManifestFilePort,
  type PageManifest,
} from '../../src/core/tree/manifest';
import { manifestKeyOf, nodeManifestFiles } from '../../src/core/tree/manifestNodeFs';
import { MAX_MANIFEST_CHARACTERS, MAX_MANIFEST_ENTRIES } from '../../src/core/tree/manifestFormat';
import { MAX_PUBLISH_FILES } from '../../src/core/walk/publishWalk';

const EXAMPLE = `{
  "version": 1,
  "space": "DOCS",
  "parent": "123456",
  "pages": {
    "getting-started/": {"id":"1000003","title":"Getting started"},
    "getting-started/install.md": {"id":"1000004","title":"Install"},
    "index.md": {"id":"1000002","title":"Overview"}
  }
}
`;

function manifestOf(pages: Record<string, ManifestEntry>): PageManifest {
  return { root: { space: 'DOCS', parent: '123456' }, pages: new Map(Object.entries(pages)) };
}

function refusal(text: string): string {
  const parsed = parseManifest(text);
  return parsed.ok ? 'accepted' : parsed.message;
}

function parsed(text: string): PageManifest {
  const result = parseManifest(text);
  assert.ok(result.ok, result.ok ? '' : result.message);
  return result.manifest;
}

/** A port that holds each write until released, to see what happens while one is out. */
function heldPort(): { port: ManifestFilePort; writes: string[]; release(): void } {
  const writes: string[] = [];
  const waiting: (() => void)[] = [];
  return {
    writes,
    port: {
      read: () => Promise.resolve(undefined),
      write: (_path, text) => {
        writes.push(text);
        return new Promise((resolve) => waiting.push(resolve));
      },
    },
    release: () => waiting.shift()?.(),
  };
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('the page manifest format', () => {
  it('refuses a manifest larger than any tree a walk can take records: more pages, or more text, before reading its entries', () => {
    assert.equal(MAX_MANIFEST_ENTRIES, 2 * MAX_PUBLISH_FILES, 'a page for each file and each folder above them');
    const entries = (count: number): string => Array.from({ length: count }, (_, index) => `    "f${index}.md": {"id": "${index + 1}", "title": "F${index}"}`).join(',\n');
    const manifest = (count: number): string => `{\n  "version": 1,\n  "space": "DOCS",\n  "parent": "999999999",\n  "pages": {\n${entries(count)}\n  }\n}\n`;
    assert.equal(parseManifest(manifest(MAX_MANIFEST_ENTRIES)).ok, true);
    const many = parseManifest(manifest(MAX_MANIFEST_ENTRIES + 1), 'docs/.wiki-pages.json');
    assert.equal(many.ok, false);
    assert.match(many.ok ? '' : many.message, /^docs\/\.wiki-pages\.json is too large to be a tree's record \(20001 pages; a tree records at most 20000 pages\)/);
    const long = parseManifest(`{"version": 1, "pages": {}, "padding": "${'x'.repeat(MAX_MANIFEST_CHARACTERS)}"}`);
    assert.equal(long.ok, false);
    assert.match(long.ok ? '' : long.message, /too large to be a tree's record \(\d+ characters;/);
  });

  it('round-trips, byte for byte, with keys sorted in code unit order', () => {
    const manifest = parsed(EXAMPLE);
    assert.deepEqual(manifest.root, { space: 'DOCS', parent: '123456' });
    assert.deepEqual(manifest.pages.get('getting-started/'), { id: '1000003', title: 'Getting started' });
    assert.equal(serializeManifest(manifest), EXAMPLE);
    const shuffled = manifestOf({ 'b.md': { id: '2', title: 'B' }, 'B.md': { id: '3', title: 'Upper' }, 'a/': { id: '1', title: 'A' } });
    assert.deepEqual([...parsed(serializeManifest(shuffled)).pages.keys()], ['B.md', 'a/', 'b.md']);
  });

  it('writes an empty manifest and one without a root as valid manifests', () => {
    const empty = serializeManifest({ root: undefined, pages: new Map() });
    assert.equal(empty, '{\n  "version": 1,\n  "pages": {}\n}\n');
    assert.equal(parsed(empty).root, undefined);
  });

  it('adds a page as one new line and changes nothing else', () => {
    const pages = { 'a.md': { id: '1', title: 'A' }, 'c.md': { id: '3', title: 'C' } };
    const before = serializeManifest(manifestOf(pages)).split('\n');
    const after = serializeManifest(manifestOf({ ...pages, 'b.md': { id: '2', title: 'B' } })).split('\n');
    assert.equal(after.length, before.length + 1);
    const added = after.findIndex((line, index) => line !== before[index]);
    assert.equal(after[added], '    "b.md": {"id":"2","title":"B"},');
    assert.deepEqual([...after.slice(0, added), ...after.slice(added + 1)], before);
  });

  it('adds a page that sorts last as one new line, plus the comma JSON needs on the line before', () => {
    const before = serializeManifest(manifestOf({ 'a.md': { id: '1', title: 'A' } })).split('\n');
    const after = serializeManifest(manifestOf({ 'a.md': { id: '1', title: 'A' }, 'z.md': { id: '9', title: 'Z' } })).split('\n');
    assert.deepEqual(after.filter((line) => !before.includes(line)), ['    "a.md": {"id":"1","title":"A"},', '    "z.md": {"id":"9","title":"Z"}']);
  });

  it('reads a missing title as empty, and a byte-order mark', () => {
    assert.equal(parsed('\uFEFF{"version":1,"pages":{"a.md":{"id":"1"}}}').pages.get('a.md')?.title, '');
  });

  it('refuses what a teammate must fix, with a message, never an emptied manifest', () => {
    assert.match(refusal('{"version":1,"pages":{'), /^\.wiki-pages\.json:1 is not valid JSON \(.+\)\. Fix it, or restore it from git\.$/);
    assert.match(refusal('[]'), /is not a JSON object/);
    assert.match(refusal('{"version":2,"pages":{}}'), /is version 2; this wiki-publisher reads version 1\. Update wiki-publisher\./);
    assert.match(refusal('{"pages":{}}'), /"version": 1 is missing/);
    assert.match(refusal('{"version":1}'), /has no "pages" object/);
    assert.match(refusal('{"version":1,"pages":[]}'), /has no "pages" object/);
    assert.match(refusal('{"version":1,"pagez":{},"pages":{}}'), /unknown field "pagez"/);
    assert.match(refusal('{"version":1,"parent":"1","pages":{}}'), /has no "space"/);
    assert.match(refusal('{"version":1,"space":"DOCS","parent":"p1","pages":{}}'), /"parent", or one that is not a page ID/);
  });

  it('refuses a single malformed entry', () => {
    const entry = (key: string, value: string): string => refusal(`{"version":1,"pages":{"ok.md":{"id":"1","title":"Ok"},${JSON.stringify(key)}:${value}}}`);
    assert.match(entry('a.md', '{"id":"x1","title":"A"}'), /bad entry "a\.md": its "id" "x1" is not a page ID \(digits in quotes\)\.$/);
    assert.match(entry('a.md', '{"id":12,"title":"A"}'), /its "id" 12 is not a page ID/);
    assert.match(entry('a.md', '{"title":"A"}'), /bad entry "a\.md": it has no "id"/);
    assert.match(entry('a.md', '"123"'), /bad entry "a\.md": it is not an object/);
    assert.match(entry('a.md', '{"id":"1","title":7}'), /"title" is not text/);
    assert.match(entry('a.md', '{"id":"1","title":"A","version":3}'), /unknown field "version"/);
    // Nested 100,000 deep (JSON.parse takes it): named as the bad entry it is, not an overflowed stack.
    assert.match(entry('a.md', `${'['.repeat(100_000)}${']'.repeat(100_000)}`), /bad entry "a\.md": it is not an object/);
    assert.match(entry('a.md', `{"id":"1","x":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`), /bad entry "a\.md": .*unknown field "x"/);
  });

  it('refuses keys that are not relative, normalised, \'/\'-separated paths inside the folder', () => {
    const key = (name: string): string => refusal(`{"version":1,"pages":{${JSON.stringify(name)}:{"id":"1","title":"X"}}}`);
    assert.match(key('../x.md'), /bad entry "\.\.\/x\.md": it leaves the folder/);
    assert.match(key('a/../../x.md'), /leaves the folder/);
    assert.match(key('/etc/x.md'), /it is absolute/);
    assert.match(key('C:/docs/x.md'), /it is absolute/);
    assert.match(key('a\\x.md'), /backslash/);
    assert.match(key('./x.md'), /not normalised/);
    assert.match(key('a//x.md'), /not normalised/);
    assert.match(key('a//'), /not normalised/);
    assert.match(key(''), /it is empty/);
    assert.equal(key('a..b/x.md'), 'accepted');
  });

  it('sets aside a key no walk gives (__proto__, constructor, notes.txt) alone, saying it with its line and the fix, as written and by hand alike, and never on the prototype', () => {
    const written = (key: string, id = '1'): string => `{\n  "version": 1,\n  "space": "DOCS",\n  "parent": "123456",\n  "pages": {\n    "a.md": {"id":"1","title":"A"},\n    ${JSON.stringify(key)}: {"id":"${id}","title":"X"}\n  }\n}\n`;
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'notes.txt', 'sub/__proto__', '0', 'md']) {
      for (const text of [written(key), written(key).replace(/\n\s*/g, '')]) {
        const manifest = parsed(text);
        // The rest is used; the key is not a page, so the ID it repeats is no second claim on page 1.
        assert.deepEqual([...manifest.pages.keys()], ['a.md'], key);
        assert.equal(manifest.setAside?.length, 1, key);
        assert.match(manifest.setAside?.[0] ?? '', new RegExp(`has an entry "${key}" that names neither a Markdown file \\(\\.md, \\.markdown, \\.mdown, \\.mkd\\) nor a folder .*so it is not used\\. Remove the entry\\.$`), key);
      }
      assert.match(parsed(written(key)).setAside?.[0] ?? '', /^\.wiki-pages\.json:7 has an entry/, `${key}: its line`);
    }
    // Whatever such an entry holds, it is set aside, not refused: it is never read.
    assert.deepEqual(parsed('{"version":1,"pages":{"notes.txt":{"id":"x","extra":1}}}').setAside?.length, 1);
    // A bad entry beside it is still refused, naming that entry.
    assert.match(refusal('{"version":1,"pages":{"notes.txt":{"id":"1"},"a.md":{"id":"y"}}}'), /bad entry "a\.md"/);
    // Fields named so, at the top, in an entry and nested deeper: refused, and no object gains a property or prototype.
    assert.match(refusal('{"version":1,"__proto__":{"pages":{}},"pages":{}}'), /"__proto__"/);
    assert.match(refusal('{"version":1,"pages":{"a.md":{"id":"1","__proto__":{"polluted":"yes"}}}}'), /bad entry "a\.md"/);
    assert.match(refusal('{"version":1,"pages":{"a.md":{"id":"1","constructor":{"prototype":{"polluted":"yes"}}}}}'), /bad entry "a\.md"/);
    const forged = parsed('{"version":1,"pages":{"__proto__":{"id":"1","polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}}');
    assert.equal(forged.pages.size, 0);
    assert.equal(forged.pages.get('__proto__'), undefined);
    assert.equal(Object.getPrototypeOf({}), Object.prototype);
    assert.equal((Object.prototype as Record<string, unknown>).polluted, undefined);
    assert.equal(parsed(written('sub/constructor.md', '2')).setAside, undefined, 'a Markdown file may have any name');
    assert.equal(parsed(written('__proto__/', '2')).setAside, undefined, 'and so may a folder');
  });

  it('refuses a page listed twice, which JSON.parse alone would quietly collapse', () => {
    const twice = '{"version":1,"pages":{\n    "a.md": {"id":"1","title":"A"},\n    "a.md": {"id":"2","title":"A"}\n  }\n}\n';
    assert.match(refusal(twice), /lists "a\.md" twice/);
    // Names that recur in different objects, or as values, are not duplicates (such keys name no page: set aside as that).
    assert.equal(parsed('{"version":1,"pages":{"id":{"id":"1","title":"pages"},"title":{"id":"2","title":"id"}}}').setAside?.length, 2);
    // A key set aside listed twice is still a key listed twice.
    assert.match(refusal('{"version":1,"pages":{"notes.txt":{"id":"1"},"notes.txt":{"id":"2"}}}'), /lists "notes\.txt" twice/);
  });

  it('refuses one page ID recorded for two keys, naming both keys, the ID and the fix', () => {
    // A bad merge: two people's entries for the same page, or a hand edit that copied an entry.
    const twice = EXAMPLE.replace('"index.md": {"id":"1000002"', '"index.md": {"id":"1000004"');
    // Named at the line of the second key, index.md's (line 8).
    assert.equal(refusal(twice), '.wiki-pages.json:8 records page 1000004 for both "getting-started/install.md" and "index.md", but a page is the page of one file or folder only. ' +
      'Remove the wrong entry: the next publish of the folder as a tree, with page access, finds that file\'s page on the wiki by its title (or creates it) and records it again.');
    // A folder's page and a file's page are one key each too.
    assert.match(refusal(EXAMPLE.replace('"getting-started/": {"id":"1000003"', '"getting-started/": {"id":"1000002"')), /records page 1000002 for both "getting-started\/" and "index\.md"/);
  });

  it('refuses an entry that records the tree\'s own parent page, naming the key, the page and the fix', () => {
    // A hand edit that gave a file (or a folder) the page the whole folder maps to: that page is never one of the tree's.
    const parent = EXAMPLE.replace('"index.md": {"id":"1000002"', '"index.md": {"id":"123456"');
    assert.equal(refusal(parent), '.wiki-pages.json:8 records page 123456 both as the tree\'s parent page ("parent") and for "index.md", but the parent page is never a page of the tree: ' +
      'the folder\'s files and subfolders become its children. Remove the wrong entry: the next publish of the folder as a tree, with page access, finds that file\'s page on the wiki by its title (or creates it) and records it again.');
    assert.match(refusal(EXAMPLE.replace('"getting-started/": {"id":"1000003"', '"getting-started/": {"id":"123456"')), /records page 123456 both as the tree's parent page \("parent"\) and for "getting-started\/"/);
  });

  it('names the line to fix in a manifest of many lines: a bad entry, a key listed twice, a JSON slip', () => {
    // EXAMPLE's lines: 6 getting-started/, 7 getting-started/install.md, 8 index.md.
    assert.match(refusal(EXAMPLE.replace('"index.md": {"id":"1000002"', '"index.md": {"id":"x2"')), /^\.wiki-pages\.json:8 has a bad entry "index\.md"/);
    const installLine = '    "getting-started/install.md": {"id":"1000004","title":"Install"},';
    assert.ok(EXAMPLE.includes(installLine));
    assert.match(refusal(EXAMPLE.replace(installLine, `${installLine}\n${installLine}`)), /^\.wiki-pages\.json:8 lists "getting-started\/install\.md" twice/);
    assert.match(refusal(EXAMPLE.replace(installLine, installLine.slice(0, -1))), /^\.wiki-pages\.json:8 is not valid JSON/);
  });

  it('refuses conflict markers left by a merge, before anything else', () => {
    const conflicted = EXAMPLE.replace(
      '    "index.md"',
      '<<<<<<< HEAD\n    "guide.md": {"id":"5","title":"Guide"},\n=======\n    "faq.md": {"id":"6","title":"FAQ"},\n>>>>>>> theirs\n    "index.md"',
    );
    // Named at the line of the first marker.
    const expected = ".wiki-pages.json:8 has merge conflict markers; resolve them (keep both sides' entries) and run again.";
    assert.equal(refusal(conflicted), expected);
    assert.equal(mergeConflictMessage(conflicted), expected);
    assert.equal(mergeConflictMessage(conflicted, 'docs/.wiki-pages.json'), expected.replace('.wiki', 'docs/.wiki'));
    assert.equal(mergeConflictMessage(EXAMPLE), undefined);
    assert.equal(mergeConflictMessage('{"title":"<<<<<<< not at a line start"}'), undefined);
  });
});

describe('the page manifest store', () => {
  let dir: string;
  let path: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wiki-page-manifest-'));
    path = join(dir, '.wiki-pages.json');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function open(writing = true): Promise<ManifestStore> {
    const opening = await ManifestStore.open(nodeManifestFiles(dir), path, { writing });
    assert.ok(opening.ok, opening.ok ? '' : opening.message);
    return opening.store;
  }

  it('records and forgets, writing the whole file at once and atomically', async () => {
    const store = await open();
    assert.deepEqual(store.entries(), []);
    await store.setRootTarget({ space: 'DOCS', parent: '123456' });
    await store.record('index.md', { id: '1000002', title: 'Overview' });
    await store.record('getting-started/install.md', { id: '1000004', title: 'Install' });
    await store.record('getting-started/', { id: '1000003', title: 'Getting started' });
    assert.deepEqual(store.entries().map(([key]) => key), ['getting-started/', 'getting-started/install.md', 'index.md'], 'in key order, however recorded');
    assert.equal(await readFile(path, 'utf8'), EXAMPLE);
    assert.deepEqual(await readdir(dir), ['.wiki-pages.json'], 'no temporary file left behind');

    await store.forget('getting-started/install.md');
    const reread = await open();
    assert.equal(reread.get('getting-started/install.md'), undefined);
    assert.deepEqual(reread.get('getting-started/'), { id: '1000003', title: 'Getting started' });
    assert.deepEqual(reread.rootTarget(), { space: 'DOCS', parent: '123456' });
    assert.deepEqual(reread.entries().map(([key]) => key), ['getting-started/', 'index.md']);
    assert.deepEqual(reread.pendingChanges(), []);
  });

  it('refuses to open a malformed file and leaves it as it was', async () => {
    await writeFile(path, '{"version":1,"pages":{"../x.md":{"id":"1","title":"X"}}}');
    const opening = await ManifestStore.open(nodeManifestFiles(dir), path, { writing: true });
    assert.ok(!opening.ok);
    assert.ok(opening.message.startsWith(`${path}:1 has a bad entry "../x.md"`), opening.message);
    assert.equal(await readFile(path, 'utf8'), '{"version":1,"pages":{"../x.md":{"id":"1","title":"X"}}}');
  });

  it('a page recorded for a key takes it from the key that held it, in the same write, so the file never holds one ID twice', async () => {
    await writeFile(path, EXAMPLE);
    const writes: string[] = [];
    const port: ManifestFilePort = { read: nodeManifestFiles(dir).read, write: async (file, text) => {
      writes.push(text);
      await nodeManifestFiles(dir).write(file, text);
    } };
    const opening = await ManifestStore.open(port, path, { writing: true });
    assert.ok(opening.ok);
    // install.md renamed to setup.md: its page follows it.
    await opening.store.record('getting-started/setup.md', { id: '1000004', title: 'Install' });
    assert.deepEqual(writes.map((text) => [...parsed(text).pages.keys()]), [['getting-started/', 'getting-started/setup.md', 'index.md']]);
    const reread = await open();
    assert.equal(reread.get('getting-started/install.md'), undefined);
    // A key given another page gives up its old one: that ID may then be recorded for another key, once.
    await reread.record('index.md', { id: '1000009', title: 'Overview' });
    await reread.record('faq.md', { id: '1000002', title: 'FAQ' });
    await reread.forget('faq.md');
    await reread.record('other.md', { id: '1000002', title: 'Other' });
    assert.deepEqual((await open()).entries(), [
      ['getting-started/', { id: '1000003', title: 'Getting started' }],
      ['getting-started/setup.md', { id: '1000004', title: 'Install' }],
      ['index.md', { id: '1000009', title: 'Overview' }],
      ['other.md', { id: '1000002', title: 'Other' }],
    ]);
  });

  it('refuses to record a key or an ID the file could not hold', async () => {
    const store = await open();
    await assert.rejects(store.record('../x.md', { id: '1', title: 'X' }), /leaves the folder/);
    await assert.rejects(store.record('__proto__', { id: '1', title: 'X' }), /names neither a Markdown file/);
    await assert.rejects(store.record('x.md', { id: 'abc', title: 'X' }), /"abc" is not digits/);
    assert.deepEqual(store.entries(), []);
  });

  it('lands every one of many concurrent records, in fewer writes than records', async () => {
    let writes = 0;
    const counted: ManifestFilePort = {
      read: nodeManifestFiles(dir).read,
      write: (file, text) => {
        writes++;
        return nodeManifestFiles(dir).write(file, text);
      },
    };
    const opening = await ManifestStore.open(counted, path, { writing: true });
    assert.ok(opening.ok);
    const store = opening.store;
    // Staggered, so records arrive while a write is out, while one waits, and between writes.
    await Promise.all(Array.from({ length: 25 }, async (_, n) => {
      for (let wait = 0; wait < n % 5; wait++) await tick();
      await store.record(`p${String(n).padStart(2, '0')}.md`, { id: String(100 + n), title: `P${n}` });
    }));
    await store.settled();
    const reread = await open();
    assert.equal(reread.entries().length, 25);
    assert.ok(writes >= 1 && writes <= 5, `${writes} writes`);
    assert.deepEqual(reread.get('p24.md'), { id: '124', title: 'P24' });
    assert.deepEqual(await readdir(dir), ['.wiki-pages.json']);
  });

  it('coalesces the records made while a write is out into one next write', async () => {
    const held = heldPort();
    const store = new ManifestStore(held.port, 'm.json', { root: undefined, pages: new Map() }, { writing: true });
    const first = store.record('a.md', { id: '1', title: 'A' });
    await tick();
    const second = store.record('b.md', { id: '2', title: 'B' });
    const third = store.record('c.md', { id: '3', title: 'C' });
    assert.equal(second, third, 'later records join the one waiting write');
    assert.equal(held.writes.length, 1);
    held.release();
    await first;
    await tick();
    assert.equal(held.writes.length, 2);
    held.release();
    await Promise.all([second, third]);
    assert.deepEqual([...parsed(held.writes[1] as string).pages.keys()], ['a.md', 'b.md', 'c.md']);
    assert.deepEqual(store.pendingChanges(), []);
  });

  it('leaves the file alone when a record repeats what it holds', async () => {
    await writeFile(path, EXAMPLE);
    const writes: string[] = [];
    const port: ManifestFilePort = { read: nodeManifestFiles(dir).read, write: async (_path, text) => void writes.push(text) };
    const opening = await ManifestStore.open(port, path, { writing: true });
    assert.ok(opening.ok);
    await opening.store.record('index.md', { id: '1000002', title: 'Overview' });
    assert.deepEqual(writes, []);
  });

  it('keeps a failed write pending and writes it with the next change', async () => {
    let fail = true;
    const writes: string[] = [];
    const port: ManifestFilePort = {
      read: async () => undefined,
      write: async (_path, text) => {
        if (fail) throw new Error('disk full');
        writes.push(text);
      },
    };
    const store = new ManifestStore(port, 'm.json', { root: undefined, pages: new Map() }, { writing: true });
    await assert.rejects(store.record('a.md', { id: '1', title: 'A' }), /disk full/);
    assert.equal(store.pendingChanges().length, 1);
    fail = false;
    await store.record('b.md', { id: '2', title: 'B' });
    assert.deepEqual([...parsed(writes[0] as string).pages.keys()], ['a.md', 'b.md']);
  });

  it('with writing off, keeps changes in memory and reports what it would have written', async () => {
    await writeFile(path, EXAMPLE);
    const store = await open(false);
    assert.equal(store.writing, false);
    await store.record('faq.md', { id: '1000005', title: 'FAQ' });
    await store.record('index.md', { id: '1000002', title: 'Home' });
    await store.forget('getting-started/install.md');
    await store.record('later.md', { id: '7', title: 'Later' });
    await store.forget('later.md');
    assert.equal(await readFile(path, 'utf8'), EXAMPLE, 'the file is untouched');
    assert.deepEqual(store.get('faq.md'), { id: '1000005', title: 'FAQ' });
    assert.deepEqual(store.pendingChanges(), [
      { kind: 'added', path: 'faq.md', entry: { id: '1000005', title: 'FAQ' } },
      { kind: 'changed', path: 'index.md', entry: { id: '1000002', title: 'Home' }, previous: { id: '1000002', title: 'Overview' } },
      { kind: 'removed', path: 'getting-started/install.md', previous: { id: '1000004', title: 'Install' } },
    ]);
    const fresh = await open(false);
    await fresh.setRootTarget({ space: 'OTHER', parent: '9' });
    assert.deepEqual(fresh.pendingChanges(), [{ kind: 'root', root: { space: 'OTHER', parent: '9' }, previous: { space: 'DOCS', parent: '123456' } }]);
  });

  it('finds a file\'s key relative to the manifest\'s folder, \'/\'-separated', () => {
    assert.equal(manifestKeyOf(path, join(dir, 'guide', 'setup.md')), 'guide/setup.md');
    assert.equal(manifestKeyOf(path, join(dir, 'guide'), 'folder'), 'guide/');
    assert.equal(manifestKeyOf(path, join(dir, '..', 'elsewhere.md')), undefined);
    assert.equal(manifestKeyOf(path, dir, 'folder'), undefined);
  });
});
