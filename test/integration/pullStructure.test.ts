// Pull against the sandbox wiki where a colleague's edit changes the page's blocks by a blank line alone, or a line of
// code in a fence a container holds, or adds a list item beside a list of the other kind. A blank line ends a paragraph
// (CommonMark 4.8) and makes a list loose (5.3); a fence's lines are code wherever the fence stands (4.5). Such an edit
// is a change Pull brings, in both export styles; a blank line that changes no block is none.
import assert from 'node:assert/strict';
import type { PageLink } from '../../src/core/links/pageLink';
import { baseAfterPull, holdsPulledEdit, linkAfterPull, MemoryPullBaseStore, pullPage, type PullOutcome } from '../../src/core/pull';
import type { ExportStyle } from '../sandbox/sandboxExportStyle';
import { colleagueEdits, exportOf, publishForPull } from '../support/pullHarness';
import { useSignedInWorld } from '../support/signedInWorld';

const FILE = 'file:///docs/notes.md';
const FRONT_MATTER = ['---', 'wiki:', '  spaceId: DOCS', '  parentId: "123456"', '  pageTitle: Notes', '---', ''].join('\n');

/** A file's body, the colleague's edit of the page's Markdown, and the body Pull must make of the file. */
interface Case { what: string; body: string; edit: [string, string]; merged: string }

const STRUCTURE: Case[] = [
  { what: 'splits a paragraph in two', body: 'Alpha line.\nBeta line.\n', edit: ['Alpha line.\nBeta line.', 'Alpha line.\n\nBeta line.'], merged: 'Alpha line.\n\nBeta line.\n' },
  { what: 'joins two paragraphs', body: 'Alpha line.\n\nBeta line.\n', edit: ['Alpha line.\n\nBeta line.', 'Alpha line.\nBeta line.'], merged: 'Alpha line.\nBeta line.\n' },
  { what: 'takes indented code into the paragraph before it', body: 'Intro\n\n    code line\n', edit: ['Intro\n\n    code', 'Intro\n    code'], merged: 'Intro\n    code line\n' },
  { what: 'makes a tight list loose', body: 'Shopping:\n\n- apple\n- pear\n', edit: ['- apple\n- pear', '- apple\n\n- pear'], merged: 'Shopping:\n\n- apple\n\n- pear\n' },
  {
    what: 'removes a blank line in a fence nested in a list item',
    body: '- outer\n  - inner\n\n    ```\n    line one\n\n    line three\n    ```\n',
    edit: ['line one\n\n    line three', 'line one\n    line three'],
    merged: '- outer\n  - inner\n\n    ```\n    line one\n    line three\n    ```\n',
  },
  {
    what: 'removes a blank line in a fence after a ``` line indented four spaces (code, no closing fence)',
    body: '```text\nexample\n    ```\n\nafter\n```\n',
    edit: ['    ```\n\nafter', '    ```\nafter'],
    merged: '```text\nexample\n    ```\nafter\n```\n',
  },
];

describe('Pull against the sandbox wiki: blank lines and code that change the page\'s blocks', () => {
  const signedIn = useSignedInWorld();
  let bases: MemoryPullBaseStore;
  beforeEach(() => {
    bases = new MemoryPullBaseStore();
  });
  const exportMarkdown = (pageId: string, signal: AbortSignal | undefined): Promise<string> => exportOf(signedIn)(pageId, signal);

  async function publishThenEdit(body: string, edit: [string, string], style: ExportStyle): Promise<{ link: PageLink; pull: (ours: string) => Promise<PullOutcome> }> {
    signedIn.world.sandbox.setExportStyle(style);
    const { link } = await publishForPull(signedIn, bases, { key: FILE, label: 'notes.md', text: FRONT_MATTER + body, link: undefined });
    colleagueEdits(signedIn, link.pageId as string, (stored) => stored.replace(edit[0], edit[1]));
    const pull = async (ours: string): Promise<PullOutcome> => pullPage({ ours, link, base: await bases.get(FILE), pages: signedIn.pages, exportMarkdown });
    return { link, pull };
  }

  for (const style of ['stored', 'converted'] as const) {
    for (const { what, body, edit, merged } of STRUCTURE) {
      it(`${style} export: a colleague who ${what} is a change Pull brings, and the file then holds it`, async () => {
        const { pull } = await publishThenEdit(body, edit, style);
        const outcome = await pull(FRONT_MATTER + body);
        assert.equal(outcome.kind, 'merged', outcome.kind);
        assert.ok(outcome.kind === 'merged');
        assert.equal(outcome.text, FRONT_MATTER + merged);
        assert.equal(holdsPulledEdit(outcome.text, outcome.pulled), true, 'the merged text holds the wiki\'s edit');
        assert.equal(holdsPulledEdit(FRONT_MATTER + body, outcome.pulled), false, 'the file before the pull does not');
      });
    }
  }

  it('the split pulled and published again stays on the page, with no warning', async () => {
    const body = 'Alpha line.\nBeta line.\n';
    const { link, pull } = await publishThenEdit(body, ['Alpha line.\nBeta line.', 'Alpha line.\n\nBeta line.'], 'converted');
    const outcome = await pull(FRONT_MATTER + body);
    assert.ok(outcome.kind === 'merged', outcome.kind);
    await bases.set(FILE, baseAfterPull(outcome.page, outcome.theirs, Date.now(), outcome.pulled));
    const second = await publishForPull(signedIn, bases, { key: FILE, label: 'notes.md', text: `${outcome.text}Gamma.\n`, link: linkAfterPull(link, outcome.page) });
    assert.equal(second.guard, 'asLeft');
    assert.match(signedIn.world.sandbox.pages().find((page) => page.id === link.pageId)?.markdown ?? '', /^Alpha line\.\n\nBeta line\.\nGamma\.\n/);
  });

  it('a blank line that changes no block (after a heading, before one, a second one) is nothing to pull', async () => {
    const body = '# Notes\nSome text.\n## Next\n\nMore text.\n';
    const { pull } = await publishThenEdit(body, ['# Notes\nSome text.\n## Next\n\nMore', '# Notes\n\nSome text.\n\n## Next\n\n\nMore'], 'stored');
    assert.equal((await pull(FRONT_MATTER + body)).kind, 'nothingNew');
  });

  it('a paragraph split on the wiki where the file changed the line is a conflict, not a silent pick', async () => {
    const body = 'Alpha line.\nBeta line.\n';
    const { pull } = await publishThenEdit(body, ['Alpha line.\nBeta line.', 'Alpha line.\n\nBeta line.'], 'converted');
    const outcome = await pull(FRONT_MATTER + body.replace('Alpha line.', 'Alpha line, edited.'));
    assert.equal(outcome.kind, 'conflicts', outcome.kind);
  });

  it('converted export: an item added at the top of a bullet list after an ordered list takes the bullet list\'s marker', async () => {
    const body = 'Steps:\n\n1. build\n- apple\n- pear\n';
    const { pull } = await publishThenEdit(body, ['- apple', '- fig\n- apple'], 'converted');
    const outcome = await pull(FRONT_MATTER + body);
    assert.ok(outcome.kind === 'merged', outcome.kind);
    assert.equal(outcome.text, `${FRONT_MATTER}Steps:\n\n1. build\n- fig\n- apple\n- pear\n`);
  });
});
