// Pull and Compare against the sandbox wiki around the page's publish notice: the notice is taken off the page as the
// file would hold it, and nothing else is. A file about this tool may quote a notice, marker and all: once a colleague
// takes the page's own notice away (or with notices off), that quote is the last notice-shaped paragraph on the page,
// and it is the file's text, never the notice.
import assert from 'node:assert/strict';
import { MemoryPullBaseStore, baseAfterPull, captureBase, linkAfterPull, pageInFileForms, pullPage } from '../../src/core/pull';
import { identifyPage, withIdentity } from '../../src/core/links/pageIdentity';
import { guardPlan } from '../../src/core/run/guard';
import { planFile } from '../../src/core/run/plan';
import { linkAfterPublish } from '../../src/core/run/publishedLink';
import { heldContent } from '../../src/core/run/plannedContent';
import { ThrottleGate } from '../../src/core/run/runner';
import { sendPlanned } from '../../src/core/run/send';
import type { PageLink } from '../../src/core/links/pageLink';
import { exportOf, publishForPull } from '../support/pullHarness';
import { useSignedInWorld } from '../support/signedInWorld';

const FILE = 'file:///docs/about.md';
const OPTIONS = { defaults: { spaceId: 'DOCS', parentId: '123456', overwrite: true }, titleFromFile: true };
const QUOTED = '*Published from [docs/x.md](<https://git.example/x.md#wiki-publisher.v3.0123456789abcdef0123.01234567>) with Wiki Publisher. Edit the file in its repository rather than this page.*';
const TEXT = `# Using Wiki Publisher\n\nEvery page ends like this:\n\n---\n\n${QUOTED}\n`;

describe('Pull and Compare against the sandbox wiki: the publish notice, and a file that quotes one', () => {
  const signedIn = useSignedInWorld();
  let bases: MemoryPullBaseStore;
  beforeEach(() => {
    bases = new MemoryPullBaseStore();
    signedIn.world.sandbox.setExportStyle('stored');
  });
  const page = (pageId: string): { imported: string } => {
    const found = signedIn.world.sandbox.pages().find((candidate) => candidate.id === pageId);
    assert.ok(found);
    return found;
  };

  it('a colleague who takes the page\'s notice away leaves the file\'s quoted notice to it: Pull keeps it, Compare shows it', async () => {
    const { link } = await publishForPull(signedIn, bases, { key: FILE, label: 'about.md', text: TEXT, link: undefined, options: OPTIONS });
    const pageId = link.pageId as string;
    const withoutItsNotice = page(pageId).imported.replace(/\n---\n\n\*Published from \[about\\\.md\][^\n]*\n$/, '');
    assert.notEqual(withoutItsNotice, page(pageId).imported, 'the page\'s own notice is there to take away');
    signedIn.world.sandbox.editPageOnWiki(pageId, withoutItsNotice.replace('like this:', 'like so:'));

    const outcome = await pullPage({ ours: TEXT, link, base: await bases.get(FILE), pages: signedIn.pages, exportMarkdown: exportOf(signedIn) });
    assert.ok(outcome.kind === 'merged', outcome.kind);
    assert.equal(outcome.text, TEXT.replace('like this:', 'like so:'));
    assert.equal(pageInFileForms(await exportOf(signedIn)(pageId), TEXT, undefined), TEXT.replace('like this:', 'like so:'));
  });

  it('with notices off, Compare shows the quoted notice on the page, and Pull of a colleague\'s edit keeps it', async () => {
    const item = planFile({ key: FILE, label: 'about.md', text: TEXT }, undefined, OPTIONS);
    await guardPlan([item], { pages: signedIn.pages, noAccessReason: 'not signed in' });
    assert.ok(item.complete);
    const outcome = await sendPlanned(item, item.complete, { signal: new AbortController().signal, gate: new ThrottleGate(), content: heldContent(item) }, {
      endpoint: new URL(signedIn.world.sandbox.importEndpoint), token: signedIn.apiToken, transport: signedIn.transport, deadlineMs: 10_000, notice: { off: true },
    });
    assert.ok(outcome.kind === 'created', outcome.message);
    const landed = linkAfterPublish(item, item.complete, Date.now(), outcome.kind);
    const identity = await identifyPage(signedIn.pages, item.complete);
    const link: PageLink = identity ? withIdentity(landed, identity) : landed;
    const pageId = link.pageId as string;
    assert.equal(page(pageId).imported, TEXT, 'published as it is, no notice of its own');
    const kept = await captureBase(FILE, link, { pages: signedIn.pages, exportMarkdown: exportOf(signedIn), store: bases, now: Date.now(), file: { text: TEXT, settings: {} } });
    assert.ok(kept.kind === 'kept');
    assert.equal(kept.base.markdown, TEXT, 'the base holds the quote');
    assert.equal(pageInFileForms(await exportOf(signedIn)(pageId), TEXT, undefined), TEXT, 'Compare: no difference');

    signedIn.world.sandbox.editPageOnWiki(pageId, TEXT.replace('like this:', 'like so:'));
    const pulled = await pullPage({ ours: TEXT, link, base: await bases.get(FILE), pages: signedIn.pages, exportMarkdown: exportOf(signedIn) });
    assert.ok(pulled.kind === 'merged', pulled.kind);
    assert.equal(pulled.text, TEXT.replace('like this:', 'like so:'));
  });

  it('the page\'s own notice still comes off, the quote above it stays', async () => {
    const { link } = await publishForPull(signedIn, bases, { key: FILE, label: 'about.md', text: TEXT, link: undefined, options: OPTIONS });
    assert.equal((await bases.get(FILE))?.markdown, TEXT, 'the base: the page without its own notice, with the quote');
    assert.equal(pageInFileForms(await exportOf(signedIn)(link.pageId as string), TEXT, undefined), TEXT);
  });
});

describe('Pull against the sandbox wiki: words a colleague typed on the notice\'s own line', () => {
  const signedIn = useSignedInWorld();
  const text = '# Notes\n\nAlpha line.\n\nGamma line.\n';
  const cases: Array<[string, (notice: string) => string, string]> = [
    ['after it', (notice) => `${notice} Bob: checked on staging.`, 'Bob: checked on staging.'],
    ['in place of its second sentence', (notice) => notice.replace(/ Edit the file in its repository rather than this page\.([*_])$/, ' Ask Bob before editing.$1'), 'Ask Bob before editing.'],
  ];

  for (const style of ['stored', 'converted'] as const) {
    for (const [where, typed, words] of cases) {
      it(`${style} export: words typed ${where} come into the file as a paragraph of their own, and the next publish leaves one notice`, async () => {
        signedIn.world.sandbox.setExportStyle(style);
        const bases = new MemoryPullBaseStore();
        const { link } = await publishForPull(signedIn, bases, { key: FILE, label: 'notes.md', text, link: undefined, options: OPTIONS });
        const pageId = link.pageId as string;
        const page = (): { imported: string } => signedIn.world.sandbox.pages().find((candidate) => candidate.id === pageId) as { imported: string };
        const lines = page().imported.split('\n');
        const at = lines.findIndex((line) => line.includes('wiki-publisher.v'));
        lines[at] = typed(lines[at] as string);
        signedIn.world.sandbox.editPageOnWiki(pageId, lines.join('\n'));

        const outcome = await pullPage({ ours: text, link, base: await bases.get(FILE), pages: signedIn.pages, exportMarkdown: exportOf(signedIn) });
        assert.ok(outcome.kind === 'merged', outcome.kind);
        const kept = outcome.text.slice(text.length);
        assert.ok(outcome.text.startsWith(text), outcome.text);
        assert.match(kept, new RegExp(`^\\n[*_]?${words.replace(/[.]/g, '\\.')}[*_]?\\n$`), 'only the colleague\'s words come in');

        await bases.set(FILE, baseAfterPull(outcome.page, outcome.theirs, Date.now(), outcome.pulled));
        await publishForPull(signedIn, bases, { key: FILE, label: 'notes.md', text: outcome.text, link: linkAfterPull(link, outcome.page), options: OPTIONS, keep: async () => {} });
        assert.equal(page().imported.match(/Published from/g)?.length, 1, page().imported);
        assert.ok(page().imported.includes(words), page().imported);
      });
    }
  }
});
