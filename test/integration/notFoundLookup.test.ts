// Spec 4.3 against the sandbox world: an import 404 explained through the platform lookups with a real access
// token from the sandbox identity provider.
import assert from 'node:assert/strict';
import { diagnoseNotFound } from '../../src/core/oauth/platformLookup';
import { explainNotFound, notFoundMessage } from '../../src/core/publish/notFoundExplanation';
import { startSandboxWorld, type SandboxWorld } from '../sandbox/world';
import { send } from '../support/importHarness';
import { startRecordingServer, startRedirectServer } from '../support/loopbackServers';

describe('404 explained by the platform lookups (spec 4.3)', () => {
  let world: SandboxWorld;
  let apiToken: string;
  let accessToken: string;

  before(async () => {
    world = await startSandboxWorld();
  });
  after(async () => {
    await world.close();
  });
  beforeEach(() => {
    world.sandbox.reset();
    apiToken = world.sandbox.issueToken({ label: 'writer' }).token;
    accessToken = world.idp.issueSessionDirectly().access_token;
  });

  const cases: Array<{ name: string; space: string; parentId: string; expected: RegExp }> = [
    { name: 'an unknown space', space: 'NOPE', parentId: '123456', expected: /no space "NOPE" is visible to you/ },
    { name: 'an unknown parent', space: 'DOCS', parentId: '999999', expected: /the space "DOCS" exists; no page 999999 is visible to you/ },
    { name: 'a deleted parent', space: 'DOCS', parentId: '123457', expected: /no page 123457 is visible to you \(deleted/ },
    { name: 'a space hidden from the user', space: 'SECRET', parentId: '345678', expected: /no space "SECRET" is visible to you \(never created, or hidden\)/ },
    { name: 'a parent in another space', space: 'DOCS', parentId: '234567', expected: /both the space "DOCS" and the parent page 234567 exist/ },
    { name: 'a space given by its numeric ID', space: '1001', parentId: '999999', expected: /no page 999999/ },
  ];
  for (const testCase of cases) {
    it(`names the problem for ${testCase.name}`, async () => {
      const outcome = await send({ endpoint: world.sandbox.importEndpoint, token: apiToken, target: { spaceId: testCase.space, parentId: testCase.parentId } });
      assert.equal(outcome.status, 404);
      const diagnosis = await diagnoseNotFound({ baseUrl: world.sandbox.baseUrl, accessToken, space: testCase.space, parentId: testCase.parentId });
      const finding = explainNotFound(diagnosis, testCase.space, testCase.parentId);
      assert.match(finding ?? '', testCase.expected);
      // Said once: the service's sentence, then the finding in place of the general explanation.
      const message = notFoundMessage(outcome, finding);
      assert.equal(message, `${outcome.said} ${finding}`);
      assert.doesNotMatch(message, /Sent to space/);
      assert.ok((message.match(/does not exist/g) ?? []).length <= 1, message);
    });
  }

  it('a rejected access token gives no explanation (the user is offered sign-in instead)', async () => {
    const diagnosis = await diagnoseNotFound({ baseUrl: world.sandbox.baseUrl, accessToken: 'not-a-valid-token', space: 'DOCS', parentId: '1' });
    assert.equal(diagnosis.tokenRejected, true);
    assert.equal(explainNotFound(diagnosis, 'DOCS', '1'), undefined);
  });

  it('does not follow a redirect, so the access token never reaches another host', async () => {
    const elsewhere = await startRecordingServer('127.0.0.2');
    const redirecting = await startRedirectServer(`${elsewhere.url}/wiki/api/v2/spaces`);
    try {
      const diagnosis = await diagnoseNotFound({ baseUrl: redirecting.url, accessToken, space: 'DOCS', parentId: '1' });
      assert.equal(diagnosis.space, 'failed');
      assert.equal(elsewhere.seen.length, 0);
    } finally {
      await Promise.all([elsewhere.close(), redirecting.close()]);
    }
  });

  it('refuses a plain-http base URL that is not loopback', async () => {
    const diagnosis = await diagnoseNotFound({ baseUrl: 'http://wiki.example.com', accessToken, space: 'DOCS', parentId: '1' });
    assert.equal(diagnosis.space, 'failed');
    assert.match(diagnosis.failure ?? '', /https/);
  });
});
