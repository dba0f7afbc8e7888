// What a .gitignore costs the walk, and that matching it stayed git's. A tester's .gitignore of 2,000 lines like
// `*a*a*…*z*` (190 stars, under the 1,000-character cap) against 50 files named with 200 a's kept the walk busy for two
// minutes: each (line, name) pair cost the line's length times the name's. The walk's matcher (linearWildmatch.ts) costs
// about the name's length, whatever the line says. Work is counted in the matcher's own steps (matcherWork), never
// timed: a shared machine makes times noisy. Then the walk's verdicts against `git check-ignore` on a table of
// patterns and names, and against core/pattern's automaton (the matcher the walk used before) on many more.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Subject } from '../../src/core/pattern/compiled';
import { parseGitignore } from '../../src/core/pattern/gitignorePattern';
import { matcherWork } from '../../src/core/pattern/nfa';
import { GitignoreRules } from '../../src/core/walk/gitignore';
import { nodeWalkFs } from '../../src/core/walk/nodeWalkFs';

/** Environment for git that reads no configuration but the repository's own (no global excludes file). */
const GIT_ENV = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };

/** The tester's line with `stars` stars: `*a` or `*[ab]`, then `*z*`. */
const testersLine = (stars: number, shift = 0): string =>
  `${Array.from({ length: stars }, (_, index) => ((index + shift) % 7 ? '*a' : '*[ab]')).join('')}*z*`;

describe('.gitignore cost for the walk', () => {
  let base: string;
  let repo: string;
  let folders = 0;
  before(async () => {
    base = await mkdtemp(join(tmpdir(), 'wiki-publisher-gitignore-cost-'));
    repo = join(base, 'repo');
    execFileSync('git', ['init', '--quiet', repo], { env: GIT_ENV });
  });
  after(async () => {
    await rm(base, { recursive: true, force: true });
  });

  /** The rules of a new folder of the repository whose .gitignore holds `lines`, and that folder's segments. */
  async function rulesFor(lines: string): Promise<{ rules: GitignoreRules; segments: readonly string[] }> {
    const folder = join(repo, `cost-${folders++}`);
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, '.gitignore'), lines);
    return GitignoreRules.forFolder(nodeWalkFs({ cwd: repo, tree: repo }), folder);
  }

  /** The matcher's steps for the verdict on `path` (below the .gitignore's folder), and the verdict. */
  async function workOf(lines: string, path: string): Promise<{ work: number; verdict: unknown }> {
    const { rules, segments } = await rulesFor(lines);
    const before = matcherWork();
    const verdict = rules.verdict([...segments, ...path.split('/')], false);
    return { work: matcherWork() - before, verdict };
  }

  it('the tester\'s line against a long name: steps within a few times (line + name), however many stars', async () => {
    for (const stars of [25, 50, 100, 190]) {
      const line = testersLine(stars);
      const name = `${'a'.repeat(200)}7.md`;
      const { work, verdict } = await workOf(`${line}\n`, name);
      assert.equal(verdict, false, 'no z: not ignored');
      assert.ok(work <= 2 * (line.length + name.length), `${stars} stars: ${work} steps for a line of ${line.length} and a name of ${name.length}`);
    }
    // With a z, every star finds its place and the name is ignored, in as few steps.
    const { work, verdict } = await workOf(`${testersLine(190)}\n`, `${'a'.repeat(200)}z.md`);
    assert.equal(verdict, true);
    assert.ok(work <= 2 * (testersLine(190).length + 205), `${work} steps`);
  });

  it('doubling the stars and the name doubles the steps at most, never squares them', async () => {
    const steps: number[] = [];
    for (const stars of [20, 40, 80, 160]) {
      const { work } = await workOf(`${testersLine(stars)}\n`, `${'a'.repeat(2 * stars)}.md`);
      steps.push(work);
    }
    for (let index = 1; index < steps.length; index++) {
      assert.ok((steps[index] as number) <= 2.2 * (steps[index - 1] as number), `steps ${steps.join(', ')}`);
    }
  });

  it('a long chunk between stars, with `?` and classes, is searched in one pass of the name', async () => {
    const name = `${'a'.repeat(250)}.md`;
    for (const chunk of [`${'a'.repeat(120)}b`, `?${'a'.repeat(60)}[ab]${'a'.repeat(60)}b`, `${'[ab]'.repeat(100)}[!a.]`, `${'a'.repeat(20)}b`]) {
      const line = `*${chunk}*`;
      const { work, verdict } = await workOf(`${line}\n`, name);
      assert.equal(verdict, false, chunk.slice(0, 12));
      // One pass: a step for each of the name's bytes for each 32 units of the chunk, plus making the chunk's rows.
      const words = Math.ceil(chunk.length / 32);
      assert.ok(work <= (words + 2) * name.length + 4 * line.length, `${chunk.slice(0, 12)}: ${work} steps`);
    }
  });

  it('a path line around `**` costs about the path\'s length too', async () => {
    const path = `d1/d2/${'a'.repeat(200)}.md`;
    for (const line of [`**/${testersLine(190)}`, `d1/**/${testersLine(150)}`, `**/d2/${testersLine(150)}/**`, `${'**/'.repeat(100)}${testersLine(100)}`]) {
      const { work, verdict } = await workOf(`${line}\n`, path);
      assert.equal(verdict, false, line.slice(0, 20));
      assert.ok(work <= 2 * (line.length + path.length), `${line.slice(0, 20)}: ${work} steps`);
    }
  });

  it('the tester\'s .gitignore (2,000 lines) against 50 names: steps in proportion to lines x names x a name\'s length', async () => {
    const lines = Array.from({ length: 2000 }, (_, index) => testersLine(190, index).slice(0, 999));
    const { rules, segments } = await rulesFor(`${lines.join('\n')}\n`);
    const names = Array.from({ length: 50 }, (_, index) => `${'a'.repeat(200)}${index}.md`);
    const before = matcherWork();
    for (const name of names) assert.equal(rules.verdict([...segments, name], false), false);
    const work = matcherWork() - before;
    // The automaton took about 100,000 steps a pair (ten billion in all); a pass of each name is 200-odd.
    assert.ok(work <= 2 * lines.length * names.length * 210, `${work} steps`);
  });
});

// Patterns and paths where the dialect's corners show: `*`, `**`, `?`, classes, escapes, trailing spaces and '/',
// a leading '/', negation. Each pattern is a case folder's .gitignore; every path is asked of git and of the walk.
const PATTERNS: string[] = [
  '*.md', 'a.md', '/a.md', 'foo/', 'foo', '/foo/', 'foo/*', 'foo/**', '**/foo', '**/foo/a.md', 'a/**/d.md', 'x/**/foo/',
  '**/y/**', '*/a.md', 'a/*/d.md', '[ab].md', '[!a].md', '[^a].md', '[a-c]*.md', '\\[x\\].md', '?.md', '??.md',
  '\\*star.md', '*star.md', 'q\\?.md', 'sp\\ ace.md', 'a.md   ', 'a.md\\ ', '\\!bang.md', '!bang.md', '\\#hash.md',
  'back\\\\slash.md', '*.md\n!a.md', 'foo/\n!foo/a.md', '*\n!*/\n!a*.md', '*a*a*a*a*.md', '*a*b*c*.md', '*a?a*', '*X*Y*',
  `*${'a'.repeat(40)}*`, `*${'a'.repeat(40)}b*`, `${'a'.repeat(30)}*${'a'.repeat(25)}*.md`, `*${'a*'.repeat(30)}.md`,
  '*.[mM][dD]', '[[:upper:]]*', 'é*', 'a**.md', '**.md', 'foo/**/', 'doc/frotz/', '**/[a-c]/*.md', 'x/**\\/foo',
  '**/**/a.md', 'a/b/**', '**/', '*/', '/*/*/d.md',
];
const PATHS: string[] = [
  'a.md', 'b.md', 'ab.md', 'abc.md', 'A.md', '[x].md', '*star.md', 'q?.md', 'back\\slash.md', 'sp ace.md', '!bang.md',
  '#hash.md', 'é.md', 'foo/a.md', 'foo/bar/a.md', 'x/foo/a.md', 'x/y/foo/b.md', 'doc/frotz/a.md', 'a/b/c/d.md', 'a/d.md',
  'a/x/y/d.md', `${'a'.repeat(60)}.md`, `${'a'.repeat(30)}b${'a'.repeat(30)}.md`, 'aaXbbYcc.md', 'xaaaay.md', 'cab.md',
];

/** Per case, the paths (and folders on their way) git ignores, as `git check-ignore` says: a folder ignored hides all below it. */
function gitIgnores(repo: string, paths: readonly string[]): Set<string> {
  const output = execFileSync('git', ['-C', repo, 'check-ignore', '-v', '-n', '-z', '--no-index', '--stdin'], { env: GIT_ENV, input: paths.map((path) => `${path}\0`).join(''), encoding: 'utf8' });
  const fields = output.split('\0');
  const ignored = new Set<string>();
  // -z: source, line, pattern, path; a path no pattern matched has the first three empty, a `!` match keeps it.
  for (let index = 0; index + 3 < fields.length; index += 4) {
    if (fields[index] !== '' && !(fields[index + 2] as string).startsWith('!')) ignored.add(fields[index + 3] as string);
  }
  return ignored;
}

/** Whether the walk leaves a path out: a folder on its way is ignored, or the path itself is. */
function walkIgnores(rules: GitignoreRules, segments: readonly string[], path: string, isFolder: boolean): boolean {
  const parts = path.split('/');
  for (let depth = 1; depth < parts.length; depth++) if (rules.verdict([...segments, ...parts.slice(0, depth)], true) === true) return true;
  return rules.verdict([...segments, ...parts], isFolder) === true;
}

/** Every path, and every folder on the way to one, below a case folder. */
function entries(paths: readonly string[]): { path: string; isFolder: boolean }[] {
  const folders = new Set(paths.flatMap((path) => path.split('/').slice(0, -1).map((_, index, parts) => parts.slice(0, index + 1).join('/'))));
  return [...[...folders].map((path) => ({ path, isFolder: true })), ...paths.map((path) => ({ path, isFolder: false }))];
}

async function compareWithGit(base: string, patterns: readonly string[], ignoreCase: boolean): Promise<{ differences: string[]; ignored: number; kept: number }> {
  const repo = await mkdtemp(join(base, 'git-'));
  execFileSync('git', ['init', '--quiet', repo], { env: GIT_ENV });
  execFileSync('git', ['-C', repo, 'config', 'core.ignorecase', String(ignoreCase)], { env: GIT_ENV });
  const asked: string[] = [];
  for (const [index, pattern] of patterns.entries()) {
    const folder = join(repo, `case-${index}`);
    for (const path of PATHS) {
      await mkdir(dirname(join(folder, path)), { recursive: true });
      await writeFile(join(folder, path), '# Page\n');
    }
    await writeFile(join(folder, '.gitignore'), `${pattern}\n`);
    for (const entry of entries(PATHS)) asked.push(`case-${index}/${entry.path}`);
  }
  const byGit = gitIgnores(repo, asked);
  const differences: string[] = [];
  let ignored = 0;
  for (const [index, pattern] of patterns.entries()) {
    const { rules, segments } = await GitignoreRules.forFolder(nodeWalkFs({ cwd: repo, tree: repo }), join(repo, `case-${index}`));
    for (const { path, isFolder } of entries(PATHS)) {
      const git = byGit.has(`case-${index}/${path}`);
      if (git) ignored++;
      if (walkIgnores(rules, segments, path, isFolder) !== git) differences.push(`${JSON.stringify(pattern)} ${path}: git ${git ? 'ignores' : 'keeps'}`);
    }
  }
  return { differences, ignored, kept: patterns.length * entries(PATHS).length - ignored };
}

describe('.gitignore verdicts of the walk against git check-ignore', () => {
  let base: string;
  before(async () => {
    base = await mkdtemp(join(tmpdir(), 'wiki-publisher-gitignore-check-'));
  });
  after(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('ignores exactly what git ignores, pattern by pattern and path by path', async function () {
    this.timeout(120_000);
    const { differences, ignored, kept } = await compareWithGit(base, PATTERNS, false);
    assert.deepEqual(differences, []);
    assert.ok(ignored > 200 && kept > 200, `${ignored} ignored, ${kept} kept: the table tells patterns apart`);
  });

  it('and under core.ignorecase', async function () {
    this.timeout(120_000);
    const patterns = ['*.MD', '[A-Z].md', 'FOO/', '*A*B*.md', `*${'A'.repeat(40)}*`, '[a].md', '[!A-Z].md', 'X/**/FOO/', '?.Md'];
    const { differences, ignored } = await compareWithGit(base, patterns, true);
    assert.deepEqual(differences, []);
    assert.ok(ignored > 20);
  });
});

describe('.gitignore verdicts of the walk against core/pattern\'s automaton', () => {
  let base: string;
  before(async () => {
    base = await mkdtemp(join(tmpdir(), 'wiki-publisher-gitignore-nfa-'));
  });
  after(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('agree on random lines of the dialect\'s pieces against random paths, folders and files', async () => {
    let seed = 20_240_601;
    const random = (): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const pieces = ['a', 'b', 'A', '/', '*', '**', '**/', '/**', '?', '[ab]', '[!a]', '[a-b]', '\\*', '\\/', 'é', '.', '[[:upper:]]', 'ab', 'aab', '!', ' ', '\\ '];
    const letters = ['a', 'b', 'A', 'é', '.', '*', 'ab'];
    const lines = Array.from({ length: 300 }, () => Array.from({ length: 1 + Math.floor(random() * 8) }, () => pick(pieces)).join(''));
    const paths = Array.from({ length: 60 }, () =>
      Array.from({ length: 1 + Math.floor(random() * 3) }, () => Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(letters)).join('')).join('/'));
    const differences: string[] = [];
    let ignored = 0;
    for (const [index, line] of lines.entries()) {
      for (const ignoreCase of [false, true]) {
        const { rules, segments } = await singleLineRules(base, `${index}-${ignoreCase}`, line, ignoreCase);
        const automaton = parseGitignore(`${line}\n`, ignoreCase);
        for (const path of [...paths, sampleOf(line)]) {
          for (const isFolder of [false, true]) {
            // git's rule, over the automaton's lines: the last line that matches decides.
            const name = path.slice(path.lastIndexOf('/') + 1);
            const matched = [...automaton].reverse().find((each) => !each.refused && (isFolder || !each.foldersOnly) && each.matches(new Subject(each.nameOnly ? name : path)));
            const expected = matched !== undefined && !matched.negated;
            if (expected) ignored++;
            const actual = rules.verdict([...segments, ...path.split('/')], isFolder) === true;
            if (actual !== expected) differences.push(`${JSON.stringify(line)} ${ignoreCase ? '(ignorecase) ' : ''}${path}${isFolder ? '/' : ''}: automaton ${expected}`);
          }
        }
      }
    }
    assert.deepEqual(differences.slice(0, 20), []);
    assert.ok(ignored > 2000, `${ignored} verdicts of ignored: the lines tell paths apart`);
  });
});

/** A path a line could match: its wildcards and classes given a byte each, `**` a folder or none, escapes undone. */
function sampleOf(line: string): string {
  const path = line.replace(/^[! ]+|\/+$/g, '').replace(/^\//, '').replace(/\*\*\//g, (_, at: number) => (at % 2 ? 'a/' : ''))
    .replace(/\*\*|\*/g, 'ab').replace(/\?|\[\[:upper:\]\]|\[!a\]/g, 'A').replace(/\[ab\]|\[a-b\]/g, 'b').replace(/\\(.)/g, '$1');
  return path.replace(/\/+/g, '/').replace(/^\/|\/$/g, '') || 'a';
}

/** The rules of a repository of its own whose .gitignore is `line`, its config setting core.ignorecase or not. */
async function singleLineRules(base: string, name: string, line: string, ignoreCase: boolean): Promise<{ rules: GitignoreRules; segments: readonly string[] }> {
  const repo = join(base, name);
  await mkdir(join(repo, '.git'), { recursive: true });
  await writeFile(join(repo, '.git', 'config'), `[core]\n\tignorecase = ${ignoreCase}\n`);
  await writeFile(join(repo, '.gitignore'), `${line}\n`);
  return GitignoreRules.forFolder(nodeWalkFs({ cwd: repo, tree: repo }), repo);
}
