import assert from 'node:assert/strict';
import { explainNotFound } from '../../src/core/publish/notFoundExplanation';

describe('404 explanation from the platform lookups', () => {
  const base = { tokenRejected: false } as const;
  it('names the missing space', () => {
    assert.match(explainNotFound({ ...base, space: 'missing', parent: 'found' }, 'DOCS', '1')!, /space "DOCS" does not exist/);
  });
  it('names the missing parent', () => {
    assert.match(explainNotFound({ ...base, space: 'found', parent: 'missing' }, 'DOCS', '1')!, /parent page 1 does not exist/);
  });
  it('names both, and forbidden ones', () => {
    const text = explainNotFound({ ...base, space: 'forbidden', parent: 'missing' }, 'DOCS', '1')!;
    assert.match(text, /may not read the space "DOCS"/);
    assert.match(text, /parent page 1/);
  });
  it('says what is left when both exist', () => {
    assert.match(explainNotFound({ ...base, space: 'found', parent: 'found' }, 'DOCS', '1')!, /in that space/);
  });
  it('gives nothing when the lookups failed or the sign-in was rejected', () => {
    assert.equal(explainNotFound({ ...base, space: 'failed', parent: 'failed' }, 'DOCS', '1'), undefined);
    assert.equal(explainNotFound({ tokenRejected: true, space: 'missing', parent: 'missing' }, 'DOCS', '1'), undefined);
  });
});
