// The editor's publishes, as they keep a send that may have landed without an answer: in the editor's link store
// (global state, which outlives a window reload and is shared by every window), through the core's rule (recordSendEnd)
// that publishFile.ts, publishMany.ts and publishTree.ts call, not only in memory for one Retry. After a "reload" (a
// new store over the same global state) the next publish's guard, run as the editor runs it (guardStep.ts: no look-up
// of create-only files, the token's user as the publishing account), explains the version that send made as the
// file's own, and takes a page that create made as the file's, against the sandbox wiki. The editor's classes need a
// VS Code window; what they do around these calls is the e2e suite's (test/e2e).
import assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { apiTokenSubject } from '../../src/core/apiToken/subject';
import type { PageLink } from '../../src/core/links/pageLink';
import { guardPlan } from '../../src/core/run/guard';
import { planFile, planFiles, sendKind, type PlanItem, type SourceFile } from '../../src/core/run/plan';
import { recordSendEnd, sendMarks } from '../../src/core/run/recordSend';
import { fileResultOf, runPlan, ThrottleGate, type FileResult } from '../../src/core/run/runner';
import { sendPlanned } from '../../src/core/run/send';
import { GlobalStateLinkStore } from '../../src/editor/publish/pageLinks';
import { MemoryMemento } from '../fakes/memoryMemento';
import { useSignedInWorld } from '../support/signedInWorld';
import { until } from '../support/until';

describe('the editor keeps a send that may have landed in its link store, across a reload', () => {
  const signedIn = useSignedInWorld();
  const DEFAULTS = { spaceId: 'DOCS', parentId: '123456', overwrite: false };
  const KEY = 'file:///w/docs/a.md';
  const source = (text: string): SourceFile => ({ key: KEY, label: 'docs/a.md', text });
  /** The window's global state: a reload, or another window, reads it through a new store. */
  let globalState: MemoryMemento;
  const store = (): GlobalStateLinkStore => new GlobalStateLinkStore(globalState as unknown as vscode.Memento);
  beforeEach(() => {
    globalState = new MemoryMemento();
  });

  const settings = (hooks: Parameters<typeof sendPlanned>[3]['hooks'] = {}) => ({
    endpoint: new URL(signedIn.world.sandbox.importEndpoint), token: signedIn.apiToken, transport: signedIn.transport, deadlineMs: 10_000,
    hooks: { sleep: async () => undefined, ...hooks },
  });

  /** The guard as the editor runs it (guardStep.ts). */
  async function guard(items: PlanItem[]): Promise<void> {
    const ownAuthorId = apiTokenSubject(signedIn.apiToken);
    await guardPlan(items, { pages: signedIn.pages, noAccessReason: 'not signed in', lookUpCreates: false, ...(ownAuthorId ? { ownAuthorId } : {}) });
  }

  /** Publishing files from the Explorer (publishMany.ts): plan from the links, guard, run, record each end as it ends. */
  async function publishMany(files: SourceFile[], links: GlobalStateLinkStore): Promise<{ plan: PlanItem[]; results: FileResult[] }> {
    const known = new Map<string, PageLink | undefined>();
    for (const file of files) known.set(file.key, await links.get(file.key));
    const plan = planFiles(files, known, { titleFromFile: true, defaults: DEFAULTS });
    await guard(plan);
    // As publishMany.ts: each send marked in the store before it goes, its end recorded against the mark.
    const marks = sendMarks(links);
    let recording = Promise.resolve();
    const results = await runPlan(plan, {
      concurrency: 2,
      send: (item, target, context) => sendPlanned(item, target, context, settings()),
      beforeSend: (item) => {
        recording = recording.then(() => marks.beforeSend(item));
        return recording;
      },
      onResult: (result) => {
        recording = recording.then(async () => void (await marks.end(result, Date.now())));
      },
    });
    await recording;
    return { plan, results };
  }

  const page = (title: string) => {
    const found = signedIn.world.sandbox.pages().find((candidate) => candidate.title === title && !candidate.deleted);
    assert.ok(found, `"${title}" is on the wiki`);
    return found;
  };

  it('many files: an update the wiki wrote before failing is, after a reload, the file\'s own version, and a colleague\'s edit after it is not', async () => {
    const first = await publishMany([source('# Alpha\n\nOne.\n')], store());
    assert.equal(first.results[0]?.state, 'published');
    signedIn.world.sandbox.injectFaults({ commitThenFailNext: 3 });
    const failed = await publishMany([source('# Alpha\n\nTwo.\n')], store());
    signedIn.world.sandbox.clearFaults();
    assert.deepEqual([failed.results[0]?.state, failed.results[0]?.mayHaveLanded], ['failed', true]);
    assert.equal(page('Alpha').version, 4, 'each attempt landed');
    assert.equal((await store().get(KEY))?.unconfirmedSend, true, 'the link says the send may have landed');

    // A reload, without the Retry's memory: the guard takes those versions for the file's own.
    const again = await publishMany([source('# Alpha\n\nTwo.\n')], store());
    // Its page holds the file's text, as its notice says: nothing goes again, and the mark is cleared.
    assert.deepEqual([again.plan[0]?.guard?.kind, again.results[0]?.state], ['asLeft', 'skipped'], JSON.stringify(again.plan[0]?.guard));
    assert.equal(page('Alpha').version, 4, 'not written again');
    assert.equal((await store().get(KEY))?.unconfirmedSend, undefined, 'the page found as the send left it clears the mark');

    // Once more, then a colleague edits the page: that version is shown, whatever the mark says.
    signedIn.world.sandbox.injectFaults({ commitThenFailNext: 3 });
    await publishMany([source('# Alpha\n\nThree.\n')], store());
    signedIn.world.sandbox.clearFaults();
    signedIn.world.sandbox.editPageOnWiki(page('Alpha').id, '# Alpha\n\nA colleague\'s line.\n');
    const held = await publishMany([source('# Alpha\n\nThree.\n')], store());
    assert.equal(held.plan[0]?.state, 'edited');
    assert.match(page('Alpha').markdown, /A colleague's line/);
  });

  it('one file: a create cancelled while out that landed is, after a reload, taken as the file\'s page and updated, not "already exists"', async () => {
    const links = store();
    const item = planFile(source('# Beta\n\nOne.\n'), await links.get(KEY), { titleFromFile: true, defaults: DEFAULTS });
    await guard([item]);
    // The wiki holds the request, the user cancels the progress notification while it is out, and the wiki then writes it.
    const { sandbox } = signedIn.world;
    sandbox.injectFaults({ latencyMs: 300 });
    const cancel = new AbortController();
    const sending = sendPlanned(item, item.complete as NonNullable<PlanItem['complete']>, { signal: cancel.signal, gate: new ThrottleGate(), content: '# Beta\n\nOne.\n' }, settings());
    await until(() => sandbox.importsInFlight === 1, sending);
    cancel.abort();
    const outcome = await sending;
    assert.equal(outcome.kind, 'cancelled');
    // As publishFile.ts records a cancelled send.
    assert.equal((await recordSendEnd(links, fileResultOf(item, outcome, undefined), Date.now()))?.kind, 'unconfirmed');
    await until(() => sandbox.imports.length === 1, new Promise((resolve) => setTimeout(resolve, 5_000)));
    sandbox.clearFaults();
    assert.equal(page('Beta').version, 1, 'the cancelled create landed');

    const reloaded = store();
    const next = planFile(source('# Beta\n\nTwo.\n'), await reloaded.get(KEY), { titleFromFile: true, defaults: DEFAULTS });
    await guard([next]);
    assert.equal(next.guard?.kind, 'asLeft');
    assert.equal(sendKind(next), 'update');
    const sent = await sendPlanned(next, next.complete as NonNullable<PlanItem['complete']>, { signal: new AbortController().signal, gate: new ThrottleGate(), content: '# Beta\n\nTwo.\n' }, settings());
    assert.equal(sent.kind, 'updated');
    assert.equal((await recordSendEnd(reloaded, fileResultOf(next, sent, undefined), Date.now()))?.kind, 'landed');
    assert.equal(signedIn.world.sandbox.pages().filter((each) => each.title === 'Beta').length, 1, 'no second page');
    assert.match(page('Beta').markdown, /Two\./);
  });

  it('one file: a window that dies while its create is out (no end recorded) leaves the mark; after a reload the page is the file\'s', async () => {
    const links = store();
    const item = planFile(source('# Epsilon\n\nOne.\n'), await links.get(KEY), { titleFromFile: true, defaults: DEFAULTS });
    await guard([item]);
    const { sandbox } = signedIn.world;
    sandbox.injectFaults({ latencyMs: 300 });
    // As publishFile.ts: the mark first, then the request; the window is gone before the answer, so no end is recorded.
    await sendMarks(links).beforeSend(item);
    const sending = sendPlanned(item, item.complete as NonNullable<PlanItem['complete']>, { signal: new AbortController().signal, gate: new ThrottleGate(), content: '# Epsilon\n\nOne.\n' }, settings());
    assert.equal((await sending).kind, 'created');
    sandbox.clearFaults();

    const reloaded = store();
    assert.equal((await reloaded.get(KEY))?.unconfirmedSend, true, 'the mark outlived the window');
    const next = planFile(source('# Epsilon\n\nTwo.\n'), await reloaded.get(KEY), { titleFromFile: true, defaults: DEFAULTS });
    await guard([next]);
    assert.deepEqual([next.guard?.kind, sendKind(next)], ['asLeft', 'update'], 'the page the create made is the file\'s');
    const sent = await sendPlanned(next, next.complete as NonNullable<PlanItem['complete']>, { signal: new AbortController().signal, gate: new ThrottleGate(), content: '# Epsilon\n\nTwo.\n' }, settings());
    assert.equal(sent.kind, 'updated', 'not "already exists"');
    assert.equal(sandbox.pages().filter((each) => each.title === 'Epsilon').length, 1, 'no second page');
  });

  it('with the store full (500 files published before), a create cancelled while out that landed is still, after a reload, the file\'s page', async () => {
    const links = store();
    // Files this user published earlier (from days ago to a minute ago): each link's publishedAt is after the mark's 0.
    for (let index = 0; index < 500; index++) {
      await links.set(`file:///w/other/${index}.md`, { spaceId: 'DOCS', parentId: '123456', pageTitle: `Other ${index}`, pageId: String(900_000 + index), version: 1, publishedAt: Date.now() - 60_000 - index * 60_000 });
    }
    const item = planFile(source('# Delta\n\nOne.\n'), await links.get(KEY), { titleFromFile: true, defaults: DEFAULTS });
    await guard([item]);
    const { sandbox } = signedIn.world;
    sandbox.injectFaults({ latencyMs: 300 });
    const cancel = new AbortController();
    const sending = sendPlanned(item, item.complete as NonNullable<PlanItem['complete']>, { signal: cancel.signal, gate: new ThrottleGate(), content: '# Delta\n\nOne.\n' }, settings());
    await until(() => sandbox.importsInFlight === 1, sending);
    cancel.abort();
    assert.equal((await sending).kind, 'cancelled');
    assert.equal((await recordSendEnd(links, fileResultOf(item, await sending, undefined), Date.now()))?.kind, 'unconfirmed');
    await until(() => sandbox.imports.length === 1, new Promise((resolve) => setTimeout(resolve, 5_000)));
    sandbox.clearFaults();
    assert.equal(page('Delta').version, 1, 'the cancelled create landed');

    const reloaded = store();
    const next = planFile(source('# Delta\n\nTwo.\n'), await reloaded.get(KEY), { titleFromFile: true, defaults: DEFAULTS });
    await guard([next]);
    assert.deepEqual([next.guard?.kind, sendKind(next)], ['asLeft', 'update'], 'the mark was kept, not pruned as the oldest link');
    const sent = await sendPlanned(next, next.complete as NonNullable<PlanItem['complete']>, { signal: new AbortController().signal, gate: new ThrottleGate(), content: '# Delta\n\nTwo.\n' }, settings());
    assert.equal(sent.kind, 'updated', 'not "already exists"');
    assert.match(page('Delta').markdown, /Two\./);
    assert.equal(await reloaded.get('file:///w/other/0.md'), undefined, 'the link written longest ago made room');
  });

  it('a send known not to have landed leaves the link as it was', async () => {
    await publishMany([source('# Gamma\n\nOne.\n')], store());
    const before = await store().get(KEY);
    // A 400 for a bad parent is an answer: nothing was written.
    const refused = await publishMany([source('---\nwiki:\n  parentId: "999999"\n---\n# Gamma\n\nTwo.\n')], store());
    assert.deepEqual([refused.results[0]?.state, refused.results[0]?.mayHaveLanded], ['failed', false]);
    assert.deepEqual(await store().get(KEY), before);
  });
});
