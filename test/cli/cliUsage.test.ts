// Exit code 2 (usage and configuration: nothing sent, a one-line reason and a hint) and --dry-run (no token,
// nothing sent, exit 1 only when a file would be refused).
import assert from 'node:assert/strict';
import { fileRecords, runCli, summaryRecord, useCliSandbox } from './cliHarness';

const DOCS = ['--space', 'DOCS', '--parent', '123456'];

describe('CLI usage and configuration errors', () => {
  const cli = useCliSandbox();

  interface Case { name: string; args: string[]; env?: (cli: ReturnType<typeof useCliSandbox>) => Record<string, string>; reason: RegExp }
  const cases: Case[] = [
    { name: 'no command', args: [], reason: /No command given\./ },
    { name: 'an unknown command', args: ['push', 'a.md'], reason: /Unknown command "push"/ },
    { name: 'no file named', args: ['publish'], reason: /Name at least one Markdown file or folder/ },
    { name: 'an unknown flag', args: ['publish', 'a.md', '--colour'], reason: /Unknown option '--colour'/ },
    { name: 'a token flag (whose value is never echoed)', args: ['publish', 'a.md', '--token', 'eyJhbGciOiJub25lIn0.eyJleHAiOjF9.c2ln'], reason: /read only from the WIKI_PUBLISHER_API_TOKEN environment variable/ },
    { name: '--concurrency 0', args: ['publish', 'a.md', '--concurrency', '0'], reason: /--concurrency must be a whole number from 1 to 16/ },
    { name: '--concurrency 17', args: ['publish', 'a.md', '--concurrency', '17'], reason: /--concurrency must be a whole number from 1 to 16/ },
    { name: 'a parent that is not a page ID', args: ['publish', 'a.md', '--parent', 'Home'], reason: /--parent must be a page ID made of digits only/ },
    { name: 'no endpoint', args: ['publish', 'a.md'], env: (c) => ({ WIKI_PUBLISHER_API_TOKEN: c.token }), reason: /No import endpoint: pass --endpoint URL or set WIKI_PUBLISHER_ENDPOINT\./ },
    { name: 'an http endpoint that is not loopback', args: ['publish', 'a.md', '--endpoint', 'http://wiki.example.com/import'], reason: /--endpoint must use https:\/\// },
    { name: 'no token', args: ['publish', 'a.md'], env: (c) => ({ WIKI_PUBLISHER_ENDPOINT: c.sandbox.importEndpoint }), reason: /No API token\. Set WIKI_PUBLISHER_API_TOKEN/ },
    { name: 'a token that is not a JWT', args: ['publish', 'a.md'], env: (c) => c.env({ WIKI_PUBLISHER_API_TOKEN: 'not-a-jwt-at-all' }), reason: /WIKI_PUBLISHER_API_TOKEN is refused\. This is not an API token/ },
    { name: 'an expired token', args: ['publish', 'a.md'], env: (c) => c.env({ WIKI_PUBLISHER_API_TOKEN: c.sandbox.issueToken({ label: 'old', issuedAt: Date.now() - 10 * 86_400_000, expiresAt: Date.now() - 86_400_000 }).token }), reason: /expired on/ },
    { name: 'a path that does not exist', args: ['publish', 'missing.md'], reason: /No such file or folder: missing\.md\./ },
    { name: 'a file that is not Markdown', args: ['publish', 'notes.txt'], reason: /notes\.txt is not a Markdown file/ },
    { name: 'a folder without Markdown', args: ['publish', 'empty'], reason: /No Markdown files found in empty\./ },
    { name: 'a state file that is not one', args: ['publish', 'a.md', '--state', 'notes.txt'], reason: /The state file notes\.txt is not a wiki-publisher state file/ },
  ];

  for (const { name, args, env, reason } of cases) {
    it(`exits 2 with a one-line reason and a hint, sending nothing: ${name}`, async () => {
      const root = await cli.tree({ 'a.md': '# A\n', 'notes.txt': 'plain text\n', 'empty/.keep': '', 'empty/node_modules/x.md': '# X\n' });
      const run = await runCli(args[0] === 'publish' ? [...DOCS, ...args] : args, { cwd: root, env: env ? env(cli) : cli.env() });
      assert.equal(run.code, 2, `${run.stdout}${run.stderr}`);
      assert.equal(run.stdout, '');
      const lines = run.stderr.trimEnd().split('\n');
      assert.equal(lines.length, 1, run.stderr);
      assert.match(lines[0] ?? '', /^wiki-publisher: /);
      assert.match(lines[0] ?? '', reason);
      assert.match(lines[0] ?? '', /\(see wiki-publisher --help\)$/);
      assert.ok(!run.stderr.includes('eyJleHAiOjF9'), 'the value after --token is not echoed');
      assert.equal(cli.sandbox.imports.length, 0);
    });
  }
});

describe('CLI --dry-run', () => {
  const cli = useCliSandbox();

  it('needs no token, sends nothing, prints each file\'s target and findings, and exits 1 when a file would be refused', async () => {
    const root = await cli.tree({
      'guide.md': '# Guide\n\n![diagram](diagram.png)\n',
      'empty.md': '---\ntitle: Empty\n---\n',
      'same-a.md': '# Same\n',
      'same-b.md': '# Same\n',
    });
    const run = await runCli(['publish', '.', ...DOCS, '--dry-run', '--json'], { cwd: root, env: {} });
    assert.equal(run.code, 1, run.stderr);
    assert.equal(cli.sandbox.imports.length, 0);
    const byFile = new Map(fileRecords(run).map((record) => [record.file, record]));
    assert.deepEqual(byFile.get('guide.md'), {
      type: 'plan', file: 'guide.md', status: 'send', action: 'create', title: 'Guide', spaceId: 'DOCS', parentId: '123456', overwrite: false,
      refusals: [], cautions: ['1 local image (diagram.png) will not show on the wiki: it takes only images at public URLs.'],
    });
    assert.equal(byFile.get('empty.md')?.status, 'refused');
    assert.match(String((byFile.get('empty.md')?.refusals as string[])[0]), /nothing to publish/);
    assert.equal(byFile.get('same-a.md')?.status, 'refused');
    assert.match(String((byFile.get('same-a.md')?.refusals as string[])[0]), /same page as same-b\.md/);
    assert.equal(summaryRecord(run).exitCode, 1);
  });

  it('exits 0 when every file could be sent, and says "would create or update" with --overwrite', async () => {
    const root = await cli.tree({ 'a.md': '# A\n', 'b.md': '# B\n' });
    const run = await runCli(['publish', '.', ...DOCS, '--overwrite', '--dry-run'], { cwd: root, env: {} });
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(run.stdout.trimEnd().split('\n'), [
      'would create or update a.md -> "A" in DOCS under 123456',
      'would create or update b.md -> "B" in DOCS under 123456',
      'Dry run, nothing sent: 2 to send (0 of them to the page the file published before), 0 unchanged, 0 would be refused',
    ]);
    assert.equal(cli.sandbox.imports.length, 0);
  });
});
