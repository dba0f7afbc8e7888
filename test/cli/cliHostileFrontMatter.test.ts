// Front matter nested thousands deep, with a line after it, overflowed the YAML parser's stack: the built CLI stopped
// with "Unexpected error: Maximum call stack size exceeded" and no line for any file (the GitHub Action: one ::error).
// Now that file alone is refused, with the too-deep reason, and the others are planned as before.
import assert from 'node:assert/strict';
import { fileRecords, runCli, summaryRecord, useCliSandbox } from './cliHarness';

const TOO_DEEP = 'The front matter nests lists or maps more than 64 levels deep, which is not read. Flatten it.';

describe('CLI run over front matter nested thousands deep', () => {
  const cli = useCliSandbox();

  it('refuses that file with its reason and plans the others', async () => {
    const root = await cli.tree({
      'docs/ok.md': '# Hello\n',
      'docs/sequences.md': `---\nx:\n  ${'- '.repeat(3000)}a\ntitle: T\n---\n# D\n`,
      'docs/indented.md': `---\n${Array.from({ length: 2000 }, (_, depth) => `${' '.repeat(depth)}k:`).join('\n')}\ntitle: T\n---\n# I\n`,
    });
    const run = await runCli(['publish', 'docs', '--dry-run', '--space', 'DOCS', '--parent', '123456', '--json'], { cwd: root, env: {} });
    assert.doesNotMatch(run.stderr, /Unexpected error|call stack/);
    assert.equal(run.code, 1, run.stderr);
    const records = new Map(fileRecords(run).map((record) => [String(record.file), record]));
    assert.deepEqual([...records.keys()].sort(), ['docs/indented.md', 'docs/ok.md', 'docs/sequences.md']);
    assert.equal(records.get('docs/ok.md')?.status, 'send');
    for (const file of ['docs/indented.md', 'docs/sequences.md']) {
      assert.equal(records.get(file)?.status, 'refused', file);
      assert.deepEqual(records.get(file)?.refusals, [TOO_DEEP], file);
    }
    assert.equal(summaryRecord(run).refused, 2);
  });
});
