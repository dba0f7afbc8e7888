// Titles that differ only in case. The platform keeps a title unique in a space ignoring case, while its lookups by
// title are exact, and whether the import takes a page of another case for the file's title is not known. So:
// - a page under the file's parent whose title differs only in case, not the file's own, is never updated, replaced
//   or met blind: the file is refused in the plan, with what to do;
// - a listed space finds a page elsewhere whose title differs only in case (a caution before sending);
// - a create refused as "already exists" where the plan found no page of that title under the parent says the title
//   is held elsewhere in the space, and never offers --overwrite, which cannot help.
import assert from 'node:assert/strict';
import { fileRecords, runCli, useCliWorld } from './cliHarness';

const DOCS = ['--space', 'DOCS', '--parent', '123456', '--json'];

describe('CLI: titles that differ only in case', () => {
  const cli = useCliWorld();

  beforeEach(() => cli.world.sandbox.setImportAuthor('app'));

  it('a page of another file under the parent, titled but for case: refused in the plan and the run, with or without --overwrite', async () => {
    const theirs = cli.world.sandbox.createPageOnWiki('DOCS', '123456', 'Elsewhere Page', 'Theirs.\n');
    for (const tree of [false, true]) {
      const root = await cli.tree({ 'docs/a.md': '# elsewhere page\n\nOurs.\n' });
      for (const overwrite of [[], ['--overwrite']]) {
        const args = ['publish', 'docs', ...DOCS, ...overwrite, ...(tree ? ['--tree'] : [])];
        const plan = await runCli([...args, '--dry-run'], { cwd: root, env: cli.env() });
        const run = await runCli(args, { cwd: root, env: cli.env() });
        for (const each of [plan, run]) {
          const record = fileRecords(each).find((line) => line.file === 'docs/a.md');
          assert.equal(record?.status, 'refused', `${args.join(' ')}: ${each.stdout}`);
          assert.match(JSON.stringify(record), /differs from this file's \\"elsewhere page\\" only in case/);
          assert.equal(each.code, 1, each.stderr);
        }
      }
    }
    assert.equal(cli.world.sandbox.imports.length, 0, 'nothing was sent');
    assert.equal(cli.world.sandbox.pages().find((page) => page.id === theirs.id)?.markdown, 'Theirs.\n');
  });

  it('the file\'s own page, found by its notice, whose title the file now writes in another case: refused, not a second page', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Setup guide\n\nOurs.\n' });
    assert.equal((await runCli(['publish', 'docs', ...DOCS], { cwd: root, env: cli.env() })).code, 0);
    const { writeFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    await writeFile(join(root, 'docs/a.md'), '# Setup Guide\n\nOurs.\n');
    const imports = cli.world.sandbox.imports.length;
    for (const extra of [['--dry-run'], []]) {
      const run = await runCli(['publish', 'docs', ...DOCS, ...extra], { cwd: root, env: cli.env() });
      assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
      const record = fileRecords(run).find((line) => line.file === 'docs/a.md');
      assert.equal(record?.status, 'refused', run.stdout);
      assert.match(JSON.stringify(record), /is titled \\"Setup guide\\" on the wiki, which differs from this file's title \\"Setup Guide\\" only in case/);
    }
    assert.equal(cli.world.sandbox.imports.length, imports, 'nothing sent');
    assert.equal(cli.world.sandbox.pages().filter((page) => page.title.toLowerCase() === 'setup guide' && !page.deleted).length, 1, 'one page');
  });

  it('a title held elsewhere in the space in another case: the failure says so and offers no --overwrite', async () => {
    cli.world.sandbox.setUniqueTitlesInSpace(true);
    try {
      const root = await cli.tree({ 'docs/a.md': '# DOCUMENTATION HOME\n\nOurs.\n' });
      const run = await runCli(['publish', 'docs/a.md', '--space', 'DOCS', '--parent', '123456', '--json'], { cwd: root, env: cli.env() });
      assert.equal(run.code, 1, run.stderr);
      const record = fileRecords(run)[0];
      assert.match(String(record?.message), /no page titled "DOCUMENTATION HOME" was under this file's parent: the title is held elsewhere in the space \(perhaps written in another case.*passing --overwrite would not help/);
      assert.doesNotMatch(run.stdout + run.stderr, /Pass --overwrite/);
    } finally {
      cli.world.sandbox.setUniqueTitlesInSpace(false);
    }
  });

  it('a tree whose space is listed finds a page elsewhere titled but for case, before sending', async () => {
    const files: Record<string, string> = { 'docs/index.md': '# DOCUMENTATION HOME\n' };
    for (let n = 0; n < 9; n++) files[`docs/page-${n}.md`] = `# Page ${n}\n`;
    const root = await cli.tree(files);
    const plan = await runCli(['publish', 'docs', '--tree', ...DOCS, '--dry-run'], { cwd: root, env: cli.env() });
    const index = fileRecords(plan).find((line) => line.file === 'docs/index.md');
    assert.match(JSON.stringify(index?.cautions), /Documentation home/, plan.stdout);
  });
});
