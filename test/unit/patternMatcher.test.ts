// The core's pattern matcher (core/pattern): work bounded by the text's length times the pattern's on the patterns
// that make backtracking matchers hang, patterns too long refused, and VS Code's glob dialect (files.exclude) as
// picomatch reads the same patterns where the two dialects agree. The .gitignore dialect against git itself is
// gitignoreAgainstGit.test.ts.
import assert from 'node:assert/strict';
import picomatch from 'picomatch';
import { Subject } from '../../src/core/pattern/compiled';
import { parseGitignore, type IgnorePattern } from '../../src/core/pattern/gitignorePattern';
import { compileGlobs } from '../../src/core/pattern/globPattern';
import { matcherWork, MAX_PATTERN_LENGTH } from '../../src/core/pattern/nfa';

/** The work one call does, in the matcher's own steps. */
function workOf(run: () => void): number {
  const before = matcherWork();
  run();
  return matcherWork() - before;
}

/** The bound every match keeps: a constant times (text length + 1) times (pattern length + 1). */
const bound = (text: string, pattern: string): number => 4 * (text.length + 1) * (pattern.length + 1);

function onlyPattern(line: string, ignoreCase = false): IgnorePattern {
  const [parsed] = parseGitignore(`${line}\n`, ignoreCase);
  assert.ok(parsed && !parsed.refused, `${line} is a pattern`);
  return parsed;
}

const TWENTY_DEEP = `${Array.from({ length: 20 }, (_, index) => `folder-${index}`).join('/')}/page.md`;

describe('pattern matcher: work linear in the text', () => {
  it('a .gitignore line of repeated `**/` against a path twenty folders deep: a match, a miss, each within the bound', () => {
    for (const line of [`${'**/'.repeat(300)}page.md`, `folder-0/${'**/'.repeat(300)}nothing.md`, `${'**/'.repeat(150)}folder-7/${'**/'.repeat(150)}x`]) {
      const pattern = onlyPattern(line);
      let matched = false;
      const work = workOf(() => {
        matched = pattern.matches(new Subject(TWENTY_DEEP));
      });
      assert.equal(matched, line.endsWith('page.md'), line.slice(0, 40));
      assert.ok(work > 0 && work <= bound(TWENTY_DEEP, line), `${work} steps for a line of ${line.length}`);
    }
    // A run of `**/` is one: three hundred of them cost what one costs.
    const once = onlyPattern('**/page.md');
    const many = onlyPattern(`${'**/'.repeat(300)}page.md`);
    assert.equal(workOf(() => many.matches(new Subject(TWENTY_DEEP))), workOf(() => once.matches(new Subject(TWENTY_DEEP))));
  });

  it('`*a*a*…b` against a 200-character name costs at most its length times the name\'s, matched or not', () => {
    const name = `${'a'.repeat(199)}b`;
    for (const line of [`*${'a*'.repeat(30)}b`, `*${'a*'.repeat(30)}c`, `[a]*${'a*'.repeat(30)}b`, `?*${'a*'.repeat(300)}b`]) {
      const pattern = onlyPattern(line);
      const work = workOf(() => pattern.matches(new Subject(name)));
      assert.ok(work <= bound(name, line), `${work} steps for ${line.slice(0, 20)}`);
    }
    // A miss that passes the literal checks (ends in b, too few a's) still runs the NFA over the whole name.
    const miss = `b${'a'.repeat(5)}${'b'.repeat(194)}`;
    const pattern = onlyPattern(`*${'a*'.repeat(8)}b`);
    assert.equal(pattern.matches(new Subject(miss)), false);
    assert.equal(pattern.matches(new Subject(name)), true);
    assert.ok(workOf(() => pattern.matches(new Subject(miss))) > miss.length, 'the NFA ran');
  });

  it('a files.exclude glob like `**/*a*a*a*a*a*a*a*a*b` against a 200-character name, matched or not', () => {
    const glob = `**/*${'a*'.repeat(8)}b`;
    const globs = compileGlobs([glob]);
    for (const [name, expected] of [[`${'a'.repeat(199)}b`, true], [`b${'a'.repeat(5)}${'b'.repeat(194)}`, false], [`x/${'a'.repeat(197)}b`, true], ['a'.repeat(200), false]] as const) {
      let matched = false;
      const work = workOf(() => {
        matched = globs.matches(name);
      });
      assert.equal(matched, expected, name.slice(0, 12));
      assert.ok(work <= bound(name, glob), `${work} steps`);
    }
  });

  it('many brace choices are alternatives of one automaton, not expanded', () => {
    const glob = `**/{${Array.from({ length: 120 }, (_, index) => `n${index}`).join(',')}}/**/*${'a*'.repeat(20)}b`;
    assert.ok(glob.length <= MAX_PATTERN_LENGTH);
    const path = `x/n119/${'y/'.repeat(40)}${'a'.repeat(150)}b`;
    let matched = false;
    const work = workOf(() => {
      matched = compileGlobs([glob]).matches(path);
    });
    assert.equal(matched, true);
    assert.ok(work <= bound(path, glob), `${work} steps`);
  });

  it('refuses a pattern longer than the bound, in either dialect, and keeps its place in the .gitignore', () => {
    const long = `${'x'.repeat(MAX_PATTERN_LENGTH)}*`;
    assert.deepEqual(compileGlobs(['**/ok', long]).refused, [long]);
    assert.deepEqual(compileGlobs([` ${'x'.repeat(MAX_PATTERN_LENGTH)} `]).refused, [], 'measured after trimming, as VS Code trims');
    const lines = parseGitignore(`a.md\n!${long}\n${long}/\n`, false);
    assert.deepEqual(lines.map((line) => [line.line, line.refused, line.negated, line.foldersOnly]), [[1, false, false, false], [2, true, true, false], [3, true, false, true]]);
  });
});

// Where VS Code's globs and picomatch (with dot: true, as the editor used it) read a pattern alike.
const GLOBS = [
  '**/node_modules', '**/*.md', 'docs/**', '**/.git', '*.{md,txt}', '**/drafts/**', 'a/*/c', '?.md', '[abc].md', '[^a].md',
  '[a-c]*.md', '**/build/*.md', '{docs,notes}/**/*.md', '**', '*', 'a/**/b', '**/a/**/b/**', '**/*.{md,MD}', 'docs/*.md',
  '**/.DS_Store', '**/Thumbs.db', '**/*.draft.*', 'a/**', '**/[0-9]*', '*.m?', '**/x/**/y/**/*.md', 'a.md', '**/**/b',
];
const PATHS = [
  'node_modules', 'a/node_modules', 'a/node_modules/x', 'x.md', 'a/x.md', 'docs', 'docs/a', 'docs/a/b.md', '.git', 'a/.git',
  'a.txt', 'a/b.txt', 'drafts', 'x/drafts/y', 'drafts/y', 'a/b/c', 'a/b/d', 'a.md', 'b.md', 'd.md', 'ab.md', 'build/x.md',
  'a/build/x.md', 'notes/x.md', 'notes/a/b/x.md', 'a/b', 'a/x/b', 'a/x/y/b', 'a/b/c/b', 'a/x/b/y', 'x/a/b', 'X.MD', '.DS_Store',
  'a/.DS_Store', 'p.draft.md', 'q/p.draft.txt', '1.md', 'x/2b', 'x/y/x/z/y/w.md', 'x/y/z/w.md', 'a', 'b', 'ab', '.hidden/x.md',
];

describe('files.exclude globs', () => {
  it('match as picomatch matched them, on patterns both dialects read alike', () => {
    const differences = GLOBS.flatMap((glob) => {
      const ours = compileGlobs([glob]);
      const theirs = picomatch(glob, { dot: true });
      return PATHS.filter((path) => ours.matches(path) !== theirs(path)).map((path) => `${glob} ${path}: ${ours.matches(path)}`);
    });
    assert.deepEqual(differences, []);
  });

  it('read the rest as VS Code does: `[!…]` negates, a trailing `/` is dropped, `x/**` takes x, `\\` separates too', () => {
    const matches = (glob: string, path: string): boolean => compileGlobs([glob]).matches(path);
    assert.equal(matches('[!a].md', 'b.md'), true);
    assert.equal(matches('[!a].md', 'a.md'), false);
    assert.equal(matches('[!a]', '/'), false, 'a class never takes a separator');
    assert.equal(matches('build/', 'build'), true);
    assert.equal(matches('build/**', 'build'), true);
    assert.equal(matches('build/**', 'buildx/y'), false);
    assert.equal(matches('a/b', 'a\\b'), true);
    assert.equal(matches('{a/b,c}.md', 'a/b.md'), true, 'a choice is a glob of its own');
    assert.equal(matches('*.md', 'A.MD'), false, 'case matters');
    assert.equal(matches('  *.md  ', 'a.md'), true, 'the pattern is trimmed');
    assert.equal(matches('a{b', 'a{b'), true, 'a `{` never closed is itself');
    assert.equal(matches('a[b', 'a[b'), true, 'so is a `[`');
    assert.equal(matches('a/**/**', 'a/b/c'), true, 'a run of `**` is one');
    assert.equal(compileGlobs([]).matches('a'), false);
    assert.equal(compileGlobs(['', '  ']).matches(''), false);
  });
});
