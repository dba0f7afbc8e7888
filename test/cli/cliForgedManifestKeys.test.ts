// Keys of a .wiki-pages.json no walk gives (`__proto__`, `constructor`, `notes.txt`), or a file's path in another case
// (`A.MD` for a.md), from a pull request or a hand edit: each said, naming the key and its line, and never used; the
// rest of the manifest is used (refusing it whole made a flat publish create its pages a second time).
import assert from 'node:assert/strict';
import { runCli, useCliSandbox } from './cliHarness';

const TO = ['--space', 'DOCS', '--parent', '123456', '--dry-run'];
const manifest = (pages: Record<string, { id: string; title: string }>): string =>
  `${JSON.stringify({ version: 1, space: 'DOCS', parent: '123456', pages }, null, 2)}\n`;

describe('CLI with forged .wiki-pages.json keys', () => {
  const cli = useCliSandbox();

  it('a key that names no Markdown file or folder is set aside alone, named with its line and the fix: the tree and a flat run use the rest', async () => {
    for (const key of ['__proto__', 'constructor', 'notes.txt']) {
      // The key set aside holds the ID of a.md's page too: never used, so no page is claimed twice.
      const root = await cli.tree({
        '.git/HEAD': '', 'docs/a.md': '# A\n',
        'docs/.wiki-pages.json': manifest({ [key]: { id: '501', title: 'A' }, 'a.md': { id: '501', title: 'A' } }),
      });
      const said = `docs/.wiki-pages.json:6 has an entry "${key}" that names neither a Markdown file (.md, .markdown, .mdown, .mkd) nor a folder (a key ending in "/"): no page of the tree can be its, so it is not used. Remove the entry.`;
      for (const selection of [['docs', '--tree'], ['docs'], ['docs/a.md']]) {
        const run = await runCli(['publish', ...selection, ...TO], { cwd: root, env: {} });
        const shown = `${key} ${selection.join(' ')}: ${run.stdout}${run.stderr}`;
        assert.notEqual(run.code, 2, shown);
        assert.ok(run.stderr.includes(said), shown);
        // a.md's own entry is used: its page is recorded (refused here only for want of page access to check it).
        assert.match(run.stdout, /docs\/\.wiki-pages\.json:10 records page 501 for "a\.md"/, shown);
        assert.doesNotMatch(run.stdout, /orphan(?!ed)|renamed|bad entry/, shown);
      }
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
