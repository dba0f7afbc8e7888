// Issue 83: the scanner reads Markdown as CommonMark does. Every example of the CommonMark 0.31.2 spec (the
// commonmark-spec package) goes through our scanner and through commonmark.js, the reference implementation, and
// what each finds is compared: the links and images in document order with their destinations, the headings, the
// title. Then a relative link, and a reference definition with its use, are put at every line of every example and
// in every container there (a block quote, a list item, indented code, a fence, an HTML block) and compared again.
import assert from 'node:assert/strict';
import { HtmlRenderer } from 'commonmark';
import MarkdownIt from 'markdown-it';
import { rewriteLinks, type RewriteContext } from '../../src/core/links/rewrite';
import { ourReading, referenceParser, referenceReading, type Reading } from '../support/commonmarkReadings';
import { seeded } from '../support/seeded';

interface SpecExample {
  markdown: string;
  number: number;
  section: string;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the package ships no types: its examples are plain data
const examples = (require('commonmark-spec') as { tests: SpecExample[] }).tests.map((example) => ({ ...example, markdown: example.markdown.replace(/→/g, '\t') }));

/**
 * Where our scanner reads differently on purpose, by example number, each with why. Only these may differ. None of the
 * spec's examples does. Two departures of commonmark.js from the spec are not followed, each shown by a test below:
 * tabs between a link's parts (brought to the spec in referenceParser), and a fence line with a backtick after a
 * U+2028 in its info string.
 */
const DELIBERATE: ReadonlyMap<number, string> = new Map([]);

function differences(markdown: string): string | undefined {
  const ours = ourReading(markdown);
  const reference = referenceReading(markdown);
  const keys = ['links', 'headings', 'title'] as const;
  const differing = keys.filter((key) => JSON.stringify(ours[key]) !== JSON.stringify(reference[key]));
  if (differing.length === 0) return undefined;
  const show = (reading: Reading): string => differing.map((key) => `${key}=${JSON.stringify(reading[key])}`).join(' ');
  return `ours ${show(ours)} | reference ${show(reference)}`;
}

/** The container markers a line opens with, and the same with a list item's marker made its content's indentation. */
function prefixesOf(line: string): string[] {
  const lead = /^[ \t>]*/.exec(line)?.[0] ?? '';
  const item = /^([ \t>]*)([-+*]|\d{1,9}[.)])([ \t]+)/.exec(line);
  const prefixes = new Set(['', lead]);
  if (item) prefixes.add(`${item[1] ?? ''}${' '.repeat((item[2] ?? '').length + (item[3] ?? '').length)}`);
  return [...prefixes];
}

/** Each example with `insert` (a line, after the prefix of the line it goes before) at every line, and appended to each line. */
function placements(markdown: string, insert: string, appended: string | undefined, suffix = ''): string[] {
  const lines = markdown.split('\n');
  const texts: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    for (const prefix of prefixesOf(lines[index] ?? '')) {
      texts.push([...lines.slice(0, index), `${prefix}${insert}`, ...lines.slice(index)].join('\n') + suffix);
    }
    if (appended !== undefined && (lines[index] ?? '') !== '') {
      texts.push([...lines.slice(0, index), `${lines[index] ?? ''}${appended}`, ...lines.slice(index + 1)].join('\n') + suffix);
    }
  }
  return texts;
}

function disagreements(texts: ReadonlyArray<{ number: number; markdown: string }>): string[] {
  const found: string[] = [];
  for (const { number, markdown } of texts) {
    if (DELIBERATE.has(number)) continue;
    const difference = differences(markdown);
    if (difference !== undefined) found.push(`example ${number} ${JSON.stringify(markdown)}: ${difference}`);
  }
  return found;
}

const PAGE = 'https://wiki.example/pages/7';
const REWRITING: RewriteContext = { filePath: 'doc.md', resolvePage: (path) => (path === 'rel.md' ? { url: PAGE, title: 'Rel', headings: [] } : undefined) };
const parser = referenceParser();
const renderer = new HtmlRenderer();
const html = (markdown: string): string => renderer.render(parser.parse(markdown));

/** Where rewriting `rel.md` into a page address changes the page otherwise than in the links that named it. */
function rewriteDisagreements(texts: ReadonlyArray<{ number: number; markdown: string }>): string[] {
  const found: string[] = [];
  for (const { number, markdown } of texts) {
    if (DELIBERATE.has(number)) continue;
    const expected = html(markdown).replaceAll('href="rel.md"', `href="${PAGE}"`);
    const rewritten = rewriteLinks(markdown, REWRITING).markdown;
    if (html(rewritten) !== expected) found.push(`example ${number} ${JSON.stringify(markdown)} -> ${JSON.stringify(rewritten)}`);
  }
  return found;
}

describe('the Markdown scanner reads the CommonMark spec\'s examples as commonmark.js does', () => {
  it('has all 652 examples of CommonMark 0.31.2', () => {
    assert.equal(examples.length, 652);
  });

  it('finds the same links, images, headings and title in every example', () => {
    const found = disagreements(examples);
    assert.deepEqual(found.slice(0, 10), [], `${found.length} examples differ`);
  });

  it('reads a relative link placed at every line and in every container of every example as the reference does', () => {
    const texts = examples.flatMap((example) => placements(example.markdown, '[x](rel.md)', ' [x](rel.md)').map((markdown) => ({ number: example.number, markdown })));
    const found = disagreements(texts);
    assert.deepEqual(found.slice(0, 10), [], `${found.length} of ${texts.length} placements differ`);
  });

  it('reads a reference definition placed at every line and in every container of every example as the reference does', () => {
    const texts = examples.flatMap((example) => placements(example.markdown, '[d]: rel.md', undefined, '\n\n[d]\n').map((markdown) => ({ number: example.number, markdown })));
    const found = disagreements(texts);
    assert.deepEqual(found.slice(0, 10), [], `${found.length} of ${texts.length} placements differ`);
  });

  it('reads texts made at random of Markdown\'s markers as the reference does (a seeded sample)', () => {
    // Pieces that start, end or break constructs: containers, fences, HTML, brackets, escapes, line endings of each kind.
    const pieces = [
      '[', ']', '(', ')', '<', '>', '`', '``', '\\', '!', ' ', '  ', '\t', '\n', '\n\n', '\r\n', '\r', '#', '# ', '- ', '* ', '1. ', '2) ', '> ', '>\t',
      '=', '===', '---', '```', '~~~', '    ', 'a', 'b.md', '"', "'", ':', '[a]: b.md', '[a]', '[a][]', '![', '](', '](\t', ' "t"', '\t"t"', ' <b.md>', '<!--', '-->',
      '<div>', '</div>', '<pre>', '<?', '<![CDATA[', '<a href="x">', '<x@y.z>', 'http://x', '&#40;', '\\(', '*', '_', '\n    ', '\n> ', '\n- ',
    ];
    const next = seeded(83);
    const texts: Array<{ number: number; markdown: string }> = [];
    for (let count = 0; count < 6000; count++) {
      let markdown = '';
      for (let length = 1 + Math.floor(next() * 30); length > 0; length--) markdown += pieces[Math.floor(next() * pieces.length)] ?? '';
      texts.push({ number: 0, markdown });
    }
    const found = disagreements(texts);
    assert.deepEqual(found.slice(0, 10), [], `${found.length} of ${texts.length} texts differ`);
  });

  it('differs from commonmark.js as shipped only where it departs from the spec: tabs between a link\'s parts', () => {
    const asShipped = referenceParser(false);
    const pageView = new MarkdownIt();
    for (const text of ['[a](\tb.md)', '[a]:\tb.md\n\n[a]\n', '[a]: b.md\t\n\n[a]\n', '[a](b.md\t"t")', '[a](b.md\t)']) {
      assert.deepEqual(ourReading(text).links, ['link b.md'], JSON.stringify(text));
      assert.deepEqual(referenceReading(text).links, ['link b.md'], 'the spec');
      assert.deepEqual(referenceReading(text, asShipped).links, [], 'commonmark.js takes spaces only there');
      assert.match(pageView.render(text), /href="b\.md"/, 'markdown-it, the sandbox\'s page view, reads a link');
    }
  });

  it('reads a backtick fence line as the spec does where commonmark.js stops looking at a U+2028 (its `.` stops there)', () => {
    // The spec: a backtick fence's info string holds no backtick. commonmark.js looks for one with /(?!.*`)/, which
    // sees no further than a line or paragraph separator inside the line; such a character is rare, and the
    // random sample above leaves it out.
    const text = '``` a\u2028` <x@y.z>\n';
    assert.deepEqual(ourReading(text).links, ['link mailto:x@y.z'], 'a paragraph with an autolink, no fence');
    assert.deepEqual(referenceReading(text).links, [], 'commonmark.js reads a fence');
    assert.match(new MarkdownIt().render(text), /href="mailto:x@y\.z"/, 'markdown-it reads the autolink');
  });

  it('rewrites exactly the destinations the reference reads as links: the page changes in those links\' addresses only', () => {
    const texts = examples.flatMap((example) => [
      ...placements(example.markdown, '[x](rel.md)', ' [x](rel.md)'),
      ...placements(example.markdown, '[d]: rel.md', undefined, '\n\n[d]\n'),
      ...placements(example.markdown, '[d]: <rel.md>', undefined, '\n\n[d]\n'),
    ].map((markdown) => ({ number: example.number, markdown })));
    const found = rewriteDisagreements(texts);
    assert.deepEqual(found.slice(0, 10), [], `${found.length} of ${texts.length} placements differ`);
  });
});
