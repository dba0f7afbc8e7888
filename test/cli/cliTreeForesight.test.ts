// A tree's plan counts, before anything is sent, the pages the publish will send twice (their links name pages created
// after them) and the unchanged pages it sends again for their links: the dry run's summary says what the run then does.
import assert from 'node:assert/strict';
import { runCli, summaryRecord, useCliWorld } from './cliHarness';

const TO = ['--tree', '--space', 'DOCS', '--parent', '123456'];

describe('CLI --tree: the plan foresees the pages that go twice', () => {
  const cli = useCliWorld();

  /** The dry run's summary, then the run's, of a first publish of `files`. */
  async function plannedThenRun(files: Record<string, string>): Promise<{ planned: Record<string, unknown>; ran: Record<string, unknown>; line: string; imports: number }> {
    const root = await cli.tree(files);
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 0, `${dry.stdout}\n${dry.stderr}`);
    const text = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: root, env: cli.env() });
    const line = text.stdout.split('\n').find((each) => each.startsWith('Dry run, nothing sent')) ?? '';
    const before = cli.world.sandbox.imports.length;
    const run = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    return { planned: summaryRecord(dry), ran: summaryRecord(run), line, imports: cli.world.sandbox.imports.length - before };
  }

  it('links that only name earlier pages: every page goes once, and the plan says no page goes twice', async () => {
    const { planned, ran, line, imports } = await plannedThenRun({
      'docs/a.md': '# A\n', 'docs/b.md': '# B\n\nAfter [A](a.md).\n', 'docs/c.md': '# C\n\nAfter [B](b.md) and [A](a.md).\n',
    });
    assert.equal(planned.sentTwice, undefined);
    assert.doesNotMatch(line, /twice/);
    assert.equal(ran.secondPass, 0);
    assert.equal(imports, 3);
  });

  it('two pages that name a later new sibling: the plan counts the two the run sends twice', async () => {
    const forward = await plannedThenRun({
      'docs/a.md': '# A\n\nSee [D](d.md).\n', 'docs/b.md': '# B\n', 'docs/c.md': '# C\n\nAlso [D](d.md).\n', 'docs/d.md': '# D\n',
    });
    assert.equal(forward.planned.sentTwice, 2);
    assert.match(forward.line, /; 2 pages sent twice, their links naming pages created after them\)/);
    assert.equal(forward.ran.secondPass, 2);
    assert.equal(forward.imports, 6);
  });

  it('a cycle of links goes twice once; a folder page that lists new children goes twice; the plan says both', async () => {
    const { planned, ran, imports } = await plannedThenRun({
      'docs/x.md': '# X\n\nSee [Y](y.md).\n', 'docs/y.md': '# Y\n\nBack to [X](x.md).\n',
      'docs/news/first.md': '# First\n', 'docs/news/second.md': '# Second\n\nAfter [First](first.md).\n',
    });
    // X before Y (the plan's order), Y names X's page: X alone goes again. "News" has no file: it lists its children,
    // which it must be made before.
    assert.equal(planned.sentTwice, 2);
    assert.equal(ran.secondPass, planned.sentTwice);
    assert.equal(imports, 5 + 2);
  });
});
