// What a tree publish's confirmation counts is what its run sends (issue 83), against the sandbox wiki: the plan as
// the front ends show it (planned, then looked at by the edit guard), counted by the core (treeSends.ts), and then run
// as they run it. A page sent again because a page its links reach was made anew is counted, once, as an update.
// And the page a tree publish offers to open: its top page, as a link to the folder reaches it.
import assert from 'node:assert/strict';
import type { PageLink } from '../../src/core/links/pageLink';
import { pageAddress } from '../../src/core/publish/pageAddress';
import { proveOwnPage } from '../../src/core/run/ownPageProof';
import { ThrottleGate } from '../../src/core/run/runner';
import { sendPlanned } from '../../src/core/run/send';
import { planTree } from '../../src/core/tree/treePlan';
import { guardTreeAsPlanned } from '../../src/core/tree/treePlanGuard';
import { runTree, treeLandedLink, type TreeRunResult } from '../../src/core/tree/treeRun';
import { relinkedKeys, treePageCount, treeSendCounts, treeTopPage, type TreeSendCounts } from '../../src/core/tree/treeSends';
import { foreseenSecondSends } from '../../src/core/tree/foreseenSends';
import { MemoryIdentity } from '../support/memoryIdentity';
import { useSignedInWorld } from '../support/signedInWorld';

const FILES: Record<string, string> = {
  'docs/index.md': '# Overview\n\nStart with [setup](guide/setup.md).\n',
  'docs/guide/README.md': '# Guide\n\nThe guide.\n',
  'docs/guide/setup.md': '# Setup\n\nFirst [install](./install.md), then read [auth](../reference/api.md#authentication).\n',
  'docs/guide/install.md': '# Install\n\nRun it.\n',
  'docs/reference/api.md': '# API\n\n## Authentication\n\nUse a token.\n',
  'docs/getting-started/first-steps.md': '# First steps\n\nGo.\n',
};

describe('a tree publish counts, before sending, what its run sends; and offers its top page', () => {
  const signedIn = useSignedInWorld();
  const page = (title: string): { id: string } => {
    const found = signedIn.world.sandbox.pages().find((candidate) => candidate.title === title && !candidate.deleted);
    assert.ok(found, `"${title}" is on the wiki`);
    return found;
  };

  /** As the editor does it: plan, the guard's look before the question, the counts it shows, then the run of that plan. */
  async function confirmAndRun(files: Record<string, string>, identity: MemoryIdentity, links: Map<string, PageLink | undefined>): Promise<{ counts: TreeSendCounts; relinked: Set<string>; run: TreeRunResult; plan: ReturnType<typeof planTree> }> {
    const sources = Object.entries(files).map(([label, text]) => ({ key: `/repo/${label}`, label, text }));
    const plan = planTree(sources, { rootPath: 'docs', spaceId: 'DOCS', parentId: '123456', overwrite: false, identity, links: new Map(links), pageAccess: true });
    const pages = signedIn.pages;
    await guardTreeAsPlanned(plan, { pages, noAccessReason: 'no page access', lookUpCreates: true });
    const relinked = relinkedKeys(plan, true);
    const counts = treeSendCounts(plan, relinked, foreseenSecondSends(plan, true));
    const run = await runTree({
      plan, pages, identity, gate: new ThrottleGate(), concurrency: 4,
      addressOf: (pageId, title) => pageAddress(signedIn.world.sandbox.baseUrl, 'DOCS', pageId, title),
      addressInSpace: async (spaceId) => (pageId, title) => pageAddress(signedIn.world.sandbox.baseUrl, spaceId, pageId, title),
      guard: { noAccessReason: 'no page access', lookUpCreates: true },
      send: (item, target, context) => sendPlanned(item, target, context, {
        endpoint: new URL(signedIn.world.sandbox.importEndpoint), token: signedIn.apiToken, transport: signedIn.transport, deadlineMs: 10_000,
        hooks: { sleep: async () => undefined },
      }),
      proveOwnPage: (item, target, signal) => proveOwnPage(pages, item, target, signal),
    });
    for (const result of run.results) {
      const link = treeLandedLink(result, Date.now());
      if (link) links.set(result.item.file.key, link);
    }
    return { counts, relinked, run, plan };
  }

  /** The pages a run wrote, each once however many passes sent it. */
  const sentKeys = (run: TreeRunResult): string[] => [...new Set(run.results.filter((result) => result.state === 'published').map((result) => result.key))].sort();

  it('a first publish counts each page once, as new, though the second pass sends some again; a quiet re-run counts none', async () => {
    const identity = new MemoryIdentity();
    const links = new Map<string, PageLink | undefined>();
    const first = await confirmAndRun(FILES, identity, links);
    assert.ok(first.run.secondPass > 0, 'some pages go twice, for their links');
    assert.equal(first.counts.twice, first.run.secondPass, 'the pages that go twice are counted before anything is sent');
    assert.equal(first.counts.send, sentKeys(first.run).length);
    assert.deepEqual([first.counts.newPages, first.counts.updates, first.counts.relinked, first.counts.unchanged], [8, 0, 0, 0]);
    const quiet = await confirmAndRun(FILES, identity, links);
    assert.deepEqual(sentKeys(quiet.run), []);
    assert.deepEqual([quiet.counts.send, quiet.counts.unchanged], [0, 8]);
  });

  it('a page deleted on the wiki is made anew: the unchanged pages whose links reach it are counted as updates, and they are what goes', async () => {
    const identity = new MemoryIdentity();
    const links = new Map<string, PageLink | undefined>();
    await confirmAndRun(FILES, identity, links);
    signedIn.world.sandbox.deletePage(page('API').id);
    const { counts, relinked, run } = await confirmAndRun(FILES, identity, links);
    // Setup links to the API page's heading; the generated Reference page lists it.
    assert.deepEqual([...relinked].sort(), ['guide/setup.md', 'reference/']);
    assert.deepEqual(sentKeys(run), ['guide/setup.md', 'reference/', 'reference/api.md']);
    assert.deepEqual({ ...counts }, { send: 3, newPages: 1, updates: 2, relinked: 2, unchanged: 5, refused: 0, edited: 0, twice: 0 });
    // The relinked pages go once each, after the page made anew: each has one result, its send, and none is counted
    // as sent twice.
    assert.equal(run.secondPass, counts.twice);
    for (const key of relinked) assert.deepEqual(run.results.filter((result) => result.key === key).map((result) => [result.state, result.relinked]), [['published', true]], key);
  });

  it('an unchanged page whose link reaches a page the run creates is counted once, as an update, and goes once', async () => {
    const identity = new MemoryIdentity();
    const links = new Map<string, PageLink | undefined>();
    // Overview links to the news before the news exist: its link stays as written, until the file is there.
    const before = { ...FILES, 'docs/index.md': '# Overview\n\nStart with [setup](guide/setup.md), then [the news](news/latest.md).\n' };
    await confirmAndRun(before, identity, links);
    const { counts, run } = await confirmAndRun({ ...before, 'docs/news/latest.md': '# Latest\n\nNew.\n' }, identity, links);
    assert.deepEqual(sentKeys(run), ['index.md', 'news/', 'news/latest.md']);
    assert.deepEqual(run.results.filter((result) => result.key === 'index.md').map((result) => result.state), ['published'], 'Overview goes once');
    assert.deepEqual([counts.send, counts.newPages, counts.updates, counts.relinked], [3, 2, 1, 0], 'the plan sends Overview itself');
  });

  it('the top page is the index at the folder\'s top, known after a run that left it unchanged too; without one, the chosen page', async () => {
    const identity = new MemoryIdentity();
    const links = new Map<string, PageLink | undefined>();
    const first = await confirmAndRun(FILES, identity, links);
    assert.deepEqual(treeTopPage(first.plan, first.run.results), { pageId: page('Overview').id, title: 'Overview' });
    const quiet = await confirmAndRun(FILES, identity, links);
    assert.deepEqual(treeTopPage(quiet.plan, quiet.run.results), { pageId: page('Overview').id, title: 'Overview' });

    const withoutIndex = Object.fromEntries(Object.entries(FILES).filter(([path]) => path !== 'docs/index.md'));
    const other = await confirmAndRun(withoutIndex, new MemoryIdentity(), new Map());
    assert.deepEqual(treeTopPage(other.plan, other.run.results), { pageId: '123456' });
  });

  it('a tree of these files makes as many pages as its plan has, folder pages included (the prompt says it before the plan)', () => {
    const sources = Object.entries(FILES).map(([label, text]) => ({ key: `/repo/${label}`, label, text }));
    const plan = planTree(sources, { rootPath: 'docs', spaceId: 'DOCS', parentId: '123456', overwrite: false, identity: new MemoryIdentity(), links: new Map(), pageAccess: true });
    assert.equal(treePageCount(Object.keys(FILES), 'docs'), plan.pages.length);
    assert.equal(treePageCount(Object.keys(FILES), 'docs'), 8, 'six files, and the generated pages of reference/ and getting-started/');
  });
});
