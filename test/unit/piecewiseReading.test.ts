// A large file is hashed, and checked against the text it was read as, a piece at a time (issue 84: one 5 MB file's
// peak memory): the hash of a long text in pieces is the hash of the whole, and a file's bytes given piece by piece
// compare with its text as decodeText would decode them whole, whatever the pieces' sizes.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentHash } from '../../src/core/run/plannedContent';
import { HASH_PIECE_CHARS, sha256Hex, textPieces } from '../../src/core/util/sha256';
import { decodeText } from '../../src/core/walk/decode';
import { nodeWalkFs } from '../../src/core/walk/nodeWalkFs';
import { SameText } from '../../src/core/walk/sameText';
import { isNotARegularFile } from '../../src/core/walk/walkFs';

const whole = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** Whether `bytes`, given in pieces of `size` bytes, compare as the same as `text`. */
function sameInPieces(text: string, bytes: Uint8Array, size: number): boolean {
  const same = new SameText(text);
  for (let start = 0; start < bytes.length; start += size) if (!same.take(bytes.subarray(start, start + size))) return false;
  return same.end();
}

describe('a long text hashed in pieces', () => {
  it('has the hash of the whole text, a surrogate pair at a piece\'s end kept whole', () => {
    const before = 'a'.repeat(HASH_PIECE_CHARS - 1);
    const text = `${before}🎉${'b'.repeat(HASH_PIECE_CHARS)}é`;
    assert.equal(text.charCodeAt(HASH_PIECE_CHARS - 1), 0xd83c, 'the pair straddles the first piece\'s end');
    assert.equal([...textPieces(text)].join(''), text);
    assert.equal(sha256Hex(text), whole(text));
    const lone = `${before}\ud83c${'c'.repeat(HASH_PIECE_CHARS)}`;
    assert.equal(sha256Hex(lone), whole(lone), 'a lone surrogate hashes as U+FFFD, as in the whole text');
  });

  it('makes line endings LF as contentHash always did, a CR never cut from its LF', () => {
    const text = `${'x'.repeat(HASH_PIECE_CHARS - 1)}\r\n${'y\r\n'.repeat(HASH_PIECE_CHARS)}\rz`;
    assert.equal(text.charCodeAt(HASH_PIECE_CHARS - 1), 0x0d, 'a CRLF straddles the first piece\'s end');
    assert.equal(contentHash(text), whole(text.replace(/\r\n?/g, '\n')));
    assert.equal(contentHash('short\r\ntext\r'), whole('short\ntext\n'));
  });
});

describe('a file\'s bytes compared piece by piece with the text they were read as', () => {
  const samples = ['', '# Über 日本 🎉\n\nText.\n', `${'é'.repeat(70_000)}🎉`];
  for (const [index, sample] of samples.entries()) {
    it(`finds the same text the same, in pieces of any size (sample ${index + 1})`, () => {
      const bytes = utf8(sample);
      for (const size of [1, 2, 3, 7, 65_536, bytes.length + 1]) assert.equal(sameInPieces(sample, bytes, size), true, `pieces of ${size}`);
      const marked = Uint8Array.from([0xef, 0xbb, 0xbf, ...bytes]);
      assert.equal(sameInPieces(sample, marked, 2), true, 'a UTF-8 byte order mark is dropped, as decodeText drops it');
    });
  }

  it('finds any change different: a character, one more or fewer, NUL, bytes that are not UTF-8', () => {
    const text = '# Title\n\nSome text é.\n';
    assert.equal(sameInPieces(text, utf8('# Title\n\nSome text è.\n'), 4), false);
    assert.equal(sameInPieces(text, utf8(`${text}!`), 4), false);
    assert.equal(sameInPieces(text, utf8(text.slice(0, -1)), 4), false);
    assert.equal(sameInPieces(text, utf8(text.replace('S', '\u0000')), 4), false);
    const invalid = utf8(text);
    invalid[text.indexOf('é')] = 0xff;
    assert.equal(sameInPieces(text, invalid, 4), false);
    const cut = utf8(text).subarray(0, utf8(text).length - 3);
    assert.equal(sameInPieces(text.slice(0, -3), cut, 4), false, 'a sequence cut at the end');
  });

  it('compares no UTF-16 file (the caller reads it whole), and agrees with decodeText on what it does compare', () => {
    const sample = '# Wide\n';
    const le = Uint8Array.from([0xff, 0xfe, ...Buffer.from(sample, 'utf16le')]);
    const decoded = decodeText(le, 'x.md');
    assert.ok(decoded.ok);
    assert.equal(sameInPieces(decoded.text, le, 5), false);
    const doubleMark = Uint8Array.from([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, 0x41]);
    const twice = decodeText(doubleMark, 'x.md');
    assert.ok(twice.ok);
    assert.equal(sameInPieces(twice.text, doubleMark, 1), true, 'only the first mark is dropped');
  });
});

describe('the command line\'s port reading a file in pieces', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wiki-publisher-pieces-'));
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  it('hands every byte over in order, stops when told, and refuses a link as its reads do', async () => {
    const text = `${'0123456789'.repeat(20_000)}end`;
    await writeFile(join(dir, 'big.md'), text);
    const fs = nodeWalkFs({ cwd: dir });
    const pieces: Buffer[] = [];
    fs.readPiecesSync?.(join(dir, 'big.md'), (piece) => pieces.push(Buffer.from(piece)) > 0);
    assert.ok(pieces.length > 1, 'more than one piece');
    assert.equal(Buffer.concat(pieces).toString('utf8'), text);
    let taken = 0;
    fs.readPiecesSync?.(join(dir, 'big.md'), () => ++taken < 2);
    assert.equal(taken, 2, 'no piece read after `take` said false');
    await symlink(join(dir, 'big.md'), join(dir, 'link.md'));
    assert.throws(() => fs.readPiecesSync?.(join(dir, 'link.md'), () => true), (error: unknown) => isNotARegularFile(error));
  });
});
