// A tree publish never rewrites the page the folder maps to (issue 14 section 2), against the sandbox wiki: a file of
// the tree whose front matter names that page (by wiki.pageId, or by that page's own title and parent) is refused
// before anything is sent, also with --overwrite (as CI runs it), where a pull request adding such a file would
// otherwise rewrite the page the whole tree hangs under.
import assert from 'node:assert/strict';
import { proveOwnPage } from '../../src/core/run/ownPageProof';
import { pageAddress } from '../../src/core/publish/pageAddress';
import type { SourceFile } from '../../src/core/run/plan';
import { ThrottleGate } from '../../src/core/run/runner';
import { sendPlanned } from '../../src/core/run/send';
import { checkTreeOnWiki } from '../../src/core/tree/treeParent';
import { planTree, type TreePlan } from '../../src/core/tree/treePlan';
import { runTree, type TreeRunResult } from '../../src/core/tree/treeRun';
import { createWikiPagesClient } from '../../src/core/wikiPages/client';
import { MemoryIdentity } from '../support/memoryIdentity';
import { useSignedInWorld } from '../support/signedInWorld';

describe('a tree publish and the page it is published under, against the sandbox wiki', () => {
  const signedIn = useSignedInWorld();
  const sources = (files: Record<string, string>): SourceFile[] => Object.entries(files).map(([label, text]) => ({ key: `/repo/${label}`, label, text }));

  /** Plans `files` (below `rootPath`) as a tree under `parentId`, looks on the wiki as the front ends do when `access`. */
  async function plan(files: Record<string, string>, rootPath: string, parentId: string, options: { overwrite: boolean; access: boolean; identity?: MemoryIdentity }): Promise<TreePlan> {
    const planned = planTree(sources(files), {
      rootPath, spaceId: 'DOCS', parentId, overwrite: options.overwrite, identity: options.identity ?? new MemoryIdentity(), links: new Map(), pageAccess: options.access,
    });
    if (options.access) await checkTreeOnWiki(planned, signedIn.pages, { spaceId: 'DOCS', parentId, recorded: false });
    return planned;
  }

  async function run(planned: TreePlan, identity: MemoryIdentity, access: boolean): Promise<TreeRunResult> {
    const token = signedIn.apiToken;
    const pages = access ? signedIn.pages : undefined;
    return runTree({
      plan: planned, pages, identity, gate: new ThrottleGate(), concurrency: 4,
      addressOf: (pageId, title) => pageAddress(signedIn.world.sandbox.baseUrl, 'DOCS', pageId, title),
      addressInSpace: async (spaceId) => (pageId, title) => pageAddress(signedIn.world.sandbox.baseUrl, spaceId, pageId, title),
      guard: { noAccessReason: 'no page access' },
      send: (item, target, context) => sendPlanned(item, target, context, {
        endpoint: new URL(signedIn.world.sandbox.importEndpoint), token, transport: signedIn.transport, deadlineMs: 10_000,
        hooks: { sleep: async () => undefined },
      }),
      ...(pages ? { proveOwnPage: (item, target, signal) => proveOwnPage(pages, item, target, signal) } : {}),
    });
  }

  /** "Handbook" under the space's home page, published as a tree of one page: the page the next trees hang under. */
  async function handbook(): Promise<{ id: string; before: string }> {
    const identity = new MemoryIdentity();
    const result = await run(await plan({ 'site/handbook.md': '# Handbook\n\nThe handbook.\n' }, 'site', '123456', { overwrite: false, access: true }), identity, true);
    assert.deepEqual(result.results.map((each) => each.state), ['published']);
    const page = signedIn.world.sandbox.findPageByTitle('DOCS', '123456', 'Handbook');
    assert.ok(page);
    return { id: page.id, before: JSON.stringify(page) };
  }
  const handbookNow = (id: string): string => JSON.stringify(signedIn.world.sandbox.pages().find((page) => page.id === id));
  const refusalsOf = (planned: TreePlan, label: string): string[] => [...planned.pinned, ...planned.pages.map((page) => page.item)]
    .filter((item) => item.file.label === label).flatMap((item) => item.refusals.map((refusal) => refusal.message));
  const fix = (parentId: string): string => `Point its wiki: keys at another page, or remove them (the file then becomes a page of the tree); if rewriting page ${parentId} is really meant, publish that file on its own, not as a tree (on the command line, without --tree).`;

  it('a file whose front matter names the chosen page by wiki.pageId is refused before sending, with --overwrite, with page access or without', async () => {
    const { id, before } = await handbook();
    // What Open Wiki Page as Markdown writes for the handbook page, saved into the folder by a pull request.
    const files = {
      'manual/intro.md': '# Introduction\n\nHello.\n',
      'manual/home.md': `---\nwiki:\n  spaceId: "DOCS"\n  parentId: "123456"\n  pageTitle: "Handbook"\n  pageId: "${id}"\n---\n# Handbook\n\nRewritten by a pull request.\n`,
      // Only the ID: not a place of its own, but it says it is the chosen page.
      'manual/same.md': `---\nwiki:\n  pageId: "${id}"\n---\n# Same\n\nAlso the handbook?\n`,
    };
    const reason = (file: string): string => `Not sent: the front matter of ${file} names page ${id} (wiki.pageId), the tree's parent page, but a tree publish never rewrites its parent page: ` +
      `the folder's files and subfolders become its children. ${fix(id)}`;
    for (const access of [true, false]) {
      const planned = await plan(files, 'manual', id, { overwrite: true, access });
      assert.deepEqual(refusalsOf(planned, 'manual/home.md'), [reason('manual/home.md')], `page access: ${access}`);
      assert.deepEqual(refusalsOf(planned, 'manual/same.md'), [reason('manual/same.md')], `page access: ${access}`);
    }
    const identity = new MemoryIdentity();
    const result = await run(await plan(files, 'manual', id, { overwrite: true, access: true }), identity, true);
    const stateOf = (key: string): string | undefined => result.results.find((each) => each.item.file.label === key)?.state;
    assert.deepEqual([stateOf('manual/home.md'), stateOf('manual/same.md'), stateOf('manual/intro.md')], ['refused', 'refused', 'published']);
    assert.equal(handbookNow(id), before, 'the chosen page is untouched');
    assert.equal(signedIn.world.sandbox.findPageByTitle('DOCS', id, 'Introduction')?.parentId, id, 'the rest of the tree lands under it');
    assert.ok(!signedIn.world.sandbox.imports.some((sent) => (sent.body as { content?: string }).content?.includes('pull request')), 'nothing of the file was sent');
    assert.equal(identity.map.has('home.md'), false);
  });

  it('a file whose front matter names the chosen page by its own title and parent is refused once page access reads that page; without it, a caution says it was not checked', async () => {
    const { id, before } = await handbook();
    const named = (title: string): string => `---\nwiki:\n  spaceId: DOCS\n  parentId: "123456"\n  pageTitle: ${title}\n---\n# Handbook\n\nRewritten by a pull request.\n`;
    const files = {
      'manual/intro.md': '# Introduction\n\nHello.\n',
      'manual/home.md': named('Handbook'),
      // Another page of the space, beside the handbook: front matter still wins for it.
      'manual/beside.md': `---\nwiki:\n  spaceId: DOCS\n  parentId: "123456"\n  pageTitle: Beside the handbook\n---\nText.\n`,
    };
    const planned = await plan(files, 'manual', id, { overwrite: true, access: true });
    assert.deepEqual(refusalsOf(planned, 'manual/home.md'), [`Not sent: the front matter of manual/home.md names the page titled "Handbook" under page 123456, which is page ${id}, the tree's parent page, ` +
      `but a tree publish never rewrites its parent page: the folder's files and subfolders become its children. ${fix(id)}`]);
    // The platform keeps a title unique in a space, ignoring case: this names the same page there.
    const lower = await plan({ 'manual/lower.md': named('handbook') }, 'manual', id, { overwrite: true, access: true });
    assert.match(refusalsOf(lower, 'manual/lower.md').join(' '), new RegExp(`names the page titled "handbook" under page 123456, which is page ${id}, the tree's parent page`));
    assert.deepEqual(refusalsOf(planned, 'manual/beside.md'), []);
    assert.deepEqual(planned.pinned.flatMap((item) => item.cautions.filter((caution) => caution.code === 'treeParentUnchecked')), [], 'checked: no caution');

    const result = await run(planned, new MemoryIdentity(), true);
    const stateOf = (key: string): string | undefined => result.results.find((each) => each.item.file.label === key)?.state;
    assert.deepEqual([stateOf('manual/home.md'), stateOf('manual/beside.md'), stateOf('manual/intro.md')], ['refused', 'published', 'published']);
    assert.equal(handbookNow(id), before, 'the chosen page is untouched');

    // Without page access the chosen page's title and parent are unknown: an update that could be it says so.
    const blind = await plan(files, 'manual', id, { overwrite: true, access: false });
    const unchecked = (label: string): string[] => (blind.pinned.find((item) => item.file.label === label)?.cautions ?? [])
      .filter((caution) => caution.code === 'treeParentUnchecked').map((caution) => caution.message);
    assert.deepEqual(unchecked('manual/home.md'), [`Whether its front matter names the tree's parent page ${id} by that page's title and parent could not be checked without page access. ` +
      'A tree publish never rewrites its parent page: check that its wiki: keys name another page.']);
    // A create cannot rewrite a page (the service answers "already exists"), and nothing under the chosen page is it.
    const created = await plan({ 'manual/home.md': named('Handbook'), 'manual/under.md': `---\nwiki:\n  spaceId: DOCS\n  parentId: "${id}"\n  pageTitle: Under\n---\nText.\n` }, 'manual', id, { overwrite: false, access: false });
    assert.deepEqual(created.pinned.flatMap((item) => item.cautions.filter((caution) => caution.code === 'treeParentUnchecked')), []);
  });

  it('when the chosen page cannot be read, a file that could name it says that it was not checked, and why', async () => {
    const { id } = await handbook();
    const planned = planTree(sources({ 'manual/home.md': '---\nwiki:\n  spaceId: DOCS\n  parentId: "123456"\n  pageTitle: Handbook\n---\nText.\n' }), {
      rootPath: 'manual', spaceId: 'DOCS', parentId: id, overwrite: true, identity: new MemoryIdentity(), links: new Map(), pageAccess: true,
    });
    // A page routes client whose token the wiki refuses: the parent page lookup fails.
    const refused = createWikiPagesClient({ baseUrl: signedIn.world.sandbox.baseUrl, transport: signedIn.transport, getAccessToken: async () => 'not-a-token' });
    await checkTreeOnWiki(planned, refused, { spaceId: 'DOCS', parentId: id, recorded: false });
    const [item] = planned.pinned;
    assert.equal(item?.state, 'send');
    assert.match(item?.cautions.find((caution) => caution.code === 'treeParentUnchecked')?.message ?? '', new RegExp(`^Whether its front matter names the tree's parent page ${id} by that page's title and parent could not be checked: .+\\. A tree publish never rewrites`));
  });

  it('a file that names its own page is refused when the folder\'s manifest (with no parent of its own) records the chosen page for it', async () => {
    const { id, before } = await handbook();
    const identity = new MemoryIdentity();
    identity.map.set('home.md', { id, title: 'Handbook' });
    const files = { 'manual/intro.md': '# Introduction\n', 'manual/home.md': '---\nwiki:\n  spaceId: DOCS\n  parentId: "123456"\n  pageTitle: Handbook notes\n---\nText.\n' };
    const planned = await plan(files, 'manual', id, { overwrite: true, access: true, identity });
    assert.deepEqual(refusalsOf(planned, 'manual/home.md'), [`Not sent: the folder's .wiki-pages.json records page ${id}, the tree's parent page, for "home.md", but the parent page is never a page of the tree: ` +
      'the folder\'s files and subfolders become its children. Remove that entry (the next publish finds or creates the page and records it), or choose another parent page.']);
    await run(planned, identity, true);
    assert.equal(handbookNow(id), before);
  });
});
