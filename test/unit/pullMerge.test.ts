import assert from 'node:assert/strict';
import { merge as libraryMerge } from 'node-diff3';
import { countConflicts, holdsPulledEdit, markdownUnits, mergeThreeWay, pullPage, type PullOutcome } from '../../src/core/pull';
import { convertedMarkdown } from '../sandbox/sandboxExportStyle';

const PUBLISHED = [
  '# Release notes', '', 'Intro with *emphasis* and snake_case names.', '', '- first item', '- second item', '',
  '## Details', 'Some details here.', '', '```sh', 'npm run  build', '', 'echo *not emphasis*', '```', '', 'The end.', '',
].join('\n');

describe('Pull merge (three-way, export style ignored)', () => {
  it('takes a colleague\'s added line into the file (clean merge, the file\'s other lines unchanged)', () => {
    const base = PUBLISHED;
    const theirs = PUBLISHED.replace('- second item\n', '- second item\n- third item, added on the wiki\n');
    const ours = PUBLISHED.replace('The end.', 'The end, edited here.');
    const result = mergeThreeWay(base, theirs, ours);
    assert.equal(result.kind, 'merged');
    assert.equal(result.text, ours.replace('- second item\n', '- second item\n- third item, added on the wiki\n'));
  });

  it('cancels the export\'s style: base and theirs in the export style, only the colleague\'s change arrives', () => {
    const base = convertedMarkdown(PUBLISHED);
    assert.notEqual(base, PUBLISHED, 'the converted style must differ, or this test proves nothing');
    assert.match(base, /^\* first item$/m);
    assert.match(base, /_emphasis_/);
    assert.match(base, /snake\\_case/);
    const theirs = convertedMarkdown(PUBLISHED.replace('Some details here.', 'Some details here, corrected on the wiki.'));
    const ours = PUBLISHED.replace('- first item', '- first item, edited here');
    const result = mergeThreeWay(base, theirs, ours);
    assert.equal(result.kind, 'merged');
    // Every line the colleague did not touch keeps the file's own way of writing it.
    assert.equal(result.text, ours.replace('Some details here.', 'Some details here, corrected on the wiki.'));
  });

  it('says there is nothing new when only the style differs', () => {
    const result = mergeThreeWay(convertedMarkdown(PUBLISHED), convertedMarkdown(PUBLISHED), PUBLISHED);
    assert.deepEqual(result, { kind: 'nothingNew', text: PUBLISHED });
  });

  it('writes standard conflict markers where both sides changed the same line, and counts them', () => {
    const base = PUBLISHED;
    const theirs = PUBLISHED.replace('Some details here.', 'Details from the wiki.').replace('The end.', 'The wiki\'s end.');
    const ours = PUBLISHED.replace('Some details here.', 'Details from the file.').replace('The end.', 'The file\'s end.');
    const result = mergeThreeWay(base, theirs, ours);
    assert.equal(result.kind, 'conflicts');
    assert.equal(result.kind === 'conflicts' && result.conflicts, 2);
    assert.match(result.text, /^<<<<<<< ours\nDetails from the file\.\n=======\nDetails from the wiki\.\n>>>>>>> wiki\n/m);
    assert.equal(countConflicts(result.text), 2);
    assert.ok(result.text.startsWith('# Release notes\n'));
  });

  it('takes the same change made on both sides once, as the file wrote it', () => {
    const theirs = convertedMarkdown(PUBLISHED.replace('- second item', '- second item, fixed'));
    const ours = PUBLISHED.replace('- second item', '+ second item, fixed');
    const result = mergeThreeWay(convertedMarkdown(PUBLISHED), theirs, ours, PUBLISHED);
    assert.deepEqual(result, { kind: 'nothingNew', text: ours });
  });

  it('keeps blank lines that matter inside code blocks, and splits the text back exactly', () => {
    const units = markdownUnits(PUBLISHED);
    assert.equal(units.map((unit) => unit.text).join(''), PUBLISHED);
    const theirs = PUBLISHED.replace('npm run  build\n\n', 'npm run  build\n');
    assert.equal(mergeThreeWay(PUBLISHED, theirs, PUBLISHED).text, theirs);
  });

  it('keeps a blank line inside a code block just before a line the wiki added there, and the blank lines after the block', () => {
    const base = 'Intro.\n\n```sh\nnpm install\n\nnpm test\n```\n\nThe end.\n';
    const theirs = base.replace('npm install\n\nnpm test', 'npm install\n\nnpm run build\nnpm test');
    assert.deepEqual(mergeThreeWay(base, theirs, base), { kind: 'merged', text: theirs });
    // The file's own edit elsewhere stays, with the same blank lines in the block.
    const ours = base.replace('Intro.', 'Intro, edited.');
    assert.deepEqual(mergeThreeWay(base, theirs, ours), { kind: 'merged', text: theirs.replace('Intro.', 'Intro, edited.') });
  });

  it('never runs two lines together when the file has no final line ending', () => {
    const base = 'one\ntwo';
    const result = mergeThreeWay(base, 'one\ntwo\nthree\n', 'one\ntwo');
    assert.equal(result.text, 'one\ntwo\nthree\n');
  });

  it('takes one side\'s edits whole when the other side left the base as it was (many random pages)', () => {
    // A seeded generator: the same pages on every run. Lines of text, list items, blank runs and code fences (a page's
    // units), edited by inserting, deleting and changing lines anywhere, the last line with or without its ending.
    let seed = 20261127;
    const next = (below: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % below;
    };
    const LINES = ['Plain text.', '- an item', '* another item', '1. first', '', '', '```sh', 'npm run build', '```', '## Heading', 'snake_case word', '> quoted'];
    const page = (): string[] => Array.from({ length: 5 + next(40) }, () => LINES[next(LINES.length)] as string);
    const edited = (lines: readonly string[]): string[] => {
      const copy = [...lines];
      for (let edits = 1 + next(4); edits > 0; edits--) {
        const at = next(copy.length + 1);
        const kind = next(3);
        if (kind === 0) copy.splice(at, 0, `added ${next(1000)}`);
        else if (kind === 1 && copy.length > 1) copy.splice(Math.min(at, copy.length - 1), 1);
        else copy[Math.min(at, copy.length - 1)] = `changed ${next(1000)}`;
      }
      return copy;
    };
    const text = (lines: readonly string[], ending: boolean, crlf: boolean): string => {
      const joined = lines.join(crlf ? '\r\n' : '\n');
      return ending ? joined + (crlf ? '\r\n' : '\n') : joined;
    };
    for (let round = 0; round < 300; round++) {
      const base = page();
      const ending = next(4) !== 0;
      const crlf = next(5) === 0;
      const file = text(base, ending, crlf);
      const theirs = edited(base);
      const merged = mergeThreeWay(text(base, ending, false), text(theirs, ending, false), file);
      if (merged.kind === 'nothingNew') assert.equal(merged.text, file, `round ${round}`);
      else {
        assert.equal(merged.kind, 'merged', `round ${round}`);
        // The wiki's lines arrive as it wrote them (the file wrote the base as the wiki did), blank lines aside.
        const lines = (value: string): string[] => value.replace(/\r\n/g, '\n').split('\n').filter((line) => line !== '');
        assert.deepEqual(lines(merged.text), lines(text(theirs, ending, false)), `round ${round}`);
        assert.equal(merged.text.includes('\r\n'), crlf, `round ${round}`);
      }
      const ours = edited(base);
      const kept = mergeThreeWay(text(base, ending, false), text(base, ending, false), text(ours, ending, crlf));
      assert.deepEqual(kept, { kind: 'nothingNew', text: text(ours, ending, crlf) }, `round ${round}`);
    }
  });

  it('agrees with node-diff3\'s own merge on plain texts', () => {
    const cases: Array<[string, string, string]> = [
      ['a\nb\nc\nd\ne\n', 'a\nB\nc\nd\ne\n', 'a\nb\nc\nD\ne\n'],
      ['a\nb\nc\n', 'a\nx\nc\n', 'a\ny\nc\n'],
      ['a\nb\nc\nd\n', 'b\nc\nd\n', 'a\nb\nc\nd\ne\n'],
      ['a\nb\nc\nd\ne\nf\n', 'a\nc\nd\nE\nf\n', 'a\nb\nB2\nc\nd\ne\nf\n'],
    ];
    for (const [base, theirs, ours] of cases) {
      const lines = (text: string): string[] => text.slice(0, -1).split('\n');
      const library = libraryMerge(lines(ours), lines(base), lines(theirs), { label: { a: 'ours', b: 'wiki' } });
      const expected = `${library.result.join('\n')}\n`;
      const ourResult = mergeThreeWay(base, theirs, ours);
      assert.equal(ourResult.text, expected, `base ${JSON.stringify(base)}`);
      assert.equal(ourResult.kind === 'conflicts', library.conflict);
    }
  });
});

describe('Pull merge: conflicts a reader can resolve', () => {
  const CODE = 'Intro.\n\n```sh\nnpm install\nnpm test\nnpm run build\n```\n\nThe end.\n';

  for (const style of ['stored', 'converted'] as const) {
    const exported = (text: string): string => (style === 'stored' ? text : convertedMarkdown(text));
    it(`writes a conflict inside a code block around the whole block, so publishing sees it (${style} export)`, () => {
      const result = mergeThreeWay(exported(CODE), exported(CODE.replace('npm test', 'npm test -- --wiki')), CODE.replace('npm test', 'npm test -- --mine'));
      assert.equal(result.kind, 'conflicts');
      assert.equal(result.text, [
        'Intro.', '', '<<<<<<< ours', '```sh', 'npm install', 'npm test -- --mine', 'npm run build', '```',
        '=======', '```sh', 'npm install', 'npm test -- --wiki', 'npm run build', '```', '>>>>>>> wiki', '', 'The end.', '',
      ].join('\n'));
      assert.equal(countConflicts(result.text), 1, 'a file holding it is refused by publishing');
    });
  }

  it('takes in the whole block for a conflict on its opening line, or lines both sides added inside it', () => {
    const fence = mergeThreeWay(CODE, CODE.replace('```sh', '```bash'), CODE.replace('```sh', '```shell'));
    assert.equal(countConflicts(fence.text), 1);
    assert.match(fence.text, /^<<<<<<< ours\n```shell\nnpm install\nnpm test\nnpm run build\n```\n=======\n```bash\n[^]*```\n>>>>>>> wiki\n/m);
    const added = mergeThreeWay(CODE, CODE.replace('npm test\n', 'npm test\nnpm run lint\n'), CODE.replace('npm test\n', 'npm test\nnpm run check\n'));
    assert.equal(countConflicts(added.text), 1);
    assert.match(added.text, /^<<<<<<< ours\n```sh\n[^=]*npm run check\n[^=]*```\n=======\n```sh\n[^>]*npm run lint\n[^>]*```\n>>>>>>> wiki\n\nThe end\.\n$/m);
    // A change beside the block on one side only still merges cleanly, and the block stays as the file writes it.
    const beside = mergeThreeWay(CODE, CODE.replace('The end.', 'The end, said on the wiki.'), CODE.replace('npm run build', 'npm run build:all'));
    assert.deepEqual(beside, { kind: 'merged', text: CODE.replace('npm run build', 'npm run build:all').replace('The end.', 'The end, said on the wiki.') });
  });

  it('keeps the paragraph break after a conflict where the file deleted the paragraph the wiki changed', () => {
    for (const exported of [(text: string): string => text, convertedMarkdown]) {
      const result = mergeThreeWay(exported('A.\n\nB.\n\nC.\n'), exported('A.\n\nB, on the wiki.\n\nC.\n'), 'A.\n\nC.\n');
      assert.equal(result.kind, 'conflicts');
      assert.equal(result.text, 'A.\n\n<<<<<<< ours\n=======\nB, on the wiki.\n>>>>>>> wiki\n\nC.\n');
      // Accept Incoming: the wiki's paragraph stays a paragraph of its own, not the start of the next one.
      assert.equal(result.text.replace(/<<<<<<< ours\n=======\n|>>>>>>> wiki\n/g, ''), 'A.\n\nB, on the wiki.\n\nC.\n');
    }
  });
});

describe('Pull merge: a colleague\'s list items stay in the file\'s list', () => {
  const LISTS = '# Steps\n\n- one\n- two\n  + two, in detail\n  + and more\n- three\n\n1) first\n2) second\n\nThe end.\n';
  // The wiki's export writes its own markers: `*` for every bullet, `.` after every number.
  const exported = (text: string): string => convertedMarkdown(text).replace(/^(\s*)[+-](?= )/gm, '$1*').replace(/^(\d+)\)/gm, '$1.');

  it('writes an item the colleague edited or added with the marker of the list it lands in', () => {
    const theirs = LISTS.replace('- two\n', '- two, fixed\n').replace('  + and more\n', '  + and more\n  + added on the wiki\n')
      .replace('- three\n', '- three\n- four\n').replace('2) second\n', '2) second\n3) third\n');
    const result = mergeThreeWay(exported(LISTS), exported(theirs), LISTS, LISTS);
    assert.equal(result.kind, 'merged');
    // Another bullet or delimiter would start a new list: the file's lists would be split where the items arrived.
    assert.equal(result.text, theirs);
  });

  it('leaves the wiki\'s marker where no list of the file is beside the item', () => {
    const theirs = exported(LISTS.replace('The end.\n', 'The end.\n\n- a new list\n'));
    assert.equal(mergeThreeWay(exported(LISTS), theirs, LISTS).text, `${LISTS}\n* a new list\n`);
    // A thematic break right after a list starts like an item, and is none.
    const ruled = LISTS.replace('- three\n', '- three\n\n* * *\n');
    assert.equal(mergeThreeWay(exported(LISTS), exported(ruled), LISTS).text, ruled);
  });
});

describe('whether a file holds a pulled edit (recorded as seen only then)', () => {
  const theirs = PUBLISHED.replace('- second item\n', '- second item\n- third item, added on the wiki\n');
  const pulled = { base: PUBLISHED, theirs, pageIdOf: undefined };
  const ours = `---\nwiki:\n  pageId: "1"\n---\n${PUBLISHED.replace('The end.', 'The end, edited here.')}`;

  it('holds it once merged, and still after further edits elsewhere', () => {
    const merged = mergeThreeWay(PUBLISHED, theirs, ours).text;
    assert.equal(holdsPulledEdit(merged, pulled), true);
    assert.equal(holdsPulledEdit(merged.replace('Some details here.', 'Other details.'), pulled), true);
  });

  it('does not after an Undo, nor when a conflict was resolved with the file\'s own lines', () => {
    assert.equal(holdsPulledEdit(ours, pulled), false);
    const conflicting = { base: PUBLISHED, theirs: PUBLISHED.replace('The end.', 'The wiki\'s end.'), pageIdOf: undefined };
    assert.equal(holdsPulledEdit(ours, conflicting), false);
  });
});

describe('conflict markers', () => {
  it('counts complete conflicts outside code blocks only', () => {
    assert.equal(countConflicts('<<<<<<< ours\na\n=======\nb\n>>>>>>> wiki\n'), 1);
    assert.equal(countConflicts('```\n<<<<<<< HEAD\na\n=======\nb\n>>>>>>> x\n```\n'), 0);
    assert.equal(countConflicts('<<<<<<< only a start\n'), 0);
    assert.equal(countConflicts('Text\n\n=======\n'), 0);
  });
});

describe('Pull merge: a colleague\'s change the export style would hide', () => {
  const LIST = '# Release notes\n\n- Install\n- Configure the proxy\n- Run\n';
  const cases: Array<[string, string, string]> = [
    ['nests a list item', LIST, LIST.replace('- Configure', '  - Configure')],
    ['renumbers an ordered list', '# T\n\n1. one\n2. two\n3. three\n', '# T\n\n1. one\n5. two\n3. three\n'],
    ['turns an underscore into a star', '# T\n\nUse snake_case here.\n', '# T\n\nUse snake*case here.\n'],
    ['adds a backslash escape', '# T\n\nA *literal* star.\n', '# T\n\nA \\*literal\\* star.\n'],
  ];
  for (const [what, published, edited] of cases) {
    it(`takes it when the colleague ${what} (stored export)`, () => {
      assert.deepEqual(mergeThreeWay(published, edited, published), { kind: 'merged', text: edited });
    });
    it(`takes it when the colleague ${what} (converted export)`, () => {
      const result = mergeThreeWay(convertedMarkdown(published), convertedMarkdown(edited), published, published);
      assert.equal(result.kind, 'merged');
      assert.notEqual(result.text, published);
    });
    it(`says nothing new once the file holds it, when the colleague ${what}`, () => {
      assert.equal(mergeThreeWay(published, edited, edited).kind, 'nothingNew');
      const pulled = mergeThreeWay(convertedMarkdown(published), convertedMarkdown(edited), published, published).text;
      assert.equal(mergeThreeWay(convertedMarkdown(published), convertedMarkdown(edited), pulled, published).kind, 'nothingNew');
    });
  }

  it('still says nothing new for an unchanged page in either export style', () => {
    for (const exported of [PUBLISHED, convertedMarkdown(PUBLISHED)]) assert.equal(mergeThreeWay(exported, exported, PUBLISHED).kind, 'nothingNew');
  });
});

describe('Pull merge: line endings', () => {
  it('keeps the blank line before a paragraph the wiki appended to a file without a final line ending', () => {
    const ours = '# Release notes\n\nMy first draft.';
    const appended = `${ours}\n\nA colleague's paragraph.\n`;
    assert.deepEqual(mergeThreeWay(ours, appended, ours), { kind: 'merged', text: appended });
    assert.deepEqual(mergeThreeWay(convertedMarkdown(ours), convertedMarkdown(appended), ours), { kind: 'merged', text: appended });
    assert.equal(mergeThreeWay('a\n\nb', 'a\n\nb\n\nc\n', 'a\n\nb').text, 'a\n\nb\n\nc\n');
  });
});

describe('Pull merge: a file written with CRLF', () => {
  const LF = '# T\n\nPara.\n\n- x\n- y\n\nEnd.\n';
  const crlf = (text: string): string => text.replace(/\n/g, '\r\n');

  for (const style of ['stored', 'converted'] as const) {
    const exported = (text: string): string => (style === 'stored' ? text : convertedMarkdown(text));
    it(`takes an item the wiki added to a list into the list, with CRLF (${style} export)`, () => {
      const result = mergeThreeWay(exported(LF), exported(LF.replace('- y', '- y\n- z')), crlf(LF));
      assert.equal(result.kind, 'merged');
      // Written with the file's bullet, whichever the export uses: another one would start a new list.
      assert.equal(result.text, crlf(LF.replace('- y', '- y\n- z')));
    });
  }

  it('takes a paragraph the wiki added with one blank line around it, and a deleted one without leaving an extra blank line', () => {
    assert.equal(mergeThreeWay(LF, LF.replace('Para.', 'Para.\n\nNew para.'), crlf(LF)).text, crlf(LF.replace('Para.', 'Para.\n\nNew para.')));
    assert.equal(mergeThreeWay(LF, LF.replace('Para.\n\n', ''), crlf(LF)).text, crlf(LF.replace('Para.\n\n', '')));
  });

  it('keeps the paragraph break after a conflict block, outside it', () => {
    const result = mergeThreeWay(LF, LF.replace('Para.', 'Wiki para.'), crlf(LF.replace('Para.', 'Our para.')));
    assert.equal(result.kind, 'conflicts');
    assert.equal(result.text, crlf('# T\n\n<<<<<<< ours\nOur para.\n=======\nWiki para.\n>>>>>>> wiki\n\n- x\n- y\n\nEnd.\n'));
  });

  it('says nothing new for an unchanged page', () => {
    assert.deepEqual(mergeThreeWay(convertedMarkdown(LF), convertedMarkdown(LF), crlf(LF)), { kind: 'nothingNew', text: crlf(LF) });
  });
});

describe('Pull with omitTitleHeading (the page never had the title heading)', () => {
  const link = { spaceId: 'DOCS', parentId: '123456', pageTitle: 'Release notes', pageId: '7', version: 1, publishedAt: 0 };
  const PAGE = 'My first draft.\n\nSecond para.\n';
  const FILE = `# Release notes\n\n${PAGE}`;

  function pull(ours: string, theirs: string, omitTitleHeading = true): Promise<PullOutcome> {
    return pullPage({
      ours, link, base: { pageId: '7', version: 1, markdown: convertedMarkdown(PAGE), savedAt: 0 }, omitTitleHeading,
      pages: { getPage: async (id) => ({ id, version: 2, title: 'Release notes' } as never) },
      exportMarkdown: async () => convertedMarkdown(theirs),
    });
  }

  it('merges a colleague\'s edit of the first paragraph cleanly and keeps the heading', async () => {
    const outcome = await pull(FILE, PAGE.replace('My first draft.', 'My first draft, fixed.'));
    assert.equal(outcome.kind, 'merged');
    assert.equal(outcome.kind === 'merged' && outcome.text, FILE.replace('My first draft.', 'My first draft, fixed.'));
    assert.equal(outcome.kind === 'merged' && holdsPulledEdit(outcome.text, outcome.pulled), true);
  });

  it('puts a paragraph the colleague added at the top under the heading', async () => {
    const outcome = await pull(FILE, `Intro by colleague.\n\n${PAGE}`);
    assert.equal(outcome.kind === 'merged' && outcome.text, `# Release notes\n\nIntro by colleague.\n\n${PAGE}`);
  });

  it('keeps a setext title heading (`Release notes` over `===`) as it keeps a `# ` one', async () => {
    const setext = `Release notes\n=============\n\n${PAGE}`;
    const outcome = await pull(setext, `Intro by colleague.\n\n${PAGE}`);
    assert.equal(outcome.kind === 'merged' && outcome.text, `Release notes\n=============\n\nIntro by colleague.\n\n${PAGE}`);
    assert.equal((await pull(setext, PAGE)).kind, 'nothingNew');
  });

  it('follows the front matter over the setting, and says nothing new for an unchanged page', async () => {
    const withFrontMatter = `---\nomitTitleHeading: true\n---\n${FILE}`;
    assert.equal((await pull(withFrontMatter, PAGE.replace('Second para.', 'Second, fixed.'), false)).kind, 'merged');
    assert.equal((await pull(FILE, PAGE)).kind, 'nothingNew');
  });
});
