// Issue 82: the wiki is the truth. Whether a page is unchanged, this tool's own, or edited by a colleague is decided
// from what the wiki holds (each page's version and the marker of its publish notice), never from what one machine
// remembers, nor from who the import token acts as. Run as CI runs it: a fresh runner with no --state, an import token
// whose `sub` is not the account the wiki records as the pages' author (the sandbox's app account), and no
// WIKI_PUBLISHER_ACCOUNT_ID.
import assert from 'node:assert/strict';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { IMPORT_APP_ACCOUNT } from '../sandbox/server';
import { WIKI_EDITOR } from '../sandbox/sandboxWiki';
import { fileRecords, runCli, summaryRecord, useCliWorld, type CliRun } from './cliHarness';

const TREE = {
  'docs/index.md': '# Overview\n\nStart with the [guide](guide/setup.md).\n',
  'docs/guide/README.md': '# Guide\n\nAll about it.\n',
  'docs/guide/setup.md': '# Setup\n\nInstall it.\n\nSee the [API](../reference/api.md).\n',
  'docs/reference/api.md': '# API\n\n## Tokens\n\nUse one.\n',
  'docs/reference/limits.md': '# Limits\n\nThere are some.\n',
};
const TO = ['--tree', '--space', 'DOCS', '--parent', '123456', '--overwrite'];

describe('CLI: the wiki is the truth (a fresh runner, no --state, an import account that is not the token\'s)', () => {
  const cli = useCliWorld();

  beforeEach(() => cli.world.sandbox.setImportAuthor('app'));

  const statusOf = (run: CliRun, file: string): unknown => fileRecords(run).find((record) => record.file === file)?.status;
  const page = (title: string): ReturnType<typeof cli.livePage> => cli.livePage(title);

  async function publishedOnce(): Promise<string> {
    const root = await cli.tree(TREE);
    const first = await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() });
    assert.equal(first.code, 0, `${first.stdout}\n${first.stderr}`);
    // The wiki names the app account, not the token's user, as every page's author.
    assert.ok(cli.world.sandbox.pages().filter((each) => each.title === 'Setup').every((each) => each.authorId === IMPORT_APP_ACCOUNT));
    return root;
  }

  it('an unchanged tree on a fresh runner sends no import, flags nothing and exits 0', async () => {
    const root = await publishedOnce();
    const imports = cli.world.sandbox.imports.length;
    const requests = cli.world.sandbox.pageRouteRequests;
    const run = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assert.equal(cli.world.sandbox.imports.length, imports, 'no import');
    // The recorded pages and the chosen parent in one list request (the parent not asked again, not even for the
    // records' names of parents), the space in one.
    assert.equal(cli.world.sandbox.pageRouteRequests - requests, 2, 'two requests to the wiki');
    assert.deepEqual([...new Set(fileRecords(run).map((record) => record.status))], ['skipped']);
    assert.equal(summaryRecord(run).edited, 0);
    // The plan job says the same: nothing to send, nothing edited.
    const plan = await runCli(['publish', 'docs', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assert.equal(plan.code, 0, plan.stderr);
    assert.deepEqual([...new Set(fileRecords(plan).map((record) => record.status))], ['unchanged']);
  });

  it('one file changed and one page edited by a colleague: the plan lists exactly those two, the publish updates the one and holds the other, named with who and when', async () => {
    const root = await publishedOnce();
    await writeFile(join(root, 'docs/reference/limits.md'), '# Limits\n\nThere are some, and more.\n');
    const api = page('API');
    const edited = cli.world.sandbox.editLineOnWiki(api.id);
    const plan = await runCli(['publish', 'docs', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assert.equal(plan.code, 1, `${plan.stdout}\n${plan.stderr}`);
    const listed = fileRecords(plan).filter((record) => record.status !== 'unchanged').map((record) => [record.file, record.status, record.action ?? null]);
    assert.deepEqual(listed, [['docs/reference/api.md', 'edited', null], ['docs/reference/limits.md', 'send', 'update']]);
    const held = fileRecords(plan).find((record) => record.file === 'docs/reference/api.md');
    assert.deepEqual(held?.wikiEdits, {
      checked: true, verdict: 'edited', version: edited.version, editedBy: WIKI_EDITOR, editedAt: edited.versionCreatedAt, publishedVersion: api.version,
    });
    const digest = (summaryRecord(plan).plan as { digest: string }).digest;

    // The Action's flow: the reviewed plan, published as reviewed.
    const imports = cli.world.sandbox.imports.length;
    const run = await runCli(['publish', 'docs', ...TO, '--expect-plan', digest, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
    const sent = cli.world.sandbox.imports.slice(imports).map((request) => (request.body as { pageTitle?: string }).pageTitle);
    assert.deepEqual(sent, ['Limits'], 'only the changed file is sent');
    assert.equal(statusOf(run, 'docs/reference/api.md'), 'edited');
    assert.match(page('API').markdown, /edited on the wiki/, 'the colleague\'s edit stays');
    const text = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: root, env: cli.env() });
    assert.match(text.stdout, new RegExp(`WOULD LEAVE OUT docs/reference/api\\.md .*edited on the wiki since its last publish \\(version ${api.version}\\): version ${edited.version} by ${WIKI_EDITOR} at ${edited.versionCreatedAt.replace(/[.]/g, '\\.')}`));
  });

  it('a tree published from a checkout with CRLF line endings (Windows) is unchanged on a runner whose checkout has LF, and back', async () => {
    const crlf = Object.fromEntries(Object.entries(TREE).map(([path, text]) => [path, text.replace(/\n/g, '\r\n')]));
    const root = await cli.tree(crlf);
    const first = await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() });
    assert.equal(first.code, 0, `${first.stdout}\n${first.stderr}`);
    const imports = cli.world.sandbox.imports.length;
    for (const [path, text] of Object.entries(TREE)) await writeFile(join(root, path), text);
    const lf = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(lf.code, 0, lf.stderr);
    assert.deepEqual([...new Set(fileRecords(lf).map((record) => record.status))], ['skipped'], lf.stdout);
    for (const [path, text] of Object.entries(crlf)) await writeFile(join(root, path), text);
    const back = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.deepEqual([...new Set(fileRecords(back).map((record) => record.status))], ['skipped'], back.stdout);
    assert.equal(cli.world.sandbox.imports.length, imports, 'no import');
  });

  it('a --state file one run behind (a cache saved before the last publish) is no false alarm: checked against the wiki, nothing is sent or held', async () => {
    const root = await cli.tree(TREE);
    const state = ['--state', '.wiki-state.json'];
    assert.equal((await runCli(['publish', 'docs', ...TO, ...state], { cwd: root, env: cli.env() })).code, 0);
    await copyFile(join(root, '.wiki-state.json'), join(root, 'behind.json'));
    await writeFile(join(root, 'docs/guide/setup.md'), '# Setup\n\nInstall it, then configure it.\n\nSee the [API](../reference/api.md).\n');
    assert.equal((await runCli(['publish', 'docs', ...TO, ...state], { cwd: root, env: cli.env() })).code, 0);
    const imports = cli.world.sandbox.imports.length;
    const run = await runCli(['publish', 'docs', ...TO, '--state', 'behind.json', '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assert.equal(cli.world.sandbox.imports.length, imports, 'nothing sent');
    assert.equal(summaryRecord(run).edited, 0, 'nothing called edited');
    // A state file from another branch (a page it records as something else) is no better than none, and no worse.
    await writeFile(join(root, 'other.json'), (await readFile(join(root, 'behind.json'), 'utf8')).replace(/"contentSha256":"[0-9a-f]+"/g, '"contentSha256":"00"'));
    const other = await runCli(['publish', 'docs', ...TO, '--state', 'other.json', '--json'], { cwd: root, env: cli.env() });
    assert.equal(other.code, 0, `${other.stdout}\n${other.stderr}`);
    assert.equal(cli.world.sandbox.imports.length, imports, 'still nothing sent');
  });

  it('a file published on its own from a fresh clone of the repository sends nothing when its page holds it, and updates it once it changes', async () => {
    const root = await publishedOnce();
    const imports = cli.world.sandbox.imports.length;
    const same = await runCli(['publish', 'docs/guide/setup.md', '--overwrite', '--json'], { cwd: root, env: cli.env() });
    assert.equal(same.code, 0, `${same.stdout}\n${same.stderr}`);
    assert.equal(statusOf(same, 'docs/guide/setup.md'), 'skipped');
    assert.equal(cli.world.sandbox.imports.length, imports);
    await writeFile(join(root, 'docs/guide/setup.md'), '# Setup\n\nInstall it now.\n\nSee the [API](../reference/api.md).\n');
    const changed = await runCli(['publish', 'docs/guide/setup.md', '--overwrite', '--json'], { cwd: root, env: cli.env() });
    assert.equal(changed.code, 0, `${changed.stdout}\n${changed.stderr}`);
    assert.equal(statusOf(changed, 'docs/guide/setup.md'), 'published');
    assert.equal(cli.world.sandbox.imports.length, imports + 1);
  });

  it('every page carries the notice, linking to the file where CI builds it; with --no-notice a fresh runner cannot tell and says so', async () => {
    const root = await cli.tree(TREE);
    const ci = { GITHUB_SERVER_URL: 'https://github.example', GITHUB_REPOSITORY: 'acme/docs', GITHUB_SHA: 'abc123' };
    assert.equal((await runCli(['publish', 'docs', ...TO], { cwd: root, env: { ...cli.env(), ...ci } })).code, 0);
    assert.match(page('Setup').imported, /\n---\n\n\*Published from \[docs\\\/guide\\\/setup\\\.md\]\(<https:\/\/github\.example\/acme\/docs\/blob\/abc123\/docs\/guide\/setup\.md#wiki-publisher\.v1\.[0-9a-f]{20}\.[0-9a-f]{8}>\) with Wiki Publisher\. Edit the file in its repository rather than this page\.\*\n$/);

    const bare = await cli.tree(TREE);
    const elsewhere = ['--tree', '--space', 'DOCS', '--parent', cli.world.sandbox.createPageOnWiki('DOCS', '123456', 'Without notices', '# Without notices\n').id, '--no-notice'];
    assert.equal((await runCli(['publish', 'docs', ...elsewhere], { cwd: bare, env: cli.env() })).code, 0);
    const again = await runCli(['publish', 'docs', ...elsewhere, '--json'], { cwd: bare, env: cli.env() });
    assert.equal(again.code, 1, `${again.stdout}\n${again.stderr}`);
    const held = fileRecords(again).find((record) => record.file === 'docs/guide/setup.md');
    assert.equal(held?.status, 'edited');
    assert.equal((held?.wikiEdits as { noNotice?: boolean } | undefined)?.noNotice, true);
    assert.match(String(held?.message), /carries no publish notice/);
  });
});
