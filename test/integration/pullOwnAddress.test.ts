// Pull and Compare against the sandbox wiki where the file names another file's page twice: by its file
// (`../reference/api.md`, which the publish sends as the page's address) and by the page's wiki address written out.
// On the wiki both are the address; each is written back as the file writes it, so a colleague's edit of the line with
// the written-out address keeps the address, never the link to the file.
import assert from 'node:assert/strict';
import { rewriteLinks } from '../../src/core/links/rewrite';
import { manifestPageIdOf, MemoryPullBaseStore, pageInFileForms, pullPage } from '../../src/core/pull';
import { colleagueEdits, exportOf, publishForPull } from '../support/pullHarness';
import { useSignedInWorld } from '../support/signedInWorld';

const OPTIONS = { defaults: { spaceId: 'DOCS', parentId: '123456', overwrite: true }, titleFromFile: true };
const KEY = 'file:///repo/guide/setup.md';

describe('Pull and Compare against the sandbox wiki: a page address the file writes out', () => {
  const signedIn = useSignedInWorld();

  for (const style of ['stored', 'converted'] as const) {
    it(`${style} export: the written-out address stays an address beside the link to the page's file`, async () => {
      signedIn.world.sandbox.setExportStyle(style);
      const bases = new MemoryPullBaseStore();
      const api = await publishForPull(signedIn, bases, { key: 'file:///repo/reference/api.md', label: 'reference/api.md', text: '# API\n\n## Errors\n', link: undefined, options: OPTIONS });
      const apiId = api.link.pageId as string;
      const apiUrl = `${signedIn.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${apiId}/API`;
      const pageIdOf = manifestPageIdOf(new Map([['reference/api.md', { id: apiId, title: 'API' }]]), 'guide/setup.md');
      // As a run sends it: the link to the file as the page's address; the address the file writes as written.
      const sent = (content: string): string => rewriteLinks(content, {
        filePath: 'guide/setup.md', resolvePage: (path) => (path === 'reference/api.md' ? { url: apiUrl, title: 'API', headings: ['API', 'Errors'] } : undefined),
      }).markdown;
      const text = `# Setup\n\nSee [the API](../reference/api.md).\n\nBookmark [the API page](${apiUrl}) on the wiki.\n`;
      const { link } = await publishForPull(signedIn, bases, { key: KEY, label: 'guide/setup.md', text, link: undefined, sent, options: OPTIONS });
      colleagueEdits(signedIn, link.pageId as string, (stored) => stored.replace('on the wiki.', 'on the wiki, please.'));
      const base = await bases.get(KEY);
      assert.ok(base);
      const expected = text.replace('on the wiki.', 'on the wiki, please.');

      const outcome = await pullPage({ ours: text, link, base, pages: signedIn.pages, exportMarkdown: exportOf(signedIn), linkedPages: async () => pageIdOf });
      assert.ok(outcome.kind === 'merged', outcome.kind);
      assert.equal(outcome.text, expected);

      const compared = pageInFileForms(await exportOf(signedIn)(link.pageId as string), text, pageIdOf, undefined, { file: base.fileText, page: base.markdown });
      const lines = (markdown: string): string[] => markdown.split('\n').filter((line) => line.trim() !== '');
      assert.deepEqual(lines(compared).filter((line) => line.includes('](')), lines(expected).filter((line) => line.includes('](')), 'Compare shows each link as the file writes it');
    });
  }
});
