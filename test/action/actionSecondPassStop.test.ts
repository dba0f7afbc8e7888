// A flat publish stopped during its second pass (a long 429 here; a cancelled job alike): the files it left with links
// as written are published by their first pass, yet their second sends never went. The step's `failed` output counts
// them (docs/ci.md: files "interrupted or never started"), and the job summary says so and why the links stay.
import assert from 'node:assert/strict';
import { useCliWorld, waitUntil } from '../cli/cliHarness';
import { removeRunnerTemps, runAction } from './actionHarness';

describe('GitHub Action: a run stopped during its second pass', () => {
  const cli = useCliWorld();
  afterEach(removeRunnerTemps);
  beforeEach(() => cli.world.sandbox.setImportAuthor('app'));

  it('counts the second sends left in `failed` and says in the job summary why their links stay as written', async () => {
    const workspace = await cli.tree({ 'docs/a.md': '# A\n\nSee [b](b.md).\n', 'docs/b.md': '# B\n\nSee [c](c.md).\n', 'docs/c.md': '# C\n\nSee [a](a.md).\n' });
    const { sandbox } = cli.world;
    sandbox.injectFaults({ latencyMs: 200 });
    let run: Awaited<ReturnType<typeof runAction>>;
    try {
      const running = runAction({ workspace, inputs: { path: 'docs', space: 'DOCS', parent: '123456', overwrite: 'true', concurrency: '1' }, env: cli.env() });
      // C goes first, then B and A after the pages they link to: with A's create out, the next import to arrive is C's
      // second send (to reach A), answered 429 for a day.
      await waitUntil(() => sandbox.imports.length === 2 && sandbox.importsInFlight === 1);
      sandbox.injectFaults({ throttleNext: 1, retryAfterSeconds: 86400 });
      run = await running;
    } finally {
      sandbox.clearFaults();
    }
    assert.deepEqual([run.outputs.published, run.outputs.failed], ['3', '1'], `${run.stdout}\n${JSON.stringify(run.outputs)}`);
    assert.match(run.summary, /The run stopped during its second pass \(links to new pages\):\*\* of the files published, 0 were interrupted in flight in it \(may have landed\) and 1 not started there/, run.summary);
    assert.match(run.summary, /the pages they link to landed, but the run stopped before its second pass could fill these links in/, run.summary);
    assert.doesNotMatch(run.summary, /did not land/, run.summary);
  });
});
