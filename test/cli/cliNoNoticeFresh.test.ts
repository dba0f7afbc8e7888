// Publishing without the notice (--no-notice), a fresh runner has no record of the pages its files published: a page
// at a file's place without a notice may be the file's own, edited since or not, and nothing tells. It is held back,
// saying so, in the plan and the publish alike; --overwrite does not replace it (it may be a colleague's edit of the
// file's page), --overwrite-edited sends it. With --state from the last run, the record tells.
import assert from 'node:assert/strict';
import { runCli, fileRecords, useCliWorld } from './cliHarness';

const FLAGS = ['docs', '--space', 'DOCS', '--parent', '123456', '--no-notice'];

describe('CLI --no-notice on a fresh runner', () => {
  const cli = useCliWorld();

  it('holds a page it cannot tell from its own, even with --overwrite; --overwrite-edited sends it; --state tells', async () => {
    const files = { 'docs/aaa.md': '# Aaa\n\nA.\n' };
    const first = await cli.tree(files);
    assert.equal((await runCli(['publish', ...FLAGS, '--state', 's.json'], { cwd: first, env: cli.env() })).code, 0);
    const page = cli.world.sandbox.findPageByTitle('DOCS', '123456', 'Aaa');
    assert.ok(page);
    cli.world.sandbox.editLineOnWiki(page.id);
    const edited = cli.world.sandbox.findPageByTitle('DOCS', '123456', 'Aaa')?.markdown;

    const fresh = await cli.tree({ 'docs/aaa.md': '# Aaa\n\nA changed.\n' });
    const dry = await runCli(['publish', ...FLAGS, '--dry-run', '--json'], { cwd: fresh, env: cli.env() });
    assert.equal(dry.code, 1, dry.stdout);
    const planned = fileRecords(dry)[0];
    assert.equal(planned?.status, 'edited');
    assert.equal((planned?.wikiEdits as { noNotice?: boolean } | undefined)?.noNotice, true);
    const sent = cli.world.sandbox.imports.length;
    const overwrite = await runCli(['publish', ...FLAGS, '--overwrite'], { cwd: fresh, env: cli.env() });
    assert.equal(overwrite.code, 1, overwrite.stdout);
    assert.match(overwrite.stdout, /carries no publish notice/);
    assert.equal(cli.world.sandbox.imports.length, sent, 'nothing was sent');
    assert.equal(cli.world.sandbox.findPageByTitle('DOCS', '123456', 'Aaa')?.markdown, edited, 'the colleague\'s edit stays');
    const chosen = await runCli(['publish', ...FLAGS, '--overwrite', '--overwrite-edited'], { cwd: fresh, env: cli.env() });
    assert.equal(chosen.code, 0, chosen.stdout + chosen.stderr);
    assert.match(cli.world.sandbox.findPageByTitle('DOCS', '123456', 'Aaa')?.markdown ?? '', /A changed\./);
  });

  it('with --state from the last run, an unchanged file is left alone and a changed one updates its page', async () => {
    const root = await cli.tree({ 'docs/aaa.md': '# Aaa\n\nA.\n', 'docs/bbb.md': '# Bbb\n\nB.\n' });
    assert.equal((await runCli(['publish', ...FLAGS, '--state', 's.json'], { cwd: root, env: cli.env() })).code, 0);
    const sent = cli.world.sandbox.imports.length;
    const again = await runCli(['publish', ...FLAGS, '--state', 's.json'], { cwd: root, env: cli.env() });
    assert.equal(again.code, 0, again.stdout + again.stderr);
    assert.equal(cli.world.sandbox.imports.length, sent, 'nothing is sent again');
  });
});
