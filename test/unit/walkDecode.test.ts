// Bytes to page text (core/walk/decode.ts): strict UTF-8, UTF-16 only with its byte order mark, nothing binary.
import assert from 'node:assert/strict';
import { decodeText, firstInvalidUtf8 } from '../../src/core/walk/decode';

const bytes = (...values: number[]): Uint8Array => Uint8Array.from(values);
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const problem = (input: Uint8Array): string => {
  const decoded = decodeText(input, 'docs/x.md');
  assert.equal(decoded.ok, false, 'expected a refusal');
  return decoded.ok ? '' : decoded.problem;
};
const text = (input: Uint8Array): string => {
  const decoded = decodeText(input, 'docs/x.md');
  assert.ok(decoded.ok, decoded.ok ? '' : decoded.problem);
  return decoded.text;
};

describe('decoding a Markdown file', () => {
  it('decodes UTF-8 and drops its byte order mark (front matter starts at the first character)', () => {
    assert.equal(text(utf8('# Über 日本 🎉\n')), '# Über 日本 🎉\n');
    assert.equal(text(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8('---\ntitle: T\n---\n')])), '---\ntitle: T\n---\n');
    assert.equal(text(bytes()), '');
    assert.equal(text(bytes(0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf)), '\ufeff', 'only the first mark is dropped');
  });

  it('decodes UTF-16 little- and big-endian with a byte order mark', () => {
    const sample = '# Wide\r\nÜber 日本 🎉\n';
    const le = Buffer.from(sample, 'utf16le');
    assert.equal(text(Uint8Array.from([0xff, 0xfe, ...le])), sample);
    const be = Buffer.from(le).swap16();
    assert.equal(text(Uint8Array.from([0xfe, 0xff, ...be])), sample);
  });

  it('refuses invalid UTF-8 (Latin-1, overlong forms, surrogates, a cut sequence) naming the offset', () => {
    assert.equal(problem(Buffer.from('# Caf\xe9 au lait\n', 'latin1')), 'docs/x.md is not UTF-8 text (invalid byte at offset 5); save it as UTF-8 to publish it.');
    assert.match(problem(bytes(0x41, 0xc0, 0x80)), /invalid byte at offset 1\)/, 'overlong NUL');
    assert.match(problem(bytes(0x41, 0x42, 0xed, 0xa0, 0x80)), /invalid byte at offset 2\)/, 'a surrogate');
    assert.match(problem(bytes(0x41, 0xf4, 0x90, 0x80, 0x80)), /offset 1\)/, 'past U+10FFFF');
    assert.match(problem(bytes(0x41, 0xe2, 0x82)), /offset 1\)/, 'cut short at the end');
    assert.match(problem(Uint8Array.from([0xef, 0xbb, 0xbf, 0x41, 0xff])), /offset 4\)/, 'offsets count the byte order mark');
  });

  it('refuses NUL bytes as binary, and UTF-16 without a byte order mark with them', () => {
    assert.equal(problem(bytes(0x89, 0x50, 0x4e, 0x47, 0x00)), 'docs/x.md is not UTF-8 text (it looks binary: a NUL byte at offset 4); save it as UTF-8 to publish it.');
    assert.match(problem(Buffer.from('# Hi\n', 'utf16le')), /it looks binary: a NUL byte at offset 1\)/);
  });

  it('refuses broken UTF-16 after a byte order mark', () => {
    assert.match(problem(bytes(0xff, 0xfe, 0x41)), /odd number of bytes/);
    assert.match(problem(bytes(0xff, 0xfe, 0x00, 0xd8, 0x41, 0x00)), /invalid character/, 'an unpaired surrogate');
    assert.match(problem(bytes(0xfe, 0xff, 0x00, 0x41, 0x00, 0x00)), /NUL character at offset 4/);
  });

  it('names UTF-32 by its byte order mark, little- and big-endian, rather than calling it binary', () => {
    const utf32le = Uint8Array.from([0xff, 0xfe, 0x00, 0x00, 0x23, 0x00, 0x00, 0x00, 0x0a, 0x00, 0x00, 0x00]);
    const utf32be = Uint8Array.from([0x00, 0x00, 0xfe, 0xff, 0x00, 0x00, 0x00, 0x23, 0x00, 0x00, 0x00, 0x0a]);
    for (const input of [utf32le, utf32be]) {
      assert.equal(problem(input), 'docs/x.md is not UTF-8 text (it is UTF-32 text, by its byte order mark); save it as UTF-8 to publish it.');
    }
  });

  it('finds the first invalid offset the way a strict decoder fails', () => {
    const samples = [utf8('plain'), bytes(0x80), bytes(0x61, 0xf8, 0x88), bytes(0xe0, 0x80, 0x80), bytes(0xf0, 0x9f, 0x8e, 0x89, 0xc3)];
    for (const sample of samples) {
      let strictOk = true;
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(sample);
      } catch {
        strictOk = false;
      }
      assert.equal(firstInvalidUtf8(sample) === sample.length, strictOk, `sample ${Buffer.from(sample).toString('hex')}`);
    }
  });
});
