// Where the Problems panel puts what the plan found (core/problems/linkProblems.ts): every place a link or image is
// written, never one in code, with the front matter counted; and the fixes' choice of the nearest heading.
import assert from 'node:assert/strict';
import { editDistance, linkFix, nearestAnchor, writtenDestination } from '../../src/core/problems/linkFixes';
import { placeProblems, type LinkProblem } from '../../src/core/problems/linkProblems';

const placed = (text: string, problems: readonly LinkProblem[]): string[] => problems.map((problem) => `${problem.kind} ${text.slice(problem.start, problem.end)}`);

describe('the Problems panel\'s places and fixes', () => {
  it('puts a link\'s problem on each place its destination is written: inline links, definitions, angle brackets; never in code', () => {
    const text = [
      '\ufeff---', 'title: A', '---', '# A', '',
      'See [one](gone.md), [again](gone.md "title") and [spaced](<my gone.md>).', '',
      '`[code](gone.md)` and', '', '    [indented](gone.md)', '',
      '[ref]: gone.md', '',
    ].join('\n');
    const problems = placeProblems(text, { links: [{ target: 'gone.md', reason: 'noFile' }, { target: 'my gone.md', reason: 'noFile' }], localImages: [], htmlLinks: [] });
    assert.deepEqual(placed(text, problems), ['noFile gone.md', 'noFile gone.md', 'noFile <my gone.md>', 'noFile gone.md']);
    assert.deepEqual(problems.map((problem) => problem.angle), [false, false, true, false]);
    assert.ok(problems.every((problem, index) => index === 0 || (problems[index - 1] as LinkProblem).start < problem.start), 'in document order');
  });

  it('one destination with two reasons is two problems at the same place', () => {
    const text = '# A\n\n[x](a.md)\n';
    assert.deepEqual(placed(text, placeProblems(text, { links: [{ target: 'a.md', reason: 'noFile' }, { target: 'a.md', reason: 'backslashPath' }], localImages: [], htmlLinks: [] })), ['noFile a.md', 'backslashPath a.md']);
  });

  it('puts a local image on its Markdown image, on a definition only images use, and on an HTML tag\'s src or srcset; an HTML link on its href', () => {
    const text = [
      '# A', '', '![a](a.png) ![b][b] <img src="c.png"> <img srcset="d.png 1x, e.png 2x">', '', '<a href=\'f.md\'>f</a> `<img src="g.png">`', '',
      '[b]: b.png', '',
    ].join('\n');
    const problems = placeProblems(text, { links: [], localImages: ['a.png', 'b.png', 'c.png', 'd.png', 'e.png', 'g.png'], htmlLinks: ['f.md'] });
    assert.deepEqual(placed(text, problems), ['localImage a.png', 'localImage c.png', 'localImage d.png', 'localImage e.png', 'htmlLink f.md', 'localImage b.png']);
  });

  it('takes nothing when the plan found nothing', () => {
    assert.deepEqual(placeProblems('# A\n\n[x](a.md) ![y](b.png)\n', { links: [], localImages: [], htmlLinks: [] }), []);
  });

  it('the nearest heading is a slug within a few edits of the anchor, the first of equals; none when all are far or it is there', () => {
    const slugs = ['install', 'installation-guide', 'usage', 'usage-1'];
    assert.equal(nearestAnchor('instal', slugs), 'install');
    assert.equal(nearestAnchor('Installation-Guid', slugs), 'installation-guide');
    assert.equal(nearestAnchor('usag', slugs), 'usage');
    assert.equal(nearestAnchor('authentication', slugs), undefined);
    assert.equal(nearestAnchor('install', slugs), undefined);
    assert.equal(nearestAnchor('x', []), undefined);
    assert.equal(nearestAnchor('%C3%BCber', ['uber', 'über-uns']), 'uber');
  });

  it('edit distance counts insertions, deletions and substitutions, and does not compare what is too long to', () => {
    assert.equal(editDistance('kitten', 'sitting'), 3);
    assert.equal(editDistance('', 'abc'), 3);
    assert.equal(editDistance('same', 'same'), 0);
    assert.equal(editDistance('a'.repeat(201), 'b'), Infinity);
  });

  it('a fixed destination is written in angle brackets when the link had them or needs them', () => {
    assert.equal(writtenDestination('guide/install.md', false), 'guide/install.md');
    assert.equal(writtenDestination('guide/install.md', true), '<guide/install.md>');
    assert.equal(writtenDestination('my file.md', false), '<my file.md>');
  });

  it('a query no page address takes is taken off, its heading kept', async () => {
    const fix = (target: string): Promise<string | undefined> =>
      linkFix({ start: 0, end: target.length, target, kind: 'queryDropped', angle: false }, '', '/repo', {} as never);
    assert.equal(await fix('setup.md?plain=1'), 'setup.md');
    assert.equal(await fix('setup.md?plain=1#install'), 'setup.md#install');
  });
});
