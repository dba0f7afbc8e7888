// Issue 81 and 82: a --state record (or its journal) is a cache a pull request may control: a committed journal is
// replayed over the cached record. A record that sends a file somewhere else than --space and --parent say is not
// believed, with page access or without: the flags decide, as on a runner with no cache, and the page the record
// names (another team's perhaps) is never touched. A record of the place the flags name is still believed (the file's
// unchanged page is left alone).
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileRecords, runCli, useCliWorld } from './cliHarness';

const TO = ['--space', 'DOCS', '--parent', '123456', '--json'];

describe('CLI without page access: a --state record that places a file elsewhere', () => {
  const cli = useCliWorld();

  it('a forged journal entry naming another team\'s page under another parent: not believed, the file goes where the flags say, the page untouched', async () => {
    const team = cli.world.sandbox.createPageOnWiki('DOCS', '123456', 'Team area', 'Theirs.\n');
    const victim = cli.world.sandbox.createPageOnWiki('DOCS', team.id, 'Victim Page', 'Their words.\n');
    const root = await cli.tree({ 'docs/plain.md': '# Plain\n\nA pull request\'s words.\n' });
    const entry = { file: 'docs/plain.md', link: { spaceId: 'DOCS', parentId: team.id, pageTitle: 'Victim Page', version: 2, contentSha256: '00', fileTitle: 'Plain', publishedAt: 1796032455617, pageId: victim.id } };
    await writeFile(join(root, 'state.json.journal'), `${JSON.stringify(entry)}\n`);
    const run = await runCli(['publish', 'docs', ...TO, '--state', 'state.json'], { cwd: root, env: cli.env(false) });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    const record = fileRecords(run).find((each) => each.file === 'docs/plain.md');
    assert.equal(record?.status, 'published', run.stdout);
    assert.match(run.stderr, new RegExp(`docs/plain\\.md: the --state record publishes it to space DOCS under parent ${team.id}, not where --space/--parent say; the flags decide`));
    assert.equal(cli.world.sandbox.pages().find((page) => page.id === victim.id)?.markdown, 'Their words.\n');
    assert.ok(cli.world.sandbox.findPageByTitle('DOCS', '123456', 'Plain'), 'published where the flags say, by its own title');
  });

  it('a forged journal entry naming another page under the same parent by its title: not believed, the file goes by its own title, that page untouched', async () => {
    const victim = cli.world.sandbox.createPageOnWiki('DOCS', '123456', 'Team B runbook', 'Their content.\n');
    const root = await cli.tree({ 'docs/x.md': '# X\n\nA pull request\'s words.\n' });
    // No page ID, the flags' space and parent: only the title leads elsewhere, to a page the file never published.
    const entry = { file: 'docs/x.md', link: { spaceId: 'DOCS', parentId: '123456', pageTitle: 'Team B runbook', version: 1, contentSha256: '00', fileTitle: 'X', publishedAt: 1796032455617 } };
    await writeFile(join(root, 'state.json.journal'), `${JSON.stringify(entry)}\n`);
    const plan = await runCli(['publish', 'docs', ...TO, '--state', 'state.json', '--dry-run'], { cwd: root, env: cli.env(false) });
    assert.doesNotMatch(plan.stdout, /Team B runbook/, plan.stdout);
    const run = await runCli(['publish', 'docs', ...TO, '--state', 'state.json'], { cwd: root, env: cli.env(false) });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assert.match(run.stderr, /docs\/x\.md: the --state record publishes it to the page titled "Team B runbook", not to the file's title "X"; the file's title decides/);
    const page = cli.world.sandbox.pages().find((each) => each.id === victim.id);
    assert.equal(page?.markdown, 'Their content.\n');
    assert.equal(page?.version, 1);
    assert.ok(cli.world.sandbox.findPageByTitle('DOCS', '123456', 'X'), 'published by its own title');
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

describe('CLI without page access: the repository\'s record that places a file elsewhere', () => {
  const cli = useCliWorld();

  it('is refused with what to do: nothing can confirm the page it names', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n' });
    assert.equal((await runCli(['publish', 'docs', '--tree', '--space', 'DOCS', '--parent', '123456'], { cwd: root, env: cli.env() })).code, 0);
    await writeFile(join(root, 'docs/a.md'), '# Alpha\n\nChanged.\n');
    const imports = cli.world.sandbox.imports.length;
    const run = await runCli(['publish', 'docs', '--space', 'ENG', '--parent', '234567', '--json'], { cwd: root, env: cli.env(false) });
    assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
    const record = fileRecords(run).find((each) => each.file === 'docs/a.md');
    assert.equal(record?.status, 'refused', run.stdout);
    assert.match(String(record?.message), /records page \d+ for "a\.md", which cannot be checked without page access: a recorded page is never used unchecked/);
    assert.equal(cli.world.sandbox.imports.length, imports, 'nothing sent');
  });
});
