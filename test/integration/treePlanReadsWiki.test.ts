// A tree's plan with page access reads the wiki itself (issue 14): its parent page, titles held elsewhere in the space,
// one title in the space written as its key and its ID. These are rules that protect pages, so they are a step of the
// core's planning, not a call each front end must remember after it: a front end that plans a tree with page access
// through the core's entries (planTreeFromWalk, the command line's; planTreeOnDisk, the editor's) gets them, against
// the sandbox wiki, without calling checkTreeOnWiki itself.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { PlanItem, SourceFile } from '../../src/core/run/plan';
import { planTreeFromWalk, planTreeOnDisk, type TreeEntryOptions, type TreePlan } from '../../src/core/tree/treePlan';
import { nodeWalkFs } from '../../src/core/walk/nodeWalkFs';
import { walkSelection } from '../../src/core/walk/walk';
import type { WikiPagesClient } from '../../src/core/wikiPages';
import { MemoryIdentity } from '../support/memoryIdentity';
import { pageOnWiki as madeOnWiki, useSignedInWorld } from '../support/signedInWorld';

describe('a tree planned with page access reads the wiki before the plan is returned, against the sandbox wiki', () => {
  const signedIn = useSignedInWorld();
  const pageOnWiki = (spaceId: string, parentId: string, pageTitle: string) => madeOnWiki(signedIn, spaceId, parentId, pageTitle);
  let repo: string;

  beforeEach(async () => {
    repo = await mkdtemp(join(tmpdir(), 'wiki-publisher-tree-wiki-'));
  });
  afterEach(async () => {
    await rm(repo, { recursive: true, force: true });
  });

  const FILES = {
    'docs/index.md': '# Overview\n',
    'docs/guide/setup.md': '# Setup\n\nOur setup.\n',
    // The tree's space by its numeric ID, with the title of a page of the tree: one title, one space.
    'docs/overview-again.md': '---\nwiki:\n  spaceId: "1001"\n  parentId: "123456"\n  pageTitle: Overview\n---\nAgain.\n',
  };

  async function write(files: Record<string, string>): Promise<void> {
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(repo, path)), { recursive: true });
      await writeFile(join(repo, path), text);
    }
  }

  const options = (parentId: string, wiki: TreeEntryOptions['wiki']): TreeEntryOptions => ({
    rootPath: 'docs', spaceId: 'DOCS', parentId, overwrite: false, identity: new MemoryIdentity(), links: new Map(), ...(wiki ? { wiki } : {}),
  });

  /** The command line's way: the folder walked, each file read and let go. */
  async function planFromWalk(parentId: string, wiki: TreeEntryOptions['wiki']): Promise<TreePlan> {
    const fs = nodeWalkFs({ cwd: repo });
    const walk = await walkSelection([join(repo, 'docs')], { fs });
    return planTreeFromWalk(walk, { fs }, options(parentId, wiki), join(repo, 'docs'));
  }

  /** The editor's way: the files read in full. */
  function planOnDisk(parentId: string, wiki: TreeEntryOptions['wiki']): Promise<TreePlan> {
    const sources: SourceFile[] = Object.entries(FILES).map(([label, text]) => ({ key: join(repo, label), label, text }));
    return planTreeOnDisk(sources, options(parentId, wiki), { fs: nodeWalkFs({ cwd: repo }), root: join(repo, 'docs') });
  }

  const itemOf = (plan: TreePlan, label: string): PlanItem | undefined =>
    [...plan.pinned, ...plan.refused, ...plan.pages.map((page) => page.item)].find((item) => item.file.label === label);
  const saidOf = (plan: TreePlan, label: string, code: string): string[] => {
    const item = itemOf(plan, label);
    return [...(item?.refusals ?? []), ...(item?.cautions ?? [])].filter((said) => said.code === code).map((said) => said.message);
  };

  /** signedIn.pages, noting each title looked for in a space ("1001 Setup"), each page read by ID and each space resolved. */
  function counting(): { pages: WikiPagesClient; asked: string[] } {
    const asked: string[] = [];
    const pages: WikiPagesClient = {
      ...signedIn.pages,
      resolveSpace: (keyOrId, signal) => {
        asked.push(`space ${keyOrId}`);
        return signedIn.pages.resolveSpace(keyOrId, signal);
      },
      findPagesByTitle: (spaceId, title, signal) => {
        asked.push(`${spaceId} ${title}`);
        return signedIn.pages.findPagesByTitle(spaceId, title, signal);
      },
      getPage: (pageId, signal) => {
        asked.push(`page ${pageId}`);
        return signedIn.pages.getPage(pageId, signal);
      },
    };
    return { pages, asked };
  }

  it('the command line\'s entry: a title held elsewhere in the space is said, one title in the space written as its key and its ID is refused', async () => {
    await write(FILES);
    const theirSetup = await pageOnWiki('DOCS', (await pageOnWiki('DOCS', '123456', 'Elsewhere')).id, 'Setup');
    const plan = await planFromWalk('123456', { pages: signedIn.pages, parentRecorded: false });
    assert.deepEqual(saidOf(plan, 'docs/guide/setup.md', 'titleInSpace'), [
      `A page titled "Setup" already exists elsewhere in the space (page ${theirSetup.id}, ${signedIn.world.sandbox.pageAddress(theirSetup.id)}); the wiki has long kept titles unique in a space and may refuse this one.`,
    ]);
    const titleTwice = (others: string): string => `Its title "Overview" is also the title of ${others}; the wiki keeps a title unique in a space (ignoring case). Give each its own title.`;
    assert.deepEqual(saidOf(plan, 'docs/index.md', 'duplicatePage'), [titleTwice('docs/overview-again.md')]);
    assert.deepEqual(saidOf(plan, 'docs/overview-again.md', 'duplicatePage'), [titleTwice('docs/index.md')]);
    assert.equal(itemOf(plan, 'docs/index.md')?.state, 'refused');
    assert.equal(itemOf(plan, 'docs/overview-again.md')?.state, 'refused');
  });

  it('a space named by its key is resolved once for all the titles looked for in it, not once a title', async () => {
    const titles = ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon', 'Zeta'];
    const heldElsewhere = await pageOnWiki('DOCS', (await pageOnWiki('DOCS', '123456', 'Elsewhere')).id, 'Gamma');
    const asked = async (count: number): Promise<{ asked: string[]; plan: TreePlan }> => {
      await rm(join(repo, 'docs'), { recursive: true, force: true });
      await write(Object.fromEntries(titles.slice(0, count).map((title) => [`docs/${title.toLowerCase()}.md`, `# ${title}\n`])));
      const { pages, asked: said } = counting();
      const fs = nodeWalkFs({ cwd: repo });
      const walk = await walkSelection([join(repo, 'docs')], { fs });
      return { asked: said, plan: await planTreeFromWalk(walk, { fs }, options('123456', { pages, parentRecorded: false }), join(repo, 'docs')) };
    };
    const few = await asked(2);
    const many = await asked(6);
    const resolved = (said: string[]): number => said.filter((each) => each === 'space DOCS').length;
    assert.ok(resolved(many.asked) >= 1, 'the space is resolved');
    assert.equal(resolved(many.asked), resolved(few.asked), 'six titles resolve the space as often as two');
    assert.deepEqual(many.asked.filter((each) => !each.startsWith('space ') && !each.startsWith('page ')).sort(), titles.map((title) => `1001 ${title}`).sort(), 'each title is looked for once, in the space by its ID');
    // The answers are the same as a lookup by key gave: the page that holds one of the titles is named.
    assert.deepEqual(saidOf(many.plan, 'docs/gamma.md', 'titleInSpace'), [
      `A page titled "Gamma" already exists elsewhere in the space (page ${heldElsewhere.id}, ${signedIn.world.sandbox.pageAddress(heldElsewhere.id)}); the wiki has long kept titles unique in a space and may refuse this one.`,
    ]);
    assert.deepEqual(saidOf(many.plan, 'docs/alpha.md', 'titleInSpace'), []);
  });

  it('many titles in one space are answered from the space\'s pages listed once; a space too large to list is asked title by title, with the same answers', async () => {
    const titles = Array.from({ length: 12 }, (_, index) => `Topic ${index}`);
    const heldElsewhere = await pageOnWiki('DOCS', (await pageOnWiki('DOCS', '123456', 'Elsewhere')).id, 'Topic 7');
    await write(Object.fromEntries(titles.map((title, index) => [`docs/topic-${index}.md`, `# ${title}\n`])));
    const plan = async (): Promise<{ asked: string[]; plan: TreePlan }> => {
      const { pages, asked } = counting();
      const fs = nodeWalkFs({ cwd: repo });
      const walk = await walkSelection([join(repo, 'docs')], { fs });
      return { asked, plan: await planTreeFromWalk(walk, { fs }, options('123456', { pages, parentRecorded: false }), join(repo, 'docs')) };
    };
    const said = (planned: TreePlan): Record<string, string[]> => Object.fromEntries(titles.map((title, index) => [title, saidOf(planned, `docs/topic-${index}.md`, 'titleInSpace')]));
    const expected = Object.fromEntries(titles.map((title) => [title, title === 'Topic 7'
      ? [`A page titled "Topic 7" already exists elsewhere in the space (page ${heldElsewhere.id}, ${signedIn.world.sandbox.pageAddress(heldElsewhere.id)}); the wiki has long kept titles unique in a space and may refuse this one.`]
      : []]));

    const listed = await plan();
    assert.deepEqual(said(listed.plan), expected);
    assert.deepEqual(listed.asked.filter((each) => !each.startsWith('space ') && !each.startsWith('page ')), [], 'no title asked one by one');

    // Two answers (one for every eight titles) cannot list a space that needs more: each title is asked instead.
    signedIn.world.sandbox.setMaxChildrenPageSize(1);
    const oneByOne = await plan();
    assert.deepEqual(said(oneByOne.plan), expected);
    assert.deepEqual(oneByOne.asked.filter((each) => !each.startsWith('space ') && !each.startsWith('page ')).sort(), titles.map((title) => `1001 ${title}`).sort());
    signedIn.world.sandbox.setMaxChildrenPageSize(undefined);
  });

  it('the command line\'s entry: a parent page that is not there refuses every page of the tree, naming the manifest when it chose it', async () => {
    await write(FILES);
    const plan = await planFromWalk('555', { pages: signedIn.pages, parentRecorded: true });
    const states = Object.fromEntries(plan.pages.map((page) => [page.key, page.item.state]));
    assert.deepEqual(states, { 'index.md': 'refused', 'guide/': 'refused', 'guide/setup.md': 'refused' });
    assert.match(saidOf(plan, 'docs/guide/setup.md', 'treeParent')[0] ?? '', /^Not sent: the tree's parent page 555 was not found .* records it as the tree's parent/);
  });

  it('the editor\'s entry: the lookups run inside the front end\'s progress, stopped by its signal, before the plan is returned', async () => {
    await write(FILES);
    await pageOnWiki('DOCS', (await pageOnWiki('DOCS', '123456', 'Elsewhere')).id, 'Setup');
    const { pages, asked } = counting();
    const shown: string[] = [];
    const plan = await planOnDisk('123456', {
      pages, parentRecorded: false,
      whileLooking: async (look) => {
        shown.push('progress shown');
        const controller = new AbortController();
        assert.deepEqual(asked, [], 'nothing is looked up before the progress is shown');
        await look(controller.signal);
        shown.push('progress closed');
      },
    });
    assert.deepEqual(shown, ['progress shown', 'progress closed']);
    assert.ok(asked.includes('page 123456'), 'the parent page is read');
    assert.ok(asked.includes('1001 Setup'), 'the new pages\' titles are looked for in the space (DOCS, by its ID)');
    assert.equal(saidOf(plan, 'docs/guide/setup.md', 'titleInSpace').length, 1);
    assert.equal(itemOf(plan, 'docs/index.md')?.state, 'refused', 'one title in the space written two ways');

    // Cancel: the lookups stop, and so does the plan.
    const cancelled = planOnDisk('123456', {
      pages, parentRecorded: false,
      whileLooking: async (look) => {
        const controller = new AbortController();
        controller.abort();
        await look(controller.signal);
      },
    });
    await assert.rejects(cancelled);
  });

  it('without the wiki nothing is looked up: new pages are refused for want of page access, as before', async () => {
    await write(FILES);
    const plan = await planFromWalk('123456', undefined);
    assert.equal(plan.pages.find((page) => page.key === 'guide/setup.md')?.item.refusals[0]?.code, 'noPageAccess');
    assert.deepEqual(saidOf(plan, 'docs/guide/setup.md', 'titleInSpace'), []);
  });
});
