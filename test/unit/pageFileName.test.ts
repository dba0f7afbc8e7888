import * as assert from 'node:assert/strict';
import { fileNameForPage } from '../../src/core/pull/openedPage';

describe('fileNameForPage (the name an opened wiki page suggests for saving)', () => {
  const cases: Array<[title: string, copy: number, expected: string]> = [
    ['Release notes', 1, 'Release notes.md'],
    ['Release notes', 2, 'Release notes (2).md'],
    ['Q3: plans / risks?', 1, 'Q3- plans - risks-.md'],
    ['a\\b|c*d"e<f>g', 1, 'a-b-c-d-e-f-g.md'],
    ['  spaced   out  ', 1, 'spaced out.md'],
    ['.hidden', 1, 'hidden.md'],
    ['Ends with a dot.', 1, 'Ends with a dot.md'],
    ['tab\tand\nnewline', 1, 'tab and newline.md'],
    ['bell\u0007', 1, 'bell-.md'],
    ['???', 1, 'page-42.md'],
    ['', 1, 'page-42.md'],
    ['CON', 1, 'page-42.md'],
    ['lpt1', 3, 'page-42 (3).md'],
    ['Über die Lösung', 1, 'Über die Lösung.md'],
  ];
  for (const [title, copy, expected] of cases) {
    it(`${JSON.stringify(title)} (copy ${copy}) -> ${JSON.stringify(expected)}`, () => assert.equal(fileNameForPage(title, '42', copy), expected));
  }

  it('keeps long titles to a length file systems take', () => {
    const name = fileNameForPage('word '.repeat(100), '42');
    assert.ok(name.length <= 123 && name.endsWith('.md') && !name.endsWith(' .md'), name);
  });
});
