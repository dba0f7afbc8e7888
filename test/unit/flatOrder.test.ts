// The order a flat run's files go in (run/flatOrder.ts): a file after the files its links name, so it goes once; a
// cycle of links sends one of its files twice; a chain longer than MAX_WAVES is cut, so the run never goes one file at
// a time for long.
import assert from 'node:assert/strict';
import { flatOrderOf, MAX_WAVES } from '../../src/core/run/flatOrder';

const linksOf = (links: Record<string, string[]>) => (key: string): string[] => links[key] ?? [];

/** The waves the run would send in: a file goes once every file it waits for went. */
function waves(keys: readonly string[], waitsOn: ReadonlyMap<string, readonly string[]>): string[][] {
  const done = new Set<string>();
  const result: string[][] = [];
  let pending = [...keys];
  while (pending.length > 0) {
    const ready = pending.filter((key) => (waitsOn.get(key) ?? []).every((target) => done.has(target)));
    assert.ok(ready.length > 0, `no file can go: ${pending.join(', ')}`);
    result.push(ready);
    for (const key of ready) done.add(key);
    pending = pending.filter((key) => !done.has(key));
  }
  return result;
}

describe('the order of a flat run', () => {
  it('a file goes after the files its links name: nothing twice where the links run one way', () => {
    const keys = ['overview', 'setup', 'api', 'notes'];
    const order = flatOrderOf(keys, linksOf({ overview: ['setup', 'api'], setup: ['api'], api: [] }));
    assert.deepEqual(order.sentTwice, new Set());
    assert.deepEqual(waves(keys, order.waitsOn), [['api', 'notes'], ['setup'], ['overview']]);
  });

  it('two files naming each other: one goes first and twice, the other once after it', () => {
    const order = flatOrderOf(['a', 'b'], linksOf({ a: ['b'], b: ['a'] }));
    assert.deepEqual(order.sentTwice, new Set(['b']));
    assert.deepEqual(waves(['a', 'b'], order.waitsOn), [['b'], ['a']]);
  });

  it('a file that links into a cycle waits and goes once; only the cycle sends one twice', () => {
    const keys = ['d', 'a', 'b'];
    const order = flatOrderOf(keys, linksOf({ d: ['a'], a: ['b'], b: ['a'] }));
    assert.deepEqual(order.sentTwice, new Set(['b']));
    assert.ok(!order.sentTwice.has('d'));
  });

  it('links to files the run does not send are no waits; a link to its own new page sends it twice, counted', () => {
    assert.deepEqual(flatOrderOf(['a'], linksOf({ a: ['elsewhere'] })), { waitsOn: new Map(), sentTwice: new Set() });
    // `[install](a.md#install)` in a.md: the page's own address is known once it landed.
    assert.deepEqual(flatOrderOf(['a', 'b'], linksOf({ a: ['a', 'elsewhere'] })), { waitsOn: new Map(), sentTwice: new Set(['a']) });
  });

  it('counts as sent twice exactly the files that go while a page their links name is not there yet (random graphs)', () => {
    let seed = 7;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let graph = 0; graph < 200; graph++) {
      const count = 2 + Math.floor(random() * 40);
      const keys = Array.from({ length: count }, (_, index) => `f${index}`);
      const links: Record<string, string[]> = {};
      for (const key of keys) links[key] = Array.from({ length: Math.floor(random() * 3) }, () => keys[Math.floor(random() * count)] as string);
      // Long chains too, so that waves are cut.
      if (graph % 3 === 0) for (const [index, key] of keys.entries()) if (index + 1 < count) (links[key] as string[]).push(keys[index + 1] as string);
      const order = flatOrderOf(keys, linksOf(links));
      const waveOf = new Map<string, number>();
      for (const [index, wave] of waves(keys, order.waitsOn).entries()) for (const key of wave) waveOf.set(key, index);
      assert.ok(Math.max(...waveOf.values()) < MAX_WAVES, `graph ${graph}: more than ${MAX_WAVES} waves`);
      const goesTwice = new Set(keys.filter((key) => (links[key] ?? []).some((target) => (waveOf.get(target) as number) >= (waveOf.get(key) as number))));
      assert.deepEqual(order.sentTwice, goesTwice, `graph ${graph}: ${JSON.stringify(links)}`);
    }
  });

  it(`a chain of 30 files each naming the next goes in at most ${MAX_WAVES} waves, a file cut from it sent twice`, () => {
    const keys = Array.from({ length: 30 }, (_, index) => `f${index}`);
    const order = flatOrderOf(keys, (key) => {
      const index = Number(key.slice(1));
      return index + 1 < keys.length ? [`f${index + 1}`] : [];
    });
    assert.ok(waves(keys, order.waitsOn).length <= MAX_WAVES);
    assert.equal(order.sentTwice.size, Math.ceil(30 / MAX_WAVES) - 1);
  });

  it('a chain of 10,000 files is ranked without overflowing the stack', () => {
    const keys = Array.from({ length: 10_000 }, (_, index) => `f${index}`);
    const order = flatOrderOf(keys, (key) => [`f${Number(key.slice(1)) + 1}`]);
    assert.ok(waves(keys, order.waitsOn).length <= MAX_WAVES);
  });
});
