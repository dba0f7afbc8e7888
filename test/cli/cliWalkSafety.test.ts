// The built CLI against a repository a hostile pull request could leave behind: links to a file holding a token, to
// /proc/self/environ and to a parent folder, a pipe named like Markdown, files that are not UTF-8. Each is named as
// refused, nothing of what lies behind them is printed or sent, and the other files still publish.
import assert from 'node:assert/strict';
import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { FAKE_TOKEN, makeHostileTree, UTF16_TEXT, type HostileTree } from '../unit/walkTestTree';
import { fileRecords, runCli, useCliSandbox, type CliRun } from './cliHarness';

const DOCS = ['--space', 'DOCS', '--parent', '123456'];

describe('CLI walk safety', () => {
  const cli = useCliSandbox();
  let tree: HostileTree;
  beforeEach(async () => {
    tree = await makeHostileTree();
  });
  afterEach(async () => {
    await tree.remove();
  });

  /** Nothing from behind a link: not the token file, not the environment (PATH=... is in every environ). */
  const assertNothingLeaked = (run: CliRun): void => {
    const printed = `${run.stdout}\n${run.stderr}`;
    assert.ok(!printed.includes(FAKE_TOKEN), 'the linked file\'s content was printed');
    assert.ok(!printed.includes('PATH='), 'the environment was printed');
  };
  const refusals = (run: CliRun): Map<string, string> =>
    new Map(fileRecords(run).filter((record) => record.status === 'refused').map((record) => [String(record.file), JSON.stringify(record)]));

  it('--dry-run names every link, pipe and non-UTF-8 file as refused, with its reason, and exits 1', async () => {
    const run = await runCli(['publish', 'docs', ...DOCS, '--dry-run', '--json'], { cwd: tree.repo, env: {} });
    assert.equal(run.code, 1, run.stderr);
    assertNothingLeaked(run);
    const refused = refusals(run);
    assert.deepEqual([...refused.keys()].sort(), [...tree.refusedByWalk, ...tree.refusedByDecoding].sort());
    assert.match(refused.get('docs/key.md') ?? '', /docs\/key\.md is a symbolic link; links are not followed/);
    assert.match(refused.get('docs/loop') ?? '', /symbolic link to a folder/);
    if (tree.hasEnviron) assert.match(refused.get('docs/env.md') ?? '', /symbolic link/);
    if (tree.hasFifo) assert.match(refused.get('docs/x.md') ?? '', /not a regular file/);
    assert.match(refused.get('docs/latin1.md') ?? '', /not UTF-8 text \(invalid byte at offset 5\); save it as UTF-8 to publish it/);
    assert.match(refused.get('docs/binary.md') ?? '', /not UTF-8 text \(it looks binary: a NUL byte at offset 3\)/);

    const text = await runCli(['publish', 'docs', ...DOCS, '--dry-run'], { cwd: tree.repo, env: {} });
    assert.equal(text.code, 1);
    assertNothingLeaked(text);
    for (const label of [...tree.refusedByWalk, ...tree.refusedByDecoding]) {
      assert.ok(text.stdout.split('\n').some((line) => line.startsWith('WOULD REFUSE') && line.includes(` ${label} -> `)), `${label} not named as refused:\n${text.stdout}`);
    }
  });

  // A line feed, a carriage return or an escape sequence is allowed in a file's name on Linux and macOS; not on Windows.
  (process.platform === 'win32' ? it.skip : it)('a file name with a line feed or an escape sequence stays on its own line of the log, escaped, and cannot forge another', async () => {
    const forged = 'docs/g\n::error file=x::forged.md';
    const escape = 'docs/h\r\u001b[2Kesc.md';
    const root = await cli.tree({ [forged]: '# Forged\n', [escape]: '# Escape\n', 'docs/a.md': '# Plain\n' });
    await symlink('/etc/hostname', join(root, 'docs', 'k\n::warning::link.md'));
    const shown = (label: string): string => JSON.stringify(label).slice(1, -1);
    const known = /^(would create|WOULD REFUSE|created|REFUSED|Dry run|Plan digest|\d+ published)/;
    for (const extra of [['--dry-run'], []]) {
      const run = await runCli(['publish', 'docs', ...DOCS, ...extra], { cwd: root, env: cli.env() });
      assert.equal(run.code, 1, run.stderr);
      const lines = run.stdout.trimEnd().split('\n');
      assert.deepEqual(lines.filter((line) => !known.test(line)), [], `a line the tool did not write:\n${run.stdout}`);
      assert.ok(!/[\r\u001b]/.test(run.stdout + run.stderr), 'a control character reached the log');
      for (const label of [forged, escape, 'docs/k\n::warning::link.md']) assert.ok(lines.some((line) => line.includes(` ${shown(label)} -> `)), `${shown(label)} is named:\n${run.stdout}`);
    }
  });

  it('a real publish sends the regular UTF-8 and UTF-16 files only; the sandbox receives nothing from behind a link', async () => {
    const run = await runCli(['publish', 'docs', ...DOCS, '--json'], { cwd: tree.repo, env: cli.env() });
    assert.equal(run.code, 1, 'the refusals fail the run');
    assertNothingLeaked(run);
    const published = fileRecords(run).filter((record) => record.status === 'published').map((record) => String(record.file)).sort();
    assert.deepEqual(published, tree.taken.filter((label) => !tree.refusedByDecoding.includes(label)));
    assert.equal(cli.sandbox.imports.length, published.length, 'one request per published file, none for a refused one');
    const sent = JSON.stringify(cli.sandbox.imports);
    assert.ok(!sent.includes(FAKE_TOKEN) && !sent.includes('PATH=') && !sent.includes(cli.token), 'something from behind a link was sent');
    assert.equal(cli.sandbox.findPageByTitle('DOCS', '123456', 'Wide')?.markdown, UTF16_TEXT, 'the UTF-16 file publishes its text');
    assert.equal(cli.sandbox.findPageByTitle('DOCS', '123456', 'With BOM')?.markdown, 'Body.\n', 'the UTF-8 byte order mark does not hide front matter');
  });

  it('refuses a named file or folder whose link leads outside the working tree, without reading it', async () => {
    const run = await runCli(['publish', 'outside-link.md', 'outside-folder', 'docs/key.md', 'broken.md', ...DOCS, '--dry-run', '--json'], { cwd: tree.repo, env: {} });
    assert.equal(run.code, 1, run.stderr);
    assertNothingLeaked(run);
    const refused = refusals(run);
    assert.deepEqual([...refused.keys()].sort(), ['broken.md', 'docs/key.md', 'outside-folder', 'outside-link.md']);
    assert.match(refused.get('outside-link.md') ?? '', /outside-link\.md is a symbolic link that leads outside the working tree/);
    assert.match(refused.get('docs/key.md') ?? '', /leads outside the working tree/);
    assert.match(refused.get('broken.md') ?? '', /leads nowhere/);
  });

  it('refuses a named file reached through a linked folder that leads outside the working tree, and sends nothing', async () => {
    const run = await runCli(['publish', 'outside-folder/notes.md', ...DOCS, '--json'], { cwd: tree.repo, env: cli.env() });
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assertNothingLeaked(run);
    assert.deepEqual([...refusals(run).keys()], ['outside-folder']);
    assert.match(refusals(run).get('outside-folder') ?? '', /outside-folder is a symbolic link that leads outside the working tree/);
    assert.equal(cli.sandbox.imports.length, 0, 'nothing was sent');
    assert.equal(cli.sandbox.findPageByTitle('DOCS', '123456', 'Outside'), undefined);
  });

  it('takes a named link to a Markdown file inside the working tree, under its own name', async () => {
    const run = await runCli(['publish', 'inside-link.md', ...DOCS, '--dry-run', '--json'], { cwd: tree.repo, env: {} });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.deepEqual(fileRecords(run).map((record) => [record.file, record.status, record.title]), [['inside-link.md', 'send', 'Alpha']]);
  });

  it('--tree on a folder named through a link inside the working tree: refused alike in a dry run and a publish (exit 2), not a tree of 0 pages', async () => {
    await symlink('docs', join(tree.repo, 'docs-tree-link'));
    for (const extra of [['--dry-run'], []]) {
      const run = await runCli(['publish', 'docs-tree-link', '--tree', ...DOCS, ...extra], { cwd: tree.repo, env: cli.env() });
      assert.equal(run.code, 2, `${extra.join(' ')}: ${run.stdout}${run.stderr}`);
      assert.match(run.stderr, /docs-tree-link is a symbolic link: wiki-publisher never walks or writes through one\. Name the folder it leads to\./);
    }
    assert.equal(cli.sandbox.imports.length, 0, 'nothing was sent');
  });
});

describe('CLI walk safety: a deep chain of folders', () => {
  const cli = useCliSandbox();

  it('a flat publish of 600 nested folders, a file in each, plans within a quarter of a gigabyte', async () => {
    let folder = 'docs';
    const files: Record<string, string> = {};
    for (let level = 0; level < 600; level++) {
      folder += '/a';
      files[`${folder}/x.md`] = `# Level ${level}\n\n[up](../x.md) [down](a/x.md)\n`;
    }
    const root = await cli.tree(files);
    // Each file held every ancestor's paths at once (600 files x 600 folders x their paths: about 1.7 GB), so a
    // pull request's chain of folders ran the run out of memory. The heap is bounded here to see that it no longer does.
    const run = await runCli(['publish', 'docs', '--space', 'DOCS', '--parent', '123456', '--dry-run', '--json'], { cwd: root, env: { ...cli.env(), NODE_OPTIONS: '--max-old-space-size=256' } });
    assert.equal(run.code, 0, run.stderr.slice(0, 2000));
    assert.equal(fileRecords(run).length, 600);
  });
});
