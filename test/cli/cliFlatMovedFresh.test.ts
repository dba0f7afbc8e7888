// A flat file planned as a create by a run without any record of its page (a fresh CI runner without --state, a pull
// request's plan job), whose title a page elsewhere in the space holds: the plan names that page before anything is
// sent, and says when it carries this file's publish notice (published there from another branch, or moved there by
// a colleague; only the reader can tell). Before, the plan said a bare "would create" and the publish made a second
// page of the title, or met the wiki's refusal of a title its space holds, unannounced.
import assert from 'node:assert/strict';
import { runCli, useCliWorld } from './cliHarness';

const ARGS = ['docs', '--space', 'DOCS', '--parent', '123456', '--overwrite'];

describe('CLI flat publish without a record: a title held elsewhere in the space', () => {
  const cli = useCliWorld();

  it('a page of the file moved on the wiki: the plan names it, with its notice; a run with the state file holds it as moved', async () => {
    const root = await cli.tree({ 'docs/One.md': '# One\n\nBody one.\n', 'docs/Two.md': '# Two\n\nBody two.\n' });
    const first = await runCli(['publish', ...ARGS, '--state', 'cache/state.json'], { cwd: root, env: cli.env() });
    assert.equal(first.code, 0, first.stdout + first.stderr);
    const one = cli.livePage('One');
    const two = cli.livePage('Two');
    cli.world.sandbox.movePageOnWiki(two.id, one.id);
    const plan = await runCli(['publish', ...ARGS, '--dry-run'], { cwd: root, env: cli.env() });
    const line = plan.stdout.split('\n').find((each) => each.includes('docs/Two.md')) ?? '';
    assert.match(line, /^would create docs\/Two\.md/, plan.stdout);
    assert.ok(line.includes(`[caution: A page titled "Two" carrying this file's publish notice is elsewhere in the space (page ${two.id}, `), line);
    assert.match(line, /published there from another branch, or moved there on the wiki\. This publish creates another page here, which the wiki may refuse/);
    const held = await runCli(['publish', ...ARGS, '--state', 'cache/state.json', '--dry-run'], { cwd: root, env: cli.env() });
    assert.match(held.stdout, /^WOULD LEAVE OUT docs\/Two\.md .*its page is under "One" \(page \d+\) on the wiki now/m, held.stdout);
  });

  it('another page of the title elsewhere in the space: named as the wiki may refuse the title; a page under the place itself is no caution', async () => {
    const elsewhere = cli.world.sandbox.createPageOnWiki('DOCS', '123456', 'Archive', 'Old.\n');
    const other = cli.world.sandbox.createPageOnWiki('DOCS', elsewhere.id, 'Setup', 'Another team\'s setup.\n');
    const root = await cli.tree({ 'docs/setup.md': '# Setup\n\nOurs.\n', 'docs/fresh.md': '# Fresh\n\nNew.\n' });
    const plan = await runCli(['publish', ...ARGS, '--dry-run'], { cwd: root, env: cli.env() });
    const lineOf = (path: string): string => plan.stdout.split('\n').find((each) => each.includes(` ${path} -> `)) ?? '';
    assert.ok(lineOf('docs/setup.md').includes(`[caution: A page titled "Setup" already exists elsewhere in the space (page ${other.id}, `), plan.stdout);
    assert.doesNotMatch(lineOf('docs/fresh.md'), /caution/, plan.stdout);
  });
});
