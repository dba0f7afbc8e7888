// A page left out for a colleague's edit is named with who made the edit and when in every report of the run: the
// results document (a job summary, a merge request comment) lists it under its own heading, and the JUnit failure
// (a merge request's test view) says it, as the text output does.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runCli, useCliWorld } from './cliHarness';

const TREE = ['publish', 'docs', '--tree', '--space', 'DOCS', '--parent', '123456'];

describe('CLI reports of a page held for an edit on the wiki', () => {
  const cli = useCliWorld();

  it('the results Markdown and the JUnit report name who edited the page and when', async () => {
    const root = await cli.tree({ 'docs/guide/a.md': '# A\n\nA.\n', 'docs/guide/b.md': '# B\n\nB.\n' });
    assert.equal((await runCli(TREE, { cwd: root, env: cli.env() })).code, 0);
    const guide = cli.world.sandbox.findPageByTitle('DOCS', '123456', 'Guide');
    assert.ok(guide);
    const edited = cli.world.sandbox.editLineOnWiki(guide.id);
    await writeFile(join(root, 'docs', 'guide', 'c.md'), '# C\n\nC.\n');
    const run = await runCli([...TREE, '--markdown-file', 'results.md', '--report', 'junit.xml'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, run.stdout + run.stderr);
    const when = edited.versionCreatedAt;
    assert.ok(when, 'the sandbox dates each version');
    const results = await readFile(join(root, 'results.md'), 'utf8');
    assert.match(results, /^#### Pages edited on the wiki since their last publish$/m);
    assert.ok(results.includes(`version 3 by wiki-editor at ${when} (left out; --overwrite-edited replaces it)`), results);
    const junit = await readFile(join(root, 'junit.xml'), 'utf8');
    assert.ok(junit.includes(`<failure message="Left out: its page was edited on the wiki since its last publish (version 2): version 3 by wiki-editor at ${when}`), junit);
  });
});
