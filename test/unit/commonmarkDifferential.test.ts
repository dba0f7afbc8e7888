// Issue 83: the scanner reads Markdown as CommonMark does. Every example of the CommonMark 0.31.2 spec (the
// commonmark-spec package) goes through our scanner and through commonmark.js, the reference implementation, and
// what each finds is compared: the links and images in document order with their destinations, the headings, the
// title. Then a relative link, and a reference definition with its use, are put at every line of every example and
// in every container there (a block quote, a list item, indented code, a fence, an HTML block) and compared again.
import assert from 'node:assert/strict';
import { HtmlRenderer, Parser } from 'commonmark';
import { rewriteLinks, type RewriteContext } from '../../src/core/links/rewrite';
import { ourReading, referenceReading, type Reading } from '../support/commonmarkReadings';

interface SpecExample {
  markdown: string;
  number: number;
  section: string;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the package ships no types: its examples are plain data
const examples = (require('commonmark-spec') as { tests: SpecExample[] }).tests.map((example) => ({ ...example, markdown: example.markdown.replace(/→/g, '\t') }));

/**
 * Where our scanner reads differently on purpose, by example number, each with why. Only these may differ.
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
const parser = new Parser();
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
      '=', '===', '---', '```', '~~~', '    ', 'a', 'b.md', '"', "'", ':', '[a]: b.md', '[a]', '[a][]', '![', '](', ' "t"', ' <b.md>', '<!--', '-->',
      '<div>', '</div>', '<pre>', '<?', '<![CDATA[', '<a href="x">', '<x@y.z>', 'http://x', '&#40;', '\\(', '*', '_', '\n    ', '\n> ', '\n- ',
    ];
    let seed = 83;
    const next = (): number => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const texts: Array<{ number: number; markdown: string }> = [];
    for (let count = 0; count < 6000; count++) {
      let markdown = '';
      for (let length = 1 + Math.floor(next() * 30); length > 0; length--) markdown += pieces[Math.floor(next() * pieces.length)] ?? '';
      texts.push({ number: 0, markdown });
    }
    const found = disagreements(texts);
    assert.deepEqual(found.slice(0, 10), [], `${found.length} of ${texts.length} texts differ`);
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
