// The --state record is a file the run writes, as --report and --markdown-file are: named as a Markdown file in a folder
// the run publishes, it was accepted and written, and the next run published its JSON as a wiki page. It is refused
// first (exit 2) as those outputs are; a state file there that is not Markdown, which the walk never takes, still works.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileRecords, runCli, useCliSandbox, type CliRun } from './cliHarness';

const DOCS = ['docs', '--space', 'DOCS', '--parent', '123456'];

function assertRefused(run: CliRun, message: RegExp): void {
  assert.equal(run.code, 2, `${run.stdout}\n${run.stderr}`);
  assert.match(run.stderr, message);
  assert.equal(run.stderr.trimEnd().split('\n').length, 1, `one line:\n${run.stderr}`);
  assert.equal(run.stdout, '', 'no plan, no result: the run stopped first');
}

describe('CLI --state: never a Markdown file in a folder the run publishes', () => {
  const cli = useCliSandbox();

  it('--state docs/zstate.md with docs published is refused first (exit 2), in a publish, a dry run, a plan and a tree', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n\nx\n' });
    const refused = /^wiki-publisher: --state docs\/zstate\.md: a Markdown file in docs, which this run publishes: it would be written over a page's source, or published as a page by the next run\. Name a file outside it, or one that is not Markdown\.$/m;
    for (const command of [['publish'], ['publish', '--dry-run'], ['plan'], ['publish', '--tree']]) {
      assertRefused(await runCli([...command, ...DOCS, '--state', 'docs/zstate.md'], { cwd: root, env: cli.env() }), refused);
    }
    // Over a published file named itself, and over a tree's record, as --report is.
    assertRefused(await runCli(['publish', 'docs/a.md', '--space', 'DOCS', '--parent', '123456', '--state', 'docs/a.md'], { cwd: root, env: cli.env() }), /^wiki-publisher: --state docs\/a\.md: a Markdown file in docs\/a\.md, which this run publishes/m);
    assertRefused(await runCli(['publish', ...DOCS, '--state', 'docs/.wiki-pages.json'], { cwd: root, env: cli.env() }), /^wiki-publisher: --state docs\/\.wiki-pages\.json: a page tree's record \(\.wiki-pages\.json\); name another file\.$/m);
    assert.equal(cli.sandbox.imports.length, 0, 'nothing sent');
    assert.ok(!existsSync(join(root, 'docs', 'zstate.md')), 'no state file written');
  });

  it('a state file in the published folder that is not Markdown (docs/state.json) works, and is never published', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n\nx\n' });
    const args = ['publish', ...DOCS, '--state', 'docs/state.json', '--json'];
    const first = await runCli(args, { cwd: root, env: cli.env() });
    assert.equal(first.code, 0, `${first.stdout}\n${first.stderr}`);
    assert.ok(existsSync(join(root, 'docs', 'state.json')), 'the state file is written');
    const again = await runCli(args, { cwd: root, env: cli.env() });
    assert.equal(again.code, 0, `${again.stdout}\n${again.stderr}`);
    assert.deepEqual(fileRecords(again).map((record) => record.file), ['docs/a.md'], 'only the Markdown file is walked');
    assert.equal(cli.sandbox.imports.length, 1, 'one page sent, once: the state file never, and the unchanged file not again');
    // Nor is a Markdown name in a folder the walk skips refused, as for --markdown-file.
    const skipped = await runCli(['publish', ...DOCS, '--state', 'docs/.cache/state.md', '--dry-run'], { cwd: root, env: cli.env() });
    assert.equal(skipped.code, 0, `${skipped.stdout}\n${skipped.stderr}`);
  });
});
