// The edit guard as a step of the core's plan, against the sandbox world: many files, a link without a known
// version, the version a publish must have produced, a Retry after an attempt that may have landed, and "already
// exists" after a retry, which is not a success unless the page is proven to be this run's.
import assert from 'node:assert/strict';
import { identifyPage, withIdentity } from '../../src/core/links/pageIdentity';
import { unconfirmedCreateLink, type PageLink } from '../../src/core/links/pageLink';
import { proveOwnPage } from '../../src/core/run/ownPageProof';
import { guardPlan } from '../../src/core/run/guard';
import { countLookupFailures, countPlan, planFiles, sendKind, type PlanItem, type SourceFile } from '../../src/core/run/plan';
import { linkAfterPublish, unconfirmedSendLink } from '../../src/core/run/publishedLink';
import { runPlan, summarise, summaryLine, type FileResult } from '../../src/core/run/runner';
import { sendPlanned } from '../../src/core/run/send';
import type { WikiPagesClient } from '../../src/core/wikiPages';
import { useSignedInWorld } from '../support/signedInWorld';

describe('the edit guard as a plan step, many files, against the sandbox wiki', () => {
  const signedIn = useSignedInWorld();

  const DEFAULTS = { spaceId: 'DOCS', parentId: '123456', overwrite: false };
  const file = (name: string, text: string): SourceFile => ({ key: `/repo/docs/${name}`, label: `docs/${name}`, text });

  interface Run {
    plan: PlanItem[];
    results: FileResult[];
    links: Map<string, PageLink | undefined>;
  }

  /** What every front end does: plan, guard, run, link each landed file with the version it must have produced. */
  async function publishAll(files: SourceFile[], links: Map<string, PageLink | undefined>, options: { access?: WikiPagesClient | undefined; overwriteEdited?: boolean; landedEarlier?: Set<string> } = {}): Promise<Run> {
    const access = 'access' in options ? options.access : signedIn.pages;
    const plan = planFiles(files, links, { titleFromFile: true, defaults: DEFAULTS, force: true });
    await guardPlan(plan, { pages: access, noAccessReason: 'no page access', overwriteEdited: options.overwriteEdited ?? false });
    const results = await runPlan(plan, {
      concurrency: 4,
      send: (item, target, context) => sendPlanned(item, target, context, {
        endpoint: new URL(signedIn.world.sandbox.importEndpoint), token: signedIn.apiToken, transport: signedIn.transport, deadlineMs: 10_000,
        hooks: { sleep: async () => undefined, earlierRunMayHaveLanded: options.landedEarlier?.has(item.file.key) ?? false },
      }),
      ...(access ? { proveOwnPage: (item: PlanItem, target: Parameters<typeof proveOwnPage>[2], signal: AbortSignal) => proveOwnPage(access, item, target, signal) } : {}),
    });
    const next = new Map(links);
    for (const result of results) {
      if (result.state !== 'published' || !result.item.complete) continue;
      next.set(result.item.file.key, linkAfterPublish(result.item, result.item.complete, Date.now(), result.outcome?.kind === 'updated' ? 'updated' : 'created', result.proven));
    }
    return { plan, results, links: next };
  }

  async function pageIdOf(title: string): Promise<string> {
    const found = await signedIn.pages.findChildByTitle('123456', title);
    assert.ok(found, `"${title}" exists`);
    return found.id;
  }

  it('looks up the pages of unchanged files in bulk, 250 a request, and sends the one a colleague deleted, create only', async () => {
    const files = Array.from({ length: 260 }, (_, index) => file(`page-${index}.md`, `# Page ${index}\n\nText.\n`));
    const first = await publishAll(files, new Map());
    assert.ok(first.results.every((result) => result.state === 'published'));
    // The page each file landed on, as a front end learns it after the import (pageIdentity.ts).
    const links = new Map([...first.links].map(([key, link]) => {
      const title = link?.pageTitle ?? '';
      return [key, link && { ...link, pageId: signedIn.world.sandbox.findPageByTitle('DOCS', '123456', title)?.id }];
    }));
    const gone = await pageIdOf('Page 137');
    signedIn.world.sandbox.deletePage(gone);
    const asked: number[] = [];
    const counted: WikiPagesClient = { ...signedIn.pages, getPages: (ids, signal) => (asked.push(ids.length), signedIn.pages.getPages(ids, signal)) };

    const plan = planFiles(files, links, { titleFromFile: true, defaults: DEFAULTS });
    assert.ok(plan.every((item) => item.state === 'unchanged'));
    await guardPlan(plan, { pages: counted, noAccessReason: 'no page access' });
    assert.deepEqual(asked.sort((a, b) => b - a), [250, 10]);
    const sent = plan.filter((item) => item.state !== 'unchanged');
    assert.deepEqual(sent.map((item) => item.file.label), ['docs/page-137.md']);
    assert.deepEqual(sent[0]?.guard, { kind: 'deleted', pageId: gone });
    assert.equal(sent[0]?.complete?.overwrite, false, 'created anew, never replacing what holds the title now');
    assert.equal(countPlan(plan).newPages, 1);

    // Told not to (a tree's level, looked up already), nothing unchanged is looked up.
    asked.length = 0;
    const again = planFiles(files, links, { titleFromFile: true, defaults: DEFAULTS });
    await guardPlan(again, { pages: counted, noAccessReason: 'no page access', lookUpUnchanged: false });
    assert.deepEqual(asked, []);
    assert.ok(again.every((item) => item.state === 'unchanged'));
  });

  it('republishing a folder leaves out the pages a colleague edited, lists them, and updates the rest', async () => {
    const files = [file('a.md', '# Alpha\n\nOne.\n'), file('b.md', '# Beta\n\nOne.\n'), file('c.md', '# Gamma\n\nOne.\n')];
    const first = await publishAll(files, new Map());
    assert.deepEqual(first.results.map((result) => result.state), ['published', 'published', 'published']);
    assert.deepEqual([...first.links.values()].map((link) => link?.version), [1, 1, 1], 'a create produced version 1');

    signedIn.world.sandbox.editPageOnWiki(await pageIdOf('Alpha'), '# Alpha\n\nA colleague was here.\n');
    signedIn.world.sandbox.editPageOnWiki(await pageIdOf('Gamma'), '# Gamma\n\nAnd here.\n');
    const edits = [file('a.md', '# Alpha\n\nTwo.\n'), file('b.md', '# Beta\n\nTwo.\n'), file('c.md', '# Gamma\n\nTwo.\n')];
    const second = await publishAll(edits, first.links);
    assert.deepEqual(second.plan.map((item) => item.state), ['edited', 'send', 'edited']);
    assert.equal(countPlan(second.plan).edited, 2);
    const edited = second.plan[0]?.guard;
    assert.equal(edited?.kind, 'edited');
    if (edited?.kind === 'edited') {
      assert.equal(edited.page.versionAuthorId, 'wiki-editor', 'who');
      assert.ok(edited.page.versionCreatedAt, 'when');
    }
    assert.deepEqual(second.results.map((result) => result.state), ['edited', 'published', 'edited']);
    assert.deepEqual(summarise(second.results), { published: 1, failed: 0, existsUnproven: 0, edited: 2, skipped: 0, refused: 0, notStarted: 0, cancelled: 0 });
    const alpha = signedIn.world.sandbox.pages().find((page) => page.title === 'Alpha');
    assert.match(alpha?.markdown ?? '', /A colleague was here/, 'the colleague\'s edit is still on the wiki');
    assert.equal(second.links.get('/repo/docs/b.md')?.version, 2, 'the update produced version 2: known 1 + 1');

    const third = await publishAll(edits, first.links, { overwriteEdited: true });
    assert.deepEqual(third.results.map((result) => result.state), ['published', 'published', 'published'], 'chosen: overwrite them too');
    assert.equal(third.links.get('/repo/docs/a.md')?.version, 3, 'version 2 was seen, so the overwrite made 3');
  });

  it('a file published before signing in (no page ID, no version) is checked by time: a later wiki edit is an edit', async () => {
    const files = [file('a.md', '# Alpha\n\nOne.\n')];
    const first = await publishAll(files, new Map(), { access: undefined });
    const link = first.links.get('/repo/docs/a.md');
    assert.equal(link?.pageId, undefined);
    // The page's own creation is not an edit.
    const quiet = await publishAll([file('a.md', '# Alpha\n\nTwo.\n')], first.links);
    assert.equal(quiet.plan[0]?.guard?.kind, 'asLeft');
    await new Promise((resolve) => setTimeout(resolve, 5));
    signedIn.world.sandbox.editPageOnWiki(await pageIdOf('Alpha'), '# Alpha\n\nColleague.\n');
    const after = await publishAll([file('a.md', '# Alpha\n\nThree.\n')], quiet.links);
    assert.equal(after.plan[0]?.state, 'edited', 'the colleague\'s edit is not replaced without a word');
  });

  it('a lookup that fails although signed in holds an update back, counted apart; a create still goes; overwriting edited pages sends it unchecked', async () => {
    const first = await publishAll([file('a.md', '# Alpha\n\nOne.\n')], new Map());
    signedIn.world.sandbox.editPageOnWiki(await pageIdOf('Alpha'), '# Alpha\n\nA colleague was here.\n');
    signedIn.world.sandbox.setPageLookupFault('error');
    const edits = [file('a.md', '# Alpha\n\nTwo.\n'), file('n.md', '# New one\n')];
    const second = await publishAll(edits, first.links);
    assert.deepEqual(second.plan.map((item) => item.state), ['edited', 'send'], 'the update is held; the create cannot replace anything');
    assert.deepEqual(second.plan.map((item) => (item.guard?.kind === 'unchecked' ? item.guard.reason : item.guard?.kind)), ['failed', 'failed']);
    assert.deepEqual(countPlan(second.plan), { ...countPlan(second.plan), edited: 1, lookupFailed: 1, send: 1, unchecked: 0 });
    const detail = second.plan[0]?.guard?.kind === 'unchecked' ? second.plan[0].guard.detail : undefined;
    assert.ok(detail);
    assert.deepEqual(countLookupFailures(second.plan), { updates: 1, updatesHeld: 1, updatesHeldLasting: 0, updatesSentUnchecked: 0, creates: 1, detail }, 'the create is counted apart');
    assert.deepEqual(second.results.map((result) => result.state), ['edited', 'published']);
    assert.deepEqual(summarise(second.results), { published: 1, failed: 0, existsUnproven: 0, edited: 1, lookupFailed: 1, skipped: 0, refused: 0, notStarted: 0, cancelled: 0 });
    assert.equal(summaryLine(summarise(second.results)), '1 published, 1 left out (the wiki could not be read to check for edits)');
    assert.match(signedIn.world.sandbox.pages().find((page) => page.title === 'Alpha')?.markdown ?? '', /A colleague was here/, 'nothing replaced blind');

    const chosen = await publishAll([edits[0] as SourceFile], first.links, { overwriteEdited: true });
    assert.deepEqual(countLookupFailures(chosen.plan), { updates: 1, updatesHeld: 0, updatesHeldLasting: 0, updatesSentUnchecked: 1, creates: 0, detail });
    assert.deepEqual(chosen.results.map((result) => result.state), ['published'], 'the user chose to send it unchecked');
    assert.equal(signedIn.world.sandbox.pages().find((page) => page.title === 'Alpha')?.markdown, '# Alpha\n\nTwo.\n');
  });

  it('the editor\'s guard (creates not looked up) and its Retry hold an update back when the wiki hangs; a deadline ends the lookup', async () => {
    const first = await publishAll([file('a.md', '# Alpha\n\nOne.\n')], new Map());
    signedIn.world.sandbox.setPageLookupFault('hang');
    // A publish, and a Retry (planned with force): the same guard, whatever an earlier attempt did.
    for (const force of [false, true]) {
      const plan = planFiles([file('a.md', '# Alpha\n\nTwo.\n'), file('n.md', '# New one\n')], first.links, { titleFromFile: true, defaults: DEFAULTS, force });
      await guardPlan(plan, { pages: signedIn.pages, noAccessReason: 'not signed in', lookUpCreates: false, timeoutMs: 300 });
      assert.deepEqual(plan.map((item) => item.state), ['edited', 'send'], force ? 'a Retry' : 'a publish');
      const verdict = plan[0]?.guard;
      assert.ok(verdict?.kind === 'unchecked' && verdict.reason === 'failed');
      assert.equal(verdict.cause, 'the wiki did not answer in time');
      assert.equal(plan[1]?.guard?.kind, 'notNeeded');
    }
    // Not signed in at all: sent, said to be unchecked, as documented.
    const blind = planFiles([file('a.md', '# Alpha\n\nTwo.\n')], first.links, { titleFromFile: true, defaults: DEFAULTS });
    await guardPlan(blind, { pages: undefined, noAccessReason: 'not signed in', lookUpCreates: false });
    assert.equal(blind[0]?.state, 'send');
    assert.deepEqual(blind[0]?.guard, { kind: 'unchecked', reason: 'noAccess', detail: 'not signed in' });
  });

  it('without page access, an update is "unchecked" with the reason; a create-only file needs no check', async () => {
    const first = await publishAll([file('a.md', '# Alpha\n')], new Map());
    const second = await publishAll([file('a.md', '# Alpha\n\nMore.\n'), file('n.md', '# New one\n')], first.links, { access: undefined });
    assert.deepEqual(second.plan.map((item) => item.guard), [{ kind: 'unchecked', reason: 'noAccess', detail: 'no page access' }, { kind: 'notNeeded' }]);
    assert.equal(countPlan(second.plan).unchecked, 1);
  });

  it('the version recorded is the one the publish produced, so an edit in the moment after it is still caught', async () => {
    const first = await publishAll([file('a.md', '# Alpha\n')], new Map());
    const link = first.links.get('/repo/docs/a.md') as PageLink;
    // A colleague edits right after the import landed, before the page is identified.
    signedIn.world.sandbox.editPageOnWiki(await pageIdOf('Alpha'), '# Alpha\n\nQuick colleague.\n');
    const identity = await identifyPage(signedIn.pages, { ...DEFAULTS, pageTitle: 'Alpha' });
    assert.ok(identity);
    const identified = withIdentity(link, identity);
    assert.equal(identified.version, 1, 'not the version the wiki holds a moment later');
    assert.equal(identified.pageId, identity.pageId);
    const next = await publishAll([file('a.md', '# Alpha\n\nMine.\n')], new Map([['/repo/docs/a.md', identified]]));
    assert.equal(next.plan[0]?.state, 'edited');
  });

  it('a page moved on the wiki under another parent is held back, version unchanged; chosen, the file makes a new page where it says and the moved one stays', async () => {
    const first = await publishAll([file('a.md', '# Alpha\n\nOne.\n'), file('b.md', '# Beta\n\nOne.\n')], new Map());
    const alphaId = await pageIdOf('Alpha');
    const betaId = await pageIdOf('Beta');
    const identity = await identifyPage(signedIn.pages, { ...DEFAULTS, pageTitle: 'Alpha' });
    assert.ok(identity);
    const links = new Map([['/repo/docs/a.md', withIdentity(first.links.get('/repo/docs/a.md') as PageLink, identity)]]);
    // A colleague moves Alpha under Beta: the import, which finds a page by title and parent, cannot reach it from 123456.
    signedIn.world.sandbox.movePageOnWiki(alphaId, betaId);
    const version = signedIn.world.sandbox.pages().find((page) => page.id === alphaId)?.version;
    assert.equal(version, 1, 'the move made no new version: only the parent tells');

    const held = await publishAll([file('a.md', '# Alpha\n\nTwo.\n')], links);
    const verdict = held.plan[0]?.guard;
    assert.equal(held.plan[0]?.state, 'edited', 'not sent as if it updated the moved page');
    assert.deepEqual(verdict?.kind === 'edited' ? verdict.movedUnder : undefined, { id: betaId, title: 'Beta' });
    assert.equal(held.results[0]?.state, 'edited');
    assert.equal(signedIn.world.sandbox.pages().filter((page) => page.title === 'Alpha').length, 1, 'no second page');

    const sent = await publishAll([file('a.md', '# Alpha\n\nTwo.\n')], links, { overwriteEdited: true });
    assert.equal(sent.plan[0] && sendKind(sent.plan[0]), 'create', 'said as a new page');
    assert.equal(sent.plan[0]?.complete?.overwrite, false, 'create only: nothing under 123456 is replaced unchecked');
    assert.equal(sent.results[0]?.state, 'published');
    const alphas = signedIn.world.sandbox.pages().filter((page) => page.title === 'Alpha');
    assert.deepEqual(alphas.map((page) => [page.parentId, page.markdown]).sort(), [['123456', '# Alpha\n\nTwo.\n'], [betaId, '# Alpha\n\nOne.\n']].sort(), 'a new page here; the moved one stays as it was');
    assert.notEqual(sent.links.get('/repo/docs/a.md')?.pageId, alphaId, 'the moved page is not recorded as this publish\'s');
  });

  it('front matter naming another parent: a caution that the earlier page stays; pointing at the parent the page was moved to updates that page', async () => {
    const placed = (parentId: string, line: string): string => `---\nwiki:\n  spaceId: DOCS\n  parentId: "${parentId}"\n  overwrite: true\n---\n# Alpha\n\n${line}\n`;
    const first = await publishAll([file('a.md', placed('123456', 'One.')), file('b.md', '# Beta\n\nOne.\n')], new Map());
    const alphaId = await pageIdOf('Alpha');
    const betaId = await pageIdOf('Beta');
    const identity = await identifyPage(signedIn.pages, { ...DEFAULTS, pageTitle: 'Alpha' });
    assert.ok(identity);
    const links = new Map([['/repo/docs/a.md', withIdentity(first.links.get('/repo/docs/a.md') as PageLink, identity)]]);

    // The writer points the file at Beta; the page is still under 123456: a new page, and the plan says the old one stays.
    const elsewhere = planFiles([file('a.md', placed(betaId, 'Two.'))], links, { titleFromFile: true, defaults: DEFAULTS });
    assert.deepEqual(elsewhere[0]?.cautions.map((caution) => caution.message), [
      `Its front matter names another place or title than its last publish ("Alpha", page ${alphaId}, under page 123456): the service cannot move or rename a page, so publishing creates a new one and the earlier page stays where it is.`,
    ]);
    await guardPlan(elsewhere, { pages: signedIn.pages, noAccessReason: 'no page access' });
    assert.equal(elsewhere[0]?.guard?.kind, 'absent');
    assert.equal(elsewhere[0]?.cautions.length, 1, 'still true: nothing of this file is under Beta');

    // A colleague moved the page under Beta, and the writer follows: the same page, updated through the guard.
    signedIn.world.sandbox.movePageOnWiki(alphaId, betaId);
    const followed = await publishAll([file('a.md', placed(betaId, 'Two.'))], links);
    assert.equal(followed.plan[0]?.guard?.kind, 'asLeft', 'its own page, as it left it');
    assert.deepEqual(followed.plan[0]?.cautions, [], 'no page is left behind');
    assert.equal(followed.plan[0] && sendKind(followed.plan[0]), 'update');
    assert.equal(followed.results[0]?.state, 'published');
    const alphas = signedIn.world.sandbox.pages().filter((page) => page.title === 'Alpha');
    assert.deepEqual(alphas.map((page) => [page.id, page.parentId, page.version]), [[alphaId, betaId, 2]], 'one page, updated where it is now');
    assert.equal(followed.links.get('/repo/docs/a.md')?.pageId, alphaId);
  });

  it('after an attempt that landed more than once (its answers lost), those versions are that send\'s, not a colleague\'s: the wiki\'s history tells, whatever this machine remembers', async () => {
    const first = await publishAll([file('a.md', '# Alpha\n')], new Map());
    // The update lands but its answer is lost (a 500 after the commit), three times: the run fails, the page has
    // three new versions of the same send.
    signedIn.world.sandbox.injectFaults({ commitThenFailNext: 3 });
    const failed = await publishAll([file('a.md', '# Alpha\n\nTwo.\n')], first.links);
    assert.equal(failed.results[0]?.state, 'failed');
    assert.equal(failed.results[0]?.mayHaveLanded, true);
    const plan = planFiles([file('a.md', '# Alpha\n\nTwo.\n')], first.links, { titleFromFile: true, defaults: DEFAULTS });
    await guardPlan(plan, { pages: signedIn.pages, noAccessReason: 'no page access' });
    assert.deepEqual([plan[0]?.guard?.kind, plan[0]?.state], ['asLeft', 'unchanged'], 'the page holds that send: nothing to send again');
    // A Retry (forced) sends it all the same, as an update of its own page.
    const retry = await publishAll([file('a.md', '# Alpha\n\nTwo.\n')], first.links);
    assert.equal(retry.plan[0]?.guard?.kind, 'asLeft');
    assert.equal(retry.results[0]?.state, 'published');
    // A colleague's edit after such a send is still an edit.
    signedIn.world.sandbox.injectFaults({ commitThenFailNext: 3 });
    await publishAll([file('a.md', '# Alpha\n\nThree.\n')], retry.links);
    signedIn.world.sandbox.editLineOnWiki(await pageIdOf('Alpha'));
    const edited = await publishAll([file('a.md', '# Alpha\n\nFour.\n')], retry.links);
    assert.equal(edited.plan[0]?.state, 'edited');
  });

  it('a colleague restoring an earlier publish over a later one has edited the page: held, with who and when, recorded or not; a file reverted to it too is unchanged', async () => {
    const first = await publishAll([file('r.md', '# Restored\n\nFirst text.\n')], new Map());
    const second = await publishAll([file('r.md', '# Restored\n\nSecond text.\n')], first.links);
    const id = await pageIdOf('Restored');
    const sandbox = signedIn.world.sandbox;
    const firstSend = sandbox.pageVersions(id).find((version) => version.number === 1);
    assert.ok(firstSend, 'version 1 listed');
    // The wiki's restore: version 3 is version 1's body (its notice and marker included), made by a colleague.
    sandbox.editPageOnWiki(id, firstSend.markdown, { message: 'Restored version 1' });
    for (const [what, links] of [['recorded', second.links], ['no record (a fresh runner)', new Map<string, PageLink | undefined>()]] as const) {
      const plan = planFiles([file('r.md', '# Restored\n\nSecond text.\n')], links, { titleFromFile: true, defaults: DEFAULTS });
      await guardPlan(plan, { pages: signedIn.pages, noAccessReason: 'no page access' });
      const verdict = plan[0]?.guard;
      assert.equal(plan[0]?.state, 'edited', `${what}: held, not "version 3 is as last published"`);
      assert.ok(verdict?.kind === 'edited', what);
      assert.deepEqual([verdict.knownVersion, verdict.page.version, verdict.page.versionAuthorId], [2, 3, sandbox.pages().find((page) => page.id === id)?.authorId], what);
    }
    // The repository reverted too: the page holds what the file sends, and nothing goes.
    const reverted = planFiles([file('r.md', '# Restored\n\nFirst text.\n')], second.links, { titleFromFile: true, defaults: DEFAULTS });
    await guardPlan(reverted, { pages: signedIn.pages, noAccessReason: 'no page access' });
    assert.equal(reverted[0]?.state, 'unchanged');

    // A colleague's edit undone by restoring this tool's last publish leaves nothing of theirs: as left, not held.
    const third = await publishAll([file('r.md', '# Restored\n\nThird text.\n')], second.links, { overwriteEdited: true });
    assert.equal(third.results[0]?.state, 'published');
    const lastSend = sandbox.pageVersions(id).at(-1);
    sandbox.editLineOnWiki(id);
    sandbox.editPageOnWiki(id, lastSend?.markdown ?? '', { message: 'Restored' });
    const undone = planFiles([file('r.md', '# Restored\n\nFourth text.\n')], third.links, { titleFromFile: true, defaults: DEFAULTS });
    await guardPlan(undone, { pages: signedIn.pages, noAccessReason: 'no page access' });
    assert.deepEqual([undone[0]?.guard?.kind, undone[0]?.state], ['asLeft', 'send']);
  });

  it('a page a colleague renamed on the wiki is held, said renamed: the import finds pages by title and would make a second one; overwriting does so and leaves it', async () => {
    const published = await publishAll([file('n.md', '# Naming\n\nOne.\n'), file('s.md', '# Staying\n\nOne.\n')], new Map());
    const sandbox = signedIn.world.sandbox;
    const naming = await pageIdOf('Naming');
    const staying = await pageIdOf('Staying');
    // Each link with its page's ID, as a front end learns it after the import (pageIdentity.ts).
    const first = { links: new Map([...published.links].map(([key, link]) => [key, link && { ...link, pageId: link.pageTitle === 'Naming' ? naming : staying }])) };
    const bodyOf = (id: string): string => sandbox.pages().find((page) => page.id === id)?.imported ?? '';
    sandbox.editPageOnWiki(naming, bodyOf(naming), { title: 'Naming things' });
    const changed = [file('n.md', '# Naming\n\nTwo.\n'), file('s.md', '# Staying\n\nTwo.\n')];
    const plan = planFiles(changed, first.links, { titleFromFile: true, defaults: DEFAULTS });
    await guardPlan(plan, { pages: signedIn.pages, noAccessReason: 'no page access' });
    const [renamed, kept] = plan;
    assert.equal(renamed?.state, 'edited', JSON.stringify(renamed?.guard));
    assert.ok(renamed?.guard?.kind === 'edited');
    assert.equal(renamed.guard.renamedTo, 'Naming things');
    assert.equal(kept?.guard?.kind, 'asLeft');
    // A file retitled here (its page keeps the title it was published with) is no rename on the wiki.
    const retitled = planFiles([file('s.md', '# Staying on\n\nTwo.\n')], first.links, { titleFromFile: true, defaults: DEFAULTS });
    await guardPlan(retitled, { pages: signedIn.pages, noAccessReason: 'no page access' });
    assert.ok(retitled[0]?.guard?.kind !== 'edited' || retitled[0].guard.renamedTo === undefined, JSON.stringify(retitled[0]?.guard));
    const overwritten = await publishAll(changed, first.links, { overwriteEdited: true });
    assert.deepEqual(overwritten.results.map((result) => [result.item.file.label, result.state, result.outcome?.kind]), [['docs/n.md', 'published', 'created'], ['docs/s.md', 'published', 'updated']]);
    const renamedPage = sandbox.pages().find((page) => page.id === naming);
    assert.deepEqual([renamedPage?.title, renamedPage?.markdown.includes('One.')], ['Naming things', true], 'the renamed page stays as it was');
    assert.notEqual(overwritten.links.get('/repo/docs/n.md')?.pageId, naming, 'the record names the new page, not the renamed one');
  });

  it('a page at the place a create goes that carries the file\'s own publish notice, unchanged since, is updated as the file\'s own; no other is taken', async () => {
    const pinned = '---\nwiki:\n  overwrite: false\n---\n# Pinned\n';
    const files = [file('own.md', '# Own\n'), file('theirs.md', '# Theirs\n'), file('pinned.md', pinned), file('unmarked.md', '# Unmarked\n')];
    await publishAll(files, new Map());
    signedIn.world.sandbox.editLineOnWiki(await pageIdOf('Theirs'));
    // Another file's page at a place one of ours creates: its notice names another file.
    signedIn.world.sandbox.createPageOnWiki('DOCS', '123456', 'Elsewhere', '# Elsewhere\n');
    // Each file's record says only that its create went out and may have landed; none names a page. unmarked.md has no
    // record at all, and its text changed: without its repository known, the page carrying its notice may be another
    // repository's file of the same path, so create only leaves it (said as such); the user's overwrite takes it.
    const marked = new Map(files.filter((each) => each.label !== 'docs/unmarked.md').map((each) => {
      const title = /^# (\w+)/m.exec(each.text)?.[1] ?? '';
      return [each.key, unconfirmedCreateLink({ ...DEFAULTS, pageTitle: title })] as const;
    }));
    const changed = [...files.map((each) => ({ ...each, text: `${each.text}\nChanged.\n` })), file('other.md', '# Elsewhere\n')];
    const plan = planFiles(changed, marked, { titleFromFile: true, defaults: DEFAULTS });
    await guardPlan(plan, { pages: signedIn.pages, noAccessReason: 'no page access' });
    assert.deepEqual(plan.map((item) => [item.file.label, item.guard?.kind, item.guard?.kind === 'asLeft' ? item.guard.adopted : undefined, item.state, item.complete?.overwrite]), [
      ['docs/own.md', 'asLeft', true, 'send', true],
      ['docs/theirs.md', 'edited', undefined, 'edited', false],
      // Its own page too, but its front matter's overwrite: false never replaces one: refused before sending.
      ['docs/pinned.md', 'asLeft', true, 'refused', false],
      ['docs/unmarked.md', 'exists', undefined, 'send', false],
      ['docs/other.md', 'exists', undefined, 'send', false],
    ]);
    assert.equal(plan[3]?.guard?.kind === 'exists' ? plan[3].guard.unknownRepository : undefined, true);
    assert.equal(plan[0]?.link, undefined, 'the record names no page of the file');
    assert.equal(sendKind(plan[0] as PlanItem), 'update');

    const results = await runPlan(plan, {
      concurrency: 4,
      send: (item, target, context) => sendPlanned(item, target, context, {
        endpoint: new URL(signedIn.world.sandbox.importEndpoint), token: signedIn.apiToken, transport: signedIn.transport, deadlineMs: 10_000,
      }),
    });
    assert.deepEqual(results.map((result) => [result.item.file.label, result.state, result.outcome?.kind]), [
      ['docs/own.md', 'published', 'updated'],
      ['docs/theirs.md', 'edited', undefined],
      ['docs/pinned.md', 'refused', undefined],
      ['docs/unmarked.md', 'failed', 'alreadyExists'],
      ['docs/other.md', 'failed', 'alreadyExists'],
    ]);
    const own = results[0] as FileResult;
    const link = linkAfterPublish(own.item, own.item.complete as NonNullable<PlanItem['complete']>, Date.now(), 'updated');
    assert.deepEqual([link.pageId, link.version], [await pageIdOf('Own'), 2], 'recorded as the file\'s page');
    assert.match(signedIn.world.sandbox.pages().find((page) => page.title === 'Theirs')?.markdown ?? '', /edited on the wiki/, 'the colleague\'s edit stays');
  });

  it('a create interrupted while out leaves its place marked for the next run, unless the guard found a page in its way', async () => {
    // Another file's page holds the title: its notice names that file, so it is no page of theirs.md.
    await publishAll([file('elsewhere.md', '# Theirs\n')], new Map());
    const plan = planFiles([file('theirs.md', '# Theirs\n\nMine.\n'), file('fresh.md', '# Fresh\n')], new Map(), { titleFromFile: true, defaults: DEFAULTS });
    await guardPlan(plan, { pages: signedIn.pages, noAccessReason: 'no page access' });
    assert.deepEqual(plan.map((item) => item.guard?.kind), ['exists', 'absent']);
    const { sandbox } = signedIn.world;
    const interrupt = new AbortController();
    sandbox.injectFaults({ latencyMs: 300 });
    try {
      const running = runPlan(plan, {
        concurrency: 2, signal: interrupt.signal,
        send: (item, target, context) => sendPlanned(item, target, context, {
          endpoint: new URL(sandbox.importEndpoint), token: signedIn.apiToken, transport: signedIn.transport, deadlineMs: 10_000,
        }),
      });
      while (sandbox.importsInFlight < 2) await new Promise((resolve) => setTimeout(resolve, 10));
      interrupt.abort();
      const results = await running;
      assert.deepEqual(results.map((result) => [result.state, result.mayHaveLanded]), [['cancelled', true], ['cancelled', true]]);
      assert.deepEqual(results.map((result) => unconfirmedSendLink(result, undefined)), [
        undefined,
        { spaceId: 'DOCS', parentId: '123456', pageTitle: 'Fresh', unconfirmedSend: true, publishedAt: 0 },
      ], 'a create refused in any case made no page to take');
    } finally {
      sandbox.clearFaults();
    }
  });

  it('"already exists" after a retry is its own state: never published, never linked, unless proven to be this run\'s page', async () => {
    // A colleague (another token's user) holds the title; then our run: a transient 500, then "already exists".
    const ours = signedIn.apiToken;
    signedIn.apiToken = signedIn.world.sandbox.issueToken({ label: 'colleague', owner: 'bob' }).token;
    const colleague = await publishAll([file('x.md', '# Roadmap\n')], new Map(), { access: undefined });
    assert.equal(colleague.results[0]?.state, 'published');
    signedIn.apiToken = ours;
    signedIn.world.sandbox.injectFaults({ failNext: 1 });
    const plan = planFiles([file('r.md', '# Roadmap\n\nMine.\n')], new Map(), { titleFromFile: true, defaults: DEFAULTS });
    await guardPlan(plan, { pages: undefined, noAccessReason: 'none' });
    const results = await runPlan(plan, {
      concurrency: 1,
      send: (item, target, context) => sendPlanned(item, target, context, {
        endpoint: new URL(signedIn.world.sandbox.importEndpoint), token: signedIn.apiToken, transport: signedIn.transport, deadlineMs: 10_000,
        // The earlier failure may have landed: the client says "exists after retry".
        hooks: { sleep: async () => undefined, earlierRunMayHaveLanded: true },
      }),
      proveOwnPage: (item, target, signal) => proveOwnPage(signedIn.pages, item, target, signal),
    });
    assert.equal(results[0]?.outcome?.kind, 'existsAfterRetry');
    assert.equal(results[0]?.state, 'existsUnproven', 'another user\'s page: not ours');
    assert.equal(summarise(results).published, 0);

    // This run's own page: created by the lost attempt, carrying this file's notice.
    signedIn.world.sandbox.injectFaults({ commitThenFailNext: 1 });
    const own = await publishAll([file('n.md', '# Fresh page\n')], new Map());
    assert.equal(own.results[0]?.outcome?.kind, 'existsAfterRetry');
    assert.equal(own.results[0]?.state, 'published');
    assert.equal(own.results[0]?.proven?.version, 1);
    assert.equal(own.links.get('/repo/docs/n.md')?.pageId, own.results[0]?.proven?.pageId);
  });

  it('two files on one page are refused whatever the space spelling (key or ID) or the title\'s case', () => {
    const plan = planFiles([
      file('a.md', '---\nwiki:\n  spaceId: DOCS\n  parentId: "123456"\n  pageTitle: Setup\n---\nA\n'),
      file('b.md', '---\nwiki:\n  spaceId: "1001"\n  parentId: "123456"\n  pageTitle: setup\n---\nB\n'),
    ], new Map(), { defaults: DEFAULTS });
    assert.deepEqual(plan.map((item) => item.state), ['refused', 'refused']);
    assert.match(plan[0]?.refusals[0]?.message ?? '', /docs\/b\.md/);
  });
});
