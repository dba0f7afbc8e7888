// The publish notice taken off an exported page (src/core/publish/noticeTakenOff.ts): only the page's own notice, a
// paragraph directly in the page, in one pass over any page.
import { strict as assert } from 'node:assert';
import { withoutNotice } from '../../src/core/publish/noticeTakenOff';
import { markerText, pathDigest, type PublishMarker } from '../../src/core/publish/publishNotice';

const MARKER = markerText({ version: 3, digest: '0123456789abcdef0123', path: '01234567' });
const OTHER = markerText({ version: 7, digest: '0123456789abcdef0123', path: '89abcdef' });
const noticeOf = (marker: string, label = 'docs/x.md'): string =>
  `*Published from [${label}](<https://git.example/${label}#${marker}>) with Wiki Publisher. Edit the file in its repository rather than this page.*`;

describe('the publish notice taken off an exported page', () => {
  // Sizes at which time growing with the square would take minutes (20,000 lines took 45 s; these, ten minutes), and mocha's timeout fails it.
  it('reads each line a bounded number of times: marker lines between rules, and a paragraph of unclosed link texts', function () {
    // Linear, these take well under a second; at the square, minutes (the timeout as the suite's, on a busy machine).
    this.timeout(20_000);
    const rows = `# P\n\n${Array.from({ length: 30_000 }, (_, index) => `Row ${index} [x](#${MARKER})\n***`).join('\n')}\n`;
    assert.equal(withoutNotice(rows), rows);
    const brackets = `# P\n\n${'Published from [a '.repeat(100_000)}](#${MARKER})\n`;
    assert.equal(withoutNotice(brackets), brackets);
    const withOwn = `${rows}\n---\n\n${noticeOf(MARKER)}\n`;
    assert.equal(withoutNotice(withOwn), rows);
  });

  it('is a paragraph directly in the page: a notice quoted in code, an HTML comment or block stays, below the page\'s own too', () => {
    const text = '# Notes\n\nAlpha line.\n';
    const quotes = [
      `\`\`\`md\n---\n\n${noticeOf(OTHER)}\n\`\`\`\n`,
      `    ${noticeOf(OTHER)}\n`,
      `<!--\n${noticeOf(OTHER)}\n-->\n`,
      `<div>\n${noticeOf(OTHER)}\n</div>\n`,
    ];
    for (const quote of quotes) {
      // A page without a notice of its own (Open Wiki Page as Markdown, notices off): nothing is taken.
      const without = `${text}\n${quote}`;
      assert.equal(withoutNotice(without), without);
      // A colleague's section under the page's notice, quoting another page's: the page's own comes off, theirs stays.
      const page = `${text}\n---\n\n${noticeOf(MARKER, 'notes.md')}\n\n## How our pages end\n\n${quote}`;
      assert.equal(withoutNotice(page), `${text}\n## How our pages end\n\n${quote}`);
    }
  });

  it('is the page\'s last notice: a paragraph a colleague added after it stays, even one with a marker', () => {
    const page = `# Notes\n\nAlpha.\n\n---\n\n${noticeOf(MARKER, 'notes.md')}\n\nMoved here from [the old page](https://git.example/o.md#${OTHER}).\n`;
    assert.equal(withoutNotice(page), `# Notes\n\nAlpha.\n\nMoved here from [the old page](https://git.example/o.md#${OTHER}).\n`);
  });

  it('leaves no wrapper behind: a notice a colleague quoted, listed or put in a table stays whole, one struck through goes whole', () => {
    const text = '# Notes\n\nAlpha line.\n';
    for (const notice of [noticeOf(MARKER), noticeOf(MARKER).replace(/^\*|\*$/g, '_')]) {
      for (const wrapped of [`> ${notice}`, `- ${notice}`, `* ${notice}`, `1. ${notice}`, `| Source | ${notice} |\n|---|---|\n| Owner | Bob |`]) {
        const page = `${text}\n---\n\n${wrapped}\n`;
        assert.equal(withoutNotice(page), page, wrapped);
      }
      assert.equal(withoutNotice(`${text}\n---\n\n~~${notice}~~\n`), text);
    }
  });

  it('takes the notice\'s request off after words a colleague typed into its middle: only their words come in', () => {
    const text = '# Notes\n\nAlpha line.\n';
    for (const notice of [noticeOf(MARKER), noticeOf(MARKER).replace(/^\*|\*$/g, '_')]) {
      const typed = notice.replace('Wiki Publisher. ', 'Wiki Publisher. Reviewed by Bob. ');
      assert.equal(withoutNotice(`${text}\n---\n\n${typed}\n`), `${text}\nReviewed by Bob.\n`);
      // Their own request in place of the notice's stays as they wrote it.
      const replaced = notice.replace(/Edit the file.*page\./, 'Ask Bob first.');
      assert.equal(withoutNotice(`${text}\n---\n\n${replaced}\n`), `${text}\n${notice[0]}Ask Bob first.${notice[0]}\n`);
    }
  });

  it('takes the file\'s own notice out of a quote or list item, with what holds only it, and nothing of anyone\'s', () => {
    const own = markerText({ version: 3, digest: '0123456789abcdef0123', path: pathDigest('notes.md') });
    const ownMarker = (marker: PublishMarker): boolean => marker.path === pathDigest('notes.md');
    const text = '# Notes\n\nAlpha line.\n';
    const notice = noticeOf(own, 'notes.md');
    const cases: Array<[string, string]> = [
      [`---\n\n> ${notice}`, text],
      [`> ---\n>\n> ${notice}`, text],
      [`---\n\n> > ${notice}`, text],
      [`---\n\n1. ${notice}`, text],
      [`- A\n- B\n- ${notice}`, `${text}\n- A\n- B\n`],
      [`- A\n\n  > ${notice}`, `${text}\n- A\n`],
      [`> Bob.\n>\n> ${notice}`, `${text}\n> Bob.\n`],
      [`> ## Bob\n> ${notice}`, `${text}\n> ## Bob\n`],
      // Kept: a colleague's words in its paragraph or after it in its quote, and a notice of another file.
      [`> Bob says: ${notice}`, `${text}\n> Bob says: ${notice}\n`],
      [`> ${notice}\n>\n> Bob.`, `${text}\n> ${notice}\n>\n> Bob.\n`],
      [`---\n\n> ${noticeOf(OTHER)}`, `${text}\n---\n\n> ${noticeOf(OTHER)}\n`],
    ];
    for (const [end, expected] of cases) assert.equal(withoutNotice(`${text}\n${end}\n`, { ownMarker }), expected, end);
    // Not known as the file's without a file, nor where the page has a notice directly in it (the quote is a copy).
    assert.equal(withoutNotice(`${text}\n---\n\n> ${notice}\n`), `${text}\n---\n\n> ${notice}\n`);
    const both = `${text}\n> ${notice}\n\n---\n\n${notice}\n`;
    assert.equal(withoutNotice(both, { ownMarker }), `${text}\n> ${notice}\n`);
  });

  it('reads a page of quoted and listed markers a bounded number of times when it looks for the file\'s own notice', function () {
    this.timeout(20_000);
    const ownMarker = (marker: PublishMarker): boolean => marker.path === pathDigest('notes.md');
    const items = `# P\n\n${Array.from({ length: 30_000 }, (_, index) => `- Row ${index} [x](#${MARKER})\n  > ${noticeOf(OTHER)}`).join('\n')}\n`;
    assert.equal(withoutNotice(items, { ownMarker }), items);
    const brackets = `# P\n\n> ${'Published from [a '.repeat(100_000)}](#${MARKER})\n`;
    assert.equal(withoutNotice(brackets, { ownMarker }), brackets);
  });

  it('takes off a notice a colleague put links on: their links stay, as a paragraph of their own', () => {
    const text = '# Notes\n\nAlpha line.\n';
    for (const notice of [noticeOf(MARKER), noticeOf(MARKER).replace(/^\*|\*$/g, '_')]) {
      const linked = notice.replace('with Wiki Publisher.', 'with [Wiki Publisher](<https://wp.example/a b> "About").').replace('this page', '[this page](https://en.wikipedia.org/wiki/Wiki_(software))');
      assert.equal(withoutNotice(`${text}\n---\n\n${linked}\n`), `${text}\n[Wiki Publisher](<https://wp.example/a b> "About") [this page](https://en.wikipedia.org/wiki/Wiki_(software))\n`);
    }
    // A link on emphasised words takes their emphasis in.
    const emphasised = noticeOf(MARKER).replace('this page', '[*this page*](https://wp.example/p)').replace('the file', '[_the file_](https://git.example/f)');
    assert.equal(withoutNotice(`${text}\n---\n\n${emphasised}\n`), `${text}\n[_the file_](https://git.example/f) [*this page*](https://wp.example/p)\n`);
  });

  it('takes the file\'s own notice out of a quote or list item a colleague put links on: only their links come in, outside it', () => {
    const own = markerText({ version: 3, digest: '0123456789abcdef0123', path: pathDigest('notes.md') });
    const ownMarker = (marker: PublishMarker): boolean => marker.path === pathDigest('notes.md');
    const text = '# Notes\n\nAlpha line.\n';
    const link = '[Wiki Publisher](https://wp.example/)';
    const linked = noticeOf(own, 'notes.md').replace('Wiki Publisher', link);
    const cases: Array<[string, string]> = [
      [`---\n\n> ${linked}`, `${text}\n${link}\n`],
      [`---\n\n- ${linked}`, `${text}\n${link}\n`],
      [`- A\n- B\n- ${linked}`, `${text}\n- A\n- B\n\n${link}\n`],
      [`> Bob.\n>\n> ${linked}`, `${text}\n> Bob.\n\n${link}\n`],
      [`> Bob.\n>\n> ${linked}\n\nAfter.`, `${text}\n> Bob.\n\n${link}\n\nAfter.\n`],
      // Kept: a colleague's words in its paragraph.
      [`> Bob says: ${linked}`, `${text}\n> Bob says: ${linked}\n`],
    ];
    for (const [end, expected] of cases) assert.equal(withoutNotice(`${text}\n${end}\n`, { ownMarker }), expected, end);
  });
});
