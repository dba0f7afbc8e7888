// The Wiki Pages view decides from what the wiki holds now ("the wiki is the truth"), as the edit guard does: a page
// whose publish notice says it is this file's publish of exactly what the file holds is in sync however far behind this
// machine's link is; a publish of another text of the file is no colleague's edit; an edit after a publish is told from
// the page's history (read once per page version); a page renamed on the wiki says so. Against the sandbox wiki.
import assert from 'node:assert/strict';
import type { HttpRequest, Transport } from '../../src/core/http/transport';
import { identifyPage, withIdentity } from '../../src/core/links/pageIdentity';
import type { PageLink } from '../../src/core/links/pageLink';
import { localFacts } from '../../src/core/pageState/localPlan';
import type { HistoryCache } from '../../src/core/pageState/pageHistories';
import { refreshStates, type ViewFile } from '../../src/core/pageState/workspaceStates';
import { guardPlan } from '../../src/core/run/guard';
import { planFile, type SourceFile } from '../../src/core/run/plan';
import { heldContent } from '../../src/core/run/plannedContent';
import { linkAfterPublish } from '../../src/core/run/publishedLink';
import { ThrottleGate } from '../../src/core/run/runner';
import { sendPlanned } from '../../src/core/run/send';
import { createWikiPagesClient, type WikiPagesClient } from '../../src/core/wikiPages';
import { useSignedInWorld } from '../support/signedInWorld';

describe('Wiki Pages view states from what the wiki holds (a stale link store)', () => {
  const signedIn = useSignedInWorld();
  const asked: URL[] = [];
  const counting: Transport = {
    name: 'counting',
    send(request: HttpRequest) {
      asked.push(new URL(request.url));
      return signedIn.transport.send(request);
    },
  };
  const client = (): WikiPagesClient => createWikiPagesClient({ baseUrl: signedIn.world.sandbox.baseUrl, transport: counting, getAccessToken: async () => signedIn.accessToken });
  beforeEach(() => {
    asked.length = 0;
  });

  const source = (text: string, name = 'alpha.md'): SourceFile => ({ key: `file:///docs/${name}`, label: `docs/${name}`, text });

  /** A publish as the editor and the command line make it: plan, guard (signed in), send, link, identify. */
  async function publish(file: SourceFile, link?: PageLink): Promise<PageLink> {
    const item = planFile(file, link, { titleFromFile: true, defaults: { spaceId: 'DOCS', parentId: '123456', overwrite: true } });
    assert.ok(item.complete && item.state === 'send', `${file.label} would be sent`);
    await guardPlan([item], { pages: signedIn.pages, noAccessReason: 'not signed in' });
    assert.equal(item.state, 'send', `${file.label}: the guard lets it go`);
    const outcome = await sendPlanned(item, item.complete, { signal: new AbortController().signal, gate: new ThrottleGate(), content: heldContent(item) }, {
      endpoint: new URL(signedIn.world.sandbox.importEndpoint), token: signedIn.apiToken, transport: signedIn.transport, deadlineMs: 10_000,
    });
    assert.ok(outcome.kind === 'created' || outcome.kind === 'updated', `${file.label}: ${outcome.kind}`);
    const published = linkAfterPublish(item, item.complete, Date.now(), outcome.kind);
    const identity = await identifyPage(signedIn.pages, item.complete);
    return identity ? withIdentity(published, identity) : published;
  }

  const viewFile = (file: SourceFile, link: PageLink): ViewFile => ({ key: file.key, label: file.label, link, local: localFacts(file, link) });

  /** What the edit guard says of publishing `file` now with `link`: its verdict and what it would do. */
  async function guardSays(file: SourceFile, link: PageLink): Promise<[string | undefined, boolean | undefined, string]> {
    const item = planFile(file, link, { titleFromFile: true, defaults: { spaceId: 'DOCS', parentId: '123456', overwrite: true } });
    await guardPlan([item], { pages: signedIn.pages, noAccessReason: 'not signed in' });
    return [item.guard?.kind, item.guard?.kind === 'asLeft' ? item.guard.sameContent === true : undefined, item.state];
  }

  it('a page the command line published from the file as it is now is in sync, though this machine\'s link is a version behind', async () => {
    const first = source('# Alpha\n\nFirst edition.\n');
    const link = await publish(first);
    assert.equal(link.version, 1);
    // The file changes; CI (no link of this machine's) publishes it: version 2, carrying this file's notice.
    const second = source('# Alpha\n\nSecond edition.\n');
    assert.equal((await publish(second)).version, 2);
    const { states, readFailure } = await refreshStates({ trees: [], files: [viewFile(second, link)] }, { pages: client() });
    assert.equal(readFailure, undefined);
    const state = states.files[0];
    assert.deepEqual([state?.kind, state?.modifiedHere, state?.publishedVersion, state?.otherPublish], ['inSync', false, true, undefined]);
    assert.deepEqual(asked.map((url) => url.pathname), ['/wiki/api/v2/pages', '/wiki/api/v2/pages'], 'one bulk read, its body read, no history');
    assert.deepEqual(asked.map((url) => url.searchParams.get('body-format')), [null, 'storage'], 'the page past its link\'s version read with its body, for the notice');
    assert.deepEqual(await guardSays(second, link), ['asLeft', true, 'unchanged'], 'the guard says the same: nothing to send');
  });

  it('a page holding another publish of the file is modified here (a publish, not an edit on the wiki), as the guard sends it', async () => {
    const first = source('# Alpha\n\nFirst edition.\n');
    const link = await publish(first);
    assert.equal((await publish(source('# Alpha\n\nSecond edition.\n'))).version, 2);
    // This clone's file is behind: it holds the first edition, which the wiki holds no longer.
    const { states } = await refreshStates({ trees: [], files: [viewFile(first, link)] }, { pages: client() });
    const state = states.files[0];
    assert.deepEqual([state?.kind, state?.modifiedHere, state?.publishedVersion, state?.otherPublish, state?.page?.version], ['modifiedHere', true, true, true, 2]);
    assert.deepEqual(await guardSays(first, link), ['asLeft', false, 'send']);
  });

  it('a colleague\'s edit after a publish made elsewhere is changed on the wiki, from the page\'s history, read once per version', async () => {
    const link = await publish(source('# Alpha\n\nFirst edition.\n'));
    const second = source('# Alpha\n\nSecond edition.\n');
    const ci = await publish(second);
    // The colleague's edit keeps the notice: version 3, its notice naming version 2.
    signedIn.world.sandbox.editLineOnWiki(ci.pageId ?? '');
    const histories: HistoryCache = new Map();
    const { states } = await refreshStates({ trees: [], files: [viewFile(second, link)] }, { pages: client(), histories });
    const state = states.files[0];
    assert.deepEqual([state?.kind, state?.modifiedHere, state?.publishedVersion, state?.page?.version], ['changedOnWiki', false, false, 3], 'not modified here: the file holds what version 2 sent');
    assert.deepEqual(asked.map((url) => url.pathname), ['/wiki/api/v2/pages', '/wiki/api/v2/pages', `/wiki/api/v2/pages/${ci.pageId}/versions`]);
    assert.equal((await guardSays(second, link))[0], 'edited', 'the guard holds it back too');
    asked.length = 0;
    const again = await refreshStates({ trees: [], files: [viewFile(second, link)] }, { pages: client(), histories });
    assert.equal(again.states.files[0]?.kind, 'changedOnWiki');
    assert.deepEqual(asked.map((url) => url.pathname), ['/wiki/api/v2/pages', '/wiki/api/v2/pages'], 'the history of version 3 is not read again');
  });

  it('a page renamed on the wiki says it was renamed, from which title to which', async () => {
    const file = source('# Alpha\n\nText.\n');
    const link = await publish(file);
    const page = signedIn.world.sandbox.findPageByTitle('DOCS', '123456', 'Alpha');
    assert.ok(page);
    signedIn.world.sandbox.editPageOnWiki(page.id, signedIn.world.sandbox.pageVersions(page.id).at(-1)?.markdown ?? '', { title: 'Alpha (renamed)' });
    const { states } = await refreshStates({ trees: [], files: [viewFile(file, link)] }, { pages: client() });
    const state = states.files[0];
    assert.deepEqual([state?.kind, state?.renamedFrom, state?.page?.title, state?.modifiedHere], ['changedOnWiki', 'Alpha', 'Alpha (renamed)', false]);
  });
});
