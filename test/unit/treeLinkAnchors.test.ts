// The tree plan's word on links with anchors (issue 14, section 3): each link's `#anchor` is checked against the
// headings of the page it points to, whichever other pages the same file links to.
import assert from 'node:assert/strict';
import type { SourceFile } from '../../src/core/run/plan';
import { planTree } from '../../src/core/tree/treePlan';
import { MemoryIdentity } from '../support/memoryIdentity';

function planOf(files: Record<string, string>): ReturnType<typeof planTree> {
  const sources: SourceFile[] = Object.entries(files).map(([label, text]) => ({ key: `/repo/${label}`, label, text }));
  return planTree(sources, { rootPath: 'docs', spaceId: 'DOCS', parentId: '123456', overwrite: false, identity: new MemoryIdentity(), links: new Map(), pageAccess: true });
}

function linkCaution(plan: ReturnType<typeof planTree>, key: string): string | undefined {
  const page = plan.pages.find((each) => each.key === key);
  assert.ok(page, `no page ${key}`);
  return page.item.cautions.find((caution) => caution.code === 'localLinks')?.message;
}

describe('tree plan: anchors of links between files', () => {
  it('checks each anchor against its own target page when a file links into several pages', () => {
    const plan = planOf({
      'docs/a.md': '# A\n\nSee [beta](b.md#beta) and [gamma](c.md#gamma).\n',
      'docs/b.md': '# B\n\n## Beta\n',
      'docs/c.md': '# C\n\n## Gamma\n',
    });
    assert.equal(linkCaution(plan, 'a.md'), undefined);
  });

  it('names the one anchor its target lacks, even when another target has that heading', () => {
    const plan = planOf({
      'docs/a.md': '# A\n\nSee [beta](b.md#beta) and [wrong](c.md#beta).\n',
      'docs/b.md': '# B\n\n## Beta\n',
      'docs/c.md': '# C\n\n## Gamma\n',
    });
    const caution = linkCaution(plan, 'a.md') ?? '';
    assert.match(caution, /c\.md#beta/);
    assert.doesNotMatch(caution, /b\.md#beta/);
  });

  it('finds the anchors of pages other files link to as well (one target page, many linking pages)', () => {
    const plan = planOf({
      'docs/a.md': '# A\n\n[x](c.md#gamma)\n',
      'docs/b.md': '# B\n\n[y](c.md#gamma) [z](c.md#delta)\n',
      'docs/c.md': '# C\n\n## Gamma\n',
    });
    assert.equal(linkCaution(plan, 'a.md'), undefined);
    assert.match(linkCaution(plan, 'b.md') ?? '', /c\.md#delta/);
  });
});

describe('tree plan: links without page addresses', () => {
  const files = {
    'docs/a.md': '# A\n\nSee [b](b.md), [gamma](c.md#gamma) and [gone](missing.md).\n',
    'docs/b.md': '# B\n\nBack to [a](a.md).\n',
    'docs/c.md': '# C\n\n## Gamma\n',
  };
  const planned = (pageAddresses: boolean): ReturnType<typeof planTree> => planTree(
    Object.entries(files).map(([label, text]) => ({ key: `/repo/${label}`, label, text })),
    { rootPath: 'docs', spaceId: 'DOCS', parentId: '123456', overwrite: false, identity: new MemoryIdentity(), links: new Map(), pageAccess: true, pageAddresses },
  );

  it('counts the links that reach a page for the whole plan, and leaves each page only its other link cautions', () => {
    const plan = planned(false);
    // a.md to b.md and to c.md's heading, b.md to a.md; missing.md reaches no page, for a reason of its own.
    assert.equal(plan.linksWithoutAddress, 3);
    assert.equal(linkCaution(plan, 'a.md'), '1 link stays as written and will not work on the wiki: missing.md (no page is known for it).');
    assert.equal(linkCaution(plan, 'b.md'), undefined);
    for (const page of plan.pages) assert.doesNotMatch(page.item.cautions.map((caution) => caution.message).join(' '), /address/);
  });

  it('says nothing of it when page addresses can be made', () => {
    const plan = planned(true);
    assert.equal(plan.linksWithoutAddress, undefined);
    assert.match(linkCaution(plan, 'a.md') ?? '', /missing\.md/);
  });
});
