import assert from 'node:assert/strict';
import { RecentTargets } from '../../src/editor/publish/recentTargets';

import { MemoryMemento as MemoryState } from '../fakes/memoryMemento';

describe('RecentTargets', () => {
  it('keeps the spaces newest first, each with its last parent', async () => {
    const recent = new RecentTargets(new MemoryState());
    await recent.remember({ spaceId: 'DOCS', parentId: '1' });
    await recent.remember({ spaceId: 'ENG', parentId: '2' });
    await recent.remember({ spaceId: 'DOCS', parentId: '3' });
    assert.deepEqual(recent.spaces(), [{ spaceId: 'DOCS', lastParentId: '3' }, { spaceId: 'ENG', lastParentId: '2' }]);
    assert.equal(recent.lastParent('ENG'), '2');
    assert.equal(recent.lastParent('OPS'), undefined);
  });

  it('keeps at most eight spaces', async () => {
    const recent = new RecentTargets(new MemoryState());
    for (let n = 1; n <= 10; n++) await recent.remember({ spaceId: `S${n}`, parentId: String(n) });
    assert.deepEqual(recent.spaces().map((entry) => entry.spaceId), ['S10', 'S9', 'S8', 'S7', 'S6', 'S5', 'S4', 'S3']);
  });

  it('reads the spaces kept before last parents were, then replaces that key', async () => {
    const state = new MemoryState();
    state.values.set('wikiPublisher.recentSpaces', ['ENG', 'DOCS', 'ENG', 7, '']);
    const recent = new RecentTargets(state);
    assert.deepEqual(recent.spaces(), [{ spaceId: 'ENG' }, { spaceId: 'DOCS' }]);
    await recent.remember({ spaceId: 'DOCS', parentId: '5' });
    assert.deepEqual(recent.spaces(), [{ spaceId: 'DOCS', lastParentId: '5' }, { spaceId: 'ENG' }]);
    assert.equal(state.values.has('wikiPublisher.recentSpaces'), false);
  });

  it('drops what is not a well-formed entry', () => {
    const state = new MemoryState();
    state.values.set('wikiPublisher.recentTargets', [
      { spaceId: 'DOCS', lastParentId: '12' }, { spaceId: 'ENG', lastParentId: 'home' }, null, 'OPS', { spaceId: 3 }, { spaceId: 'DOCS' },
    ]);
    assert.deepEqual(new RecentTargets(state).spaces(), [{ spaceId: 'DOCS', lastParentId: '12' }, { spaceId: 'ENG' }]);
    state.values.set('wikiPublisher.recentTargets', { DOCS: '1' });
    assert.deepEqual(new RecentTargets(state).spaces(), []);
  });
});
