// The walk's .gitignore rules against git itself: one repository holds a folder per case, each with its own
// .gitignore and the same files; `git ls-files --others --exclude-standard` says which Markdown files git keeps, and
// the core's walk of the same folders must take exactly those. A second repository does it again under
// core.ignorecase. The cases cover gitignore(5) and wildmatch's corners: anchoring, `**` in each place, classes,
// escapes, trailing spaces, negation, folders-only patterns, CRLF, bytes beyond ASCII. (Only a few `**/` in a row:
// git's own matcher backtracks, and a dozen of them against a path twenty folders deep keeps it busy for a minute.)
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { isMarkdownFileName } from '../../src/core/walk/walkRules';
import { nodeWalkFs } from '../../src/core/walk/nodeWalkFs';
import { walkSelection } from '../../src/core/walk/walk';

/** The same files in every case's folder: names that tell the patterns apart. */
const FILES = [
  'a.md', 'b.md', 'A.md', 'abc.md', 'Upper.MD', 'é.md', 'É.md', 'ée.md', '[x].md', 'sp ace.md', '#hash.md', '!bang.md', '*star.md',
  'q?.md', 'back\\slash.md', 'foo/a.md', 'foo/bar/a.md', 'foo/bar/baz/a.md', 'x/foo/a.md', 'x/y/foo/a.md', 'bar/foo/b.md',
  'Foo/a.md', 'foo.md/inner.md', 'doc/frotz/a.md', 'a/doc/frotz/a.md', 'a/b/c/d.md', 'a/d.md', 'a/x/d.md', 'a/x/y/d.md',
  `deep/${Array.from({ length: 20 }, (_, index) => `d${index + 1}`).join('/')}/z.md`,
];

type Case = string | { lines: string; nested: Record<string, string> };

const CASES: Case[] = [
  '*.md', 'a.md', '/a.md', 'foo/', 'foo', '/foo/', 'foo/*', 'foo/**', '**/foo', '**/foo/a.md', 'a/**/d.md', 'a/**/**/d.md',
  '**/**/**/a.md', 'doc/frotz/', 'doc/frotz', 'frotz/', '*\n!*.md', '*.md\n!a.md', 'foo/\n!foo/a.md', '[ab].md', '[!a].md',
  '[^a].md', '[a-c]*.md', '[]x[]*.md', '\\[x\\].md', '[[]x[]].md', '[[:alpha:]].md', '[[:upper:]]*.md', '[[:punct:]]*',
  '[[:alpha:]-z].md', '[a-]*.md', '?.md', '??.md', '???.md', '\\!bang.md', '!bang.md', '\\#hash.md', '#hash.md', 'a.md   ',
  'a.md\\ ', 'sp\\ ace.md', '\\*star.md', '*star.md', 'q\\?.md', 'é.md', '[é].md', '**.md', 'a**.md', 'foo/**/', 'foo/**/*.md',
  '*/a.md', '*/*/a.md', 'a/*/d.md', '**/', '**', '/**', 'x/**/foo/', 'a.md\r\nb.md\r\n', '\ufeffa.md', 'a/b/\n!a/b/c/', 'a/\n!a/',
  '*/', 'deep/**/z.md', `${'**/'.repeat(3)}z.md`, `deep/${'**/'.repeat(3)}x.md`, `deep/${'*/'.repeat(20)}z.md`,
  `deep/${'*/'.repeat(19)}z.md`, '[a-c', '[[:foo:]].md', 'foo\\', 'back\\\\slash.md', 'back\\slash.md', '*.MD', 'Foo/', 'foo.md/',
  'foo.md', '!', '/', '\\a.md', 'foo/bar', 'foo/bar/', '/foo/bar/baz', 'bar/foo', '**/foo/**', 'foo/**/a.md', 'foo/**/bar/**/a.md',
  'd*/**/z.md', '**/d2*/**', 'deep/d1/**/d20', '*.m?', '*.[mM][dD]', '[[:xdigit:]].md',
  { lines: '*.md', nested: { 'foo/.gitignore': '!a.md\n' } },
  { lines: 'foo/bar/', nested: { 'foo/.gitignore': '!bar/\n' } },
  { lines: 'foo/*\n!foo/bar/', nested: { 'foo/bar/.gitignore': 'baz/\n' } },
  { lines: '', nested: { 'a/.gitignore': '/d.md\nx/\n', 'a/x/.gitignore': '!d.md\n' } },
];

const IGNORE_CASE_CASES: Case[] = [
  '*.MD', 'FOO/', '[A-Z].md', '[A].md', '[a].md', '[[:upper:]].md', '[[:lower:]].md', 'A.md', 'É.md', '/FOO/A.md', 'Foo/', 'a.MD',
  '[!A-Z].md', 'F?O/', 'UPPER.md', '*.md\n!A.MD',
];

/** Environment for git that reads no configuration but the repository's own (no global excludes file). */
const GIT_ENV = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };

async function makeRepository(base: string, cases: readonly Case[], ignoreCase: boolean): Promise<string> {
  const repo = await mkdtemp(join(base, 'repo-'));
  execFileSync('git', ['init', '--quiet', repo], { env: GIT_ENV });
  execFileSync('git', ['-C', repo, 'config', 'core.ignorecase', String(ignoreCase)], { env: GIT_ENV });
  const write = async (path: string, text: string): Promise<void> => {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text);
  };
  for (const [index, each] of cases.entries()) {
    const folder = join(repo, `case-${index}`);
    const { lines, nested } = typeof each === 'string' ? { lines: each, nested: {} } : each;
    for (const file of FILES) await write(join(folder, ...file.split('/')), '# Page\n');
    await writeFile(join(folder, '.gitignore'), lines.includes('\n') ? lines : `${lines}\n`);
    for (const [path, text] of Object.entries(nested)) await write(join(folder, ...path.split('/')), text);
  }
  return repo;
}

/** Per case, the Markdown files git keeps (untracked, not ignored), as paths below the case's folder. */
function gitKeeps(repo: string, cases: readonly Case[]): Map<number, string[]> {
  const listed = execFileSync('git', ['-C', repo, 'ls-files', '--others', '--exclude-standard', '-z'], { env: GIT_ENV, encoding: 'utf8' });
  return byCase(listed.split('\0').filter((path) => path !== ''), cases);
}

async function walkKeeps(repo: string, cases: readonly Case[]): Promise<Map<number, string[]>> {
  const fs = nodeWalkFs({ cwd: repo, tree: repo });
  const walked = await walkSelection(cases.map((_, index) => join(repo, `case-${index}`)), { fs, maxFiles: 100_000 });
  assert.deepEqual(walked.refused, []);
  return byCase(walked.files.map((file) => file.label), cases);
}

function byCase(paths: readonly string[], cases: readonly Case[]): Map<number, string[]> {
  const kept = new Map<number, string[]>(cases.map((_, index) => [index, []]));
  for (const path of paths) {
    const [, index, below] = /^case-(\d+)\/(.*)$/.exec(path) ?? [];
    if (below !== undefined && isMarkdownFileName(below.slice(below.lastIndexOf('/') + 1))) kept.get(Number(index))?.push(below);
  }
  for (const list of kept.values()) list.sort();
  return kept;
}

/** The cases whose files differ, each with its lines, what git keeps and what the walk keeps. */
function differences(cases: readonly Case[], git: Map<number, string[]>, walk: Map<number, string[]>): unknown[] {
  return cases.flatMap((each, index) => {
    const byGit = git.get(index) ?? [];
    const byWalk = walk.get(index) ?? [];
    return JSON.stringify(byGit) === JSON.stringify(byWalk) ? [] : [{ case: each, gitOnly: byGit.filter((path) => !byWalk.includes(path)), walkOnly: byWalk.filter((path) => !byGit.includes(path)) }];
  });
}

describe('.gitignore rules against git', () => {
  let base: string;
  before(async () => {
    base = await mkdtemp(join(tmpdir(), 'wiki-publisher-gitignore-'));
  });
  after(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('keeps exactly the Markdown files git keeps, case by case', async function () {
    this.timeout(120_000);
    const repo = await makeRepository(base, CASES, false);
    const git = gitKeeps(repo, CASES);
    // The cases are not all alike: some keep everything, some nothing, most something in between.
    assert.ok([...git.values()].filter((kept) => kept.length > 0 && kept.length < FILES.length).length > CASES.length / 2);
    assert.deepEqual(differences(CASES, git, await walkKeeps(repo, CASES)), []);
  });

  it('folds ASCII case as git does when the repository sets core.ignorecase, quirks included', async function () {
    this.timeout(120_000);
    const repo = await makeRepository(base, IGNORE_CASE_CASES, true);
    assert.deepEqual(differences(IGNORE_CASE_CASES, gitKeeps(repo, IGNORE_CASE_CASES), await walkKeeps(repo, IGNORE_CASE_CASES)), []);
  });
});
