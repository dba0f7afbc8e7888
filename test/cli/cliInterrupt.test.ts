// Ctrl+C in the middle of a run: no new file starts, the requests the wiki is holding are aborted, the output says
// which files landed, which may have, and which never started; exit 130 (SIGTERM, as CI cancels: 143).
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileRecords, runCli, startCli, summaryRecord, useCliSandbox, useCliWorld, waitUntil, type CliRun } from './cliHarness';

describe('CLI interrupted', () => {
  const cli = useCliSandbox();

  interface Scenario { signal: 'SIGINT' | 'SIGTERM'; exitCode: number; stalled: number; landed: number; notStarted: number }
  const scenarios: Scenario[] = [
    // One worker is held while the other publishes the remaining four.
    { signal: 'SIGINT', exitCode: 130, stalled: 1, landed: 4, notStarted: 0 },
    // Both workers are held, so three files never start.
    { signal: 'SIGINT', exitCode: 130, stalled: 2, landed: 0, notStarted: 3 },
    { signal: 'SIGTERM', exitCode: 143, stalled: 2, landed: 0, notStarted: 3 },
  ];

  for (const { signal, exitCode, stalled, landed, notStarted } of scenarios) {
    it(`${signal} with ${stalled} of 2 requests held: exit ${exitCode}, ${landed} landed, ${stalled} may have landed, ${notStarted} never started`, async () => {
      const root = await cli.tree({ 'a.md': '# A\n', 'b.md': '# B\n', 'c.md': '# C\n', 'd.md': '# D\n', 'e.md': '# E\n' });
      // Held requests get their headers and then a body that never comes.
      cli.sandbox.injectFaults({ stallAfterHeadersNext: stalled });
      const args = ['publish', '.', '--space', 'DOCS', '--parent', '123456', '--concurrency', '2', '--state', 'state.json', '--json'];
      const running = startCli(args, { cwd: root, env: cli.env() });
      await waitUntil(() => cli.sandbox.imports.length === stalled + landed);
      running.child.kill(signal);
      const run = await running.done;

      assert.equal(run.code, exitCode, run.stderr);
      assert.match(run.stderr, /Interrupted: no new file starts/);
      // A cancelled CI job has no one to press Ctrl+C.
      assert.match(run.stderr, signal === 'SIGTERM' ? /\(SIGTERM: a second one quits at once\.\)/ : /Press Ctrl\+C again to quit at once\./);
      if (signal === 'SIGTERM') assert.doesNotMatch(run.stderr, /Ctrl\+C/);
      const records = fileRecords(run);
      const files = (status: string): string[] => records.filter((record) => record.status === status).map((record) => String(record.file));
      assert.equal(files('published').length, landed, run.stdout);
      assert.equal(files('cancelled').length, stalled, run.stdout);
      assert.equal(files('notStarted').length, notStarted, run.stdout);
      assert.ok(records.every((record) => record.mayHaveLanded === (record.status === 'cancelled')), 'only a request aborted in flight may have landed');
      const summary = summaryRecord(run);
      assert.deepEqual([summary.interrupted, summary.exitCode, summary.published, summary.cancelled, summary.notStarted], [true, exitCode, landed, stalled, notStarted]);
      assert.equal(cli.sandbox.imports.length, stalled + landed, 'no file started after the interrupt');
      const record = JSON.parse(await readFile(join(root, 'state.json'), 'utf8').catch(() => '{"files":{}}')) as { files: Record<string, { pageId?: string; unconfirmedSend?: boolean }> };
      const keys = (marked: boolean): string[] => Object.entries(record.files).filter(([, link]) => (link.unconfirmedSend === true) === marked).map(([key]) => key).sort();
      assert.deepEqual(keys(false), files('published').sort(), 'what landed is recorded');
      // A create that may have landed leaves its place, marked, and no page: the next run takes a page found there as
      // that create's only when the publishing account made it.
      assert.deepEqual(keys(true), files('cancelled').sort(), 'what may have landed is marked');
      assert.ok(keys(true).every((key) => record.files[key]?.pageId === undefined));
    });
  }
});

// A tree sends a page again in a second pass when its links waited for pages created in the first that its order
// created after it (a later sibling, in name order: --sibling-order name): Ctrl+C while those sends are out. The sandbox holds each request for a while and then carries it out, as a wiki does with a request
// whose client went away: those sends land after the interrupt, unconfirmed.
describe('CLI interrupted while sends are out that land after it', () => {
  const cli = useCliWorld();
  const TREE = { 'docs/a.md': '# A\n\nSee [D](d.md).\n', 'docs/b.md': '# B\n', 'docs/c.md': '# C\n\nAlso [D](d.md).\n', 'docs/d.md': '# D\n' };
  const TREE_ARGS = ['publish', 'docs', '--tree', '--space', 'DOCS', '--parent', '123456', '--sibling-order', 'name', '--state', 'state.json'];
  const HELD_MS = 300;
  const page = (title: string) => {
    const found = cli.world.sandbox.pages().find((candidate) => candidate.title === title && !candidate.deleted);
    assert.ok(found, `"${title}" is on the wiki`);
    return found;
  };

  /** Pass 1 creates A, B, C and D; SIGINT while the second pass's sends (of A and C in TREE) are out; they land after it. */
  async function interruptSecondPass(root: string, args: readonly string[], resent: readonly [string, string] = ['A', 'C']): Promise<CliRun> {
    const { sandbox } = cli.world;
    sandbox.injectFaults({ latencyMs: HELD_MS });
    try {
      const running = startCli(args, { cwd: root, env: cli.env() });
      await waitUntil(() => sandbox.imports.length === 4 && sandbox.importsInFlight === 2);
      running.child.kill('SIGINT');
      const run = await running.done;
      await waitUntil(() => sandbox.imports.length === 6);
      assert.deepEqual(resent.map((title) => page(title).version), [2, 2], 'the interrupted sends landed');
      return run;
    } finally {
      sandbox.clearFaults();
    }
  }

  it('SIGINT during the second pass with --state: the next run updates the pages those sends changed, and still leaves out a colleague\'s edit', async () => {
    const root = await cli.tree(TREE);
    const interrupted = await interruptSecondPass(root, [...TREE_ARGS, '--json']);
    assert.equal(interrupted.code, 130, interrupted.stderr);
    const resent = fileRecords(interrupted).filter((record) => (record.tree as { pass?: number } | undefined)?.pass === 2);
    assert.deepEqual(resent.map((record) => [record.file, record.status]).sort(), [['docs/a.md', 'cancelled'], ['docs/c.md', 'cancelled']]);
    // A colleague edits C on the wiki after the interrupted send landed: that version is theirs, not this run's.
    cli.world.sandbox.editPageOnWiki(page('C').id, '# C\n\nA colleague\'s line.\n');

    const again = await runCli([...TREE_ARGS, '--json'], { cwd: root, env: cli.env() });
    const status = new Map(fileRecords(again).map((record) => [record.file, record.status]));
    // A's interrupted send landed whole: its page holds what it would send, as its notice says.
    assert.equal(status.get('docs/a.md'), 'skipped', again.stdout);
    assert.equal(status.get('docs/c.md'), 'edited', again.stdout);
    const held = fileRecords(again).find((record) => record.file === 'docs/c.md');
    assert.equal((held?.wikiEdits as { editedBy?: string } | undefined)?.editedBy, 'wiki-editor');
    assert.equal(again.code, 1, again.stderr);
    assert.match(page('A').markdown, /\]\(http/, 'A\'s link reaches B\'s page');
    assert.match(page('C').markdown, /A colleague's line/, 'the colleague\'s edit stays');
  });

  it('SIGINT while a flat run\'s update is out, with --state: the next run takes the version that send made for its own, and sends nothing', async () => {
    const root = await cli.tree({ 'docs/a.md': '# A\n\nOne.\n' });
    const { sandbox } = cli.world;
    const args = ['publish', 'docs', '--space', 'DOCS', '--parent', '123456', '--state', 'state.json', '--json'];
    const first = await runCli(args, { cwd: root, env: cli.env() });
    assert.equal(first.code, 0, first.stderr);
    await writeFile(join(root, 'docs', 'a.md'), '# A\n\nTwo.\n');
    sandbox.injectFaults({ latencyMs: HELD_MS });
    try {
      const running = startCli(args, { cwd: root, env: cli.env() });
      await waitUntil(() => sandbox.importsInFlight === 1);
      running.child.kill('SIGINT');
      assert.equal((await running.done).code, 130);
      await waitUntil(() => sandbox.imports.length === 2);
    } finally {
      sandbox.clearFaults();
    }
    assert.equal(page('A').version, 2, 'the interrupted update landed');

    const again = await runCli(args, { cwd: root, env: cli.env() });
    assert.equal(again.code, 0, again.stdout);
    assert.deepEqual(fileRecords(again).map((record) => [record.file, record.status, record.outcome]), [['docs/a.md', 'skipped', undefined]]);
    assert.equal(page('A').version, 2, 'not written again');
  });

  it('SIGINT during the second pass: the summary and the JUnit report count the pages the first pass created as published', async () => {
    const root = await cli.tree(TREE);
    const run = await interruptSecondPass(root, [...TREE_ARGS, '--json', '--report', 'junit.xml']);
    const summary = summaryRecord(run);
    assert.deepEqual([summary.interrupted, summary.published, summary.cancelled, summary.notStarted], [true, 4, 0, 0], run.stdout);
    const junit = await readFile(join(root, 'junit.xml'), 'utf8');
    assert.match(junit, /<testsuites name="wiki-publisher" tests="4" failures="0" errors="0" skipped="0"/, junit);
  });

  it('SIGINT during the second pass: the text summary counts the pages the first pass created as published', async () => {
    const text = await interruptSecondPass(await cli.tree(TREE), TREE_ARGS);
    assert.match(text.stdout, /^Interrupted: 4 published, 0 failed, 0 refused, 0 unchanged, 0 interrupted in flight/m, text.stdout);
  });

  it('SIGINT during the second pass: the Markdown report counts the pages the first pass created as published', async () => {
    const markdown = await interruptSecondPass(await cli.tree(TREE), [...TREE_ARGS, '--format', 'markdown']);
    assert.match(markdown.stdout, /^\*\*4 published\*\*$/m, markdown.stdout);
  });

  it('SIGINT during a flat run\'s second pass: its summary counts the files the first pass created as published', async () => {
    // A flat run sends a file after the pages its links name: only links both ways need a second pass. B and D go
    // first, A and C once those are there, then B and D again to reach them.
    const pairs = { 'docs/a.md': '# A\n\nSee [B](b.md).\n', 'docs/b.md': '# B\n\nSee [A](a.md).\n', 'docs/c.md': '# C\n\nSee [D](d.md).\n', 'docs/d.md': '# D\n\nSee [C](c.md).\n' };
    const run = await interruptSecondPass(await cli.tree(pairs), ['publish', 'docs', '--space', 'DOCS', '--parent', '123456', '--json'], ['B', 'D']);
    const resent = fileRecords(run).filter((record) => record.pass === 2).map((record) => [record.file, record.status]);
    assert.deepEqual(resent.sort(), [['docs/b.md', 'cancelled'], ['docs/d.md', 'cancelled']], run.stdout);
    const summary = summaryRecord(run);
    assert.deepEqual([summary.interrupted, summary.published, summary.cancelled], [true, 4, 0], run.stdout);
    // Published by their first pass, but their second sends were cut off: counted as such, with the links they leave.
    assert.deepEqual([summary.secondPassCancelled, summary.secondPassNotStarted], [2, 0], run.stdout);
    // In the order their sends were cut off, which two requests at once leave to chance: compared sorted.
    const left = (summary.linksLeft as Array<{ file: string; stopped?: string }>).map(({ file, stopped }) => [file, stopped]).sort();
    assert.deepEqual(left, [['docs/b.md', 'cancelled'], ['docs/d.md', 'cancelled']], run.stdout);
  });

  const FLAT_ARGS = ['publish', 'docs', '--space', 'DOCS', '--parent', '123456', '--state', 'state.json', '--json'];

  /** A first publish of docs/a.md, interrupted while its create is out; the create lands after the interrupt. */
  async function interruptCreate(root: string): Promise<void> {
    const { sandbox } = cli.world;
    sandbox.injectFaults({ latencyMs: HELD_MS });
    try {
      const running = startCli(FLAT_ARGS, { cwd: root, env: cli.env() });
      await waitUntil(() => sandbox.importsInFlight === 1);
      running.child.kill('SIGINT');
      const run = await running.done;
      assert.equal(run.code, 130, run.stderr);
      assert.deepEqual(fileRecords(run).map((record) => [record.file, record.status]), [['docs/a.md', 'cancelled']]);
      await waitUntil(() => sandbox.imports.length === 1);
    } finally {
      sandbox.clearFaults();
    }
    assert.equal(page('A').version, 1, 'the interrupted create landed');
  }

  it('SIGINT while a flat run\'s create is out, with --state: the next run takes the page that create made for its own and updates it, not "already exists"', async () => {
    const root = await cli.tree({ 'docs/a.md': '# A\n\nOne.\n' });
    await interruptCreate(root);
    await writeFile(join(root, 'docs', 'a.md'), '# A\n\nTwo.\n');

    const again = await runCli(FLAT_ARGS, { cwd: root, env: cli.env() });
    assert.equal(again.code, 0, again.stdout + again.stderr);
    assert.deepEqual(fileRecords(again).map((record) => [record.file, record.status, record.outcome]), [['docs/a.md', 'published', 'updated']]);
    assert.equal(cli.world.sandbox.pages().filter((each) => each.title === 'A').length, 1, 'no second page');
    assert.match(page('A').markdown, /Two\./);
    const state = JSON.parse(await readFile(join(root, 'state.json'), 'utf8')) as { files: Record<string, { pageId?: string; version?: number }> };
    const recorded = Object.values(state.files)[0];
    assert.deepEqual([recorded?.pageId, recorded?.version], [page('A').id, 2], 'recorded as the file\'s page');
    const settled = await runCli(FLAT_ARGS, { cwd: root, env: cli.env() });
    assert.deepEqual(fileRecords(settled).map((record) => [record.file, record.status]), [['docs/a.md', 'skipped']]);
  });

  it('SIGINT while a flat run\'s create is out, then a run without page access: its "already exists" says the page may be the interrupted create\'s and what checks it; a run with access then takes it', async () => {
    const root = await cli.tree({ 'docs/a.md': '# A\n\nOne.\n' });
    await interruptCreate(root);
    await writeFile(join(root, 'docs', 'a.md'), '# A\n\nTwo.\n');
    const text = FLAT_ARGS.filter((arg) => arg !== '--json');

    const blind = await runCli(text, { cwd: root, env: cli.env(false) });
    assert.equal(blind.code, 1, blind.stdout + blind.stderr);
    assert.match(blind.stdout, /^FAILED +docs\/a\.md .*already exists.*An earlier run was stopped while creating this page \(the --state record says so\), so it may be this file's page; this run has no page access to check who wrote it\. Set WIKI_PUBLISHER_PLATFORM_TOKEN or a service account's credentials .*--overwrite updates it without that check\.$/m);
    assert.match(page('A').markdown, /One\./, 'the page is as it was');

    const checked = await runCli(FLAT_ARGS, { cwd: root, env: cli.env() });
    assert.equal(checked.code, 0, checked.stdout + checked.stderr);
    assert.deepEqual(fileRecords(checked).map((record) => [record.file, record.status, record.outcome]), [['docs/a.md', 'published', 'updated']]);
    assert.match(page('A').markdown, /Two\./);
    assert.equal(cli.world.sandbox.pages().filter((each) => each.title === 'A').length, 1, 'no second page');
  });

  it('SIGINT while a flat run\'s create is out: the next run takes the page by its notice, whatever account its token names; a colleague\'s page is never taken', async () => {
    const root = await cli.tree({ 'docs/a.md': '# A\n\nOne.\n' });
    await interruptCreate(root);
    await writeFile(join(root, 'docs', 'a.md'), '# A\n\nTwo.\n');

    // A token that does not name its user: the page's notice says it is the interrupted create's, so it is updated.
    const unnamed = cli.world.sandbox.issueToken({ label: 'unnamed', withoutSubject: true }).token;
    cli.secrets.push(unnamed);
    const taken = await runCli(FLAT_ARGS, { cwd: root, env: { ...cli.env(), WIKI_PUBLISHER_API_TOKEN: unnamed } });
    assert.equal(taken.code, 0, taken.stdout + taken.stderr);
    assert.deepEqual(fileRecords(taken).map((record) => [record.file, record.status, record.outcome]), [['docs/a.md', 'published', 'updated']]);
    assert.match(page('A').markdown, /Two\./);

    // Another file's interrupted create, then a colleague's page of that title: it is not this file's, whatever the record says.
    await writeFile(join(root, 'docs', 'b.md'), '# B\n\nOne.\n');
    const { sandbox } = cli.world;
    sandbox.injectFaults({ latencyMs: HELD_MS });
    try {
      const running = startCli(FLAT_ARGS, { cwd: root, env: cli.env() });
      await waitUntil(() => sandbox.importsInFlight === 1);
      running.child.kill('SIGINT');
      assert.equal((await running.done).code, 130);
      await waitUntil(() => sandbox.importsInFlight === 0);
    } finally {
      sandbox.clearFaults();
    }
    cli.world.sandbox.editPageOnWiki(page('B').id, '# B\n\nA colleague\'s line.\n');
    await writeFile(join(root, 'docs', 'b.md'), '# B\n\nTwo.\n');
    const refused = await runCli(FLAT_ARGS, { cwd: root, env: cli.env() });
    assert.equal(refused.code, 1, refused.stdout + refused.stderr);
    assert.deepEqual(fileRecords(refused).filter((record) => record.file === 'docs/b.md').map((record) => [record.status, record.outcome]), [['failed', 'alreadyExists']]);
    assert.match(page('B').markdown, /A colleague's line/, 'the colleague\'s page stays');
  });
});
