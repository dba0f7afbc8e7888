// The editor's folder publish walk (collectMarkdown) and a folder they cannot list (here a path too long to
// open, which stops a listing even for root): refused, unless files.exclude hides every entry of it, whatever its name
// (a glob ending in `/*` or `/**` naming the folder), when it holds nothing to take and is left out as it would be.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installWorkspaceVscode, type FakeWorkspace } from '../support/fakeWorkspaceVscode';
import { FakeUri } from '../support/vscodeDiskFs';

const SEGMENT = 'd'.repeat(200);
const PATH_MAX = 4096;

describe('the editor\'s walks and a folder they cannot list', () => {
  let folder: string;
  let depth = 0;
  let restore: () => void = () => undefined;
  const workspace: FakeWorkspace = { folder: '', exclude: {} };
  let editor: { readSelection: typeof import('../../src/editor/publish/collectMarkdown').readSelection };

  before(async () => {
    folder = await mkdtemp(join(tmpdir(), 'wiki-publisher-editor-unlisted-'));
    await mkdir(join(folder, '.git'));
    await mkdir(join(folder, 'docs', 'vol'), { recursive: true });
    await writeFile(join(folder, 'docs', 'a.md'), '# A\n');
    // Folders of SEGMENT made from inside each other, until the last one's path is longer than PATH_MAX.
    while (`${folder}/docs/vol/`.length + (depth + 1) * (SEGMENT.length + 1) <= PATH_MAX + SEGMENT.length) depth++;
    const script = `for (let i = 0; i < ${depth}; i++) { fs.mkdirSync('${SEGMENT}'); process.chdir('${SEGMENT}'); } fs.writeFileSync('x.md', '# X\\n');`;
    execFileSync(process.execPath, ['-e', script], { cwd: join(folder, 'docs', 'vol') });
    workspace.folder = folder;
    restore = installWorkspaceVscode(workspace);
    editor = { readSelection: (await import('../../src/editor/publish/collectMarkdown')).readSelection };
  });
  after(() => {
    restore();
    // GNU rm walks a folder by its handle, where node:fs names the whole path.
    execFileSync('rm', ['-rf', folder]);
  });

  const docs = (): Parameters<typeof editor.readSelection>[0] => [new FakeUri(join(folder, 'docs'))] as never;
  const deepest = (): string => `docs/vol/${Array.from({ length: depth }, () => '*').join('/')}`;

  it('refuses it when files.exclude could leave an entry of it to take', async () => {
    for (const exclude of [{}, { [`${deepest()}/*.txt`]: true }, { [`${deepest()}/*`]: false }]) {
      workspace.exclude = exclude;
      const read = await editor.readSelection(docs());
      assert.ok(read.ok);
      const refused = read.sources.filter((source) => source.readProblem !== undefined);
      assert.equal(refused.length, 1, JSON.stringify(exclude));
      assert.match(refused[0]?.readProblem ?? '', /is a folder that could not be listed \(ENAMETOOLONG\)/);
    }
  });

  it('leaves it out when files.exclude hides every entry of it, in the folder publish', async () => {
    for (const glob of [`${deepest()}/*`, `${deepest()}/**`, `**/vol/${Array.from({ length: depth }, () => '*').join('/')}/**`]) {
      workspace.exclude = { [glob]: true };
      const read = await editor.readSelection(docs());
      assert.ok(read.ok);
      assert.deepEqual(read.sources.map((source) => [source.label, source.readProblem]), [['docs/a.md', undefined]], glob);
    }
  });
});
