// A publish plans all of what was named or none of it (core/walk/publishWalk.ts): a folder holding more Markdown files
// than the core's bound is refused with the reason, through the command line's port (node:fs) and the editor's
// (workspaceWalkFs over a stand-in for vscode.workspace.fs) alike, never planned in part; a walk or a read cancelled by
// its person stops and plans nothing. Real files in a temporary folder.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { diskFs, FakeUri } from '../support/vscodeDiskFs';
import { readMarkdownSources } from '../../src/cli/files';
import { englishWalkMessages } from '../../src/core/messages/walkMessages';
import { MAX_PUBLISH_FILES, walkToPublish } from '../../src/core/walk/publishWalk';
import { sourcesFromWalk } from '../../src/core/walk/sources';
import type { WalkFs } from '../../src/core/walk/walkFs';
import { workspaceWalkFs } from '../../src/editor/publish/workspaceWalkFs';

const FOLDERS = 50;

/** `count` small Markdown files under `docs`, spread over FOLDERS subfolders. */
async function writeDocs(root: string, count: number): Promise<void> {
  await Promise.all(Array.from({ length: FOLDERS }, (_, folder) => mkdir(join(root, 'docs', `part-${folder}`), { recursive: true })));
  const names = Array.from({ length: count }, (_, index) => join(root, 'docs', `part-${index % FOLDERS}`, `page-${index}.md`));
  for (let start = 0; start < names.length; start += 500) {
    await Promise.all(names.slice(start, start + 500).map((name, offset) => writeFile(name, `# Page ${start + offset}\n`)));
  }
}

describe('a publish walks all of what was named, or plans nothing', function () {
  // Writing 20,000 files takes a few seconds on a slow disk.
  this.timeout(120_000);
  let over: string;
  let atBound: string;
  before(async () => {
    over = await mkdtemp(join(tmpdir(), 'wp-publish-walk-over-'));
    atBound = await mkdtemp(join(tmpdir(), 'wp-publish-walk-bound-'));
    await writeDocs(over, MAX_PUBLISH_FILES + 1);
    await writeDocs(atBound, MAX_PUBLISH_FILES);
  });
  after(async () => {
    await rm(over, { recursive: true, force: true });
    await rm(atBound, { recursive: true, force: true });
  });

  const editorFs = (root: string): WalkFs<FakeUri> => workspaceWalkFs(diskFs, { label: (uri) => relative(root, uri.path).split(sep).join('/') });

  it('the command line refuses a folder of one file more than the bound, naming it and the bound', async () => {
    const read = await readMarkdownSources(['docs'], over);
    assert.equal(read.ok, false);
    assert.equal(read.ok ? '' : read.message, englishWalkMessages.tooManyFiles('docs', '10,000'));
    assert.match(read.ok ? '' : read.message, /^docs holds more than 10,000 Markdown files, and a publish plans all of its files or none/);
  });

  it('the editor\'s port meets the same bound: one file more is refused, not planned in part', async () => {
    const walked = await walkToPublish([new FakeUri(join(over, 'docs'))], { fs: editorFs(over) });
    assert.deepEqual(walked, { ok: false, cut: 'tooMany' });
  });

  it('a folder of exactly the bound is walked whole, through both ports', async () => {
    const cli = await readMarkdownSources(['docs'], atBound);
    assert.ok(cli.ok, cli.ok ? '' : cli.message);
    assert.equal(cli.files.length, MAX_PUBLISH_FILES);
    const editor = await walkToPublish([new FakeUri(join(atBound, 'docs'))], { fs: editorFs(atBound) });
    assert.ok(editor.ok);
    assert.equal(editor.walk.files.length, MAX_PUBLISH_FILES);
    assert.equal(editor.walk.truncated, false);
  });

  it('a walk cancelled part way is no walk to plan', async () => {
    let asked = 0;
    // Cancelled after a few folders: the walk stops there, with some of the files.
    const walked = await walkToPublish([new FakeUri(join(atBound, 'docs'))], { fs: editorFs(atBound), isCancelled: () => ++asked > 300 });
    assert.deepEqual(walked, { ok: false, cut: 'cancelled' });
  });

  it('a read cancelled part way reads no further file, and marks those it left unread as refused', async () => {
    const fs = editorFs(atBound);
    const walked = await walkToPublish([new FakeUri(join(atBound, 'docs'))], { fs });
    assert.ok(walked.ok);
    let reads = 0;
    const counting: WalkFs<FakeUri> = { ...fs, read: async (location) => (reads++, fs.read(location)) };
    const sources = await sourcesFromWalk(walked.walk, { fs: counting, isCancelled: () => reads >= 40 });
    // The reads already under way when it was cancelled finish (a few at once); none starts after.
    assert.ok(reads >= 40 && reads < 60, `${reads} reads`);
    assert.equal(sources.length, MAX_PUBLISH_FILES);
    assert.equal(sources.filter((source) => source.readProblem === undefined).length, reads);
  });
});
