// Issue 81 and 82: a --state record (or its journal) is a cache a pull request may control: a committed journal is
// replayed over the cached record. With page access a record naming another file's page is refused by the page's
// notice; without it, nothing can confirm a record that sends a file somewhere else than --space and --parent say, so
// such a file is refused (not sent to that page, another team's perhaps), with what to do. A record of the place the
// flags name is still believed (the file's unchanged page is left alone).
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileRecords, runCli, useCliWorld } from './cliHarness';

const TO = ['--space', 'DOCS', '--parent', '123456', '--json'];

describe('CLI without page access: a --state record that places a file elsewhere', () => {
  const cli = useCliWorld();

  it('a forged journal entry naming another team\'s page under another parent: refused, the page untouched', async () => {
    const team = cli.world.sandbox.createPageOnWiki('DOCS', '123456', 'Team area', 'Theirs.\n');
    const victim = cli.world.sandbox.createPageOnWiki('DOCS', team.id, 'Victim Page', 'Their words.\n');
    const root = await cli.tree({ 'docs/plain.md': '# Plain\n\nA pull request\'s words.\n' });
    const entry = { file: 'docs/plain.md', link: { spaceId: 'DOCS', parentId: team.id, pageTitle: 'Victim Page', version: 2, contentSha256: '00', fileTitle: 'Plain', publishedAt: 1796032455617, pageId: victim.id } };
    await writeFile(join(root, 'state.json.journal'), `${JSON.stringify(entry)}\n`);
    const imports = cli.world.sandbox.imports.length;
    const run = await runCli(['publish', 'docs', ...TO, '--state', 'state.json'], { cwd: root, env: cli.env(false) });
    assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
    const record = fileRecords(run).find((each) => each.file === 'docs/plain.md');
    assert.equal(record?.status, 'refused', run.stdout);
    assert.match(String(record?.message), /without page access the wiki cannot confirm that this is the file's page: nothing is sent.*--retarget/, run.stdout);
    assert.doesNotMatch(run.stderr, /the record wins/);
    assert.equal(cli.world.sandbox.imports.length, imports, 'nothing sent');
    assert.equal(cli.world.sandbox.pages().find((page) => page.id === victim.id)?.markdown, 'Their words.\n');
    // --retarget publishes where the flags say, as a new page.
    const retargeted = await runCli(['publish', 'docs', ...TO, '--state', 'state.json', '--retarget'], { cwd: root, env: cli.env(false) });
    assert.equal(retargeted.code, 0, `${retargeted.stdout}\n${retargeted.stderr}`);
    assert.equal(cli.world.sandbox.pages().find((page) => page.id === victim.id)?.markdown, 'Their words.\n');
  });

  it('a record of the place the flags name is believed: an unchanged file sends nothing, a changed one updates its page', async () => {
    const root = await cli.tree({ 'docs/plain.md': '# Plain\n\nWords.\n' });
    assert.equal((await runCli(['publish', 'docs', ...TO, '--state', 'state.json'], { cwd: root, env: cli.env(false) })).code, 0);
    assert.match(await readFile(join(root, 'state.json'), 'utf8'), /docs\/plain\.md/);
    const imports = cli.world.sandbox.imports.length;
    const again = await runCli(['publish', 'docs', ...TO, '--state', 'state.json'], { cwd: root, env: cli.env(false) });
    assert.equal(again.code, 0, `${again.stdout}\n${again.stderr}`);
    assert.equal(cli.world.sandbox.imports.length, imports, 'unchanged: nothing sent');
    await writeFile(join(root, 'docs/plain.md'), '# Plain\n\nMore words.\n');
    const changed = await runCli(['publish', 'docs', ...TO, '--state', 'state.json'], { cwd: root, env: cli.env(false) });
    assert.equal(changed.code, 0, `${changed.stdout}\n${changed.stderr}`);
    assert.equal(fileRecords(changed)[0]?.status, 'published', changed.stdout);
    // The same space named by its numeric ID (--space takes either): the same place, not another.
    await writeFile(join(root, 'docs/plain.md'), '# Plain\n\nMore words still.\n');
    const byId = await runCli(['publish', 'docs', '--space', '1001', '--parent', '123456', '--json', '--state', 'state.json'], { cwd: root, env: cli.env(false) });
    assert.equal(byId.code, 0, `${byId.stdout}\n${byId.stderr}`);
    assert.equal(fileRecords(byId)[0]?.status, 'published', byId.stdout);
  });
});
