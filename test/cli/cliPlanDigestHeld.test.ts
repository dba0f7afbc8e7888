// A reviewed plan that holds a page a colleague edited is the plan a publish makes whether or not either job read the
// --state record (a merge request's plan job reads none, the publish the one its last run wrote): the held page is
// described by what the wiki says of it, not by how this machine knew it was the file's. Without this the publish
// refused the reviewed plan (exit 3) on every run, and planning again gave the same digest: stuck.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { jsonLines, runCli, useCliWorld } from './cliHarness';

const DOCS = ['docs', '--space', 'DOCS', '--parent', '123456'];

describe('CLI --expect-plan, a page held as edited, with and without the --state record', () => {
  const cli = useCliWorld();

  for (const [planWith, publishWith] of [[[], ['--state', 's.json']], [['--state', 's.json'], []]] as const) {
    const said = planWith.length === 0 ? 'a plan without the record, a publish with it' : 'a plan with the record, a publish without it';
    it(`${said}: the reviewed plan is published, the edited page held`, async () => {
      const root = await cli.tree({ 'docs/aaa.md': '# Aaa\n\nA.\n', 'docs/bbb.md': '# Bbb\n\nB.\n' });
      const first = await runCli(['publish', ...DOCS, '--state', 's.json'], { cwd: root, env: cli.env() });
      assert.equal(first.code, 0, first.stdout + first.stderr);
      const bbb = cli.world.sandbox.findPageByTitle('DOCS', '123456', 'Bbb');
      assert.ok(bbb);
      cli.world.sandbox.editLineOnWiki(bbb.id);
      await writeFile(join(root, 'docs', 'aaa.md'), '# Aaa\n\nA2.\n');

      const reviewed = await runCli(['plan', ...DOCS, ...planWith, '--json'], { cwd: root, env: cli.env() });
      await writeFile(join(root, 'review.jsonl'), reviewed.stdout);
      const published = await runCli(['publish', ...DOCS, ...publishWith, '--json', '--expect-plan', '@review.jsonl'], { cwd: root, env: cli.env() });
      assert.equal(published.code, 1, `held, not refused as another plan:\n${published.stdout}\n${published.stderr}`);
      const statuses = Object.fromEntries(jsonLines(published).filter((record) => record.type === 'file').map((record) => [record.file, record.status]));
      assert.deepEqual(statuses, { 'docs/aaa.md': 'published', 'docs/bbb.md': 'edited' });
    });
  }
});
