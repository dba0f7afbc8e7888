// The import request's JSON made piece by piece (src/core/importApi/jsonBody.ts) is, byte for byte, what
// JSON.stringify writes for the whole body: the content escaped a slice at a time, its parts (a page's text, then its
// notice) never joined, a surrogate pair never cut between two slices or two parts. And the notice sent apart from
// the text is what withNotice appends.
import { strict as assert } from 'node:assert';
import { importBody, importJsonBody } from '../../src/core/importApi/jsonBody';
import { contentDigest, noticeAfter, pathDigest, withNotice, type PageNotice } from '../../src/core/publish/publishNotice';

const TARGET = { spaceId: 'DOCS', parentId: '123456', pageTitle: 'Ünïcode "title" \\ \u2028', overwrite: true };
// jsonBody.ts's SLICE_CHARS: the pairs and escapes below sit where one slice ends and the next begins.
const SLICE = 16 * 1024;

function joined(body: ReturnType<typeof importJsonBody>): string {
  return [...body.pieces()].join('');
}

function assertSameBytes(fields: object, parts: readonly string[], what: string): void {
  const body = importJsonBody(fields, parts);
  const expected = JSON.stringify({ ...fields, content: parts.join('') });
  assert.equal(joined(body), expected, what);
  assert.equal(body.byteLength, Buffer.byteLength(expected, 'utf8'), what);
  // A retry sends the same bytes: the pieces are made again.
  assert.equal(joined(body), expected, `${what}, asked again`);
}

describe('import JSON body, piece by piece', () => {
  it('is JSON.stringify of the whole body for texts of every kind of character', () => {
    const texts = [
      '',
      '# Plain\n\nText.\n',
      'quotes " and \\ backslashes, tabs\t, CR\r, NUL\u0000, \u001f and \u007f, LS \u2028 PS \u2029',
      'emoji 😀 and CJK 漢字 and a lone high \ud800 and a lone low \udc00 surrogate',
      'x'.repeat(3 * SLICE + 17),
    ];
    for (const text of texts) assertSameBytes(TARGET, [text], JSON.stringify(text.slice(0, 40)));
  });

  it('never cuts a surrogate pair at a slice boundary, whatever falls there', () => {
    for (const shift of [-2, -1, 0, 1, 2]) {
      const before = 'a'.repeat(SLICE + shift);
      assertSameBytes(TARGET, [`${before}😀${'b'.repeat(SLICE)}😀`], `pair at ${SLICE + shift}`);
      assertSameBytes(TARGET, [`${before}\ud83d`, 'tail'], `a lone high surrogate at a part's end, at ${SLICE + shift}`);
      assertSameBytes(TARGET, [`${before}\"\\\n`.repeat(3)], `escapes around ${SLICE + shift}`);
    }
  });

  it('writes the parts one after another, a pair split between two parts as the pair', () => {
    assertSameBytes(TARGET, ['text\n', '\n---\n\nnotice\n'], 'text and notice');
    assertSameBytes(TARGET, ['ends in a high \ud83d', '\ude00 begins with its low half'], 'a pair split between parts');
    assertSameBytes(TARGET, ['', 'only the second', ''], 'empty parts');
    assertSameBytes(TARGET, [], 'no part');
  });

  it('keeps the members in the order given, and a member named content where it stands', () => {
    assertSameBytes({ overwrite: false, pageTitle: 'T', spaceId: 'S', parentId: '1' }, ['x'], 'another order');
    assertSameBytes({ content: 'first', spaceId: 'S' }, ['second'], 'a content member among the fields');
  });

  it('is one JSON text for a page of ordinary size, pieces for a large one, the same bytes either way', () => {
    const small = importBody(TARGET, ['# Small\n', '\n---\n\nnotice\n']);
    assert.equal(small, JSON.stringify({ ...TARGET, content: '# Small\n\n---\n\nnotice\n' }));
    const text = `# Large\n\n${'A line of a large page, "quoted" 😀\n'.repeat(40_000)}`;
    const large = importBody(TARGET, [text, '\n---\n\nnotice\n']);
    assert.equal(typeof large, 'object', 'a page over 1 MB goes piece by piece');
    if (typeof large === 'object') assert.equal(joined(large), JSON.stringify({ ...TARGET, content: `${text}\n---\n\nnotice\n` }));
  });

  it('sends the notice apart from the text exactly as withNotice appends it', () => {
    const notice: PageNotice = { label: 'docs/a.md', marker: { version: 2, digest: contentDigest('a'.repeat(64), ''), path: pathDigest('docs/a.md') }, sourceUrl: 'https://git.example.test/a.md' };
    for (const text of ['# A\n', '# A', '# A\r\n', '# A\r', '']) {
      assert.equal(text + noticeAfter(text, notice), withNotice(text, notice), JSON.stringify(text));
    }
  });
});
