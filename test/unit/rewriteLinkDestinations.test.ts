// Every destination rewriteLinks writes must read back, as CommonMark reads it, as the address it means: an anchor no
// heading matched used to go out with its escapes resolved (`b.md#a\<b` as `<…#a<b>`), which is no link at all and
// sends a raw `<b>` tag, and `#a\\` as `#a\)`, which escapes the link's closing parenthesis.
import assert from 'node:assert/strict';
import { Parser } from 'commonmark';
import MarkdownIt from 'markdown-it';
import { rewriteLinks, type LinkedPage, type RewriteResult } from '../../src/core/links/rewrite';

const BEE = 'https://wiki.example/wiki/spaces/DOCS/pages/1000002/Bee';
const bee: LinkedPage = { url: BEE, title: 'Bee', headings: ['Bee', 'Café'] };

function rewrite(markdown: string, page: LinkedPage = bee): RewriteResult {
  return rewriteLinks(markdown, { filePath: 'docs/esc.md', resolvePage: (path) => (path === 'docs/b.md' ? page : 'noFile') });
}

const commonmark = new Parser();
const pageView = new MarkdownIt();

/** The links' addresses as commonmark.js reads the text, checked against markdown-it's (the page view's) reading. */
function hrefs(markdown: string): string[] {
  const found: string[] = [];
  const walker = commonmark.parse(markdown).walker();
  for (let event = walker.next(); event !== null; event = walker.next()) {
    const { node } = event;
    if (event.entering && node.type === 'link') found.push(node.destination ?? '');
    assert.notEqual(node.type, 'html_inline', `raw HTML in ${JSON.stringify(markdown)}`);
  }
  const viewed = pageView.parseInline(markdown, {}).flatMap((token) => token.children ?? [])
    .filter((token) => token.type === 'link_open').map((token) => token.attrGet('href') ?? '');
  const defined = [...markdown.matchAll(/^\[[^\]]+\]:/gm)].length;
  // markdown-it's inline pass sees a definition's uses only through its environment: compared for inline links only.
  if (defined === 0) assert.deepEqual(viewed, found, 'markdown-it reads the same addresses');
  return found;
}

describe('rewriteLinks: destinations read back as the address they mean', () => {
  it('encodes an anchor no heading has, escaped `<` and `>` included, in inline links and definitions', () => {
    const result = rewrite('See [the a<b section](b.md#a\\<b) for details.\n\n[def]\n\n[def]: b.md#x\\>y\n');
    assert.deepEqual(hrefs(result.markdown), [`${BEE}#a%3Cb`, `${BEE}#x%3Ey`]);
    assert.deepEqual(result.cautions, [{ target: 'b.md#a\\<b', reason: 'unknownAnchor' }, { target: 'b.md#x\\>y', reason: 'unknownAnchor' }]);
    assert.equal(result.rewritten, 2);
  });

  it('never lets an anchor ending in an escaped backslash escape the closing parenthesis', () => {
    const result = rewrite('[x](b.md#a\\\\) after)');
    assert.deepEqual(hrefs(result.markdown), [`${BEE}#a%5C`]);
    assert.match(result.markdown, /\) after\)$/);
  });

  it('keeps the angle-bracket form, a space in the anchor encoded, and an escaped `&` a plain one', () => {
    assert.deepEqual(hrefs(rewrite('[x](<b.md#a\\<b c>)').markdown), [`${BEE}#a%3Cb%20c`]);
    assert.match(rewrite('[x](<b.md#a\\<b c>)').markdown, /^\[x\]\(<[^<>]*>\)$/);
    assert.deepEqual(hrefs(rewrite('[x](b.md#a\\&amp;b)').markdown), [`${BEE}#a%26amp%3Bb`]);
    assert.deepEqual(hrefs(rewrite('[x](b.md#(a\\)b))').markdown), [`${BEE}#%28a%29b%29`]);
  });

  it('keeps the percent escapes an unmatched anchor was written with, and encodes a stray `%`', () => {
    assert.deepEqual(hrefs(rewrite('[x](b.md#caf%C3%A9-100%)').markdown), [`${BEE}#caf%C3%A9-100%25`]);
    assert.equal(rewrite('[x](b.md#nowhere)').markdown, `[x](${BEE}#nowhere)`);
    assert.deepEqual(hrefs(rewrite('[x](b.md#a\uD800b\u{1F600})').markdown), [`${BEE}#a%EF%BF%BDb%F0%9F%98%80`], 'a lone surrogate throws nothing');
  });

  it('still maps an anchor a heading has, escaped or not', () => {
    assert.deepEqual(hrefs(rewrite('[x](b.md#caf%C3%A9) [y](<b.md#café>)').markdown), [`${BEE}#Caf%C3%A9`, `${BEE}#Caf%C3%A9`]);
  });

  it('escapes what CommonMark would read as syntax in a page address, in either form', () => {
    const odd: LinkedPage = { url: 'https://wiki.example/a&amp;b\\c/pages/1/Bee', title: 'Bee', headings: [] };
    const bare = rewrite('[x](b.md) [y](b.md#nowhere)', odd).markdown;
    assert.deepEqual(hrefs(bare).map((href) => decodeURI(href)), [odd.url, `${odd.url}#nowhere`]);
    const angled = rewrite('[x](<b.md>)', { ...odd, url: 'https://wiki.example/a>b/pages/1/Bee(1)' }).markdown;
    assert.deepEqual(hrefs(angled).map((href) => decodeURI(href)), ['https://wiki.example/a>b/pages/1/Bee(1)']);
  });
});
