// A pull request can put a line feed in a file's name and in a key or a title of the folder's .wiki-pages.json. The
// tree's sections of the log (moves, renamed, undecided, retitled, orphans, left behind) quote them: each must stay
// one line, its line feed shown as \n, or the pull request writes lines that read as the tool's, and on GitHub
// workflow commands (`::error file=...::`, `::add-mask::`) that the runner obeys when the plain command runs in a
// `run:` step. Real runs against the sandbox wiki, with page access and without.
import assert from 'node:assert/strict';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runCli, useCliWorld, type CliRun } from './cliHarness';

const TO = ['--tree', '--space', 'DOCS', '--parent', '123456'];
const RENAMED = 'docs/b\n::add-mask::renamed.md';
const MOVED = 'docs/guide/a\n::error file=README.md,line=1::moved.md';
const RETITLED = 'docs/t\n::warning::retitled.md';
const ORPHAN_KEY = 'gone\n::warning::from a key.md';
const ORPHAN_TITLE = 'Gone\n::error file=docs/index.md,line=1::from a title';
const RECORDED_TITLE = 'T\n::notice::recorded title';

/** The lines of the log that a GitHub runner would read as workflow commands. */
const workflowCommands = (run: CliRun): string[] => `${run.stdout}\n${run.stderr}`.split('\n').filter((line) => line.trimStart().startsWith('::'));
const shown = (text: string): string => JSON.stringify(text).slice(1, -1);

/** The section's lines: its heading and the indented lines under it. */
const section = (run: CliRun, heading: string): string => {
  const lines = run.stdout.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`${heading}: `));
  assert.ok(start >= 0, `no "${heading}:" section:\n${run.stdout}`);
  const end = lines.findIndex((line, index) => index > start && !line.startsWith('  '));
  return lines.slice(start, end === -1 ? undefined : end).join('\n');
};

// A line feed is allowed in a file's name on Linux and macOS; not on Windows.
(process.platform === 'win32' ? describe.skip : describe)('CLI --tree: names and titles from a pull request stay on their line of the log', () => {
  const cli = useCliWorld();

  it('moves, renamed, retitled, orphans and left behind (with page access) show a line feed as \\n and forge no line', async () => {
    const root = await cli.tree({
      'docs/index.md': '# Overview\n\nHello.\n',
      'docs/b.md': '# B\n\nBee.\n',
      'docs/reference/api.md': '# API\n\nCalls.\n',
      'docs/guide/setup.md': '# Setup\n\nRun it.\n',
      [RETITLED]: '# T\n\nTea.\n',
    });
    const first = await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() });
    assert.equal(first.code, 0, `${first.stdout}\n${first.stderr}`);

    // The pull request: files renamed and moved to names with line feeds, a title changed, the record edited.
    await rename(join(root, 'docs/b.md'), join(root, RENAMED));
    await rename(join(root, 'docs/reference/api.md'), join(root, MOVED));
    await writeFile(join(root, RETITLED), '# T2\n\nTea.\n');
    const manifestPath = join(root, 'docs/.wiki-pages.json');
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as { pages: Record<string, { id: string; title?: string }> };
    manifest.pages[ORPHAN_KEY] = { id: '1000', title: ORPHAN_TITLE };
    await writeFile(manifestPath, JSON.stringify(manifest));

    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: root, env: cli.env() });
    assert.deepEqual(workflowCommands(dry), [], `a line of the log a pull request wrote:\n${dry.stdout}`);
    assert.ok(section(dry, 'moves').includes(`docs/reference/api.md -> ${shown(MOVED)}: page `), dry.stdout);
    assert.ok(section(dry, 'renamed').includes(`docs/b.md -> ${shown(RENAMED)}: page `), dry.stdout);
    assert.ok(section(dry, 'retitled').includes(`${shown(RETITLED)}: "T" -> "T2"`), dry.stdout);
    const orphans = section(dry, 'orphans');
    assert.ok(orphans.includes(`"${shown(ORPHAN_TITLE)}" (page 1000, was docs/${shown(ORPHAN_KEY)})`), orphans);
    assert.ok(orphans.includes(`remove its entry "${shown(ORPHAN_KEY)}"`), orphans);

    const run = await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() });
    assert.deepEqual(workflowCommands(run), [], `a line of the log a pull request wrote:\n${run.stdout}\n${run.stderr}`);
    assert.ok(section(run, 'left behind').includes(`, was ${shown(RETITLED)})`), run.stdout);
  });

  it('undecided and retitled (no page access: the recorded title is all there is) show a line feed as \\n and forge no line', async () => {
    const root = await cli.tree({ 'docs/guide/setup.md': '# Setup\n\nRun it.\n', 'docs/reference/api.md': '# API\n\nCalls.\n', [RETITLED]: '# T\n\nTea.\n' });
    assert.equal((await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() })).code, 0);
    const guide = cli.world.sandbox.pages().find((page) => page.title === 'Guide' && !page.deleted);
    assert.ok(guide);
    const undecided = 'docs/guide/api\n::warning::undecided.md';
    await rename(join(root, 'docs/reference/api.md'), join(root, undecided));
    await writeFile(join(root, undecided), `---\nwiki:\n  spaceId: DOCS\n  parentId: "${guide.id}"\n  pageTitle: API\n---\n# API\n\nCalls.\n`);
    await writeFile(join(root, RETITLED), '# T2\n\nTea.\n');
    const manifestPath = join(root, 'docs/.wiki-pages.json');
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as { pages: Record<string, { id: string; title?: string }> };
    const retitledEntry = manifest.pages[RETITLED.slice('docs/'.length)];
    assert.ok(retitledEntry, JSON.stringify(manifest));
    retitledEntry.title = RECORDED_TITLE;
    await writeFile(manifestPath, JSON.stringify(manifest));

    const blind = await runCli(['publish', 'docs', '--tree', '--dry-run'], { cwd: root, env: { ...cli.env(false), WIKI_PUBLISHER_BASE_URL: cli.world.sandbox.baseUrl } });
    assert.deepEqual(workflowCommands(blind), [], `a line of the log a pull request wrote:\n${blind.stdout}`);
    assert.ok(section(blind, 'undecided').includes(`docs/reference/api.md -> ${shown(undecided)}: page `), blind.stdout);
    assert.ok(section(blind, 'retitled').includes(`${shown(RETITLED)}: "${shown(RECORDED_TITLE)}" -> "T2"`), blind.stdout);
  });
});
