import assert from 'node:assert/strict';
import { pageAddress, parsePageReference } from '../../src/core/publish/pageAddress';

const SITE = 'https://site.example';

describe('pageAddress', () => {
  it('builds the platform\'s own page address: site, /wiki/spaces/KEY/pages/ID, then the title slug', () => {
    assert.equal(pageAddress(SITE, 'DOCS', '229378', 'How-to write a valid commit'), `${SITE}/wiki/spaces/DOCS/pages/229378/How-to+write+a+valid+commit`);
    assert.equal(pageAddress(SITE, 'DOCS', '1', 'Testing in Staging (go/uc/staging)'), `${SITE}/wiki/spaces/DOCS/pages/1/Testing+in+Staging+go+uc+staging`);
    assert.equal(pageAddress(SITE, 'DOCS', '1', 'Release 2.0 notes'), `${SITE}/wiki/spaces/DOCS/pages/1/Release+2.0+notes`);
    assert.equal(pageAddress(SITE, 'DOCS', '1', 'Café & <Jerry>'), `${SITE}/wiki/spaces/DOCS/pages/1/Caf%C3%A9+Jerry`);
  });

  it('leaves the slug out when the title has no word, since the ID alone finds the page', () => {
    assert.equal(pageAddress(SITE, 'DOCS', '7', ' ?! '), `${SITE}/wiki/spaces/DOCS/pages/7`);
  });

  it('takes the site with or without a trailing slash or /wiki, keeps a context path, and encodes personal space keys', () => {
    for (const base of [`${SITE}/`, `${SITE}/wiki`, `${SITE}/wiki/`, ` ${SITE} `]) {
      assert.equal(pageAddress(base, 'DOCS', '5', 'Home'), `${SITE}/wiki/spaces/DOCS/pages/5/Home`, base);
    }
    assert.equal(pageAddress('http://127.0.0.1:8080/confluence', 'DOCS', '5', 'Home'), 'http://127.0.0.1:8080/confluence/wiki/spaces/DOCS/pages/5/Home');
    assert.equal(pageAddress(SITE, '~557058:0f3c', '5', 'Notes'), `${SITE}/wiki/spaces/~557058%3A0f3c/pages/5/Notes`);
  });

  it('gives a space known only by its numeric ID the platform\'s page-ID address, which needs no space key', () => {
    assert.equal(pageAddress(SITE, '98304', '229378', 'Setup guide'), `${SITE}/wiki/pages/viewpage.action?pageId=229378`);
    assert.equal(pageAddress(`${SITE}/wiki/`, '98304', '5', 'Home'), `${SITE}/wiki/pages/viewpage.action?pageId=5`);
    assert.equal(pageAddress(SITE, 'D0CS', '5', 'Home'), `${SITE}/wiki/spaces/D0CS/pages/5/Home`, 'a key with digits is still a key');
    const address = pageAddress(SITE, '98304', '229378', 'Setup guide');
    assert.ok(address);
    assert.deepEqual(parsePageReference(address), { ok: true, reference: { pageId: '229378', origin: SITE } });
  });

  it('reads back as the same page, space and site through parsePageReference', () => {
    const address = pageAddress(SITE, '~557058:0f3c', '123456', 'Tom & Jerry (draft)');
    assert.ok(address);
    assert.deepEqual(parsePageReference(address), { ok: true, reference: { pageId: '123456', spaceKey: '~557058:0f3c', origin: SITE } });
  });

  it('builds no address on an API gateway host, a non-web base, or a key or ID that is not one', () => {
    const refused: Array<[string, string, string]> = [
      ['https://api.platform.example/ex/wiki/0f3c-cloud-id', 'DOCS', '1'],
      [`${SITE}/gateway/api/svc/wiki/apps/x`, 'DOCS', '1'],
      ['javascript:alert(1)', 'DOCS', '1'], ['not a url', 'DOCS', '1'], ['https://user:pw@site.example', 'DOCS', '1'],
      [SITE, 'DOCS', '12a'], [SITE, 'DOCS', ''], [SITE, 'DO CS', '1'], [SITE, '', '1'],
    ];
    for (const [base, key, id] of refused) assert.equal(pageAddress(base, key, id, 'Title'), undefined, `${base} ${key} ${id}`);
  });
});
