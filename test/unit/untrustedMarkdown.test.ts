// A repository is untrusted input (a pull request controls it): reading its Markdown for links must take time linear
// in the text however it is written. Each text below took seconds to hours, or without end, in an earlier reading of
// the text (regular expressions that could match a run of spaces many ways, searches from every opener to the text's
// end); mocha's timeout holds each to a thousand times what a linear reading takes.
import assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import { rewriteLinks } from '../../src/core/links/rewrite/rewriteLinks';
import { markdownHeadings } from '../../src/core/markdown/headings/headings';
import { findLinkDestinations } from '../../src/core/markdown/links';
import { inspectMarkdown } from '../../src/core/publish/inspect';

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

  it('many lines and one bare CR at the text\'s end, a tag with a long run of spaces, many tags whose quote never closes', () => {
    assert.deepEqual(markdownHeadings(`${'line\n'.repeat(200_000)}# After\r`), ['After']);
    assert.deepEqual(inspectMarkdown(`x <a${' '.repeat(200_000)}x [a](a.md)`).localMarkdownLinks, ['a.md']);
    assert.deepEqual(inspectMarkdown(`${'x <a b="'.repeat(50_000)}\n\n[a](a.md)`).localMarkdownLinks, ['a.md']);
    assert.deepEqual(inspectMarkdown(`${'`x'.repeat(100_001)} ${'``y'.repeat(50_001)} [a](a.md)`).localMarkdownLinks, ['a.md'], 'many backtick runs, the last of each length unclosed');
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

  it('many distinct links that reach no page, each said once (each caution was looked for among all before it: a minute for 1 MB)', () => {
    const context = { filePath: 'guide.md', resolvePage: () => undefined };
    const links = Array.from({ length: 50_000 }, (_, index) => `[h](nofile${index}.md)`);
    const cautions = rewriteLinks(`# P\n\n${links.join(' ')} ${links.slice(0, 100).join(' ')}\n`, context).cautions;
    assert.equal(cautions.length, 50_000);
    assert.deepEqual(cautions[49_999], { target: 'nofile49999.md', reason: 'unknownPage' });
    assert.equal(new Set(cautions.map((caution) => caution.target)).size, 50_000, 'the links repeated at the end are not said twice');
    const anchors = rewriteLinks(`# P\n\n${Array.from({ length: 50_000 }, (_, index) => `[a](#n${index % 40_000})`).join(' ')}\n`, context).cautions;
    assert.equal(anchors.length, 40_000);
  });
});
