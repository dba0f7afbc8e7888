import assert from 'node:assert/strict';
import { explainNotFound, notFoundMessage } from '../../src/core/publish/notFoundExplanation';
import { outcomeOf } from '../../src/core/publish/outcome';

describe('404 explanation from the platform lookups', () => {
  const base = { tokenRejected: false } as const;
  it('says what it found of each: the missing parent next to the space that exists', () => {
    assert.equal(
      explainNotFound({ ...base, space: 'found', parent: 'missing' }, 'DOCS', '1'),
      'Looked up with your sign-in: the space "DOCS" exists; no page 1 is visible to you (deleted, never created, or hidden).',
    );
  });
  it('names the missing space, and a forbidden one', () => {
    assert.match(explainNotFound({ ...base, space: 'missing', parent: 'found' }, 'DOCS', '1')!, /no space "DOCS" is visible to you \(never created, or hidden\); the parent page 1 exists\.$/);
    const text = explainNotFound({ ...base, space: 'forbidden', parent: 'missing' }, 'DOCS', '1')!;
    assert.match(text, /the space "DOCS" exists but you may not read it/);
    assert.match(text, /no page 1 is visible to you/);
  });
  it('leaves out a lookup that failed', () => {
    assert.equal(explainNotFound({ ...base, space: 'failed', parent: 'missing' }, 'DOCS', '1'), 'Looked up with your sign-in: no page 1 is visible to you (deleted, never created, or hidden).');
  });
  it('says what is left when both exist', () => {
    assert.match(explainNotFound({ ...base, space: 'found', parent: 'found' }, 'DOCS', '1')!, /both the space "DOCS" and the parent page 1 exist: check that the parent page is in that space/);
  });
  it('gives nothing when the lookups failed or the sign-in was rejected', () => {
    assert.equal(explainNotFound({ ...base, space: 'failed', parent: 'failed' }, 'DOCS', '1'), undefined);
    assert.equal(explainNotFound({ tokenRejected: true, space: 'missing', parent: 'missing' }, 'DOCS', '1'), undefined);
  });
});

describe('the 404 message says it once', () => {
  const said = 'Error: Not Found - The parent page 999999 does not exist.';
  const target = { spaceId: 'DOCS', parentId: '999999', pageTitle: 'Runbook', overwrite: false };
  const outcome = outcomeOf({ last: { kind: 'response', status: 404, message: said }, attempts: 1, earlierAttemptMayHaveLanded: false }, target);

  it('without lookups: the service\'s words, then what was used and that a hidden page gets the same answer', () => {
    assert.equal(outcome.message, `${said} Sent to space "DOCS" under parent page 999999; the wiki answers the same when the API token's owner cannot see them.`);
    assert.equal((outcome.message.match(/does not exist/g) ?? []).length, 1, 'only the service says "does not exist"');
  });
  it('with the lookups\' finding: the service\'s words and the finding, without the general explanation', () => {
    const finding = explainNotFound({ tokenRejected: false, space: 'found', parent: 'missing' }, 'DOCS', '999999');
    const message = notFoundMessage(outcome, finding);
    assert.equal(message, `${said} Looked up with your sign-in: the space "DOCS" exists; no page 999999 is visible to you (deleted, never created, or hidden).`);
    assert.equal((message.match(/does not exist/g) ?? []).length, 1, 'the finding does not repeat the service');
  });
  it('with no finding, the outcome\'s message stands', () => {
    assert.equal(notFoundMessage(outcome, undefined), outcome.message);
  });
});
