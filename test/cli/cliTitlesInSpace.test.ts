// The platform keeps a page title unique in a space, ignoring case (issue 14, "Titles"): two files of one publish whose
// front matter names their own pages with one title in one space cannot both land, whichever space that is and
// whatever parents they name. The built CLI refuses both before anything is sent, naming each other, as a tree
// publish and as a flat one, against the sandbox wiki.
import assert from 'node:assert/strict';
import { fileRecords, runCli, useCliWorld } from './cliHarness';

/** A file whose front matter names its own page: `title` under `parentId` in the space ENG (not the tree's). */
const named = (parentId: string, title: string): string => `---\nwiki:\n  spaceId: ENG\n  parentId: "${parentId}"\n  pageTitle: ${title}\n---\n# ${title}\n\nText of ${title}.\n`;

describe('CLI, two files that give their own pages one title in one space', () => {
  const cli = useCliWorld();

  /** A second page in ENG beside its home page (234567), the other parent a file can name. */
  async function teamPage(): Promise<string> {
    const root = await cli.tree({ 'team.md': '# Team\n\nThe team.\n' });
    const made = await runCli(['publish', 'team.md', '--space', 'ENG', '--parent', '234567'], { cwd: root, env: cli.env() });
    assert.equal(made.code, 0, `${made.stdout}${made.stderr}`);
    const page = cli.world.sandbox.findPageByTitle('ENG', '234567', 'Team');
    assert.ok(page);
    return page.id;
  }
  const titlesSent = (): string[] => cli.world.sandbox.imports.map((sent) => String((sent.body as { pageTitle?: string }).pageTitle)).sort();
  const refusalsOf = (records: Array<Record<string, unknown>>, file: string): string[] => (records.find((record) => record.file === file)?.refusals as string[] | undefined) ?? [];

  it('a --tree publish refuses them outside the tree\'s space too, under one parent or two, before sending, with --overwrite', async () => {
    const team = await teamPage();
    cli.world.sandbox.setUniqueTitlesInSpace(true);
    const root = await cli.tree({
      'docs/intro.md': '# Introduction\n\nHello.\n',
      // One parent: with --overwrite the second would silently replace the first.
      'docs/ops/runbook.md': named('234567', 'Runbook'),
      'docs/ops/copy.md': named('234567', 'runbook'),
      // Two parents: a wiki that keeps titles unique in a space refuses the second create half-way through the run.
      'docs/ops/deploy.md': named('234567', 'Deploy'),
      'docs/team/deploy.md': named(team, 'DEPLOY'),
    });
    const unique = 'the wiki keeps a title unique in a space (ignoring case). Give each its own title.';
    const expected: Record<string, string> = {
      'docs/ops/runbook.md': `Its title "Runbook" is also the title of docs/ops/copy.md; ${unique}`,
      'docs/ops/copy.md': `Its title "runbook" is also the title of docs/ops/runbook.md; ${unique}`,
      'docs/ops/deploy.md': `Its title "Deploy" is also the title of docs/team/deploy.md; ${unique}`,
      'docs/team/deploy.md': `Its title "DEPLOY" is also the title of docs/ops/deploy.md; ${unique}`,
    };
    const before = cli.world.sandbox.imports.length;
    const dry = await runCli(['publish', 'docs', '--tree', '--space', 'DOCS', '--parent', '123456', '--overwrite', '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 1, dry.stderr);
    for (const [file, reason] of Object.entries(expected)) assert.deepEqual(refusalsOf(fileRecords(dry), file), [reason], file);

    const run = await runCli(['publish', 'docs', '--tree', '--space', 'DOCS', '--parent', '123456', '--overwrite', '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
    for (const [file, reason] of Object.entries(expected)) {
      const record = fileRecords(run).find((each) => each.file === file);
      assert.deepEqual([record?.status, record?.message], ['refused', reason], file);
    }
    assert.deepEqual(cli.world.sandbox.imports.slice(before).map((sent) => (sent.body as { pageTitle?: string }).pageTitle), ['Introduction'], 'nothing of the four files was sent');
    assert.deepEqual(cli.world.sandbox.pages().filter((page) => page.spaceKey === 'ENG' && !page.deleted).map((page) => page.title).sort(), ['Engineering home', 'Team']);
  });

  it('a --tree publish refuses a file that names the tree\'s space by its numeric ID with a tree page\'s title, before sending, with --overwrite', async () => {
    // DOCS is space 1001: the import takes either, so the file's page would land beside intro.md's, and with
    // overwrite: true it replaced that page in the same run and took its place in .wiki-pages.json.
    const root = await cli.tree({
      'docs/intro.md': '# Setup\n\nFrom intro.md.\n',
      'docs/ops/setup.md': '---\nwiki:\n  spaceId: "1001"\n  parentId: "123456"\n  pageTitle: setup\n  overwrite: true\n---\nFrom setup.md.\n',
      'docs/ops/run.md': '# Run\n\nText.\n',
    });
    const unique = 'the wiki keeps a title unique in a space (ignoring case). Give each its own title.';
    const expected: Record<string, string> = {
      'docs/intro.md': `Its title "Setup" is also the title of docs/ops/setup.md; ${unique}`,
      'docs/ops/setup.md': `Its title "setup" is also the title of docs/intro.md; ${unique}`,
    };
    const args = ['publish', 'docs', '--tree', '--space', 'DOCS', '--parent', '123456', '--json'];
    const dry = await runCli([...args, '--dry-run'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 1, dry.stderr);
    for (const [file, reason] of Object.entries(expected)) assert.deepEqual(refusalsOf(fileRecords(dry), file), [reason], file);

    const before = cli.world.sandbox.imports.length;
    const run = await runCli(args, { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
    for (const [file, reason] of Object.entries(expected)) {
      const record = fileRecords(run).find((each) => each.file === file);
      assert.deepEqual([record?.status, record?.message], ['refused', reason], file);
    }
    assert.deepEqual(cli.world.sandbox.imports.slice(before).map((sent) => (sent.body as { pageTitle?: string }).pageTitle).sort(), ['Ops', 'Ops', 'Run'], 'neither setup page was sent');
    assert.deepEqual(cli.world.sandbox.pages().filter((page) => page.parentId === '123456' && !page.deleted).map((page) => page.title), ['Ops']);
  });

  it('a flat publish refuses them under two parents of one space as under one, naming each other, before sending', async () => {
    const team = await teamPage();
    cli.world.sandbox.setUniqueTitlesInSpace(true);
    const root = await cli.tree({ 'ops/deploy.md': named('234567', 'Deploy'), 'team/deploy.md': named(team, 'deploy'), 'other.md': '# Other\n\nText.\n' });
    const reason = (title: string, others: string): string =>
      `Its title "${title}" is also the title of ${others} in the space ENG; the wiki keeps a title unique in a space (ignoring case). Give each file its own title.`;
    const args = ['publish', '.', '--space', 'DOCS', '--parent', '123456', '--json'];
    const dry = await runCli([...args, '--dry-run'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 1, dry.stderr);
    assert.deepEqual(refusalsOf(fileRecords(dry), 'ops/deploy.md'), [reason('Deploy', 'team/deploy.md')]);
    assert.deepEqual(refusalsOf(fileRecords(dry), 'team/deploy.md'), [reason('deploy', 'ops/deploy.md')]);

    const run = await runCli(args, { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
    assert.deepEqual(['ops/deploy.md', 'team/deploy.md', 'other.md'].map((file) => fileRecords(run).find((record) => record.file === file)?.status), ['refused', 'refused', 'published']);
    assert.deepEqual(titlesSent(), ['Other', 'Team'], 'neither Deploy was sent');
  });
  it('a flat publish with page access refuses them when one names the space by its key and one by its numeric ID, naming each other, before sending', async () => {
    // DOCS is space 1001: planFiles compares spaces as written, so both went out, under two parents of one space.
    const guidesRoot = await cli.tree({ 'guides.md': '# Guides\n\nGuides.\n' });
    assert.equal((await runCli(['publish', 'guides.md', '--space', 'DOCS', '--parent', '123456'], { cwd: guidesRoot, env: cli.env() })).code, 0);
    const guides = cli.world.sandbox.findPageByTitle('DOCS', '123456', 'Guides');
    assert.ok(guides);
    const inSpace = (space: string, parentId: string, title: string): string => `---\nwiki:\n  spaceId: "${space}"\n  parentId: "${parentId}"\n  pageTitle: ${title}\n---\nText of ${title}.\n`;
    const root = await cli.tree({ 'by-key.md': inSpace('DOCS', '123456', 'Setup'), 'by-id.md': inSpace('1001', guides.id, 'setup'), 'other.md': '# Other\n\nText.\n' });
    const reason = (title: string, others: string, space: string): string =>
      `Its title "${title}" is also the title of ${others} in the space ${space}; the wiki keeps a title unique in a space (ignoring case). Give each file its own title.`;
    const args = ['publish', '.', '--space', 'DOCS', '--parent', '123456', '--json'];
    const dry = await runCli([...args, '--dry-run'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 1, dry.stderr);
    assert.deepEqual(refusalsOf(fileRecords(dry), 'by-key.md'), [reason('Setup', 'by-id.md', 'DOCS')]);
    assert.deepEqual(refusalsOf(fileRecords(dry), 'by-id.md'), [reason('setup', 'by-key.md', '1001')]);

    const before = cli.world.sandbox.imports.length;
    const run = await runCli(args, { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
    assert.deepEqual(['by-key.md', 'by-id.md', 'other.md'].map((file) => fileRecords(run).find((record) => record.file === file)?.status), ['refused', 'refused', 'published']);
    assert.deepEqual(cli.world.sandbox.imports.slice(before).map((sent) => (sent.body as { pageTitle?: string }).pageTitle), ['Other'], 'neither Setup page was sent');
  });
});
