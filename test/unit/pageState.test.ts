// The Wiki Pages view's state rules (issue 15): one file's state from its link, its recorded page, its local plan and
// the wiki's answer; "modified here" exactly as a publish would see it; a tree's recorded pages and orphans.
import assert from 'node:assert/strict';
import type { PageLink } from '../../src/core/links/pageLink';
import { decidePageState, type FileFacts, type WikiSide } from '../../src/core/pageState/pageState';
import { eachInSlices, localFacts } from '../../src/core/pageState/localPlan';
import { treeRecords } from '../../src/core/pageState/treeRecords';
import { unreadWiki } from '../../src/core/pageState/wikiReading';
import { decideStates, wikiWants, type WorkspaceFacts } from '../../src/core/pageState/workspaceStates';
import { changedOnWikiSince } from '../../src/core/run/guard';
import { planFile, type SourceFile } from '../../src/core/run/plan';
import { linkAfterPublish } from '../../src/core/run/publishedLink';
import type { PageManifest } from '../../src/core/tree/manifestFormat';
import type { WikiPage } from '../../src/core/wikiPages';

const PUBLISHED_AT = Date.parse('2025-11-20T10:00:00Z');
const link = (extra: Partial<PageLink> = {}): PageLink => ({ spaceId: 'DOCS', parentId: '123456', pageTitle: 'Guide', pageId: '1000001', version: 3, contentSha256: 'abc', publishedAt: PUBLISHED_AT, ...extra });
const page = (version: number, extra: Partial<WikiPage> = {}): WikiPage => ({ id: '1000001', title: 'Guide', version, versionCreatedAt: '2025-11-21T09:00:00Z', versionAuthorId: 'wiki-editor', ...extra });
const onWiki = (wikiPage: WikiPage): WikiSide => ({ kind: 'page', page: wikiPage });
const facts = (extra: Partial<FileFacts>): FileFacts => ({ link: link(), recordedPageId: undefined, wouldPublish: false, wiki: onWiki(page(3)), ...extra });

describe('page state rules', () => {
  it('a file without a link or a recorded page is not published, whatever the wiki says', () => {
    const state = decidePageState(facts({ link: undefined, wiki: { kind: 'notRead', reason: 'noAccess' } }));
    assert.equal(state.kind, 'notPublished');
    assert.equal(state.pageId, undefined);
    assert.equal(state.wikiUnread, undefined);
  });

  it('a file whose only record is a create that may have landed unconfirmed is not published: not deleted, not edited, whatever is at its place', () => {
    const marked: PageLink = { spaceId: 'DOCS', parentId: '123456', pageTitle: 'Guide', unconfirmedSend: true, publishedAt: 0 };
    for (const wiki of [{ kind: 'notFound' } as const, onWiki(page(1, { versionAuthorId: 'alice' }))]) {
      const state = decidePageState(facts({ link: marked, wiki, wouldPublish: true }));
      assert.deepEqual([state.kind, state.pageId], ['notPublished', undefined], wiki.kind);
    }
    const wants = wikiWants({ files: [{ key: 'docs/guide.md', label: 'docs/guide.md', link: marked, local: undefined }], trees: [], truncated: false });
    assert.deepEqual([wants.pageIds, wants.byTitle], [[], []], 'nothing is read for it');
  });

  it('in sync only when the wiki holds the version this file left and a publish would send nothing', () => {
    assert.equal(decidePageState(facts({})).kind, 'inSync');
    const modified = decidePageState(facts({ wouldPublish: true }));
    assert.deepEqual([modified.kind, modified.modifiedHere], ['modifiedHere', true]);
  });

  it('a version above the link\'s is changed on the wiki, said with whether it is a publish (its notice says so) and whether it is modified here too', () => {
    const changed = decidePageState(facts({ wiki: onWiki(page(4)) }));
    assert.deepEqual([changed.kind, changed.modifiedHere, changed.publishedVersion, changed.page?.version], ['changedOnWiki', false, false, 4]);
    const notice = { marker: { version: 4, digest: 'a'.repeat(20), path: 'b'.repeat(8) } };
    const both = decidePageState(facts({ wiki: onWiki(page(4, { body: notice })), wouldPublish: true }));
    assert.deepEqual([both.kind, both.modifiedHere, both.publishedVersion], ['changedOnWiki', true, true]);
    const editedSince = decidePageState(facts({ wiki: onWiki(page(5, { body: notice })) }));
    assert.deepEqual([editedSince.kind, editedSince.publishedVersion], ['changedOnWiki', false], 'a version past the one its notice names is an edit');
  });

  it('a link without a version is judged by time, exactly as the edit guard judges it', () => {
    const untimed = link({ version: undefined });
    const cases: Array<[WikiPage, boolean]> = [
      [page(2, { versionCreatedAt: '2025-11-20T09:59:59Z' }), false],
      [page(2, { versionCreatedAt: '2025-11-20T10:00:01Z' }), true],
      [page(2, { versionCreatedAt: undefined }), true],
      [page(2, { versionCreatedAt: 'not a time' }), true],
    ];
    for (const [wikiPage, edited] of cases) {
      assert.equal(changedOnWikiSince(wikiPage, untimed), edited);
      assert.equal(decidePageState(facts({ link: untimed, wiki: onWiki(wikiPage) })).kind, edited ? 'changedOnWiki' : 'inSync');
    }
  });

  it('a page gone by ID, or not found by its title, is deleted on the wiki, keeping whether it is modified here', () => {
    assert.deepEqual(pick(decidePageState(facts({ wiki: { kind: 'gone' } }))), ['deletedOnWiki', false]);
    assert.deepEqual(pick(decidePageState(facts({ link: link({ pageId: undefined }), wiki: { kind: 'notFound' }, wouldPublish: true }))), ['deletedOnWiki', true]);
  });

  it('without a read of the wiki it says local state only: never in sync on a guess', () => {
    for (const reason of ['noAccess', 'failed', 'pending'] as const) {
      const unmodified = decidePageState(facts({ wiki: { kind: 'notRead', reason } }));
      assert.deepEqual([unmodified.kind, unmodified.wikiUnread], ['unchecked', reason]);
      const modified = decidePageState(facts({ wiki: { kind: 'notRead', reason }, wouldPublish: true }));
      assert.deepEqual([modified.kind, modified.wikiUnread], ['modifiedHere', reason]);
    }
  });

  it('a file that cannot be read counts as modified: a publish would not skip it as unchanged', () => {
    assert.equal(decidePageState(facts({ wouldPublish: undefined })).kind, 'modifiedHere');
  });

  it('a page recorded in the repository but never published from here is "published elsewhere", with the wiki\'s version', () => {
    const recorded = { link: undefined, recordedPageId: '1000001' };
    const read = decidePageState(facts({ ...recorded, wiki: onWiki(page(7, { versionAuthorId: 'alice' })) }));
    assert.deepEqual([read.kind, read.pageId, read.page?.version, read.publishedVersion], ['publishedElsewhere', '1000001', 7, false]);
    assert.equal(decidePageState(facts({ ...recorded, wiki: { kind: 'notRead', reason: 'noAccess' } })).kind, 'publishedElsewhere');
    assert.equal(decidePageState(facts({ ...recorded, wiki: { kind: 'gone' } })).kind, 'deletedOnWiki');
    assert.equal(read.recordUnconfirmed, undefined, 'read without its body: nothing to say');
  });

  it('a recorded page read with its body and no publish notice is said unconfirmed (a forged or hand-made record), one with a notice is not', () => {
    const recorded = { link: undefined, recordedPageId: '1000001' };
    const bare = decidePageState(facts({ ...recorded, wiki: onWiki(page(1, { body: { marker: undefined } })) }));
    assert.deepEqual([bare.kind, bare.recordUnconfirmed], ['publishedElsewhere', true]);
    const noticed = decidePageState(facts({ ...recorded, wiki: onWiki(page(2, { body: { marker: { version: 2, digest: 'a'.repeat(20), path: 'b'.repeat(8) } } })) }));
    assert.deepEqual([noticed.kind, noticed.recordUnconfirmed], ['publishedElsewhere', undefined]);
  });
});

const pick = (state: { kind: string; modifiedHere: boolean }): [string, boolean] => [state.kind, state.modifiedHere];

describe('modified here, as a publish sees it', () => {
  const file = (text: string): SourceFile => ({ key: 'file:///docs/guide.md', label: 'docs/guide.md', text });
  /** The link a publish of `text` leaves, as the runner records it. */
  function published(text: string, options: { omitTitleHeading?: boolean } = {}): PageLink {
    const item = planFile(file(text), undefined, { defaults: { spaceId: 'DOCS', parentId: '123456', overwrite: false }, titleFromFile: true, ...options });
    assert.ok(item.complete);
    return linkAfterPublish(item, item.complete, PUBLISHED_AT, 'created');
  }

  it('a file exactly as published would publish as "unchanged", so it is not modified', () => {
    const text = '# Guide\n\nStep one.\n';
    assert.equal(localFacts(file(text), published(text)).wouldPublish, false);
    assert.equal(localFacts(file(`${text}Step two.\n`), published(text)).wouldPublish, true);
  });

  it('front matter is not sent, so changing only front matter that names no page is not a modification', () => {
    const body = '# Guide\n\nStep one.\n';
    const link = published(`---\nauthor: dana\n---\n${body}`);
    assert.equal(localFacts(file(`---\nauthor: erin\ntags: [a]\n---\n${body}`), link).wouldPublish, false);
  });

  it('hashes with the same settings a publish uses: a left-out title heading is left out here too', () => {
    const text = '# Guide\n\nStep one.\n';
    const link = published(text, { omitTitleHeading: true });
    assert.equal(localFacts(file(text), link, { omitTitleHeading: true }).wouldPublish, false);
    assert.equal(localFacts(file(text), link, { omitTitleHeading: false }).wouldPublish, true, 'the setting changed what would be sent');
  });

  it('works through many files in slices, yielding between them, and stops when cancelled', async () => {
    const seen: number[] = [];
    let yields = 0;
    await eachInSlices([1, 2, 3], (item) => void seen.push(item), { sliceMs: 0, yieldNow: async () => void yields++ });
    assert.deepEqual(seen, [1, 2, 3]);
    assert.equal(yields, 3, 'a zero-length slice yields after every item');
    const controller = new AbortController();
    await assert.rejects(eachInSlices([1, 2, 3], (item) => (item === 2 ? controller.abort() : undefined), { signal: controller.signal }), { name: 'AbortError' });
  });
});

describe('a page tree\'s recorded pages and orphans', () => {
  const manifest = (pages: Record<string, string>): PageManifest => ({
    root: { space: 'DOCS', parent: '123456' },
    pages: new Map(Object.entries(pages).map(([key, id]) => [key, { id, title: key }])),
  });
  const treeFile = (relPath: string) => ({ key: `file:///docs/${relPath}`, relPath });

  it('maps a folder\'s index (else README, else <folder>.md) to the folder\'s entry, other files to their own', () => {
    const records = treeRecords(manifest({ 'intro.md': '1', 'guide/': '2', 'guide/setup.md': '3', 'ref/': '4' }), [
      treeFile('intro.md'), treeFile('guide/index.md'), treeFile('guide/README.md'), treeFile('guide/setup.md'), treeFile('ref/README.md'),
    ]);
    const ids = Object.fromEntries([...records.recorded].map(([key, page]) => [key.replace('file:///docs/', ''), page.pageId]));
    assert.deepEqual(ids, { 'intro.md': '1', 'guide/index.md': '2', 'guide/setup.md': '3', 'ref/README.md': '4' });
    assert.deepEqual(records.gone, []);
  });

  it('entries whose file or folder is gone are orphans, unless a file still maps to their page (a move kept its link)', () => {
    const tree = { location: 'file:///docs/.wiki-pages.json', label: 'docs', manifest: manifest({ 'old.md': '1', 'moved.md': '2', 'gone/': '3', 'kept.md': '4' }), files: [treeFile('kept.md'), treeFile('new-home.md')] };
    const workspace: WorkspaceFacts = {
      trees: [tree],
      files: [
        { key: 'file:///docs/kept.md', label: 'docs/kept.md', link: undefined, local: undefined },
        // Renamed in VS Code: the link followed the file, page and all.
        { key: 'file:///docs/new-home.md', label: 'docs/new-home.md', link: link({ pageId: '2' }), local: { wouldPublish: false, contentSha256: 'abc' } },
      ],
    };
    assert.deepEqual([...wikiWants(workspace).pageIds].sort(), ['1', '2', '2', '3', '4'].sort());
    const states = decideStates(workspace, unreadWiki('noAccess'));
    assert.deepEqual(states.orphans.map((orphan) => [orphan.key, orphan.pageId, orphan.treeLabel]), [['old.md', '1', 'docs'], ['gone/', '3', 'docs']]);
    assert.deepEqual(states.files.map((state) => state.kind), ['publishedElsewhere', 'unchecked']);
    // A walk that stopped at its bound did not reach every file: nothing it missed is called gone.
    assert.deepEqual(decideStates({ ...workspace, truncated: true }, unreadWiki('noAccess')).orphans, []);
    assert.deepEqual([...wikiWants({ ...workspace, truncated: true }).pageIds].sort(), ['2', '4']);
  });

  it('a tree inside a tree: the deeper manifest records its own files', () => {
    const outer = { location: 'o', label: '', manifest: manifest({ 'docs/api/': '10' }), files: [{ key: 'k', relPath: 'docs/api/index.md' }] };
    const inner = { location: 'i', label: 'docs/api', manifest: manifest({ 'index.md': '20' }), files: [{ key: 'k', relPath: 'index.md' }] };
    const states = decideStates({ trees: [inner, outer], files: [{ key: 'k', label: 'docs/api/index.md', link: undefined, local: undefined }] }, unreadWiki('noAccess'));
    assert.equal(states.files[0]?.recorded?.pageId, '20');
  });
});
