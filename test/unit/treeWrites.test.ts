// The one writer of the command line's and the Action's files (src/core/writes): inside the working tree only, never
// through a symbolic link (the file itself or any folder on its way down), a whole file replaced atomically, a journal
// appended to without following a link. Real files in a temporary folder; "outside" is a folder beside the tree.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { link, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appendFileInTree, removeFileInTree, writeFileInTree } from '../../src/core/writes/treeWrites';
import { checkWritePath, describeWriteRefusal, WriteRefused } from '../../src/core/writes/writePath';

describe('writing files of the working tree', () => {
  let scratch: string;
  let tree: string;
  let outside: string;
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'wiki-publisher-writes-'));
    tree = join(scratch, 'checkout');
    outside = join(scratch, 'outside');
    await mkdir(tree);
    await mkdir(outside);
    await writeFile(join(outside, 'victim'), 'precious\n');
  });
  afterEach(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  async function outsideUntouched(): Promise<void> {
    assert.deepEqual(await readdir(outside), ['victim']);
    assert.equal(await readFile(join(outside, 'victim'), 'utf8'), 'precious\n');
  }

  const writers = {
    write: (path: string) => writeFileInTree(tree, path, 'new\n'),
    append: (path: string) => appendFileInTree(tree, path, 'line\n'),
    remove: (path: string) => removeFileInTree(tree, path),
  };

  for (const [how, write] of Object.entries(writers)) {
    it(`${how}: a link at the file itself is refused, naming it, whatever it leads to`, async () => {
      await symlink(join(outside, 'victim'), join(tree, 'state.json'));
      await assert.rejects(write(join(tree, 'state.json')), (error: unknown) => {
        assert.ok(error instanceof WriteRefused);
        assert.equal(error.message, 'state.json is a symbolic link; wiki-publisher never writes through a symbolic link, so that a repository cannot make it write a file outside its working tree. Delete the link (or restore the file from git), or name another path.');
        return true;
      });
      await outsideUntouched();
    });

    it(`${how}: a link at any folder on the way down is refused, naming the link`, async () => {
      // At the first folder, and deeper down below real folders.
      await symlink(outside, join(tree, '.wiki-publisher'));
      await mkdir(join(tree, 'ci', 'cache'), { recursive: true });
      await symlink(outside, join(tree, 'ci', 'cache', 'deep'));
      for (const [path, link] of [['.wiki-publisher/victim', '.wiki-publisher'], ['ci/cache/deep/victim', 'ci/cache/deep'], ['ci/cache/deep/new/file', 'ci/cache/deep']] as const) {
        await assert.rejects(write(join(tree, ...path.split('/'))), (error: unknown) => {
          assert.ok(error instanceof WriteRefused);
          assert.equal(error.refusal.reason, 'link');
          assert.match(error.message, new RegExp(`^${path.replace(/\./g, '\\.')} goes through ${link.replace(/\./g, '\\.')}, a symbolic link; .* Make ${link.replace(/\./g, '\\.')} a real folder \\(or delete the link\\), or name another path\\.$`));
          return true;
        });
      }
      await outsideUntouched();
    });

    it(`${how}: a path outside the working tree is refused, however it is spelled`, async () => {
      for (const path of [join(outside, 'victim'), join(tree, '..', 'outside', 'victim'), tree]) {
        await assert.rejects(write(path), (error: unknown) => error instanceof WriteRefused && error.refusal.reason === 'outside' && error.message.includes(`outside the working tree (${tree})`));
      }
      await outsideUntouched();
    });
  }

  it('a folder, pipe or file where a folder or the file should be is refused; the entries stay as they are', async () => {
    await mkdir(join(tree, 'report.xml'));
    await writeFile(join(tree, 'notes'), 'a file\n');
    execFileSync('mkfifo', [join(tree, 'pipe')]);
    const refusals = await Promise.all([
      checkWritePath(tree, join(tree, 'report.xml')),
      checkWritePath(tree, join(tree, 'notes', 'state.json')),
      checkWritePath(tree, join(tree, 'pipe')),
    ]);
    assert.deepEqual(refusals.map((refusal) => refusal && describeWriteRefusal(refusal)), [
      'report.xml is a folder, pipe, socket or device, not a regular file; wiki-publisher replaces only regular files. Name another path.',
      'notes/state.json cannot be written: notes is not a folder. Name another path.',
      'pipe is a folder, pipe, socket or device, not a regular file; wiki-publisher replaces only regular files. Name another path.',
    ]);
    // Appending to the pipe would wait for a reader for ever: refused before it is opened.
    await assert.rejects(appendFileInTree(tree, join(tree, 'pipe'), 'x\n'), WriteRefused);
    assert.equal(await readFile(join(tree, 'notes'), 'utf8'), 'a file\n');
  });

  it('makes the missing folders, replaces a file leaving no temporary file, appends, and removes', async () => {
    const path = join(tree, '.wiki-publisher', 'cache', 'state.json');
    assert.equal(await checkWritePath(tree, path), undefined, 'a missing folder is no refusal');
    await writeFileInTree(tree, path, 'one\n');
    await writeFileInTree(tree, path, 'two\n');
    assert.equal(await readFile(path, 'utf8'), 'two\n');
    await appendFileInTree(tree, `${path}.journal`, 'a\n');
    await appendFileInTree(tree, `${path}.journal`, 'b\n');
    assert.equal(await readFile(`${path}.journal`, 'utf8'), 'a\nb\n');
    assert.deepEqual((await readdir(join(tree, '.wiki-publisher', 'cache'))).sort(), ['state.json', 'state.json.journal']);
    await removeFileInTree(tree, `${path}.journal`);
    await removeFileInTree(tree, `${path}.journal`);
    assert.deepEqual(await readdir(join(tree, '.wiki-publisher', 'cache')), ['state.json']);
  });

  it('a journal that is a hard link to a file outside is written anew, never through the link: the outside file stays as it was', async () => {
    const journal = join(tree, 'state.json.journal');
    await link(join(outside, 'victim'), journal);
    await appendFileInTree(tree, journal, 'line\n');
    await outsideUntouched();
    assert.equal(await readFile(journal, 'utf8'), 'precious\nline\n', 'the journal keeps what it held, with the line after it');
    await appendFileInTree(tree, journal, 'next\n');
    assert.equal(await readFile(journal, 'utf8'), 'precious\nline\nnext\n', 'then appended to as its own file');
    await outsideUntouched();
  });

  it('a write that fails leaves the old file whole and no temporary file', async () => {
    // A name the file system takes, but not with the temporary file's suffix: the write fails after the check.
    const path = join(tree, `${'r'.repeat(250)}.xml`);
    await writeFile(path, 'old report\n');
    await assert.rejects(writeFileInTree(tree, path, 'new report\n'), /ENAMETOOLONG/);
    assert.equal(await readFile(path, 'utf8'), 'old report\n');
    assert.deepEqual(await readdir(tree), [`${'r'.repeat(250)}.xml`]);
  });

  it('a reader never sees part of a file: each read while it is replaced 30 times is one whole version', async () => {
    const path = join(tree, 'junit.xml');
    // Large enough that a write in place would be seen half done (several writes of the file system's buffer).
    const versions = ['a', 'b', 'c'].map((letter) => `${letter.repeat(2 * 1024 * 1024)}\n`);
    await writeFileInTree(tree, path, versions[0] ?? '');
    let writing = true;
    let reads = 0;
    const reader = (async () => {
      while (writing || reads === 0) {
        const text = await readFile(path, 'utf8');
        reads++;
        assert.ok(versions.includes(text), `read ${text.length} characters, not one whole version`);
      }
    })();
    for (let write = 1; write <= 30; write++) await writeFileInTree(tree, path, versions[write % 3] ?? '');
    writing = false;
    await reader;
    assert.ok(reads > 0);
    assert.deepEqual(await readdir(tree), ['junit.xml']);
  });
});
