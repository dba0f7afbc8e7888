// The editor's link store (global state): links that outlive their files are the holes of issue 13, section 5.
import assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { isUnconfirmedCreate, unconfirmedCreateLink, type PageLink } from '../../src/core/links/pageLink';
import { GlobalStateLinkStore } from '../../src/editor/publish/pageLinks';
import { MemoryMemento } from '../fakes/memoryMemento';

const link = (pageTitle: string, publishedAt = 1): PageLink => ({ spaceId: 'DOCS', parentId: '123456', pageTitle, pageId: '77', version: 2, publishedAt });
const store = (): GlobalStateLinkStore => new GlobalStateLinkStore(new MemoryMemento() as unknown as vscode.Memento);

describe('the editor\'s page links', () => {
  it('never links an untitled document: the next "Untitled-1" must not inherit a page', async () => {
    const links = store();
    await links.set('untitled:Untitled-1', link('Opened from the wiki'));
    assert.equal(await links.get('untitled:Untitled-1'), undefined);
  });

  it('forgets the link of a deleted file, and of every file under a deleted folder', async () => {
    const links = store();
    await links.set('file:///w/b.md', link('Design B'));
    await links.set('file:///w/docs/c.md', link('C'));
    await links.set('file:///w/docsx/d.md', link('D'));
    await links.forget('file:///w/b.md');
    await links.forget('file:///w/docs');
    assert.equal(await links.get('file:///w/b.md'), undefined);
    assert.equal(await links.get('file:///w/docs/c.md'), undefined);
    assert.equal((await links.get('file:///w/docsx/d.md'))?.pageTitle, 'D');
  });

  it('delete b.md outside VS Code, rename a.md to b.md: b.md carries A\'s link, not b\'s stale one', async () => {
    const links = store();
    await links.set('file:///w/b.md', link('Design B', 1));
    await links.set('file:///w/a.md', link('Design A', 2));
    await links.move('file:///w/a.md', 'file:///w/b.md');
    assert.equal((await links.get('file:///w/b.md'))?.pageTitle, 'Design A');
    assert.equal(await links.get('file:///w/a.md'), undefined);
    const other = store();
    await other.set('file:///w/a.md', link('Design A', 2));
    await other.set('file:///w/b.md', link('Design B', 1));
    await other.move('file:///w/a.md', 'file:///w/b.md');
    assert.equal((await other.get('file:///w/b.md'))?.pageTitle, 'Design A', 'whatever order the store keeps');
  });

  it('when full (500 files), prunes the link written longest ago: not the newest, a create that may have landed (publishedAt 0)', async () => {
    // Links stored before the store kept when each was written: readable, and pruned oldest published first.
    const memento = new MemoryMemento();
    const stored: Record<string, PageLink> = {};
    for (let index = 0; index < 500; index++) stored[`file:///w/old-${index}.md`] = link(`Old ${index}`, 1_000 + index);
    memento.values.set('wikiPublisher.pageLinks', stored);
    const links = new GlobalStateLinkStore(memento as unknown as vscode.Memento);
    assert.equal((await links.get('file:///w/old-0.md'))?.pageTitle, 'Old 0');

    // A create was sent, and its answer never came: the mark says the page may be the file's.
    await links.set('file:///w/new.md', unconfirmedCreateLink({ spaceId: 'DOCS', parentId: '123456', pageTitle: 'New' }));
    const mark = await new GlobalStateLinkStore(memento as unknown as vscode.Memento).get('file:///w/new.md');
    assert.ok(isUnconfirmedCreate(mark), 'the mark is kept');
    assert.equal(await links.get('file:///w/old-0.md'), undefined, 'the link published longest ago made room');

    // More files publish: the mark, written after every stored link, outlives them.
    for (let index = 0; index < 3; index++) await links.set(`file:///w/more-${index}.md`, link(`More ${index}`, 5_000 + index));
    assert.ok(isUnconfirmedCreate(await links.get('file:///w/new.md')));
    assert.deepEqual(await Promise.all([1, 2, 3, 4].map(async (index) => (await links.get(`file:///w/old-${index}.md`))?.pageTitle)), [undefined, undefined, undefined, 'Old 4']);
    assert.equal(Object.keys(memento.values.get('wikiPublisher.pageLinks') as object).length, 500);
  });
});
