// A flat file's page a colleague moved under another parent on the wiki, met by a run without any record of it (a
// fresh CI runner without --state, a pull request's plan job): the page is found by its title in the space, carrying
// the file's notice, and held as moved, as a run with the state file holds it. Without this the fresh run planned a
// create, and the publish made a second page of the title (or met the wiki's refusal of a title its space holds); a
// plan made without the state and a publish made with it disagreed, and --expect-plan let the publish go.
import assert from 'node:assert/strict';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runCli, useCliWorld } from './cliHarness';

const ARGS = ['docs', '--space', 'DOCS', '--parent', '123456', '--overwrite'];

describe('CLI flat publish: a page moved on the wiki, met without a record', () => {
  const cli = useCliWorld();

  /** docs/One.md and docs/Two.md published (the state file kept), then "Two" moved under "One" on the wiki. */
  const publishedThenMoved = async () => {
    const root = await cli.tree({ 'docs/One.md': '# One\n\nBody one.\n', 'docs/Two.md': '# Two\n\nBody two.\n' });
    const first = await runCli(['publish', ...ARGS, '--state', 'cache/state.json'], { cwd: root, env: cli.env() });
    assert.equal(first.code, 0, first.stdout + first.stderr);
    const one = cli.livePage('One');
    const two = cli.livePage('Two');
    cli.world.sandbox.movePageOnWiki(two.id, one.id);
    return { root, one, two };
  };

  it('is held as moved, with or without the state file, and no second page is made', async () => {
    const { root, one, two } = await publishedThenMoved();
    for (const state of [[], ['--state', 'cache/state.json']]) {
      const plan = await runCli(['publish', ...ARGS, ...state, '--dry-run'], { cwd: root, env: cli.env() });
      const line = plan.stdout.split('\n').find((each) => each.includes('docs/Two.md')) ?? '';
      assert.match(line, /^WOULD LEAVE OUT docs\/Two\.md .*its page is under "One" \(page \d+\) on the wiki now/, `${state.join(' ') || 'no state'}: ${plan.stdout}`);
      const run = await runCli(['publish', ...ARGS, ...state], { cwd: root, env: cli.env() });
      assert.equal(run.code, 1, run.stdout + run.stderr);
    }
    const twos = cli.world.sandbox.pages().filter((page) => page.title === 'Two' && !page.deleted);
    assert.deepEqual(twos.map((page) => [page.id, page.parentId, page.version]), [[two.id, one.id, two.version]], 'one "Two", where the colleague moved it, not written');
  });

  it('a plan made without the state and a publish made with it agree: --expect-plan accepts the reviewed plan, which sends nothing', async () => {
    const { root } = await publishedThenMoved();
    const imports = cli.world.sandbox.imports.length;
    const plan = await runCli(['plan', ...ARGS, '--markdown-file', 'plan.md'], { cwd: root, env: cli.env() });
    assert.doesNotMatch(await readFile(join(root, 'plan.md'), 'utf8'), /docs\/Two\.md[^\n]*creat/i, plan.stdout);
    // The publish job restores the cache the plan job did not have.
    await mkdir(join(root, 'ci'), { recursive: true });
    await copyFile(join(root, 'cache', 'state.json'), join(root, 'ci', 'state.json'));
    const run = await runCli(['publish', ...ARGS, '--state', 'ci/state.json', '--expect-plan', '@plan.md'], { cwd: root, env: cli.env() });
    assert.notEqual(run.code, 3, `the reviewed plan is the one the publish carries out: ${run.stdout}${run.stderr}`);
    assert.equal(cli.world.sandbox.imports.length, imports, 'nothing sent');
  });
});
