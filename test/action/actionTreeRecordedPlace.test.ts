// The Action's refusal of a tree recorded elsewhere speaks of the inputs a workflow sets (space, parent, retarget), not
// the command line's flags; and a tree recorded with its space's numeric ID is the same place when the workflow names
// the space by its key (with page access), or is said to be named two ways (without it), never another place.
import assert from 'node:assert/strict';
import { useCliWorld } from '../cli/cliHarness';
import { removeRunnerTemps, runAction, type ActionRun } from './actionHarness';

function errorAnnotation(run: ActionRun): string {
  const errors = run.commands.filter((command) => command.command === 'error').map((command) => command.message);
  assert.equal(errors.length, 1, `one error annotation: ${run.stdout}`);
  return errors[0] ?? '';
}

describe('GitHub Action: a tree whose .wiki-pages.json records another place, or the same space by another name', () => {
  const cli = useCliWorld();
  afterEach(removeRunnerTemps);

  it('names the inputs in its fix, and takes the space\'s key and numeric ID as one space', async () => {
    const workspace = await cli.tree({ 'docs/a.md': '# Alpha\n' });
    const tree = { path: 'docs', tree: 'true', parent: '123456' };
    const first = await runAction({ workspace, inputs: { ...tree, space: '1001' }, env: cli.env() });
    assert.equal(first.code, 0, first.stdout + first.stderr);

    const byKey = await runAction({ workspace, inputs: { ...tree, space: 'DOCS', 'dry-run': 'true' }, env: cli.env() });
    assert.equal(byKey.code, 0, byKey.stdout + byKey.stderr);

    const unresolved = await runAction({ workspace, inputs: { ...tree, space: 'DOCS', 'dry-run': 'true' }, env: cli.env(false) });
    assert.equal(unresolved.code, 2);
    const said = errorAnnotation(unresolved);
    assert.match(said, /^\.wiki-pages\.json records this tree's space by its numeric ID 1001 and the "space" input names it by its key DOCS, under the same parent page 123456: without page access the two cannot be told to name one space\. Name the space as \.wiki-pages\.json does \(space: 1001\), or leave the "space" input out\.$/);

    const elsewhere = await runAction({ workspace, inputs: { ...tree, space: 'ENG', 'dry-run': 'true' }, env: cli.env() });
    assert.equal(elsewhere.code, 2);
    assert.equal(errorAnnotation(elsewhere), '.wiki-pages.json says this tree hangs under page 123456 in space 1001, not where the "space" and "parent" inputs say. Set the "retarget" input to true to publish a new tree there (the old pages stay), or leave those inputs out.');
  });
});
