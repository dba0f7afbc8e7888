// Every kind of request takes an answer up to its own limit (transport.ts ANSWER_LIMITS), and says so in its own words
// past it: a page-route read, the export of a page, a token request. Each against a loopback server whose answer is
// larger than the limit; the transports' reading of it (stopped, the response destroyed) is in transports.test.ts.
import assert from 'node:assert/strict';
import { exportPageMarkdown } from '../../src/core/export/bulkExport';
import { isExportError } from '../../src/core/export/isExportError';
import { createNodeHttpTransport, type NodeHttpTransport } from '../../src/core/http/nodeHttpTransport';
import { createClientCredentialsSource } from '../../src/core/oauth/clientCredentials';
import { TokenClient } from '../../src/core/oauth/tokenClient';
import { createWikiPagesClient } from '../../src/core/wikiPages/client';
import { startEndlessServer, type RunningServer } from '../support/loopbackServers';

describe('answers larger than their request takes', function () {
  this.timeout(60_000);
  let transport: NodeHttpTransport;
  let servers: RunningServer[] = [];
  beforeEach(() => {
    transport = createNodeHttpTransport();
  });
  afterEach(async () => {
    await transport.close();
    await Promise.all(servers.map((server) => server.close()));
    servers = [];
  });
  const endless = async (status: number, declaredLength?: number): Promise<RunningServer & { readonly requests: number }> => {
    const server = await startEndlessServer(status, declaredLength);
    servers.push(server);
    return server;
  };

  it('a page-route read: "larger than 256 MB", never a crash of the process', async () => {
    const wiki = await endless(200, 300 * 1024 * 1024);
    const pages = createWikiPagesClient({ baseUrl: `${wiki.url}/wiki`, transport, getAccessToken: async () => 'access-token' });
    await assert.rejects(pages.getPage('123456'), { message: "The wiki's answer was larger than 256 MB, so it was not read." });
  });

  it('the export of a page: refused as an archive past its limit, and not asked for again', async () => {
    const api = await endless(200);
    const failure = await exportPageMarkdown({ apiUrl: `${api.url}/api`, pageId: '123456', transport, getAccessToken: async () => 'access-token' })
      .then(() => undefined, (error: unknown) => error);
    assert.ok(isExportError(failure, 'archive'), String(failure));
    assert.equal(api.requests, 1);
  });

  it('a token request, refresh and client credentials alike: the provider\'s answer was larger than 1 MB, not tried again', async () => {
    const idp = await endless(200);
    const refreshed = await new TokenClient({ authUrl: idp.url, clientId: 'client', getClientSecret: async () => 'secret', transport }).refresh('refresh-token');
    assert.equal(refreshed.ok, false);
    assert.equal(refreshed.ok ? '' : refreshed.error.message, "The identity provider's answer was larger than 1 MB, so it was not read.");
    const before = idp.requests;
    const granted = await createClientCredentialsSource({ authUrl: idp.url, clientId: 'client', clientSecret: 'secret', transport, sleep: async () => undefined }).token();
    assert.equal(granted.ok, false);
    assert.equal(granted.ok ? '' : granted.error.message, "The identity provider's answer was larger than 1 MB, so it was not read.");
    assert.equal(idp.requests - before, 1, 'the same answer would come again: no retry');
  });
});
