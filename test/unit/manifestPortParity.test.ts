// One rule for the page manifest on both front ends: a .wiki-pages.json that is a symbolic link or a pipe is refused,
// read through the command line's port (node:fs) and through the editor's (over a stand-in for vscode.workspace.fs
// that reports entry types as VS Code's disk provider does), with the same words; a regular file is read by both.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { diskFs, FakeUri } from '../support/vscodeDiskFs';
import { ManifestStore, type ManifestFilePort } from '../../src/core/tree/manifest';
import { nodeManifestFiles } from '../../src/core/tree/manifestNodeFs';
import { manifestPortOver } from '../../src/editor/publish/manifestPortOver';

const editorPort: ManifestFilePort = manifestPortOver(
  { ...diskFs, writeFile: async (uri: FakeUri, content: Uint8Array) => writeFile(uri.path, content) },
  (location) => new FakeUri(location),
  (error) => (error as NodeJS.ErrnoException).code === 'ENOENT',
);
const ports: Array<[string, ManifestFilePort]> = [['command line', nodeManifestFiles(tmpdir())], ['editor', editorPort]];

describe('page manifest: what is read, on both front ends', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'wiki-publisher-manifest-'));
    await writeFile(join(folder, 'keys.txt'), 'SECRET_DEPLOY_KEY=abcdef123456\n');
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });
  const open = (port: ManifestFilePort, path: string) => ManifestStore.open(port, path, { writing: false });

  for (const [frontEnd, port] of ports) {
    it(`${frontEnd}: a link is refused, whatever it leads to, and nothing of that is said`, async () => {
      const path = join(folder, '.wiki-pages.json');
      await symlink(join(folder, 'keys.txt'), path);
      const opened = await open(port, path);
      assert.equal(opened.ok, false);
      assert.ok(!opened.ok && !opened.message.includes('SECRET'));
      assert.equal(!opened.ok && opened.message, `${path} is a symbolic link; it is not followed, so that a repository cannot make the publisher read a file from outside it. Replace the link with the file itself, or restore it from git.`);
    });

    it(`${frontEnd}: a pipe is refused without waiting for a writer`, async () => {
      const path = join(folder, '.wiki-pages.json');
      execFileSync('mkfifo', [path]);
      const opened = await open(port, path);
      assert.equal(!opened.ok && opened.message, `${path} is not a regular file (a folder, pipe, socket or device); only regular files are read. Replace it with the file itself, or restore it from git.`);
    });

    it(`${frontEnd}: a regular file is read, and a missing one is an empty manifest`, async () => {
      const missing = await open(port, join(folder, '.wiki-pages.json'));
      assert.ok(missing.ok && missing.store.entries().length === 0);
      const path = join(folder, '.wiki-pages.json');
      await writeFile(path, '{\n  "version": 1,\n  "space": "DOCS",\n  "parent": "123456",\n  "pages": {\n    "guide.md": { "id": "42", "title": "Guide" }\n  }\n}\n');
      const opened = await open(port, path);
      assert.ok(opened.ok, opened.ok ? '' : opened.message);
      assert.deepEqual(opened.store.get('guide.md'), { id: '42', title: 'Guide' });
    });
  }
});
