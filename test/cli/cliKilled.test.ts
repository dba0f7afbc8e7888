// A run killed outright while its sends are out (kill -9, an out-of-memory kill, a CI runner lost mid-job) runs no
// code of its own at the end, unlike Ctrl+C or a cancelled job's SIGTERM: what --state holds of the sends in flight is
// what was written before they went. The wiki carries those requests out all the same. The next run must take the
// pages they made or changed for its own (a create adopted, not "already exists"; an update not held back as edited:
// their notices say what they hold), and still leave out a page a colleague edited.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileRecords, runCli, startCli, useCliWorld, waitUntil } from './cliHarness';

describe('CLI killed (SIGKILL) while sends are out', () => {
  const cli = useCliWorld();
  const HELD_MS = 400;
  const page = (title: string) => {
    const found = cli.world.sandbox.pages().find((candidate) => candidate.title === title && !candidate.deleted);
    assert.ok(found, `"${title}" is on the wiki`);
    return found;
  };

  for (const tree of [false, true]) {
    const kind = tree ? '--tree' : 'a flat run';
    it(`${kind} with --state: the next run adopts the creates and takes the updates that landed, and still holds a colleague's edit`, async () => {
      const { sandbox } = cli.world;
      const args = ['publish', 'docs', ...(tree ? ['--tree'] : []), '--space', 'DOCS', '--parent', '123456', '--state', 'state.json', '--concurrency', '4', '--json'];
      const root = await cli.tree({ 'docs/a.md': '# A\n\nOne.\n', 'docs/b.md': '# B\n\nOne.\n', 'docs/c.md': '# C\n\nOne.\n' });
      const first = await runCli(args, { cwd: root, env: cli.env() });
      assert.equal(first.code, 0, first.stdout + first.stderr);
      const before = sandbox.imports.length;
      // Two updates and two creates go out at once, and the run is killed while the wiki holds them. A tree creates
      // siblings one at a time, in the plan's order (the wiki lists them so): its second create waits for the first.
      await writeFile(join(root, 'docs', 'a.md'), '# A\n\nTwo.\n');
      await writeFile(join(root, 'docs', 'b.md'), '# B\n\nTwo.\n');
      await writeFile(join(root, 'docs', 'd.md'), '# D\n\nOne.\n');
      await writeFile(join(root, 'docs', 'e.md'), '# E\n\nOne.\n');
      const out = tree ? 3 : 4;
      sandbox.injectFaults({ latencyMs: HELD_MS });
      try {
        const running = startCli(args, { cwd: root, env: cli.env() });
        await waitUntil(() => sandbox.importsInFlight === out);
        running.child.kill('SIGKILL');
        const killed = await running.done;
        assert.equal(killed.signal ?? killed.code, 'SIGKILL');
        await waitUntil(() => sandbox.imports.length === before + out);
      } finally {
        sandbox.clearFaults();
      }
      assert.deepEqual([page('A').version, page('B').version, page('D').version], [2, 2, 1], 'the killed run\'s sends landed');
      assert.equal(sandbox.pages().some((each) => each.title === 'E'), !tree, 'a tree\'s second create had not gone');
      // A colleague edits C on the wiki, and the file changes here too: that edit is theirs, not the killed run's.
      sandbox.editPageOnWiki(page('C').id, '# C\n\nA colleague\'s line.\n');
      await writeFile(join(root, 'docs', 'c.md'), '# C\n\nTwo.\n');

      const again = await runCli(args, { cwd: root, env: cli.env() });
      const status = new Map(fileRecords(again).map((record) => [record.file, record.status]));
      // The pages the killed run's sends made or changed hold their files' text, as their notices say: nothing goes again.
      for (const file of ['docs/a.md', 'docs/b.md', 'docs/d.md', ...(tree ? [] : ['docs/e.md'])]) assert.equal(status.get(file), 'skipped', `${file}: ${again.stdout}`);
      if (tree) assert.equal(status.get('docs/e.md'), 'published', again.stdout);
      assert.deepEqual([page('A').version, page('B').version, page('D').version, page('E').version], [2, 2, 1, 1], 'no page written twice');
      assert.doesNotMatch(again.stdout + again.stderr, /already exists/);
      assert.equal(status.get('docs/c.md'), 'edited', again.stdout);
      const held = fileRecords(again).find((record) => record.file === 'docs/c.md');
      assert.equal((held?.wikiEdits as { editedBy?: string } | undefined)?.editedBy, 'wiki-editor');
      assert.equal(again.code, 1, again.stderr);
      for (const title of ['D', 'E']) assert.equal(sandbox.pages().filter((each) => each.title === title).length, 1, `one page ${title}`);
      assert.match(page('C').markdown, /A colleague's line/, 'the colleague\'s edit stays');
    });
  }

  // The mark goes into --state before the request; a send known not to have landed takes it out again, so no later
  // run takes a page found in that place (someone else's, made meanwhile) for this create's.
  it('a create the wiki refused without acting on it (429, the run stopped) leaves no mark in --state', async () => {
    const { sandbox } = cli.world;
    const root = await cli.tree({ 'docs/a.md': '# A\n' });
    sandbox.injectFaults({ throttleNext: 100, retryAfterSeconds: 3600 });
    try {
      const run = await runCli(['publish', 'docs', '--space', 'DOCS', '--parent', '123456', '--state', 'state.json', '--json'], { cwd: root, env: cli.env() });
      assert.deepEqual(fileRecords(run).map((record) => [record.file, record.status]), [['docs/a.md', 'notStarted']], run.stdout);
    } finally {
      sandbox.clearFaults();
    }
    const state = JSON.parse(await readFile(join(root, 'state.json'), 'utf8').catch(() => '{"files":{}}')) as { files: Record<string, unknown> };
    assert.deepEqual(state.files, {});
  });

  // Stopped while it waits to retry after a 429 (the wiki did nothing): no request is out, so it cannot have landed.
  it('a run stopped while it waits out a 429 says the file was not published, not that it may have landed', async () => {
    const { sandbox } = cli.world;
    const root = await cli.tree({ 'docs/a.md': '# A\n' });
    sandbox.injectFaults({ throttleNext: 100, retryAfterSeconds: 20 });
    try {
      const running = startCli(['publish', 'docs', '--space', 'DOCS', '--parent', '123456', '--state', 'state.json', '--json'], { cwd: root, env: cli.env() });
      await waitUntil(() => sandbox.imports.some((each) => each.status === 429));
      running.child.kill('SIGTERM');
      const run = await running.done;
      const record = fileRecords(run).find((each) => each.file === 'docs/a.md');
      assert.equal(record?.mayHaveLanded, false, run.stdout);
      assert.doesNotMatch(run.stdout + run.stderr, /may have landed/);
    } finally {
      sandbox.clearFaults();
    }
    const state = JSON.parse(await readFile(join(root, 'state.json'), 'utf8').catch(() => '{"files":{}}')) as { files: Record<string, unknown> };
    assert.deepEqual(state.files, {}, 'no mark of a send that may have landed');
  });
});
