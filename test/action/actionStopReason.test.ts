// A step that stops before planning raises one error annotation: what stopped it, in the Action's words. A warning
// said before it (no page access: "Wiki edits are not checked") is not why, and the reviewed plan is named by its input,
// not by the temporary file the step put it in.
import assert from 'node:assert/strict';
import { useCliSandbox } from '../cli/cliHarness';
import { removeRunnerTemps, runAction } from './actionHarness';

describe('GitHub Action: the error annotation of a step that stops before planning', () => {
  const cli = useCliSandbox();
  afterEach(removeRunnerTemps);

  it('an expect-plan without a plan in it, without page access: the annotation says so, not the page-access warning', async () => {
    const workspace = await cli.tree({ 'docs/a.md': '# Alpha\n' });
    const run = await runAction({ workspace, inputs: { path: 'docs', space: 'DOCS', parent: '123456', overwrite: 'true', 'expect-plan': 'Looks good to me' }, env: cli.env() });
    assert.equal(run.code, 2, `${run.stdout}${run.stderr}`);
    const errors = run.commands.filter((command) => command.command === 'error');
    assert.equal(errors.length, 1, JSON.stringify(errors));
    assert.match(errors[0]?.message ?? '', /^Input "expect-plan": No plan digest found/);
    assert.doesNotMatch(errors[0]?.message ?? '', /Wiki edits are not checked|reviewed-plan\.md|see wiki-publisher --help/);
  });
});
