// A page moved under another parent, or renamed, on the wiki is left out because the import cannot reach it, not
// because anyone edited it: the summaries count it as what the guard found ("moved or renamed on the wiki"), and the
// job summary's link to it says the title the page has there, not the file's.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runCli, summaryRecord, useCliWorld } from './cliHarness';

const ARGS = ['docs', '--space', 'DOCS', '--parent', '123456', '--overwrite', '--state', 'cache/state.json'];

describe('CLI: a page moved or renamed on the wiki is said so in the summaries', () => {
  const cli = useCliWorld();

  it('moved under another parent, not edited: "moved or renamed on the wiki", in the run\'s and the plan\'s summaries', async () => {
    const root = await cli.tree({ 'docs/One.md': '# One\n\nBody one.\n', 'docs/Two.md': '# Two\n\nBody two.\n' });
    assert.equal((await runCli(['publish', ...ARGS], { cwd: root, env: cli.env() })).code, 0);
    cli.world.sandbox.movePageOnWiki(cli.livePage('Two').id, cli.livePage('One').id);
    const plan = await runCli(['publish', ...ARGS, '--dry-run'], { cwd: root, env: cli.env() });
    assert.match(plan.stdout, /1 moved or renamed on the wiki \(left out\)/, plan.stdout);
    assert.doesNotMatch(plan.stdout, /edited on the wiki \(left out\)/);
    const run = await runCli(['publish', ...ARGS], { cwd: root, env: cli.env() });
    assert.match(run.stdout, /1 left out \(moved or renamed on the wiki\)/, run.stdout);
    assert.doesNotMatch(run.stdout, /left out \(edited on the wiki\)/);
    const json = await runCli(['publish', ...ARGS, '--json'], { cwd: root, env: cli.env() });
    assert.equal(summaryRecord(json).movedOnWiki, 1, json.stdout);
  });

  it('renamed on the wiki: the job summary links the page by the title it has there', async () => {
    const root = await cli.tree({ 'docs/One.md': '# One\n\nBody one.\n' });
    assert.equal((await runCli(['publish', ...ARGS], { cwd: root, env: cli.env() })).code, 0);
    const one = cli.livePage('One');
    cli.world.sandbox.editPageOnWiki(one.id, cli.world.sandbox.pageVersions(one.id).at(-1)?.markdown ?? '', { title: 'One renamed' });
    const run = await runCli(['publish', ...ARGS, '--markdown-file', 'results.md'], { cwd: root, env: cli.env() });
    assert.match(run.stdout, /1 left out \(moved or renamed on the wiki\)/, run.stdout);
    const markdown = await readFile(join(root, 'results.md'), 'utf8');
    assert.match(markdown, /\[One renamed\]\([^)]*\/pages\/\d+\//, markdown);
    assert.doesNotMatch(markdown, /\[One\]\([^)]*\/pages\/\d+\//, markdown);
  });
});
