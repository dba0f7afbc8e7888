// Rewriting a link's destination must leave the rest of the document the same CommonMark document: a destination
// written `<my guide.md>` (with a space) that becomes `<https://...>` (without one) could turn a paragraph line
// `[1]: [Guide](<my guide.md>)` into a reference definition (CommonMark 0.31 §4.7), and the line's text vanished
// from the page. Each text below is rendered by commonmark.js, the reference, before and after its rewrite: the two
// pages must be the same but for the addresses the links name.
import assert from 'node:assert/strict';
import { HtmlRenderer, Parser } from 'commonmark';
import { rewriteLinks, type PageLookup, type RewriteContext } from '../../src/core/links/rewrite';

const GUIDE = 'https://host/wiki/spaces/DOCS/pages/123/Guide';
const PAREN = 'https://host/wiki/spaces/DOCS/pages/124/Paren';
const HOME = 'https://host/wiki/spaces/DOCS/pages/100/Home';

const pages: Record<string, PageLookup> = {
  'docs/my guide.md': { url: GUIDE, title: 'Guide', headings: ['Guide'] },
  'docs/my(guide.md': { url: PAREN, title: 'Paren', headings: [] },
  "docs/it's guide.md": { url: GUIDE, title: 'Guide', headings: ['Guide'] },
  'docs/a>b.md': { url: GUIDE, title: 'Guide', headings: ['Guide'] },
  'docs/index.md': { url: HOME, title: 'Home', headings: [] },
};

const CONTEXT: RewriteContext = { filePath: 'docs/index.md', resolvePage: (path) => pages[path] };

// What each destination as commonmark.js writes it (percent-encoded) becomes on the wiki.
const ADDRESSES: ReadonlyMap<string, string> = new Map([
  ['my%20guide.md', GUIDE],
  ['my(guide.md', PAREN],
  ["it's%20guide.md", GUIDE],
  ['a%3Eb.md', GUIDE],
  ['index.md', HOME],
]);

const parser = new Parser();
const renderer = new HtmlRenderer();
const render = (markdown: string): string => renderer.render(parser.parse(markdown));
const hrefs = (html: string): string[] => [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1] ?? '');
const withoutHrefs = (html: string): string => html.replace(/href="[^"]*"/g, 'href=""');

/** Rewrites `markdown` and checks that commonmark.js renders it as the original but for the links' addresses. */
function keepsThePage(markdown: string): string {
  const result = rewriteLinks(markdown, CONTEXT);
  assert.ok(result.rewritten > 0, 'some link is rewritten');
  const before = render(markdown);
  const after = render(result.markdown);
  assert.equal(withoutHrefs(after), withoutHrefs(before), `the same page from ${JSON.stringify(result.markdown)}`);
  assert.deepEqual(hrefs(after), hrefs(before).map((href) => ADDRESSES.get(href) ?? href), 'the links name their pages');
  return result.markdown;
}

describe('rewriteLinks keeps the block structure of the document', () => {
  it('keeps list items and a paragraph that begin `[label]: ` before a link, as the outside tester reported', () => {
    const text = '- [1]: [Guide](<my guide.md>)\n- [2]: install it\n\n[^note]: [Guide](<my guide.md>)\n\nSee the note[^note].\n';
    const rewritten = keepsThePage(text);
    // Only the colons after the labels are escaped: `\:` reads as `:`, and a `[1]` that names a definition stays its link.
    assert.equal(rewritten, `- [1]\\: [Guide](<${GUIDE}>)\n- [2]: install it\n\n[^note]\\: [Guide](<${GUIDE}>)\n\nSee the note[^note].\n`);
  });

  it('keeps such a line in a block quote', () => {
    keepsThePage('> [1]: [Guide](<my guide.md>)\n> and more\n');
  });

  it('keeps such a line in an ordered list', () => {
    keepsThePage('1. [a]: [Guide](<my guide.md>)\n2. [b]: install it\n');
  });

  it('keeps such a line after definitions of the same paragraph, and a label that names a definition stays a link', () => {
    keepsThePage('[x]: https://example.com/x\n[1]: [Guide](<my guide.md>)\n\nSee [x] and [1].\n\n[1]: https://example.com/one\n');
  });

  it('keeps a label whose link is on the next line, and a setext heading', () => {
    keepsThePage('[1]:\n[Guide](<my guide.md>)\n');
    keepsThePage('[1]: [Guide](<my guide.md>)\n===\n');
  });

  it('keeps a line whose destination only balances its parentheses once rewritten', () => {
    keepsThePage('[1]: [Guide](<my(guide.md>)\n');
  });

  it('keeps a paragraph after a definition that a title could take in once the link is rewritten', () => {
    // The title `'a … it'` closes inside the destination as written, with more after it: no title, and the lines are a
    // paragraph. Rewritten, the quote is gone from the destination and the title would run to the last line's `'`.
    const rewritten = keepsThePage("[1]: https://example.com/one\n'a\n[Guide](<it's guide.md>) b'\n\nSee [1].\n");
    assert.equal(rewritten, `[1]: https://example.com/one\n\\'a\n[Guide](<${GUIDE}>) b'\n\nSee [1].\n`);
  });

  it('keeps a link around the link, a title and an angle-bracket destination from taking it in', () => {
    // As written each outer `[1](` is no link (its destination or title ends inside the inner one's destination).
    assert.equal(keepsThePage('[1]([Guide](<my guide.md>))\n'), `[1]\\([Guide](<${GUIDE}>))\n`);
    keepsThePage("[1](x.md 'a [Guide](<it's guide.md>) b')\n");
    keepsThePage('[1](<x [Guide](a>b.md)>)\n');
    // Nested: once the inner `[b](` is escaped, the `[a](` around it would take the link in.
    keepsThePage('[a]([b]([Guide](<my guide.md>)))\n\n[a]: https://example.com/a\n');
  });

  it('leaves an ordinary document as it rewrote it before', () => {
    const text = 'See [Guide](<my guide.md>) and [home](index.md).\n\n- [1]: install it\n\n[g]: <my guide.md>\n[h]:\n  index.md "Home"\n';
    assert.equal(rewriteLinks(text, CONTEXT).markdown, `See [Guide](<${GUIDE}>) and [home](${HOME}).\n\n- [1]: install it\n\n[g]: <${GUIDE}>\n[h]:\n  ${HOME} "Home"\n`);
    keepsThePage(text);
  });

  it('leaves a link after a definition of its paragraph as it rewrote it before', () => {
    const text = '[x]: https://example.com/x\nSee [Guide](<my guide.md>) and [x].\n';
    assert.equal(rewriteLinks(text, CONTEXT).markdown, `[x]: https://example.com/x\nSee [Guide](<${GUIDE}>) and [x].\n`);
    keepsThePage(text);
  });
});
