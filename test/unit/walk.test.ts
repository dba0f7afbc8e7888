// The core's walk (core/walk) over node:fs: which files a folder walk takes, what it refuses and why, what a name
// given explicitly may reach, and the plan's input it makes of them.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setsIgnoreCase } from '../../src/core/walk/gitignore';
import { nodeWalkFs } from '../../src/core/walk/nodeWalkFs';
import { sourcesFromWalk } from '../../src/core/walk/sources';
import { walkSelection, type WalkResult } from '../../src/core/walk/walk';
import { FAKE_TOKEN, makeHostileTree, UTF16_TEXT, type HostileTree } from './walkTestTree';

describe('core walk', () => {
  let tree: HostileTree;
  before(async () => {
    tree = await makeHostileTree();
  });
  after(async () => {
    await tree.remove();
  });

  const fsFor = (withTree = true) => nodeWalkFs({ cwd: tree.repo, ...(withTree ? { tree: tree.repo } : {}) });
  const walk = (names: string[], options: { maxFiles?: number; exclude?: (path: string) => boolean } = {}): Promise<WalkResult<string>> =>
    walkSelection(names.map((name) => join(tree.repo, name)), { fs: fsFor(), ...options });
  const labels = (result: WalkResult<string>) => ({ taken: result.files.map((file) => file.label).sort(), refused: result.refused.map((entry) => entry.label).sort() });

  it('takes Markdown files by the shared rules and .gitignore (a deeper `!keep.md` re-includes), refusing links and pipes', async () => {
    const result = await walk(['docs']);
    assert.deepEqual(labels(result), { taken: tree.taken, refused: tree.refusedByWalk });
    assert.equal(result.truncated, false);
    assert.deepEqual(result.problems, []);
  });

  it('says why each entry is refused, in one sentence naming it, without following the link', async () => {
    const reasons = new Map((await walk(['docs'])).refused.map((entry) => [entry.label, entry.reason]));
    assert.equal(reasons.get('docs/key.md'), 'docs/key.md is a symbolic link; links are not followed, so that a repository cannot publish files from outside it.');
    assert.match(reasons.get('docs/loop') ?? '', /^docs\/loop is a symbolic link to a folder; links to folders are not followed/);
    if (tree.hasEnviron) assert.match(reasons.get('docs/env.md') ?? '', /^docs\/env\.md is a symbolic link;/);
    if (tree.hasFifo) assert.equal(reasons.get('docs/x.md'), 'docs/x.md is not a regular file (a pipe, socket or device); only regular files are read.');
  });

  it('skips what the front end excludes, links and pipes included, without a word', async () => {
    const result = await walk(['docs'], { exclude: (path) => /(key|x)\.md$|[/\\]sub$/.test(path) });
    assert.deepEqual(labels(result).refused, tree.refusedByWalk.filter((label) => label !== 'docs/key.md' && label !== 'docs/x.md'));
    assert.ok(!labels(result).taken.includes('docs/sub/keep.md'));
  });

  it('takes a named file even when .gitignore matches it, and each file once', async () => {
    const result = await walk(['docs', 'docs/keep.md', 'docs/a.md', 'docs/notes.draft.md']);
    assert.deepEqual(labels(result).taken, [...tree.taken, 'docs/keep.md', 'docs/notes.draft.md'].sort());
  });

  it('follows a named link only to a regular file or folder inside the working tree', async () => {
    const result = await walk(['inside-link.md', 'outside-link.md', 'outside-folder', 'broken.md', 'docs-link']);
    const reasons = new Map(result.refused.map((entry) => [entry.label, entry.reason]));
    assert.equal(reasons.get('outside-link.md'), 'outside-link.md is a symbolic link that leads outside the working tree; files from outside the repository are not published.');
    assert.match(reasons.get('outside-folder') ?? '', /leads outside the working tree/);
    assert.equal(reasons.get('broken.md'), 'broken.md is a symbolic link that leads nowhere.');
    const inside = result.files.find((file) => file.label === 'inside-link.md');
    assert.equal(inside?.readFrom, join(tree.repo, 'docs', 'a.md'), 'read from its target, known by its own name');
    // The linked folder is walked where it really is, with the same rules.
    assert.ok(result.files.some((file) => file.label === 'docs/a.md'));
    assert.ok(!result.files.some((file) => file.label.startsWith('docs-link/')));
  });

  it('refuses a named path whose folder on the way is a link leading outside the working tree, whether or not the file is there', async () => {
    const names = ['outside-folder/notes.md', 'outside-folder/none.md', 'docs/loop/outside-folder/notes.md', 'docs/../outside-folder', 'docs-link/a.md'];
    const result = await walk(names);
    assert.deepEqual(result.problems, []);
    assert.deepEqual(result.refused.map((entry) => [entry.label, entry.reason]), ['outside-folder', 'docs/loop/outside-folder'].map((label) => [
      label, `${label} is a symbolic link that leads outside the working tree; files from outside the repository are not published.`,
    ]));
    // A link on the way that stays inside the tree is no reason to refuse.
    assert.deepEqual(result.files.map((file) => file.label), ['docs-link/a.md']);
    assert.ok(!JSON.stringify(await sourcesFromWalk(result, { fs: fsFor() })).includes(FAKE_TOKEN));
  });

  it('refuses every named link when the front end cannot resolve links', async () => {
    const result = await walkSelection(['inside-link.md', 'docs-link'].map((name) => join(tree.repo, name)), { fs: fsFor(false) });
    assert.deepEqual(labels(result), { taken: [], refused: ['docs-link', 'inside-link.md'] });
  });

  it('leaves usage problems to the front end: a missing name, a named file that is not Markdown', async () => {
    const result = await walk(['nope', 'docs/image.png', 'docs/a.md', 'docs/logo.png']);
    assert.deepEqual(result.problems, [{ index: 0, problem: 'missing' }, { index: 1, problem: 'notMarkdown' }, { index: 3, problem: 'notMarkdown' }]);
  });

  it('refuses a folder it cannot list (EACCES from the port), naming it and the code, and keeps walking the rest', async () => {
    const fs = fsFor();
    const denied = join(tree.repo, 'docs', 'sub');
    const port = { ...fs, list: async (folder: string) => {
      if (folder === denied) throw Object.assign(new Error(`EACCES: permission denied, scandir '${folder}'`), { code: 'EACCES' });
      return fs.list(folder);
    } };
    const result = await walkSelection([join(tree.repo, 'docs')], { fs: port });
    const reasons = new Map(result.refused.map((entry) => [entry.label, entry.reason]));
    assert.equal(reasons.get('docs/sub'), 'docs/sub is a folder that could not be listed (EACCES), so none of its files is published and no page recorded for them is taken as gone. Make it readable to publish it.');
    assert.ok(result.files.some((file) => file.label === 'docs/a.md'), 'the rest is walked');
    assert.ok(!result.files.some((file) => file.label.startsWith('docs/sub/')));
    const sources = await sourcesFromWalk(result, { fs: port });
    assert.match(sources.find((source) => source.label === 'docs/sub')?.readProblem ?? '', /could not be listed/);
  });

  it('leaves out a folder it cannot list when the rules ignore every path below it (`data/*`, `data/**`, `*`), and refuses it when one could be taken', async () => {
    const repo = await mkdtemp(join(tmpdir(), 'wp-unlisted-'));
    try {
      await mkdir(join(repo, '.git'));
      await mkdir(join(repo, 'docs', 'data'), { recursive: true });
      await writeFile(join(repo, 'docs', 'a.md'), '# A\n');
      await writeFile(join(repo, 'docs', 'data', 's.md'), '# S\n');
      const base = nodeWalkFs({ cwd: repo, tree: repo });
      const denied = join(repo, 'docs', 'data');
      const port = { ...base, list: async (folder: string) => {
        if (folder === denied) throw Object.assign(new Error(`EACCES: permission denied, scandir '${folder}'`), { code: 'EACCES' });
        return base.list(folder);
      } };
      const refusedWith = async (gitignore: string, exclude?: (folder: string) => boolean): Promise<string[]> => {
        await writeFile(join(repo, 'docs', '.gitignore'), gitignore);
        const result = await walkSelection([join(repo, 'docs')], { fs: port, ...(exclude ? { excludesEverythingIn: exclude } : {}) });
        assert.deepEqual(result.files.map((file) => file.label), ['docs/a.md'], gitignore);
        return result.refused.map((entry) => entry.label);
      };
      for (const ignoresAll of ['data/*\n', 'data/**\n', '/data/*\n', 'd*/*\n', '**/data/*\n', '*\n!a.md\n', '!nothing.md\ndata/*\n', 'data/*\n*.tmp\n']) {
        assert.deepEqual(await refusedWith(ignoresAll), [], ignoresAll);
      }
      // A path below it could be taken: a negation read first, a pattern for some names or for folders only, none at all.
      for (const couldTake of ['data/*\n!keep.md\n', 'data/*\n!/data/s.md\n', 'data/*.txt\n', 'data/*/\n', 'other/*\n', '']) {
        assert.deepEqual(await refusedWith(couldTake), ['docs/data'], couldTake);
      }
      // The front end's exclusions, asked of the folder that cannot be listed.
      assert.deepEqual(await refusedWith('', (folder) => folder === denied), []);
      assert.deepEqual(await refusedWith('', () => false), ['docs/data']);
    } finally {
      await rm(repo, { recursive: true, force: true });
    }
  });

  it('stops at its bound and says so; the same files every time', async () => {
    const first = await walk(['docs'], { maxFiles: 3 });
    assert.equal(first.truncated, true);
    assert.equal(first.files.length + first.refused.length, 3);
    assert.deepEqual(labels(await walk(['docs'], { maxFiles: 3 })), labels(first));
  });

  it('reads and decodes what it took; refused and undecodable files become refused sources; label order', async () => {
    const fs = fsFor();
    const sources = await sourcesFromWalk(await walk(['docs']), { fs, openText: (key) => (key.endsWith('a.md') ? 'unsaved edits' : undefined) });
    assert.deepEqual(sources.map((source) => source.label), [...tree.taken, ...tree.refusedByWalk].sort());
    const byLabel = new Map(sources.map((source) => [source.label, source]));
    assert.equal(byLabel.get('docs/a.md')?.text, 'unsaved edits', 'an open editor\'s text wins over the disk');
    assert.equal(byLabel.get('docs/bom.md')?.text, '---\ntitle: With BOM\n---\nBody.\n');
    assert.equal(byLabel.get('docs/utf16.md')?.text, UTF16_TEXT);
    assert.deepEqual(sources.filter((source) => source.readProblem !== undefined).map((source) => source.label), [...tree.refusedByWalk, ...tree.refusedByDecoding].sort());
    assert.match(byLabel.get('docs/latin1.md')?.readProblem ?? '', /^docs\/latin1\.md is not UTF-8 text \(invalid byte at offset 5\); save it as UTF-8 to publish it\.$/);
    assert.match(byLabel.get('docs/binary.md')?.readProblem ?? '', /it looks binary/);
    assert.ok(sources.every((source) => source.readProblem === undefined || source.text === ''));
    assert.ok(!JSON.stringify(sources).includes(FAKE_TOKEN));
  });

  it('reads only regular files: a link or a pipe given to read is refused, a pipe without waiting for a writer', async () => {
    const fs = fsFor();
    await assert.rejects(fs.read(join(tree.repo, 'docs', 'key.md')), /symbolic link/);
    if (tree.hasFifo) await assert.rejects(fs.read(join(tree.repo, 'docs', 'x.md')), /not a regular file/);
  });

  it('reads plain UTF-8 in one step, and leaves every other file to the strict read, with the same text or refusal', async () => {
    const fs = fsFor();
    const readPlain = fs.readPlainTextSync;
    assert.ok(readPlain, 'the command line\'s port reads plain text in one step');
    const docs = join(tree.repo, 'docs');
    const extra = join(docs, 'one-step');
    await mkdir(extra, { recursive: true });
    // A replacement character written as such is text: only the strict read can tell it from a byte that is not UTF-8.
    await writeFile(join(extra, 'replacement.md'), '# Odd \ufffd sign\n');
    await writeFile(join(extra, 'empty.md'), '');
    await writeFile(join(extra, 'plain.md'), '# Plain\n\nÜber 日本語 😀\n');
    try {
      assert.equal(readPlain.call(fs, join(extra, 'plain.md')), '# Plain\n\nÜber 日本語 😀\n');
      for (const name of ['bom.md', 'utf16.md', 'latin1.md', 'binary.md', 'key.md', ...(tree.hasFifo ? ['x.md'] : [])]) {
        assert.equal(readPlain.call(fs, join(docs, name)), undefined, `${name} goes the strict way`);
      }
      assert.equal(readPlain.call(fs, join(extra, 'replacement.md')), undefined);
      assert.equal(readPlain.call(fs, join(extra, 'empty.md')), undefined, 'empty is what a pipe reads too: the strict read checks what it opened');
      const sources = await sourcesFromWalk(await walk(['docs/one-step']), { fs });
      assert.deepEqual(sources.map((source) => [source.label, source.text, source.readProblem]), [
        ['docs/one-step/empty.md', '', undefined],
        ['docs/one-step/plain.md', '# Plain\n\nÜber 日本語 😀\n', undefined],
        ['docs/one-step/replacement.md', '# Odd \ufffd sign\n', undefined],
      ]);
    } finally {
      await rm(extra, { recursive: true, force: true });
    }
  });

  it('reads a file below the working folder, and refuses a link there, whatever the working folder is when it reads', async () => {
    const fs = fsFor();
    const plain = join(tree.repo, 'docs', 'a.md');
    const link = join(tree.repo, 'docs', 'key.md');
    const expected = await fs.read(plain);
    const before = process.cwd();
    try {
      // Below the working folder, the port opens a path relative to it; elsewhere, the path as given.
      for (const cwd of [tree.repo, join(tree.repo, 'docs'), before]) {
        process.chdir(cwd);
        assert.deepEqual(fs.readSync?.(plain), expected, `read from ${cwd}`);
        assert.equal(fs.readPlainTextSync?.(plain), Buffer.from(expected).toString('utf8'), `read as text from ${cwd}`);
        assert.throws(() => fs.readSync?.(link), /symbolic link/, `a link from ${cwd}`);
        assert.equal(fs.readPlainTextSync?.(link), undefined, `a link as text from ${cwd}`);
        const pieces: Buffer[] = [];
        fs.readPiecesSync?.(plain, (piece) => pieces.push(Buffer.from(piece)) > 0);
        assert.deepEqual(Uint8Array.from(Buffer.concat(pieces)), Uint8Array.from(expected), `read in pieces from ${cwd}`);
        assert.throws(() => fs.readPiecesSync?.(link, () => true), /symbolic link/, `a link in pieces from ${cwd}`);
      }
    } finally {
      process.chdir(before);
    }
  });

  it('reads core.ignorecase from a repository\'s config as git does, false unless set', () => {
    assert.equal(setsIgnoreCase(''), false);
    assert.equal(setsIgnoreCase('[core]\n\tbare = false\n'), false);
    assert.equal(setsIgnoreCase('[core]\r\n\tignorecase = true\r\n'), true);
    assert.equal(setsIgnoreCase('[CORE]\n  IgnoreCase=Yes ; a comment\n'), true);
    assert.equal(setsIgnoreCase('[core]\n\tignorecase\n'), true, 'a bare name is true');
    assert.equal(setsIgnoreCase('[core] ignorecase = on\n'), true);
    assert.equal(setsIgnoreCase('[core]\n\tignorecase = true\n\tignorecase = false\n'), false, 'the last setting wins');
    assert.equal(setsIgnoreCase('[user]\n\tignorecase = true\n[core "x"]\n\tignorecase = true\n# ignorecase = true\n'), false);
  });
});
