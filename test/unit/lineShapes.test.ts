// The scanner's line shapes (which blocks hold each line) against commonmark.js: two texts with the same lines whose
// blank lines differ have the same shapes exactly when commonmark.js renders them alike. Pull decides by these shapes
// whether a blank line the wiki added or removed is a change (pull/blankLineChanges.ts).
import assert from 'node:assert/strict';
import { HtmlRenderer, Parser } from 'commonmark';
import { lineShapes } from '../../src/core/markdown/blocks/lineShapes';

const PAIRS: Array<[string, string]> = [
  ['Alpha.\nBeta.\n', 'Alpha.\n\nBeta.\n'],
  ['Intro\n\n    code\n', 'Intro\n    code\n'],
  ['- a\n- b\n', '- a\n\n- b\n'],
  ['- a\n  - b\n- c\n', '- a\n  - b\n\n- c\n'],
  ['- a\n\n- b\n- c\n', '- a\n\n- b\n\n- c\n'],
  ['- a\n\n  more\n', '- a\n  more\n'],
  ['> a\nb\n', '> a\n\nb\n'],
  ['Title\n===\n', 'Title\n\n===\n'],
  ['# H\ntext\n', '# H\n\ntext\n'],
  ['text\n# H\n', 'text\n\n# H\n'],
  ['text\n- item\n', 'text\n\n- item\n'],
  ['text\n2. item\n', 'text\n\n2. item\n'],
  ['<div>\nhtml\n</div>\ntext\n', '<div>\nhtml\n</div>\n\ntext\n'],
  ['- a\n  ```\n  x\n\n  y\n  ```\n- b\n', '- a\n  ```\n  x\n\n  y\n  ```\n\n- b\n'],
  ['* * *\ntext\n', '* * *\n\ntext\n'],
  ['a\n\nb\n', 'a\n\n\nb\n'],
  ['- a\n\n\n- b\n', '- a\n\n- b\n'],
];

function shapes(text: string): string[] {
  return [...lineShapes(text).values()].map((line) => line.shape);
}

function html(text: string): string {
  return new HtmlRenderer().render(new Parser().parse(text));
}

describe('the scanner\'s line shapes against commonmark.js', () => {
  for (const [a, b] of PAIRS) {
    it(`reads ${JSON.stringify(a)} and ${JSON.stringify(b)} as ${html(a) === html(b) ? 'the same' : 'other'} blocks`, () => {
      assert.equal(JSON.stringify(shapes(a)) === JSON.stringify(shapes(b)), html(a) === html(b));
    });
  }

  it('says where lines go on across blank lines in indented code, and nowhere else', () => {
    const found = lineShapes('    a\n\n    b\n\npara\n');
    assert.deepEqual([...found.values()].map((line) => line.continuesAcrossBlanks), [false, true, false]);
  });
});
