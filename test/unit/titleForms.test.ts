// Titles and texts that read the same are the same, however Unicode writes their letters: "é" as one character (NFC)
// or as "e" and a combining accent (NFD, as macOS input or a paste may give). Two titles that differ only in case are
// one title on the platform, but not the same title: the import cannot rename a page to the other.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { contentHash } from '../../src/core/run/plannedContent';
import { changedOnlyInCase, sameTitle, titleKey, titleToSend } from '../../src/core/run/sameTitles';
import { HASH_PIECE_CHARS } from '../../src/core/util/sha256';

const NFC = 'Caf\u00e9 menu';
const NFD = 'Cafe\u0301 menu';
const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

describe('titles and texts in any Unicode form', () => {
  it('a title written composed or decomposed is one title, and one page key; one other only in case is one key, not the same title', () => {
    assert.notEqual(NFC, NFD);
    assert.equal(titleKey(NFC), titleKey(NFD));
    assert.equal(titleKey('CAFE\u0301 MENU'), titleKey(NFC));
    assert.ok(sameTitle(NFC, NFD));
    assert.ok(!sameTitle('Api reference', 'API reference'));
    assert.ok(changedOnlyInCase('Api reference', 'API reference'));
    assert.ok(changedOnlyInCase(NFC, 'CAFE\u0301 MENU'));
    assert.ok(!changedOnlyInCase(NFC, NFD), 'the same title, not a change of case');
    assert.ok(!changedOnlyInCase('Api reference', 'API guide'));
  });

  it('the title sent for a page known by another form of the file\'s title is the page\'s own, letter for letter', () => {
    assert.equal(titleToSend(NFD, NFC), NFC);
    assert.equal(titleToSend(NFC, NFD), NFD);
    assert.equal(titleToSend(NFD, undefined), NFD);
    assert.equal(titleToSend('API reference', 'Api reference'), 'API reference', 'a change of case is not hidden');
    assert.equal(titleToSend('Beta Guide', 'Beta'), 'Beta Guide');
  });

  it('a text saved again decomposed digests as the composed one; a composed text digests as it is, so nothing published before goes again', () => {
    assert.equal(contentHash(`# ${NFD}\n\nCoffee.\n`), contentHash(`# ${NFC}\n\nCoffee.\n`));
    assert.equal(contentHash(`# ${NFC}\n\nCoffee.\n`), sha256(`# ${NFC}\n\nCoffee.\n`));
    assert.equal(contentHash('plain text\n'), sha256('plain text\n'));
    assert.equal(contentHash(`# ${NFD}\r\n`), contentHash(`# ${NFC}\n`), 'with CRLF line ends too');
    // A long text is digested a piece at a time: an accent never parted from its letter, whatever the piece size.
    for (const shift of [0, 1, 2, 3]) {
      const filler = 'x'.repeat(HASH_PIECE_CHARS - 1 - shift);
      const decomposed = `${filler}e\u0301\u0301e\u0301 and more\r\n`.repeat(3);
      const composed = decomposed.normalize('NFC').replace(/\r\n/g, '\n');
      assert.equal(contentHash(decomposed), sha256(composed), `shift ${shift}`);
      assert.equal(contentHash(composed), sha256(composed));
    }
  });
});
