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
});

describe('target resolution', () => {
  it('front matter wins field by field over the remembered target', () => {
    const merged = mergeTargets({ spaceId: 'ENG' }, { spaceId: 'DOCS', parentId: '1', pageTitle: 'T', overwrite: true });
    assert.deepEqual(merged, { spaceId: 'ENG', parentId: '1', pageTitle: 'T', overwrite: true });
    assert.deepEqual(completeTarget(merged), merged);
    assert.equal(completeTarget({ spaceId: 'ENG' }), undefined);
  });
  it('front matter that pins the page without overwrite means create only, asking nothing', () => {
    const pinned = { spaceId: 'DOCS', parentId: '1', pageTitle: 'T' };
    assert.deepEqual(completeTarget(mergeTargets(pinned, undefined)), { ...pinned, overwrite: false });
    assert.equal(mergeTargets(pinned, { overwrite: true }).overwrite, true, 'what this file was last published with wins');
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
});
