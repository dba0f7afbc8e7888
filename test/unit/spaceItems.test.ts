import assert from 'node:assert/strict';
import { spaceItems } from '../../src/editor/publish/spaceItems';

const RECENT = [{ spaceId: 'DOCS', lastParentId: '123456' }, { spaceId: 'ENG' }];
const PAGE = 'https://site.example/wiki/spaces/OPS/pages/42/Runbooks';

describe('space prompt rows', () => {
  it('lists the recent spaces with their last parents when nothing is typed', () => {
    const rows = spaceItems('  ', RECENT, true);
    assert.deepEqual(rows.map((row) => [row.label, row.description, row.answer]), [
      ['DOCS', 'recently used, last parent 123456', { spaceId: 'DOCS' }],
      ['ENG', 'recently used', { spaceId: 'ENG' }],
    ]);
  });

  it('offers a typed key first, unless it is a recent one', () => {
    assert.deepEqual(spaceItems(' OPS ', RECENT, true)[0]?.answer, { spaceId: 'OPS' });
    assert.equal(spaceItems('DOCS', RECENT, true).length, RECENT.length);
    assert.deepEqual(spaceItems('98304', [], true)[0]?.answer, { spaceId: '98304' }, 'digits are a space ID here');
  });

  it('takes the space and the parent from a pasted page address', () => {
    const [row] = spaceItems(PAGE, RECENT, true);
    assert.deepEqual(row?.answer, { spaceId: 'OPS', parentId: '42' });
    assert.equal(row?.label, 'OPS under parent 42');
  });

  it('takes only the space from a page address when the parent is not asked', () => {
    assert.deepEqual(spaceItems(PAGE, RECENT, false)[0]?.answer, { spaceId: 'OPS' });
  });

  it('takes the space from a space address', () => {
    assert.deepEqual(spaceItems('https://site.example/wiki/spaces/OPS/overview', [], true)[0]?.answer, { spaceId: 'OPS' });
  });

  it('offers the parent of a ?pageId= address, which names no space, and asks the space after', () => {
    const [row] = spaceItems('https://site.example/wiki/pages/viewpage.action?pageId=77', [], true);
    assert.deepEqual(row?.answer, { parentId: '77' });
    assert.equal(spaceItems('https://site.example/wiki/pages/viewpage.action?pageId=77', [], false)[0]?.answer, undefined);
  });

  it('explains, without an answer, text that cannot be a space', () => {
    for (const text of ['javascript:alert(1)', 'https://site.example/wiki/x/AbC', 'my docs', 'DOCS/pages']) {
      const [row] = spaceItems(text, [], true);
      assert.equal(row?.answer, undefined, text);
      assert.ok(row?.detail, text);
    }
  });

  it('shows typed text and keys as text, never as icons or links', () => {
    const [typed] = spaceItems('$(zap)', [], true);
    assert.ok(!typed?.label.includes('$('), typed?.label);
    assert.deepEqual(typed?.answer, { spaceId: '$(zap)' }, 'the answer keeps the text as typed');
    assert.equal(typed?.alwaysShow, true, 'the row stays although its label no longer matches the typed text');
    const [recent] = spaceItems('', [{ spaceId: '$(alert)' }], true);
    assert.ok(!recent?.label.includes('$('));
  });
});
