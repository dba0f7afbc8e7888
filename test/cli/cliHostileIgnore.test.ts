// Issue 81: a .gitignore can no longer hang the walk. A line of repeated `**/` segments against a file twenty
// folders deep, and `*a*a*…b.md` against a long name, kept a backtracking matcher (the `ignore` package) busy for
// minutes; the core's matcher takes them in work linear in the path. The built CLI plans such a repository, and the
// same walk in this process (the CLI's own walkArguments) stays within its bound of matcher steps.
import assert from 'node:assert/strict';
import { walkArguments } from '../../src/cli/files';
import { matcherWork } from '../../src/core/pattern/nfa';
import { fileRecords, runCli, useCliSandbox } from './cliHarness';

const DEEP = Array.from({ length: 20 }, (_, index) => `d${index}`).join('/');
const LINES = [`docs/${'**/'.repeat(40)}never.md`, `*${'a*'.repeat(12)}b.md`, `${'**/'.repeat(30)}*${'x*'.repeat(12)}y`, '*.draft.md'];
const HOSTILE = {
  '.git/HEAD': 'ref: refs/heads/main\n',
  '.gitignore': `${LINES.join('\n')}\n`,
  [`docs/${DEEP}/page.md`]: '# Deep\n',
  [`docs/${DEEP}/${'x'.repeat(150)}.md`]: '# Many x, no y\n',
  [`docs/${'a'.repeat(196)}.md`]: '# Many a, no b\n',
  [`docs/${'a'.repeat(100)}b.md`]: '# Ignored\n',
  'docs/notes.draft.md': '# Ignored\n',
};
const TAKEN = [`docs/${'a'.repeat(196)}.md`, `docs/${DEEP}/page.md`, `docs/${DEEP}/${'x'.repeat(150)}.md`];

describe('CLI walk of a repository with hostile .gitignore lines', () => {
  const cli = useCliSandbox();

  it('plans it, honouring every line', async () => {
    const root = await cli.tree(HOSTILE);
    const run = await runCli(['plan', 'docs', '--space', 'DOCS', '--parent', '123456', '--json'], { cwd: root, env: {} });
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(fileRecords(run).map((record) => String(record.file)).sort(), [...TAKEN].sort());
  });

  it('walks it in matcher steps bounded by its paths times its lines', async () => {
    const root = await cli.tree(HOSTILE);
    const before = matcherWork();
    const walked = await walkArguments(['docs'], root);
    const work = matcherWork() - before;
    assert.ok(walked.ok);
    assert.deepEqual(walked.result.files.map((file) => file.label).sort(), [...TAKEN].sort());
    // 21 folders and 5 files, each matched against each line at most once.
    const longestPath = `docs/${DEEP}/${'x'.repeat(150)}.md`.length;
    const lineLengths = LINES.reduce((sum, line) => sum + line.length + 1, 0);
    assert.ok(work <= 26 * 4 * (longestPath + 1) * lineLengths, `${work} steps`);
  });
});
