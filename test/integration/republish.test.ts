// Republishing safely (issue 8) end to end through the core against the sandbox world: plan, send with the real
// import client, link, identify the page through the platform routes, guard against edits made on the wiki, and the
// Open Wiki Page as Markdown round trip through the export API.
import assert from 'node:assert/strict';
import { exportPageMarkdown } from '../../src/core/export';
import { identifyPage, withIdentity } from '../../src/core/links/pageIdentity';
import { guardPlan, type GuardVerdict } from '../../src/core/run/guard';
import { documentForPage } from '../../src/core/pull/openedPage';
import type { PageLink } from '../../src/core/links/pageLink';
import type { PublishOutcome } from '../../src/core/publish/outcome';
import type { PartialTarget } from '../../src/core/publish/target';
import { planFile, type PlanItem } from '../../src/core/run/plan';
import { linkAfterPublish } from '../../src/core/run/publishedLink';
import { ThrottleGate } from '../../src/core/run/runner';
import { heldContent } from '../../src/core/run/plannedContent';
import { sendPlanned } from '../../src/core/run/send';
import { createWikiPagesClient, type WikiPagesClient } from '../../src/core/wikiPages';
import { useSignedInWorld } from '../support/signedInWorld';

describe('republishing a linked file against the sandbox wiki', () => {
  const signedIn = useSignedInWorld();

  const DEFAULTS: PartialTarget = { spaceId: 'DOCS', parentId: '123456', overwrite: false };

  interface Published {
    item: PlanItem;
    outcome?: PublishOutcome;
    link?: PageLink;
  }

  /** What the editor does: plan, send when the plan says so, link, and identify the page (signed in). */
  async function publish(text: string, link: PageLink | undefined, defaults: PartialTarget = {}): Promise<Published> {
    const item = planFile({ key: 'file:///docs/guide.md', label: 'guide.md', text }, link, { defaults: { pageTitle: 'Guide', ...defaults } });
    if (item.state !== 'send' || !item.complete) return { item };
    const outcome = await sendPlanned(item, item.complete, { signal: new AbortController().signal, gate: new ThrottleGate(), content: heldContent(item) }, {
      endpoint: new URL(signedIn.world.sandbox.importEndpoint), token: signedIn.apiToken, transport: signedIn.transport, deadlineMs: 10_000,
    });
    if (outcome.kind !== 'created' && outcome.kind !== 'updated') return { item, outcome };
    const published = linkAfterPublish(item, item.complete, Date.now(), outcome.kind);
    const identity = await identifyPage(signedIn.pages, item.complete);
    return { item, outcome, link: identity ? withIdentity(published, identity) : published };
  }

  it('updates its own page on the second publish: no question, no "already exists", same page ID, next version', async () => {
    const first = await publish('# Guide\n\nFirst.\n', undefined, DEFAULTS);
    assert.equal(first.outcome?.kind, 'created');
    assert.ok(first.link?.pageId, 'the page ID is found among the parent\'s children');
    assert.equal(first.link?.version, 1);
    assert.match(first.link?.url ?? '', /\/wiki\/spaces\/DOCS\/pages\/\d+\//);

    const second = await publish('# Guide\n\nSecond.\n', first.link);
    assert.equal(second.item.complete?.overwrite, true, 'the linked page is updated without asking');
    assert.equal(second.outcome?.kind, 'updated');
    assert.equal(second.link?.pageId, first.link?.pageId);
    assert.equal(second.link?.version, 2);
    assert.deepEqual(signedIn.world.sandbox.imports.map((entry) => entry.status), [201, 200]);
  });

  it('skips an unchanged file, and a page of another title is a new page, not a silent overwrite', async () => {
    const first = await publish('# Guide\n\nText.\n', undefined, DEFAULTS);
    assert.equal((await publish('# Guide\n\nText.\n', first.link)).item.state, 'unchanged');
    const renamed = planFile({ key: 'k', label: 'guide.md', text: '---\nwiki:\n  pageTitle: Colleague page\n---\nText.\n' }, first.link);
    assert.equal(renamed.target.overwrite, undefined, 'another page than the linked one: the front end asks, never overwrites silently');
  });

  it('respects front matter that says overwrite: false, even for its own page: refused before sending, saying why', async () => {
    const text = '---\nwiki:\n  spaceId: DOCS\n  parentId: "123456"\n  pageTitle: Guide\n  overwrite: false\n---\n# Guide\n';
    const first = await publish(text, undefined);
    assert.equal(first.outcome?.kind, 'created');
    const sent = signedIn.world.sandbox.imports.length;
    const again = await publish(`${text}\nMore.\n`, first.link);
    assert.equal(again.item.state, 'refused');
    assert.match(again.item.refusals[0]?.message ?? '', /front matter says overwrite: false, which never replaces a page/);
    assert.equal(again.item.refusals[0]?.fix, 'editFile');
    assert.equal(signedIn.world.sandbox.imports.length, sent, 'nothing sent');
  });

  /** The core's guard step for one file, as every front end runs it. */
  async function guard(link: PageLink | undefined, text: string, client: WikiPagesClient | null = signedIn.pages): Promise<{ verdict: GuardVerdict | undefined; item: PlanItem }> {
    const item = planFile({ key: 'file:///docs/guide.md', label: 'guide.md', text }, link, { defaults: { pageTitle: 'Guide' } });
    await guardPlan([item], { pages: client ?? undefined, noAccessReason: 'not signed in' });
    return { verdict: item.guard, item };
  }

  it('the edit guard stays quiet until someone edits the page on the wiki, then reports the versions', async () => {
    const first = await publish('# Guide\n\nMine.\n', undefined, DEFAULTS);
    assert.equal((await guard(first.link, '# Guide\n\nMine, more.\n')).verdict?.kind, 'asLeft');
    signedIn.world.sandbox.editPageOnWiki(first.link!.pageId!, '# Guide\n\nA colleague\'s edit.\n');
    const { verdict, item } = await guard(first.link, '# Guide\n\nMine, more.\n');
    assert.equal(verdict?.kind, 'edited');
    assert.equal(item.state, 'edited', 'held back');
    if (verdict?.kind === 'edited') {
      assert.equal(verdict.knownVersion, 1);
      assert.equal(verdict.page.version, 2);
    }
    const unsigned = await guard(first.link, '# Guide\n\nMine, more.\n', null);
    assert.deepEqual(unsigned.verdict, { kind: 'unchecked', reason: 'noAccess', detail: 'not signed in' }, 'not signed in: the front end is told');
  });

  it('says a deleted page is deleted (publish create only), and a failing lookup holds the update back: it cannot tell, so it does not send blind', async () => {
    const first = await publish('# Guide\n', undefined, DEFAULTS);
    signedIn.world.sandbox.deletePage(first.link!.pageId!);
    const deleted = await guard(first.link, '# Guide\n\nNew.\n');
    assert.deepEqual(deleted.verdict, { kind: 'deleted', pageId: first.link!.pageId });
    assert.equal(deleted.item.complete?.overwrite, false, 'created anew rather than replacing whatever holds the title');
    const unreachable = createWikiPagesClient({ baseUrl: 'http://127.0.0.1:9', transport: signedIn.transport, getAccessToken: async () => signedIn.accessToken, timeoutMs: 2000 });
    const failing = await guard(first.link, '# Guide\n\nNew.\n', unreachable);
    assert.equal(failing.verdict?.kind, 'unchecked');
    assert.equal(failing.verdict?.kind === 'unchecked' ? failing.verdict.reason : undefined, 'failed');
    assert.equal(failing.item.state, 'edited', 'held back like an edited page: the wiki could not be read to tell');
  });

  it('Open Wiki Page as Markdown, save, publish: the same page is updated (page ID and version follow)', async () => {
    const seeded = await publish('# Handbook\n\nOn the wiki.\n', undefined, { ...DEFAULTS, pageTitle: 'Handbook' });
    const page = await signedIn.pages.getPage(seeded.link!.pageId!);
    assert.ok(page);
    const exported = await exportPageMarkdown({
      apiUrl: signedIn.world.sandbox.exportApiUrl, pageId: page.id, transport: signedIn.transport, getAccessToken: async () => signedIn.accessToken,
    });
    assert.match(exported.markdown, /^# Handbook\n\nOn the wiki\.\n\n---\n\n\*Published from /, 'the export is the page as the wiki holds it, its notice included');
    const opened = documentForPage(page, exported.markdown, undefined, Date.now());
    assert.equal(opened.markdown, '# Handbook\n\nOn the wiki.\n', 'the document leaves the notice out');
    assert.ok(opened.link, 'the document is linked to its page');
    assert.equal(planFile({ key: 'untitled:1', label: 'Untitled-1', text: opened.text }, opened.link).state, 'unchanged', 'nothing changed yet');

    const edited = `${opened.text}\nA line added in VS Code.\n`;
    const republished = await publish(edited, opened.link);
    assert.equal(republished.outcome?.kind, 'updated');
    assert.equal(republished.link?.pageId, page.id, 'the same page');
    assert.equal(republished.link?.version, page.version + 1);
    assert.match(signedIn.world.sandbox.pages().find((candidate) => candidate.id === page.id)?.markdown ?? '', /A line added in VS Code/);
  });
});
