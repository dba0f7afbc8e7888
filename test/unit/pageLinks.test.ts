import assert from 'node:assert/strict';
import { forgetLinks, moveLinks, renamedFileKey } from '../../src/core/links/moveLinks';
import { linkNames, parsePageLink } from '../../src/core/links/pageLink';
import { withIdentity, withoutIdentity } from '../../src/core/links/pageIdentity';

describe('page links', () => {
  it('follow a renamed file, and every file of a moved folder', () => {
    const links = { 'file:///w/a.md': 1, 'file:///w/docs/b.md': 2, 'file:///w/docs/sub/c.md': 3, 'file:///w/docsx/d.md': 4 };
    assert.deepEqual(moveLinks(links, 'file:///w/a.md', 'file:///w/z.md'), { 'file:///w/z.md': 1, 'file:///w/docs/b.md': 2, 'file:///w/docs/sub/c.md': 3, 'file:///w/docsx/d.md': 4 });
    assert.deepEqual(moveLinks(links, 'file:///w/docs', 'file:///w/guide'), {
      'file:///w/a.md': 1, 'file:///w/guide/b.md': 2, 'file:///w/guide/sub/c.md': 3, 'file:///w/docsx/d.md': 4,
    }, 'a folder whose name only starts the same (docsx) does not move');
    assert.equal(moveLinks(links, 'file:///w/none.md', 'file:///w/y.md'), undefined);
  });

  it('a moved link always wins over a stale link at the destination, in any order', () => {
    // b.md was deleted outside VS Code (its link stayed); a.md is renamed to b.md.
    const staleFirst = { 'file:///w/b.md': 'B', 'file:///w/a.md': 'A' };
    const staleLast = { 'file:///w/a.md': 'A', 'file:///w/b.md': 'B' };
    assert.deepEqual(moveLinks(staleFirst, 'file:///w/a.md', 'file:///w/b.md'), { 'file:///w/b.md': 'A' });
    assert.deepEqual(moveLinks(staleLast, 'file:///w/a.md', 'file:///w/b.md'), { 'file:///w/b.md': 'A' });
    assert.deepEqual(moveLinks({ 'file:///w/b.md': 'B' }, 'file:///w/a.md', 'file:///w/b.md'), {}, 'an unlinked file moved over a linked one: the stale link goes');
    assert.deepEqual(moveLinks({ 'file:///w/new/x.md': 'stale', 'file:///w/old/x.md': 'X' }, 'file:///w/old', 'file:///w/new'), { 'file:///w/new/x.md': 'X' });
  });

  it('a deleted file or folder takes its links with it', () => {
    const links = { 'file:///w/a.md': 1, 'file:///w/docs/b.md': 2, 'file:///w/docsx/c.md': 3 };
    assert.deepEqual(forgetLinks(links, 'file:///w/docs'), { 'file:///w/a.md': 1, 'file:///w/docsx/c.md': 3 });
    assert.deepEqual(forgetLinks(links, 'file:///w/a.md'), { 'file:///w/docs/b.md': 2, 'file:///w/docsx/c.md': 3 });
    assert.equal(forgetLinks(links, 'file:///w/none.md'), undefined);
  });

  it('read back only when whole, and keep the page identity optional', () => {
    assert.equal(parsePageLink({ spaceId: 'DOCS', parentId: '1' }), undefined);
    assert.equal(parsePageLink('x'), undefined);
    const legacy = parsePageLink({ spaceId: 'DOCS', parentId: '1', pageTitle: 'T', overwrite: true, at: 5 });
    assert.deepEqual(legacy, { spaceId: 'DOCS', parentId: '1', pageTitle: 'T', publishedAt: 5 }, 'a remembered target of earlier versions becomes a link');
    const full = parsePageLink({ spaceId: 'DOCS', parentId: '1', pageTitle: 'T', pageId: '77', version: 3, url: 'https://w/x', contentSha256: 'ab', publishedAt: 9 });
    assert.equal(full?.pageId, '77');
    assert.equal(parsePageLink({ spaceId: 'DOCS', parentId: '1', pageTitle: 'T', pageId: '7a', publishedAt: 1 })?.pageId, undefined, 'a page ID is digits');
    assert.ok(linkNames(full, { spaceId: 'DOCS', parentId: '1', pageTitle: 'T' }));
    assert.ok(!linkNames(full, { spaceId: 'DOCS', parentId: '1', pageTitle: 'U' }));
    const known = withIdentity({ spaceId: 'D', parentId: '1', pageTitle: 'T', publishedAt: 1 }, { pageId: '5', version: 2, url: 'u' });
    assert.equal(known.version, undefined, 'a version the wiki does not date is not adopted');
    assert.deepEqual(withoutIdentity(known), { spaceId: 'D', parentId: '1', pageTitle: 'T', publishedAt: 1 });
    const dated = { pageId: '5', version: 2, versionCreatedAt: new Date(1000).toISOString() };
    assert.equal(withIdentity({ spaceId: 'D', parentId: '1', pageTitle: 'T', publishedAt: 1000 }, dated).version, 2, 'made no later than the publish: adopted');
    assert.equal(withIdentity({ spaceId: 'D', parentId: '1', pageTitle: 'T', publishedAt: 999 }, dated).version, undefined, 'made after the publish: maybe a colleague');
    assert.equal(withIdentity({ spaceId: 'D', parentId: '1', pageTitle: 'T', version: 1, publishedAt: 5000 }, dated).version, 1, 'the version the publish produced stays');
  });
});

describe('the link of a file renamed outside the editor', () => {
  const link = (pageTitle: string, parentId = '123456') => ({ spaceId: 'DOCS', parentId, pageTitle, pageId: '7', publishedAt: 1 });
  const gone = (keys: string[]) => async (key: string): Promise<boolean> => keys.includes(key);

  it('is the one link of a gone file that names the title (and the place the file names)', async () => {
    const links: Array<[string, ReturnType<typeof link>]> = [['file:///w/a.md', link('Alpha')], ['file:///w/b.md', link('Beta')], ['file:///w/c.md', link('Alpha', '999')]];
    assert.equal(await renamedFileKey(links, { title: 'Alpha', place: { parentId: '123456' } }, gone(['file:///w/a.md', 'file:///w/c.md'])), 'file:///w/a.md');
    assert.equal(await renamedFileKey(links, { title: 'Beta' }, gone(['file:///w/a.md'])), undefined, 'a file still there keeps its link');
  });

  it('is none when two gone files named the title: a guess would merge another page into the file', async () => {
    const links: Array<[string, ReturnType<typeof link>]> = [['file:///w/a.md', link('Alpha')], ['file:///w/old/a.md', link('Alpha')]];
    assert.equal(await renamedFileKey(links, { title: 'Alpha' }, gone(['file:///w/a.md', 'file:///w/old/a.md'])), undefined);
  });
});
