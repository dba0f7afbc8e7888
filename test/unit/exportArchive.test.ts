// The export archive rules (issue 8 section 6) on ZIPs built here with fflate: hostile archives are refused
// whole, and the right Markdown entry is picked.
import assert from 'node:assert/strict';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { ExportError, MAX_UNCOMPRESSED_BYTES, extractMarkdown, isUnsafeEntryPath, type ExportErrorKind } from '../../src/core/export';

const MB = 1024 * 1024;
const page = { pageId: '1000001', pageTitle: 'Release notes' };

function zip(files: Record<string, string | Uint8Array>): Uint8Array {
  const zippable: Zippable = {};
  for (const [name, content] of Object.entries(files)) zippable[name] = typeof content === 'string' ? strToU8(content) : content;
  return zipSync(zippable);
}

function refused(kind: ExportErrorKind, pattern: RegExp): (error: unknown) => boolean {
  return (error) => {
    assert.ok(error instanceof ExportError, `expected an ExportError, got ${String(error)}`);
    assert.equal(error.kind, kind);
    assert.match(error.message, pattern);
    return true;
  };
}

/** Rewrites every declared uncompressed size (local headers and central directory) to `size`: a lying archive. */
function lieAboutSizes(archive: Uint8Array, size: number): Uint8Array {
  const bytes = Buffer.from(archive);
  for (let offset = 0; offset + 4 <= bytes.length; offset++) {
    const signature = bytes.readUInt32LE(offset);
    if (signature === 0x04034b50) bytes.writeUInt32LE(size, offset + 22);
    if (signature === 0x02014b50) bytes.writeUInt32LE(size, offset + 24);
  }
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}

describe('export archive rules', () => {
  it('reads the one Markdown entry, whatever its name, and keeps every character', () => {
    const markdown = '# Release notes\n\nÄnderungen – 変更 🚀\n';
    const result = extractMarkdown(zip({ 'DOCS/Release notes.md': markdown }), page);
    assert.deepEqual(result, { markdown, entryName: 'DOCS/Release notes.md' });
  });

  it('drops a leading byte order mark', () => {
    const result = extractMarkdown(zip({ 'p.md': '\ufeff# Title\n' }), page);
    assert.equal(result.markdown, '# Title\n');
  });

  it('reads an empty page as empty Markdown', () => {
    assert.equal(extractMarkdown(zip({ 'DOCS/Empty.md': '' }), page).markdown, '');
  });

  it('reads an entry stored without compression', () => {
    const archive = zipSync({ 'DOCS/Stored.md': [strToU8('# Stored\n'), { level: 0 }] });
    assert.equal(extractMarkdown(archive, page).markdown, '# Stored\n');
  });

  describe('several Markdown entries', () => {
    it('picks the one named after the page title', () => {
      const archive = zip({ 'DOCS/Other page.md': 'other', 'DOCS/Release notes.md': 'mine', 'DOCS/Third.md': 'third' });
      assert.deepEqual(extractMarkdown(archive, page), { markdown: 'mine', entryName: 'DOCS/Release notes.md' });
    });

    it('matches a title written as a file name (case, spaces and punctuation changed)', () => {
      const archive = zip({ 'a.md': 'other', 'release-notes.md': 'mine' });
      assert.equal(extractMarkdown(archive, page).markdown, 'mine');
    });

    it('picks the one named with the page ID, as a whole number only', () => {
      const archive = zip({ 'DOCS/10000011.md': 'longer id', 'DOCS/Notes (1000001).md': 'mine' });
      assert.equal(extractMarkdown(archive, { pageId: '1000001' }).markdown, 'mine');
    });

    it('falls back to the first when no name matches the page', () => {
      const archive = zip({ 'DOCS/First.md': 'first', 'DOCS/Second.md': 'second' });
      assert.deepEqual(extractMarkdown(archive, page), { markdown: 'first', entryName: 'DOCS/First.md' });
    });

    it('ignores entries that are not Markdown', () => {
      const archive = zip({ 'DOCS/attachments/diagram.png': new Uint8Array([1, 2, 3]), 'DOCS/Page.MD': 'upper-case extension' });
      assert.equal(extractMarkdown(archive, page).markdown, 'upper-case extension');
    });
  });

  it('refuses Markdown that is not UTF-8 text rather than turning its letters into replacement characters', () => {
    const latin1 = zip({ '42.md': new Uint8Array(Buffer.from('# Café\n\nCrème brûlée.\n', 'latin1')) });
    assert.throws(() => extractMarkdown(latin1, page), refused('archive', /not UTF-8 text: read as it is, its letters would change/));
    // UTF-16 without its mark decodes as valid UTF-8 full of NUL bytes.
    const utf16 = zip({ '42.md': new Uint8Array(Buffer.from('# Café\n', 'utf16le')) });
    assert.throws(() => extractMarkdown(utf16, page), refused('archive', /not UTF-8 text/));
    assert.equal(extractMarkdown(zip({ '42.md': '# Café\n\nCrème brûlée.\n' }), page).markdown, '# Café\n\nCrème brûlée.\n');
  });

  it('refuses an archive without a Markdown entry', () => {
    assert.throws(() => extractMarkdown(zip({ 'DOCS/readme.txt': 'text', 'DOCS/image.png': new Uint8Array(4) }), page), refused('archive', /no Markdown/));
    assert.throws(() => extractMarkdown(zipSync({}), page), refused('archive', /no Markdown/));
  });

  it('refuses bytes that are not a ZIP archive', () => {
    assert.throws(() => extractMarkdown(strToU8('<html>502 Bad Gateway</html>'), page), refused('archive', /not a readable ZIP/));
    assert.throws(() => extractMarkdown(new Uint8Array(0), page), refused('archive', /not a readable ZIP/));
  });

  describe('entry paths', () => {
    for (const name of ['../evil.md', 'DOCS/../../evil.md', '..\\evil.md', 'DOCS\\..\\evil.txt', '/abs.md', '\\abs.md', 'C:/abs.md', 'c:evil.md']) {
      it(`refuses the whole archive when one entry is named ${JSON.stringify(name)}`, () => {
        const archive = zip({ 'DOCS/Release notes.md': 'fine', [name]: '# evil' });
        assert.throws(() => extractMarkdown(archive, page), refused('archive', /absolute path or a "\.\." segment/));
      });
    }

    it('tells safe names from unsafe ones', () => {
      for (const safe of ['page.md', 'DOCS/Page.md', 'DOCS/a..b.md', '..md', 'DOCS/...md', 'x/.hidden.md']) assert.equal(isUnsafeEntryPath(safe), false, safe);
      for (const unsafe of ['..', '../x', 'a/../b', 'a\\..\\b', '/x', '\\x', 'D:\\x', '', 'a\0b']) assert.equal(isUnsafeEntryPath(unsafe), true, unsafe);
    });
  });

  describe('size limit', () => {
    // Compressing over 50 MB takes a while on a busy machine: built once, then told to lie for the second test.
    let bomb: Uint8Array;
    before(() => {
      bomb = zipSync({ 'DOCS/Release notes.md': [new Uint8Array(MAX_UNCOMPRESSED_BYTES + 1), { level: 1 }] });
    });

    it('refuses a ZIP bomb whose entry declares more than 50 MB, before inflating it', () => {
      assert.ok(bomb.length < MB, 'the bomb is small');
      assert.throws(() => extractMarkdown(bomb, page), refused('archive', /more than 50 MB/));
    });

    it('refuses the same bomb when its headers claim 100 bytes, at the real 50 MB limit', () => {
      assert.throws(() => extractMarkdown(lieAboutSizes(bomb, 100), page), refused('archive', /more than 50 MB/));
    });

    it('counts the declared sizes of all entries together', () => {
      const half = new Uint8Array(600 * 1024).fill(0x61);
      const archive = zipSync({ 'a.md': half, 'b.bin': half });
      assert.throws(() => extractMarkdown(archive, { ...page, maxUncompressedBytes: MB }), refused('archive', /more than 1 MB/));
      assert.equal(extractMarkdown(archive, { ...page, maxUncompressedBytes: 2 * MB }).entryName, 'a.md');
    });

    it('refuses a bomb whose headers lie about its size, counting bytes while inflating', () => {
      const liar = lieAboutSizes(zipSync({ 'DOCS/Release notes.md': new Uint8Array(3 * MB) }), 100);
      assert.throws(() => extractMarkdown(liar, { ...page, maxUncompressedBytes: MB }), refused('archive', /more than 1 MB/));
    });

    it('refuses a lying bomb in an entry that is not the Markdown', () => {
      const liar = lieAboutSizes(zipSync({ 'DOCS/Release notes.md': strToU8('x'), 'DOCS/attachment.bin': new Uint8Array(3 * MB) }), 1);
      assert.throws(() => extractMarkdown(liar, { ...page, maxUncompressedBytes: MB }), refused('archive', /more than 1 MB/));
    });

    it('accepts an archive just under the limit', () => {
      const text = 'a'.repeat(MB - 10);
      assert.equal(extractMarkdown(zip({ 'p.md': text }), { ...page, maxUncompressedBytes: MB }).markdown.length, text.length);
    });
  });
});
