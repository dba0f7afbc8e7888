// Compare against the sandbox wiki at a file's end: what the importer and the exporter normalise there (trailing blank
// lines, a missing last line ending, the line that closes a fence the file left open) is no difference.
import assert from 'node:assert/strict';
import { MemoryPullBaseStore, pageInFileForms } from '../../src/core/pull';
import { colleagueEdits, exportOf, publishForPull } from '../support/pullHarness';
import { useSignedInWorld } from '../support/signedInWorld';

const FILE = 'file:///docs/end.md';
const OPTIONS = { defaults: { spaceId: 'DOCS', parentId: '123456', overwrite: true }, titleFromFile: true };

describe('Compare against the sandbox wiki: a page exactly as published shows no difference at the file\'s end', () => {
  const signedIn = useSignedInWorld();
  const ends: Array<[string, string]> = [
    ['trailing blank lines', '# End\n\nLast line.\n\n\n'],
    ['no final newline', '# End\n\nLast line.'],
    ['an unclosed fence', '# End\n\n```sh\nrun it\n'],
    ['an unclosed fence without a final newline', '# End\n\n```sh\nrun it'],
    ['CRLF and trailing blank lines', '# End\r\n\r\nLast line.\r\n\r\n'],
  ];
  for (const style of ['stored', 'converted'] as const) {
    for (const [what, text] of ends) {
      it(`${what} (${style} export)`, async () => {
        signedIn.world.sandbox.setExportStyle(style);
        const bases = new MemoryPullBaseStore();
        const { link } = await publishForPull(signedIn, bases, { key: FILE, label: 'end.md', text, link: undefined, options: OPTIONS });
        const page = await exportOf(signedIn)(link.pageId as string);
        // The converted export writes LF on every line, a CRLF file's too (an editor's diff reads lines, not endings).
        const expected = style === 'converted' ? text.replace(/\r\n/g, '\n') : text;
        assert.equal(JSON.stringify(pageInFileForms(page, text, undefined)), JSON.stringify(expected), JSON.stringify(page));
      });
    }

    const changes: Array<[string, string, (stored: string) => string, string]> = [
      ['a line added after trailing blank lines', '# End\n\nLast line.\n\n\n', (stored) => `${stored.trimEnd()}\n\nAdded by Bob.\n`, '# End\n\nLast line.\n\nAdded by Bob.\n\n\n'],
      ['the last line changed, no final newline', '# End\n\nLast line.', (stored) => stored.replace('Last line.', 'Last line, changed.'), '# End\n\nLast line, changed.'],
      ['the last line taken away', '# End\n\nFirst line.\n\nLast line.\n\n', (stored) => stored.replace(/\n*Last line\.\n*$/, '\n'), '# End\n\nFirst line.\n\n'],
      ['a line added in an unclosed fence', '# End\n\n```sh\nrun it\n', (stored) => stored.replace('run it', 'run it\nrun it again'), '# End\n\n```sh\nrun it\nrun it again\n'],
      ['text added after the fence\'s closing line', '# End\n\n```sh\nrun it\n', (stored) => `${stored.trimEnd()}\n\nThen restart.\n`, '# End\n\n```sh\nrun it\n```\n\nThen restart.\n'],
    ];
    for (const [what, text, edit, shown] of changes) {
      it(`still shows a colleague's change at the end: ${what} (${style} export)`, async () => {
        signedIn.world.sandbox.setExportStyle(style);
        const bases = new MemoryPullBaseStore();
        const { link } = await publishForPull(signedIn, bases, { key: FILE, label: 'end.md', text, link: undefined, options: OPTIONS });
        colleagueEdits(signedIn, link.pageId as string, edit);
        const page = await exportOf(signedIn)(link.pageId as string);
        assert.equal(JSON.stringify(pageInFileForms(page, text, undefined)), JSON.stringify(shown), JSON.stringify(page));
      });
    }
  }
});
