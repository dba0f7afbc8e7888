// The editor's link store (global state): links that outlive their files are the holes of issue 13, section 5.
import assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import type { PageLink } from '../../src/core/links/pageLink';
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
});
