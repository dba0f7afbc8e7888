// Exit code 2 (usage and configuration: nothing sent, a one-line reason and a hint) and --dry-run (no token,
// nothing sent, exit 1 only when a file would be refused).
import assert from 'node:assert/strict';
import { parseCommandLine, type PublishArgs } from '../../src/cli/args';
import { EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, EXIT_PLAN_CHANGED, EXIT_TERMINATED, EXIT_USAGE } from '../../src/cli/exitCodes';
import { fileRecords, runCli, summaryRecord, useCliSandbox } from './cliHarness';

const DOCS = ['--space', 'DOCS', '--parent', '123456'];

describe('CLI usage and configuration errors', () => {
  const cli = useCliSandbox();

  interface Case { name: string; args: string[]; env?: (cli: ReturnType<typeof useCliSandbox>) => Record<string, string>; reason: RegExp }
  const cases: Case[] = [
    { name: 'no command', args: [], reason: /No command given\./ },
    { name: 'an unknown command', args: ['push', 'a.md'], reason: /Unknown command "push"/ },
    { name: 'no file named', args: ['publish'], reason: /Name at least one Markdown file or folder/ },
    { name: 'an unknown flag', args: ['publish', 'a.md', '--colour'], reason: /Unknown option '--colour'(?!.*Did you mean)/ },
    { name: 'a mistyped --space', args: ['publish', 'a.md', '--spcae', 'DOCS'], reason: /Unknown option '--spcae'\. Did you mean --space\?/ },
    { name: 'a mistyped --dry-run', args: ['publish', 'a.md', '--dry-rn'], reason: /Unknown option '--dry-rn'\. Did you mean --dry-run\?/ },
    { name: 'a mistyped --overwrite', args: ['publish', 'a.md', '--overwirte'], reason: /Unknown option '--overwirte'\. Did you mean --overwrite\?/ },
    { name: 'a client secret flag (whose value is never echoed)', args: ['publish', 'a.md', '--client-secret', 'eyJhbGciOiJub25lIn0.eyJleHAiOjF9.c2ln'], reason: /client secret is read only from the WIKI_PUBLISHER_CLIENT_SECRET environment variable/ },
    { name: 'a platform token flag (whose value is never echoed)', args: ['publish', 'a.md', '--platform-token=eyJhbGciOiJub25lIn0.eyJleHAiOjF9.c2ln'], reason: /platform token is read only from the WIKI_PUBLISHER_PLATFORM_TOKEN environment variable/ },
    { name: 'a token flag (whose value is never echoed)', args: ['publish', 'a.md', '--token', 'eyJhbGciOiJub25lIn0.eyJleHAiOjF9.c2ln'], reason: /read only from the WIKI_PUBLISHER_API_TOKEN environment variable/ },
    { name: '--concurrency 0', args: ['publish', 'a.md', '--concurrency', '0'], reason: /--concurrency must be a whole number from 1 to 16/ },
    { name: '--concurrency 17', args: ['publish', 'a.md', '--concurrency', '17'], reason: /--concurrency must be a whole number from 1 to 16/ },
    { name: 'a parent that is not a page ID', args: ['plan', 'a.md', '--space', 'DOCS', '--parent', 'Home'], reason: /--parent must be a page ID made of digits only/ },
    { name: 'no endpoint', args: ['publish', 'a.md'], env: (c) => ({ WIKI_PUBLISHER_API_TOKEN: c.token }), reason: /No import endpoint: pass --endpoint URL or set WIKI_PUBLISHER_ENDPOINT\./ },
    { name: 'an http endpoint that is not loopback', args: ['publish', 'a.md', '--endpoint', 'http://wiki.example.com/import'], reason: /--endpoint must use https:\/\// },
    { name: 'no token', args: ['publish', 'a.md'], env: (c) => ({ WIKI_PUBLISHER_ENDPOINT: c.sandbox.importEndpoint }), reason: /No API token\. Set WIKI_PUBLISHER_API_TOKEN/ },
    { name: 'a token that is not a JWT', args: ['publish', 'a.md'], env: (c) => c.env({ WIKI_PUBLISHER_API_TOKEN: 'not-a-jwt-at-all' }), reason: /WIKI_PUBLISHER_API_TOKEN is refused\. This is not an API token: it should be three parts/ },
    { name: 'an expired token', args: ['publish', 'a.md'], env: (c) => c.env({ WIKI_PUBLISHER_API_TOKEN: c.sandbox.issueToken({ label: 'old', issuedAt: Date.now() - 10 * 86_400_000, expiresAt: Date.now() - 86_400_000 }).token }), reason: /expired on/ },
    { name: 'a path that does not exist', args: ['publish', 'missing.md'], reason: /No such file or folder: missing\.md\./ },
    { name: 'a file that is not Markdown', args: ['publish', 'notes.txt'], reason: /notes\.txt is not a Markdown file/ },
    { name: 'a folder without Markdown', args: ['publish', 'empty'], reason: /No Markdown files found in empty\./ },
    { name: '--tree naming a file', args: ['publish', 'a.md', '--tree', ...DOCS], reason: /--tree publishes a folder as a page tree, and a\.md is a file: name its folder, or publish the file without --tree\./ },
    { name: 'a flag given twice with two values', args: ['publish', 'a.md', '--space', 'OTHER'], reason: /--space is given twice, as "DOCS" and as "OTHER": give it once\./ },
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

describe('parsing the command line', () => {
  const publishArgs = (argv: string[]): PublishArgs => {
    const parsed = parseCommandLine(['publish', 'a.md', ...argv]);
    assert.ok(parsed.ok && parsed.command.kind === 'publish', JSON.stringify(parsed));
    return parsed.command.args;
  };
  const refusal = (argv: string[]): string => {
    const parsed = parseCommandLine(['publish', 'a.md', ...argv]);
    assert.ok(!parsed.ok, JSON.stringify(parsed));
    return parsed.message;
  };

  it('--help names every exit code a run can end with, SIGTERM\'s (a cancelled CI job) too', async () => {
    const help = await runCli(['--help'], { cwd: process.cwd() });
    assert.equal(help.code, 0);
    const said = help.stdout.slice(help.stdout.indexOf('Exit codes:')).replace(/\s+/g, ' ');
    for (const code of [EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_PLAN_CHANGED, EXIT_INTERRUPTED, EXIT_TERMINATED]) {
      assert.match(said, new RegExp(`[:;] ${code} `), `exit code ${code} in: ${said}`);
    }
    assert.match(said, /143 stopped by SIGTERM/);
  });

  it('reads --retarget, --overwrite-edited, --auth-url and --base-url', () => {
    assert.deepEqual(
      (({ retarget, overwriteEdited, authUrl, baseUrl }) => ({ retarget, overwriteEdited, authUrl, baseUrl }))(
        publishArgs(['--retarget', '--overwrite-edited', '--auth-url', 'https://id.example.com', '--base-url=https://wiki.example.com']),
      ),
      { retarget: true, overwriteEdited: true, authUrl: 'https://id.example.com', baseUrl: 'https://wiki.example.com' },
    );
    const plain = publishArgs([]);
    assert.deepEqual([plain.retarget, plain.overwriteEdited, plain.authUrl, plain.baseUrl], [false, false, undefined, undefined]);
  });

  it('reads --sibling-order with --tree (links by default, or name) and refuses another order or one without --tree', () => {
    assert.equal(publishArgs(['--tree']).siblingOrder, 'links');
    assert.equal(publishArgs(['--tree', '--sibling-order', 'Name']).siblingOrder, 'name');
    assert.match(refusal(['--tree', '--sibling-order', 'date']), /^--sibling-order must be "links" .* or "name"/);
    assert.match(refusal(['--sibling-order', 'name']), /--sibling-order goes with --tree/);
  });

  it('takes a flag given twice with one value, as given once', () => {
    assert.equal(publishArgs(['--space', 'DOCS', '--space=DOCS']).spaceId, 'DOCS');
    assert.match(refusal(['--state', 'a.json', '--state', 'b.json']), /^--state is given twice, as "a\.json" and as "b\.json": give it once\.$/);
  });

  it('refuses an empty --auth-url or --base-url', () => {
    assert.match(refusal(['--auth-url', ' ']), /--auth-url must be a URL/);
    assert.match(refusal(['--base-url=']), /--base-url must be a URL/);
  });

  it('suggests the option meant only for a close match', () => {
    assert.equal(refusal(['--spcae', 'DOCS']).split('\n').length, 1);
    assert.match(refusal(['--Space', 'DOCS']), /Did you mean --space\?/);
    assert.match(refusal(['--dryrun']), /Did you mean --dry-run\?/);
    assert.match(refusal(['--overwrite-edtied']), /Did you mean --overwrite-edited\?/);
    assert.match(refusal(['--retaget']), /Did you mean --retarget\?/);
    assert.match(refusal(['--concurency=2']), /^Unknown option '--concurency'\. Did you mean --concurrency\?$/);
    for (const far of ['--colour', '--x', '--publish', '--spaceship']) assert.doesNotMatch(refusal([far]), /Did you mean/, far);
  });

  it('refuses every flag that would carry a secret, naming the environment variable, never the value', () => {
    const value = 's3cr3t-value-never-echoed';
    const cases: Array<[string[], RegExp]> = [
      [['--client-secret', value], /WIKI_PUBLISHER_CLIENT_SECRET/],
      [[`--clientSecret=${value}`], /WIKI_PUBLISHER_CLIENT_SECRET/],
      [['--platform-token', value], /WIKI_PUBLISHER_PLATFORM_TOKEN/],
      [[`--platformToken=${value}`], /WIKI_PUBLISHER_PLATFORM_TOKEN/],
      [['--token', value], /WIKI_PUBLISHER_API_TOKEN/],
      [['--api-token', value], /WIKI_PUBLISHER_API_TOKEN/],
      [['--access-token', value], /environment/],
      [['--secret', value], /environment/],
      [['--password', value], /environment/],
    ];
    for (const [argv, envVar] of cases) {
      const message = refusal(argv);
      assert.match(message, envVar, argv[0]);
      assert.match(message, /never from a flag/, argv[0]);
      assert.ok(!message.includes(value), argv[0]);
    }
  });

  it('takes a file named like a secret flag after "--" as a file', () => {
    assert.deepEqual(publishArgs(['--', '--client-secret.md']).paths, ['a.md', '--client-secret.md']);
  });
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
      refusals: [], cautions: ['1 local image (diagram.png) will not show on the wiki: it takes only images at public URLs.'], cautionTargets: [['diagram.png']],
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
      'would create or update a.md -> "A" in DOCS under 123456 (wiki edits NOT checked: no page access)',
      'would create or update b.md -> "B" in DOCS under 123456 (wiki edits NOT checked: no page access)',
      'Dry run, nothing sent: 2 to send (0 new, 0 updating the page the file published before, 2 overwriting a page it did not publish, if one exists), 0 unchanged, 0 would be refused, 2 updates whose wiki edits could not be checked',
      run.stdout.trimEnd().split('\n')[3] ?? '',
    ]);
    assert.match(run.stdout, /^Plan digest: [0-9a-f]{12} \(files and targets only: the wiki was not read \(no page access\)\)\. Publish exactly this plan with --expect-plan [0-9a-f]{64}$/m);
    assert.match(run.stderr, /Wiki edits are not checked\. No page access: set WIKI_PUBLISHER_CLIENT_ID/, 'said once, with what gives access');
    assert.equal(cli.sandbox.imports.length, 0);
  });
});
