// Pull's merge where the two sides' changes are neighbours: edits of two blocks a blank line apart merge as git merges
// them, and a conflict's two sides each read as the blocks they were (the wiki's blank lines and list markers, no line
// that reads as a conflict marker), so Accept Current, Accept Incoming or Accept Both leaves what that side meant.
import assert from 'node:assert/strict';
import { HtmlRenderer, Parser } from 'commonmark';
import { countConflicts, mergeThreeWay } from '../../src/core/pull';
import { convertedMarkdown } from '../sandbox/sandboxExportStyle';

const reader = new Parser();
const writer = new HtmlRenderer();

/** The document as CommonMark reads it: two texts that give the same HTML hold the same blocks. */
function html(markdown: string): string {
  return writer.render(reader.parse(markdown));
}

/** The text with every conflict resolved as VS Code's Accept Current, Accept Incoming or Accept Both does. */
function accept(text: string, side: 'current' | 'incoming' | 'both'): string {
  return text.replace(/^<<<<<<< ours\n([^]*?)^=======\n([^]*?)^>>>>>>> wiki\n/gm, (_whole, ours: string, theirs: string) =>
    side === 'current' ? ours : side === 'incoming' ? theirs : ours + theirs);
}

/**
 * The lines of each conflict's sides that read as a marker to VS Code's merge-conflict parser (a start, a base part,
 * a separator or an end at the line's start): a side holding one would be cut there.
 */
function markerLinesInSides(text: string): string[] {
  const found: string[] = [];
  let inside = false;
  for (const line of text.split('\n')) {
    if (line === '<<<<<<< ours') inside = true;
    else if (line === '>>>>>>> wiki') inside = false;
    else if (inside && line !== '=======' && /^(?:<{7}|>{7}|\|{7}|={7}\s*$)/.test(line)) found.push(line);
  }
  return found;
}

function separatorsIn(text: string): number {
  return text.split('\n').filter((line) => line === '=======').length;
}

const STYLES = [['stored', (text: string): string => text], ['converted', convertedMarkdown]] as const;

describe('Pull merge: edits of neighbouring blocks merge as git merges them', () => {
  // Each: the published file, the file's edit, the colleague's edit of the block right after or before it.
  const NEIGHBOURS: Array<[string, string, [string, string], [string, string]]> = [
    ['consecutive paragraphs', '# Page\n\nPara one.\n\nPara two.\n\nPara three.\n', ['Para two.', 'Para two local.'], ['Para three.', 'Para three wiki.']],
    ['a heading and its first paragraph', '# Page\n\nPara one.\n\nPara two.\n', ['# Page', '# Page, renamed here'], ['Para one.', 'Para one, on the wiki.']],
    ['a table\'s last row and the next paragraph', 'Intro.\n\n| A | B |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n\nAfter the table.\n', ['| 3 | 4 |', '| 3 | 4, here |'], ['After the table.', 'After the table, wiki.']],
    ['a paragraph and the table\'s last row before it', 'Intro.\n\n| A | B |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n\nAfter the table.\n', ['After the table.', 'After the table, here.'], ['| 3 | 4 |', '| 3 | 4, wiki |']],
    ['an indented code block and the next paragraph', 'Intro.\n\n    npm test\n\nAfter the code.\n', ['    npm test', '    npm test --here'], ['After the code.', 'After the code, wiki.']],
    ['a paragraph and the fenced code block after it', 'Intro.\n\n```sh\nnpm test\n```\n\nAfter.\n', ['Intro.', 'Intro, here.'], ['```sh', '```bash']],
  ];

  for (const [what, published, [ourOld, ourNew], [wikiOld, wikiNew]] of NEIGHBOURS) {
    for (const [style, exported] of STYLES) {
      it(`${what} (${style} export)`, () => {
        const ours = published.replace(ourOld, ourNew);
        const intended = ours.replace(wikiOld, wikiNew);
        const result = mergeThreeWay(exported(published), exported(published.replace(wikiOld, wikiNew)), ours, published);
        assert.deepEqual(result, { kind: 'merged', text: intended });
        assert.equal(html(result.text), html(intended));
      });
    }
  }

  it('merges a paragraph the wiki deleted or added beside the one the file edited', () => {
    const published = '# Page\n\nPara one.\n\nPara two.\n\nPara three.\n';
    const deleted = mergeThreeWay(published, published.replace('Para two.\n\n', ''), published.replace('Para three.', 'Para three local.'), published);
    assert.deepEqual(deleted, { kind: 'merged', text: '# Page\n\nPara one.\n\nPara three local.\n' });
    const added = mergeThreeWay(published, published.replace('Para one.\n\n', 'Para one.\n\nInserted on the wiki.\n\n'), published.replace('Para two.', 'Para two local.'), published);
    assert.deepEqual(added, { kind: 'merged', text: '# Page\n\nPara one.\n\nInserted on the wiki.\n\nPara two local.\n\nPara three.\n' });
    // A line the wiki added to the end of the paragraph before keeps its place in that paragraph.
    const continued = mergeThreeWay(published, published.replace('Para two.\n', 'Para two.\nMore of it, on the wiki.\n'), published.replace('Para three.', 'Para three local.'), published);
    assert.deepEqual(continued, { kind: 'merged', text: '# Page\n\nPara one.\n\nPara two.\nMore of it, on the wiki.\n\nPara three local.\n' });
  });

  it('still conflicts where putting the two changes side by side would read otherwise than either side', () => {
    const published = '# Page\n\nPara one.\n\nPara two.\n\nPara three.\n';
    const cases: Array<[string, string, string]> = [
      // The wiki's line joins the paragraph the file edited.
      ['Para three.', 'Para three local.', 'On the wiki,\nPara three.'],
      // The file makes a list item, the wiki indents the next paragraph: together it would continue the item.
      ['Para one.', '- Para one.', '  Para two, indented on the wiki.'],
      // The file opens a comment that the blank line does not close: the wiki's paragraph would be inside it.
      ['Para one.', '<!-- Para one.', 'Para two, on the wiki.'],
    ];
    for (const [ourOld, ourNew, wikiNew] of cases) {
      const wikiOld = ourOld === 'Para one.' ? 'Para two.' : ourOld;
      const result = mergeThreeWay(published, published.replace(wikiOld, wikiNew), published.replace(ourOld, ourNew), published);
      assert.equal(result.kind, 'conflicts', `${ourNew} / ${wikiNew}`);
    }
  });
});

describe('Pull merge: a conflict at the end of the file keeps the wiki\'s paragraphs apart', () => {
  for (const [style, exported] of STYLES) {
    it(`writes the wiki's side with the blank line between its paragraphs (${style} export)`, () => {
      const published = '# Page\n\nPara one.\n\nPara three.\n';
      const theirs = `${published}\nPara four wiki.\n`;
      const ours = published.replace('Para three.', 'Para three local.');
      const result = mergeThreeWay(exported(published), exported(theirs), ours, published);
      assert.equal(result.kind, 'conflicts');
      assert.equal(result.text, '# Page\n\nPara one.\n\n<<<<<<< ours\nPara three local.\n=======\nPara three.\n\nPara four wiki.\n>>>>>>> wiki\n');
      // Accept Incoming gives the wiki's two paragraphs, Accept Current the file's one.
      assert.equal(html(accept(result.text, 'incoming')), html(theirs));
      assert.equal(html(accept(result.text, 'current')), html(ours));
    });
  }
});

describe('Pull merge: no side of a conflict holds a line that reads as a conflict marker', () => {
  it('writes a setext heading underlined with seven `=` as the same heading in ATX form', () => {
    const published = '# Page\n\nInstall\n=======\n\nRun the installer.\n';
    // The wiki's export writes every heading with `#`.
    const exported = (text: string): string => text.replace(/^(.+)\n=+\n/m, '# $1\n');
    const ours = published.replace('Install\n', 'Install it\n');
    const theirs = published.replace('Install\n', 'Install now\n');
    for (const fileBase of [published, undefined]) {
      const result = mergeThreeWay(exported(published), exported(theirs), ours, fileBase);
      assert.equal(result.kind, 'conflicts');
      assert.deepEqual(markerLinesInSides(result.text), []);
      assert.equal(separatorsIn(result.text), 1);
      assert.equal(result.text, '# Page\n\n<<<<<<< ours\n# Install it\n=======\n# Install now\n>>>>>>> wiki\n\nRun the installer.\n');
      assert.equal(html(accept(result.text, 'current')), html(ours));
      assert.equal(html(accept(result.text, 'incoming')), html(theirs));
    }
  });

  it('moves a fenced code block that shows conflict markers one space in, its code unchanged', () => {
    const published = 'Resolve it so:\n\n```text\n<<<<<<< HEAD\nmine\n=======\nyours\n>>>>>>> branch\n```\n\nThe end.\n';
    const ours = published.replace('mine\n', 'mine, edited here\n');
    const theirs = published.replace('mine\n', 'mine, edited on the wiki\n');
    for (const [, exported] of STYLES) {
      const result = mergeThreeWay(exported(published), exported(theirs), ours, published);
      assert.equal(result.kind, 'conflicts');
      assert.deepEqual(markerLinesInSides(result.text), []);
      assert.equal(separatorsIn(result.text), 1);
      assert.equal(countConflicts(result.text), 1, 'publishing still sees the conflict');
      assert.equal(html(accept(result.text, 'current')), html(ours));
      assert.equal(html(accept(result.text, 'incoming')), html(theirs));
    }
  });

  it('moves any other line that starts like a marker one space in, which changes nothing a reader sees', () => {
    const published = 'Intro.\n\nA line\n=======\n\n<<<<<<< not a marker\n\nEnd.\n';
    const ours = published.replace('Intro.', 'Intro, here.').replace('<<<<<<< not a marker', '<<<<<<< not a marker, here');
    const theirs = published.replace('Intro.', 'Intro, on the wiki.').replace('<<<<<<< not a marker', '<<<<<<< not a marker, wiki');
    const result = mergeThreeWay(published, theirs, ours, published);
    assert.equal(result.kind, 'conflicts');
    assert.deepEqual(markerLinesInSides(result.text), []);
    assert.equal(html(accept(result.text, 'current')), html(ours));
    assert.equal(html(accept(result.text, 'incoming')), html(theirs));
  });
});

describe('Pull merge: the wiki\'s side of a conflict takes the file\'s list markers', () => {
  it('writes the wiki\'s item with the file\'s bullet, so Accept Incoming or Both leaves one list', () => {
    const published = '- a\n- b\n- c\n\nEnd.\n';
    const ours = published.replace('- b', '- b local');
    const theirs = published.replace('- b', '- b wiki');
    for (const fileBase of [published, undefined]) {
      const result = mergeThreeWay(convertedMarkdown(published), convertedMarkdown(theirs), ours, fileBase);
      assert.equal(result.kind, 'conflicts');
      assert.equal(result.text, '- a\n<<<<<<< ours\n- b local\n=======\n- b wiki\n>>>>>>> wiki\n- c\n\nEnd.\n');
      assert.equal(html(accept(result.text, 'incoming')), html(theirs));
      assert.equal((html(accept(result.text, 'both')).match(/<ul>/g) ?? []).length, 1);
    }
  });

  it('takes the marker from the file\'s base where its side holds no item beside the wiki\'s', () => {
    const published = '- a\n\n  continued\n\n> quote\n';
    const theirs = `- new on the wiki\n\n${published}`;
    const result = mergeThreeWay(convertedMarkdown(published), convertedMarkdown(theirs), published.replace('- a', '- a, here'), published);
    assert.equal(result.kind, 'conflicts');
    assert.match(accept(result.text, 'incoming'), /^- new on the wiki\n\n- a\n/);
  });
});

describe('Pull merge: a hard break written with two spaces or a backslash is one line', () => {
  // The export writes the file's two-space hard break as a backslash.
  const published = 'Intro.\n\nHard break here  \nnext line after break.\n\nEnd.\n';
  const exported = (text: string): string => text.replace(/ {2}\n/g, '\\\n');

  for (const [what, wikiOld, wikiNew] of [
    ['the line after the break', 'next line after break.', 'next line, wiki.'],
    ['the paragraph before', 'Intro.', 'Intro, wiki.'],
    ['a line added before the break', 'Hard break here  \n', 'Wiki line.\nHard break here  \n'],
  ] as const) {
    it(`keeps the file's two spaces when the colleague edits ${what}, with or without the published file`, () => {
      const intended = published.replace(wikiOld, wikiNew);
      for (const fileBase of [published, undefined]) {
        assert.deepEqual(mergeThreeWay(exported(published), exported(intended), published, fileBase), { kind: 'merged', text: intended });
      }
    });
  }

  it('keeps the line as the file writes it beside a wiki\'s change that reaches into the lines before it', () => {
    const file = 'Intro.\n\n    code line 1\n    code line 2\n\nHard break here  \nnext line after break.\n';
    // The export writes the indented code fenced: its lines pair with none of the file's, so the change takes them all.
    const exportOf = (text: string): string => exported(text).replace(/^ {4}code line 1\n {4}(.*)\n/m, '```\ncode line 1\n$1\n```\n');
    const theirs = file.replace('code line 2', 'code line 2, wiki');
    const result = mergeThreeWay(exportOf(file), exportOf(theirs), file, file);
    assert.equal(result.kind, 'merged');
    assert.match(result.text, /\nHard break here {2}\nnext line after break\.\n$/);
  });

  it('still tells a hard break the wiki added from the file\'s line without one', () => {
    const file = 'Intro.\n\nOne line\nnext line.\n';
    const result = mergeThreeWay(file, file.replace('One line\n', 'One line, wiki\\\n'), file.replace('One line\n', 'One line, wiki\n'), file);
    assert.equal(result.kind, 'conflicts');
  });
});
