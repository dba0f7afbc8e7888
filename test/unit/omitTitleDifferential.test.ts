// omitTitleHeading leaves out the heading that repeats the page title and nothing else of the page: the text left must
// render as the whole text does without that heading's <h1>, or stay as it is. Leaving out a heading that interrupts
// a paragraph, a list or a block quote would join the blocks on either side of it (CommonMark 5.1, laziness), and one
// after a list or indented code would let an indented line or a list item after it join them. Checked against
// commonmark.js and markdown-it for many generated texts.
import { strict as assert } from 'node:assert';
import { HtmlRenderer, Parser, type Node } from 'commonmark';
import MarkdownIt from 'markdown-it';
import { omitTitleHeading } from '../../src/core/markdown/headings/omitTitle';
import { seeded } from '../support/seeded';

const parser = new Parser();
const renderer = new HtmlRenderer();
const markdownIt = new MarkdownIt({ html: true, xhtmlOut: true });

/** The text of a heading's inlines. */
function textOf(node: Node): string {
  let text = '';
  const walker = node.walker();
  for (let event = walker.next(); event !== null; event = walker.next()) if (event.entering && node !== event.node) text += event.node.literal ?? '';
  return text;
}

/** The rendering of `markdown` without its title heading (the first level-one heading in the document with text), when its text is `title`. */
function withoutTitle(markdown: string, title: string): string | undefined {
  const document = parser.parse(markdown);
  for (let node = document.firstChild; node !== null; node = node.next) {
    if (node.type !== 'heading' || node.level !== 1 || textOf(node).trim() === '') continue;
    if (textOf(node).trim() !== title) return undefined;
    node.unlink();
    return renderer.render(document);
  }
  return undefined;
}

/** markdown-it's rendering without the `<h1>` at the title heading's place: its tokens from heading_open to heading_close left out. */
function markdownItWithoutTitle(markdown: string): string {
  const tokens = markdownIt.parse(markdown, {});
  const open = tokens.findIndex((token) => token.type === 'heading_open' && token.tag === 'h1' && token.level === 0);
  const kept = open === -1 ? tokens : [...tokens.slice(0, open), ...tokens.slice(open + 3)];
  return markdownIt.renderer.render(kept, markdownIt.options, {});
}

const ended = (markdown: string): string => markdown.replace(/[^\r\n]$/, '$&\n');

/** Why what omitTitleHeading makes of `markdown` renders otherwise than `markdown` without its title heading. */
function problem(markdown: string): string | undefined {
  const omitted = omitTitleHeading(markdown, 'Guide');
  const expected = withoutTitle(markdown, 'Guide');
  if (expected === undefined) return omitted === markdown ? undefined : `no title heading, yet changed to ${JSON.stringify(omitted)}`;
  if (omitted === markdown) return undefined;
  const actual = renderer.render(parser.parse(omitted));
  if (actual !== expected) return `commonmark.js: ${JSON.stringify(omitted)} renders ${JSON.stringify(actual)}, not ${JSON.stringify(expected)}`;
  // markdown-it leaves a last line's missing line ending out of the HTML block that holds it: both texts end in one.
  const viaMarkdownIt = markdownIt.render(ended(omitted));
  const expectedViaMarkdownIt = markdownItWithoutTitle(ended(markdown));
  if (viaMarkdownIt !== expectedViaMarkdownIt) return `markdown-it: ${JSON.stringify(omitted)} renders ${JSON.stringify(viaMarkdownIt)}, not ${JSON.stringify(expectedViaMarkdownIt)}`;
  return undefined;
}

const BEFORE = [
  'Intro line', '> **Draft:** not final', '- item', '1. item', '* item', '- item\n  - nested', '    indented code', '```\ncode\n```', '<div>',
  '<!-- note -->', '[a]: /url', 'Setext\n---', 'Other\n===', '***', '- item\n\n  para', '> quote\n> - in quote', '<div>\n</div>', '- > quoted item',
  'Two\nlines', '1) paren', '- item\nlazy', '>     quoted code', '- ```\n  fenced in item\n  ```', '\tTabbed code',
];
const TITLES = ['# Guide', 'Guide\n===', '  # Guide #', 'Guide\n=====', '# Guide ##', '   Guide\n   ==='];
const AFTER = [
  'First words.', 'These words now join the quote.', '  continued', '    indented', '- item', '+ other', '* star', '1. one', '2) two', '===', '---', '***',
  '```\nx\n```', '> q', '<div>', 'Setext\n---', '[a]', '\tTabbed', ' - spaced item', '   deep', '* * *', 'x\n===', '      more indented', '<!-- c -->',
];
const GAPS = ['\n', '\n', '\n\n', '\n\n\n', '\n \n'];

function generated(count: number): string[] {
  const random = seeded(20240612);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const texts: string[] = [];
  for (let index = 0; index < count; index++) {
    const parts: string[] = [];
    const before = Math.floor(random() * 3);
    for (let part = 0; part < before; part++) parts.push(pick(BEFORE), pick(GAPS));
    if (before === 0 && random() < 0.3) parts.push(pick(GAPS));
    parts.push(pick(TITLES));
    const after = Math.floor(random() * 3);
    for (let part = 0; part < after; part++) parts.push(pick(GAPS), pick(AFTER));
    if (random() < 0.5) parts.push('\n');
    const text = parts.join('');
    texts.push(random() < 0.15 ? text.replace(/\n/g, '\r\n') : random() < 0.1 ? text.replace(/\n/g, '\r') : text);
  }
  return texts;
}

describe('leaving out the title heading changes nothing else of the page', () => {
  it('the repros: the blocks on either side of the heading stay apart', () => {
    const cases: Array<[string, string]> = [
      ['> **Draft:** not final\n# Guide\nThese words now join the quote.\n', '> **Draft:** not final\n\nThese words now join the quote.\n'],
      ['Intro line\n# Guide\nFirst words.', 'Intro line\n\nFirst words.'],
      ['- item\n# Guide\ncontinued words', '- item\n\ncontinued words'],
      ['Intro\r\n# Guide\r\n\r\nText\r\n', 'Intro\r\n\r\nText\r\n'],
      ['Intro\n\n# Guide\nText\n', 'Intro\n\nText\n'],
      // The definitions a setext heading's paragraph began with stay a paragraph of their own.
      ['[a]: /url\nGuide\n===\n      more indented\n', '[a]: /url\n\n      more indented\n'],
      // After a block that no line goes on in, the heading's lines go with their line ending.
      ['```\nx\n```\n# Guide\n---\n', '```\nx\n```\n---\n'],
      ['<!-- note -->\n# Guide\nText\n', '<!-- note -->\nText\n'],
      // Where a blank line or the next line's own block keeps them apart, the text is as it always was (its digest too).
      ['Intro\n\n# Guide\n\nText\n', 'Intro\n\nText\n'],
      ['Intro\n# Guide\n> Note\n', 'Intro\n> Note\n'],
      ['Intro\n# Guide\n\n## Part\n', 'Intro\n## Part\n'],
    ];
    for (const [text, expected] of cases) {
      assert.equal(omitTitleHeading(text, 'Guide'), expected, JSON.stringify(text));
      assert.equal(problem(text), undefined);
    }
    // No text-only change keeps these: an indented line or a list item after the heading would join the list.
    // The last: markdown-it reads the indented line after a definition as code, which the indented line after the heading would join.
    for (const text of ['- item\n\n# Guide\n  continued', '- a\n# Guide\n- b\n', '    code\n# Guide\n    more code\n', '[a]: /url\n    after\n\n# Guide\n\n    more\n']) {
      assert.equal(omitTitleHeading(text, 'Guide'), text, JSON.stringify(text));
    }
    // As before, a title heading at the start goes with one blank line after it.
    assert.equal(omitTitleHeading('# Guide\n\nText\n', 'Guide'), 'Text\n');
    assert.equal(omitTitleHeading('\n# Guide\n    code\n', 'Guide'), '\n    code\n');
  });

  it('renders as the whole text without its title heading, or stays as it is, for generated texts', () => {
    const found: string[] = [];
    let omitted = 0;
    const texts = generated(4000);
    for (const text of texts) {
      const why = problem(text);
      if (why !== undefined) found.push(`${JSON.stringify(text)}: ${why}`);
      if (omitTitleHeading(text, 'Guide') !== text) omitted++;
    }
    assert.deepEqual(found.slice(0, 20), []);
    // Most texts lose their title heading: the test would pass vacuously were every heading kept.
    assert.ok(omitted > texts.length * 0.6, `${omitted} of ${texts.length}`);
  });
});
