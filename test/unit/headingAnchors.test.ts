import assert from 'node:assert/strict';
import {
  headingPlainText, markdownHeadingSlug, markdownHeadingSlugs, markdownHeadings, wikiAnchorForLink, wikiHeadingAnchor, wikiHeadingAnchors,
} from '../../src/core/links/rewrite';

describe('heading anchors', () => {
  it('reads the text a reader sees of a heading written in Markdown', () => {
    assert.equal(headingPlainText('The **fast** _way_ with `npm *ci*`'), 'The fast way with npm *ci*');
    assert.equal(headingPlainText('[Link](x.md) and ![img](i.png) and [ref][r]'), 'Link and img and ref');
    assert.equal(headingPlainText('snake_case \\*literal\\* 5 * 3 [WIP]'), 'snake_case *literal* 5 * 3 [WIP]');
  });

  it('reads a link in a heading whose destination holds balanced parentheses as its text alone', () => {
    const heading = 'See [the](api(v2).md) function';
    assert.equal(headingPlainText(heading), 'See the function');
    assert.equal(markdownHeadingSlug(heading), 'see-the-function');
    assert.equal(wikiHeadingAnchor('T', heading), 'See-the-function');
    // The link to it GitHub's way finds the heading, and goes to the wiki's anchor of it.
    assert.equal(wikiAnchorForLink('see-the-function', { title: 'T', headings: [heading] }), 'See-the-function');
    assert.equal(headingPlainText('[a](<b c>) and [d]( e "t" ) and ![f *g*](h(i).png)'), 'a and d and f g');
  });

  it('keeps `*`, `_` and `~` that pair into no emphasis, as CommonMark renders them, on both sides', () => {
    const cases: Array<[string, string, string]> = [
      // heading, the wiki's anchor, GitHub's slug
      ['Use ~/.ssh/config', 'Use-~/.ssh/config', 'use-sshconfig'], ['A*B matrix', 'A*B-matrix', 'ab-matrix'],
      ['x~y', 'x~y', 'xy'], ['_a_b', '_a_b', '_a_b'], ['snake_ word', 'snake_-word', 'snake_-word'],
      ['__init__ method', 'init-method', 'init-method'], ['foo*bar*', 'foobar', 'foobar'], ['*a **b** c*', 'a-b-c', 'a-b-c'],
      ['~~old~~ new', 'old-new', 'old-new'], ['~~~x~~~', '~~~x~~~', 'x'], ['**a*', '*a', 'a'], ['a_b_c', 'a_b_c', 'a_b_c'],
    ];
    for (const [heading, anchor, slug] of cases) {
      assert.equal(wikiHeadingAnchor('T', heading), anchor, heading);
      assert.equal(markdownHeadingSlug(heading), slug, heading);
      assert.equal(wikiAnchorForLink(slug, { title: 'T', headings: [heading] }), anchor, heading);
    }
  });

  it('slugs headings the way GitHub does', () => {
    const cases: Array<[string, string]> = [
      ['Install', 'install'], ['Configure the proxy', 'configure-the-proxy'], ['Tom & Jerry', 'tom--jerry'],
      ['Step 2 (optional)', 'step-2-optional'], ['`npm` **install**', 'npm-install'], ['Café au lait', 'café-au-lait'],
      ['snake_case name', 'snake_case-name'], ['What is it?', 'what-is-it'], ['v1.2 – notes', 'v12--notes'],
    ];
    for (const [heading, slug] of cases) assert.equal(markdownHeadingSlug(heading), slug, heading);
    assert.deepEqual(markdownHeadingSlugs(['A', 'A', 'A-1', 'b']), ['a', 'a-1', 'a-1-1', 'b']);
  });

  it('slugs headings holding HTML or entities from the text GitHub renders: tags dropped, entities decoded', () => {
    const cases: Array<[string, string]> = [
      ['Use <kbd>Ctrl</kbd>+C', 'use-ctrlc'], ['Fish &amp; Chips', 'fish--chips'], ['`x`: &lt;AppBar&gt; menu', 'x-appbar-menu'],
      // A tag's own spacing stays: GitHub's id for `<a name="foo"></a> Foo` is `-foo` (remarkjs/remark-slug#11).
      ['<a name="foo"></a> Foo', '-foo'], ['Line<br/>break <!-- note --> <img src="i.png" alt="Logo">', 'linebreak--'],
      ['Caf&eacute; &#169; &#x41;&#66;', 'café--ab'], ['A&nbsp;B &#32;', 'ab--'],
      // What stays text on GitHub stays text here: code spans, escapes, no entity, not a tag, GFM's filtered tags.
      ['`<kbd>` and `&amp;`', 'kbd-and-amp'], ['\\<kbd>x\\&amp;', 'kbdxamp'], ['AT&T &bogus; &amp', 'att-bogus-amp'],
      ['a < b > c', 'a--b--c'], ['<script>x</script> <Title>', 'scriptxscript-title'],
    ];
    for (const [heading, slug] of cases) assert.equal(markdownHeadingSlug(heading), slug, heading);
    assert.deepEqual(markdownHeadingSlugs(['Use Ctrl+C', 'Use <kbd>Ctrl</kbd>+C']), ['use-ctrlc', 'use-ctrlc-1']);
  });

  it('gives the wiki anchors of the current editor: the heading, spaces as hyphens, case and punctuation kept', () => {
    assert.equal(wikiHeadingAnchor('Any title', 'Setting up Databricks CLI'), 'Setting-up-Databricks-CLI');
    assert.equal(wikiHeadingAnchor('Any title', '2.59.0 (Ubuntu 22)'), '2.59.0-(Ubuntu-22)');
    assert.equal(wikiHeadingAnchor('Any title', '  The **fast**   way '), 'The-fast-way');
    assert.deepEqual(wikiHeadingAnchors('T', ['Behavior', 'Levels', 'Behavior', 'Behavior']), ['Behavior', 'Levels', 'Behavior.1', 'Behavior.2']);
  });

  it('gives the legacy editor anchors when asked: title and heading without spaces, joined by a hyphen', () => {
    assert.equal(wikiHeadingAnchor('Messages types', 'Behavior', 'legacy'), 'Messagestypes-Behavior');
    assert.equal(wikiHeadingAnchor('Testing Sphinx Confluence Builder 2.13.0 (with parentheses)', 'Overview', 'legacy'),
      'TestingSphinxConfluenceBuilder2.13.0(withparentheses)-Overview');
    assert.deepEqual(wikiHeadingAnchors('Msg', ['A b', 'A b'], 'legacy'), ['Msg-Ab', 'Msg-Ab.1']);
  });

  it('finds the wiki anchor for a link anchor by slug, by the wiki form, or ignoring case; undefined otherwise', () => {
    const page = { title: 'Guide', headings: ['Café', 'Install', 'Install'] };
    assert.equal(wikiAnchorForLink('caf%C3%A9', page), 'Café');
    assert.equal(wikiAnchorForLink('install-1', page), 'Install.1');
    assert.equal(wikiAnchorForLink('Install.1', page), 'Install.1');
    assert.equal(wikiAnchorForLink('INSTALL', page), 'Install');
    assert.equal(wikiAnchorForLink('nowhere', page), undefined);
    assert.equal(wikiAnchorForLink('%E0%A4%A', page), undefined, 'a broken percent-encoding is compared as written');
  });

  it('finds headings holding HTML or entities by their GitHub slug; their wiki anchors keep the heading as written', () => {
    const page = { title: 'Keys', headings: ['Use <kbd>Ctrl</kbd>+C', 'Fish &amp; Chips'] };
    assert.equal(wikiAnchorForLink('use-ctrlc', page), 'Use-<kbd>Ctrl</kbd>+C');
    assert.equal(wikiAnchorForLink('fish--chips', page), 'Fish-&amp;-Chips');
    assert.equal(wikiAnchorForLink('use-kbdctrlkbdc', page), undefined, 'the old slug was never GitHub\'s');
  });
});

describe('markdownHeadings', () => {
  it('lists ATX and setext headings in order, as written', () => {
    const text = '# Title #\n\nIntro\n\n## C# and F#\nSetext one\n===\n\nTwo lines\nof setext\n---\n\n> ### Quoted\n\n#hashtag\n#\n';
    assert.deepEqual(markdownHeadings(text), ['Title', 'C# and F#', 'Setext one', 'Two lines of setext', 'Quoted', '']);
  });

  it('skips code and takes `---` after a list or a blank line for a rule, not a heading', () => {
    const text = '```\n# Not\n```\n    # Not either\n\n- item\n---\n\n---\n\n~~~\nText\n===\n~~~\n## Yes\r\n';
    assert.deepEqual(markdownHeadings(text), ['Yes']);
  });

  it('skips headings in HTML comments and blocks, in block quotes and list items too, as CommonMark passes them on as written', () => {
    const text = '<!--\n## Old\n-->\n\n<div>\nHidden\n---\n</div>\n\n> <!--\n> ## Quoted old\n> -->\n\n- <details>\n  ## Folded\n  </details>\n\n' +
      // A blank line ends the <div>: what follows it is Markdown again; an inline comment cannot hide a heading line.
      '<div>\n\n## Shown\n</div>\n\nText <!--\n## Also shown\n-->\n';
    assert.deepEqual(markdownHeadings(text), ['Shown', 'Also shown']);
  });

  it('takes a heading in a list item, on its marker line or indented to its content, but not one in code there or after a paragraph', () => {
    const text = '1. ## Install\n   Run it.\n2. Configure:\n\n    ### Tokens\n- a\n    - ## Nested\n\n> - ## Quoted item\n\n' +
      '- b\n\n      ## Code in the item\n\nText\n    ## Continues the text\n\n* * *\n- - -\n\n  * If so:\n     ```sh\n     # a comment in a fence\n     ```\n';
    assert.deepEqual(markdownHeadings(text), ['Install', 'Tokens', 'Nested', 'Quoted item']);
  });

  it('takes no heading from the lines that go on a list item\'s or a quote\'s text lazily, a line of a no-break space among them: the underline below is a rule', () => {
    const text = '- item\ncontinued\n---\n\n+ one\ntwo\n===\n\n- Shim\n\u00a0\nBug Fixes\n---\n\n- item\n> Quoted\n> ---\n\n- item\n\nText\n---\n' +
      // A quote's text goes on lazily too: only an underline in the quote makes it a heading.
      '\n> note\nmore\n---\n\n> Title\n> ===\n';
    assert.deepEqual(markdownHeadings(text), ['Quoted', 'Text', 'Title']);
  });
});
