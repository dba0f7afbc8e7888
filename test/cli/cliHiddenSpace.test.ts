// A space the import token's owner may write but the account that checks wiki edits may not see (the sandbox's
// SECRET, only for carol; page access acts as alice): the guard cannot look there. The import finds a page by title and
// parent and, with --overwrite, replaces it: such a send is held back as one that could not be checked, never sent as
// "wiki checked: no such page yet" over a page the guard never saw (docs/security.md).
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileRecords, runCli, useCliWorld } from './cliHarness';

const SECRET = ['--space', 'SECRET', '--parent', '345678'];
const UNSEEN = /the account that checks wiki edits cannot see the parent page 345678 .*give that account permission to view the space, or publish under a page it can see/i;

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
});
