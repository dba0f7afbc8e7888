// The built CLI publishing a docs folder as a page tree (issue 14): --tree and --dry-run --tree, page IDs recorded
// in the folder's .wiki-pages.json for teammates and CI, links between files working on the wiki, and a re-run
// from a fresh clone (no --state) updating the same pages.
import assert from 'node:assert/strict';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileRecords, jsonLines, runCli, summaryRecord, useCliWorld } from './cliHarness';

const TREE = {
  'docs/index.md': '# Overview\n\nRead the [setup](guide/setup.md).\n',
  'docs/guide/README.md': '# Guide\n\nAll about it.\n',
  'docs/guide/setup.md': '# Setup\n\nSee [the API](../reference/api.md#tokens).\n',
  'docs/reference/api.md': '# API\n\n## Tokens\n\nUse one.\n',
};
const TO = ['--tree', '--space', 'DOCS', '--parent', '123456'];

describe('CLI --tree', () => {
  const cli = useCliWorld();
  const page = (title: string) => {
    const found = cli.world.sandbox.pages().find((candidate) => candidate.title === title && !candidate.deleted);
    assert.ok(found, `"${title}" is on the wiki`);
    return found;
  };

  it('--dry-run --tree shows the tree without sending; without page access a new tree is refused with the fix', async () => {
    const root = await cli.tree(TREE);
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /^would create docs\/index\.md -> "Overview" in DOCS under 123456/m);
    assert.match(dry.stdout, /^would create docs\/guide\/README\.md -> "Guide"/m);
    assert.match(dry.stdout, /^ {2}would create docs\/guide\/setup\.md -> "Setup"/m, 'children are indented under their folder page');
    assert.match(dry.stdout, /as a tree of 5 pages/);
    assert.equal(cli.world.sandbox.imports.length, 0);
    const json = await runCli(['publish', 'docs', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assert.deepEqual(fileRecords(json).map((record) => (record.tree as { key: string }).key), ['index.md', 'guide/', 'guide/setup.md', 'reference/', 'reference/api.md']);
    const blind = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: root, env: cli.env(false) });
    assert.equal(blind.code, 1);
    assert.match(blind.stdout, /A tree needs each page's ID/);
  });

  it('--tree publishes folders as pages, links as page links, records IDs; a fresh clone re-run updates the same pages', async () => {
    const root = await cli.tree(TREE);
    const first = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(first.code, 0, `${first.stdout}\n${first.stderr}`);
    assert.equal(page('Setup').parentId, page('Guide').id);
    assert.equal(page('Reference').parentId, '123456');
    assert.match(page('Setup').markdown, new RegExp(`\\]\\(${cli.world.sandbox.baseUrl.replace(/[.[\]]/g, '\\$&')}/wiki/spaces/DOCS/pages/${page('API').id}/[^)#]*#Tokens\\)`));
    assert.ok((summaryRecord(first).secondPass as number) >= 1, 'a link to a page created later in the run needed a second pass');
    const manifest = JSON.parse(await readFile(join(root, 'docs', '.wiki-pages.json'), 'utf8')) as { pages: Record<string, { id: string }> };
    assert.deepEqual(Object.keys(manifest.pages), ['guide/', 'guide/setup.md', 'index.md', 'reference/', 'reference/api.md']);
    assert.equal(manifest.pages['guide/']?.id, page('Guide').id);

    // A teammate's clone: the manifest, no --state. The pages are updated in place, not "already exists".
    const count = cli.world.sandbox.pages().length;
    const again = await runCli(['publish', 'docs', '--tree', '--json'], { cwd: root, env: cli.env() });
    assert.equal(again.code, 0, `${again.stdout}\n${again.stderr}`);
    assert.equal(cli.world.sandbox.pages().length, count, 'no new pages');
    assert.ok(jsonLines(again).filter((record) => record.type === 'file').every((record) => record.status === 'published'));
  });

  it('Mermaid fences: code with a caution by default, images from the organisation\'s renderer with --diagrams', async () => {
    const root = await cli.tree({ 'docs/flow.md': '# Flow\n\n```mermaid\ngraph TD; A-->B\n```\n' });
    const plain = await runCli(['publish', 'docs/flow.md', '--space', 'DOCS', '--parent', '123456', '--dry-run'], { cwd: root, env: cli.env(false) });
    assert.match(plain.stdout, /\[caution: 1 Mermaid diagram will show as code, not pictures/);
    const drawn = await runCli(['publish', 'docs/flow.md', '--space', 'DOCS', '--parent', '123456', '--diagrams', 'http://127.0.0.1:9/kroki'], { cwd: root, env: cli.env(false) });
    assert.equal(drawn.code, 0, drawn.stderr);
    const sent = page('Flow').markdown;
    assert.match(sent, /^!\[Diagram 1\]\(http:\/\/127\.0\.0\.1:9\/kroki\/mermaid\/png\/[A-Za-z0-9_-]+\)$/m);
    assert.doesNotMatch(sent, /```mermaid/);
    const refused = await runCli(['publish', 'docs/flow.md', '--space', 'DOCS', '--parent', '123456', '--dry-run', '--diagrams', 'http://diagrams.example.invalid'], { cwd: root, env: cli.env(false) });
    assert.equal(refused.code, 1, 'diagram source never goes to a plain-http host');
  });

  it('with --state, a re-run of an unchanged tree sends nothing, a generated folder page included', async () => {
    const root = await cli.tree({ 'docs/guide/setup.md': '# Setup\n\nSee [install](install.md).\n', 'docs/guide/install.md': '# Install\n\nRun it.\n' });
    const state = ['--state', '.wiki-state.json'];
    const first = await runCli(['publish', 'docs', ...TO, ...state, '--json'], { cwd: root, env: cli.env() });
    assert.equal(first.code, 0, `${first.stdout}\n${first.stderr}`);
    assert.match(page('Guide').markdown, /Install/, 'the folder page is generated: it lists its children');
    const imports = cli.world.sandbox.imports.length;
    const again = await runCli(['publish', 'docs', '--tree', ...state, '--json'], { cwd: root, env: cli.env() });
    assert.equal(again.code, 0, `${again.stdout}\n${again.stderr}`);
    assert.deepEqual(fileRecords(again).map((record) => [(record.tree as { key: string }).key, record.status]), [
      ['guide/', 'skipped'], ['guide/install.md', 'skipped'], ['guide/setup.md', 'skipped'],
    ]);
    assert.equal(cli.world.sandbox.imports.length, imports, 'no request to the import service');
  });

  it('says what moved and what is orphaned; the old pages stay', async () => {
    const root = await cli.tree(TREE);
    assert.equal((await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() })).code, 0);
    await rm(join(root, 'docs', 'reference'), { recursive: true });
    const text = await runCli(['publish', 'docs', '--tree', '--dry-run'], { cwd: root, env: cli.env() });
    assert.match(text.stdout, /orphans: 2 - pages no file maps to any more/);
    assert.match(text.stdout, /"API" \(page \d+, was docs\/reference\/api\.md\)/);
  });
});
