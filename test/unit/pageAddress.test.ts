import assert from 'node:assert/strict';
import { parsePageReference, parseSpaceAddress, type PageReference } from '../../src/core/publish/pageAddress';

const SITE = 'https://site.example';

function accepted(text: string): PageReference {
  const result = parsePageReference(text);
  assert.ok(result.ok, `expected ${JSON.stringify(text)} to be accepted, got: ${result.ok ? '' : result.reason}`);
  return result.reference;
}

function refused(text: string): string {
  const result = parsePageReference(text);
  assert.ok(!result.ok, `expected ${JSON.stringify(text)} to be refused, got ${JSON.stringify(result.ok && result.reference)}`);
  return result.reason;
}

describe('parsePageReference', () => {
  describe('a page ID', () => {
    it('takes plain digits, trimming what pasting adds', () => {
      assert.deepEqual(accepted('123456'), { pageId: '123456' });
      assert.deepEqual(accepted('  123456\n'), { pageId: '123456' });
      assert.deepEqual(accepted('\t98765\r\n'), { pageId: '98765' });
    });

    it('refuses digits with anything else in them', () => {
      for (const text of ['123 456', '123456a', '-123456', '12.5', '0x1f', '١٢٣', '１２３', '+123']) {
        assert.match(refused(text), /digits/, text);
      }
    });

    it('refuses an empty answer with a hint', () => {
      assert.match(refused(''), /page ID .*digits.*address/);
      assert.match(refused('   '), /page ID/);
    });

    it('refuses a number longer than any page ID', () => {
      assert.match(refused('1'.repeat(21)), /too long/);
      assert.deepEqual(accepted('1'.repeat(20)), { pageId: '1'.repeat(20) });
    });
  });

  describe('a page address', () => {
    it('takes the ID and the space key from /wiki/spaces/KEY/pages/ID/Title', () => {
      assert.deepEqual(accepted(`${SITE}/wiki/spaces/DOCS/pages/123456/Getting+started`), { pageId: '123456', spaceKey: 'DOCS', origin: SITE });
    });

    it('takes it without the title, with a trailing slash, with a query or a fragment', () => {
      for (const suffix of ['', '/', '/Title/', '?focusedCommentId=9#comment-9', '/Title#Install', '/Title?src=contextnavpagetreemode']) {
        assert.deepEqual(accepted(`${SITE}/wiki/spaces/DOCS/pages/123456${suffix}`), { pageId: '123456', spaceKey: 'DOCS', origin: SITE }, suffix);
      }
    });

    it('keeps the title encoded and never reads it', () => {
      const reference = accepted(`${SITE}/wiki/spaces/DOCS/pages/42/Caf%C3%A9+%24(zap)+%5Blink%5D(https%3A%2F%2Fevil)`);
      assert.deepEqual(reference, { pageId: '42', spaceKey: 'DOCS', origin: SITE });
    });

    it('takes a personal space key, decoding it', () => {
      assert.equal(accepted(`${SITE}/wiki/spaces/~dana/pages/7/Notes`).spaceKey, '~dana');
      assert.equal(accepted(`${SITE}/wiki/spaces/~557058%3A0f3c-44/pages/7`).spaceKey, '~557058:0f3c-44');
      assert.equal(accepted(`${SITE}/wiki/spaces/%7Edana/pages/7`).spaceKey, '~dana');
    });

    it('takes the editor\'s address and a site under another context path', () => {
      assert.deepEqual(accepted(`${SITE}/wiki/spaces/DOCS/pages/edit-v2/123456`), { pageId: '123456', spaceKey: 'DOCS', origin: SITE });
      assert.deepEqual(accepted('https://wiki.example.org:8443/spaces/ENG/pages/5/Home'), { pageId: '5', spaceKey: 'ENG', origin: 'https://wiki.example.org:8443' });
    });

    it('takes the ID from ?pageId= on a page action', () => {
      assert.deepEqual(accepted(`${SITE}/wiki/pages/viewpage.action?pageId=123456`), { pageId: '123456', origin: SITE });
      assert.deepEqual(accepted(`  ${SITE}/pages/viewpage.action?spaceKey=DOCS&pageId=77#top \n`), { pageId: '77', origin: SITE });
      assert.deepEqual(accepted(`${SITE}/wiki/pages/viewinfo.action?pageId=8`), { pageId: '8', origin: SITE });
    });

    it('takes a path on the site without its host', () => {
      assert.deepEqual(accepted('/wiki/spaces/DOCS/pages/123/Title'), { pageId: '123', spaceKey: 'DOCS' });
      assert.deepEqual(accepted('/wiki/pages/viewpage.action?pageId=9'), { pageId: '9' });
    });

    it('takes the ID whatever the host: only the ID is sent, and the service checks it', () => {
      assert.equal(accepted('http://127.0.0.1:9/wiki/spaces/DOCS/pages/3').pageId, '3');
      assert.equal(accepted('HTTPS://OTHER.EXAMPLE/wiki/spaces/DOCS/pages/4').origin, 'https://other.example');
    });

    it('leaves credentials in an address out of the origin', () => {
      assert.equal(accepted('https://user:secret@site.example/wiki/spaces/DOCS/pages/5').origin, SITE);
    });
  });

  describe('what is not a page', () => {
    it('refuses other schemes, whatever they contain', () => {
      for (const text of [
        'javascript:alert(1)//wiki/spaces/DOCS/pages/1', 'JavaScript:void(0)?pageId=1', 'data:text/html,/spaces/A/pages/1',
        'file:///wiki/spaces/DOCS/pages/1', 'ftp://site.example/wiki/spaces/DOCS/pages/1', 'vscode://x/wiki/spaces/A/pages/1',
        'mailto:a@b.example?pageId=1',
      ]) {
        refused(text);
      }
    });

    it('refuses text that is not an address', () => {
      for (const text of ['home', 'DOCS', '$(zap) 123', '[123](https://evil.example)', 'site.example/wiki/spaces/DOCS/pages/1', '//site.example/wiki/spaces/DOCS/pages/1']) {
        refused(text);
      }
    });

    it('refuses an address with spaces inside', () => {
      refused(`${SITE}/wiki/spaces/DOCS/pages/1 2`);
    });

    it('refuses a space\'s address, saying what it is', () => {
      assert.match(refused(`${SITE}/wiki/spaces/DOCS/overview`), /space's address/);
      assert.match(refused(`${SITE}/wiki/spaces/DOCS`), /space's address/);
    });

    it('refuses a blog post, a title-only address and a short link, saying why', () => {
      assert.match(refused(`${SITE}/wiki/spaces/DOCS/blog/2024/01/02/123/News`), /blog post/);
      assert.match(refused(`${SITE}/display/DOCS/Home+Page`), /by title/);
      assert.match(refused(`${SITE}/wiki/x/AbCdE`), /short link/);
    });

    it('refuses a page address whose parts are not an ID and a key', () => {
      refused(`${SITE}/wiki/spaces/DOCS/pages/12a/Title`);
      refused(`${SITE}/wiki/spaces/DOCS/pages/123/Title/extra`);
      refused(`${SITE}/wiki/spaces/DOCS/pages/${'9'.repeat(21)}`);
      assert.match(refused(`${SITE}/wiki/spaces/DO%20CS/pages/1`), /space key/);
      assert.match(refused(`${SITE}/wiki/spaces/%24(zap)/pages/1`), /space key/);
      assert.match(refused(`${SITE}/wiki/spaces/%E0%A4%A/pages/1`), /space key/);
    });

    it('refuses a pageId that is not digits, is given twice, or is not on a page action', () => {
      assert.match(refused(`${SITE}/wiki/pages/viewpage.action?pageId=abc`), /pageId/);
      assert.match(refused(`${SITE}/wiki/pages/viewpage.action?pageId=`), /pageId/);
      refused(`${SITE}/wiki/pages/viewpage.action?pageId=1&pageId=2`);
      refused(`${SITE}/wiki/search?pageId=1`);
      refused(`${SITE}/?pageId=1`);
      refused(`${SITE}/wiki/pages/viewpage.action?title=Home`);
    });

    it('never echoes the address in its reason', () => {
      const address = `${SITE}/private/token=abc.def.ghi`;
      assert.ok(!refused(address).includes('token='));
    });
  });
});

describe('parseSpaceAddress', () => {
  it('takes the key of a space\'s own address', () => {
    assert.equal(parseSpaceAddress(`${SITE}/wiki/spaces/DOCS`), 'DOCS');
    assert.equal(parseSpaceAddress(` ${SITE}/wiki/spaces/DOCS/overview?homepageId=1\n`), 'DOCS');
    assert.equal(parseSpaceAddress(`${SITE}/wiki/spaces/~dana/`), '~dana');
    assert.equal(parseSpaceAddress(`${SITE}/display/ENG`), 'ENG');
    assert.equal(parseSpaceAddress('/wiki/spaces/OPS/overview'), 'OPS');
  });

  it('takes nothing from a page\'s address, another scheme, or a key that is not one', () => {
    for (const text of [
      `${SITE}/wiki/spaces/DOCS/pages/1/Title`, `${SITE}/display/DOCS/Home+Page`, 'javascript:/wiki/spaces/DOCS',
      `${SITE}/wiki/spaces/%24(zap)`, `${SITE}/wiki/spaces/%E0%A4%A`, 'DOCS', '', `${SITE}/wiki/spaces/DOCS/blog`,
    ]) {
      assert.equal(parseSpaceAddress(text), undefined, text);
    }
  });
});
