// One walk for both front ends: the same hostile tree through the command line's readMarkdownSources (node:fs) and
// through the editor's port (workspaceWalkFs over a fake of vscode.workspace.fs that reports entry types exactly as
// VS Code's disk provider does) gives the same files, the same refusals and the same texts.
import assert from 'node:assert/strict';
import { join, relative, sep } from 'node:path';
import { diskFs, FakeUri } from '../support/vscodeDiskFs';
import { readMarkdownSources } from '../../src/cli/files';
import type { SourceFile } from '../../src/core/run/plan';
import { sourcesFromWalk } from '../../src/core/walk/sources';
import { walkSelection } from '../../src/core/walk/walk';
import { workspaceWalkFs } from '../../src/editor/publish/workspaceWalkFs';
import { makeHostileTree, type HostileTree } from './walkTestTree';

const comparable = (sources: readonly SourceFile[]) => sources.map(({ label, text, readProblem }) => ({ label, text, readProblem }));

describe('walk parity: command line and editor', () => {
  let tree: HostileTree;
  before(async () => {
    tree = await makeHostileTree();
  });
  after(async () => {
    await tree.remove();
  });

  async function editorSources(names: string[]): Promise<SourceFile[]> {
    const fs = workspaceWalkFs(diskFs, { label: (uri) => relative(tree.repo, uri.path).split(sep).join('/') });
    const walked = await walkSelection(names.map((name) => new FakeUri(join(tree.repo, name))), { fs });
    assert.deepEqual(walked.problems, []);
    return sourcesFromWalk(walked, { fs });
  }

  async function cliSources(names: string[]): Promise<SourceFile[]> {
    const read = await readMarkdownSources(names, tree.repo);
    assert.ok(read.ok, read.ok ? '' : read.message);
    return read.files;
  }

  it('a folder: the same labels, refusals and texts', async () => {
    const cli = await cliSources(['docs']);
    assert.deepEqual(comparable(await editorSources(['docs'])), comparable(cli));
    assert.deepEqual(cli.map((source) => source.label), [...tree.taken, ...tree.refusedByWalk].sort());
    assert.deepEqual(cli.filter((source) => source.readProblem).map((source) => source.label), [...tree.refusedByWalk, ...tree.refusedByDecoding].sort());
  });

  it('named files: ignored ones taken, a link to outside refused by both', async () => {
    const names = ['docs/keep.md', 'docs/notes.draft.md', 'outside-link.md', 'docs/key.md'];
    const cli = await cliSources(names);
    // The reasons for a named link differ: the command line can tell where it leads, workspace.fs cannot.
    const refusedOrText = (sources: readonly SourceFile[]) => sources.map(({ label, text, readProblem }) => ({ label, text, refused: readProblem !== undefined }));
    assert.deepEqual(refusedOrText(await editorSources(names)), refusedOrText(cli));
    assert.deepEqual(cli.map((source) => [source.label, source.readProblem === undefined]), [
      ['docs/keep.md', true], ['docs/key.md', false], ['docs/notes.draft.md', true], ['outside-link.md', false],
    ]);
  });

  it('a named file in a linked folder is refused by both, the folder named as the link', async () => {
    const names = ['outside-folder/notes.md', 'docs-link/a.md'];
    const read = await readMarkdownSources(names, tree.repo);
    assert.ok(read.ok);
    assert.deepEqual(read.files.map((source) => [source.label, source.readProblem !== undefined]), [['docs-link/a.md', false], ['outside-folder', true]]);
    const label = (uri: FakeUri): string => relative(tree.repo, uri.path).split(sep).join('/');
    const fs = workspaceWalkFs(diskFs, { label, isWorkspaceFolder: (uri) => uri.path === tree.repo });
    const walked = await walkSelection(names.map((name) => new FakeUri(join(tree.repo, name))), { fs });
    // workspace.fs cannot tell where a link leads, so the editor refuses the link inside the tree too.
    assert.deepEqual(walked.files, []);
    assert.deepEqual(walked.refused.map((entry) => entry.label).sort(), ['docs-link', 'outside-folder']);
    assert.match(walked.refused.find((entry) => entry.label === 'outside-folder')?.reason ?? '', /symbolic link to a folder; links to folders are not followed/);
  });

  it('the editor follows a link only when it is a workspace folder the user opened through it', async () => {
    const label = (uri: FakeUri): string => relative(tree.repo, uri.path).split(sep).join('/');
    const opened = workspaceWalkFs(diskFs, { label, isWorkspaceFolder: (uri) => uri.path === join(tree.repo, 'docs-link') });
    const walked = await walkSelection([new FakeUri(join(tree.repo, 'docs-link'))], { fs: opened });
    assert.deepEqual(walked.files.map((file) => file.label).sort(), tree.taken.map((path) => path.replace(/^docs\//, 'docs-link/')));
    const other = await walkSelection([new FakeUri(join(tree.repo, 'docs-link'))], { fs: workspaceWalkFs(diskFs, { label }) });
    assert.deepEqual(other.refused.map((entry) => entry.label), ['docs-link']);
  });
});
