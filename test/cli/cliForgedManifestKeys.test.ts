// Keys of a .wiki-pages.json no walk gives (`__proto__`, `constructor`), or a file's path in another case (`A.MD` for
// a.md), from a pull request or a hand edit: each said, naming the key and its line, and never used.
import assert from 'node:assert/strict';
import { runCli, useCliSandbox } from './cliHarness';

const TO = ['--space', 'DOCS', '--parent', '123456', '--dry-run'];
const manifest = (pages: Record<string, { id: string; title: string }>): string =>
  `${JSON.stringify({ version: 1, space: 'DOCS', parent: '123456', pages }, null, 2)}\n`;

describe('CLI with forged .wiki-pages.json keys', () => {
  const cli = useCliSandbox();

  it('a key that names no Markdown file or folder refuses the manifest, naming it: the tree stops (exit 2), a flat run says it', async () => {
    for (const key of ['__proto__', 'constructor']) {
      const root = await cli.tree({
        '.git/HEAD': '', 'docs/a.md': '# A\n',
        'docs/.wiki-pages.json': manifest({ [key]: { id: '502', title: 'A' } }),
      });
      const tree = await runCli(['publish', 'docs', '--tree', ...TO], { cwd: root, env: {} });
      assert.equal(tree.code, 2, `${key}: ${tree.stdout}${tree.stderr}`);
      assert.ok(tree.stderr.includes(`docs/.wiki-pages.json:6 has a bad entry "${key}": it names neither a Markdown file`), tree.stderr);
      assert.doesNotMatch(tree.stdout, /orphan|renamed/);
      const flat = await runCli(['publish', 'docs', ...TO], { cwd: root, env: {} });
      assert.ok(flat.stderr.includes(`docs/.wiki-pages.json:6 has a bad entry "${key}"`), flat.stderr);
    }
  });

  it('an entry for a file\'s path in another case is said by a flat run, and its page not used', async () => {
    const root = await cli.tree({ '.git/HEAD': '', 'docs/a.md': '# A\n', 'docs/.wiki-pages.json': manifest({ 'A.MD': { id: '501', title: 'A' } }) });
    const flat = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: {} });
    assert.equal(flat.code, 0, flat.stderr);
    assert.ok(flat.stderr.includes('docs/.wiki-pages.json:6 records "A.MD", not "a.md": keys name files with their case, so that entry is not this file\'s and its page is not used.'), flat.stderr);
    assert.doesNotMatch(flat.stdout, /501/);
  });
});
