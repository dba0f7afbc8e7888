// A repository is untrusted input (a pull request controls it): reading its Markdown for links must take time linear
// in the text however it is written. Each text below took seconds to hours, or without end, before the patterns that
// read it were written so that a run of spaces can be matched one way only; mocha's timeout holds each to a thousand
// times what a linear reading takes. The rewritten patterns match exactly the texts the old ones did.
import assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import { findLinkDestinations, QUOTE_LEAD, SPACE_ACROSS_LINE } from '../../src/core/links/rewrite/destinations';
import { markdownHeadings } from '../../src/core/links/rewrite/markdownHeadings';
import { rewriteLinks } from '../../src/core/links/rewrite/rewriteLinks';
import { inspectMarkdown } from '../../src/core/publish/inspect';

/** A pattern matching the whole text only. */
const whole = (source: string): RegExp => new RegExp(`^(?:${source})$`);

describe('Markdown a pull request controls is read in linear time', () => {
  it('a definition behind many block quote markers, and a line of them that holds none', () => {
    const quoted = `${'> '.repeat(40)}[guide]: setup.md\n\n${'> '.repeat(5_000)}[a]:\n`;
    assert.deepEqual(findLinkDestinations(quoted).map((link) => link.text), ['setup.md']);
  });

  it('a definition or a link destination followed by a long run of spaces and nothing that ends it', () => {
    assert.deepEqual(findLinkDestinations(`[a]:${' '.repeat(300_000)}\n`), []);
    assert.deepEqual(findLinkDestinations(`[a](b${' '.repeat(300_000)}x`), []);
    assert.deepEqual(findLinkDestinations(`[a](b${' '.repeat(300_000)})`).map((link) => link.text), ['b']);
  });

  it('many links whose destinations never stop (no space, `)` or `>` after them), for the findings and the links', () => {
    const unclosed = `[a](guide.md) ${'<](![](x'.repeat(40_000)}`;
    assert.deepEqual(inspectMarkdown(unclosed).localMarkdownLinks, ['guide.md']);
    assert.deepEqual(inspectMarkdown(`${'](!'.repeat(100_000)}\n![a](a.png)`).localImages, ['a.png']);
    assert.deepEqual(findLinkDestinations(`${'[](x'.repeat(100_000)}\n\n[a](guide.md)`).map((link) => link.text), ['guide.md']);
  });

  it('a destination nested in parentheses more than 32 deep is no link, as the page view (markdown-it) reads it', () => {
    const page = new MarkdownIt();
    for (const depth of [32, 33]) {
      const text = `[a](x${'('.repeat(depth)}y${')'.repeat(depth)})`;
      const rendered = page.render(text).includes('<a href=');
      assert.equal(findLinkDestinations(text).length === 1, rendered, `depth ${depth}`);
      assert.equal(rendered, depth === 32);
    }
  });

  it('many HTML comments that never close, or close far on, before a heading', () => {
    const heading = '\n\n# After\n';
    assert.deepEqual(markdownHeadings(`${'x<!--'.repeat(100_000)}${heading}`), ['After']);
    assert.deepEqual(markdownHeadings(`${'--><!--'.repeat(50_000)}${heading}`), ['After']);
    assert.deepEqual(markdownHeadings(`${'x<!--'.repeat(50_000)}\n-->${heading}`), ['After'], 'one comment, closed on the next line');
    assert.deepEqual(markdownHeadings(`${'x<!--\n'.repeat(20_000)}-->${heading}`), ['After'], 'one comment across a paragraph');
  });

  it('a long paragraph whose every line opens a comment that a blank line ends before its `-->`', () => {
    // Each `<!--` is text, the paragraph ending before the `-->`: the paragraph is walked once, not once per line (a
    // minute for these 480 KB when it was).
    const heading = '\n\n# After\n';
    assert.deepEqual(markdownHeadings(`${'x<!--\n'.repeat(80_000)}\n-->${heading}`), ['After']);
    assert.deepEqual(markdownHeadings(`${'> x <!--\nx<!--\n'.repeat(30_000)}\n-->${heading}`), ['After'], 'lines continuing a quote lazily');
    // A heading ends the paragraph as a blank line does: the `<!--` before it are text, and it is a heading.
    assert.deepEqual(markdownHeadings(`# Before\n\n${'x<!--\n'.repeat(3)}# Between\n-->${heading}`), ['Before', 'Between', 'After']);
  });

  it('many list items that each open an HTML block nothing closes', () => {
    // Each item's block ends with the item; its end condition was looked for to the text's end once per item (a
    // minute for these 490 KB when it was).
    const heading = '\n\n# After\n';
    assert.deepEqual(markdownHeadings(`${'- <!--\n'.repeat(70_000)}${heading}`), ['After']);
    assert.deepEqual(markdownHeadings(`${'1. <!--\n- <?\n- <pre>\n'.repeat(25_000)}${heading}`), ['After'], 'blocks of three kinds in turn');
    // The end condition found for one item still ends the block of the item it is in.
    assert.deepEqual(markdownHeadings(`- <!--\n  # Hidden -->\n- <!--\n# After\n`), ['After']);
  });

  it('many links to the file\'s own headings, as a long table of contents has them', () => {
    // The text's headings are read once for all of them, not once per link (half a minute for these 480 KB).
    const context = { filePath: 'guide.md', resolvePage: () => undefined };
    const text = `# Install\n\n${'[a]: #install\n'.repeat(40_000)}`;
    const result = rewriteLinks(text, context);
    assert.equal(result.markdown, text.replaceAll('#install', '#Install'), 'each in the anchor form the wiki gives "Install"');
    assert.deepEqual(result.cautions, []);
    assert.deepEqual(rewriteLinks(`# Install\n\n${'[a](#nowhere)\n'.repeat(30_000)}`, context).cautions, [{ target: '#nowhere', reason: 'unknownOwnAnchor' }]);
  });

  it('the patterns for white space across a line and for quote markers match what the patterns they replace matched', () => {
    const pairs: Array<[string, RegExp, RegExp]> = [
      ['white space across a line', whole(SPACE_ACROSS_LINE), whole(String.raw`[ \t]*\r?\n?[ \t]*`)],
      ['quote markers', whole(QUOTE_LEAD), whole(String.raw`(?: {0,3}>[ \t]?)+ {0,3}`)],
    ];
    const alphabet = [' ', ' ', ' ', '\t', '>', '\n', '\r', 'a'];
    let seed = 14;
    const next = (): number => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    for (let count = 0; count < 200_000; count++) {
      let text = '';
      for (let length = Math.floor(next() * 16); length > 0; length--) text += alphabet[Math.floor(next() * alphabet.length)];
      for (const [name, rewritten, old] of pairs) assert.equal(rewritten.test(text), old.test(text), `${name}: ${JSON.stringify(text)}`);
    }
  });
});
