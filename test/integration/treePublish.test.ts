// A docs folder published as a page tree against the sandbox wiki (issue 14): folder pages from index/README or
// generated, parents before children, links between files rewritten to page addresses with the wiki's anchors in
// two passes, identity recorded as pages land, a re-run after a crash finding its pages, and refusals before sending.
import assert from 'node:assert/strict';
import { proveOwnPage } from '../../src/core/run/ownPageProof';
import { isRepositoryLink, type PageLink } from '../../src/core/links/pageLink';
import { wikiHeadingAnchor } from '../../src/core/links/rewrite';
import { pageAddress } from '../../src/core/publish/pageAddress';
import type { PlanItem, SourceFile } from '../../src/core/run/plan';
import { ThrottleGate } from '../../src/core/run/runner';
import { sendPlanned } from '../../src/core/run/send';
import { checkTitlesInSpace } from '../../src/core/tree/titlesInSpace';
import { checkTreeOnWiki } from '../../src/core/tree/treeParent';
import { createWikiPagesClient, type WikiPagesClient } from '../../src/core/wikiPages/client';
import { planTree } from '../../src/core/tree/treePlan';
import { guardTreeAsPlanned } from '../../src/core/tree/treePlanGuard';
import { sendKind } from '../../src/core/run/plan';
import { landedLink } from '../../src/core/run/publishedLink';
import { runTree, treeLandedLink, type TreeFileResult, type TreeRunResult } from '../../src/core/tree/treeRun';
import type { SiblingOrder } from '../../src/core/tree/treePlanTypes';
import { MemoryIdentity } from '../support/memoryIdentity';
import { pageOnWiki as madeOnWiki, useSignedInWorld } from '../support/signedInWorld';
import { childrenOnWiki } from '../support/wikiChildren';
import { until } from '../support/until';
import { apartFromNotice } from '../sandbox/sandboxWiki';

const FILES: Record<string, string> = {
  'docs/index.md': '# Overview\n\nStart with [setup](guide/setup.md).\n',
  'docs/guide/README.md': '# Guide\n\nThe guide.\n',
  'docs/guide/setup.md': '# Setup\n\nFirst [install](./install.md), then read [auth](../reference/api.md#authentication).\nSee also [the license](../LICENSE) and [elsewhere](../../outside.md).\n',
  'docs/guide/install.md': '# Install\n\nRun it.\n',
  'docs/reference/api.md': '# API\n\n## Authentication\n\nUse a token.\n',
  'docs/getting-started/first-steps.md': '# First steps\n\nGo.\n',
};

/** What a front end keeps of a tree run on this machine: each landed page's link, by file key. */
function rememberIn(remembered: Map<string, PageLink | undefined>): (run: TreeRunResult) => void {
  return (run) => {
    for (const result of run.results) {
      const link = treeLandedLink(result, Date.now());
      if (link) remembered.set(result.item.file.key, link);
    }
  };
}

describe('a docs folder as a page tree, against the sandbox wiki', () => {
  const signedIn = useSignedInWorld();
  const pageOnWiki = (spaceId: string, parentId: string, pageTitle: string) => madeOnWiki(signedIn, spaceId, parentId, pageTitle);
  const sources = (files: Record<string, string>): SourceFile[] => Object.entries(files).map(([label, text]) => ({ key: `/repo/${label}`, label, text }));

  async function publishTree(
    files: Record<string, string>, identity: MemoryIdentity, links = new Map<string, PageLink | undefined>(), access = true,
    onStart?: (item: PlanItem, started: number, total: number) => void, fails?: (item: PlanItem) => boolean, overwriteEdited = false, signal?: AbortSignal,
    readWikiFirst = false, siblingOrder?: SiblingOrder,
  ): Promise<{ plan: ReturnType<typeof planTree>; run: TreeRunResult }> {
    const plan = planTree(sources(files), { rootPath: 'docs', spaceId: 'DOCS', parentId: '123456', overwrite: false, identity, links, pageAccess: access, ...(siblingOrder ? { siblingOrder } : {}) });
    const token = signedIn.apiToken;
    const pages = access ? signedIn.pages : undefined;
    // As the front ends plan it: the wiki's view of the plan (the parent, titles held in the space) before it is run.
    if (readWikiFirst && pages) await checkTreeOnWiki(plan, pages, { spaceId: 'DOCS', parentId: '123456', recorded: identity.entries().length > 0 });
    const run = await runTree({
      plan, pages, identity, gate: new ThrottleGate(), concurrency: 4, ...(signal ? { signal } : {}),
      addressOf: (pageId, title) => pageAddress(signedIn.world.sandbox.baseUrl, 'DOCS', pageId, title),
      addressInSpace: async (spaceId) => (pageId, title) => pageAddress(signedIn.world.sandbox.baseUrl, spaceId, pageId, title),
      guard: { noAccessReason: 'no page access', overwriteEdited },
      send: (item, target, context) => fails?.(item)
        ? Promise.resolve({ kind: 'unexpected', severity: 'error', status: 500, message: 'refused by the test', actions: [], attempts: 1, mayHaveLanded: false })
        : sendPlanned(item, target, context, {
        endpoint: new URL(signedIn.world.sandbox.importEndpoint), token, transport: signedIn.transport, deadlineMs: 10_000,
        hooks: { sleep: async () => undefined },
      }),
      ...(pages ? { proveOwnPage: (item, target, signal) => proveOwnPage(pages, item, target, signal) } : {}),
      ...(onStart ? { onStart } : {}),
    });
    return { plan, run };
  }

  /** A first publish of `files`, whose landed pages this machine remembers as a front end keeps them. */
  async function publishedAndRemembered(files: Record<string, string>): Promise<{ identity: MemoryIdentity; remembered: Map<string, PageLink | undefined>; remember: (run: TreeRunResult) => void }> {
    const identity = new MemoryIdentity();
    const remembered = new Map<string, PageLink | undefined>();
    const remember = rememberIn(remembered);
    remember((await publishTree(files, identity, remembered)).run);
    return { identity, remembered, remember };
  }

  const page = (title: string) => {
    const found = signedIn.world.sandbox.pages().find((candidate) => candidate.title === title && !candidate.deleted);
    assert.ok(found, `"${title}" is on the wiki`);
    return found;
  };

  /** FILES published once; then Overview (an existing page) links to a page the next run creates, in a later level. */
  const LINKS_TO_NEW = {
    ...FILES,
    'docs/index.md': '# Overview\n\nStart with [setup](guide/setup.md), then read [the news](news/latest.md).\n',
    'docs/news/latest.md': '# Latest\n\nWhat is new.\n',
  };
  const overviewSends = (run: TreeRunResult) => run.results.filter((result) => result.key === 'index.md').map((result) => [result.pass, result.state]);

  it('an existing page whose links wait for a page this run creates is sent once, after that page, with its links filled in', async () => {
    const { identity, remembered } = await publishedAndRemembered(FILES);
    const before = page('Overview');
    const importsBefore = signedIn.world.sandbox.imports.length;
    const starts: Array<[number, number]> = [];
    const { run } = await publishTree(LINKS_TO_NEW, identity, remembered, true, (_item, started, total) => starts.push([started, total]));
    const overview = page('Overview');
    assert.equal(overview.id, before.id, 'updated in place');
    assert.equal(overview.version, before.version + 1, 'one new version, not one with a dead link and another with it filled in');
    assert.ok(overview.markdown.includes(`[the news](${pageAddress(signedIn.world.sandbox.baseUrl, 'DOCS', page('Latest').id, 'Latest')})`), overview.markdown);
    assert.deepEqual(overviewSends(run), [[1, 'published']]);
    assert.deepEqual(run.results.find((result) => result.key === 'index.md')?.linkCautions, []);
    // Only the new generated folder page (its list of children) goes again; the second pass counts it alone.
    assert.deepEqual(run.results.filter((result) => result.pass === 2).map((result) => [result.key, result.state]), [['news/', 'published']]);
    assert.equal(run.secondPass, 1);
    assert.equal(run.summary.published, 3, 'Overview, the News folder page and Latest, each once');
    const sent = signedIn.world.sandbox.imports.length - importsBefore;
    assert.deepEqual(starts.map(([started]) => started), Array.from({ length: sent }, (_, index) => index + 1), 'one start per send');
    assert.equal(starts.at(-1)?.[1], sent, 'the total ends as what was sent');
    assert.ok(starts.every(([started, total]) => started <= total));
  });

  it('an existing page waiting for a new page that fails goes once, its link as written with its caution; the run in which that page lands fills it in', async () => {
    const { identity, remembered, remember } = await publishedAndRemembered(FILES);
    const before = page('Overview');
    const failLatest = (item: PlanItem): boolean => item.file.label === 'docs/news/latest.md';
    const { run } = await publishTree(LINKS_TO_NEW, identity, remembered, true, undefined, failLatest);
    remember(run);
    assert.equal(run.results.find((result) => result.key === 'news/latest.md')?.state, 'failed');
    assert.equal(page('Overview').version, before.version + 1);
    assert.match(page('Overview').markdown, /then read \[the news\]\(news\/latest\.md\)/);
    assert.deepEqual(overviewSends(run), [[1, 'published']]);
    const overview = run.results.find((result) => result.key === 'index.md') as TreeFileResult;
    assert.deepEqual(overview.linkCautions, [{ target: 'news/latest.md', reason: 'noPageYet' }]);
    assert.ok(run.linksLeft.some((left) => left.item.file.label === 'docs/index.md' && left.waitsFor.join() === 'docs/news/latest.md'), JSON.stringify(run.linksLeft.map((left) => [left.item.file.label, left.waitsFor])));
    // The page it waits for fails again: sending Overview again would only repeat what it holds (a new version each run).
    const { run: failedAgain } = await publishTree(LINKS_TO_NEW, identity, remembered, true, undefined, failLatest);
    remember(failedAgain);
    assert.deepEqual(overviewSends(failedAgain), [[1, 'skipped']]);
    assert.equal(page('Overview').version, before.version + 1);
    // The run in which it lands sends Overview once more, after it, with the link filled in.
    const { run: again } = await publishTree(LINKS_TO_NEW, identity, remembered);
    assert.equal(again.results.find((result) => result.key === 'news/latest.md')?.state, 'published');
    assert.deepEqual(overviewSends(again), [[1, 'published']]);
    assert.equal(page('Overview').version, before.version + 2);
    assert.ok(page('Overview').markdown.includes(`/pages/${page('Latest').id}/Latest)`), page('Overview').markdown);
  });

  it('an existing page waiting for a new page that a colleague edited on the wiki is held back at its level, not deferred, and never sent', async () => {
    const { identity, remembered } = await publishedAndRemembered(FILES);
    const overview = page('Overview');
    signedIn.world.sandbox.editPageOnWiki(overview.id, `${overview.markdown}\nA colleague's line.\n`);
    const edited = page('Overview').version;
    const { run } = await publishTree(LINKS_TO_NEW, identity, remembered);
    assert.deepEqual(overviewSends(run), [[1, 'edited']]);
    assert.equal(page('Overview').version, edited, 'the colleague\'s edit stays');
    assert.equal(run.results.find((result) => result.key === 'news/latest.md')?.state, 'published');
  });

  it('an existing page waiting for a new page, stopped before it goes, is not started and goes in the next run', async () => {
    const { identity, remembered, remember } = await publishedAndRemembered(FILES);
    const before = page('Overview');
    const stop = new AbortController();
    const { run } = await publishTree(LINKS_TO_NEW, identity, remembered, true, (item) => {
      if (item.file.label === 'docs/news/latest.md') stop.abort();
    }, undefined, false, stop.signal);
    remember(run);
    assert.equal(page('Overview').version, before.version, 'not sent with a dead link before the stop');
    assert.deepEqual(run.results.filter((result) => result.key === 'index.md').map((result) => result.state), ['notStarted']);
    assert.equal(identity.map.get('index.md')?.id, before.id, 'still recorded');
    const { run: again } = await publishTree(LINKS_TO_NEW, identity, remembered);
    assert.deepEqual(overviewSends(again), [[1, 'published']]);
    assert.equal(page('Overview').version, before.version + 1);
    assert.ok(page('Overview').markdown.includes(`/pages/${page('Latest').id}/Latest)`), page('Overview').markdown);
  });

  it('a link that waited for a page which did not land stays as written, says why, and is named after the run', async () => {
    const identity = new MemoryIdentity();
    const { run } = await publishTree({
      'docs/index.md': '# Overview\n\nRead [the setup](guide/setup.md#install) and [the API](reference/api.md).\n',
      'docs/guide/setup.md': '# Setup\n\n## Install\n\nRun it.\n',
      'docs/reference/api.md': '# API\n\nCall it.\n',
    }, identity, new Map(), true, undefined, (item) => item.file.label === 'docs/reference/api.md', false, undefined, false, 'name');
    assert.equal(run.results.find((result) => result.key === 'reference/api.md')?.state, 'failed');
    // The setup link is filled in by the second pass; the one to the page that did not land stays as written.
    assert.match(page('Overview').markdown, /\[the setup\]\(http:\/\/[^)]+\/pages\/\d+\/Setup#Install\) and \[the API\]\(reference\/api\.md\)/);
    const overview = run.results.filter((result) => result.key === 'index.md').at(-1);
    assert.equal(overview?.pass, 2);
    assert.deepEqual(overview?.linkCautions, [{ target: 'reference/api.md', reason: 'noPageYet' }]);
    // Recorded with the pages its links reached (none for the API page): a run in which the API page lands sends it again.
    assert.notEqual(treeLandedLink(overview as TreeFileResult, 0)?.linkTargets, undefined);
    // The generated folder page lists the API page too: its link stays as well.
    assert.deepEqual(run.linksLeft.map((left) => [left.item.file.label, left.waitsFor]).sort(), [['docs/index.md', ['docs/reference/api.md']], ['docs/reference/', ['docs/reference/api.md']]]);
  });

  it('a page whose link names a file no page is known for is recorded as unchanged: the next run leaves it alone', async () => {
    const identity = new MemoryIdentity();
    const files = { 'docs/index.md': '# Overview\n\nRead [the plan](drafts/plan.md) and [the setup](guide/setup.md).\n', 'docs/guide/setup.md': '# Setup\n' };
    // In name order, so that Overview goes before Setup has a page, and again once it has one.
    const { run } = await publishTree(files, identity, undefined, true, undefined, undefined, false, undefined, false, 'name');
    const overview = run.results.filter((result) => result.key === 'index.md');
    assert.deepEqual(overview.map((result) => [result.pass, result.state]), [[1, 'published'], [2, 'published']]);
    assert.deepEqual(overview.at(-1)?.linkCautions, [{ target: 'drafts/plan.md', reason: 'unknownPage' }]);
    const remembered = new Map(run.results.map((result) => [result.item.file.key, treeLandedLink(result, 0)]));
    const version = page('Overview').version;
    const { run: again } = await publishTree(files, identity, remembered);
    assert.deepEqual(overviewSends(again), [[1, 'skipped']]);
    assert.equal(page('Overview').version, version);
  });

  it('creates folder pages before their children, rewrites links to page addresses with anchors, in two passes', async () => {
    const identity = new MemoryIdentity();
    const { plan, run } = await publishTree(FILES, identity);
    // A new page comes after the new pages its links name (Overview names Setup, Setup names Install and API: Overview
    // goes last); else by name.
    assert.deepEqual(plan.pages.map((each) => [each.key, each.node.title, each.node.depth]), [
      ['getting-started/', 'Getting started', 0], ['getting-started/first-steps.md', 'First steps', 1], ['guide/', 'Guide', 0], ['guide/install.md', 'Install', 1],
      ['guide/setup.md', 'Setup', 1], ['reference/', 'Reference', 0], ['reference/api.md', 'API', 1], ['index.md', 'Overview', 0],
    ]);
    assert.ok(run.results.every((result) => result.state === 'published'), JSON.stringify(run.results.map((result) => [result.key, result.state, result.outcome?.message])));
    const listed = await childrenOnWiki(signedIn.world.sandbox.baseUrl, signedIn.accessToken, '123456');
    assert.deepEqual(listed.map((child) => child.title), ['Getting started', 'Guide', 'Reference', 'Overview'], 'the wiki lists them in the plan\'s order');
    assert.equal(page('Overview').parentId, '123456', 'a root index.md is an ordinary child; the chosen page is never rewritten');
    assert.equal(page('Guide').markdown, '# Guide\n\nThe guide.\n', 'the folder page has its README\'s content');
    assert.equal(page('Setup').parentId, page('Guide').id);
    assert.equal(page('First steps').parentId, page('Getting started').id);
    assert.match(page('Getting started').markdown, /First steps/, 'a generated folder page lists its children');

    const setup = page('Setup').markdown;
    const api = page('API');
    const base = `${signedIn.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/`;
    assert.ok(setup.includes(`](${base}${api.id}/API#${wikiHeadingAnchor('API', 'Authentication')})`), setup);
    assert.ok(setup.includes(`](${base}${page('Install').id}/Install)`), setup);
    assert.ok(setup.includes('](../LICENSE)') && setup.includes('](../../outside.md)'), 'links that cannot be pages stay as written');
    const setupResult = run.results.find((result) => result.key === 'guide/setup.md' && result.pass === 1);
    assert.deepEqual(setupResult?.linkCautions.map((caution) => caution.reason).sort(), ['notMarkdown', 'outsideRun']);
    assert.ok(run.secondPass >= 1, 'links to pages created later in the run are filled in by a second pass');
    assert.deepEqual(run.linksLeft, [], 'every page a link waited for landed');
    assert.match(page('Overview').markdown, new RegExp(`pages/${page('Setup').id}/`), 'the root page links to the page created before it for that link');
    assert.deepEqual(run.results.filter((result) => result.pass === 2).map((result) => result.key).sort(), ['getting-started/', 'reference/'], 'only the generated folder pages, which list their children, go twice');
    assert.equal(identity.map.get('guide/')?.id, page('Guide').id, 'folder pages are recorded too');
    assert.equal(identity.map.size, 8);
  });

  it('a link to a folder goes to the folder\'s page, with its slash or without, its anchor mapped to the content file\'s heading', async () => {
    const files = {
      'docs/index.md': '# Overview\n\nRead [the guide](guide/), [where to start](guide/#start-here) and [the reference](reference).\n',
      'docs/guide/README.md': '# Guide\n\n## Start here\n\nGo.\n',
      'docs/guide/setup.md': '# Setup\n\nBack [up](./), to [the top](..), or on to [the reference](../reference/).\n',
      'docs/reference/api.md': '# API\n',
    };
    const { run } = await publishTree(files, new MemoryIdentity());
    assert.ok(run.results.every((result) => result.state === 'published'), JSON.stringify(run.results.map((result) => [result.key, result.state, result.outcome?.message])));
    const base = `${signedIn.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/`;
    const guide = `${base}${page('Guide').id}/Guide`;
    const reference = `${base}${page('Reference').id}/Reference`;
    assert.equal(page('Overview').markdown, `# Overview\n\nRead [the guide](${guide}), [where to start](${guide}#${wikiHeadingAnchor('Guide', 'Start here')}) and [the reference](${reference}).\n`);
    // The published folder itself names its index at the top, as a link to any folder names its content file.
    const overview = `${base}${page('Overview').id}/Overview`;
    assert.equal(page('Setup').markdown, `# Setup\n\nBack [up](${guide}), to [the top](${overview}), or on to [the reference](${reference}).\n`);
    const setup = run.results.filter((result) => result.key === 'guide/setup.md').at(-1);
    assert.deepEqual(setup?.linkCautions, []);
    // The reader's view: the sandbox's page for the address opens the folder page at the heading.
    const view = await fetch(`${guide}#Start-here`);
    assert.equal(view.status, 200);
    assert.match(await view.text(), /id="Start-here"/);
  });

  it('links into folders named with a space or beyond ASCII reach their pages, written percent-encoded or in angle brackets, and reach a repeated heading and one that starts with an emoji', async () => {
    const files = {
      'docs/index.md': [
        '# Overview', '',
        '- [Start](Getting%20Started/setup.md#first-steps)',
        '- [Start as written](<Getting Started/setup.md>)',
        '- [About](über-uns/)',
        '- [About encoded](%C3%BCber-uns/%C3%BCber-uns.md)',
        '- [Second usage](api/ref.md#usage-1)',
        '- [Launch](api/ref.md#-rocket-launch)', '',
      ].join('\n'),
      'docs/Getting Started/setup.md': '# Setup\n\n## First steps\n\nBack [home](../index.md).\n',
      'docs/über-uns/über-uns.md': '# Über uns\n\nWir sind [hier](../index.md).\n',
      'docs/api/ref.md': '# Reference\n\n## Usage\n\nOne.\n\n## Usage\n\nTwo.\n\n## 🚀 Rocket launch\n\nGo.\n',
    };
    const { plan, run } = await publishTree(files, new MemoryIdentity());
    assert.ok(run.results.every((result) => result.state === 'published'), JSON.stringify(run.results.map((result) => [result.key, result.state, result.outcome?.message])));
    assert.deepEqual(plan.pages.map((each) => each.key).sort(), ['Getting Started/', 'Getting Started/setup.md', 'api/', 'api/ref.md', 'index.md', 'über-uns/']);
    assert.equal(plan.pages.find((each) => each.key === 'index.md')?.item.cautions.find((caution) => caution.code === 'localLinks'), undefined, 'every link reaches a page');
    const address = (title: string): string => pageAddress(signedIn.world.sandbox.baseUrl, 'DOCS', page(title).id, title) ?? '';
    assert.equal(page('Overview').markdown, [
      '# Overview', '',
      `- [Start](${address('Setup')}#First-steps)`,
      // In angle brackets as it was written.
      `- [Start as written](<${address('Setup')}>)`,
      `- [About](${address('Über uns')})`,
      `- [About encoded](${address('Über uns')})`,
      `- [Second usage](${address('Reference')}#Usage.1)`,
      `- [Launch](${address('Reference')}#%F0%9F%9A%80-Rocket-launch)`, '',
    ].join('\n'));
    // The reader's view: the page the anchors point into has those headings' ids.
    const view = await (await fetch(address('Reference'))).text();
    assert.match(view, /id="Usage\.1"/);
    assert.match(view, /id="🚀-Rocket-launch"/);
  });

  it('a page\'s links to its own headings go in the wiki\'s anchor form, which its page view has; one to a heading it lacks is named', async () => {
    const files = {
      'docs/index.md': '# Overview\n\nJump to [the details](#the-details-v2) or [nowhere](#nowhere).\n\n## The details (v2)\n\nSee [the guide](guide/#start-here).\n',
      'docs/guide/README.md': '# Guide\n\n[Start](#start-here)\n\n## Start here\n',
    };
    const { plan, run } = await publishTree(files, new MemoryIdentity());
    const cautionOf = (key: string): string | undefined => plan.pages.find((each) => each.key === key)?.item.cautions.find((caution) => caution.code === 'localLinks')?.message;
    assert.equal(cautionOf('index.md'), '1 link stays as written and will not work on the wiki: #nowhere (no such heading on this page).');
    assert.equal(cautionOf('guide/'), undefined);
    assert.ok(run.results.every((result) => result.state === 'published'), JSON.stringify(run.results.map((result) => [result.key, result.state, result.outcome?.message])));
    const overview = page('Overview').markdown;
    assert.ok(overview.startsWith('# Overview\n\nJump to [the details](#The-details-%28v2%29) or [nowhere](#nowhere).'), overview);
    assert.match(page('Guide').markdown, /^\[Start\]\(#Start-here\)$/m);
    const view = await (await fetch(pageAddress(signedIn.world.sandbox.baseUrl, 'DOCS', page('Overview').id, 'Overview') ?? '')).text();
    assert.match(view, /id="The-details-\(v2\)"/, 'the mapped anchor names the heading on the page');
  });

  const childrenOn = (parentId: string): Promise<Array<{ id: string; title: string }>> => childrenOnWiki(signedIn.world.sandbox.baseUrl, signedIn.accessToken, parentId);
  const titlesUnder = async (parentId: string): Promise<string[]> => (await childrenOn(parentId)).map((child) => child.title).sort();

  it('a subfolder without index.md or README.md takes its page from <folder>/<folder>.md, which is no child page of its own', async () => {
    const files = {
      'docs/faq/faq.md': '# Questions\n\nAsk away.\n',
      'docs/faq/billing.md': '# Billing\n\nMonthly.\n',
      'docs/faq/refunds.md': '# Refunds\n\nWithin 30 days.\n',
    };
    const identity = new MemoryIdentity();
    const { run } = await publishTree(files, identity);
    assert.ok(run.results.every((result) => result.state === 'published'), JSON.stringify(run.results.map((result) => [result.key, result.state, result.outcome?.message])));
    const top = await childrenOn('123456');
    assert.deepEqual(top.map((child) => child.title), ['Questions'], 'the folder page has its file\'s title, not "Faq"');
    const folderPage = signedIn.world.sandbox.pages().find((candidate) => candidate.id === top[0]?.id);
    assert.ok(folderPage);
    assert.equal(folderPage.markdown, '# Questions\n\nAsk away.\n', 'the folder page has the file\'s content');
    assert.deepEqual(await titlesUnder(folderPage.id), ['Billing', 'Refunds'], 'the folder\'s other files are its children; faq.md is not one of them');
    assert.equal(signedIn.world.sandbox.pages().filter((candidate) => candidate.title === 'Questions' && !candidate.deleted).length, 1, 'faq.md is no separate page anywhere');
    assert.equal(identity.map.get('faq/')?.id, folderPage.id, 'the folder page is recorded under the folder\'s key');
    assert.equal(identity.map.has('faq/faq.md'), false);
  });

  it('index.md wins over README.md and <folder>/<folder>.md, README.md over <folder>/<folder>.md; the losers are ordinary children', async () => {
    const files = {
      'docs/guide/index.md': '# Guide home\n\nFrom index.\n',
      'docs/guide/README.md': '# Guide readme\n\nFrom README.\n',
      'docs/guide/guide.md': '# Guide named\n\nFrom guide.md.\n',
      'docs/guide/setup.md': '# Setup\n\nRun it.\n',
      'docs/api/README.md': '# API readme\n\nFrom README.\n',
      'docs/api/api.md': '# API named\n\nFrom api.md.\n',
    };
    const before = signedIn.world.sandbox.pages().length;
    const { run } = await publishTree(files, new MemoryIdentity());
    assert.ok(run.results.every((result) => result.state === 'published'), JSON.stringify(run.results.map((result) => [result.key, result.state, result.outcome?.message])));
    assert.deepEqual(await titlesUnder('123456'), ['API readme', 'Guide home']);
    assert.equal(page('Guide home').markdown, '# Guide home\n\nFrom index.\n');
    assert.deepEqual(await titlesUnder(page('Guide home').id), ['Guide named', 'Guide readme', 'Setup']);
    assert.equal(page('API readme').markdown, '# API readme\n\nFrom README.\n');
    assert.deepEqual(await titlesUnder(page('API readme').id), ['API named']);
    assert.equal(signedIn.world.sandbox.pages().length - before, 6, 'two folder pages and four children: no content file is a page twice');
  });

  it('a file whose front matter names only its page\'s title stays a page of the tree, under its folder\'s page, with that title', async () => {
    const titled = { ...FILES, 'docs/guide/install.md': '---\nwiki:\n  pageTitle: Installing it\n---\n# Install\n\nRun it.\n' };
    const { plan, run } = await publishTree(titled, new MemoryIdentity());
    assert.deepEqual(plan.pinned, []);
    assert.equal(plan.pages.find((each) => each.key === 'guide/install.md')?.node.title, 'Installing it');
    assert.ok(run.results.every((result) => result.state === 'published'), JSON.stringify(run.results.map((result) => [result.key, result.state, result.outcome?.message])));
    assert.equal(page('Installing it').parentId, page('Guide').id, 'under its folder\'s page, not the chosen page');
    // Setup's link to install.md reaches the page by its new title.
    assert.match(page('Setup').markdown, new RegExp(`pages/${page('Installing it').id}/`));
  });

  it('a file whose front matter names its page publishes there, through the edit guard, as part of the tree run', async () => {
    const pinned = { ...FILES, 'docs/notes.md': '---\nwiki:\n  spaceId: DOCS\n  parentId: "123456"\n  pageTitle: Release notes\n---\nFirst.\n' };
    const identity = new MemoryIdentity();
    const first = await publishTree(pinned, identity);
    assert.equal(first.plan.pinned.length, 1);
    assert.equal(first.run.results.find((result) => result.key === 'docs/notes.md')?.state, 'published');
    assert.equal(page('Release notes').parentId, '123456');
    assert.equal(identity.map.get('notes.md')?.id, page('Release notes').id, 'the repository records the page it named');

    // A teammate's clone (the repository's record, no memory of this machine) updates that page, and it is no orphan.
    const clone = await publishTree({ ...pinned, 'docs/notes.md': `${pinned['docs/notes.md']}From the clone.\n` }, identity);
    assert.deepEqual(clone.plan.moves.orphans, []);
    const cloned = clone.run.results.find((result) => result.key === 'docs/notes.md');
    assert.equal(cloned?.state, 'published', cloned?.outcome?.message);
    assert.equal(cloned?.outcome?.kind, 'updated', 'not "already exists"');
    assert.match(page('Release notes').markdown, /From the clone\./);
    // A recorded file whose front matter breaks is refused, not gone: its page is no orphan either.
    const broken = planTree(sources({ ...pinned, 'docs/guide/install.md': '---\nwiki: [\n---\n# Install\n' }), {
      rootPath: 'docs', spaceId: 'DOCS', parentId: '123456', overwrite: false, identity, links: new Map(), pageAccess: true,
    });
    assert.deepEqual(broken.refused.map((item) => item.file.label), ['docs/guide/install.md']);
    assert.deepEqual(broken.moves.orphans, []);
    const notesLink = landedLink(first.run.results.find((result) => result.key === 'docs/notes.md') as TreeFileResult, Date.now());
    signedIn.world.sandbox.editPageOnWiki(page('Release notes').id, 'A colleague.\n');
    const again = await publishTree({ ...pinned, 'docs/notes.md': `${pinned['docs/notes.md']}Second.\n` }, identity, new Map([['/repo/docs/notes.md', notesLink]]));
    assert.equal(again.run.results.find((result) => result.key === 'docs/notes.md')?.state, 'edited', 'held back like any other page');
    // The clone, too: a version it cannot explain is never overwritten silently.
    const cloneAgain = await publishTree({ ...pinned, 'docs/notes.md': `${pinned['docs/notes.md']}Third.\n` }, identity);
    assert.equal(cloneAgain.run.results.find((result) => result.key === 'docs/notes.md')?.state, 'edited');
  });

  it('a file that names its own page links like a tree page: its links reach the tree\'s pages, and the tree\'s links reach it', async () => {
    const files = {
      ...FILES,
      'docs/index.md': '# Overview\n\nStart with [setup](guide/setup.md), then read [the changes](guide/notes.md#changes).\n',
      'docs/guide/notes.md': '---\nwiki:\n  spaceId: DOCS\n  parentId: "123456"\n  pageTitle: Release notes\n---\n# Release notes\n\n## Changes\n\n'
        + 'See [install](install.md), [the API](../reference/api.md#authentication) and [a draft](draft.md).\n',
    };
    const identity = new MemoryIdentity();
    const { plan, run } = await publishTree(files, identity);
    // The plan says which of its links cannot reach a page, and takes the tree's link to it as one to a page of the run.
    const planned = (label: string) => [...plan.pinned, ...plan.pages.map((each) => each.item)].find((item) => item.file.label === label);
    const notesCautions = JSON.stringify(planned('docs/guide/notes.md')?.cautions);
    assert.ok(notesCautions.includes('draft.md') && !notesCautions.includes('install.md') && !notesCautions.includes('api.md'), notesCautions);
    assert.ok(!JSON.stringify(planned('docs/index.md')?.cautions).includes('notes.md'), JSON.stringify(planned('docs/index.md')?.cautions));
    assert.ok(run.results.every((result) => result.state === 'published'), JSON.stringify(run.results.map((result) => [result.key, result.state, result.outcome?.message])));

    const base = `${signedIn.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/`;
    const notes = page('Release notes');
    assert.equal(notes.parentId, '123456', 'where its front matter says');
    assert.ok(notes.markdown.includes(`](${base}${page('Install').id}/Install)`), notes.markdown);
    assert.ok(notes.markdown.includes(`](${base}${page('API').id}/API#${wikiHeadingAnchor('API', 'Authentication')})`), notes.markdown);
    assert.ok(notes.markdown.includes('](draft.md)'), 'a link to no file stays as written');
    const notesResult = run.results.find((result) => result.key === 'docs/guide/notes.md');
    assert.deepEqual(notesResult?.linkCautions, [{ target: 'draft.md', reason: 'unknownPage' }]);
    // The Overview went out before the notes had a page: the second pass fills its link in, anchor included.
    const overview = page('Overview').markdown;
    assert.ok(overview.includes(`](${base}${notes.id}/Release+notes#${wikiHeadingAnchor('Release notes', 'Changes')})`), overview);
    assert.equal(run.results.filter((result) => result.key === 'index.md').at(-1)?.pass, 2);
    assert.deepEqual(run.linksLeft, []);
  });

  it('a generated folder page links to a generated subfolder\'s page, filled in by the second pass', async () => {
    const identity = new MemoryIdentity();
    const { run } = await publishTree({ 'docs/area/sub/deep.md': '# Deep\n\nText.\n', 'docs/area/top.md': '# Top\n\nText.\n' }, identity);
    assert.ok(run.results.every((result) => result.state === 'published'), JSON.stringify(run.results.map((result) => [result.key, result.state, result.outcome?.message])));
    const base = `${signedIn.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/`;
    assert.equal(page('Area').markdown, `- [Top](${base}${page('Top').id}/Top)\n- [Sub](${base}${page('Sub').id}/Sub)\n`);
    assert.equal(page('Sub').markdown, `- [Deep](${base}${page('Deep').id}/Deep)\n`);
    assert.deepEqual(run.linksLeft, []);
  });

  it('a generated folder page links children whose names hold "#", "?", "%" or a backslash to their pages, with no caution', async () => {
    const identity = new MemoryIdentity();
    const files = {
      'docs/odd/#notes.md': '# Notes\n\nText.\n', 'docs/odd/why?.md': '# Why\n\nText.\n', 'docs/odd/a%20b.md': '# Percent\n\nText.\n',
      'docs/odd/back\\_slash.md': '# Backslash\n\nText.\n',
    };
    const { plan, run } = await publishTree(files, identity);
    assert.deepEqual(plan.pages.find((each) => each.key === 'odd/')?.item.cautions, [], 'the plan foresees every link of the list reaching its page');
    assert.ok(run.results.every((result) => result.state === 'published'), JSON.stringify(run.results.map((result) => [result.key, result.state, result.outcome?.message])));
    const base = `${signedIn.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/`;
    // In path order: #notes.md, a%20b.md, back\\_slash.md, why?.md.
    assert.equal(page('Odd').markdown, ['Notes', 'Percent', 'Backslash', 'Why'].map((title) => `- [${title}](${base}${page(title).id}/${title})\n`).join(''));
    assert.deepEqual(run.linksLeft, []);
  });

  it('a second pass interrupted while its sends are out counts none of them as sent again; the pages the first pass created count as published', async () => {
    const { sandbox } = signedIn.world;
    // A and C link forward to D, a later sibling: in name order the run creates the siblings in that order, so both go
    // before D has an ID, and again after.
    const files = { 'docs/a.md': '# A\n\nSee [D](d.md).\n', 'docs/b.md': '# B\n', 'docs/c.md': '# C\n\nAlso [D](d.md).\n', 'docs/d.md': '# D\n' };
    const interrupt = new AbortController();
    // The wiki holds each request a while, and carries it out after its client went away.
    sandbox.injectFaults({ latencyMs: 300 });
    try {
      // Pass 1 creates A, B, C and D; A and C go again once D's page is known: interrupted while those sends are out.
      const before = sandbox.imports.length;
      const running = publishTree(files, new MemoryIdentity(), undefined, true, undefined, undefined, false, interrupt.signal, false, 'name');
      await until(() => sandbox.imports.length === before + 4 && sandbox.importsInFlight === 2, running);
      interrupt.abort();
      const { run } = await running;
      const resent = run.results.filter((result) => result.pass === 2).map((result) => [result.key, result.state]).sort();
      assert.deepEqual(resent, [['a.md', 'cancelled'], ['c.md', 'cancelled']], 'A and C went again and were interrupted while out');
      assert.equal(run.secondPass, 0, 'no second send is known to have reached its page');
      assert.equal(run.summary.published, 4);
    } finally {
      sandbox.clearFaults();
    }
  });

  it('a re-run finds the same pages: recorded ones are updated, an unrecorded one of its own is adopted, not "already exists"', async () => {
    const identity = new MemoryIdentity();
    await publishTree(FILES, identity);
    const before = signedIn.world.sandbox.pages().length;
    // A crash lost the record of one page. Its file holds what its page does: taken, whatever repository this is (a
    // changed text, the repository unknown, is taken only where its record names the parent: cliSamePathUnknownRepository).
    identity.map.delete('guide/install.md');
    const changed = { ...FILES, 'docs/reference/api.md': '# API\n\n## Authentication\n\nUse a token twice.\n' };
    const { run } = await publishTree(changed, identity);
    assert.ok(run.results.every((result) => result.state === 'published' || result.state === 'skipped'), JSON.stringify(run.results.map((result) => [result.key, result.state, result.outcome?.message])));
    assert.equal(signedIn.world.sandbox.pages().length, before, 'no duplicate pages');
    assert.equal(page('Install').markdown, '# Install\n\nRun it.\n');
    assert.match(page('API').markdown, /Use a token twice\./);
    assert.equal(identity.map.get('guide/install.md')?.id, page('Install').id, 'recorded again');
  });

  it('a teammate\'s clone (the repository\'s IDs, no local links) updates pages the tool wrote, whoever ran it, and holds back one a colleague edited', async () => {
    const identity = new MemoryIdentity();
    await publishTree(FILES, identity);
    // The colleague edits the text; the notice below it stays, as an editor leaves it.
    const published = page('Install');
    signedIn.world.sandbox.editPageOnWiki(published.id, published.imported.replace(published.markdown, '# Install\n\nA colleague\'s fix.\n'));
    const changed = Object.fromEntries(Object.entries(FILES).map(([path, text]) => [path, `${text}\nRevised.\n`]));
    const { plan, run } = await publishTree(changed, identity);
    assert.ok(plan.pages.every((each) => isRepositoryLink(each.item.link)), 'no local links: every page is known only from the repository');
    const install = run.results.find((result) => result.key === 'guide/install.md');
    assert.equal(install?.state, 'edited', 'an edit is not replaced silently');
    // The page's notice names the version the tool last sent: the colleague's is an edit since, said as such.
    assert.ok(install?.item.guard?.kind === 'edited' && install.item.guard.noNotice === undefined && install.item.guard.knownVersion === 1, JSON.stringify(install?.item.guard));
    assert.match(page('Install').markdown, /A colleague's fix/);
    assert.equal(run.results.find((result) => result.key === 'guide/setup.md' && result.pass === 1)?.state, 'published', 'its own last version is explained');
  });

  it('a teammate\'s clone holds back a page whose notice a colleague\'s edit took off as that edit, from its history: in the confirmation and the run', async () => {
    const identity = new MemoryIdentity();
    await publishTree(FILES, identity);
    const published = page('Install');
    assert.equal(published.version, 1);
    // The colleague rewrites the page, and the notice goes with their edit: version 2, no notice.
    const edited = signedIn.world.sandbox.editPageOnWiki(published.id, '# Install\n\nA colleague\'s rewrite.\n');
    assert.doesNotMatch(page('Install').imported, /wiki-publisher:/);
    const changed = { ...FILES, 'docs/guide/install.md': '# Install\n\nRun it twice.\n' };
    // The editor's confirmation: the plan guarded as planned, with no link on this machine (the repository's IDs only).
    const planned = planTree(sources(changed), { rootPath: 'docs', spaceId: 'DOCS', parentId: '123456', overwrite: false, identity, links: new Map(), pageAccess: true });
    await guardTreeAsPlanned(planned, { pages: signedIn.pages, noAccessReason: 'no page access', lookUpCreates: true });
    const confirmed = planned.pages.find((each) => each.key === 'guide/install.md')?.item;
    assert.equal(confirmed?.state, 'edited');
    // Not "No publish notice": the history shows this file published version 1 and someone else made version 2.
    const verdict = confirmed?.guard;
    assert.ok(verdict?.kind === 'edited' && verdict.noNotice === undefined && verdict.knownVersion === 1 && verdict.page.version === 2 && verdict.page.versionAuthorId === edited.authorId, JSON.stringify(verdict));

    const imports = signedIn.world.sandbox.imports.length;
    const { run } = await publishTree(changed, identity);
    const install = run.results.find((result) => result.key === 'guide/install.md');
    assert.equal(install?.state, 'edited');
    assert.ok(install?.item.guard?.kind === 'edited' && install.item.guard.noNotice === undefined && install.item.guard.knownVersion === 1, JSON.stringify(install?.item.guard));
    assert.equal(run.summary.noNotice, undefined, 'not counted as a page nothing can tell of');
    assert.ok(signedIn.world.sandbox.imports.slice(imports).every((request) => (request.body as { pageTitle?: string }).pageTitle !== 'Install'), 'the edited page is not sent');
    assert.match(page('Install').markdown, /A colleague's rewrite\./);
  });

  it('a re-run leaves unchanged pages and generated folder pages alone, and sends again a page whose link waited for a page that did not land', async () => {
    const identity = new MemoryIdentity();
    // What a front end remembers after a run: each landed page's link, generated folder pages included.
    const remembered = new Map<string, PageLink | undefined>();
    const remember = rememberIn(remembered);
    const conflicted = '# Setup\n\n<<<<<<< HEAD\nOne way.\n=======\nAnother way.\n>>>>>>> theirs\n';
    const files = {
      'docs/index.md': '# Overview\n\nStart with [setup](guide/setup.md).\n',
      'docs/guide/setup.md': conflicted,
      'docs/guide/install.md': '# Install\n\nRun it.\n',
    };
    const first = await publishTree(files, identity, remembered);
    remember(first.run);
    assert.equal(first.run.results.find((result) => result.key === 'guide/setup.md')?.state, 'refused', 'left mid-merge');
    const overview = first.run.results.find((result) => result.key === 'index.md');
    assert.equal(overview?.state, 'published');
    assert.equal(overview?.linksToFillIn, true, 'its link to Setup stayed as written');
    assert.ok(remembered.has('tree:docs/guide/'), 'the generated folder page is remembered under its own key');

    // The conflict is resolved; nothing else changed. The page that linked to Setup goes again and now reaches it.
    const second = await publishTree({ ...files, 'docs/guide/setup.md': '# Setup\n\nOne way.\n' }, identity, remembered);
    remember(second.run);
    const state = (run: TreeRunResult, key: string): string | undefined => [...run.results].reverse().find((result) => result.key === key)?.state;
    assert.equal(state(second.run, 'index.md'), 'published', 'sent again although its text did not change');
    assert.match(page('Overview').markdown, new RegExp(`pages/${page('Setup').id}/`), 'the link reaches the page that landed');
    assert.equal(state(second.run, 'guide/install.md'), 'skipped', 'an unchanged page is left alone');

    const third = await publishTree({ ...files, 'docs/guide/setup.md': '# Setup\n\nOne way.\n' }, identity, remembered);
    assert.deepEqual(third.run.results.map((result) => [result.key, result.state]).sort(), [
      ['guide/', 'skipped'], ['guide/install.md', 'skipped'], ['guide/setup.md', 'skipped'], ['index.md', 'skipped'],
    ], 'nothing changed: not even the generated folder page is sent');
  });

  it('sends a page again, unchanged, in the same run when a page it links to was created anew under another ID, so its link is not dead', async () => {
    const files = {
      'docs/index.md': '# Overview\n\nStart with [setup](guide/setup.md#install).\n',
      'docs/guide/setup.md': '# Setup\n\n## Install\n\nRun it.\n',
      'docs/guide/other.md': '# Other\n\nNo links here.\n',
    };
    const { identity, remembered, remember } = await publishedAndRemembered(files);
    const oldId = page('Setup').id;
    const quiet = await publishTree(files, identity, remembered);
    assert.ok(quiet.run.results.every((result) => result.state === 'skipped'), 'nothing changed: nothing is sent');

    // Setup is deleted on the wiki; its next publish (its text changed) creates it anew, under another ID.
    signedIn.world.sandbox.deletePage(oldId);
    const changed = { ...files, 'docs/guide/setup.md': '# Setup\n\n## Install\n\nRun it twice.\n' };
    const recreated = await publishTree(changed, identity, remembered);
    const newId = page('Setup').id;
    assert.notEqual(newId, oldId);
    assert.equal(identity.map.get('guide/setup.md')?.id, newId, 'the repository records the new page');
    // Overview's text did not change, but its link to Setup would be dead: it goes in this run, once, after Setup
    // landed, through the edit guard, and reaches the new page. A page that does not link there stays alone.
    const last = (run: TreeRunResult, key: string): TreeFileResult | undefined => [...run.results].reverse().find((result) => result.key === key);
    assert.equal(last(recreated.run, 'index.md')?.state, 'published');
    assert.equal(last(recreated.run, 'guide/other.md')?.state, 'skipped');
    // The generated Guide page lists Setup, so its link is fixed the same way. Each is one result, its send.
    assert.deepEqual(recreated.run.results.filter((result) => result.relinked).map((result) => [result.key, result.state, result.pass]).sort(), [['guide/', 'published', 1], ['index.md', 'published', 1]]);
    assert.deepEqual(recreated.run.results.filter((result) => result.key === 'index.md' || result.key === 'guide/').length, 2);
    assert.equal(recreated.run.secondPass, 0, 'no page went twice');
    assert.match(page('Overview').markdown, new RegExp(`pages/${newId}/Setup#`), 'the link reaches the page as it is now');
    remember(recreated.run);
    const settled = await publishTree(changed, identity, remembered);
    assert.ok(settled.run.results.every((result) => result.state === 'skipped'), 'and then nothing is sent again');
  });

  it('a changed page sent in the first pass before a page it links to was created anew goes again, so its link reaches the new page', async () => {
    const files = {
      'docs/index.md': '# Overview\n\nStart with [setup](guide/setup.md#install).\n',
      'docs/guide/setup.md': '# Setup\n\n## Install\n\nRun it.\n',
    };
    const { identity, remembered } = await publishedAndRemembered(files);
    const oldId = page('Setup').id;
    // Setup is deleted on the wiki; both files change. Overview, a level above, goes out before Setup is created anew.
    signedIn.world.sandbox.deletePage(oldId);
    const changed = { 'docs/index.md': '# Overview\n\nStart with [setup](guide/setup.md#install), today.\n', 'docs/guide/setup.md': '# Setup\n\n## Install\n\nRun it twice.\n' };
    const { run } = await publishTree(changed, identity, remembered);
    const newId = page('Setup').id;
    assert.notEqual(newId, oldId);
    const overview = run.results.filter((result) => result.key === 'index.md').map((result) => [result.pass, result.state]);
    assert.deepEqual(overview, [[1, 'published'], [2, 'published']], 'sent with the old page\'s address, then again with the new one');
    assert.match(page('Overview').markdown, new RegExp(`pages/${newId}/Setup#[^)]*\\), today`), 'the link reaches the page as it is now');
    assert.equal(run.secondPass, 1, 'Overview went twice');
    // The generated Guide page, which lists Setup, goes once, for its link.
    assert.deepEqual(run.results.filter((result) => result.key === 'guide/').map((result) => [result.pass, result.state, result.relinked]), [[1, 'published', true]]);
  });

  it('a file that names its own page goes again, unchanged, when a tree page it links to has another ID: in the run that created it, and on a machine that published before', async () => {
    const files = {
      'docs/guide/setup.md': '# Setup\n\nRun it.\n',
      'docs/notes.md': '---\nwiki:\n  spaceId: DOCS\n  parentId: "123456"\n  pageTitle: Release notes\n---\n# Release notes\n\nSee [setup](guide/setup.md).\n',
    };
    const { identity, remembered, remember } = await publishedAndRemembered(files);
    const oldId = page('Setup').id;
    const teammate = new Map(remembered);
    const quiet = await publishTree(files, identity, remembered);
    assert.ok(quiet.run.results.every((result) => result.state === 'skipped'), JSON.stringify(quiet.run.results.map((result) => [result.key, result.state])));

    // Setup is deleted on the wiki; its next publish (its text changed) creates it anew, under another ID.
    signedIn.world.sandbox.deletePage(oldId);
    const changed = { ...files, 'docs/guide/setup.md': '# Setup\n\nRun it twice.\n' };
    const recreated = await publishTree(changed, identity, remembered);
    const newId = page('Setup').id;
    assert.notEqual(newId, oldId);
    const notes = recreated.run.results.filter((result) => result.key === 'docs/notes.md');
    assert.deepEqual(notes.map((result) => result.state), ['published'], 'sent once, although its text did not change');
    assert.match(page('Release notes').markdown, new RegExp(`pages/${newId}/Setup\\)`), 'its link reaches the page as it is now');
    remember(recreated.run);
    const settled = await publishTree(changed, identity, remembered);
    assert.ok(settled.run.results.every((result) => result.state === 'skipped'), 'and then nothing is sent again');

    // A machine that published before Setup was created anew learns the new ID from the repository: its plan sends the
    // notes again (their link would be dead), not "unchanged".
    const plan = planTree(sources(changed), { rootPath: 'docs', spaceId: 'DOCS', parentId: '123456', overwrite: false, identity, links: teammate, pageAccess: true });
    assert.equal(plan.pinned.find((item) => item.file.label === 'docs/notes.md')?.state, 'send');
    // With its own last publish remembered, the same plan leaves them alone.
    const own = planTree(sources(changed), { rootPath: 'docs', spaceId: 'DOCS', parentId: '123456', overwrite: false, identity, links: remembered, pageAccess: true });
    assert.equal(own.pinned.find((item) => item.file.label === 'docs/notes.md')?.state, 'unchanged');
  });

  it('with no repository record (never committed, or not written), this machine\'s record of each page at its place answers the links: a re-run sends nothing, and a page made anew still takes the pages linking to it along', async () => {
    const files = {
      'docs/index.md': '# Overview\n\nRead [setup](guide/setup.md) and [the API](reference/api.md#tokens).\n',
      'docs/guide/setup.md': '# Setup\n\nSee [the API](../reference/api.md#tokens) and [the notes](../notes.md).\n',
      'docs/reference/api.md': '# API\n\n## Tokens\n\nUse one.\n',
      'docs/notes.md': '---\nwiki:\n  spaceId: DOCS\n  parentId: "123456"\n  pageTitle: Release notes\n---\n# Release notes\n\nSee [setup](guide/setup.md).\n',
    };
    const remembered = new Map<string, PageLink | undefined>();
    const remember = rememberIn(remembered);
    // Each run starts from an empty repository record, as a CI job whose .wiki-pages.json was never committed does.
    remember((await publishTree(files, new MemoryIdentity(), remembered)).run);
    const statesOf = (plan: ReturnType<typeof planTree>): string[][] => [...plan.pages.map((each) => [each.key, each.item.state]), ...plan.pinned.map((item) => [item.file.label, item.state])];
    for (const round of ['second', 'third']) {
      const { plan, run } = await publishTree(files, new MemoryIdentity(), remembered);
      remember(run);
      assert.ok(statesOf(plan).every(([, state]) => state === 'unchanged'), `${round} run plans every page unchanged: ${JSON.stringify(statesOf(plan))}`);
      assert.ok(run.results.every((result) => result.state === 'skipped'), `${round} run sends nothing: ${JSON.stringify(run.results.map((result) => [result.key, result.state]))}`);
    }
    const base = `${signedIn.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/`;
    const oldApi = page('API').id;
    assert.ok(page('Setup').markdown.includes(`](${base}${oldApi}/API#${wikiHeadingAnchor('API', 'Tokens')})`), page('Setup').markdown);
    assert.ok(page('Setup').markdown.includes(`](${base}${page('Release notes').id}/Release+notes)`), page('Setup').markdown);

    // This machine's record of the API page names another page now (a run that made it anew stopped before the pages
    // linking to it went again): the plan sends them, not "unchanged".
    const apiKey = '/repo/docs/reference/api.md';
    const elsewhere = new Map(remembered).set(apiKey, { ...(remembered.get(apiKey) as PageLink), pageId: '999999' });
    const planned = planTree(sources(files), { rootPath: 'docs', spaceId: 'DOCS', parentId: '123456', overwrite: false, identity: new MemoryIdentity(), links: elsewhere, pageAccess: true });
    assert.deepEqual(statesOf(planned).filter(([, state]) => state === 'send').map(([key]) => key).sort(), ['guide/setup.md', 'index.md', 'reference/']);

    // The API page is deleted on the wiki: made anew under another ID, and the unchanged pages that link to it go again
    // in the same run, so no link stays dead.
    signedIn.world.sandbox.deletePage(oldApi);
    const { run } = await publishTree(files, new MemoryIdentity(), remembered);
    remember(run);
    const newApi = page('API').id;
    assert.notEqual(newApi, oldApi);
    const last = (key: string): TreeFileResult | undefined => [...run.results].reverse().find((result) => result.key === key);
    assert.deepEqual(['index.md', 'guide/setup.md', 'reference/'].map((key) => last(key)?.state), ['published', 'published', 'published']);
    assert.equal(last('docs/notes.md')?.state, 'skipped', 'its links do not reach the API page');
    assert.ok(page('Setup').markdown.includes(`](${base}${newApi}/API#`), page('Setup').markdown);
    assert.ok(page('Overview').markdown.includes(`](${base}${newApi}/API#`), page('Overview').markdown);
    const settled = await publishTree(files, new MemoryIdentity(), remembered);
    assert.ok(settled.run.results.every((result) => result.state === 'skipped'), JSON.stringify(settled.run.results.map((result) => [result.key, result.state])));
  });

  it('holds back an unchanged page that links to a page created anew when a colleague edited it on the wiki', async () => {
    const files = {
      'docs/index.md': '# Overview\n\nStart with [setup](guide/setup.md).\n',
      'docs/guide/setup.md': '# Setup\n\nRun it.\n',
    };
    const { identity, remembered } = await publishedAndRemembered(files);
    const overview = page('Overview');
    signedIn.world.sandbox.editPageOnWiki(overview.id, `${overview.markdown}\nA colleague's line.\n`);
    signedIn.world.sandbox.deletePage(page('Setup').id);
    const changed = { ...files, 'docs/guide/setup.md': '# Setup\n\nRun it twice.\n' };
    const recreated = await publishTree(changed, identity, remembered);
    const last = [...recreated.run.results].reverse().find((result) => result.key === 'index.md');
    assert.equal(last?.state, 'edited', 'the colleague\'s edit is not overwritten to fix a link');
    assert.match(page('Overview').markdown, /A colleague's line/);
  });

  it('a page a colleague moved on the wiki is held back, on this machine and on a teammate\'s; chosen, a new page takes its place in the tree and the moved one stays', async () => {
    const identity = new MemoryIdentity();
    const remembered = new Map<string, PageLink | undefined>();
    rememberIn(remembered)((await publishTree(FILES, identity, remembered)).run);
    const install = page('Install');
    const reference = page('Reference');
    signedIn.world.sandbox.movePageOnWiki(install.id, reference.id);
    const changed = { ...FILES, 'docs/guide/install.md': '# Install\n\nRun it twice.\n' };
    const count = signedIn.world.sandbox.pages().length;

    // This machine's links, and a teammate's clone (the repository's IDs only, its own token's last version).
    for (const links of [new Map(remembered), new Map<string, PageLink | undefined>()]) {
      const { run } = await publishTree(changed, identity, links);
      const held = run.results.find((result) => result.key === 'guide/install.md');
      assert.equal(held?.state, 'edited', 'not sent: the import would make a second "Install" under Guide');
      const verdict = held?.item.guard;
      assert.deepEqual(verdict?.kind === 'edited' ? verdict.movedUnder : undefined, { id: reference.id, title: 'Reference' });
    }
    assert.equal(signedIn.world.sandbox.pages().length, count, 'no page made');
    assert.equal(page('Install').markdown, FILES['docs/guide/install.md'], 'the moved page is as it was');

    const { run } = await publishTree(changed, identity, new Map(remembered), true, undefined, undefined, true);
    assert.equal([...run.results].reverse().find((result) => result.key === 'guide/install.md')?.state, 'published');
    const installs = signedIn.world.sandbox.pages().filter((each) => each.title === 'Install');
    const guide = page('Guide');
    assert.deepEqual(installs.map((each) => [each.parentId, each.markdown]).sort(), [[guide.id, '# Install\n\nRun it twice.\n'], [reference.id, FILES['docs/guide/install.md']]].sort());
    const fresh = installs.find((each) => each.parentId === guide.id);
    assert.equal(identity.map.get('guide/install.md')?.id, fresh?.id, 'the repository records the tree\'s new page');
  });

  it('a page whose title changed is a new page: said before sending, created with its new title (the folder page\'s pages below follow it), the old pages listed as left behind', async () => {
    const { identity, remembered } = await publishedAndRemembered(FILES);
    const guide = page('Guide');
    const below = { setup: page('Setup'), install: page('Install') };
    const api = page('API');
    // The folder's README and a file each get another first heading: the service finds a page by its title.
    const changed = { ...FILES, 'docs/guide/README.md': '# Guide Home\n\nThe guide.\n', 'docs/reference/api.md': '# API Reference\n\n## Authentication\n\nUse a token.\n' };
    const planned = planTree(sources(changed), { rootPath: 'docs', spaceId: 'DOCS', parentId: '123456', overwrite: false, identity, links: new Map(remembered), pageAccess: true });
    assert.deepEqual(planned.moves.retitled.map((each) => [each.path, each.pageId, each.title, each.newTitle]), [
      ['docs/guide/', guide.id, 'Guide', 'Guide Home'], ['docs/reference/api.md', api.id, 'API', 'API Reference'],
    ]);
    await guardTreeAsPlanned(planned, { pages: signedIn.pages, noAccessReason: 'no page access' });
    const plannedPage = (key: string) => planned.pages.find((each) => each.key === key);
    for (const key of ['guide/', 'reference/api.md']) {
      const item = plannedPage(key)?.item;
      assert.equal(item?.state, 'send', key);
      assert.equal(item && sendKind(item), 'create', `${key} is a new page, not an update of the recorded one`);
      assert.match(item?.cautions.find((caution) => caution.code === 'leavesPage')?.message ?? '', /^Its title changed from "(Guide|API)" to "\1( Home| Reference)": the wiki finds a page by its title, so this makes a new page, and the page it published before \(page \d+\) stays where it is\.$/);
    }
    // The pages below the retitled folder page go with it, though their text did not change.
    for (const key of ['guide/setup.md', 'guide/install.md']) {
      assert.equal(plannedPage(key)?.item.state, 'send', `${key} follows its folder's new page`);
      assert.ok(plannedPage(key)?.item.cautions.some((caution) => caution.code === 'followsNewPage'), key);
    }

    const { run } = await publishTree(changed, identity, new Map(remembered));
    const pagesNow = signedIn.world.sandbox.pages().filter((each) => !each.deleted);
    const newGuide = pagesNow.find((each) => each.title === 'Guide Home' && each.parentId === '123456');
    const newApi = pagesNow.find((each) => each.title === 'API Reference');
    assert.ok(newGuide && newApi, 'both pages made with their new titles');
    assert.equal(identity.map.get('guide/')?.id, newGuide.id, 'the repository records the new folder page');
    assert.equal(identity.map.get('reference/api.md')?.id, newApi.id);
    for (const old of [below.setup, below.install]) {
      assert.ok(pagesNow.some((each) => each.title === old.title && each.parentId === newGuide.id), `a new "${old.title}" under Guide Home`);
    }
    assert.deepEqual(run.leftBehind.map((left) => [left.path, left.pageId]).sort(), [
      ['docs/guide/', guide.id], ['docs/guide/install.md', below.install.id], ['docs/guide/setup.md', below.setup.id], ['docs/reference/api.md', api.id],
    ].sort());
    // Published again unchanged: nothing is retitled any more, nothing is sent.
    const again = planTree(sources(changed), { rootPath: 'docs', spaceId: 'DOCS', parentId: '123456', overwrite: false, identity, links: new Map(), pageAccess: true });
    assert.deepEqual(again.moves.retitled, []);
  });

  it('a folder page a colleague moved, sent anyway, takes the pages below it along: said before sending, created under the new page even when unchanged, and the pages left behind are listed', async () => {
    const { identity, remembered } = await publishedAndRemembered(FILES);
    const guide = page('Guide');
    const reference = page('Reference');
    const below = { setup: page('Setup'), install: page('Install') };
    signedIn.world.sandbox.movePageOnWiki(guide.id, reference.id);
    // The folder page's text changed here, so it is sent; the pages below it did not change.
    const changed = { ...FILES, 'docs/guide/README.md': '# Guide\n\nThe guide, revised.\n' };
    const plan = (): ReturnType<typeof planTree> =>
      planTree(sources(changed), { rootPath: 'docs', spaceId: 'DOCS', parentId: '123456', overwrite: false, identity, links: new Map(remembered), pageAccess: true });
    const guardOptions = { pages: signedIn.pages, noAccessReason: 'no page access' };

    // Left out (the default): the pages below stay as they are, under the moved page, and nothing is left behind.
    const kept = plan();
    await guardTreeAsPlanned(kept, guardOptions);
    const keptState = (key: string): string | undefined => kept.pages.find((each) => each.key === key)?.item.state;
    assert.deepEqual(['guide/', 'guide/setup.md', 'guide/install.md'].map(keptState), ['edited', 'unchanged', 'unchanged']);
    const count = signedIn.world.sandbox.pages().length;
    const { run: leftOut } = await publishTree(changed, identity, new Map(remembered));
    assert.deepEqual(leftOut.leftBehind, []);
    assert.equal(signedIn.world.sandbox.pages().length, count, 'no page made');

    // Sent anyway: the plan says before sending that the pages below are created anew, though their text is unchanged.
    const chosen = plan();
    await guardTreeAsPlanned(chosen, { ...guardOptions, overwriteEdited: true });
    for (const key of ['guide/setup.md', 'guide/install.md']) {
      const planned = chosen.pages.find((each) => each.key === key);
      assert.equal(planned?.item.state, 'send', `${key} goes with its folder's new page`);
      assert.equal(planned?.item.complete?.overwrite, false, 'create only');
      assert.equal(planned?.parentKnown, false, 'under a page that has no ID before sending');
      assert.match(planned?.item.cautions.find((caution) => caution.code === 'followsNewPage')?.message ?? '',
        new RegExp(`^Its folder's page "Guide" is published as a new page, so this page is created anew under it; the page it published before \\(page ${planned?.pageId ?? ''}\\) stays where it is\\.$`));
    }

    const { run } = await publishTree(changed, identity, new Map(remembered), true, undefined, undefined, true);
    const newGuide = signedIn.world.sandbox.pages().find((each) => each.title === 'Guide' && each.parentId === '123456');
    assert.ok(newGuide && newGuide.id !== guide.id, 'a new Guide in the tree');
    const newGuideId = newGuide.id;
    const belowGuide: Array<[string, { id: string; title: string }]> = [['guide/setup.md', below.setup], ['guide/install.md', below.install]];
    for (const [key, old] of belowGuide) {
      const last = [...run.results].reverse().find((result) => result.key === key);
      assert.equal(last?.state, 'published', key);
      const fresh = signedIn.world.sandbox.pages().find((each) => each.title === old.title && each.parentId === newGuideId);
      assert.ok(fresh, `a new "${old.title}" under the new Guide`);
      assert.equal(identity.map.get(key)?.id, fresh.id, 'the repository records the new page');
      assert.equal(signedIn.world.sandbox.pages().find((each) => each.id === old.id)?.parentId, guide.id, 'the old page stays under the moved Guide');
    }
    assert.deepEqual(run.leftBehind.map((left) => [left.path, left.pageId, left.title]).sort(), [
      ['docs/guide/', guide.id, 'Guide'], ['docs/guide/install.md', below.install.id, 'Install'], ['docs/guide/setup.md', below.setup.id, 'Setup'],
    ].sort());
    // Overview links to setup.md: it goes again to reach the new Setup page.
    assert.match(page('Overview').markdown, new RegExp(`/pages/${identity.map.get('guide/setup.md')?.id ?? 'none'}/`));
  });

  it('the pages made anew with a folder page a colleague moved or deleted are looked for by title in the space before sending, as the front ends plan them', async () => {
    const { identity, remembered } = await publishedAndRemembered(FILES);
    const guide = page('Guide');
    const setup = page('Setup');
    const install = page('Install');
    const gettingStarted = page('Getting started');
    const firstSteps = page('First steps');
    // One folder page moved (its pages below go with it, keeping their titles), another deleted (its page below stays).
    signedIn.world.sandbox.movePageOnWiki(guide.id, page('Reference').id);
    signedIn.world.sandbox.deletePage(gettingStarted.id);
    const changed = { ...FILES, 'docs/guide/README.md': '# Guide\n\nThe guide, revised.\n' };
    const plan = planTree(sources(changed), { rootPath: 'docs', spaceId: 'DOCS', parentId: '123456', overwrite: false, identity, links: new Map(remembered), pageAccess: true });
    // As the CLI's dry run and the editor's confirmation do it: the wiki's view of the plan, then the guard.
    await checkTreeOnWiki(plan, signedIn.pages, { spaceId: 'DOCS', parentId: '123456', recorded: true });
    await guardTreeAsPlanned(plan, { pages: signedIn.pages, noAccessReason: 'no page access', overwriteEdited: true });
    const elsewhere = (key: string): string[] => (plan.pages.find((each) => each.key === key)?.item.cautions ?? []).filter((caution) => caution.code === 'titleInSpace').map((caution) => caution.message);
    const held = (title: string, id: string): RegExp => new RegExp(`^A page titled "${title}" already exists elsewhere in the space \\(page ${id}, http`);
    // The moved folder page holds its title still, and so do the pages that went with it: a wiki that keeps titles
    // unique in a space refuses each create.
    assert.deepEqual(elsewhere('guide/').map((message) => held('Guide', guide.id).test(message)), [true]);
    assert.deepEqual(elsewhere('guide/setup.md').map((message) => held('Setup', setup.id).test(message)), [true]);
    assert.deepEqual(elsewhere('guide/install.md').map((message) => held('Install', install.id).test(message)), [true]);
    // Below the deleted folder page, the page left where it was holds its title too; the deleted page holds none.
    assert.deepEqual(elsewhere('getting-started/'), []);
    assert.deepEqual(elsewhere('getting-started/first-steps.md').map((message) => held('First steps', firstSteps.id).test(message)), [true]);
    // Looked up once each, however often the front end asks.
    await checkTreeOnWiki(plan, signedIn.pages, { spaceId: 'DOCS', parentId: '123456', recorded: true });
    assert.equal(elsewhere('guide/setup.md').length, 1);
  });

  /** signedIn.pages, noting each title looked for in a space ("DOCS Setup"). */
  function countingTitleLookups(): { pages: WikiPagesClient; asked: string[] } {
    const asked: string[] = [];
    const pages: WikiPagesClient = {
      ...signedIn.pages,
      findPagesByTitle: (spaceId, title, signal) => {
        asked.push(`${spaceId} ${title}`);
        return signedIn.pages.findPagesByTitle(spaceId, title, signal);
      },
    };
    return { pages, asked };
  }

  const titleCautionsOf = (item: PlanItem | undefined): string[] => (item?.cautions ?? []).filter((caution) => caution.code === 'titleInSpace').map((caution) => caution.message);
  const heldElsewhere = (title: string, pageId: string): string =>
    `A page titled "${title}" already exists elsewhere in the space (page ${pageId}, ${signedIn.world.sandbox.pageAddress(pageId)}); the wiki has long kept titles unique in a space and may refuse this one.`;
  const PINNED_SETUP = '---\nwiki:\n  spaceId: DOCS\n  parentId: "123456"\n  pageTitle: Setup\n---\nOur setup.\n';

  it('a file that names its own page and would create it is looked for by title in the space it names, once, as the tree\'s new pages are; a wiki that keeps titles unique refuses it', async () => {
    // "Setup" lives under another page of DOCS, "Runbook" under another page of ENG.
    const theirSetup = await pageOnWiki('DOCS', (await pageOnWiki('DOCS', '123456', 'Elsewhere')).id, 'Setup');
    const theirRunbook = await pageOnWiki('ENG', (await pageOnWiki('ENG', '234567', 'Platform')).id, 'Runbook');
    const files = {
      'docs/index.md': '# Overview\n',
      'docs/guide/setup.md': PINNED_SETUP,
      'docs/runbook.md': '---\nwiki:\n  spaceId: ENG\n  parentId: "234567"\n---\n# Runbook\n\nOurs.\n',
      'docs/notes.md': '---\nwiki:\n  spaceId: DOCS\n  parentId: "123456"\n  pageTitle: Release notes\n---\nA title nobody holds.\n',
    };
    const plan = planTree(sources(files), { rootPath: 'docs', spaceId: 'DOCS', parentId: '123456', overwrite: false, identity: new MemoryIdentity(), links: new Map(), pageAccess: true });
    const { pages, asked } = countingTitleLookups();
    // As the CLI's dry run and the editor's confirmation do it: the wiki's view of the plan, then the guard.
    await checkTreeOnWiki(plan, pages, { spaceId: 'DOCS', parentId: '123456', recorded: false });
    await guardTreeAsPlanned(plan, { pages, noAccessReason: 'no page access' });
    const pinned = (label: string): PlanItem | undefined => plan.pinned.find((item) => item.file.label === label);
    assert.deepEqual(titleCautionsOf(pinned('docs/guide/setup.md')), [heldElsewhere('Setup', theirSetup.id)]);
    // Another space than the tree's: looked for there, where its title is to be unique.
    assert.deepEqual(titleCautionsOf(pinned('docs/runbook.md')), [heldElsewhere('Runbook', theirRunbook.id)]);
    assert.deepEqual(titleCautionsOf(pinned('docs/notes.md')), []);
    // Each title once, though the guard asks again; each space by its ID (DOCS is 1001, ENG 1002), its key resolved once.
    assert.deepEqual(asked.sort(), ['1001 Overview', '1001 Release notes', '1001 Setup', '1002 Runbook']);

    // Why it is said: a wiki that keeps titles unique in a space refuses the create when it is sent.
    signedIn.world.sandbox.setUniqueTitlesInSpace(true);
    const { run } = await publishTree(files, new MemoryIdentity(), undefined, true, undefined, undefined, false, undefined, true);
    const setup = run.results.find((result) => result.key === 'docs/guide/setup.md');
    assert.equal(setup?.state, 'failed');
    // The service's words, then the page the plan found holding the title and the fix; no Overwrite, which would only
    // meet the same answer (it updates a page under the file's own parent, and none is there).
    assert.equal(setup?.outcome?.message, `Error: Bad Request - A page titled "Setup" already exists in the space "DOCS". Page ${theirSetup.id} (${signedIn.world.sandbox.pageAddress(theirSetup.id)}), elsewhere in the space, already has the title "Setup", and this wiki keeps titles unique in a space. Choosing Overwrite would not help: it updates only a page under this file's own parent. Give this file another title, or rename or move that page on the wiki, then publish again; nothing was changed.`);
    assert.deepEqual(setup?.outcome?.actions, []);
    assert.equal(run.results.find((result) => result.key === 'docs/notes.md')?.state, 'published');
  });

  it('a file moved to another folder meets its old page\'s title on a wiki that keeps titles unique: the failure names that page and the fix, not Overwrite; a title under the page\'s own parent keeps Overwrite', async () => {
    const { identity, remembered } = await publishedAndRemembered(FILES);
    const oldInstall = page('Install');
    const moved: Record<string, string> = { ...FILES, 'docs/reference/install.md': FILES['docs/guide/install.md'] as string };
    delete moved['docs/guide/install.md'];
    signedIn.world.sandbox.setUniqueTitlesInSpace(true);
    const { plan, run } = await publishTree(moved, identity, remembered, true, undefined, undefined, false, undefined, true);
    assert.deepEqual(plan.moves.moves.map((move) => [move.oldPath, move.path]), [['docs/guide/install.md', 'docs/reference/install.md']]);
    // Said before sending: the page holding the title is the file's own old page, which the move leaves behind.
    const cautions = plan.pages.find((each) => each.key === 'reference/install.md')?.item.cautions.filter((caution) => caution.code === 'titleInSpace') ?? [];
    assert.deepEqual(cautions.map((caution) => caution.message.replace(/127\.0\.0\.1:\d+/, 'SITE')), [
      `Its old page "Install" (page ${oldInstall.id}, http://SITE/wiki/spaces/DOCS/pages/${oldInstall.id}/Install), which stays where it was since the service cannot move pages, holds this title; the wiki has long kept titles unique in a space and may refuse this one. If it does, rename or delete the old page on the wiki and publish again.`,
    ]);
    const install = run.results.find((result) => result.key === 'reference/install.md');
    assert.equal(install?.state, 'failed');
    assert.match(install?.outcome?.message ?? '', new RegExp(`^Error: Bad Request - A page titled "Install" already exists in the space "DOCS"\\. Page ${oldInstall.id} \\(http://127\\.0\\.0\\.1:\\d+/wiki/spaces/DOCS/pages/${oldInstall.id}/Install\\), elsewhere in the space, already has the title "Install".* Choosing Overwrite would not help`));
    assert.deepEqual(install?.outcome?.actions, []);
    assert.equal(page('Install').id, oldInstall.id, 'the old page is untouched');

    // A colleague's page with the title under the chosen parent itself: "already exists" means that page, which
    // Overwrite updates, so the failure keeps the Overwrite it has always had.
    signedIn.world.sandbox.setUniqueTitlesInSpace(false);
    // Made through the import, as this account would; edited on the wiki since, so its latest version is a colleague's.
    signedIn.world.sandbox.editPageOnWiki((await pageOnWiki('DOCS', '123456', 'Notes')).id, 'Their notes.\n');
    const { run: again } = await publishTree({ ...moved, 'docs/notes.md': '# Notes\n\nOurs.\n' }, identity, remembered, true, undefined, undefined, false, undefined, true);
    const notes = again.results.find((result) => result.key === 'notes.md');
    assert.equal(notes?.state, 'failed');
    assert.equal(notes?.outcome?.kind, 'alreadyExists');
    assert.deepEqual(notes?.outcome?.actions, ['overwrite']);
  });

  it('a file that names its own page and updates it is not looked for by title elsewhere; once its page is deleted on the wiki, it is created anew and is', async () => {
    const theirSetup = await pageOnWiki('DOCS', (await pageOnWiki('DOCS', '123456', 'Elsewhere')).id, 'Setup');
    const files = { 'docs/index.md': '# Overview\n', 'docs/guide/setup.md': PINNED_SETUP };
    const { identity, remembered } = await publishedAndRemembered(files);
    const ours = signedIn.world.sandbox.findPageByTitle('DOCS', '123456', 'Setup');
    assert.ok(ours);
    const changed = { ...files, 'docs/guide/setup.md': `${PINNED_SETUP}Changed.\n` };
    const planned = async (links: Map<string, PageLink | undefined>): Promise<{ item: PlanItem | undefined; asked: string[] }> => {
      const plan = planTree(sources(changed), { rootPath: 'docs', spaceId: 'DOCS', parentId: '123456', overwrite: false, identity, links, pageAccess: true });
      const { pages, asked } = countingTitleLookups();
      await checkTreeOnWiki(plan, pages, { spaceId: 'DOCS', parentId: '123456', recorded: true });
      await guardTreeAsPlanned(plan, { pages, noAccessReason: 'no page access' });
      return { item: plan.pinned[0], asked };
    };
    // This machine, and a teammate's clone (the repository's record only): an update of its own page.
    for (const links of [new Map(remembered), new Map<string, PageLink | undefined>()]) {
      const { item, asked } = await planned(links);
      assert.ok(item);
      assert.deepEqual([item.state, sendKind(item)], ['send', 'update'], `${links.size} links`);
      assert.deepEqual(titleCautionsOf(item), [], `${links.size} links`);
      assert.deepEqual(asked, [], `${links.size} links`);
    }
    // Deleted on the wiki: the guard makes its send a create, whose title another page of the space holds.
    signedIn.world.sandbox.deletePage(ours.id);
    const { item, asked } = await planned(new Map(remembered));
    assert.ok(item);
    assert.equal(sendKind(item), 'create');
    assert.deepEqual(titleCautionsOf(item), [heldElsewhere('Setup', theirSetup.id)]);
    assert.deepEqual(asked, ['1001 Setup']);
  });

  it('a page below a folder page made anew whose own page a colleague edited is held back, not created anew without the edit; chosen, it follows', async () => {
    const { identity, remembered, remember } = await publishedAndRemembered(FILES);
    const guide = page('Guide');
    const below = { setup: page('Setup'), install: page('Install') };
    // The folder's page, whose text changed here, is gone from the wiki: the run makes it anew. A colleague edited
    // Install, whose file is unchanged.
    const changed = { ...FILES, 'docs/guide/README.md': '# Guide\n\nThe guide, revised.\n' };
    signedIn.world.sandbox.editPageOnWiki(below.install.id, `${below.install.markdown}\nA colleague's line.\n`);
    signedIn.world.sandbox.deletePage(guide.id);
    const guardOptions = { pages: signedIn.pages, noAccessReason: 'no page access' };
    const planned = planTree(sources(changed), { rootPath: 'docs', spaceId: 'DOCS', parentId: '123456', overwrite: false, identity, links: new Map(remembered), pageAccess: true });
    await guardTreeAsPlanned(planned, guardOptions);
    const plannedPage = (key: string) => planned.pages.find((each) => each.key === key);
    assert.equal(plannedPage('guide/setup.md')?.item.state, 'send', 'Setup goes with its folder\'s new page');
    assert.equal(plannedPage('guide/install.md')?.item.state, 'edited', 'the plan holds Install back');
    const verdict = plannedPage('guide/install.md')?.item.guard;
    assert.equal(verdict?.kind === 'edited' ? verdict.page.id : undefined, below.install.id, 'the verdict names the page the colleague edited');

    const { run } = await publishTree(changed, identity, new Map(remembered));
    const last = (key: string) => [...run.results].reverse().find((result) => result.key === key);
    assert.equal(last('guide/')?.state, 'published');
    assert.equal(last('guide/setup.md')?.state, 'published');
    assert.equal(last('guide/install.md')?.state, 'edited', 'not created anew without the colleague\'s edit');
    const newGuide = page('Guide');
    assert.notEqual(newGuide.id, guide.id);
    assert.equal(signedIn.world.sandbox.pages().filter((each) => each.title === 'Install' && !each.deleted).length, 1, 'no second Install');
    assert.match(page('Install').markdown, /A colleague's line/);
    assert.equal(identity.map.get('guide/install.md')?.id, below.install.id, 'the repository still records the edited page');
    assert.deepEqual(run.leftBehind.map((left) => left.pageId), [below.setup.id], 'only the page a new one replaced is left behind');

    // The folder's new page gone too, and Install sent anyway by the user's choice: it follows, created anew under the
    // folder's newest page, and the page with the colleague's edit is listed as left behind.
    remember(run);
    signedIn.world.sandbox.deletePage(newGuide.id);
    const chosen = await publishTree({ ...changed, 'docs/guide/README.md': '# Guide\n\nThe guide, revised again.\n' }, identity, new Map(remembered), true, undefined, undefined, true);
    assert.equal([...chosen.run.results].reverse().find((result) => result.key === 'guide/install.md')?.state, 'published');
    const newestGuide = page('Guide');
    assert.ok(signedIn.world.sandbox.pages().some((each) => each.title === 'Install' && !each.deleted && each.parentId === newestGuide.id), 'Install under the newest Guide');
    assert.ok(chosen.run.leftBehind.some((left) => left.pageId === below.install.id), 'the edited page is left behind, and said');
  });

  it('a folder page a colleague deleted on the wiki, its file unchanged, is made anew: said in the plan, and the pages below follow it', async () => {
    const { identity, remembered } = await publishedAndRemembered(FILES);
    const guide = page('Guide');
    const below = { setup: page('Setup'), install: page('Install') };
    // The bulk lookups of unchanged pages, counted on their way to the sandbox.
    const bulk: string[][] = [];
    const real = signedIn.pages;
    const counted = { ...real, getPages: (ids: readonly string[], signal?: AbortSignal) => (bulk.push([...ids]), real.getPages(ids, signal)) };
    const guardOptions = { pages: counted, noAccessReason: 'no page access' };
    const plan = (files: Record<string, string>): ReturnType<typeof planTree> =>
      planTree(sources(files), { rootPath: 'docs', spaceId: 'DOCS', parentId: '123456', overwrite: false, identity, links: new Map(remembered), pageAccess: true });

    // Nothing changed, and every page is there: one request looks them all up, and nothing goes.
    const asLeft = plan(FILES);
    await guardTreeAsPlanned(asLeft, guardOptions);
    assert.deepEqual(asLeft.pages.filter((each) => each.item.state !== 'unchanged').map((each) => each.key), []);
    assert.equal(bulk.length, 1, 'one request for the tree\'s unchanged pages');
    assert.deepEqual([...(bulk[0] ?? [])].sort(), asLeft.pages.map((each) => each.pageId).sort());

    // Nothing changed, and Guide is gone: found by that lookup and sent anew, with Setup and Install following it.
    signedIn.world.sandbox.deletePage(guide.id);
    for (const changed of [FILES, { ...FILES, 'docs/guide/install.md': '# Install\n\nRun it twice.\n' }]) {
      const planned = plan(changed);
      await guardTreeAsPlanned(planned, guardOptions);
      const plannedPage = (key: string) => planned.pages.find((each) => each.key === key);
      assert.equal(plannedPage('guide/')?.item.state, 'send', 'the folder page goes, though its file did not change');
      assert.deepEqual(plannedPage('guide/')?.item.guard, { kind: 'deleted', pageId: guide.id });
      assert.equal(plannedPage('guide/')?.item.complete?.overwrite, false, 'created anew, create only');
      for (const key of ['guide/setup.md', 'guide/install.md']) {
        assert.equal(plannedPage(key)?.item.state, 'send', key);
        assert.ok(plannedPage(key)?.item.cautions.some((caution) => caution.code === 'followsNewPage'), `${key} says it goes under the new page`);
      }
      assert.equal(plannedPage('reference/')?.item.state, 'unchanged', 'a folder page that is there is left alone');
    }

    // Install changed: before, the run sent it to the deleted page and failed ("The parent page ... has been deleted").
    const changed = { ...FILES, 'docs/guide/install.md': '# Install\n\nRun it twice.\n' };
    const { run } = await publishTree(changed, identity, new Map(remembered));
    assert.deepEqual(run.results.filter((result) => result.state === 'failed').map((result) => result.key), []);
    const newGuide = page('Guide');
    assert.notEqual(newGuide.id, guide.id);
    assert.equal(newGuide.parentId, '123456');
    for (const [key, old] of [['guide/setup.md', below.setup], ['guide/install.md', below.install]] as const) {
      const fresh = signedIn.world.sandbox.pages().find((each) => each.title === old.title && !each.deleted && each.parentId === newGuide.id);
      assert.ok(fresh, `a new "${old.title}" under the new Guide`);
      assert.equal(identity.map.get(key)?.id, fresh.id, 'the repository records the new page');
      if (key === 'guide/install.md') assert.match(fresh.markdown, /Run it twice/);
    }
    assert.equal(identity.map.get('guide/')?.id, newGuide.id);
    // Overview links to setup.md: it goes again to reach the new Setup page.
    assert.match(page('Overview').markdown, new RegExp(`/pages/${identity.map.get('guide/setup.md')?.id ?? 'none'}/`));
  });

  it('a page a colleague deleted on the wiki, its file unchanged, is published anew on the next run, recorded, and the links to it follow', async () => {
    const { identity, remembered } = await publishedAndRemembered(FILES);
    const api = page('API');
    signedIn.world.sandbox.deletePage(api.id);
    const plan = (): ReturnType<typeof planTree> =>
      planTree(sources(FILES), { rootPath: 'docs', spaceId: 'DOCS', parentId: '123456', overwrite: false, identity, links: new Map(remembered), pageAccess: true });
    const guardOptions = { noAccessReason: 'no page access' };
    const stateOf = (planned: ReturnType<typeof planTree>, key: string) => planned.pages.find((each) => each.key === key)?.item.state;

    // A lookup that fails says nothing of the page: the plan stays as it was.
    const failing = { ...signedIn.pages, getPages: () => Promise.reject(new Error('the wiki is down')) };
    const unknown = plan();
    await guardTreeAsPlanned(unknown, { ...guardOptions, pages: failing });
    assert.equal(stateOf(unknown, 'reference/api.md'), 'unchanged');

    // Without page access nothing is looked up, and nothing is sent.
    const blind = await publishTree(FILES, identity, new Map(remembered), false);
    assert.equal(blind.run.results.filter((result) => result.state === 'published').length, 0);
    assert.equal(signedIn.world.sandbox.pages().filter((each) => each.title === 'API' && !each.deleted).length, 0);

    // With it, the plan says so and the run publishes it anew.
    const seen = plan();
    await guardTreeAsPlanned(seen, { ...guardOptions, pages: signedIn.pages });
    const planned = seen.pages.find((each) => each.key === 'reference/api.md')?.item;
    assert.equal(planned?.state, 'send');
    assert.deepEqual(planned?.guard, { kind: 'deleted', pageId: api.id });
    assert.equal(planned?.complete?.overwrite, false, 'created anew, create only');

    const { run } = await publishTree(FILES, identity, new Map(remembered));
    assert.deepEqual(run.results.filter((result) => result.state === 'failed').map((result) => result.key), []);
    const fresh = page('API');
    assert.notEqual(fresh.id, api.id);
    assert.equal(fresh.parentId, page('Reference').id, 'under its folder\'s page, as before');
    assert.equal(identity.map.get('reference/api.md')?.id, fresh.id, 'the repository records the new page');
    // Setup links to the API page's heading, and the generated Reference page lists it: both go again to reach it.
    assert.match(page('Setup').markdown, new RegExp(`/pages/${fresh.id}/API#Authentication`));
    assert.match(page('Reference').markdown, new RegExp(`/pages/${fresh.id}/`));
    const sent = run.results.filter((result) => result.state === 'published').map((result) => result.key);
    assert.deepEqual([...new Set(sent)].sort(), ['guide/setup.md', 'reference/', 'reference/api.md'], 'nothing else goes');
  });

  it('a file renamed in its folder with its title kept takes its page along: updated, recorded under the new name, never an orphan', async () => {
    const identity = new MemoryIdentity();
    await publishTree(FILES, identity);
    const install = page('Install');
    const count = signedIn.world.sandbox.pages().length;
    const renamed: Record<string, string> = { ...FILES, 'docs/guide/installing.md': `${FILES['docs/guide/install.md'] as string}\nOne more step.\n` };
    delete renamed['docs/guide/install.md'];
    // setup.md links to ./install.md, which is gone: point it at the new name, as the author would.
    renamed['docs/guide/setup.md'] = (FILES['docs/guide/setup.md'] as string).replace('./install.md', './installing.md');

    const { plan, run } = await publishTree(renamed, identity);
    assert.deepEqual(plan.moves.renamed.map((rename) => [rename.oldPath, rename.path, rename.pageId]), [['docs/guide/install.md', 'docs/guide/installing.md', install.id]]);
    assert.deepEqual(plan.moves.orphans, [], 'the page follows the file');
    assert.equal(plan.pages.find((each) => each.key === 'guide/installing.md')?.pageId, install.id, 'planned as an update of the recorded page');
    assert.equal([...run.results].reverse().find((result) => result.key === 'guide/installing.md')?.state, 'published');
    assert.equal(signedIn.world.sandbox.pages().length, count, 'no new page');
    assert.match(page('Install').markdown, /One more step/);
    assert.equal(identity.map.get('guide/installing.md')?.id, install.id);
    assert.equal(identity.map.has('guide/install.md'), false, 'the old name is forgotten');

    const next = planTree(sources(renamed), { rootPath: 'docs', spaceId: 'DOCS', parentId: '123456', overwrite: false, identity, links: new Map(), pageAccess: true });
    assert.deepEqual([next.moves.orphans, next.moves.renamed, next.moves.moves], [[], [], []]);
  });

  it('a file that names its own page, renamed or moved in the tree, takes its page along on a teammate\'s clone: planned and guarded as an update, recorded under the new name, never an orphan', async () => {
    const notes = '---\nwiki:\n  spaceId: DOCS\n  parentId: "123456"\n  pageTitle: Release notes\n---\nFirst.\n';
    const identity = new MemoryIdentity();
    await publishTree({ ...FILES, 'docs/notes.md': notes }, identity);
    const released = page('Release notes');
    const count = signedIn.world.sandbox.pages().length;
    // Moved under guide/ and renamed; the tree's index links to it where it is now.
    const moved: Record<string, string> = {
      ...FILES, 'docs/guide/release-notes.md': `${notes}Second.\n`,
      'docs/index.md': `${FILES['docs/index.md'] as string}\nSee [the notes](guide/release-notes.md).\n`,
    };

    // The editor's confirmation: the plan and the guard, before anything is sent.
    const options = { rootPath: 'docs', spaceId: 'DOCS', parentId: '123456', overwrite: false, identity, links: new Map<string, PageLink | undefined>(), pageAccess: true };
    const confirmed = planTree(sources(moved), options);
    assert.deepEqual(confirmed.moves.renamed, [{ path: 'docs/guide/release-notes.md', oldPath: 'docs/notes.md', pageId: released.id }]);
    assert.deepEqual([confirmed.moves.orphans, confirmed.moves.moves], [[], []]);
    await guardTreeAsPlanned(confirmed, { pages: signedIn.pages, noAccessReason: 'no page access' });
    const planned = confirmed.pinned.find((item) => item.file.label === 'docs/guide/release-notes.md');
    assert.deepEqual([planned?.state, sendKind(planned as PlanItem), planned?.guard?.kind], ['send', 'update', 'asLeft']);

    const { plan, run } = await publishTree(moved, identity);
    assert.deepEqual(plan.moves.orphans, []);
    const result = run.results.find((each) => each.key === 'docs/guide/release-notes.md');
    assert.deepEqual([result?.state, result?.outcome?.kind], ['published', 'updated'], result?.outcome?.message);
    assert.equal(run.secondPass, 0, 'the page it follows answers the link at once');
    assert.equal(signedIn.world.sandbox.pages().length, count, 'no new page, no "already exists"');
    assert.match(page('Release notes').markdown, /Second\./);
    assert.equal(page('Release notes').parentId, '123456');
    assert.ok(page('Overview').markdown.includes(`[the notes](${pageAddress(signedIn.world.sandbox.baseUrl, 'DOCS', released.id, 'Release notes') ?? ''})`), page('Overview').markdown);
    assert.equal(identity.map.get('guide/release-notes.md')?.id, released.id);
    assert.equal(identity.map.has('notes.md'), false, 'the old name is forgotten');
    const next = planTree(sources(moved), options);
    assert.deepEqual([next.moves.orphans, next.moves.renamed], [[], []]);

    // A colleague's edit is held back, as before the move.
    signedIn.world.sandbox.editPageOnWiki(released.id, 'A colleague.\n');
    const renamed: Record<string, string> = { ...moved, 'docs/guide/notes.md': `${notes}Third.\n` };
    delete renamed['docs/guide/release-notes.md'];
    const held = await publishTree(renamed, identity);
    assert.equal(held.run.results.find((each) => each.key === 'docs/guide/notes.md')?.state, 'edited');
    assert.equal(page('Release notes').markdown, 'A colleague.\n');
  });

  describe('a file moved to another folder whose front matter now names its page (the recorded page of its old path has its title)', () => {
    const SMALL: Record<string, string> = {
      'docs/a/index.md': '# A\n', 'docs/a/x.md': '# X\n\nFirst.\n', 'docs/b/index.md': '# B\n', 'docs/b/other.md': '# Other\n',
    };
    const options = (identity: MemoryIdentity, pageAccess = true) => ({ rootPath: 'docs', spaceId: 'DOCS', parentId: '123456', overwrite: false, identity, links: new Map<string, PageLink | undefined>(), pageAccess });
    /** SMALL published, then x.md moved to b/ with `frontMatter` (its `wiki:` keys). */
    async function movedWith(frontMatter: (ids: { a: string; b: string; x: string }) => string): Promise<{ identity: MemoryIdentity; x: ReturnType<typeof page>; moved: Record<string, string> }> {
      const identity = new MemoryIdentity();
      await publishTree(SMALL, identity);
      const x = page('X');
      const moved: Record<string, string> = { ...SMALL, 'docs/b/x.md': `---\nwiki:\n${frontMatter({ a: page('A').id, b: page('B').id, x: x.id })}---\n# X\n\nMoved.\n` };
      delete moved['docs/a/x.md'];
      return { identity, x, moved };
    }
    /** What the editor's confirmation and a dry run show: the plan, checked on the wiki and guarded before sending. */
    async function confirmation(files: Record<string, string>, identity: MemoryIdentity): Promise<ReturnType<typeof planTree>> {
      const plan = planTree(sources(files), options(identity));
      await checkTreeOnWiki(plan, signedIn.pages, { spaceId: 'DOCS', parentId: '123456', recorded: false });
      await guardTreeAsPlanned(plan, { pages: signedIn.pages, noAccessReason: 'no page access' });
      return plan;
    }
    const movedItem = (plan: ReturnType<typeof planTree>): PlanItem | undefined => plan.pinned.find((item) => item.file.label === 'docs/b/x.md');

    it('naming another parent page: the recorded page is an orphan, never said to follow the file or moved on the wiki; the file gets a page where it says', async () => {
      const { identity, x, moved } = await movedWith((ids) => `  spaceId: DOCS\n  parentId: "${ids.b}"\n  pageTitle: X\n`);
      const plan = await confirmation(moved, identity);
      assert.deepEqual([plan.moves.renamed, plan.moves.undecided, plan.moves.moves], [[], [], []]);
      assert.deepEqual(plan.moves.orphans, [{ path: 'docs/a/x.md', pageId: x.id, title: 'X' }]);
      const item = movedItem(plan);
      assert.deepEqual([item?.state, sendKind(item as PlanItem), item?.guard?.kind, item?.link], ['send', 'create', 'absent', undefined]);
      assert.match(item?.cautions.map((caution) => caution.message).join(' ') ?? '', new RegExp(`The page "X" \\(page ${x.id}\\) recorded for docs/a/x\\.md is under another parent page`));

      const { plan: sent, run } = await publishTree(moved, identity);
      assert.deepEqual(sent.moves.orphans.map((orphan) => orphan.pageId), [x.id]);
      assert.equal(run.results.find((each) => each.key === 'docs/b/x.md')?.outcome?.kind, 'created');
      assert.equal(page('A').id, x.parentId);
      const pages = signedIn.world.sandbox.pages().filter((each) => each.title === 'X' && !each.deleted);
      assert.deepEqual(pages.map((each) => [each.parentId, each.markdown.includes('Moved.')]).sort(), [[page('A').id, false], [page('B').id, true]].sort(), 'the recorded page is untouched');
      assert.equal(identity.map.get('a/x.md')?.id, x.id, 'still recorded: an orphan on the next run too');
    });

    it('naming a page of another space with its title: the recorded page is an orphan', async () => {
      const { identity, x, moved } = await movedWith(() => '  spaceId: ENG\n  parentId: "234567"\n  pageTitle: X\n');
      const plan = await confirmation(moved, identity);
      assert.deepEqual([plan.moves.renamed, plan.moves.orphans.map((orphan) => orphan.pageId)], [[], [x.id]]);
      const item = movedItem(plan);
      assert.deepEqual([item?.state, sendKind(item as PlanItem), item?.guard?.kind], ['send', 'create', 'absent']);
    });

    it('naming the recorded page itself (wiki.pageId, its parent and title): the page follows the file, updated', async () => {
      const { identity, x, moved } = await movedWith((ids) => `  spaceId: DOCS\n  parentId: "${ids.a}"\n  pageTitle: X\n  pageId: "${ids.x}"\n`);
      const plan = await confirmation(moved, identity);
      assert.deepEqual([plan.moves.renamed, plan.moves.orphans], [[{ path: 'docs/b/x.md', oldPath: 'docs/a/x.md', pageId: x.id }], []]);
      const item = movedItem(plan);
      assert.deepEqual([item?.state, sendKind(item as PlanItem), item?.guard?.kind], ['send', 'update', 'asLeft']);
      const count = signedIn.world.sandbox.pages().length;
      await publishTree(moved, identity);
      assert.equal(signedIn.world.sandbox.pages().length, count);
      assert.match(page('X').markdown, /Moved\./);
    });

    it('a page a file named before, the file moved to another folder still naming it: the wiki confirms it follows the file', async () => {
      const named = '---\nwiki:\n  spaceId: DOCS\n  parentId: "123456"\n  pageTitle: Release notes\n---\nFirst.\n';
      const identity = new MemoryIdentity();
      await publishTree({ ...SMALL, 'docs/a/notes.md': named }, identity);
      const notes = page('Release notes');
      const moved: Record<string, string> = { ...SMALL, 'docs/b/notes.md': `${named}Second.\n` };
      const plan = await confirmation(moved, identity);
      assert.deepEqual([plan.moves.renamed, plan.moves.orphans], [[{ path: 'docs/b/notes.md', oldPath: 'docs/a/notes.md', pageId: notes.id }], []]);
      const item = plan.pinned.find((each) => each.file.label === 'docs/b/notes.md');
      assert.deepEqual([sendKind(item as PlanItem), item?.guard?.kind], ['update', 'asLeft']);
      // Without page access the record cannot say whether the page was a tree page under "A" or this file's: it says so.
      const unsure = planTree(sources(moved), options(identity, false));
      assert.deepEqual([unsure.moves.renamed, unsure.moves.orphans, unsure.moves.undecided], [[], [], [{ path: 'docs/b/notes.md', oldPath: 'docs/a/notes.md', pageId: notes.id }]]);
      const create = unsure.pinned.find((each) => each.file.label === 'docs/b/notes.md');
      assert.deepEqual([sendKind(create as PlanItem), create?.complete?.overwrite], ['create', false], 'create only: the service refuses rather than replaces');
    });
  });

  it('a page recorded as the tree\'s own parent page (a manifest with no parent of its own, the parent chosen now) is refused before sending, with the pages below it', async () => {
    // A hand-written manifest that gave the guide folder the page the whole folder maps to.
    const identity = new MemoryIdentity();
    identity.map.set('guide/', { id: '123456', title: 'Guide' });
    const parentBefore = JSON.stringify(signedIn.world.sandbox.pages().find((each) => each.id === '123456'));
    const { plan, run } = await publishTree(FILES, identity);
    const refusalOf = (key: string) => plan.pages.find((each) => each.key === key)?.item.refusals.map((refusal) => refusal.message).join(' ');
    assert.equal(refusalOf('guide/'), 'Not sent: the folder\'s .wiki-pages.json records page 123456, the tree\'s parent page, for "guide/", but the parent page is never a page of the tree: ' +
      'the folder\'s files and subfolders become its children. Remove that entry (the next publish finds or creates the page and records it), or choose another parent page.');
    assert.match(refusalOf('guide/setup.md') ?? '', /its folder's page \("Guide"\) is refused/);
    assert.deepEqual(run.results.filter((result) => result.key.startsWith('guide/')).map((result) => result.state), ['refused', 'refused', 'refused']);
    assert.equal(JSON.stringify(signedIn.world.sandbox.pages().find((each) => each.id === '123456')), parentBefore, 'the chosen page is untouched');
    assert.deepEqual(await titlesUnder('123456'), ['Getting started', 'Overview', 'Reference'], 'nothing of the guide lands under the chosen page');
    assert.equal(identity.map.get('guide/')?.id, '123456', 'the entry is left for the user to fix');
  });

  it('counts progress over the whole run, every level and both passes, with one total', async () => {
    const starts: Array<[number, number]> = [];
    const { run } = await publishTree(FILES, new MemoryIdentity(), new Map(), true, (_item, started, total) => starts.push([started, total]));
    const sent = run.results.filter((result) => result.state === 'published').length;
    assert.ok(run.secondPass >= 1, 'this tree needs a second pass');
    assert.deepEqual(starts.map(([started]) => started), Array.from({ length: sent }, (_, index) => index + 1), 'one count from 1, never restarting at a level');
    assert.ok(starts.every(([started, total]) => started <= total));
    assert.equal(starts.at(-1)?.[1], sent, 'the total ends as what was sent, the second pass included');
  });

  it('refuses before sending: two pages of the tree with one title (ignoring case), and a tree without page access or recorded IDs', async () => {
    const clash = planTree(sources({ 'docs/a/setup.md': '# Setup\n', 'docs/b/SETUP.md': '# setup\n' }), {
      rootPath: 'docs', spaceId: 'DOCS', parentId: '123456', overwrite: false, identity: new MemoryIdentity(), links: new Map(), pageAccess: true,
    });
    assert.deepEqual(clash.pages.filter((each) => each.item.state === 'refused').map((each) => each.key), ['a/setup.md', 'b/SETUP.md']);
    assert.match(clash.pages[1]?.item.refusals[0]?.message ?? '', /also the title of docs\/b\/SETUP\.md/);
    const blind = planTree(sources(FILES), { rootPath: 'docs', spaceId: 'DOCS', parentId: '123456', overwrite: false, identity: new MemoryIdentity(), links: new Map(), pageAccess: false });
    assert.ok(blind.pages.every((each) => each.item.state === 'refused' && each.item.refusals[0]?.code === 'noPageAccess'));
    assert.equal(signedIn.world.sandbox.imports.length, 0);
  });

  describe('links in code or HTML, which the wiki\'s CommonMark importer (and GitHub) do not read as links', () => {
    const TARGETS = { 'docs/guide/setup.md': '# Setup\n\nRun it.\n', 'docs/notes.txt': 'Notes.\n' };

    /** The Markdown the sandbox received for the page titled `title` (its last import), and that page's plan cautions and run cautions. */
    async function published(text: string): Promise<{ sent: string; setup: string; planned: readonly string[]; sentCautions: unknown }> {
      const { plan, run } = await publishTree({ ...TARGETS, 'docs/index.md': text }, new MemoryIdentity());
      assert.ok(run.results.every((result) => result.state === 'published'), JSON.stringify(run.results.map((result) => [result.key, result.state])));
      const bodies = signedIn.world.sandbox.imports.map((each) => each.body as { pageTitle?: string; content?: string });
      const sent = bodies.filter((body) => body.pageTitle === 'Overview').at(-1)?.content;
      assert.ok(sent !== undefined, 'the overview was sent');
      return {
        sent: apartFromNotice(sent).text,
        setup: `${signedIn.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${page('Setup').id}/Setup`,
        planned: (plan.pages.find((each) => each.key === 'index.md')?.item.cautions ?? []).map((caution) => caution.message),
        sentCautions: run.results.filter((result) => result.key === 'index.md').at(-1)?.linkCautions,
      };
    }

    it('a fence line inside an HTML comment or block opens no code block: the links after the comment are rewritten', async () => {
      const text = '# Overview\n\n<!--\n```sh\nOld: [setup](guide/setup.md), [notes](notes.txt)\n-->\n\nRead the [setup](guide/setup.md).\n\n' +
        '<div class="box">\n```\n[in the box](guide/setup.md)\n</div>\n\nThen [setup again](guide/setup.md) and [notes](notes.txt).\n\n```md\n[code](guide/setup.md)\n```\n';
      const { sent, setup, planned, sentCautions } = await published(text);
      assert.equal(sent, text.replace('[setup](guide/setup.md).', `[setup](${setup}).`).replace('[setup again](guide/setup.md)', `[setup again](${setup})`));
      // The plan and the run name the one link outside code and HTML that stays as written, and no other.
      assert.deepEqual(sentCautions, [{ target: 'notes.txt', reason: 'notMarkdown' }]);
      assert.deepEqual(planned, ['1 link stays as written and will not work on the wiki: notes.txt (not a Markdown file).']);
    });

    it('a line of a lone tag of any name (`<custom-note>`, `</span>`) after a blank line starts an HTML block to the next blank line, whose links stay', async () => {
      const text = '# Overview\n\n<custom-note type="tip">\nSee [setup](guide/setup.md) and [notes](notes.txt).\n</custom-note>\n\n</span>\n[closing](guide/setup.md)\n\n' +
        'Then [setup](guide/setup.md).\n<custom-note>\nA paragraph runs on: [still a link](guide/setup.md).\n';
      const { sent, setup, sentCautions } = await published(text);
      assert.equal(sent, text.replace('Then [setup](guide/setup.md)', `Then [setup](${setup})`).replace('[still a link](guide/setup.md)', `[still a link](${setup})`));
      assert.deepEqual(sentCautions, []);
    });

    it('a backtick left open before a block quote, or an HTML block, that starts the next line opens no code span across it; within one quote it does', async () => {
      const text = '# Overview\n\nType `npm [first](guide/setup.md)\n> then` see [second](guide/setup.md).\n\nA `tick [third](guide/setup.md)\n<div>\n</div>\n\n' +
        '> Quoted `a [in code](guide/setup.md)\nlazily` continued, and `[code](notes.txt)`.\n';
      const { sent, setup, sentCautions } = await published(text);
      const rewritten = ['first', 'second', 'third'].reduce((markdown, label) => markdown.replace(`[${label}](guide/setup.md)`, `[${label}](${setup})`), text);
      assert.equal(sent, rewritten);
      assert.deepEqual(sentCautions, []);
    });
  });

  it('says which file moved (the old page stays) and which pages no file maps to any more', async () => {
    const identity = new MemoryIdentity();
    await publishTree(FILES, identity);
    const moved = { ...FILES };
    delete moved['docs/guide/install.md'];
    delete moved['docs/getting-started/first-steps.md'];
    moved['docs/reference/install.md'] = FILES['docs/guide/install.md'] as string;
    const plan = planTree(sources(moved), { rootPath: 'docs', spaceId: 'DOCS', parentId: '123456', overwrite: false, identity, links: new Map(), pageAccess: true });
    assert.deepEqual(plan.moves.moves.map((move) => [move.oldPath, move.path]), [['docs/guide/install.md', 'docs/reference/install.md']]);
    assert.deepEqual(plan.moves.orphans.map((orphan) => orphan.title).sort(), ['First steps', 'Getting started']);
  });
});

describe('titles elsewhere in the space, and a wiki that keeps them unique', () => {
  const signedIn = useSignedInWorld();

  it('names the page that already holds a new page\'s title; with the platform\'s old rule on, the create is refused', async () => {
    // "Setup" already lives under another page of the space.
    const token = signedIn.apiToken;
    const post = (body: Record<string, unknown>) => fetch(signedIn.world.sandbox.importEndpoint, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    assert.equal((await post({ spaceId: 'DOCS', parentId: '123456', pageTitle: 'Elsewhere', content: 'x' })).status, 201);
    const elsewhere = signedIn.world.sandbox.findPageByTitle('DOCS', '123456', 'Elsewhere');
    assert.ok(elsewhere);
    assert.equal((await post({ spaceId: 'DOCS', parentId: elsewhere.id, pageTitle: 'Setup', content: 'theirs' })).status, 201);

    const identity = new MemoryIdentity();
    const plan = planTree([{ key: '/r/docs/guide/setup.md', label: 'docs/guide/setup.md', text: '# Setup\n' }], {
      rootPath: 'docs', spaceId: 'DOCS', parentId: '123456', overwrite: false, identity, links: new Map(), pageAccess: true,
    });
    await checkTitlesInSpace(plan, signedIn.pages, 'DOCS');
    const setup = plan.pages.find((page) => page.key === 'guide/setup.md');
    assert.match(setup?.item.cautions.map((caution) => caution.message).join(' ') ?? '', /A page titled "Setup" already exists elsewhere in the space \(page \d+, http:\/\/127\.0\.0\.1:\d+\/wiki\/spaces\/DOCS\/pages\/\d+\/Setup\)/);
    assert.deepEqual(plan.pages.find((page) => page.key === 'guide/')?.item.cautions.filter((caution) => caution.code === 'titleInSpace'), [], '"Guide" is free');

    signedIn.world.sandbox.setUniqueTitlesInSpace(true);
    const refused = await post({ spaceId: 'DOCS', parentId: '123456', pageTitle: 'setup', content: 'mine' });
    assert.equal(refused.status, 400);
    assert.match(((await refused.json()) as { body: string }).body, /A page titled "Setup" already exists in the space "DOCS"/);
  });
});

describe('the tree\'s parent page, looked up before anything is sent', () => {
  const signedIn = useSignedInWorld();
  const files = [
    { key: '/r/docs/index.md', label: 'docs/index.md', text: '# Overview\n' },
    { key: '/r/docs/guide/setup.md', label: 'docs/guide/setup.md', text: '# Setup\n' },
    { key: '/r/docs/known.md', label: 'docs/known.md', text: '# Known\n' },
  ];
  const planUnder = (parentId: string, identity = new MemoryIdentity()) =>
    planTree(files, { rootPath: 'docs', spaceId: 'DOCS', parentId, overwrite: false, identity, links: new Map(), pageAccess: true });
  const stateOf = (plan: ReturnType<typeof planTree>) => Object.fromEntries(plan.pages.map((page) => [page.key, page.item.state]));
  const reasonsOf = (plan: ReturnType<typeof planTree>) => [...new Set(plan.pages.flatMap((page) => page.item.refusals.filter((refusal) => refusal.code === 'treeParent').map((refusal) => refusal.message)))];

  it('refuses every page of the tree when the parent page does not exist, or was deleted, naming it and the fix', async () => {
    for (const parentId of ['555', '123457']) {
      const plan = planUnder(parentId);
      await checkTreeOnWiki(plan, signedIn.pages, { spaceId: 'DOCS', parentId, recorded: false });
      assert.deepEqual(stateOf(plan), { 'index.md': 'refused', 'guide/': 'refused', 'guide/setup.md': 'refused', 'known.md': 'refused' }, parentId);
      assert.deepEqual(reasonsOf(plan), [`Not sent: the tree's parent page ${parentId} was not found (it does not exist, was deleted, or this account cannot see it), so no page of the tree could land. Choose another parent page (on the command line, --parent).`]);
      // Refused pages are not looked up by title: nothing of the tree goes further.
      assert.deepEqual(plan.pages.flatMap((page) => page.item.cautions.filter((caution) => caution.code === 'titleInSpace')), []);
    }
    // The parent named by the folder's manifest: the fix says where it is recorded.
    const recorded = planUnder('555');
    await checkTreeOnWiki(recorded, signedIn.pages, { spaceId: 'DOCS', parentId: '555', recorded: true });
    assert.match(reasonsOf(recorded)[0] ?? '', /records it as the tree's parent \("space" and "parent"\): change it there, or on the command line pass --space and --parent of another page with --retarget\.$/);
  });

  it('refuses the tree when the parent page is in another space, and leaves a tree under a page of its space alone', async () => {
    const elsewhere = planUnder('234567');
    await checkTreeOnWiki(elsewhere, signedIn.pages, { spaceId: 'DOCS', parentId: '234567', recorded: false });
    assert.ok(Object.values(stateOf(elsewhere)).every((state) => state === 'refused'));
    assert.deepEqual(reasonsOf(elsewhere), ['Not sent: the tree\'s parent page 234567 is not in the space DOCS, so no page of the tree could land there. Choose another parent page (on the command line, --parent).']);
    // The space by its numeric ID is the same space.
    for (const spaceId of ['DOCS', '1001']) {
      const home = planUnder('123456');
      await checkTreeOnWiki(home, signedIn.pages, { spaceId, parentId: '123456', recorded: false });
      assert.deepEqual(reasonsOf(home), [], spaceId);
      assert.ok(Object.values(stateOf(home)).every((state) => state === 'send'), spaceId);
    }
  });

  it('a lookup that fails decides nothing: the plan is left as it was', async () => {
    const plan = planUnder('555');
    // The page routes of a wiki that does not answer: a loopback port nothing listens on.
    const failing = createWikiPagesClient({ baseUrl: 'http://127.0.0.1:1', transport: signedIn.transport, getAccessToken: async () => signedIn.accessToken, timeoutMs: 2_000 });
    await checkTreeOnWiki(plan, failing, { spaceId: 'DOCS', parentId: '555', recorded: false });
    assert.deepEqual(reasonsOf(plan), []);
  });
});
