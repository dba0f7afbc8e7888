import assert from 'node:assert/strict';
import { serve } from '../support/loopbackServers';
import { createServer } from 'node:http';
import { diagnoseNotFound } from '../../src/core/oauth';
import { startIdp, type Idp } from '../sandbox/idp';
import { startSandbox, type Sandbox } from '../sandbox/server';

describe('diagnosing an import 404 with the platform lookups', () => {
  let idp: Idp;
  let sandbox: Sandbox;
  let token: string;

  before(async () => {
    idp = await startIdp({ owner: 'alice' });
    sandbox = await startSandbox({ verifyPlatformToken: (bearer) => idp.verifyAccessToken(bearer) });
    token = idp.issueSessionDirectly().access_token;
  });
  after(async () => {
    await sandbox.close();
    await idp.close();
  });

  const diagnose = (space: string, parentId: string, accessToken = token): ReturnType<typeof diagnoseNotFound> =>
    diagnoseNotFound({ baseUrl: sandbox.baseUrl, accessToken, space, parentId });

  it('finds an existing space and parent', async () => {
    assert.deepEqual(await diagnose('DOCS', '123456'), { space: 'found', parent: 'found', tokenRejected: false });
  });

  it('says which of the space and the parent page is missing', async () => {
    assert.deepEqual(await diagnose('NOPE', '123456'), { space: 'missing', parent: 'found', tokenRejected: false });
    assert.deepEqual(await diagnose('DOCS', '999999'), { space: 'found', parent: 'missing', tokenRejected: false });
  });

  it('treats a space and page hidden from the user as missing for them', async () => {
    assert.deepEqual(await diagnose('SECRET', '345678'), { space: 'missing', parent: 'missing', tokenRejected: false });
  });

  it('reports a rejected token so the user can sign in again', async () => {
    const result = await diagnose('DOCS', '123456', 'not-a-token');
    assert.equal(result.tokenRejected, true);
    assert.equal(result.space, 'failed');
    assert.doesNotMatch(result.failure ?? '', /not-a-token/);
  });

  it('does not follow a redirect, so the token never reaches another host', async () => {
    const seen: (string | undefined)[] = [];
    const elsewhere = await serve(createServer((req, res) => (seen.push(req.headers.authorization), res.end('{}'))));
    const redirector = await serve(
      createServer((_req, res) => res.writeHead(302, { location: `http://127.0.0.1:${elsewhere.port}/wiki/api/v2/pages/1` }).end()),
    );
    try {
      const result = await diagnoseNotFound({ baseUrl: `http://127.0.0.1:${redirector.port}`, accessToken: token, space: 'DOCS', parentId: '1' });
      assert.deepEqual([result.space, result.parent], ['failed', 'failed']);
      assert.deepEqual(seen, []);
    } finally {
      await Promise.all([elsewhere.close(), redirector.close()]);
    }
  });

  it('refuses a plain-http base URL that is not loopback without sending anything', async () => {
    const result = await diagnoseNotFound({ baseUrl: 'http://wiki.example.com', accessToken: token, space: 'DOCS', parentId: '1' });
    assert.equal(result.space, 'failed');
    assert.match(result.failure ?? '', /https/);
  });
});

