import assert from 'node:assert/strict';
import { checkEndpoint, sameOrigin } from '../../src/core/http/endpoint';
import { cautionsFor, checkContent, checkTarget, LARGE_CONTENT_BYTES } from '../../src/core/publish/preflight';
import { completeTarget, mergeTargets, suggestTitle } from '../../src/core/publish/target';
import { inspectMarkdown } from '../../src/core/publish/inspect';

describe('endpoint rules', () => {
  const cases: Array<[string | undefined, string]> = [
    [undefined, 'missing'], ['  ', 'missing'], ['not a url', 'invalid'], ['http://wiki.example.com/x', 'insecure'],
    ['ftp://wiki.example.com/x', 'insecure'], ['https://user:pw@wiki.example.com/x', 'invalid'],
    ['https://wiki.example.com/wiki/apps/a/b/webtrigger', 'ok'], ['http://127.0.0.1:8080/x', 'ok'],
    ['http://localhost/x', 'ok'], ['http://[::1]:9/x', 'ok'], ['http://127.0.0.1.example.com/x', 'insecure'],
  ];
  for (const [raw, expected] of cases) {
    it(`${JSON.stringify(raw)} is ${expected}`, () => {
      const check = checkEndpoint(raw, 'wikiPublisher.importEndpoint');
      assert.equal(check.ok ? 'ok' : check.problem, expected);
      if (!check.ok) assert.match(check.message, /wikiPublisher\.importEndpoint/);
    });
  }
  it('compares origins exactly', () => {
    assert.ok(sameOrigin('https://a.example.com/x', 'https://a.example.com:443/y'));
    assert.ok(!sameOrigin('https://a.example.com', 'https://a.example.com.evil.net'));
    assert.ok(!sameOrigin('https://a.example.com', 'http://a.example.com'));
    assert.ok(!sameOrigin('https://a.example.com', 'https://a.example.com:8443'));
  });
  it('compares origins exactly when the same site is asked about again and again, between other sites', () => {
    // A list of pages asks about one site for each page: what it learnt of one site is never said of another.
    const site = 'https://wiki.example.com';
    assert.ok(sameOrigin(new URL('https://wiki.example.com/wiki/spaces/DOCS/pages/1'), site));
    assert.ok(!sameOrigin(new URL('https://evil.example.net/wiki/spaces/DOCS/pages/2'), site));
    assert.ok(sameOrigin(new URL('https://wiki.example.com/wiki/spaces/DOCS/pages/3'), site));
    assert.ok(!sameOrigin(new URL('https://wiki.example.com/x'), 'https://wiki.example.com:8443'));
    assert.ok(sameOrigin(new URL('https://wiki.example.com:8443/x'), 'https://wiki.example.com:8443'));
    assert.ok(!sameOrigin(new URL('https://wiki.example.com/x'), 'https://wiki.example.com:8443'));
    assert.ok(sameOrigin(new URL('https://wiki.example.com/x'), site));
    assert.throws(() => sameOrigin(new URL('https://wiki.example.com/x'), 'not an address'));
    assert.ok(sameOrigin(new URL('https://wiki.example.com/y'), site));
  });
});

describe('target resolution', () => {
  const link = { spaceId: 'DOCS', parentId: '1', pageTitle: 'T' };
  it('front matter wins field by field over the linked page, then the defaults fill the rest', () => {
    const merged = mergeTargets({ spaceId: 'ENG' }, link);
    assert.deepEqual(merged, { spaceId: 'ENG', parentId: '1', pageTitle: 'T', overwrite: undefined });
    assert.equal(completeTarget(merged), undefined, 'a page other than the linked one asks create-or-update');
    assert.deepEqual(mergeTargets({}, undefined, { spaceId: 'X', parentId: '2', pageTitle: 'P', overwrite: false }), { spaceId: 'X', parentId: '2', pageTitle: 'P', overwrite: false });
    assert.equal(completeTarget({ spaceId: 'ENG' }), undefined);
  });
  it('republishing the linked page updates it without a question', () => {
    assert.deepEqual(mergeTargets({}, link), { ...link, overwrite: true });
    assert.equal(mergeTargets(link, link).overwrite, true, 'front matter naming the linked page is still the linked page');
  });
  it('front matter that says overwrite: false is respected even for the linked page', () => {
    assert.equal(mergeTargets({ overwrite: false }, link).overwrite, false);
  });
  it('an overwrite choice never carries over to another page', () => {
    const other = { spaceId: 'DOCS', parentId: '1', pageTitle: 'Someone else' };
    assert.equal(mergeTargets(other, link).overwrite, false, 'front matter pinning another page: create only');
    assert.equal(mergeTargets({ pageTitle: 'Other title' }, link).overwrite, undefined, 'another title: ask');
    assert.equal(mergeTargets({ parentId: '9' }, link).overwrite, undefined, 'another parent: ask');
  });
  it('front matter that pins the page without overwrite means create only, asking nothing', () => {
    const pinned = { spaceId: 'DOCS', parentId: '1', pageTitle: 'T' };
    assert.deepEqual(completeTarget(mergeTargets(pinned, undefined)), { ...pinned, overwrite: false });
    assert.equal(mergeTargets({ spaceId: 'DOCS' }, undefined).overwrite, undefined, 'a partial pin still asks');
  });
  it('suggests the front matter title, else the first heading, else the file name', () => {
    assert.equal(suggestTitle(' Given ', 'Heading', '/a/b.md'), 'Given');
    assert.equal(suggestTitle(undefined, 'Heading', '/a/b.md'), 'Heading');
    assert.equal(suggestTitle(undefined, undefined, '/a/release-notes.md'), 'release-notes');
    assert.equal(suggestTitle(undefined, undefined, 'C:\\docs\\guide.markdown'), 'guide');
  });
});

describe('preflight', () => {
  it('refuses empty and whitespace-only content', () => {
    assert.equal(checkContent('')?.code, 'emptyContent');
    assert.equal(checkContent(' \n\t\r\n')?.code, 'emptyContent');
    assert.equal(checkContent('x'), undefined);
  });
  it('refuses a parent that is not digits, an empty title or space', () => {
    const ok = { spaceId: 'DOCS', parentId: '123', pageTitle: 'T', overwrite: false };
    assert.equal(checkTarget(ok), undefined);
    assert.equal(checkTarget({ ...ok, parentId: '12a' })?.code, 'parentNotDigits');
    assert.equal(checkTarget({ ...ok, parentId: '' })?.code, 'parentNotDigits');
    assert.equal(checkTarget({ ...ok, pageTitle: '  ' })?.code, 'emptyTitle');
    assert.equal(checkTarget({ ...ok, spaceId: ' ' })?.code, 'emptySpace');
  });
  it('cautions about local images, local Markdown links and content over about 1 MB', () => {
    const text = '![a](a.png) [b](b.md)';
    assert.deepEqual(cautionsFor(text, inspectMarkdown(text)).map((c) => c.code), ['localImages', 'localLinks']);
    const large = 'x'.repeat(LARGE_CONTENT_BYTES + 1);
    assert.deepEqual(cautionsFor(large, inspectMarkdown('')).map((c) => c.code), ['largeContent']);
    assert.deepEqual(cautionsFor('plain', inspectMarkdown('plain')), []);
  });
  it('cautions about HTML links to local files in a flat publish and in a page tree alike, naming them', () => {
    const text = '[b](b.md) <a href="setup.md">Setup</a> <a href="../LICENSE">License</a>';
    assert.deepEqual(cautionsFor(text, inspectMarkdown(text)).map((c) => c.code), ['localLinks', 'htmlLinks']);
    const tree = cautionsFor(text, inspectMarkdown(text, { markdownLinks: false }), undefined, true);
    assert.deepEqual(tree.map((c) => c.code), ['htmlLinks']);
    assert.match(tree[0]?.message ?? '', /^2 HTML links to local files \(setup\.md, \.\.\/LICENSE\) are sent as written and will point nowhere on the wiki: write each as a Markdown link instead/);
    const one = '<a href="setup.md">Setup</a>';
    assert.match(cautionsFor(one, inspectMarkdown(one))[0]?.message ?? '', /^1 HTML link to a local file \(setup\.md\) is sent as written/);
  });
});
