// Pages under a folder page the tree's plan refuses (issue 14): they have no parent to land under, so the plan refuses
// them as the run would; below a folder page that only lacks page access, a plan without it (a fork's pull request)
// still describes them as pages a publish with access sends, so its digest is the one that publish computes.
import assert from 'node:assert/strict';
import type { SourceFile } from '../../src/core/run/plan';
import { planFingerprint } from '../../src/core/run/planDigest';
import { planTree, type TreePlan } from '../../src/core/tree/treePlan';
import { MemoryIdentity } from '../support/memoryIdentity';

const FILES: Record<string, string> = {
  'docs/intro.md': '# Intro\n',
  'docs/guide/index.md': '# Guide\n',
  'docs/guide/setup.md': '# Setup\n\nSteps.\n',
};

function planOf(pageAccess: boolean, files: Record<string, string> = FILES): TreePlan {
  const identity = new MemoryIdentity();
  // The repository records the pages of the files, not the folder's (a manifest merged by hand, say).
  identity.map.set('intro.md', { id: '9001', title: 'Intro' });
  identity.map.set('guide/setup.md', { id: '9002', title: 'Setup' });
  const sources: SourceFile[] = Object.entries(files).map(([label, text]) => ({ key: `/repo/${label}`, label, text }));
  return planTree(sources, { rootPath: 'docs', spaceId: 'DOCS', parentId: '123456', overwrite: false, identity, links: new Map(), pageAccess });
}

const states = (plan: TreePlan): Array<[string, string, string[]]> =>
  plan.pages.map((page) => [page.key, page.item.state, page.item.refusals.map((refusal) => refusal.code)]);

const filesDigest = (plan: TreePlan): string =>
  planFingerprint(plan.pages.map((page) => ({ key: page.item.file.label, item: page.item, treeParent: page.node.parent ?? '' })), { wiki: false }).digest;

describe('tree plan: pages under a refused folder page', () => {
  it('refuses a page under a folder page refused for its title, naming that page, and every page below it', () => {
    const plan = planOf(true, { ...FILES, 'docs/guide/index.md': '# Intro\n', 'docs/guide/deeper/leaf.md': '# Leaf\n' });
    assert.deepEqual(states(plan), [
      ['intro.md', 'refused', ['duplicatePage']],
      ['guide/', 'refused', ['duplicatePage']],
      ['guide/setup.md', 'refused', ['duplicatePage']],
      ['guide/deeper/', 'refused', ['duplicatePage']],
      ['guide/deeper/leaf.md', 'refused', ['duplicatePage']],
    ]);
    const setup = plan.pages.find((page) => page.key === 'guide/setup.md');
    assert.match(setup?.item.refusals[0]?.message ?? '', /its folder's page \("Intro"\) is refused, so it has no parent page to go under/);
  });

  it('below a folder page that only lacks page access, the plan without access has the digest of the plan with it', () => {
    const without = planOf(false);
    // A recorded page is never used unchecked either (issue 81): refused for want of page access, like the new ones.
    assert.deepEqual(states(without), [
      ['intro.md', 'refused', ['noPageAccess']],
      ['guide/', 'refused', ['noPageAccess']],
      ['guide/setup.md', 'refused', ['noPageAccess']],
    ]);
    const withAccess = planOf(true);
    assert.deepEqual(states(withAccess).map(([key, state]) => [key, state]), [['intro.md', 'send'], ['guide/', 'send'], ['guide/setup.md', 'send']]);
    // Files only: what a fork's review sees, and what the publish with access checks against it (--expect-plan).
    assert.equal(filesDigest(without), filesDigest(withAccess));
  });
});
