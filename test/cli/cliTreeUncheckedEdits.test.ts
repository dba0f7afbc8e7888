// The built CLI publishing a folder as a page tree without page access: any page it would send over an existing one
// goes unchecked for wiki edits, and the run says so once, with what would give the edit guard access, as a flat
// publish does. Which pages those are is the core's rule (the guard's), not the command line's own guess: a file of
// the tree that names its own page and updates it counts as a tree page does.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runCli, useCliWorld } from './cliHarness';

const NOT_CHECKED = /Wiki edits are not checked\. No page access: set WIKI_PUBLISHER_CLIENT_ID and WIKI_PUBLISHER_CLIENT_SECRET/;
const TO = ['--tree', '--space', 'DOCS', '--parent', '123456', '--state', 'state.json'];
const NOTES = (text: string): string => `---\nwiki:\n  spaceId: DOCS\n  parentId: "123456"\n  pageTitle: Notes\n---\n${text}\n`;

describe('CLI --tree without page access: wiki edits not checked', () => {
  const cli = useCliWorld();

  it('a file of the tree that names its own page and updates it is said to go unchecked, with what gives access', async () => {
    const root = await cli.tree({ 'docs/index.md': '# Overview\n', 'docs/notes.md': NOTES('Notes.') });
    const first = await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() });
    assert.equal(first.code, 0, first.stderr);
    // Only the file that names its page changed: the tree's own page is unchanged, nothing of the tree is an update.
    await writeFile(join(root, 'docs/notes.md'), NOTES('Notes, changed.'));
    for (const dryRun of [true, false]) {
      const again = await runCli(['publish', 'docs', ...TO, ...(dryRun ? ['--dry-run'] : [])], { cwd: root, env: cli.env(false) });
      assert.equal(again.code, 0, again.stderr);
      assert.match(again.stdout, /docs\/notes\.md -> "Notes" in DOCS under 123456.*\(wiki edits NOT checked: no page access\)/);
      assert.match(again.stderr, NOT_CHECKED, `said once, with what gives access (dry run: ${dryRun})`);
    }
  });

  it('a tree whose pages are all unchanged sends nothing unchecked, and says nothing of it', async () => {
    const root = await cli.tree({ 'docs/index.md': '# Overview\n', 'docs/notes.md': NOTES('Notes.') });
    assert.equal((await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() })).code, 0);
    const again = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: root, env: cli.env(false) });
    assert.equal(again.code, 0, again.stderr);
    assert.doesNotMatch(again.stderr, /Wiki edits are not checked/);
  });
});
