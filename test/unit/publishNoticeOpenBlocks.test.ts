// The notice after a file that ends inside a block CommonMark keeps open to the end of the document: a fenced code
// block never closed (4.5) and an HTML block of kinds 1 to 5 whose end condition never comes (4.6). The notice must
// still be a rule and a paragraph of its own, and the file's text must render as it does alone. Checked against
// commonmark.js (the reference) for many endings, in and out of containers, with each kind of line ending.
import { strict as assert } from 'node:assert';
import { HtmlRenderer, Parser } from 'commonmark';
import MarkdownIt from 'markdown-it';
import { contentDigest, findMarker, noticeAfter, pathDigest, withNotice, type PageNotice } from '../../src/core/publish/publishNotice';

const notice: PageNotice = {
  label: 'docs/x.md', marker: { version: 3, digest: contentDigest('a'.repeat(64), ''), path: pathDigest('docs/x.md') }, sourceUrl: 'https://git.example.test/x',
};
const parser = new Parser();
const renderer = new HtmlRenderer();
const markdownIt = new MarkdownIt({ html: true, xhtmlOut: true });
// The text alone is rendered with its line endings as LF and its last line ended, as the spec reads it either way:
// commonmark.js reads a last CR as a line ending followed by one more, empty line (a last LF it drops), which an open
// block then holds, and markdown-it leaves a last line's missing line ending out of the code or HTML that holds it.
const asLf = (markdown: string): string => markdown.replace(/\r\n?/g, '\n').replace(/[^\n]$/, '$&\n');
const RENDERERS: ReadonlyArray<[string, (markdown: string) => string]> = [
  ['commonmark.js', (markdown) => renderer.render(parser.parse(markdown))],
  ['markdown-it', (markdown) => markdownIt.render(markdown)],
];

const NOTICE_HTML = /^<hr \/>\n<p><em>Published from <a href="https:\/\/git\.example\.test\/x#wiki-publisher\.v3\.[0-9a-f]{20}\.[0-9a-f]{8}">docs\/x\.md<\/a> with Wiki Publisher\.[^<]*<\/em><\/p>\n$/;

/** The end condition an HTML block of kinds 1 to 5 is closed with, by how it opens (the reference's own literal). */
function closerOf(literal: string): string {
  const kindOne = /^ {0,3}<(script|pre|textarea|style)/i.exec(literal);
  if (kindOne) return `</${kindOne[1] ?? ''}>`;
  if (/^ {0,3}<!--/.test(literal)) return '-->';
  if (/^ {0,3}<\?/.test(literal)) return '?>';
  if (/^ {0,3}<!\[CDATA\[/.test(literal)) return ']]>';
  return '>';
}

/** Why `markdown` with its notice renders otherwise than the text alone, then the rule and the notice; undefined when it does not. */
function problem(markdown: string): string | undefined {
  const sent = withNotice(markdown, notice);
  if (!sent.startsWith(markdown)) return 'the text is not sent as it is';
  const last = parser.parse(markdown).lastChild;
  for (const [name, html] of RENDERERS) {
    const alone = html(asLf(markdown));
    const whole = html(sent);
    if (!whole.startsWith(alone)) return `${name}: the text renders otherwise: ${JSON.stringify(whole)}`;
    let rest = whole.slice(alone.length);
    // An HTML block left open is closed by its end condition on a line of its own: its raw HTML gains that line.
    if (last?.type === 'html_block' && !NOTICE_HTML.test(rest)) {
      const closer = `${closerOf(last.literal ?? '')}\n`;
      if (!rest.startsWith(closer)) return `${name}: not closed by ${closer}: ${JSON.stringify(rest)}`;
      rest = rest.slice(closer.length);
    }
    if (!NOTICE_HTML.test(rest)) return `${name}: the notice is not a rule and a paragraph after the text: ${JSON.stringify(rest)}`;
    if (findMarker(whole) === undefined) return `${name}: no marker in the page`;
  }
  return undefined;
}

const OPEN_ENDINGS = [
  '```sh\necho hi\n', '```sh\necho hi', '```', '```\n', '~~~\ncode\n', '~~~~ info\n~~~\nstill code\n', '````\n```\ninside\n',
  '```\n````` not a closing fence\n', '```\n    ```\n', '  ```\n  indented fence\n', '```\ncode\n\n\n', '```\ncode\n   ', '``` js\n~~~\n',
  '<!-- TODO: finish this section\n', '<!-- a\n\n\nb', '<pre>\nsome preformatted\n', '<PRE class="x">\ny', '<script>\nlet a = 1;\n',
  '<style>\np { color: red }\n', '<textarea>\nx\n\n', '<?php\necho 1;\n', '<!DOCTYPE html\n', '<![CDATA[\nx\n', '  <pre>\nindented\n',
];
// Open in a block quote or list item: the rule closes them, with no blank line before it that a list item's block would take.
const CONTAINED = [
  '> ```\n> code\n', '- ```\n  code\n', '- ```\n  code\n\n', '- item\n\n  ```\n  code\n', '> - ```\n>   code', '1. <!-- x\n', '> <pre>\n> x\n',
  '- <script>\n  a\n', '- a\n  <!-- b\n', '- a\n  - ```\n    deep\n', '- > ```\n  > x\n',
];
const CLOSED = [
  '```\ncode\n```\n', '<!-- x -->\n', '<div>\nx\n', '<a href="x">\n', 'text', '    indented code\n', '- list\n', '> quote', '[a]: /url\n',
  'Title\n', 'text  \n', '`open code span\n', '<!-- x\n-->', '- ```\n  code\nlazy paragraph\n', '- <div>\n  x\n', '```\nx\n```\n<pre>\n</pre>',
];
const BEFORE = ['', '# Fence\n\nExample:\n\n', 'Intro\n', '- list\n\n', '> quote\n\n'];

function variants(markdown: string): string[] {
  return [markdown, markdown.replace(/\n/g, '\r\n'), markdown.replace(/\n/g, '\r')];
}

describe('publish notice after a block left open', () => {
  it('the repros: a file ending in an unclosed fence, comment or <pre> keeps its notice out of it', () => {
    const fenced = '# Fence\n\nExample:\n\n```sh\necho hi\n';
    assert.equal(noticeAfter(fenced, notice).split('\n').slice(0, 3).join('\n'), '```\n\n---');
    for (const markdown of [fenced, 'Text\n\n<!-- TODO: finish this section\n', 'Text\n\n<pre>\nsome preformatted\n']) {
      assert.equal(problem(markdown), undefined, markdown);
    }
    assert.ok(noticeAfter('<!-- TODO: finish this section\n', notice).startsWith('-->\n\n---\n'));
    assert.ok(noticeAfter('<pre>\nsome preformatted', notice).startsWith('\n</pre>\n\n---\n'));
  });

  it('renders each text as alone, then the rule and the notice: open, contained and closed blocks, every line ending', () => {
    const found: string[] = [];
    let checked = 0;
    for (const before of BEFORE) {
      for (const ending of [...OPEN_ENDINGS, ...CONTAINED, ...CLOSED]) {
        for (const markdown of variants(before + ending)) {
          checked++;
          const why = problem(markdown);
          if (why !== undefined) found.push(`${JSON.stringify(markdown)}: ${why}`);
        }
      }
    }
    assert.ok(checked > 600, String(checked));
    assert.deepEqual(found, []);
  });

  it('renders each example of the CommonMark spec as alone, then the rule and the notice', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the package ships no types: its examples are plain data
    const examples = (require('commonmark-spec') as { tests: Array<{ markdown: string; number: number }> }).tests;
    const found: string[] = [];
    for (const example of examples) {
      const why = problem(example.markdown.replace(/→/g, '\t'));
      if (why !== undefined) found.push(`example ${example.number}: ${why}`);
    }
    assert.deepEqual(found, []);
  });

  it('adds nothing before the rule where nothing is open: the notice of every other text is as before', () => {
    for (const ending of [...CLOSED, ...CONTAINED]) {
      const eol = /\r\n|\r|\n/.exec(ending)?.[0] ?? '\n';
      const ended = /[\r\n]$/.test(ending) ? '' : eol;
      const blank = CLOSED.includes(ending) ? eol : '';
      assert.ok(noticeAfter(ending, notice).startsWith(`${ended}${blank}---${eol}`), JSON.stringify(ending));
    }
  });
});
