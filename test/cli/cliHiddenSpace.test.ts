// A space the import token's owner may write but the account that checks wiki edits may not see (the sandbox's
// SECRET, only for carol; page access acts as alice): the guard cannot look there. The import finds a page by title and
// parent and, with --overwrite, replaces it: such a send is held back as one that could not be checked, never sent as
// "wiki checked: no such page yet" over a page the guard never saw (docs/security.md).
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileRecords, runCli, useCliWorld } from './cliHarness';

const SECRET = ['--space', 'SECRET', '--parent', '345678'];
const UNSEEN = /the parent page 345678 does not exist, or the account that checks wiki edits may not view it .*check the parent's ID, and if it is right, give that account permission to view it, or publish under a page it can see/i;

describe('CLI with page access that cannot see the target space', () => {
  const cli = useCliWorld();

  /** Page access as alice (who cannot see SECRET), the import token carol's (who may write there). */
  function carolsEnv(): Record<string, string> {
    const token = cli.world.sandbox.issueToken({ label: 'carol-writer', owner: 'carol' }).token;
    cli.secrets.push(token);
    return { ...cli.env(), WIKI_PUBLISHER_API_TOKEN: token };
  }

  it('a create there goes (the import replaces nothing) but is not said checked; an --overwrite is held, the colleague\'s edit kept', async () => {
    const root = await cli.tree({ 'h.md': '# Hidden\n\nOne.\n' });
    const env = carolsEnv();
    const publish = (...extra: string[]) => runCli(['publish', 'h.md', ...SECRET, '--state', 'st.json', '--json', ...extra], { cwd: root, env });

    const created = await publish();
    assert.equal(created.code, 0, created.stdout + created.stderr);
    const [createdRecord] = fileRecords(created);
    assert.equal(createdRecord?.status, 'published');
    assert.equal((createdRecord?.wikiEdits as Record<string, unknown> | undefined)?.checked, false, 'the guard could not look: not "wiki checked"');
    assert.match(created.stderr, UNSEEN);
    const page = cli.livePage('Hidden');
    cli.world.sandbox.editLineOnWiki(page.id, { append: ' CAROL-COLLEAGUE EDIT' });

    await writeFile(join(root, 'h.md'), '# Hidden\n\nTwo.\n');
    for (const withState of [true, false]) {
      const overwrite = await runCli(['publish', 'h.md', ...SECRET, '--overwrite', ...(withState ? ['--state', 'st.json'] : [])], { cwd: root, env });
      assert.equal(overwrite.code, 1, `held back, not a success (${withState ? 'with' : 'without'} the state file):\n${overwrite.stdout}`);
      const line = overwrite.stdout.split('\n').find((each) => each.includes('h.md')) ?? '';
      assert.match(line, /^LEFT OUT /);
      assert.match(line, UNSEEN);
      assert.doesNotMatch(line, /run again/, 'running again cannot help: the reason says what does');
      // Nor does the run's closing word on the updates it left out.
      assert.doesNotMatch(overwrite.stderr, /run again/, overwrite.stderr);
      assert.match(overwrite.stderr, /1 update left out: running again does not help; if the parent is only hidden from that account, --overwrite-edited sends it unchecked\./);
      assert.doesNotMatch(overwrite.stdout, /wiki checked/);
      assert.match(cli.livePage('Hidden').markdown, /CAROL-COLLEAGUE EDIT/, 'the colleague\'s edit survives');
      assert.equal(cli.livePage('Hidden').version, page.version + 1);
    }
    assert.doesNotMatch(await readFile(join(root, 'st.json'), 'utf8'), /"pageId"/, 'no page ID was learnt there');

    // The user's choice to overwrite pages that could not be checked sends it, said unchecked.
    const forced = await runCli(['publish', 'h.md', ...SECRET, '--overwrite', '--overwrite-edited', '--json'], { cwd: root, env });
    assert.equal(forced.code, 0, forced.stdout + forced.stderr);
    assert.deepEqual(fileRecords(forced).map((record) => [record.status, (record.wikiEdits as Record<string, unknown> | undefined)?.checked]), [['published', false]]);
    assert.match(cli.livePage('Hidden').markdown, /Two\./);
  });

  it('an --overwrite of a file never published there is held too: the page of its title may be hidden from the guard', async () => {
    cli.world.sandbox.createPageOnWiki('SECRET', '345678', 'Hidden', 'Carol\'s own page.\n');
    const root = await cli.tree({ 'h.md': '# Hidden\n\nOne.\n' });
    const run = await runCli(['publish', 'h.md', ...SECRET, '--overwrite', '--dry-run'], { cwd: root, env: carolsEnv() });
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.match(run.stdout, UNSEEN);
    assert.doesNotMatch(run.stdout, /no such page yet/);
  });
  it('an --overwrite under a parent that does not exist: said as either (the wiki answers alike), never "run again", in the line, the closing words and the Markdown plan', async () => {
    const root = await cli.tree({ 'docs/beta.md': '# Beta\n\nB.\n' });
    const args = ['docs/beta.md', '--space', 'DOCS', '--parent', '999999', '--overwrite'];
    const run = await runCli(['publish', ...args], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, run.stdout + run.stderr);
    const line = run.stdout.split('\n').find((each) => each.includes('docs/beta.md')) ?? '';
    assert.match(line, /^LEFT OUT .*the parent page 999999 does not exist, or the account that checks wiki edits may not view it .*check the parent's ID.*; if the parent is only hidden from that account, --overwrite-edited sends it unchecked\)$/, line);
    for (const text of [run.stdout, run.stderr]) assert.doesNotMatch(text, /run again/, text);
    const json = await runCli(['publish', ...args, '--json'], { cwd: root, env: cli.env() });
    assert.equal((fileRecords(json)[0]?.wikiEdits as Record<string, unknown> | undefined)?.lasting, true);
    const plan = await runCli(['plan', ...args], { cwd: root, env: cli.env() });
    assert.match(plan.stdout, /updates among them are left out \(running again does not help: their rows say what does; if the parent is only hidden from that account, `--overwrite-edited` sends them unchecked\)/, plan.stdout);
    assert.doesNotMatch(plan.stdout, /run again/, plan.stdout);
    assert.equal(cli.world.sandbox.imports.length, 0, 'nothing was sent');
  });
});
