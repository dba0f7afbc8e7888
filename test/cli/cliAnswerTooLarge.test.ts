// An import answer too large to read (a proxy's runaway page after the request went out): the file failed and its
// page may have been published, which the run says once on the file's line, not twice.
import assert from 'node:assert/strict';
import { fileRecords, runCli, useCliSandbox } from './cliHarness';
import { startEndlessServer, type RunningServer } from '../support/loopbackServers';

describe('CLI after an import answer too large to read', () => {
  const cli = useCliSandbox();
  let wiki: RunningServer | undefined;
  afterEach(async () => {
    await wiki?.close();
    wiki = undefined;
  });

  it('says "may have been published" once on the file\'s line; --json says mayHaveLanded', async () => {
    wiki = await startEndlessServer(200);
    const endpoint = new URL(cli.sandbox.importEndpoint);
    const root = await cli.tree({ 'a.md': '# Alpha\n\nOne.\n' });
    const env = cli.env({ WIKI_PUBLISHER_ENDPOINT: `${wiki.url}${endpoint.pathname}` });
    const text = await runCli(['publish', 'a.md', '--space', 'DOCS', '--parent', '123456'], { cwd: root, env });
    assert.equal(text.code, 1, text.stderr);
    const line = text.stdout.split('\n').find((each) => each.includes('a.md')) ?? '';
    assert.match(line, /more than 1 MB, which was not read/, text.stdout);
    assert.equal(`${text.stdout}${text.stderr}`.match(/may have (?:been published|reached the wiki|landed)/g)?.length, 1, `${text.stdout}${text.stderr}`);
    const json = await runCli(['publish', 'a.md', '--space', 'DOCS', '--parent', '123456', '--json'], { cwd: root, env });
    assert.deepEqual(fileRecords(json).map((record) => [record.status, record.mayHaveLanded]), [['failed', true]]);
  });
});
