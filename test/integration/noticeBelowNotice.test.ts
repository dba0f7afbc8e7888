// What a colleague adds below a page's publish notice stays theirs, against the sandbox wiki: a section whose fenced
// example quotes another page's notice, or a link whose address carries another page's marker. Pull brings it into the
// file as written, without the page's own notice, and the next publish is not refused as another file's page; neither
// is one without a Pull (the guard reads the marker of the page's notice, not the last marker of its body).
import assert from 'node:assert/strict';
import { MemoryPullBaseStore, linkAfterPull, pageInFileForms, pullPage } from '../../src/core/pull';
import { guardPlan } from '../../src/core/run/guard';
import { planFile } from '../../src/core/run/plan';
import { exportOf, publishForPull } from '../support/pullHarness';
import { useSignedInWorld } from '../support/signedInWorld';

const KEY = 'file:///docs/notes.md';
const OPTIONS = { defaults: { spaceId: 'DOCS', parentId: '123456', overwrite: true }, titleFromFile: true };
const OTHER = 'wiki-publisher.v7.0123456789abcdef0123.89abcdef';
const EXAMPLE = `*Published from [docs/other.md](<https://git.example/docs/other.md#${OTHER}>) with Wiki Publisher. Edit the file in its repository rather than this page.*`;
// Each with whether the page's body still tells it from a notice: the wiki shows raw HTML as text (the converter
// escapes it), so a comment quoting a notice is, on the page, a paragraph quoting one, like any other.
const ADDITIONS: Record<string, { added: string; toldApartOnThePage: boolean }> = {
  'a fenced example of another page\'s notice': { added: `\n## How our generated pages end\n\n\`\`\`md\n${EXAMPLE}\n\`\`\`\n`, toldApartOnThePage: true },
  'an HTML comment quoting one': { added: `\n<!--\n${EXAMPLE}\n-->\n`, toldApartOnThePage: false },
  'a link carrying another page\'s marker': { added: `\nMoved here from [the old page](https://git.example/o.md#${OTHER}).\n`, toldApartOnThePage: true },
};

describe('Pull and the edit guard against the sandbox wiki: a colleague\'s text below the page\'s notice', () => {
  const signedIn = useSignedInWorld();

  for (const style of ['stored', 'converted'] as const) {
    for (const [name, { added, toldApartOnThePage }] of Object.entries(ADDITIONS)) {
      it(`${style} export, ${name}: Pull brings it in without the notice, and the next publish goes`, async () => {
        signedIn.world.sandbox.setExportStyle(style);
        const bases = new MemoryPullBaseStore();
        const text = '# Notes\n\nAlpha line.\n\nGamma line.\n';
        const { link } = await publishForPull(signedIn, bases, { key: KEY, label: 'notes.md', text, link: undefined, options: OPTIONS });
        const pageId = link.pageId as string;
        const page = signedIn.world.sandbox.pages().find((candidate) => candidate.id === pageId);
        assert.ok(page);
        signedIn.world.sandbox.editPageOnWiki(pageId, page.imported + added);

        if (toldApartOnThePage) {
          // Without a Pull: the file changed here, the page has the colleague's addition.
          const unpulled = planFile({ key: KEY, label: 'notes.md', text: `${text}\nMore.\n` }, link, OPTIONS);
          await guardPlan([unpulled], { pages: signedIn.pages, noAccessReason: 'x' });
          assert.deepEqual(unpulled.refusals.map((refusal) => refusal.message), [], 'not refused as another file\'s page');
        }

        const exported = await exportOf(signedIn)(pageId);
        const compared = pageInFileForms(exported, text, undefined);
        assert.ok(!compared.includes('notes\\.md'), `Compare shows no notice of the page's own: ${JSON.stringify(compared)}`);
        const outcome = await pullPage({ ours: text, link, base: await bases.get(KEY), pages: signedIn.pages, exportMarkdown: exportOf(signedIn) });
        assert.equal(outcome.kind, 'merged');
        assert.ok(outcome.text !== undefined && !outcome.text.includes('notes\\.md'), `no notice of the page's own in the file: ${JSON.stringify(outcome.text)}`);
        assert.ok(outcome.text.includes(OTHER), 'the colleague\'s text keeps its marker');
        if (outcome.kind !== 'merged' || !toldApartOnThePage) return;
        const pulled = planFile({ key: KEY, label: 'notes.md', text: outcome.text }, linkAfterPull(link, outcome.page), OPTIONS);
        await guardPlan([pulled], { pages: signedIn.pages, noAccessReason: 'x' });
        assert.deepEqual(pulled.refusals.map((refusal) => refusal.message), [], 'the next publish is not refused');
      });
    }
  }
});
