// The Wiki Pages view's states against the sandbox world (issue 15): files published through the real path (plan,
// import, link, identify), then changed on the wiki, deleted, modified here; versions read in batches within the
// request budget and the bound on requests at once; links without an ID found through one children list per parent;
// the same verdicts as the edit guard; cancellation and a failed read.
import assert from 'node:assert/strict';
import type { HttpRequest, Transport } from '../../src/core/http/transport';
import { identifyPage, withIdentity } from '../../src/core/links/pageIdentity';
import type { PageLink } from '../../src/core/links/pageLink';
import { localFacts } from '../../src/core/pageState/localPlan';
import { refreshStates, type ViewFile, type WorkspaceFacts } from '../../src/core/pageState/workspaceStates';
import { VIEW_REQUESTS_AT_ONCE } from '../../src/core/pageState/wikiReading';
import { guardPlan } from '../../src/core/run/guard';
import { planFile, type SourceFile } from '../../src/core/run/plan';
import { linkAfterPublish } from '../../src/core/run/publishedLink';
import { ThrottleGate } from '../../src/core/run/runner';
import { heldContent } from '../../src/core/run/plannedContent';
import { sendPlanned } from '../../src/core/run/send';
import { createWikiPagesClient, type WikiPagesClient } from '../../src/core/wikiPages';
import { importBody, postImport } from '../sandbox/sandboxTestKit';
import { useSignedInWorld } from '../support/signedInWorld';

describe('Wiki Pages view states against the sandbox wiki', () => {
  const signedIn = useSignedInWorld();
  const asked: URL[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  /** The signed-in transport, counting requests and how many are out at once. */
  const counting: Transport = {
    name: 'counting',
    async send(request: HttpRequest) {
      asked.push(new URL(request.url));
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      try {
        return await signedIn.transport.send(request);
      } finally {
        inFlight--;
      }
    },
  };
  const client = (options: { baseUrl?: string; idsPerRequest?: number } = {}): WikiPagesClient => createWikiPagesClient({
    baseUrl: options.baseUrl ?? signedIn.world.sandbox.baseUrl, transport: counting, getAccessToken: async () => signedIn.accessToken,
    ...(options.idsPerRequest ? { idsPerRequest: options.idsPerRequest } : {}),
  });
  beforeEach(() => {
    asked.length = 0;
    maxInFlight = 0;
  });

  const source = (name: string, text: string): SourceFile => ({ key: `file:///docs/${name}`, label: `docs/${name}`, text });

  /** What the editor does on Publish: plan, send, link, and identify the page when signed in. */
  async function publish(file: SourceFile, link?: PageLink, parentId = '123456'): Promise<PageLink> {
    const item = planFile(file, link, { titleFromFile: true, defaults: { spaceId: 'DOCS', parentId, overwrite: true } });
    assert.ok(item.complete && item.state === 'send', `${file.label} would be sent`);
    // Signed in, the editor's guard looks first, so the notice names the version the send makes.
    await guardPlan([item], { pages: signedIn.pages, noAccessReason: 'not signed in' });
    const outcome = await sendPlanned(item, item.complete, { signal: new AbortController().signal, gate: new ThrottleGate(), content: heldContent(item) }, {
      endpoint: new URL(signedIn.world.sandbox.importEndpoint), token: signedIn.apiToken, transport: signedIn.transport, deadlineMs: 10_000,
    });
    assert.ok(outcome.kind === 'created' || outcome.kind === 'updated', `${file.label}: ${outcome.kind}`);
    const published = linkAfterPublish(item, item.complete, Date.now(), outcome.kind);
    const identity = await identifyPage(signedIn.pages, item.complete);
    return identity ? withIdentity(published, identity) : published;
  }

  const viewFile = (file: SourceFile, link: PageLink | undefined): ViewFile => ({ key: file.key, label: file.label, link, local: link ? localFacts(file, link) : undefined });

  it('says changed on the wiki (by whom), deleted, modified here, in sync and not published, as the edit guard sees them', async () => {
    const files = ['a.md', 'b.md', 'c.md', 'd.md'].map((name) => source(name, `# Page ${name}\n\nFirst text.\n`));
    const links = await Promise.all(files.map((file) => publish(file)));
    const [edited, deleted, modified, untouched] = links;
    assert.ok(edited?.pageId && deleted?.pageId && modified && untouched);
    signedIn.world.sandbox.editPageOnWiki(edited.pageId, '# Page a.md\n\nA colleague\'s line.\n');
    signedIn.world.sandbox.deletePage(deleted.pageId);
    const changedHere = source('c.md', '# Page c.md\n\nFirst text.\n\nMy new line.\n');
    const facts: WorkspaceFacts = {
      trees: [],
      files: [viewFile(files[0] as SourceFile, edited), viewFile(files[1] as SourceFile, deleted), viewFile(changedHere, modified), viewFile(files[3] as SourceFile, untouched), viewFile(source('e.md', '# New\n'), undefined)],
    };
    const { states, readFailure } = await refreshStates(facts, { pages: client() });
    assert.equal(readFailure, undefined);
    assert.deepEqual(states.files.map((state) => state.kind), ['changedOnWiki', 'deletedOnWiki', 'modifiedHere', 'inSync', 'notPublished']);
    const changed = states.files[0];
    assert.deepEqual([changed?.page?.version, changed?.page?.versionAuthorId, changed?.publishedVersion], [2, 'wiki-editor', false]);
    assert.equal(states.files[3]?.publishedVersion, true, 'the untouched page\'s latest version is a publish, as its link says');
    assert.deepEqual(asked.map((url) => url.pathname), ['/wiki/api/v2/pages', '/wiki/api/v2/pages'], 'one batch for all four pages, one for the body of the page edited');
    assert.deepEqual(asked.map((url) => [url.searchParams.get('id')?.split(',').length, url.searchParams.get('body-format')]), [[4, null], [1, 'storage']]);
    assert.equal(asked[1]?.searchParams.get('id'), edited.pageId, 'only the page that moved past its link\'s version is read with its body');

    // The edit guard, run on the same files, holds back exactly the page the view calls changed on the wiki.
    const items = [files[0], changedHere, files[3]].map((file, index) => planFile(file as SourceFile, [edited, modified, untouched][index], { force: true }));
    await guardPlan(items, { pages: signedIn.pages, noAccessReason: 'not signed in' });
    assert.deepEqual(items.map((item) => item.guard?.kind), ['edited', 'asLeft', 'asLeft']);
  });

  it('a page moved on the wiki under another parent is changed on the wiki, with no new version, as the edit guard holds it back', async () => {
    const [moved, other] = ['moved.md', 'other.md'].map((name) => source(name, `# Page ${name}\n\nFirst text.\n`)) as [SourceFile, SourceFile];
    const [movedLink, otherLink] = [await publish(moved), await publish(other)];
    assert.ok(movedLink.pageId && otherLink.pageId);
    signedIn.world.sandbox.movePageOnWiki(movedLink.pageId, otherLink.pageId);
    const { states } = await refreshStates({ trees: [], files: [viewFile(moved, movedLink), viewFile(other, otherLink)] }, { pages: client() });
    assert.deepEqual(states.files.map((state) => [state.kind, state.movedUnder, state.page?.version]), [['changedOnWiki', otherLink.pageId, 1], ['inSync', undefined, 1]]);
    const items = [planFile(moved, movedLink, { force: true })];
    await guardPlan(items, { pages: signedIn.pages, noAccessReason: 'not signed in' });
    const verdict = items[0]?.guard;
    assert.equal(verdict?.kind === 'edited' ? verdict.movedUnder?.id : undefined, otherLink.pageId, 'the guard says the same of it');
  });

  it('a publish made elsewhere (CI, another machine) is said to be a publish of the file, as its notice says, whoever the wiki names as its author: no edit on the wiki', async () => {
    signedIn.world.sandbox.setImportAuthor('app');
    const file = source('mine.md', '# Mine\n\nText.\n');
    const link = await publish(file);
    // The page published again from another clone: version 2, recorded as the app account's.
    const other = await publish(source('mine.md', '# Mine\n\nText from CI.\n'), undefined);
    assert.equal(other.version, 2);
    const { states } = await refreshStates({ trees: [], files: [viewFile(file, link)] }, { pages: client() });
    // Another text of this file than it holds here: publishing sends the file, as the edit guard would (no edit to hold).
    assert.deepEqual([states.files[0]?.kind, states.files[0]?.publishedVersion, states.files[0]?.otherPublish], ['modifiedHere', true, true]);
    // A colleague's edit after it is no publish.
    signedIn.world.sandbox.editLineOnWiki(link.pageId ?? '');
    const after = await refreshStates({ trees: [], files: [viewFile(file, link)] }, { pages: client() });
    assert.deepEqual([after.states.files[0]?.kind, after.states.files[0]?.publishedVersion], ['changedOnWiki', false]);
  });

  it('reads 500 linked files in batches within the budget, never more requests at once than the view\'s bound', async function () {
    this.timeout(60_000);
    const token = signedIn.apiToken;
    const files: ViewFile[] = [];
    for (let index = 0; index < 500; index++) {
      const answer = await postImport(signedIn.world.sandbox, importBody({ spaceId: 'DOCS', parentId: '123456', pageTitle: `Bulk ${index}`, content: `# Bulk ${index}\n` }), token);
      assert.equal(answer.status, 201);
      const page = signedIn.world.sandbox.findPageByTitle('DOCS', '123456', `Bulk ${index}`);
      assert.ok(page);
      const link: PageLink = { spaceId: 'DOCS', parentId: '123456', pageTitle: page.title, pageId: page.id, version: 1, contentSha256: 'x', publishedAt: Date.now() };
      files.push({ key: `file:///bulk/${index}.md`, label: `bulk/${index}.md`, link, local: { wouldPublish: false, contentSha256: 'x' } });
    }
    // Every page still at the version its link recorded: the links settle them all, and no body is read.
    const settled = await refreshStates({ trees: [], files }, { pages: client() });
    assert.equal(settled.states.files.filter((state) => state.kind === 'inSync').length, 500);
    assert.equal(asked.length, 2, 'two batches of at most 250 IDs');
    assert.ok(asked.every((url) => url.searchParams.get('body-format') === null), 'no body read for a page its link settles');
    asked.length = 0;
    signedIn.world.sandbox.editPageOnWiki(files[321]?.link?.pageId ?? '', '# Edited\n');
    const { states } = await refreshStates({ trees: [], files }, { pages: client() });
    assert.ok(asked.length <= 500 / 20 + 10, `${asked.length} requests`);
    assert.equal(asked.length, 3, 'two batches of at most 250 IDs, and the one page edited read with its body');
    assert.ok(asked.every((url) => (url.searchParams.get('id') ?? '').split(',').length <= 250));
    assert.deepEqual(asked.filter((url) => url.searchParams.get('body-format') !== null).map((url) => url.searchParams.get('id')), [files[321]?.link?.pageId]);
    assert.equal(states.files.filter((state) => state.kind === 'changedOnWiki').map((state) => state.file.label).join(), 'bulk/321.md');
    assert.equal(states.files.filter((state) => state.kind === 'inSync').length, 499);

    // Smaller batches show the bound: many requests, at most VIEW_REQUESTS_AT_ONCE of them out at once.
    asked.length = 0;
    maxInFlight = 0;
    await refreshStates({ trees: [], files }, { pages: client({ idsPerRequest: 10 }), idsPerRequest: 10 });
    assert.equal(asked.length, 51);
    assert.equal(maxInFlight, VIEW_REQUESTS_AT_ONCE, 'the requests overlap, up to the bound');
  });

  it('finds pages of links without an ID through one children list per parent, then one batch (and the edited page\'s body)', async () => {
    const parent = await publish(source('parent.md', '# Parent\n'));
    assert.ok(parent.pageId);
    const underHome = await Promise.all(['x.md', 'y.md'].map((name) => publish(source(name, `# Under home ${name}\n`))));
    const underParent = await Promise.all(['z.md', 'w.md'].map((name) => publish(source(name, `# Under parent ${name}\n`), undefined, parent.pageId)));
    // Published before signing in: no page ID, no address, but the version the create produced.
    const withoutIds = [...underHome, ...underParent].map(({ pageId: _id, url: _url, ...rest }) => rest);
    signedIn.world.sandbox.editPageOnWiki(underParent[0]?.pageId ?? '', '# Changed\n');
    signedIn.world.sandbox.deletePage(underHome[1]?.pageId ?? '');
    const files = withoutIds.map((link, index) => ({ key: `file:///t/${index}.md`, label: `t/${index}.md`, link, local: { wouldPublish: false, contentSha256: link.contentSha256 ?? '' } }));
    const { states } = await refreshStates({ trees: [], files }, { pages: client() });
    assert.deepEqual(states.files.map((state) => state.kind), ['inSync', 'deletedOnWiki', 'changedOnWiki', 'inSync']);
    assert.deepEqual(states.files.map((state) => state.pageId !== undefined), [true, false, true, true]);
    const paths = asked.map((url) => url.pathname).sort();
    assert.deepEqual(paths, ['/wiki/api/v2/pages', '/wiki/api/v2/pages', `/wiki/api/v2/pages/123456/children`, `/wiki/api/v2/pages/${parent.pageId}/children`].sort());
    assert.deepEqual(asked.filter((url) => url.searchParams.get('body-format') !== null).map((url) => url.searchParams.get('id')), [underParent[0]?.pageId]);
  });

  it('a teammate\'s tree: recorded pages say the wiki\'s version and author, orphans their page', async () => {
    const kept = await publish(source('kept.md', '# Kept\n'));
    const orphaned = await publish(source('removed.md', '# Removed\n'));
    const manifest = { root: { space: 'DOCS', parent: '123456' }, pages: new Map([['kept.md', { id: kept.pageId ?? '', title: 'Kept' }], ['removed.md', { id: orphaned.pageId ?? '', title: 'Removed' }]]) };
    const facts: WorkspaceFacts = {
      trees: [{ location: 'file:///clone/.wiki-pages.json', label: '', manifest, files: [{ key: 'file:///clone/kept.md', relPath: 'kept.md' }] }],
      files: [{ key: 'file:///clone/kept.md', label: 'kept.md', link: undefined, local: undefined }],
    };
    const { states } = await refreshStates(facts, { pages: client() });
    assert.deepEqual([states.files[0]?.kind, states.files[0]?.page?.versionAuthorId, states.files[0]?.publishedVersion], ['publishedElsewhere', 'alice', true]);
    assert.deepEqual(states.orphans.map((orphan) => [orphan.key, orphan.page?.title, orphan.gone]), [['removed.md', 'Removed', false]]);
  });

  it('without page access nothing is requested; a failed read says why and keeps local state; Cancel stops the read', async () => {
    const file = source('only.md', '# Only\n');
    const link = await publish(file);
    const facts: WorkspaceFacts = { trees: [], files: [viewFile(source('only.md', '# Only\n\nMore.\n'), link)] };
    const local = await refreshStates(facts, { pages: undefined });
    assert.deepEqual([local.states.files[0]?.kind, local.states.files[0]?.wikiUnread, asked.length], ['modifiedHere', 'noAccess', 0]);

    const broken = await refreshStates(facts, { pages: client({ baseUrl: 'http://127.0.0.1:9' }) });
    assert.match(broken.readFailure ?? '', /Could not reach the wiki/);
    assert.deepEqual([broken.states.files[0]?.kind, broken.states.files[0]?.wikiUnread], ['modifiedHere', 'failed']);

    const controller = new AbortController();
    controller.abort();
    await assert.rejects(refreshStates(facts, { pages: client(), signal: controller.signal }));
  });
});
