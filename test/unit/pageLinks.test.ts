import assert from 'node:assert/strict';
import { moveLinks } from '../../src/core/links/moveLinks';
import { linkNames, parsePageLink } from '../../src/core/links/pageLink';
import { withIdentity, withoutIdentity } from '../../src/core/links/editGuard';

describe('page links', () => {
  it('follow a renamed file, and every file of a moved folder', () => {
    const links = { 'file:///w/a.md': 1, 'file:///w/docs/b.md': 2, 'file:///w/docs/sub/c.md': 3, 'file:///w/docsx/d.md': 4 };
    assert.deepEqual(moveLinks(links, 'file:///w/a.md', 'file:///w/z.md'), { 'file:///w/z.md': 1, 'file:///w/docs/b.md': 2, 'file:///w/docs/sub/c.md': 3, 'file:///w/docsx/d.md': 4 });
    assert.deepEqual(moveLinks(links, 'file:///w/docs', 'file:///w/guide'), {
      'file:///w/a.md': 1, 'file:///w/guide/b.md': 2, 'file:///w/guide/sub/c.md': 3, 'file:///w/docsx/d.md': 4,
    }, 'a folder whose name only starts the same (docsx) does not move');
    assert.equal(moveLinks(links, 'file:///w/none.md', 'file:///w/y.md'), undefined);
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
    assert.deepEqual(withoutIdentity(known), { spaceId: 'D', parentId: '1', pageTitle: 'T', publishedAt: 1 });
  });
});
