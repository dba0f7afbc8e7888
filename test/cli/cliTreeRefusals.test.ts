// The built CLI publishing a page tree whose plan refuses some pages (issue 14): what the plan refuses must be what
// the run refuses, and links to a refused page are named before sending, not found out after.
import assert from 'node:assert/strict';
import { fileRecords, jsonLines, runCli, useCliWorld } from './cliHarness';
import { assertRecordsValid } from './jsonSchema';

const TO = ['--tree', '--space', 'DOCS', '--parent', '123456'];

describe('CLI --tree, pages the plan refuses', () => {
  const cli = useCliWorld();

  it('a page under a folder page the plan refuses is refused in the plan too, as the run refuses it, and names that folder page', async () => {
    // The folder page "Setup" (made from the folder's name) shares its title with guide/setup.md: both are refused,
    // so setup/child.md has no parent page to land under.
    const root = await cli.tree({
      'docs/index.md': '# Home\n\nText.\n',
      'docs/guide/setup.md': '# Setup\n\nA page called Setup.\n',
      'docs/setup/child.md': '# Child page\n\nText.\n',
      'docs/setup/deeper/leaf.md': '# Leaf\n\nText.\n',
    });
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 1, dry.stderr);
    const planned = (file: string): Record<string, unknown> | undefined => fileRecords(dry).find((record) => record.file === file);
    assert.deepEqual(['docs/setup/', 'docs/setup/child.md', 'docs/setup/deeper/', 'docs/setup/deeper/leaf.md'].map((file) => planned(file)?.status), ['refused', 'refused', 'refused', 'refused']);
    const reason = (record: Record<string, unknown> | undefined): string => ((record?.refusals as string[] | undefined) ?? []).join(' ');
    assert.match(reason(planned('docs/setup/child.md')), /its folder's page \("Setup"\) is refused/);
    assert.match(reason(planned('docs/setup/deeper/leaf.md')), /its folder's page \("Deeper"\) is refused/);
    assertRecordsValid(jsonLines(dry), 'a tree plan with pages under a refused folder page');
    const text = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: root, env: cli.env() });
    assert.match(text.stdout, /^ {2}WOULD REFUSE docs\/setup\/child\.md -> "Child page" in DOCS under the tree's page "Setup": .*is refused/m);
    assert.match(text.stdout, /2 to send .* 5 would be refused/);

    const run = await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
    // Under the folder page it would have had, not the chosen page the plan held in its place.
    assert.match(run.stdout, /^ {2}REFUSED {5}docs\/guide\/setup\.md -> "Setup" in DOCS under \d+: /m);
    assert.match(run.stdout, /^ {2}REFUSED {5}docs\/setup\/child\.md -> "Child page" in DOCS under the tree's page "Setup": .*is refused/m);
    assert.doesNotMatch(run.stdout, /docs\/setup\/child\.md[^\n]*under 123456/);
    assert.match(run.stdout, /^2 published, 0 failed, 5 refused/m);
    assert.deepEqual(cli.world.sandbox.imports.map((sent) => (sent.body as { pageTitle?: string }).pageTitle).sort(), ['Guide', 'Home'], 'nothing below the refused folder page was sent');
  });

  it('a link to a page the plan refuses is named in the dry run and the run, with the same reason, and no link waits for it', async () => {
    const root = await cli.tree({
      'docs/index.md': '# Home\n\nSee [the API](ref/api.md), [the folder](Api/) and [its page](Api/other.md).\n',
      'docs/Api/other.md': '# api\n\nLower.\n',
      'docs/ref/api.md': '# API\n\nUpper.\n',
    });
    const caution = '3 links stay as written and will not work on the wiki (no page is known for it): ref/api.md, Api/, Api/other.md.';
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 1, dry.stderr);
    assert.deepEqual(fileRecords(dry).find((record) => record.file === 'docs/index.md')?.cautions, [caution]);
    const run = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
    const index = fileRecords(run).find((record) => record.file === 'docs/index.md');
    assert.deepEqual(index?.cautions, [caution], 'the run says what the plan said');
    assert.deepEqual(index?.linkCautions, ['ref/api.md', 'Api/', 'Api/other.md'].map((target) => ({ target, reason: 'unknownPage' })));
    assertRecordsValid(jsonLines(run), 'a tree run with links to refused pages');
    const home = cli.world.sandbox.pages().find((page) => page.title === 'Home' && !page.deleted);
    assert.match(home?.markdown ?? '', /\[the API\]\(ref\/api\.md\), \[the folder\]\(Api\/\)/, 'sent as written');
  });
});
