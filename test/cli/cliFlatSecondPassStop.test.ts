// A flat publish (no --tree) whose links wait for pages the run creates: a file that only waits goes once, in the
// second pass, not first with the text its page already holds; and a run stopped during (or before) its second pass
// says which second sends it left, with the true reason, in its counts, its exit code and its links left as written.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileRecords, runCli, startCli, summaryRecord, useCliWorld, waitUntil, type CliRun } from './cliHarness';

const TO = ['--space', 'DOCS', '--parent', '123456', '--overwrite', '--state', 'state.json'];

describe('CLI without --tree: the second pass and a run stopped in it', () => {
  const cli = useCliWorld();

  beforeEach(() => cli.world.sandbox.setImportAuthor('app'));

  const importsOf = (title: string, from: number): string[] => cli.world.sandbox.imports.slice(from)
    .flatMap((each) => {
      const body = each.body as { pageTitle?: string; content?: string } | undefined;
      return body?.pageTitle === title ? [body.content ?? ''] : [];
    });

  it('with --state, an unchanged file whose link waited for a page this run creates goes once, in the second pass', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n\nSee [beta](beta.md).\n', 'docs/beta.md': '' });
    const first = await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() });
    assert.equal(first.code, 1, `beta is refused (empty): ${first.stdout}${first.stderr}`);
    await writeFile(join(root, 'docs', 'beta.md'), '# Beta\n\nNow written.\n');
    const before = cli.world.sandbox.imports.length;
    const run = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    const sent = importsOf('Alpha', before);
    assert.equal(sent.length, 1, `Alpha went ${sent.length} times:\n${sent.join('\n---\n')}`);
    assert.match(sent[0] ?? '', /\/pages\/\d+\/Beta\)/, 'its one send fills the link in');
    const alpha = fileRecords(run).filter((record) => record.file === 'docs/a.md').map((record) => [record.status, record.pass]);
    assert.deepEqual(alpha, [['published', 2]], run.stdout);
    assert.equal(summaryRecord(run).secondPass, 1, run.stdout);
  });

  /**
   * A first publish of three files, each linking the next and the last the first (concurrency 1): C goes first, then B
   * and A, each after the page it links to, then C again to reach A. The wiki answers that second send 429 with a
   * day's Retry-After, which stops the run: it never went.
   */
  async function stopInSecondPass(root: string, args: readonly string[]): Promise<CliRun> {
    const { sandbox } = cli.world;
    sandbox.injectFaults({ latencyMs: 200 });
    try {
      const running = startCli(['publish', 'docs', ...TO, '--concurrency', '1', ...args], { cwd: root, env: cli.env() });
      // The third create is out: the next import to arrive is the second pass's first.
      await waitUntil(() => sandbox.imports.length === 2 && sandbox.importsInFlight === 1);
      sandbox.injectFaults({ throttleNext: 1, retryAfterSeconds: 86400 });
      return await running.done;
    } finally {
      sandbox.clearFaults();
    }
  }
  const THREE = { 'docs/a.md': '# A\n\nSee [b](b.md).\n', 'docs/b.md': '# B\n\nSee [c](c.md).\n', 'docs/c.md': '# C\n\nSee [a](a.md).\n' };

  it('stopped by a long 429 in the second pass: --json counts the second sends left, names the links left as the stop left them, and exits 1', async () => {
    const run = await stopInSecondPass(await cli.tree(THREE), ['--json']);
    assert.equal(run.code, 1, `a run that left pages with links as written is not a success:\n${run.stdout}\n${run.stderr}`);
    const summary = summaryRecord(run);
    assert.deepEqual([summary.published, summary.secondPassCancelled, summary.secondPassNotStarted], [3, 0, 1], run.stdout);
    const left = (summary.linksLeft as Array<{ file: string; waitsFor: string[]; stopped?: string }>).map(({ file, waitsFor, stopped }) => [file, waitsFor.join(), stopped]);
    assert.deepEqual(left, [['docs/c.md', 'docs/a.md', 'notStarted']], run.stdout);
    // B and A waited for the pages they link to: written once, their links filled in.
    assert.deepEqual(['A', 'B', 'C'].map((title) => cli.livePage(title)?.version), [1, 1, 1]);
  });

  it('stopped by a long 429 in the second pass: the text says the second sends left and why the links stay, not that created pages "did not land"', async () => {
    const run = await stopInSecondPass(await cli.tree(THREE), []);
    assert.match(run.stdout, /^3 published, .*; second pass left by the stop: 0 interrupted in flight \(may have landed\), 1 not started \(their links stay as written\)$/m, run.stdout);
    assert.match(run.stdout, /^links stay as written in docs\/c\.md: the run stopped before the second pass could fill in its links to docs\/a\.md \(the next run fills them in\)$/m, run.stdout);
    assert.doesNotMatch(run.stdout, /did not land/, run.stdout);
    // The stop counts the run's sends, both passes: three creates landed, the fourth send never went.
    assert.match(run.stderr, /publishing stopped after 3 of 4 files/, run.stderr);
  });

  it('stopped by a long 429 in a later wave of the first pass: the stop counts every wave\'s files, those that landed before it too', async () => {
    // A chain: e goes first, then d, then c (each after the page it links to); a 429 for a day meets a later send.
    const names = ['a', 'b', 'c', 'd', 'e'];
    const chain = Object.fromEntries(names.map((name, index) => [`docs/${name}.md`, `# Page ${name}\n\n${index < 4 ? `[next](${names[index + 1]}.md)` : 'end'}\n`]));
    const root = await cli.tree(chain);
    const { sandbox } = cli.world;
    sandbox.injectFaults({ latencyMs: 150 });
    let run: CliRun;
    try {
      const running = startCli(['publish', 'docs', ...TO, '--concurrency', '1'], { cwd: root, env: cli.env() });
      await waitUntil(() => sandbox.imports.length === 2);
      sandbox.injectFaults({ throttleNext: 1, retryAfterSeconds: 86400 });
      run = await running.done;
    } finally {
      sandbox.clearFaults();
    }
    assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
    // Whichever wave the 429 met: the files published before it, of all five.
    const published = Number(/^(\d+) published/m.exec(run.stdout)?.[1]);
    assert.ok(published >= 1 && published < 5, run.stdout);
    assert.match(run.stderr, new RegExp(`publishing stopped after ${published} of 5 files`), run.stderr);
  });

  it('a page that landed without its ID learnt (the page routes failing then): the next run finds it and fills in the links waiting for it', async () => {
    const CREATE_ONLY = ['--space', 'DOCS', '--parent', '123456', '--state', 'state.json'];
    const root = await cli.tree({ 'docs/guide.md': '# Guide\n\nFirst read [the setup](setup.md).\n', 'docs/setup.md': '# Setup\n\nRun it.\n' });
    const { sandbox } = cli.world;
    // The page routes fail for the whole run: the guard cannot look (creates go all the same), nor can the run learn
    // the new pages' IDs.
    sandbox.setPageLookupFault('error');
    let first: CliRun;
    try {
      first = await runCli(['publish', 'docs', ...CREATE_ONLY], { cwd: root, env: cli.env() });
    } finally {
      sandbox.setPageLookupFault(undefined);
    }
    assert.match(first.stdout, /links stay as written in docs\/guide\.md: docs\/setup\.md landed, but the run could not look up its page/, first.stdout);
    const plan = await runCli(['publish', 'docs', ...CREATE_ONLY, '--dry-run'], { cwd: root, env: cli.env() });
    assert.match(plan.stdout, /^would update docs\/guide\.md .*\(1 link to another file goes to its page\)$/m, plan.stdout);
    const again = await runCli(['publish', 'docs', ...CREATE_ONLY], { cwd: root, env: cli.env() });
    assert.equal(again.code, 0, `${again.stdout}\n${again.stderr}`);
    const setup = cli.livePage('Setup');
    assert.equal(cli.livePage('Guide')?.markdown, `# Guide\n\nFirst read [the setup](${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${setup?.id}/Setup).\n`);
    const imports = sandbox.imports.length;
    assert.equal((await runCli(['publish', 'docs', ...CREATE_ONLY], { cwd: root, env: cli.env() })).code, 0);
    assert.equal(sandbox.imports.length, imports, 'then nothing goes');
  });
});
