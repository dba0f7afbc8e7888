// Issue 81 in the GitHub Action: the files a run writes in the workspace (the `state` input's record and journal, a
// tree's .wiki-pages.json) stay inside GITHUB_WORKSPACE and are never written through a link the pull request commits.
// Each such path fails the step before anything is sent (exit code 2), with an error annotation naming it.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readdir, readFile, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { useCliSandbox, useCliWorld } from '../cli/cliHarness';
import { removeRunnerTemps, runAction, type ActionRun } from './actionHarness';

const TARGET = { space: 'DOCS', parent: '123456' };
const VICTIM = 'export PS1="$(cat ~/.ssh/id_rsa)"\n';

function errorAnnotation(run: ActionRun): string {
  const errors = run.commands.filter((command) => command.command === 'error').map((command) => command.message);
  assert.equal(errors.length, 1, `one error annotation: ${run.stdout}`);
  return errors[0] ?? '';
}

describe('GitHub Action: files it writes stay in the workspace, never through a link', () => {
  const cli = useCliSandbox();
  afterEach(removeRunnerTemps);

  it('the state input inside the workspace is written (what the refusals below stop)', async () => {
    const workspace = await cli.tree({ 'docs/a.md': '# Alpha\n' });
    const run = await runAction({ workspace, inputs: { path: 'docs', ...TARGET, state: '.wiki-publisher/state.json' }, env: cli.env() });
    assert.equal(run.code, 0, run.stdout);
    assert.equal(cli.sandbox.imports.length, 1);
    assert.ok(existsSync(join(workspace, '.wiki-publisher', 'state.json')));
  });

  for (const [where, link, message] of [
    ['the state file itself', '.wiki-publisher/state.json', /^--state \.wiki-publisher\/state\.json: \.wiki-publisher\/state\.json is a symbolic link; wiki-publisher never writes through a symbolic link/],
    ['its journal', '.wiki-publisher/state.json.journal', /^--state \.wiki-publisher\/state\.json: \.wiki-publisher\/state\.json\.journal is a symbolic link/],
    ['the folder on its way', '.wiki-publisher', /^--state \.wiki-publisher\/state\.json: \.wiki-publisher\/state\.json goes through \.wiki-publisher, a symbolic link/],
  ] as const) {
    it(`a committed link at ${where} fails the step before anything is sent, in a plan too`, async () => {
      const outside = await cli.tree({ profile: VICTIM });
      const folderLink = link === '.wiki-publisher';
      const workspace = await cli.tree({ 'docs/a.md': '# Alpha\n', ...(folderLink ? {} : { '.wiki-publisher/keep': '' }) });
      await symlink(folderLink ? outside : join(outside, 'profile'), join(workspace, ...link.split('/')));
      for (const dryRun of ['false', 'true']) {
        const run = await runAction({ workspace, inputs: { path: 'docs', ...TARGET, state: '.wiki-publisher/state.json', 'dry-run': dryRun }, env: cli.env() });
        assert.equal(run.code, 2, run.stdout);
        assert.match(errorAnnotation(run), message);
      }
      assert.equal(cli.sandbox.imports.length, 0);
      assert.deepEqual(await readdir(outside), ['profile']);
      assert.equal(await readFile(join(outside, 'profile'), 'utf8'), VICTIM);
    });
  }

  it('a state file outside GITHUB_WORKSPACE is refused, naming the workspace', async () => {
    const workspace = await cli.tree({ 'docs/a.md': '# Alpha\n' });
    const run = await runAction({ workspace, inputs: { path: 'docs', ...TARGET, state: '../state.json' }, env: cli.env() });
    assert.equal(run.code, 2, run.stdout);
    assert.match(errorAnnotation(run), new RegExp(`^--state \\.\\./state\\.json: .* is outside the working tree \\(${workspace.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\)`));
    assert.ok(!existsSync(join(workspace, '..', 'state.json')));
    assert.equal(cli.sandbox.imports.length, 0);
  });
});

describe('GitHub Action: a tree\'s .wiki-pages.json is never written through a link', () => {
  const cli = useCliWorld();
  afterEach(removeRunnerTemps);

  it('a tree named through a linked folder of the workspace fails the step before anything is sent', async () => {
    const workspace = await cli.tree({ 'real/docs/index.md': '# Docs\n', 'real/docs/a.md': '# Alpha\n', 'site/keep': '' });
    await symlink(join(workspace, 'real', 'docs'), join(workspace, 'site', 'docs'));
    const run = await runAction({ workspace, inputs: { path: 'site/docs', ...TARGET, tree: 'true' }, env: cli.env() });
    assert.equal(run.code, 2, run.stdout);
    assert.match(errorAnnotation(run), /^--tree publishes a folder as a page tree, and site\/docs is a symbolic link: wiki-publisher never walks or writes through one/);
    assert.equal(cli.world.sandbox.imports.length, 0);
    assert.ok(!existsSync(join(workspace, 'real', 'docs', '.wiki-pages.json')));
  });
});
