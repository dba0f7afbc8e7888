// A colleague's edit that carries a publish notice it copied is an edit, not a publish: the notice taken off and put
// back under their words, another page's notice pasted into a page, or their own version (which kept the notice)
// restored over the publish that replaced it. Each was replaced with exit 0 (--overwrite, --state, --force, a tree);
// each is now held as edited, named with who made it. Against the sandbox wiki, on a fresh runner, imports authored
// by an app account (as a CI import may be), with page access.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileRecords, runCli, useCliWorld, type CliRun } from './cliHarness';

const FLAT = ['--space', 'DOCS', '--parent', '123456', '--json'];

describe('CLI: a publish notice copied by a colleague does not make their edit a publish', () => {
  const cli = useCliWorld();

  beforeEach(() => cli.world.sandbox.setImportAuthor('app'));

  const publish = async (root: string, args: readonly string[]): Promise<CliRun> => runCli(['publish', ...args], { cwd: root, env: cli.env() });
  const statusOf = (run: CliRun, file: string): unknown => fileRecords(run).find((record) => record.file === file)?.status;
  const said = (run: CliRun): string => `${run.stdout}\n${run.stderr}`;
  /** The notice of the page of this title as a colleague copies it: the rule and the paragraph carrying the marker. */
  const noticeOf = (title: string): string => {
    const notice = cli.livePage(title).notice;
    assert.ok(notice !== undefined, `"${title}" carries a notice`);
    return `---\n\n${notice}\n`;
  };
  const heldAsEdited = (run: CliRun, file: string): void => {
    assert.equal(run.code, 1, said(run));
    assert.equal(statusOf(run, file), 'edited', run.stdout);
    assert.match(JSON.stringify(fileRecords(run)), /wiki-editor/, 'who made the edit is named');
  };

  it('the notice taken off and put back under a colleague\'s words: held as edited, with --overwrite and with a --state of the publish', async () => {
    const root = await cli.tree({ 'g.md': '# Guide2\n\nStep one.\n' });
    assert.equal((await publish(root, ['g.md', ...FLAT, '--state', 'st.json'])).code, 0);
    const page = cli.livePage('Guide2');
    const notice = noticeOf('Guide2');
    cli.world.sandbox.editPageOnWiki(page.id, '# Guide2\n\nStep one. Colleague rewrote this.\n');
    cli.world.sandbox.editPageOnWiki(page.id, `# Guide2\n\nStep one. Colleague rewrote this.\n\n${notice}`);
    await writeFile(join(root, 'g.md'), '# Guide2\n\nStep one, then two.\n');

    heldAsEdited(await publish(root, ['g.md', ...FLAT, '--state', 'st.json', '--dry-run']), 'g.md');
    heldAsEdited(await publish(root, ['g.md', ...FLAT, '--overwrite']), 'g.md');
    assert.equal(cli.livePage('Guide2').version, 3, 'nothing was sent');
    assert.match(cli.livePage('Guide2').markdown, /Colleague rewrote this\./);
  });

  it('another page\'s notice pasted into a page this tool published: --overwrite holds it, in the plan and the publish', async () => {
    const root = await cli.tree({ 'a.md': '# Apage\n\nA text.\n', 'b.md': '# Bpage\n\nB text.\n' });
    assert.equal((await publish(root, ['a.md', 'b.md', ...FLAT, '--overwrite'])).code, 0);
    const bpage = cli.livePage('Bpage');
    cli.world.sandbox.editPageOnWiki(bpage.id, `# Bpage\n\nColleague merged A into B and rewrote it.\n\nA text.\n\n${noticeOf('Apage')}`);
    await writeFile(join(root, 'b.md'), '# Bpage\n\nB text, changed.\n');

    heldAsEdited(await publish(root, ['a.md', 'b.md', ...FLAT, '--overwrite', '--dry-run']), 'b.md');
    const run = await publish(root, ['a.md', 'b.md', ...FLAT, '--overwrite']);
    heldAsEdited(run, 'b.md');
    assert.equal(statusOf(run, 'a.md'), 'skipped', run.stdout);
    assert.equal(cli.livePage('Bpage').version, 2, 'the colleague\'s version stays the page\'s');
    assert.match(cli.livePage('Bpage').markdown, /Colleague merged A into B/);
  });

  for (const tree of [false, true]) {
    it(`${tree ? '--tree' : 'a flat run'}: a colleague restoring their version over the publish that replaced it: held as edited, --force too`, async () => {
      const root = await cli.tree({ 'docs/howto.md': '# Howto\n\nDo this.\n' });
      const args = tree ? ['docs', '--tree', ...FLAT] : ['docs/howto.md', ...FLAT];
      assert.equal((await publish(root, args)).code, 0);
      const id = cli.livePage('Howto').id;
      cli.world.sandbox.editLineOnWiki(id, { append: ' COLLEAGUE WORDS' });
      const theirs = cli.world.sandbox.pageVersions(id).at(-1);
      assert.equal((await publish(root, [...args, '--overwrite', '--overwrite-edited'])).code, 0);
      assert.doesNotMatch(cli.livePage('Howto').markdown, /COLLEAGUE WORDS/);
      cli.world.sandbox.editPageOnWiki(id, theirs?.markdown ?? '', { message: 'Restored v2' });
      const restored = cli.livePage('Howto').version;

      heldAsEdited(await publish(root, [...args, '--dry-run']), 'docs/howto.md');
      heldAsEdited(await publish(root, [...args, '--force']), 'docs/howto.md');
      assert.equal(cli.livePage('Howto').version, restored, 'nothing was sent');
      assert.match(cli.livePage('Howto').markdown, /COLLEAGUE WORDS/);
    });
  }
});
