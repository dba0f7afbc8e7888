// Which pages a tree's first publish sends twice, as the plan decides it (core/tree/sendOrder.ts) and counts it before
// sending (foreseenSends.ts): one page for each cycle of links, none for a chain, and a long chain across folders cut
// only where that saves the run several sends' time. The runs that send them are in test/cli/cliTreeForesight.test.ts
// and test/cli/cliRandomTrees.test.ts.
import assert from 'node:assert/strict';
import type { SourceFile } from '../../src/core/run/plan';
import { foreseenSecondSends } from '../../src/core/tree/foreseenSends';
import { planTree } from '../../src/core/tree/treePlan';
import { MemoryIdentity } from '../support/memoryIdentity';

function planOf(files: Record<string, string>): ReturnType<typeof planTree> {
  const sources: SourceFile[] = Object.entries(files).map(([label, text]) => ({ key: `/repo/${label}`, label, text }));
  return planTree(sources, { rootPath: 'docs', spaceId: 'DOCS', parentId: '123456', overwrite: false, identity: new MemoryIdentity(), links: new Map(), pageAccess: true });
}

/** `count` files under docs/, `perFolder` to a folder (f00/, f01/, ...), each linking to the next; the last to `wrapTo`. */
function chainOf(count: number, perFolder: number, wrapTo?: number): Record<string, string> {
  const path = (at: number): string => `f${String(Math.floor(at / perFolder)).padStart(2, '0')}/p${String(at).padStart(3, '0')}.md`;
  const files: Record<string, string> = {};
  for (let at = 0; at < count; at++) {
    const next = at + 1 < count ? at + 1 : wrapTo;
    files[`docs/${path(at)}`] = `# Page ${at}\n\n${next === undefined ? 'The end.' : `Next: [page ${next}](../${path(next)}).`}\n`;
  }
  return files;
}

describe('the pages a first tree publish sends twice', () => {
  it('a chain of pages each naming the next, in one folder: none, the last created first', () => {
    const plan = planOf(chainOf(6, 6));
    // (The folder's generated page lists its new children: it goes twice, as in every test here.)
    assert.deepEqual([...foreseenSecondSends(plan, true)], ['f00/']);
    assert.deepEqual(plan.pages.map((page) => page.key).slice(1), ['f00/p005.md', 'f00/p004.md', 'f00/p003.md', 'f00/p002.md', 'f00/p001.md', 'f00/p000.md']);
  });

  it('a ring of pages each naming the next: one of them, whichever the order', () => {
    const plan = planOf(chainOf(6, 6, 0));
    assert.deepEqual([...foreseenSecondSends(plan, true)].filter((key) => !key.endsWith('/')).length, 1);
  });

  it('two rings sharing no page: one page of each; two rings sharing a page: that page alone', () => {
    const twoRings = { ...chainOf(3, 3, 0) };
    for (const [at, next] of [[3, 4], [4, 3]]) twoRings[`docs/f00/q${at}.md`] = `# Q ${at}\n\n[Q ${next}](q${next}.md)\n`;
    assert.equal([...foreseenSecondSends(planOf(twoRings), true)].filter((key) => !key.endsWith('/')).length, 2);
    const sharing = {
      'docs/f00/hub.md': '# Hub\n\n[A](a.md) [B](b.md)\n', 'docs/f00/a.md': '# A\n\n[Hub](hub.md)\n', 'docs/f00/b.md': '# B\n\n[Hub](hub.md)\n',
    };
    assert.deepEqual([...foreseenSecondSends(planOf(sharing), true)].filter((key) => !key.endsWith('/')), ['f00/hub.md']);
  });

  it('a short chain across folders waits whole; a long one (120 pages in 12 folders) is cut in a few places so that the folders go side by side', () => {
    const short = planOf(chainOf(8, 4));
    assert.deepEqual([...foreseenSecondSends(short, true)].filter((key) => !key.endsWith('/')), [], 'a second send saves no time worth it');
    const long = planOf(chainOf(120, 10));
    const cut = [...foreseenSecondSends(long, true)].filter((key) => !key.endsWith('/'));
    // One cut leaves two chains of 60 pages, which hold the run up as long as one: a few are cut.
    assert.ok(cut.length >= 2 && cut.length <= 12, `cut in ${cut.length} places: ${cut.join(', ')}`);
  });
});
