// The built CLI with a service account whose identity provider fails for a moment (reliability requirement 16 and the
// fault-injection list: 429 with Retry-After, 500, 503, a reset connection, a proxy's HTML page): the token request is
// asked again and the run goes on; a refusal still stops the run at once (exit 2); a failure that persists stops it
// after the retries, saying the provider failed, not that the credentials are wrong; Ctrl+C ends a wait at once.
import assert from 'node:assert/strict';
import { DEFAULT_TOKEN_RETRY_POLICY } from '../../src/core/oauth/tokenRetry';
import { runCli, startCli, useCliWorld, waitUntil } from './cliHarness';

const CLIENT_ID = 'docs-ci-transient';
const CLIENT_SECRET = 'ci-secret-transient-4c8e1a7d9b';
const DRY_RUN = ['publish', 'one.md', '--space', 'DOCS', '--parent', '123456', '--dry-run'];

describe('CLI with a service account: transient identity provider failures', () => {
  const cli = useCliWorld();
  const requests = (): number => cli.world.idp.stats.clientCredentialsRequests;
  let before = 0;

  beforeEach(() => {
    cli.world.idp.faults.clear();
    cli.secrets.push(CLIENT_SECRET);
    cli.world.idp.registerServiceAccount({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, scopes: ['read:platform-app:wiki'], owner: 'alice' });
    before = requests();
  });

  const serviceAccount = (secret = CLIENT_SECRET): Record<string, string> => ({
    WIKI_PUBLISHER_ENDPOINT: cli.world.sandbox.importEndpoint,
    WIKI_PUBLISHER_API_TOKEN: cli.token,
    WIKI_PUBLISHER_AUTH_URL: cli.world.idp.authUrl,
    WIKI_PUBLISHER_BASE_URL: cli.world.sandbox.baseUrl,
    WIKI_PUBLISHER_CLIENT_ID: CLIENT_ID,
    WIKI_PUBLISHER_CLIENT_SECRET: secret,
  });

  async function dryRun(secret?: string) {
    const root = await cli.tree({ 'one.md': '# One\n\nText.\n' });
    return runCli(DRY_RUN, { cwd: root, env: serviceAccount(secret) });
  }

  for (const [name, fault] of [
    ['a 503', { kind: '503' }],
    ['a 500', { kind: '500' }],
    ['a proxy\'s HTML error page (502)', { kind: 'html' }],
    ['a reset connection', { kind: 'reset' }],
    ['a 429 with Retry-After 1', { kind: '429', retryAfterSeconds: 1 }],
  ] as const) {
    it(`asks the identity provider again after ${name}, and the run succeeds`, async () => {
      cli.world.idp.faults.inject(fault, 1);
      const run = await dryRun();
      assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
      assert.equal(requests() - before, 2);
      assert.doesNotMatch(run.stdout + run.stderr, /does not work/);
    });
  }

  it('stops at once on refused credentials (exit 2), with one token request', async () => {
    const run = await dryRun('wrong-secret-value-123');
    assert.equal(run.code, 2, `${run.stdout}\n${run.stderr}`);
    assert.equal(requests() - before, 1);
    assert.match(run.stderr + run.stdout, /Page access is configured but does not work: The client ID or secret was refused by the identity provider \(HTTP 401, invalid_client\)/);
    assert.doesNotMatch(run.stderr + run.stdout, /Gave up after/);
  });

  it('stops after the retries when the provider keeps failing (exit 2), saying it failed, not that the credentials are wrong', async () => {
    cli.world.idp.faults.inject({ kind: '503' }, 20);
    const run = await dryRun();
    assert.equal(run.code, 2, `${run.stdout}\n${run.stderr}`);
    const asked = requests() - before;
    assert.equal(asked, DEFAULT_TOKEN_RETRY_POLICY.maxAttempts);
    const said = run.stderr + run.stdout;
    assert.match(said, new RegExp(`Page access is configured but does not work: The identity provider failed with HTTP 503\\. Gave up after ${asked} attempts\\.`));
    assert.doesNotMatch(said, /refused|rejected/);
  });

  it('ends the wait for a Retry-After at once on SIGTERM (exit 143), with no further token request', async function () {
    // Well under the 60 s Retry-After the client waits for: a wait SIGTERM did not end would outlast this.
    this.timeout(20_000);
    cli.world.idp.faults.inject({ kind: '429', retryAfterSeconds: 50 }, 1);
    const root = await cli.tree({ 'one.md': '# One\n\nText.\n' });
    const running = startCli(DRY_RUN, { cwd: root, env: serviceAccount() });
    await waitUntil(() => requests() - before === 1);
    running.child.kill('SIGTERM');
    const run = await running.done;
    assert.equal(run.code, 143, `${run.stdout}\n${run.stderr}`);
    assert.equal(requests() - before, 1);
  });
});
