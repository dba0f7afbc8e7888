// A CI job cancelled while the command line asks the identity provider for its page-access token: the run ends with
// the interrupt's exit code (130 for SIGINT, 143 for SIGTERM), as anywhere else, not as a configuration error (2).
import assert from 'node:assert/strict';
import { startCli, useCliWorld } from './cliHarness';

describe('CLI: interrupted while the page-access token is asked for', () => {
  const cli = useCliWorld();
  // Token requests parked so far in this file's world (whenHeld counts them all).
  let heldSoFar = 0;

  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
    it(`${signal} exits ${code}, not 2`, async () => {
      const clientSecret = 'ci-secret-hold-4e1b9a07c2d3';
      cli.secrets.push(clientSecret);
      cli.world.idp.registerServiceAccount({ clientId: 'docs-ci-hold', clientSecret, scopes: ['read:platform-app:wiki'], owner: 'alice' });
      const root = await cli.tree({ 'docs/a.md': '# Alpha\n' });
      const env = {
        WIKI_PUBLISHER_ENDPOINT: cli.world.sandbox.importEndpoint, WIKI_PUBLISHER_API_TOKEN: cli.token, WIKI_PUBLISHER_BASE_URL: cli.world.sandbox.baseUrl,
        WIKI_PUBLISHER_CLIENT_ID: 'docs-ci-hold', WIKI_PUBLISHER_CLIENT_SECRET: clientSecret, WIKI_PUBLISHER_AUTH_URL: cli.world.idp.authUrl,
      };
      cli.world.idp.faults.hold();
      try {
        const running = startCli(['publish', 'docs', '--space', 'DOCS', '--parent', '123456'], { cwd: root, env });
        await cli.world.idp.faults.whenHeld(++heldSoFar);
        running.child.kill(signal);
        const run = await running.done;
        assert.equal(run.code, code, `${run.stdout}\n${run.stderr}`);
        assert.doesNotMatch(run.stderr, /configured but does not work/);
      } finally {
        cli.world.idp.faults.release();
      }
      assert.equal(cli.world.sandbox.imports.length, 0, 'nothing was sent');
    });
  }
});
