// The flags place files that name no place of their own, and the file's front matter wins over them; a --state record
// placing a file elsewhere is only a cache, and the flags decide. The warning is said only where the record is
// overruled: not for a file whose front matter names the place.
import assert from 'node:assert/strict';
import { runCli, useCliWorld } from './cliHarness';

describe('CLI, the flags against a record and front matter', () => {
  const cli = useCliWorld();

  it('a file whose front matter names its parent gets no warning that the flags decide over the --state record; one that names none does', async () => {
    const parent = cli.world.sandbox.createPageOnWiki('DOCS', '123456', 'Named pages', '# Named pages\n').id;
    const root = await cli.tree({
      'docs/named.md': `---\nwiki:\n  spaceId: DOCS\n  parentId: "${parent}"\n---\n# Named\n`,
      'docs/plain.md': '# Plain\n',
    });
    const first = await runCli(['publish', 'docs', '--space', 'DOCS', '--parent', '123456', '--state', 's.json'], { cwd: root, env: cli.env() });
    assert.equal(first.code, 0, first.stdout + first.stderr);
    const other = await runCli(['publish', 'docs', '--space', 'ENG', '--parent', '234567', '--state', 's.json', '--dry-run'], { cwd: root, env: cli.env() });
    assert.match(other.stderr, /docs\/plain\.md: the --state record publishes it to space DOCS under parent 123456, not where --space\/--parent say; the flags decide/);
    assert.doesNotMatch(other.stderr, /docs\/named\.md: the --state record/, other.stderr);
    assert.match(other.stdout, new RegExp(`docs/named\\.md -> "Named" in DOCS under ${parent}`), 'the front matter places it');
  });
});
