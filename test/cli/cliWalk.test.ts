// Folder walking: Markdown files by name, recursively, in a stable order; node_modules, dot-folders and what
// .gitignore files (from the repository root down) match are skipped; a file named on the command line is taken.
// Links, pipes and files that are not UTF-8 are refused: cliWalkSafety.test.ts.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fileRecords, runCli, useCliSandbox } from './cliHarness';

describe('CLI folder walk', () => {
  const cli = useCliSandbox();

  const dryRunFiles = async (cwd: string, ...paths: string[]): Promise<string[]> => {
    const run = await runCli(['publish', ...paths, '--space', 'DOCS', '--parent', '123456', '--dry-run', '--json'], { cwd, env: {} });
    assert.ok(run.code === 0 || run.code === 1, run.stderr);
    return fileRecords(run).map((record) => String(record.file));
  };

  it('honours .gitignore from the repository root down, node_modules and dot-folders, and sorts the files', async () => {
    const root = await cli.tree({
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.gitignore': 'build/\n*.draft.md\n',
      'site/docs/z.md': '# Z\n',
      'site/docs/a.md': '# A\n',
      'site/docs/Upper.MD': '# Upper\n',
      'site/docs/notes.draft.md': '# Draft\n',
      'site/docs/build/out.md': '# Built\n',
      'site/docs/node_modules/pkg/README.md': '# Package\n',
      'site/docs/.github/template.md': '# Template\n',
      'site/docs/sub/.gitignore': 'secret*.md\n!keep.draft.md\n',
      'site/docs/sub/secret-plan.md': '# Secret\n',
      'site/docs/sub/keep.draft.md': '# Kept\n',
      'site/docs/sub/page.markdown': '# Page\n',
      'site/docs/image.png': 'not markdown',
    });
    // Walked from below the repository root: the root's .gitignore still applies, and the files are named by their
    // paths from the repository's root, as from there.
    assert.deepEqual(await dryRunFiles(join(root, 'site'), 'docs'), [
      'site/docs/Upper.MD', 'site/docs/a.md', 'site/docs/sub/keep.draft.md', 'site/docs/sub/page.markdown', 'site/docs/z.md',
    ]);
  });

  it('matches .gitignore patterns with case, as git does, unless the repository\'s .git/config says core.ignorecase', async () => {
    const files = { '.gitignore': '*.MD\nDrafts/\n', 'docs/ok.md': '# Ok\n', 'docs/Upper.MD': '# Upper\n', 'docs/drafts/wip.md': '# WIP\n' };
    const sensitive = await cli.tree({ ...files, '.git/HEAD': '', '.git/config': '[core]\n\tbare = false\n\tignorecase = false\n' });
    assert.deepEqual(await dryRunFiles(sensitive, 'docs'), ['docs/drafts/wip.md', 'docs/ok.md']);
    // What git writes when it clones onto a case-insensitive disk (macOS, Windows).
    const insensitive = await cli.tree({ ...files, '.git/HEAD': '', '.git/config': '[Core]\n\tbare = false\n\tignoreCase = true\n' });
    const run = await runCli(['publish', 'docs', '--space', 'DOCS', '--parent', '123456', '--dry-run'], { cwd: insensitive, env: {} });
    assert.match(run.stderr, /No Markdown files found in docs/);
  });

  it('takes a file named on the command line even when .gitignore matches it, and each file once', async () => {
    const root = await cli.tree({ '.git/HEAD': '', '.gitignore': 'drafts/\n', 'drafts/wip.md': '# WIP\n', 'a.md': '# A\n' });
    assert.deepEqual(await dryRunFiles(root, '.', 'drafts/wip.md', 'a.md'), ['a.md', 'drafts/wip.md']);
  });

  it('outside a repository only the walked folder\'s own .gitignore files count', async () => {
    const root = await cli.tree({ '.gitignore': '*.md\n', 'docs/a.md': '# A\n', 'docs/.gitignore': 'b.md\n', 'docs/b.md': '# B\n' });
    assert.deepEqual(await dryRunFiles(root, 'docs'), ['docs/a.md']);
  });
});

describe('CLI plan of a large folder', () => {
  const cli = useCliSandbox();

  it('plans 4,000 files in one folder about as fast as 4,000 files in 80 folders (each folder is read once, not once a file)', async function () {
    this.timeout(120_000);
    const oneFolder: Record<string, string> = {};
    const manyFolders: Record<string, string> = {};
    for (let index = 0; index < 4_000; index++) {
      const name = `page-${String(index).padStart(4, '0')}-with-a-name-of-some-length.md`;
      oneFolder[`docs/${name}`] = `# Page ${index}\n`;
      manyFolders[`docs/folder-${String(index % 80).padStart(2, '0')}/${name}`] = `# Page ${index}\n`;
    }
    const timed = async (files: Record<string, string>): Promise<number> => {
      const root = await cli.tree(files);
      const started = Date.now();
      const run = await runCli(['publish', 'docs', '--space', 'DOCS', '--parent', '123456', '--dry-run', '--json'], { cwd: root, env: {} });
      const took = Date.now() - started;
      assert.equal(run.code, 0, run.stderr);
      assert.equal(fileRecords(run).length, 4_000);
      return took;
    };
    const spread = await timed(manyFolders);
    const together = await timed(oneFolder);
    // Reading the folder once a file made this quadratic: 16 million names read for 4,000 files, tens of seconds.
    assert.ok(together < 3 * spread + 2_000, `one folder took ${together} ms, 80 folders ${spread} ms`);
  });
});
