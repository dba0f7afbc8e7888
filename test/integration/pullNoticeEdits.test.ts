// Pull and Compare against the sandbox wiki when a colleague edits the publish notice itself: links put on its words
// or after it, and the notice moved into a quote or a list item. The notice still comes off, whatever they did to it;
// what they added comes into the file; and the next publish leaves one notice on the page.
import assert from 'node:assert/strict';
import { baseAfterPull, linkAfterPull, MemoryPullBaseStore, pageInFileForms, pullPage } from '../../src/core/pull';
import { exportOf, publishForPull } from '../support/pullHarness';
import { useSignedInWorld } from '../support/signedInWorld';

const FILE = 'file:///docs/notes.md';
const LABEL = 'notes.md';
const OPTIONS = { defaults: { spaceId: 'DOCS', parentId: '123456', overwrite: true }, titleFromFile: true };
const TEXT = '# Notes\n\nAlpha line.\n\nGamma line.\n';

describe('Pull and Compare against the sandbox wiki: a notice a colleague linked, quoted or listed', () => {
  const signedIn = useSignedInWorld();

  /**
   * Publishes TEXT, lets a colleague edit the notice's lines (the rule's and the notice's), pulls, then publishes the
   * pulled file: the pulled text, Compare's view of the edited page, and the page the next publish left (the file
   * unchanged, when Pull found nothing new, leaves the page as it is).
   */
  async function pulledAfter(edit: (rule: string, notice: string) => string): Promise<{ pulled: string; compared: string; republished: string }> {
    const bases = new MemoryPullBaseStore();
    const { link } = await publishForPull(signedIn, bases, { key: FILE, label: LABEL, text: TEXT, link: undefined, options: OPTIONS });
    const pageId = link.pageId as string;
    const page = (): { imported: string } => signedIn.world.sandbox.pages().find((candidate) => candidate.id === pageId) as { imported: string };
    const lines = page().imported.split('\n');
    const at = lines.findIndex((line) => line.includes('wiki-publisher.v'));
    assert.equal(lines[at - 2], '---', 'the notice\'s rule');
    const edited = [...lines.slice(0, at - 2), edit('---', lines[at] as string), ...lines.slice(at + 1)].join('\n');
    signedIn.world.sandbox.editPageOnWiki(pageId, edited);

    const outcome = await pullPage({ ours: TEXT, link, base: await bases.get(FILE), pages: signedIn.pages, exportMarkdown: exportOf(signedIn), fileLabel: LABEL });
    // A notice only moved is nothing new: the file has all the page holds.
    assert.ok(outcome.kind === 'merged' || outcome.kind === 'nothingNew', `${outcome.kind}: ${edited}`);
    const compared = pageInFileForms(await exportOf(signedIn)(pageId), TEXT, undefined, undefined, undefined, [FILE, LABEL]);
    if (outcome.kind === 'nothingNew') return { pulled: TEXT, compared, republished: page().imported };
    await bases.set(FILE, baseAfterPull(outcome.page, outcome.theirs, Date.now(), outcome.pulled));
    await publishForPull(signedIn, bases, { key: FILE, label: LABEL, text: outcome.text, link: linkAfterPull(link, outcome.page), options: OPTIONS, keep: async () => {} });
    return { pulled: outcome.text, compared, republished: page().imported };
  }

  for (const style of ['stored', 'converted'] as const) {
    const links: Array<[string, (notice: string) => string, string]> = [
      ['a link on a word of the notice', (notice) => notice.replace('with Wiki Publisher.', 'with [Wiki Publisher](https://wp.example/about).'), '[Wiki Publisher](https://wp.example/about)'],
      ['a link on words of its request', (notice) => notice.replace('Edit the file in', 'Edit [the file](https://git.example/notes.md) in'), '[the file](https://git.example/notes.md)'],
      ['a sentence with a link after it', (notice) => `${notice} See [the runbook](https://x.example/rb).`, 'See [the runbook](https://x.example/rb).'],
      ['a link on emphasised words of its request', (notice) => notice.replace('this page', '[_this page_](https://wp.example/p)'), '[_this page_](https://wp.example/p)'],
    ];
    for (const [what, edit, kept] of links) {
      it(`${style} export: ${what} comes into the file as a paragraph of its own, the notice does not, and the next publish leaves one notice`, async () => {
        signedIn.world.sandbox.setExportStyle(style);
        const { pulled, compared, republished } = await pulledAfter((rule, notice) => `${rule}\n\n${edit(notice)}`);
        assert.equal(pulled, `${TEXT}\n${kept}\n`);
        assert.equal(compared, `${TEXT}\n${kept}\n`, 'Compare shows only the link');
        assert.equal(republished.match(/Published from/g)?.length, 1, republished);
        assert.ok(republished.includes(kept), republished);
      });
    }

    const moves: Array<[string, (rule: string, notice: string) => string]> = [
      ['quoted', (rule, notice) => `${rule}\n\n> ${notice}`],
      ['quoted with its rule', (rule, notice) => `> ${rule}\n>\n> ${notice}`],
      ['made a list item', (rule, notice) => `${rule}\n\n- ${notice}`],
      ['made the last item of a colleague\'s list', (_rule, notice) => `- Beta item.\n- ${notice}`],
    ];
    for (const [what, move] of moves) {
      it(`${style} export: the file's own notice ${what} is still its notice: Pull and Compare leave it out, the next publish leaves one notice`, async () => {
        signedIn.world.sandbox.setExportStyle(style);
        const { pulled, compared, republished } = await pulledAfter(move);
        const expected = what.includes('colleague\'s list') ? `${TEXT}\n${style === 'converted' ? '*' : '-'} Beta item.\n` : TEXT;
        assert.equal(pulled, expected);
        assert.equal(compared, expected);
        assert.equal(republished.match(/Published from/g)?.length, 1, republished);
      });
    }

    for (const [what, move] of moves) {
      it(`${style} export: the file's own notice ${what} with a link a colleague put on its words: only the link comes into the file, outside`, async () => {
        signedIn.world.sandbox.setExportStyle(style);
        const kept = '[Wiki Publisher](https://wp.example/about)';
        const { pulled, compared, republished } = await pulledAfter((rule, notice) => move(rule, notice.replace('with Wiki Publisher.', `with ${kept}.`)));
        const expected = what.includes('colleague\'s list') ? `${TEXT}\n${style === 'converted' ? '*' : '-'} Beta item.\n\n${kept}\n` : `${TEXT}\n${kept}\n`;
        assert.equal(pulled, expected);
        assert.equal(compared, expected);
        assert.equal(republished.match(/Published from/g)?.length, 1, republished);
      });
    }

    it(`${style} export: the notice moved to the end of a colleague's quote goes alone; their words stay quoted`, async () => {
      signedIn.world.sandbox.setExportStyle(style);
      const { pulled, republished } = await pulledAfter((rule, notice) => `${rule}\n\n> Bob: this page is reviewed monthly.\n>\n> ${notice}`);
      assert.equal(pulled, `${TEXT}\n---\n\n> Bob: this page is reviewed monthly.\n`);
      assert.equal(republished.match(/Published from/g)?.length, 1, republished);
    });

    it(`${style} export: the notice sharing a quoted paragraph with a colleague's words stays, as their text`, async () => {
      signedIn.world.sandbox.setExportStyle(style);
      const { pulled } = await pulledAfter((rule, notice) => `${rule}\n\n> Bob says: ${notice}`);
      assert.match(pulled, /\n> Bob says: [*_]Published from /);
    });

    it(`${style} export: another file's notice quoted where the page's own was stays, as the colleague's text`, async () => {
      signedIn.world.sandbox.setExportStyle(style);
      const { pulled } = await pulledAfter((rule, notice) => `${rule}\n\n> ${notice.replace(/\.([0-9a-f]{8})>/, '.0badf00d>')}`);
      assert.match(pulled, /\n> [*_]Published from .*\.0badf00d>/);
    });
  }
});
