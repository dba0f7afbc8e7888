// Pull (issue 15 section 2) end to end through the core against the sandbox world: a publish signed in keeps the
// page's export as the base, a colleague edits the page on the wiki, Pull merges that edit into the file, and the
// next publish is an ordinary update the guard lets through. The sandbox exports in the converted style (other
// bullets, `_em_`, escapes, blank lines), as a real wiki's export does.
import assert from 'node:assert/strict';
import { exportPageMarkdown } from '../../src/core/export';
import { identifyPage, withIdentity } from '../../src/core/links/pageIdentity';
import type { PageLink } from '../../src/core/links/pageLink';
import { rewriteLinks } from '../../src/core/links/rewrite';
import { baseAfterPull, captureBase, holdsPulledEdit, linkAfterPull, MemoryPullBaseStore, pullPage, type PullOutcome } from '../../src/core/pull';
import { guardPlan } from '../../src/core/run/guard';
import { planFile } from '../../src/core/run/plan';
import { linkAfterPublish } from '../../src/core/run/publishedLink';
import { heldContent } from '../../src/core/run/plannedContent';
import { ThrottleGate } from '../../src/core/run/runner';
import { sendPlanned } from '../../src/core/run/send';
import { useSignedInWorld } from '../support/signedInWorld';

const FILE = 'file:///docs/release.md';
const TEXT = [
  '---', 'wiki:', '  spaceId: DOCS', '  parentId: "123456"', '  pageTitle: Release notes', '---', '',
  '# Release notes', '', 'What changed, in *short*: the build_tool moved.', '',
  '- faster start', '- smaller bundle', '', '## Known issues', 'None so far.', '',
].join('\n');

describe('Pull against the sandbox wiki', () => {
  const signedIn = useSignedInWorld();
  let bases: MemoryPullBaseStore;

  beforeEach(() => {
    bases = new MemoryPullBaseStore();
    signedIn.world.sandbox.setExportStyle('converted');
  });

  const exportMarkdown = async (pageId: string, signal: AbortSignal | undefined): Promise<string> => (await exportPageMarkdown({
    apiUrl: signedIn.world.sandbox.exportApiUrl, pageId, transport: signedIn.transport,
    getAccessToken: async () => signedIn.accessToken, ...(signal ? { signal } : {}),
  })).markdown;

  /** What the editor does: plan, guard, send, link, identify, then keep the base. */
  async function publish(text: string, link: PageLink | undefined, linksRewritten = false, diagramRenderer?: string): Promise<{ link: PageLink; guard: string | undefined }> {
    const item = planFile({ key: FILE, label: 'release.md', text }, link, { defaults: { overwrite: true }, ...(diagramRenderer ? { diagramRenderer } : {}) });
    assert.equal(item.state, 'send', item.refusals.map((refusal) => refusal.message).join(' '));
    await guardPlan([item], { pages: signedIn.pages, noAccessReason: 'not signed in' });
    const guard = item.guard?.kind;
    if (item.state !== 'send' || !item.complete) return { link: link as PageLink, guard };
    // As a run sends it: its links to its own headings in the wiki's form (no other file is linked here).
    const content = linksRewritten ? rewriteLinks(heldContent(item), { filePath: 'release.md', resolvePage: () => undefined }).markdown : heldContent(item);
    const outcome = await sendPlanned(item, item.complete, { signal: new AbortController().signal, gate: new ThrottleGate(), content }, {
      endpoint: new URL(signedIn.world.sandbox.importEndpoint), token: signedIn.apiToken, transport: signedIn.transport, deadlineMs: 10_000,
    });
    assert.ok(outcome.kind === 'created' || outcome.kind === 'updated', outcome.message);
    const landed = linkAfterPublish(item, item.complete, Date.now(), outcome.kind);
    const identity = await identifyPage(signedIn.pages, item.complete);
    const known = identity ? withIdentity(landed, identity) : landed;
    const kept = await captureBase(FILE, known, { pages: signedIn.pages, exportMarkdown, store: bases, now: Date.now() });
    assert.equal(kept.kind, 'kept');
    return { link: known, guard };
  }

  function colleagueEdits(pageId: string, edit: (stored: string) => string): void {
    const page = signedIn.world.sandbox.pages().find((candidate) => candidate.id === pageId);
    assert.ok(page);
    signedIn.world.sandbox.editPageOnWiki(pageId, edit(page.markdown));
  }

  function pull(ours: string, link: PageLink): Promise<PullOutcome> {
    return bases.get(FILE).then((base) => pullPage({ ours, link, base, pages: signedIn.pages, exportMarkdown }));
  }

  it('keeps the export of the version it published, merges a colleague\'s line into the file, and publishes next with no warning', async () => {
    const first = await publish(TEXT, undefined);
    assert.equal(first.link.version, 1);
    const base = await bases.get(FILE);
    assert.equal(base?.version, 1);
    assert.match(base?.markdown ?? '', /^\* faster start$/m, 'the base is the export (converted style), not the file');

    colleagueEdits(first.link.pageId as string, (stored) => stored.replace('- smaller bundle\n', '- smaller bundle\n- a colleague\'s line\n'));
    const ours = TEXT.replace('None so far.', 'None so far, checked here.');
    const outcome = await pull(ours, first.link);
    assert.equal(outcome.kind, 'merged');
    assert.ok(outcome.kind === 'merged');
    // Only the colleague's line arrives (as the export writes it, with the file's bullet, so the list stays one list);
    // every other line is as the file wrote it.
    assert.equal(outcome.text, ours.replace('- smaller bundle\n', '- smaller bundle\n- a colleague\'s line\n'));

    const seen = linkAfterPull(first.link, outcome.page);
    assert.equal(seen.version, 2);
    await bases.set(FILE, baseAfterPull(outcome.page, outcome.theirs, Date.now()));
    const second = await publish(outcome.text, seen);
    assert.equal(second.guard, 'asLeft', 'the guard sees the page as this file left it: no warning');
    assert.equal(second.link.version, 3);
    assert.match(signedIn.world.sandbox.pages().find((page) => page.id === first.link.pageId)?.markdown ?? '', /a colleague's line[\s\S]*checked here/);
  });

  it('a colleague\'s edit of a table-of-contents line merges: its link to a heading of the page stays as the file writes it', async () => {
    const withToc = TEXT.replace('# Release notes\n', '# Release notes\n\n- [Known issues](#known-issues)\n- [What changed](#release-notes)\n');
    const first = await publish(withToc, undefined, true);
    const stored = signedIn.world.sandbox.pages().find((page) => page.id === first.link.pageId)?.markdown ?? '';
    assert.match(stored, /\[Known issues\]\(#Known-issues\)/, 'sent in the wiki\'s anchor form');
    colleagueEdits(first.link.pageId as string, (page) => page.replace('[Known issues](#Known-issues)', '[Known issues, if any](#Known-issues)'));
    const ours = withToc.replace('None so far.', 'None so far, checked here.');
    const outcome = await pull(ours, first.link);
    assert.equal(outcome.kind, 'merged', outcome.kind === 'conflicts' ? outcome.text : outcome.kind);
    assert.ok(outcome.kind === 'merged');
    assert.equal(outcome.text, ours.replace('- [Known issues](#known-issues)', '- [Known issues, if any](#known-issues)'));
  });

  it('writes conflict markers when the file and the wiki changed the same line, and preflight then refuses to publish', async () => {
    const first = await publish(TEXT, undefined);
    colleagueEdits(first.link.pageId as string, (stored) => stored.replace('None so far.', 'One, found on the wiki.'));
    const outcome = await pull(TEXT.replace('None so far.', 'Two, found here.'), first.link);
    assert.equal(outcome.kind, 'conflicts');
    assert.ok(outcome.kind === 'conflicts');
    assert.equal(outcome.conflicts, 1);
    assert.match(outcome.text, /<<<<<<< ours\nTwo, found here\.\n=======\nOne, found on the wiki\.\n>>>>>>> wiki\n/);
    const item = planFile({ key: FILE, label: 'release.md', text: outcome.text }, linkAfterPull(first.link, outcome.page));
    assert.equal(item.state, 'refused');
    assert.deepEqual(item.refusals.map((refusal) => refusal.code), ['conflictMarkers']);
    assert.match(item.refusals[0]?.message ?? '', /a conflict between its text and the wiki's/);
  });

  it('a conflict inside a code block takes in the whole block, and preflight refuses the file until it is resolved', async () => {
    const withCode = TEXT.replace('## Known issues', '```sh\nnpm ci\nnpm test\n```\n\n## Known issues');
    const first = await publish(withCode, undefined);
    colleagueEdits(first.link.pageId as string, (stored) => stored.replace('npm test', 'npm test -- --ci'));
    const outcome = await pull(withCode.replace('npm test', 'npm run test:all'), first.link);
    assert.equal(outcome.kind, 'conflicts');
    assert.ok(outcome.kind === 'conflicts');
    assert.match(outcome.text, /\n<<<<<<< ours\n```sh\nnpm ci\nnpm run test:all\n```\n=======\n```sh\nnpm ci\nnpm test -- --ci\n```\n>>>>>>> wiki\n\n## Known issues\n/);
    const item = planFile({ key: FILE, label: 'release.md', text: outcome.text }, linkAfterPull(first.link, outcome.page));
    assert.deepEqual(item.refusals.map((refusal) => refusal.code), ['conflictMarkers'], 'its markers would otherwise go to the wiki as code');
  });

  it('a colleague\'s edit beside a diagram published as an image merges, and the file keeps the diagram\'s source', async () => {
    const withDiagram = TEXT.replace('## Known issues', '```mermaid\ngraph TD\n  build --> ship\n```\n\n## Known issues');
    const first = await publish(withDiagram, undefined, false, 'https://kroki.example.test');
    const stored = signedIn.world.sandbox.pages().find((page) => page.id === first.link.pageId)?.markdown ?? '';
    assert.match(stored, /^!\[Diagram 1\]\(https:\/\/kroki\.example\.test\/mermaid\/png\/\S+\)$/m, 'the page holds the diagram as an image');
    colleagueEdits(first.link.pageId as string, (page) => page.replace('## Known issues', '## Known issues, as of today'));
    const ours = withDiagram.replace('the build_tool moved.', 'the build_tool moved, checked here.');
    const outcome = await pull(ours, first.link);
    // Without the fence written back, the image beside the colleague's line met the file's fence: a conflict whose
    // wiki side would have replaced the diagram's source with the image.
    assert.equal(outcome.kind, 'merged', outcome.kind === 'conflicts' ? outcome.text : outcome.kind);
    assert.ok(outcome.kind === 'merged');
    assert.equal(outcome.text, ours.replace('## Known issues', '## Known issues, as of today'));
    assert.equal(holdsPulledEdit(outcome.text, outcome.pulled), true);

    // A diagram the colleague took off the page goes from the file too: that is their edit.
    await bases.set(FILE, baseAfterPull(outcome.page, outcome.theirs, Date.now()));
    colleagueEdits(first.link.pageId as string, (page) => page.replace(/^!\[Diagram 1\]\(\S+\)\n\n/m, ''));
    const removed = await pull(outcome.text, linkAfterPull(first.link, outcome.page));
    assert.equal(removed.kind === 'merged' && removed.text, outcome.text.replace(/```mermaid\n[^`]*```\n\n/, ''));
  });

  it('without a base for the linked version says so and merges nothing', async () => {
    const first = await publish(TEXT, undefined);
    colleagueEdits(first.link.pageId as string, (stored) => `${stored}\nMore from the wiki.\n`);
    // The pages its links name are found only for a merge: a pull that ends before reads no file for them.
    let linksLookedUp = 0;
    const linkedPages = async () => {
      linksLookedUp++;
      return undefined;
    };
    assert.deepEqual(await pullPage({ ours: TEXT, link: first.link, base: undefined, pages: signedIn.pages, exportMarkdown, linkedPages }), { kind: 'noBase', reason: 'none' });
    const stale = { ...(await bases.get(FILE))!, version: 7 };
    assert.deepEqual(await pullPage({ ours: TEXT, link: first.link, base: stale, pages: signedIn.pages, exportMarkdown, linkedPages }), { kind: 'noBase', reason: 'otherVersion' });
    assert.deepEqual(await pullPage({ ours: TEXT, link: { ...first.link, pageId: undefined }, base: stale, pages: signedIn.pages, exportMarkdown, linkedPages }), { kind: 'notLinked' });
    assert.equal(linksLookedUp, 0);
    const merged = await pullPage({ ours: TEXT, link: first.link, base: await bases.get(FILE), pages: signedIn.pages, exportMarkdown, linkedPages });
    assert.equal(merged.kind, 'merged');
    assert.equal(linksLookedUp, 1, 'asked once when there is something to merge');
  });

  it('never keeps a colleague\'s edit as the base: the page moved past the published version before the export', async () => {
    const first = await publish(TEXT, undefined);
    bases.bases.clear();
    colleagueEdits(first.link.pageId as string, (stored) => `${stored}\nA colleague was quicker.\n`);
    const kept = await captureBase(FILE, first.link, { pages: signedIn.pages, exportMarkdown, store: bases, now: Date.now() });
    assert.deepEqual(kept, { kind: 'skipped', reason: 'changed' });
    assert.equal(await bases.get(FILE), undefined);
  });

  it('says there is nothing to pull from a page deleted on the wiki', async () => {
    const first = await publish(TEXT, undefined);
    signedIn.world.sandbox.deletePage(first.link.pageId as string);
    assert.deepEqual(await pull(TEXT, first.link), { kind: 'deleted', pageId: first.link.pageId });
  });

  it('finds nothing new when the wiki\'s newer version only restyled the page', async () => {
    const first = await publish(TEXT, undefined);
    colleagueEdits(first.link.pageId as string, (stored) => stored.replace(/^- /gm, '+ '));
    const outcome = await pull(TEXT, first.link);
    assert.equal(outcome.kind, 'nothingNew');
    assert.equal(outcome.kind === 'nothingNew' && outcome.page.version, 2);
  });
});
