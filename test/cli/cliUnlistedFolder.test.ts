// A folder the job cannot list (EACCES, EIO; here a path too long to open, which stops a listing even for root, where
// permissions do not) is no folder of nothing: the run names it, fails, and takes no page recorded below it as gone.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileRecords, runCli, summaryRecord, useCliSandbox } from './cliHarness';

const SEGMENT = 'd'.repeat(200);
/** Removes what unlistableFolder made: GNU rm walks a folder by its handle, where node:fs names the whole path. */
function removeUnlistable(root: string, under: string): void {
  execFileSync('rm', ['-rf', join(root, under, SEGMENT)]);
}

/** Linux's longest path a system call takes: a folder below it is listed by its parent but cannot be listed itself. */
const PATH_MAX = 4096;

/**
 * Folders of SEGMENT under `root`/`under`, made from inside each other (a shell's relative mkdir), until the last one's
 * path is longer than PATH_MAX, with x.md in it. Its label, from `root`.
 */
function unlistableFolder(root: string, under: string): string {
  let depth = 0;
  while (`${root}/${under}/`.length + (depth + 1) * (SEGMENT.length + 1) <= PATH_MAX + SEGMENT.length) depth++;
  // Each folder made and entered by its own name: no call is given the whole path.
  const script = `for (let i = 0; i < ${depth}; i++) { fs.mkdirSync('${SEGMENT}'); process.chdir('${SEGMENT}'); } fs.writeFileSync('x.md', '# X\\n');`;
  execFileSync(process.execPath, ['-e', script], { cwd: join(root, under) });
  const label = `${under}/${Array.from({ length: depth }, () => SEGMENT).join('/')}`;
  assert.ok(`${root}/${label}`.length > PATH_MAX && `${root}/${label}`.length - SEGMENT.length - 1 < PATH_MAX);
  return label;
}

describe('CLI folder that cannot be listed', () => {
  const cli = useCliSandbox();

  it('a flat publish names the folder it could not list, refuses it in --json, and fails rather than publishing the rest as all', async () => {
    const root = await cli.tree({ '.git/HEAD': '', 'docs/a.md': '# A\n' });
    const folder = unlistableFolder(root, 'docs');
    try {
    const dry = await runCli(['publish', 'docs', '--space', 'DOCS', '--parent', '123456', '--dry-run', '--json'], { cwd: root, env: {} });
    assert.equal(dry.code, 1, dry.stderr);
    const refused = fileRecords(dry).find((record) => record.file === folder) as { status?: string; refusals?: string[] } | undefined;
    assert.equal(refused?.status, 'refused', JSON.stringify(fileRecords(dry).map((record) => record.file)));
    assert.match(refused?.refusals?.join(' ') ?? '', /is a folder that could not be listed \(ENAMETOOLONG\)/);
    const text = await runCli(['publish', 'docs', '--space', 'DOCS', '--parent', '123456', '--dry-run'], { cwd: root, env: {} });
    assert.equal(text.code, 1, text.stderr);
    // The line names the folder (its reason, longer than a line shows for a path this long, is cut).
    assert.ok(text.stdout.includes(`WOULD REFUSE ${folder}`), text.stdout);
    assert.match(text.stdout, /, 1 would be refused\n/);
    } finally {
      removeUnlistable(root, 'docs');
    }
  });

  it('a folder whose every path .gitignore ignores is left out as it would be, and the run succeeds (a docker volume\'s folder)', async () => {
    const root = await cli.tree({ '.git/HEAD': '', 'docs/a.md': '# A\n' });
    const folder = unlistableFolder(root, 'docs');
    try {
      // Every entry of the deepest folder, and nothing above it: a star for each folder on the way, then one for its entries.
      const depth = folder.split('/').length - 1;
      await writeFile(join(root, 'docs', '.gitignore'), `${'*/'.repeat(depth)}*\n`);
      for (const selection of [['docs'], ['docs', '--tree']]) {
        const dry = await runCli(['publish', ...selection, '--space', 'DOCS', '--parent', '123456', '--dry-run', '--json'], { cwd: root, env: {} });
        // (A tree's new page is refused here only for want of page access to find it after it lands.)
        if (selection.length === 1) assert.equal(dry.code, 0, `${dry.stdout}${dry.stderr}`);
        assert.deepEqual(fileRecords(dry).map((record) => record.file), ['docs/a.md'], `${selection.join(' ')}: ${dry.stdout}${dry.stderr}`);
      }
      // A pattern that leaves a path below it to take: refused as before.
      await writeFile(join(root, 'docs', '.gitignore'), `${'*/'.repeat(depth)}*.txt\n`);
      const some = await runCli(['publish', 'docs', '--space', 'DOCS', '--parent', '123456', '--dry-run'], { cwd: root, env: {} });
      assert.equal(some.code, 1, some.stderr);
      assert.ok(some.stdout.includes(`WOULD REFUSE ${folder}`), some.stdout);
    } finally {
      removeUnlistable(root, 'docs');
    }
  });

  it('a tree keeps the pages .wiki-pages.json records below the folder: no orphans, the folder refused', async () => {
    const root = await cli.tree({ '.git/HEAD': '', 'docs/a.md': '# A\n' });
    const folder = unlistableFolder(root, 'docs');
    try {
    const key = `${folder.slice('docs/'.length)}/x.md`;
    const pages = { [key]: { id: '9002', title: 'X' } };
    await writeFile(join(root, 'docs', '.wiki-pages.json'), `${JSON.stringify({ version: 1, space: 'DOCS', parent: '123456', pages }, null, 2)}\n`);
    const dry = await runCli(['publish', 'docs', '--tree', '--space', 'DOCS', '--parent', '123456', '--dry-run', '--json'], { cwd: root, env: {} });
    assert.equal(dry.code, 1, dry.stderr);
    assert.equal(summaryRecord(dry).orphans, 0, 'the page recorded below the folder is no orphan');
    assert.ok(fileRecords(dry).some((record) => record.file === folder && record.status === 'refused'));
    } finally {
      removeUnlistable(root, 'docs');
    }
  });
});
