// The order a tree's plan gives new sibling pages (core/tree/sendOrder.ts): the new pages a page links to come ahead of
// it, the pages most others wait for first, the rest in the name order; pages that exist keep their place, and 'name'
// keeps the folder's order.
// The plan alone, as every front end makes it: the runs that create the pages in this order are in
// test/cli/cliTreeForesight.test.ts and test/integration/treePublish.test.ts.
import assert from 'node:assert/strict';
import type { SourceFile } from '../../src/core/run/plan';
import { planTree } from '../../src/core/tree/treePlan';
import type { SiblingOrder } from '../../src/core/tree/treePlanTypes';
import { MemoryIdentity } from '../support/memoryIdentity';

const sources = (files: Record<string, string>): SourceFile[] => Object.entries(files).map(([label, text]) => ({ key: `/repo/${label}`, label, text }));

function plannedKeys(files: Record<string, string>, options: { identity?: MemoryIdentity; siblingOrder?: SiblingOrder; pageAccess?: boolean } = {}): string[] {
  const plan = planTree(sources(files), {
    rootPath: 'docs', spaceId: 'DOCS', parentId: '123456', overwrite: false, identity: options.identity ?? new MemoryIdentity(), links: new Map(),
    pageAccess: options.pageAccess ?? true, ...(options.siblingOrder ? { siblingOrder: options.siblingOrder } : {}),
  });
  return plan.pages.map((page) => page.key);
}

describe('the order of a tree\'s new sibling pages', () => {
  it('a chain of "Next" links: each page comes after the one it names, so each is written once', () => {
    const chain = {
      'docs/01-intro.md': '# Intro\n\nNext: [install](02-install.md).\n',
      'docs/02-install.md': '# Install\n\nNext: [use](03-use.md).\n',
      'docs/03-use.md': '# Use\n',
    };
    assert.deepEqual(plannedKeys(chain), ['03-use.md', '02-install.md', '01-intro.md']);
    assert.deepEqual(plannedKeys(chain, { siblingOrder: 'name' }), ['01-intro.md', '02-install.md', '03-use.md']);
  });

  it('a page others link to comes ahead of them, first as pages wait for it; the rest keep their names\' order', () => {
    const files = {
      'docs/a.md': '# A\n', 'docs/b.md': '# B\n\nSee [E](e.md).\n', 'docs/c.md': '# C\n', 'docs/d.md': '# D\n\nSee [E](e.md).\n', 'docs/e.md': '# E\n',
    };
    assert.deepEqual(plannedKeys(files), ['e.md', 'a.md', 'b.md', 'c.md', 'd.md']);
  });

  it('a page linking into a folder comes after that folder (its page and the pages below it stay together)', () => {
    const files = {
      'docs/index.md': '# Overview\n\nStart with [setup](guide/setup.md).\n',
      'docs/guide/setup.md': '# Setup\n\nThen [the API](../reference/api.md).\n',
      'docs/reference/api.md': '# API\n',
    };
    // Overview waits for Setup, Setup for API: both folders go before Overview, in name order.
    assert.deepEqual(plannedKeys(files), ['guide/', 'guide/setup.md', 'reference/', 'reference/api.md', 'index.md']);
  });

  it('two pages naming each other go in name order (one of them is sent twice, whichever order)', () => {
    assert.deepEqual(plannedKeys({ 'docs/x.md': '# X\n\n[Y](y.md)\n', 'docs/y.md': '# Y\n\n[X](x.md)\n', 'docs/w.md': '# W\n\n[Y](y.md)\n' }), ['x.md', 'y.md', 'w.md']);
  });

  it('pages the repository records keep their place; only the new ones are ordered, in the places new pages hold', () => {
    const identity = new MemoryIdentity();
    identity.map.set('b.md', { id: '901', title: 'B' });
    const files = { 'docs/a.md': '# A\n\nSee [D](d.md).\n', 'docs/b.md': '# B\n\nSee [C](c.md).\n', 'docs/c.md': '# C\n', 'docs/d.md': '# D\n' };
    // B exists: it stays second and waits for C in the run. A needs D. C and D, each waited for, take the first places
    // new pages hold (in name order), then A.
    assert.deepEqual(plannedKeys(files, { identity }), ['c.md', 'b.md', 'd.md', 'a.md']);
  });

  it('without page access no link can name a new page: the name order stays', () => {
    const identity = new MemoryIdentity();
    for (const [key, id] of [['a.md', '1'], ['b.md', '2']] as const) identity.map.set(key, { id, title: key[0]?.toUpperCase() ?? '' });
    assert.deepEqual(plannedKeys({ 'docs/a.md': '# A\n\n[B](b.md)\n', 'docs/b.md': '# B\n' }, { identity, pageAccess: false }), ['a.md', 'b.md']);
  });
});
