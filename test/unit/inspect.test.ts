import assert from 'node:assert/strict';
import { scanMarkdown } from '../../src/core/markdown/scan';
import { inspectMarkdown } from '../../src/core/publish/inspect';

/** The fenced code blocks, each from its opening line's start to its last line's end. */
function fencedBlocks(text: string): string[] {
  return scanMarkdown(text).fences.map((fence) => text.slice(fence.lineStart, fence.end));
}

describe('Markdown inspection', () => {
  it('finds the first level-one heading only', () => {
    assert.equal(inspectMarkdown('## Sub\n# Main title #\n# Second').firstHeading, 'Main title');
    assert.equal(inspectMarkdown('#NoSpace\ntext').firstHeading, undefined);
  });

  it('takes a setext level-one heading (`Title` over `===`) as the first heading when it comes first, as CommonMark reads it', () => {
    const first = (text: string): string | undefined => inspectMarkdown(text).firstHeading;
    assert.equal(first('Title\n=====\n\nText\n# Later'), 'Title');
    assert.equal(first('Intro\n\n# ATX first\n\nSetext\n==='), 'ATX first', 'whichever comes first');
    assert.equal(first('Two line\ntitle\n===\n'), 'Two line title', 'a paragraph of two lines, joined');
    assert.equal(first('  Indented  \n  ===  \r\nbody'), 'Indented', 'up to three spaces, trailing spaces, CRLF');
    assert.equal(first('Title\r\n=\r\n'), 'Title', 'an underline of one `=`');
    assert.equal(first('Sub\n---\n\nMain\n===\n'), 'Main', 'a `---` underline is level two');
    assert.equal(first('```\nCode\n===\n```\n# Real'), 'Real', 'not in code');
    assert.equal(first('<!--\nHidden\n===\n-->\nShown\n==='), 'Shown', 'not in an HTML block');
    assert.equal(first('> Quoted\n> ===\n\n# Real'), 'Real', 'not in a block quote');
    assert.equal(first('- item\n===\n\n# Real'), 'Real', 'a list item\'s lazy line is no underline');
    assert.equal(first('x\n\n===\n'), undefined, 'an underline needs a paragraph above it');
    assert.equal(first('a == b\nno title'), undefined);
  });

  it('reads titles and definitions where the spec\'s examples put them (issue 83)', () => {
    // A setext title may start with inline HTML or an autolink; `===` under definitions alone makes no heading.
    assert.equal(inspectMarkdown('<b>Release</b> notes\n===\n\n# Later\n').firstHeading, '<b>Release</b> notes');
    assert.equal(inspectMarkdown('<https://example.org>\n===\n\n# Later\n').firstHeading, '<https://example.org>');
    assert.equal(inspectMarkdown('[foo]: b.md\n===\n\n# Later\n').firstHeading, 'Later');
    assert.equal(inspectMarkdown('[foo]: b.md\nTitle\n===\n').firstHeading, 'Title', 'the definition is no part of the heading');
    // A definition right after a closing fence, a rule, a setext underline, indented code or an HTML block is one.
    for (const before of ['```\ncode\n```', '***', 'Sub\n---', '    code', '<!-- note\n-->']) {
      assert.deepEqual(inspectMarkdown(`${before}\n[d]: d.md\n\n[d]\n`).localMarkdownLinks, ['d.md'], before);
    }
    // Indented code written with tabs, in a quote or a list item, holds no link.
    assert.deepEqual(inspectMarkdown('>\t\tcode [x](x.md)\n\n-\t\tcode [y](y.md)\n').localMarkdownLinks, []);
  });

  it('finds local images in Markdown and HTML, not public ones', () => {
    const findings = inspectMarkdown('![a](img/a.png) ![b](https://example.com/b.png)\n<img src="./c.jpg"> ![d](<d e.png> "title") ![e](file:///tmp/e.png)');
    assert.deepEqual(findings.localImages, ['img/a.png', 'd e.png', 'file:///tmp/e.png', './c.jpg']);
  });

  it('leaves links to local Markdown files out when asked to (a page tree checks them itself), and still finds local images', () => {
    const text = '# T\n\nSee [setup](setup.md) and ![chart](chart.png), ![alt](./b.png), [web](https://example.com/a.md).\n\n[ref]: other.md\n';
    assert.deepEqual(inspectMarkdown(text).localMarkdownLinks, ['setup.md', 'other.md']);
    const treeFindings = inspectMarkdown(text, { markdownLinks: false });
    assert.deepEqual(treeFindings.localImages, ['chart.png', './b.png']);
    assert.deepEqual(treeFindings.localMarkdownLinks, []);
    assert.equal(treeFindings.firstHeading, 'T');
  });

  it('finds an unquoted <img src> and the definitions that only images refer to as images', () => {
    assert.deepEqual(inspectMarkdown('<img src=a.png alt=x> <img src=https://x.org/b.png>').localImages, ['a.png']);
    const text = '![a][A  Ref] ![b][] ![c] [both][d] ![d] `![e][e]` \\![f][f]\n\n[a ref]: a.png\n[b]: b.png\n[c]: c.md\n[d]: d.md\n[e]: e.png\n[f]: f.png\n';
    const findings = inspectMarkdown(text);
    assert.deepEqual(findings.localImages, ['a.png', 'b.png', 'c.md'], 'labels match as CommonMark folds them; a label a link uses too stays a link');
    assert.deepEqual(findings.localMarkdownLinks, ['d.md']);
  });

  it('finds every local candidate of a srcset (<img>, <picture><source>), and Windows paths from a drive, not public ones', () => {
    const html = '<picture><source srcset="img/a.png 1x, img/b.png 2x"><img src="https://x.org/c.png"></picture>\n\n<img srcset=\'img/d.png,, https://x.org/e.png 2x\' alt="d">\n\n<picture><source srcset="https://x.org/f.png 480w, https://x.org/g.png 800w"></picture>\n\n<!-- <img srcset="img/h.png"> -->\n';
    assert.deepEqual(inspectMarkdown(html).localImages, ['img/a.png', 'img/b.png', 'img/d.png']);
    const windows = '![a](images\\a.png) ![b](C:\\docs\\b.png) ![c](d:/pics/c.png) ![d](file:///C:/d.png) ![e](https://x.org/e.png)\n<img src="C:\\docs\\f.png">\n\n![g][g]\n\n[g]: E:\\g.png\n';
    assert.deepEqual(inspectMarkdown(windows).localImages, ['images\\a.png', 'C:\\docs\\b.png', 'd:/pics/c.png', 'file:///C:/d.png', 'C:\\docs\\f.png', 'E:\\g.png']);
    // A link written from a drive is left to the links' own reading, which passes it on as written.
    assert.deepEqual(inspectMarkdown('[h](C:\\docs\\h.md)').localMarkdownLinks, []);
  });

  it('finds the local files HTML links name (<a href>), quoted or not, in any case, however Markdown links are checked', () => {
    const text = '<p align="center">\n  <a href="docs/setup.md">Setup</a> | <A class="x" HREF=\'../LICENSE\'>License</A> | <a href=guide/>Guide</a>\n' +
      '  <a href="https://x.org/a.md">Web</a> <a href="#top">Top</a> <a href="mailto:a@b.c">Mail</a> <a name="anchor"></a> <a href="C:\\docs\\w.md">W</a>\n</p>\n';
    const expected = ['docs/setup.md', '../LICENSE', 'guide/', 'C:\\docs\\w.md'];
    assert.deepEqual(inspectMarkdown(text).htmlLinks, expected);
    assert.deepEqual(inspectMarkdown(text, { markdownLinks: false }).htmlLinks, expected, 'a page tree rewrites Markdown links only');
    assert.deepEqual(inspectMarkdown(text).localMarkdownLinks, [], 'an HTML link is no Markdown link');
    // An <abbr> and an <a> without href are no link; each target is listed once.
    assert.deepEqual(inspectMarkdown('<abbr href="x.md">x</abbr> <a title="t">y</a> <a href="b.md">b</a> <a href="b.md">again</a>').htmlLinks, ['b.md']);
    // An attribute that ends in the name (a script's data-href) is another attribute.
    assert.deepEqual(inspectMarkdown('<a data-href="x.md" href="https://x.org/">x</a> <a data-href="y.md">y</a>\n<a\nclass="c"\nhref="z.md">z</a>').htmlLinks, ['z.md']);
  });

  it('reads an <img>\'s own src and srcset, not a data-src or data-srcset beside them', () => {
    const text = '<img src="https://x.org/a.png" data-src="lazy.png"> <img data-src="b.png"> <img data-srcset="c.png 2x" src="d.png">';
    assert.deepEqual(inspectMarkdown(text).localImages, ['d.png']);
  });

  it('reads a text of many unclosed <a and <img tags (a pull request controls it) to its end: each tag is looked at up to the next <', () => {
    // Read from each `<` on to the next `>`, these took minutes (seconds for a tenth of the length); the suite's timeout
    // holds them to a thousand times what a linear reading takes.
    const text = `${'<a '.repeat(100_000)}<a href="x.md">x</a> ${'<img '.repeat(100_000)}<img src="y.png"> ${'<source '.repeat(50_000)}<source srcset="z.png 2x">`;
    const findings = inspectMarkdown(text);
    assert.deepEqual([findings.htmlLinks, findings.localImages], [['x.md'], ['y.png', 'z.png']]);
  });

  it('leaves out HTML links in code and in comments', () => {
    const text = '```html\n<a href="a.md">a</a>\n```\n    <a href="b.md">b</a>\n\n`<a href="c.md">c</a>`\n<!-- <a href="d.md">d</a> -->\n<a href="e.md">e</a>\n';
    assert.deepEqual(inspectMarkdown(text).htmlLinks, ['e.md']);
  });

  it('finds links to local Markdown files, including reference definitions and anchors', () => {
    const findings = inspectMarkdown('[guide](../guide.md) [web](https://x.org/a.md) [self](#top) [sec](other.markdown#part)\n\n[ref]: ./ref.md');
    assert.deepEqual(findings.localMarkdownLinks, ['../guide.md', 'other.markdown#part', './ref.md']);
    // A definition cannot interrupt a paragraph: on the paragraph's next line it is text (and `[ref]` no link).
    assert.deepEqual(inspectMarkdown('[guide](../guide.md)\n[ref]: ./ref.md').localMarkdownLinks, ['../guide.md']);
  });

  it('ignores code: fenced blocks, indented blocks and inline code', () => {
    const text = '```md\n# Not a title\n![x](x.png)\n```\n    ![y](y.png)\n`![z](z.png)`\n~~~\n[a](a.md)\n~~~\n# Real';
    const findings = inspectMarkdown(text);
    assert.deepEqual(findings, { firstHeading: 'Real', localImages: [], localMarkdownLinks: [], htmlLinks: [] });
  });

  it('ignores code in block quotes, on a list item\'s marker line and in spans across lines, and HTML the page does not read as Markdown', () => {
    const text = '> ```\n> [a](a.md)\n> ```\n- ```\n  ![b](b.png)\n  ```\n`c\n[c](c.md)`\n<!--\n# Old title\n[d](d.md)\n-->\n<pre>\n[e](e.md)\n</pre>\n# Title';
    assert.deepEqual(inspectMarkdown(text), { firstHeading: 'Title', localImages: [], localMarkdownLinks: [], htmlLinks: [] });
  });

  it('still finds links next to backticks that open no code span, and HTML images outside comments', () => {
    const findings = inspectMarkdown('``a`b`` [a](a.md) \\` [b](b.md)\n<div>\n<img src="c.png">\n</div>\n<!-- <img src="d.png"> -->');
    assert.deepEqual([findings.localMarkdownLinks, findings.localImages], [['a.md', 'b.md'], ['c.png']]);
  });

  it('reads headings with CRLF line ends, and treats an unclosed fence as code to the end', () => {
    assert.equal(inspectMarkdown('intro\r\n# Title\r\nmore').firstHeading, 'Title');
    assert.deepEqual(inspectMarkdown('```\n![a](a.png)\n# In code').localImages, []);
    assert.equal(inspectMarkdown('```\n# In code').firstHeading, undefined);
  });

  it('ends a heading at a bare CR, a line end in CommonMark (old Mac files)', () => {
    assert.equal(inspectMarkdown('# CR only\r\rtext\r').firstHeading, 'CR only');
    assert.equal(inspectMarkdown('intro\r\r   # Title #\rmore').firstHeading, 'Title');
    assert.equal(inspectMarkdown('intro\r    # Indented code\r# Real\r').firstHeading, 'Real');
    assert.equal(inspectMarkdown('intro # not a heading\r').firstHeading, undefined);
  });

  it('reads a line of a lone tag of any name as an HTML block to the next blank line, unless it would interrupt a paragraph (CommonMark type 7)', () => {
    const block = '<custom-note type="tip">\n# Not a title\n[a](a.md)\n</custom-note>\n\n</span>\n[b](b.md)\n\n# Title\n<kbd>\n[c](c.md)\n\n[d](d.md)\n';
    assert.deepEqual(inspectMarkdown(block), { firstHeading: 'Title', localImages: [], localMarkdownLinks: ['d.md'], htmlLinks: [] });
    // A paragraph runs on over it; an autolink or a tag with more text after it is no such line.
    // After a first line that is blank (as a body after front matter often starts), too.
    assert.deepEqual(inspectMarkdown('\n<custom-note>\n[a](a.md)\n').localMarkdownLinks, []);
    const paragraph = 'Text\n<custom-note>\n[e](e.md)\n\n<https://example.org/x>\n[f](f.md)\n\n<span>text</span>\n[g](g.md)\n';
    assert.deepEqual(inspectMarkdown(paragraph).localMarkdownLinks, ['e.md', 'f.md', 'g.md']);
  });

  it('opens no fence at a fence line inside an HTML comment or block: the text after it is read as Markdown', () => {
    const text = '<!--\n```sh\n# Old title\n[a](a.md)\n-->\n[b](b.md)\n\n<div>\n~~~\n</div>\n\n[c](c.md)\n\n<custom-note>\n```\n</custom-note>\n\n# Title\n```\n[d](d.md)\n```\n';
    assert.deepEqual(inspectMarkdown(text), { firstHeading: 'Title', localImages: [], localMarkdownLinks: ['b.md', 'c.md'], htmlLinks: [] });
    // The pairing goes on after the comment: a fence that opens after it is closed by the next fence line.
    assert.deepEqual(fencedBlocks(text), ['```\n[d](d.md)\n```']);
  });

  it('pairs no backticks across the start of a block quote or HTML block that interrupts the paragraph; a lazy line continues it', () => {
    const apart = 'Type `a [a](a.md)\n> b` [b](b.md)\n\n> Quoted `c [c](c.md)\n>> d`\n\nA `e [e](e.md)\n<div>\nf`\n';
    assert.deepEqual(inspectMarkdown(apart).localMarkdownLinks, ['a.md', 'b.md', 'c.md', 'e.md']);
    const together = '> Quoted `a [a](a.md)\nlazily b` end\n\n- item `c [c](c.md)\n  > d` end\n\nText `e [e](e.md)\n    > f` end\n';
    assert.deepEqual(inspectMarkdown(together).localMarkdownLinks, ['c.md']);
  });

  it('reads an HTML block opened after block quote or list item markers to its end there, as CommonMark reads a container\'s blocks', () => {
    const quoted = '> <div>\n> [a](a.md)\n> </div>\n\n> <!--\n> # Old title\n> [b](b.md)\n> -->\n> [c](c.md)\n\n> <div>\n[d](d.md)\n\n> text\n> <custom-note>\n> [e](e.md)\n';
    // An HTML block has no lazy lines: `[d]` ends the quote, and so the block; a lone tag does not interrupt a paragraph.
    assert.deepEqual(inspectMarkdown(quoted), { firstHeading: undefined, localImages: [], localMarkdownLinks: ['c.md', 'd.md', 'e.md'], htmlLinks: [] });
    const listed = '- <details>\n  [a](a.md)\n  </details>\n- [b](b.md)\n\n1. <custom-note>\n   [c](c.md)\n\n   [d](d.md)\n\n> - <pre>\n>   [e](e.md)\n> [f](f.md)\n\n> <!DOCTYPE\n> [g](g.md) >\n> [h](h.md)\n';
    // A quote's own `>` ends no `<!DOCTYPE` block: only the `>` in the block's text does.
    assert.deepEqual(inspectMarkdown(listed).localMarkdownLinks, ['b.md', 'd.md', 'f.md', 'h.md']);
    // Four spaces or more in, a nested list item's content (its content column): a block there too, not code.
    const nested = '- a\n  - b\n    <details>\n    [a](a.md)\n    </details>\n\n    [b](b.md)\n\n1. x\n   - y\n     <!--\n     [c](c.md)\n     -->\n[d](d.md)\n\ntext\n\n    <div>\n    [e](e.md)\n';
    assert.deepEqual(inspectMarkdown(nested).localMarkdownLinks, ['b.md', 'd.md'], 'outside a list, four spaces in is indented code');
    // A fence line inside such a block opens nothing.
    const fence = '> <!--\n> ```sh\n> -->\n[a](a.md)\n';
    assert.deepEqual(inspectMarkdown(fence).localMarkdownLinks, ['a.md']);
    assert.deepEqual(fencedBlocks(fence), []);
  });

  it('takes the title from a heading that a paragraph\'s unclosed `<!--` is before: the heading ends the paragraph, and the comment with it', () => {
    assert.deepEqual(inspectMarkdown('Draft <!-- start\n# Setup [guide](guide.md)\nold -->\n'), { firstHeading: 'Setup [guide](guide.md)', localImages: [], localMarkdownLinks: ['guide.md'], htmlLinks: [] });
    assert.equal(inspectMarkdown('Draft <!-- start\n[guide](guide.md)\n# Old -->\n# Title\n').firstHeading, 'Old -->', 'a heading is no paragraph\'s continuation');
    assert.deepEqual(inspectMarkdown('Draft <!-- start\n[guide](guide.md) -->\n# Title\n'), { firstHeading: 'Title', localImages: [], localMarkdownLinks: [], htmlLinks: [] });
  });

  it('ends an HTML block in a list item where the list item ends, as CommonMark does (an HTML block has no lazy lines)', () => {
    const steps = '1. Step one\n   <details><summary>More</summary>\n   [a](a.md)\n   </details>\n2. Step two [b](b.md)\n\n- x\n\n  <div>\n  [c](c.md)\n# Title [d](d.md)\n';
    assert.deepEqual(inspectMarkdown(steps), { firstHeading: 'Title [d](d.md)', localImages: [], localMarkdownLinks: ['b.md', 'd.md'], htmlLinks: [] });
    // Nested, four columns or more in: the block ends at a line less indented than the item's content, a comment too.
    const nested = '- a\n  - b\n    <details>\n    [a](a.md)\n[b](b.md)\n\n1. x\n   - y\n     <!--\n     [c](c.md)\n   [d](d.md) ![e](e.png)\n   -->\n';
    assert.deepEqual(inspectMarkdown(nested), { firstHeading: undefined, localImages: ['e.png'], localMarkdownLinks: ['b.md', 'd.md'], htmlLinks: [] });
    // A block quote or a heading ends a list item whose paragraph it follows: a block after them is in no list item.
    const after = '- a\n> quote\n  <div>\n[f](f.md)\n\n- b\n## Part\n  <div>\n[g](g.md)\n';
    assert.deepEqual(inspectMarkdown(after).localMarkdownLinks, []);
  });

  it('does not let a longer fence be closed by a shorter one', () => {
    assert.deepEqual(inspectMarkdown('````\n```\n![a](a.png)\n````\n![b](b.png)').localImages, ['b.png']);
  });

  it('lists each target once', () => {
    assert.deepEqual(inspectMarkdown('![a](a.png) ![a](a.png)').localImages, ['a.png']);
    // Many different targets, each twice: listed once each, in the order first met.
    const targets = Array.from({ length: 40 }, (_, index) => `p${index}.md`);
    const text = [...targets, ...targets.slice().reverse()].map((target) => `[x](${target})`).join('\n');
    assert.deepEqual(inspectMarkdown(text).localMarkdownLinks, targets);
  });
});
