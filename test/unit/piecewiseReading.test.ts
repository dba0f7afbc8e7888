// A large page is hashed a piece at a time (issue 84: one 5 MB file's peak memory): the hash of a long text in pieces
// is the hash of the whole.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { contentHash } from '../../src/core/run/plannedContent';
import { HASH_PIECE_CHARS, sha256Hex, textPieces } from '../../src/core/util/sha256';

const whole = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

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
