// The rules every transport keeps (src/core/http/transport.ts), checked for both kinds against the sandbox: the
// undici one of the tests and the command line's proxied requests, the Node http one of its other requests, and the fetch one the editor builds over VS Code's fetch (here
// over Node's own fetch). No redirect is followed, the deadline and Cancel end a stalled body, a failure before
// connecting is told apart and named, and a certificate the process does not trust is refused.
import assert from 'node:assert/strict';
import { createFetchTransport } from '../../src/core/http/fetchTransport';
import { createNodeHttpTransport } from '../../src/core/http/nodeHttpTransport';
import { createUndiciTransport } from '../../src/core/http/undiciTransport';
import type { Transport } from '../../src/core/http/transport';
import { diagnoseNotFound, TokenClient } from '../../src/core/oauth';
import { startIdp } from '../sandbox/idp';
import { startSandbox } from '../sandbox/server';
import { instantRetries, send, useSandbox } from '../support/importHarness';
import { startRecordingServer, startRedirectServer } from '../support/loopbackServers';
import { createTestCertificates } from '../support/testCertificates';

const kinds: Array<{ name: string; make(): Transport & { close?(): Promise<void> } }> = [
  { name: 'undici', make: () => createUndiciTransport({}, {}) },
  { name: 'node', make: () => createNodeHttpTransport() },
  { name: 'fetch', make: () => createFetchTransport({ name: 'fetch', fetchFor: () => globalThis.fetch }) },
];

for (const kind of kinds) {
  describe(`the ${kind.name} transport`, () => {
    const env = useSandbox();
    let transport: Transport & { close?(): Promise<void> };
    beforeEach(() => {
      transport = kind.make();
    });
    afterEach(async () => {
      await transport.close?.();
    });

    it('publishes, and reports the status and the service body', async () => {
      const outcome = await send({ endpoint: env.sandbox.importEndpoint, token: env.token, transport });
      assert.equal(outcome.kind, 'created');
      assert.equal(outcome.status, 201);
    });

    it('returns a redirect as the answer: the token never reaches the Location', async () => {
      const elsewhere = await startRecordingServer('127.0.0.2');
      const redirecting = await startRedirectServer(`${elsewhere.url}/steal`, 302);
      try {
        const response = await transport.send({ method: 'POST', url: `${redirecting.url}/hook`, headers: { authorization: 'Bearer not-a-real-token' }, body: '{}' });
        assert.equal(response.status, 302);
        assert.equal(response.headers.location, `${elsewhere.url}/steal`);
        await response.text();
        assert.equal(elsewhere.seen.length, 0);
      } finally {
        await Promise.all([elsewhere.close(), redirecting.close()]);
      }
    });

    it('ends a body that stalls after its headers at the deadline, and Cancel ends it at once', async () => {
      env.sandbox.injectFaults({ stallAfterHeadersNext: 4 });
      const timedOut = await send({ endpoint: env.sandbox.importEndpoint, token: env.token, transport, deadlineMs: 300, ...instantRetries() });
      assert.equal(timedOut.kind, 'timeout');
      const controller = new AbortController();
      const pending = send({ endpoint: env.sandbox.importEndpoint, token: env.token, transport, deadlineMs: 60_000, signal: controller.signal, ...instantRetries() });
      while (env.sandbox.imports.length < 4) await new Promise((resolve) => setTimeout(resolve, 5));
      controller.abort();
      assert.equal((await pending).kind, 'cancelled');
    });

    it('names a refused connection and knows nothing was sent', async () => {
      const closed = await startRecordingServer();
      await closed.close();
      const outcome = await send({ endpoint: `${closed.url}/hook`, token: env.token, transport, ...instantRetries() });
      assert.equal(outcome.kind, 'network');
      assert.equal(outcome.mayHaveLanded, false);
      assert.match(outcome.message, /ECONNREFUSED/);
      assert.doesNotMatch(outcome.message, /fetch failed/);
    });

    it('refuses a certificate from a CA this process does not trust, before sending anything', async () => {
      const tlsWiki = await startSandbox({ tls: createTestCertificates() });
      try {
        const outcome = await send({ endpoint: tlsWiki.importEndpoint, token: tlsWiki.issueToken().token, transport, ...instantRetries() });
        assert.equal(outcome.kind, 'network');
        assert.equal(outcome.mayHaveLanded, false);
        assert.equal(outcome.attempts, 1, 'a certificate that is not trusted stays untrusted: no automatic retry');
        assert.match(outcome.message, /certificate|UNABLE_TO_VERIFY/i);
        assert.equal(tlsWiki.imports.length, 0);
      } finally {
        await tlsWiki.close();
      }
    });

    it('carries the token client and the platform lookups', async () => {
      const idp = await startIdp();
      try {
        const client = new TokenClient({ authUrl: idp.authUrl, clientId: idp.clientId, getClientSecret: async () => idp.clientSecret, transport });
        const refreshed = await client.refresh(idp.issueSessionDirectly().refresh_token ?? '');
        assert.equal(refreshed.ok, true);
        const diagnosis = await diagnoseNotFound({ baseUrl: env.sandbox.baseUrl, accessToken: 'not-a-token', space: 'DOCS', parentId: '1', transport });
        assert.equal(diagnosis.tokenRejected, true, 'the lookup reached the sandbox, which refused the token');
      } finally {
        await idp.close();
      }
    });
  });
}
