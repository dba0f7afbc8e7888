// Issue 81: a file the walk refuses (a link, a pipe) is still named by the run's records, and the Action reads the
// files its annotations point into for their line numbers. That read is a walk's read too: a link named docs/zero.md
// that leads to /dev/zero, or to a pipe outside the repository, must not be followed (it ran the step out of memory, or
// waited for ever, and the step's outputs were lost).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useCliWorld } from '../cli/cliHarness';
import { removeRunnerTemps, runAction } from './actionHarness';

describe('GitHub Action: annotations of refused files read nothing through them', () => {
  const cli = useCliWorld();
  afterEach(removeRunnerTemps);
  let outside: string;
  beforeEach(async () => {
    outside = await mkdtemp(join(tmpdir(), 'wiki-publisher-outside-'));
  });
  afterEach(() => rm(outside, { recursive: true, force: true }));

  it('a link to a pipe outside and one to /dev/zero are refused, and the step ends with its outputs', async function () {
    if (process.platform === 'win32') this.skip();
    const workspace = await cli.tree({ 'docs/a.md': '# A\n\nText.\n' });
    const pipe = join(outside, 'pipe');
    execFileSync('mkfifo', [pipe]);
    await symlink(pipe, join(workspace, 'docs', 'pipe.md'));
    await symlink('/dev/zero', join(workspace, 'docs', 'zero.md'));
    const run = await runAction({ workspace, inputs: { path: 'docs', space: 'DOCS', parent: '123456', 'dry-run': 'true' }, env: cli.env() });
    assert.notEqual(run.code, null, 'the step ended');
    assert.equal(run.outputs['exit-code'] !== undefined, true, `the step's outputs are written: ${run.stdout}${run.stderr}`);
    const refused = run.commands.filter((command) => command.command === 'error').map((command) => command.properties.file);
    for (const file of ['docs/pipe.md', 'docs/zero.md']) assert.ok(refused.includes(file), `${file} is refused: ${run.stdout}`);
  });
});
