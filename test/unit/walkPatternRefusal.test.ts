// A pattern the matcher will not take (longer than MAX_PATTERN_LENGTH) is never silently dropped: a file it could
// ignore or hide is refused, naming the .gitignore and line or the setting, and one it could not change is left as
// the other lines decide. Hostile lines that are not too long are matched, in bounded work.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { MAX_PATTERN_LENGTH, matcherWork } from '../../src/core/pattern/nfa';
import { nodeWalkFs } from '../../src/core/walk/nodeWalkFs';
import { walkSelection, type WalkResult } from '../../src/core/walk/walk';

const LONG = `${'x'.repeat(MAX_PATTERN_LENGTH)}*`;

describe('walk: patterns refused and patterns that would hang a backtracking matcher', () => {
  let base: string;
  before(async () => {
    base = await mkdtemp(join(tmpdir(), 'wiki-publisher-patterns-'));
  });
  after(async () => {
    await rm(base, { recursive: true, force: true });
  });

  async function walk(files: Record<string, string>, named: string, exclude?: (path: string) => boolean | { source: string }): Promise<WalkResult<string>> {
    const root = await mkdtemp(join(base, 'repo-'));
    for (const [path, text] of Object.entries({ '.git/HEAD': 'ref: refs/heads/main\n', ...files })) {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), text);
    }
    return walkSelection([join(root, named)], { fs: nodeWalkFs({ cwd: root, tree: root }), ...(exclude ? { exclude } : {}) });
  }
  const summary = (result: WalkResult<string>) => ({ taken: result.files.map((file) => file.label).sort(), refused: result.refused.map((entry) => entry.label).sort() });

  it('refuses what a too-long .gitignore line could decide, and only that', async () => {
    const result = await walk({
      '.gitignore': `*.draft.md\n${LONG}\nkept/\n`,
      'docs/a.md': '# A\n',
      'docs/b.draft.md': '# Ignored whatever line 2 says\n',
      'docs/kept/c.md': '# In an ignored folder\n',
      'docs/sub/.gitignore': `!${LONG}\nz.md\n`,
      'docs/sub/z.md': '# Ignored by a later line\n',
      'docs/sub/y.md': '# Untold\n',
    }, 'docs');
    assert.deepEqual(summary(result), { taken: [], refused: ['docs/a.md', 'docs/sub/y.md'] });
    assert.equal(result.refused[0]?.reason, 'docs/a.md is refused: line 2 of .gitignore is a pattern longer than 1000 characters, which is not matched, so whether it ignores the file cannot be told. Shorten the line to publish the file.');
  });

  it('a refused `!line` holds back only what a later match would ignore', async () => {
    const result = await walk({ '.gitignore': `*.draft.md\n!${LONG}\n`, 'docs/a.md': '# Kept either way\n', 'docs/b.draft.md': '# Untold\n' }, 'docs');
    assert.deepEqual(summary(result), { taken: ['docs/a.md'], refused: ['docs/b.draft.md'] });
  });

  it('a folder named below one a refused line could ignore: its files are refused too', async () => {
    const result = await walk({ '.gitignore': `${LONG}/\n`, 'docs/guide/a.md': '# A\n' }, 'docs/guide');
    assert.deepEqual(summary(result), { taken: [], refused: ['docs/guide/a.md'] });
  });

  it('a front end\'s refused exclusion (files.exclude) refuses what it could hide, naming the setting', async () => {
    const result = await walk({ 'docs/a.md': '# A\n', 'docs/hidden.md': '# Hidden\n' }, 'docs', (path) => path.endsWith('hidden.md') || { source: 'files.exclude' });
    assert.deepEqual(summary(result), { taken: [], refused: ['docs/a.md'] });
    assert.match(result.refused[0]?.reason ?? '', /^docs\/a\.md is refused: files\.exclude holds a pattern longer than 1000 characters, which is not matched, so whether it hides the file cannot be told\./);
  });

  it('walks a repository of hostile lines in work bounded by its paths times its patterns', async () => {
    const deep = Array.from({ length: 20 }, (_, index) => `d${index}`).join('/');
    const lines = [`docs/${'**/'.repeat(300)}never.md`, `*${'a*'.repeat(30)}b.md`, `docs/${'*/'.repeat(19)}*/**/*.draft.md`, `**/${'**/'.repeat(200)}x*y*z`];
    const before = matcherWork();
    const result = await walk({
      '.gitignore': `${lines.join('\n')}\n`,
      [`docs/${deep}/page.md`]: '# Deep\n',
      [`docs/${deep}/x.draft.md`]: '# Ignored\n',
      [`docs/${'a'.repeat(196)}.md`]: '# Long name\n',
      [`docs/${'a'.repeat(100)}b.md`]: '# Ignored\n',
    }, 'docs');
    const work = matcherWork() - before;
    assert.deepEqual(summary(result).taken, [`docs/${'a'.repeat(196)}.md`, `docs/${deep}/page.md`]);
    // Each entry (21 folders, 4 files) is matched against each line at most once.
    const longestPath = `docs/${deep}/x.draft.md`.length;
    const patternLength = lines.reduce((sum, line) => sum + line.length + 1, 0);
    assert.ok(work <= 25 * 4 * (longestPath + 1) * patternLength, `${work} steps`);
  });
});
