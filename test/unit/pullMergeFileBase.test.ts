// Issue 83: the normalisation that hides the export's style never decides between two real changes. The file is
// compared with itself as published (PullBase.fileText), so a change the key cannot see (a list item nested, `*` made
// `_`, an escape, a list number) is the file's change, and a line both sides changed is a conflict unless both made
// the same change. Without the published file, a line the wiki changed where the file's line differs from the export
// is taken as changed on both sides: a conflict, never a guess.
import assert from 'node:assert/strict';
import { baseAfterPull, countConflicts, fileTextAfterPull, mergeThreeWay, publishedFileText, type PulledEdit } from '../../src/core/pull';
import { contentHash } from '../../src/core/run/plannedContent';
import { convertedMarkdown } from '../sandbox/sandboxExportStyle';

const PUBLISHED = [
  '# Release notes', '', '- Install', '- Configure the proxy', '- Run', '', '1. one', '2. two', '3. three', '',
  'Use *care* with snake_case here.', '', 'A plain line.', '',
].join('\n');

/** A file's change the key cannot see, and the colleague's change of the same line. */
const HIDDEN: Array<[string, string, (text: string) => string]> = [
  ['nests a list item', PUBLISHED.replace('- Configure', '  - Configure'), (text) => text.replace('Configure the proxy', 'Configure the proxy and the cache')],
  ['writes `_` for `*`', PUBLISHED.replace('*care*', '_care_'), (text) => text.replace('with snake', 'with the snake')],
  ['adds an escape', PUBLISHED.replace('A plain line.', 'A plain line\\.'), (text) => text.replace('A plain line.', 'A plain line, edited.')],
  ['renumbers an item', PUBLISHED.replace('2. two', '5. two'), (text) => text.replace('two', 'two, edited')],
];

describe('Pull merge: a file\'s change the export style would hide, against the colleague\'s change of the same line', () => {
  for (const [what, ours, colleague] of HIDDEN) {
    for (const style of ['stored', 'converted'] as const) {
      const exported = (text: string): string => (style === 'stored' ? text : convertedMarkdown(text));
      it(`is a conflict when the file ${what} (${style} export), with both lines in it`, () => {
        const result = mergeThreeWay(exported(PUBLISHED), exported(colleague(PUBLISHED)), ours, PUBLISHED);
        assert.equal(result.kind, 'conflicts', result.text);
        assert.equal(countConflicts(result.text), 1);
        const ourLine = ours.split('\n').find((line) => !PUBLISHED.split('\n').includes(line)) as string;
        assert.ok(result.text.includes(`<<<<<<< ours\n${ourLine}\n=======\n`), result.text);
      });
      it(`is a conflict when the file ${what} and the published file is not known (${style} export)`, () => {
        assert.equal(mergeThreeWay(exported(PUBLISHED), exported(colleague(PUBLISHED)), ours).kind, 'conflicts');
      });
    }
  }

  it('merges a colleague\'s edit of a line the file writes in its own style, with no conflict (no noise)', () => {
    const theirs = convertedMarkdown(PUBLISHED.replace('- Run', '- Run it').replace('Use *care*', 'Use great *care*'));
    const result = mergeThreeWay(convertedMarkdown(PUBLISHED), theirs, PUBLISHED, PUBLISHED);
    assert.equal(result.kind, 'merged');
    // The colleague's lines as the export writes them (`_great_`), list items with the file's bullet.
    assert.equal(result.text, PUBLISHED.replace('- Run', '- Run it').replace('Use *care* with snake_case', 'Use great _care_ with snake\\_case'));
  });

  it('takes the same change made on both sides once, but not a change the file did not make too', () => {
    const fixed = (text: string): string => text.replace('Configure the proxy', 'Configure the HTTP proxy');
    const ours = fixed(PUBLISHED);
    assert.deepEqual(mergeThreeWay(convertedMarkdown(PUBLISHED), convertedMarkdown(fixed(PUBLISHED)), ours, PUBLISHED), { kind: 'nothingNew', text: ours });
    // The file nested the item and fixed it; the colleague only fixed it: the file holds both changes.
    const nestedHere = ours.replace('- Configure', '  - Configure');
    assert.equal(mergeThreeWay(convertedMarkdown(PUBLISHED), convertedMarkdown(fixed(PUBLISHED)), nestedHere, PUBLISHED).kind, 'nothingNew');
    // The colleague nested it and fixed it; the file only fixed it: the nesting would be lost, so it is a conflict.
    const nestedThere = convertedMarkdown(fixed(PUBLISHED).replace('- Configure', '  - Configure'));
    assert.equal(mergeThreeWay(convertedMarkdown(PUBLISHED), nestedThere, ours, PUBLISHED).kind, 'conflicts');
  });

  it('keeps lines only the file has (a comment the export leaves out): beside a colleague\'s change, and in a conflict when the change takes their place', () => {
    const file = 'Intro.\n\nFirst.\n<!-- a note to writers -->\nSecond.\n\nEnd.\n';
    const exported = 'Intro.\n\nFirst.\nSecond.\n\nEnd.\n';
    const beside = mergeThreeWay(exported, exported.replace('End.', 'The end.'), file, file);
    assert.deepEqual(beside, { kind: 'merged', text: file.replace('End.', 'The end.') });
    const afterIt = mergeThreeWay(exported, exported.replace('Second.', 'Second, edited.'), file, file);
    assert.deepEqual(afterIt, { kind: 'merged', text: file.replace('Second.', 'Second, edited.') });
    const over = mergeThreeWay(exported, exported.replace('First.\nSecond.\n', 'Both, rewritten.\n'), file, file);
    assert.equal(over.kind, 'conflicts');
    assert.match(over.text, /<<<<<<< ours\nFirst\.\n<!-- a note to writers -->\nSecond\.\n=======\nBoth, rewritten\.\n>>>>>>> wiki\n/);
  });

  it('places a colleague\'s change on lines the export writes otherwise (a setext heading written with `#`)', () => {
    const file = 'Release notes\n=============\n\nFirst.\n\nEnd.\n';
    const exported = '# Release notes\n\nFirst.\n\nEnd.\n';
    assert.deepEqual(mergeThreeWay(exported, exported.replace('First.', 'First, edited.'), file, file), { kind: 'merged', text: file.replace('First.', 'First, edited.') });
    // The heading the colleague changed arrives as the wiki writes it, in place of the file's two lines.
    assert.deepEqual(mergeThreeWay(exported, exported.replace('# Release notes', '# Release notes, 2.0'), file, file), { kind: 'merged', text: '# Release notes, 2.0\n\nFirst.\n\nEnd.\n' });
  });

  it('never drops a line the file changed, and leaves the file as it is when the wiki changed nothing (many random pages)', () => {
    let seed = 83;
    const next = (below: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % below;
    };
    const LINES = ['Plain text.', '- an item', '- another item', '1. first', '2. second', '', '', '```sh', 'npm run build', '```', '## Heading', 'snake_case word', 'Some *emphasis*.', '> quoted'];
    const HIDDEN_EDITS = [(line: string) => `  ${line}`, (line: string) => line.replace('*', '_'), (line: string) => line.replace('.', '\\.'), (line: string) => line.replace(/^\d+/, '7')];
    const page = (): string[] => Array.from({ length: 5 + next(30) }, () => LINES[next(LINES.length)] as string);
    const edited = (lines: readonly string[], hidden: boolean): string[] => {
      const copy = [...lines];
      for (let edits = 1 + next(3); edits > 0; edits--) {
        const at = Math.min(next(copy.length + 1), copy.length - 1);
        const kind = next(hidden ? 4 : 3);
        if (kind === 0) copy.splice(at, 0, `added ${next(1000)}`);
        else if (kind === 1 && copy.length > 1) copy.splice(at, 1);
        else if (kind === 2) copy[at] = `changed ${next(1000)}`;
        else copy[at] = (HIDDEN_EDITS[next(HIDDEN_EDITS.length)] as (line: string) => string)(copy[at] ?? '');
      }
      return copy;
    };
    for (let round = 0; round < 300; round++) {
      const published = page();
      const file = `${published.join('\n')}\n`;
      const ours = edited(published, true);
      const theirs = edited(published, false);
      const oursText = `${ours.join('\n')}\n`;
      const result = mergeThreeWay(convertedMarkdown(file), convertedMarkdown(`${theirs.join('\n')}\n`), oursText, file);
      // Every line the file added or changed is in the result as the file wrote it, merged or in a conflict.
      const resultLines = result.text.split('\n');
      for (const line of ours) if (!published.includes(line)) assert.ok(resultLines.includes(line), `round ${round}: ${JSON.stringify(line)} lost from ${JSON.stringify(result.text)}`);
      // The wiki having changed nothing, the file is left as it is.
      assert.deepEqual(mergeThreeWay(convertedMarkdown(file), convertedMarkdown(file), oursText, file), { kind: 'nothingNew', text: oursText }, `round ${round}`);
    }
  });
});

describe('the file as published, kept with the base', () => {
  const link = { spaceId: 'DOCS', parentId: '1', pageTitle: 'Release notes', publishedAt: 0 };
  const text = `---\nwiki:\n  pageTitle: Release notes\n---\n${PUBLISHED}`;

  it('is kept only while the file makes exactly what the publish sent', () => {
    assert.equal(publishedFileText(text, { ...link, contentSha256: contentHash(PUBLISHED) }, {}), PUBLISHED);
    assert.equal(publishedFileText(`${text}One more line.\n`, { ...link, contentSha256: contentHash(PUBLISHED) }, {}), undefined, 'edited since');
    assert.equal(publishedFileText(text, link, {}), undefined, 'a link without a hash proves nothing');
    // Published without its title heading (the setting, or the front matter over it).
    const sentWithout = PUBLISHED.replace('# Release notes\n\n', '');
    assert.equal(publishedFileText(text, { ...link, contentSha256: contentHash(sentWithout) }, { omitTitleHeading: true }), PUBLISHED);
    assert.equal(publishedFileText(text, { ...link, contentSha256: contentHash(sentWithout) }, {}), undefined);
  });

  it('follows the pulled edit: the next base holds the published file with the wiki\'s edit and none of the file\'s own', () => {
    const theirs = convertedMarkdown(PUBLISHED.replace('- Run', '- Run it'));
    const pulled: PulledEdit = { base: convertedMarkdown(PUBLISHED), theirs, pageIdOf: undefined, fileBase: PUBLISHED };
    assert.equal(fileTextAfterPull(pulled), PUBLISHED.replace('- Run', '- Run it'));
    const page = { id: '7', version: 3, title: 'Release notes' } as Parameters<typeof baseAfterPull>[0];
    assert.deepEqual(baseAfterPull(page, theirs, 5, pulled), { pageId: '7', version: 3, markdown: theirs, savedAt: 5, fileText: PUBLISHED.replace('- Run', '- Run it') });
    assert.equal(baseAfterPull(page, theirs, 5, { ...pulled, fileBase: undefined }).fileText, undefined);
  });
});
