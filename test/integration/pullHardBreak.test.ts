// Pull against the sandbox wiki where a line ends in a hard break written with two spaces (CommonMark 6.7). The spaces
// are trailing whitespace, which the merge otherwise leaves out of a line; the break they make is not: a break the file
// added or took away is the file's change of that line, and meets a colleague's change of it as a conflict. An export
// that drops the spaces (the converted style) cannot say whether a colleague kept the break: the file's stays.
import assert from 'node:assert/strict';
import { MemoryPullBaseStore, pullPage, type PullOutcome } from '../../src/core/pull';
import type { ExportStyle } from '../sandbox/sandboxExportStyle';
import { colleagueEdits, exportOf, publishForPull } from '../support/pullHarness';
import { useSignedInWorld } from '../support/signedInWorld';

const OPTIONS = { defaults: { spaceId: 'DOCS', parentId: '123456', overwrite: true }, titleFromFile: true };

describe('Pull against the sandbox wiki: a hard break written with two spaces', () => {
  const signedIn = useSignedInWorld();
  let bases: MemoryPullBaseStore;
  beforeEach(() => {
    bases = new MemoryPullBaseStore();
  });

  /** Publishes `published`, lets a colleague make `edit` of the page, and pulls into `ours`. */
  async function pullAfter(style: ExportStyle, published: string, edit: [string, string], ours: string, label = 'team.md'): Promise<PullOutcome> {
    signedIn.world.sandbox.setExportStyle(style);
    const key = `file:///docs/${label}`;
    const { link } = await publishForPull(signedIn, bases, { key, label, text: published, link: undefined, options: OPTIONS });
    colleagueEdits(signedIn, link.pageId as string, (stored) => stored.replace(edit[0], edit[1]));
    return pullPage({ ours, link, base: await bases.get(key), pages: signedIn.pages, exportMarkdown: exportOf(signedIn) });
  }

  for (const style of ['stored', 'converted'] as const) {
    it(`${style} export: a break the file added to a line a colleague changed is a conflict, not lost`, async () => {
      const outcome = await pullAfter(style, '# Team\n\nAlice Smith\nHead of Docs\n', ['Alice Smith', 'Alice B. Smith'], '# Team\n\nAlice Smith  \nHead of Docs\n');
      assert.equal(outcome.kind, 'conflicts', outcome.kind === 'merged' ? outcome.text : outcome.kind);
      assert.ok(outcome.kind === 'conflicts');
      assert.match(outcome.text, /<<<<<<< [^\n]*\nAlice Smith {2}\n=======\nAlice B\. Smith\n>>>>>>> /);
    });
  }

  it('stored export: a break the file took away from a line a colleague changed is a conflict, not put back', async () => {
    const outcome = await pullAfter('stored', '# Team\n\nAlice Smith  \nHead of Docs\n', ['Alice Smith', 'Alice B. Smith'], '# Team\n\nAlice Smith\nHead of Docs\n');
    assert.equal(outcome.kind, 'conflicts', outcome.kind === 'merged' ? outcome.text : outcome.kind);
  });

  it('stored export: the same break added on both sides is nothing new, and the file\'s break beside a colleague\'s change elsewhere stays', async () => {
    const both = await pullAfter('stored', '# Team\n\nAlice Smith\nHead of Docs\n', ['Alice Smith\n', 'Alice Smith  \n'], '# Team\n\nAlice Smith  \nHead of Docs\n');
    assert.equal(both.kind, 'nothingNew');
    // A file and page of their own: the first is still on the wiki (the same file retitled would be asked about first).
    const elsewhere = await pullAfter('stored', '# Leads\n\nAlice Smith\nHead of Docs\n\nEnd.\n', ['End.', 'The end.'], '# Leads\n\nAlice Smith  \nHead of Docs\n\nEnd.\n', 'leads.md');
    assert.ok(elsewhere.kind === 'merged', elsewhere.kind);
    assert.equal(elsewhere.text, '# Leads\n\nAlice Smith  \nHead of Docs\n\nThe end.\n');
  });

  it('converted export (trailing spaces dropped): a colleague\'s change of a line that ends in the file\'s break keeps the break', async () => {
    const text = '# Team\n\nAlpha one  \nAlpha two\n';
    const outcome = await pullAfter('converted', text, ['Alpha one', 'Alpha uno'], text);
    assert.ok(outcome.kind === 'merged', outcome.kind);
    assert.equal(outcome.text, '# Team\n\nAlpha uno  \nAlpha two\n');
  });
});
