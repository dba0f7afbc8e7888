// The built CLI publishing a page tree whose plan refuses some pages (issue 14): what the plan refuses must be what
// the run refuses, and links to a refused page are named before sending, not found out after.
import assert from 'node:assert/strict';
import { fileRecords, jsonLines, runCli, useCliWorld } from './cliHarness';
import { assertRecordsValid } from './jsonSchema';

const TO = ['--tree', '--space', 'DOCS', '--parent', '123456'];

describe('CLI --tree, pages the plan refuses', () => {
  const cli = useCliWorld();

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
