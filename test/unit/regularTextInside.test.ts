// readRegularTextInside: what reads a file the run only names (the Action's annotations) reads a regular file inside
// the folder it is given, never through a link, never a pipe or a device, never a name that leaves the folder.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRegularTextInside } from '../../src/core/walk/regularFile';

describe('readRegularTextInside', () => {
  let root: string;
  let outside: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'wiki-publisher-inside-'));
    outside = mkdtempSync(join(tmpdir(), 'wiki-publisher-outside-'));
    mkdirSync(join(root, 'docs'));
    writeFileSync(join(root, 'docs', 'a.md'), '# A\n');
    writeFileSync(join(outside, 'secret.md'), 'secret\n');
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it('reads a regular file inside, and nothing that leaves, links, waits or is too large', function () {
    if (process.platform === 'win32') this.skip();
    assert.equal(readRegularTextInside(root, 'docs/a.md', 100), '# A\n');
    assert.equal(readRegularTextInside(root, './docs/../docs/a.md', 100), '# A\n');
    assert.equal(readRegularTextInside(root, 'docs/a.md', 3), undefined, 'over the size given');
    symlinkSync(join(outside, 'secret.md'), join(root, 'docs', 'link.md'));
    symlinkSync(outside, join(root, 'docs', 'folder'));
    symlinkSync('/dev/zero', join(root, 'docs', 'zero.md'));
    execFileSync('mkfifo', [join(root, 'docs', 'pipe.md')]);
    for (const name of ['docs/link.md', 'docs/folder/secret.md', 'docs/zero.md', 'docs/pipe.md', 'docs', 'docs/none.md', join(outside, 'secret.md'), '../' + outside.split('/').pop() + '/secret.md', 'docs/../../x.md']) {
      assert.equal(readRegularTextInside(root, name, 1_000_000), undefined, name);
    }
  });
});
