// The commands `npm run demo` prints work as printed, against a running sandbox: the token command prints a token the
// import endpoint accepts, the command line set up by the printed lines publishes, and plans the demo's docs folder as
// a page tree, the printed colleague's edit changes one line of the page on the wiki, in a new version, and the
// printed read command prints the page as the wiki holds it.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { demoInstructions } from '../e2e/demoInstructions';
import { readSampleDocs } from '../e2e/support/sampleDocs';
import { addCliServiceAccount, freshTokenCommand, readPageCommand, type CliServiceAccount } from '../sandbox/tryItCommands';
import { startSandboxWorld, type SandboxWorld } from '../sandbox/world';
import { assertBuilt, CLI_PATH } from './cliHarness';

const REPO_ROOT = join(CLI_PATH, '..', '..');

/** Runs shell lines with bash in the repository's folder, as a person pastes them; the sandbox answers meanwhile. */
function runInShell(lines: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-euc', lines.join('\n')], { cwd: REPO_ROOT, env: { PATH: process.env.PATH ?? '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The printed lines, without their indentation. */
function printed(lines: readonly string[], starts: string): string[] {
  return lines.map((line) => line.trim()).filter((line) => line.startsWith(starts));
}

describe('The demo\'s printed commands, run against a sandbox', function () {
  this.timeout(60_000);
  let world: SandboxWorld;
  let account: CliServiceAccount;
  let workspaceDir: string;
  let lines: string[];

  before(async () => {
    assertBuilt();
    world = await startSandboxWorld();
    account = addCliServiceAccount(world);
    workspaceDir = await mkdtemp(join(tmpdir(), 'demo-commands-'));
    await writeFile(join(workspaceDir, 'runbook.md'), '# Runbook\n\nRestart the service.\n');
    lines = demoInstructions({ world, cliAccount: account, codeServerOrigin: 'http://127.0.0.1:1', workspaceDir, root: workspaceDir });
  });

  after(async () => {
    await world.close();
    await rm(workspaceDir, { recursive: true, force: true });
  });

  it('the token command prints a fresh token that the import endpoint accepts', async () => {
    const [command] = printed(lines, 'export WIKI_PUBLISHER_API_TOKEN=');
    assert.ok(command?.includes(freshTokenCommand(world.sandbox.controlUrl)), 'the printed lines get the token from the token command');
    const run = await runInShell([freshTokenCommand(world.sandbox.controlUrl)]);
    assert.equal(run.code, 0, run.stderr);
    const token = run.stdout.trim();
    assert.match(token, /^[\w-]+\.[\w-]+\.[\w-]+$/, 'a JWT and nothing else');
    const answer = await fetch(world.sandbox.importEndpoint, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ spaceId: 'DOCS', parentId: '123456', pageTitle: 'Token check', content: 'Text.' }),
    });
    assert.equal(answer.status, 201);
  });

  it('the printed command-line set-up publishes the workspace (the dry run as printed, then for real)', async () => {
    const setUp = printed(lines, 'export ');
    const [publish] = printed(lines, 'node dist/cli.js publish');
    assert.ok(publish !== undefined && publish.endsWith('--dry-run'), publish);
    const dryRun = await runInShell([...setUp, publish]);
    assert.equal(dryRun.code, 0, dryRun.stderr);
    assert.match(dryRun.stdout, /runbook\.md/);
    assert.equal(world.sandbox.findPageByTitle('DOCS', '123456', 'Runbook'), undefined, 'a dry run sends nothing');

    const real = await runInShell([...setUp, publish.replace(/ --dry-run$/, '')]);
    assert.equal(real.code, 0, real.stderr);
    assert.ok(world.sandbox.findPageByTitle('DOCS', '123456', 'Runbook'), 'the page is on the sandbox wiki');
  });

  it('the printed colleague\'s edit changes one line of a page on the wiki, in a new version, keeping the rest', async () => {
    const token = (await runInShell([freshTokenCommand(world.sandbox.controlUrl)])).stdout.trim();
    const answer = await fetch(world.sandbox.importEndpoint, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ spaceId: 'DOCS', parentId: '123456', pageTitle: 'Edited page', content: '# Edited page\n\nFirst line.\nSecond line.\n\nMore.\n' }),
    });
    assert.equal(answer.status, 201);
    const page = world.sandbox.findPageByTitle('DOCS', '123456', 'Edited page');
    assert.ok(page);
    const [edit] = printed(lines, 'curl -s -X POST').filter((line) => line.includes('/edit'));
    assert.ok(edit !== undefined && edit.includes('<page id>'), edit);
    const run = await runInShell([edit.replace('<page id>', page.id)]);
    assert.equal(run.code, 0, run.stderr);
    const edited = world.sandbox.findPageByTitle('DOCS', '123456', 'Edited page');
    assert.deepEqual([edited?.version, edited?.authorId], [page.version + 1, 'wiki-editor']);
    assert.equal(edited?.markdown, '# Edited page\n\nFirst line. (edited on the wiki)\nSecond line.\n\nMore.\n');

    // The printed read command shows the page as the wiki holds it now: that version, by the colleague, with the line.
    const [read] = printed(lines, readPageCommand(world.sandbox.controlUrl));
    assert.ok(read !== undefined && read.includes('<page id>'), lines.join('\n'));
    const shown = await runInShell([read.replace('<page id>', page.id)]);
    assert.equal(shown.code, 0, shown.stderr);
    const held = JSON.parse(shown.stdout) as { title?: string; version?: number; authorId?: string; markdown?: string };
    assert.deepEqual([held.title, held.version, held.authorId, held.markdown], ['Edited page', page.version + 1, 'wiki-editor', edited?.markdown]);
  });

  it('the printed switch makes the sandbox refuse a title used elsewhere in the space, as the platform long did', async () => {
    const [unique] = printed(lines, 'curl -s -X POST').filter((line) => line.includes('/uniqueTitles'));
    assert.ok(unique !== undefined, lines.join('\n'));
    const run = await runInShell([unique]);
    assert.equal(run.code, 0, run.stderr);
    const token = (await runInShell([freshTokenCommand(world.sandbox.controlUrl)])).stdout.trim();
    const parent = world.sandbox.findPageByTitle('DOCS', '123456', 'Token check');
    assert.ok(parent);
    const answer = await fetch(world.sandbox.importEndpoint, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ spaceId: 'DOCS', parentId: parent.id, pageTitle: 'runbook', content: 'Text.' }),
    });
    assert.equal(answer.status, 400);
    assert.match(((await answer.json()) as { body: string }).body, /already exists in the space "DOCS"/);
    world.sandbox.setUniqueTitlesInSpace(false);
  });

  it('the printed tree plan shows the demo\'s docs folder as a page tree, its links reaching the tree\'s pages', async () => {
    for (const [path, text] of Object.entries(readSampleDocs()).filter(([path]) => path.startsWith('docs/'))) {
      await mkdir(dirname(join(workspaceDir, path)), { recursive: true });
      await writeFile(join(workspaceDir, path), text);
    }
    const [plan] = printed(lines, 'node dist/cli.js plan');
    assert.ok(plan !== undefined && plan.includes(`${workspaceDir}/docs --tree`), lines.join('\n'));
    const run = await runInShell([...printed(lines, 'export '), plan]);
    assert.equal(run.code, 0, `${run.stdout}${run.stderr}`);
    for (const title of ['Orders service', 'Set up a development machine', 'Deploy to staging', 'The Orders API']) assert.ok(run.stdout.includes(title), `${title}: ${run.stdout}`);
    assert.doesNotMatch(run.stdout, /stay as written/, 'every link between the files reaches a page of the tree');
  });
});
