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
import { startEndlessServer, startRecordingServer, startRedirectServer } from '../support/loopbackServers';
import { timedSend } from '../../src/core/http/timedSend';
import { createTestCertificates } from '../support/testCertificates';
import { ANSWER_LIMITS } from '../../src/core/http/transport';

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
        const response = await transport.send({ method: 'POST', url: `${redirecting.url}/hook`, headers: { authorization: 'Bearer not-a-real-token' }, body: '{}', maxResponseBytes: ANSWER_LIMITS.smallJson });
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

    it('names an https:// address on a port that speaks plain HTTP, on one line, and knows nothing was sent', async () => {
      const before = env.sandbox.imports.length;
      const outcome = await send({ endpoint: env.sandbox.importEndpoint.replace(/^http:/, 'https:'), token: env.token, transport, ...instantRetries() });
      assert.equal(outcome.kind, 'network');
      assert.equal(outcome.mayHaveLanded, false);
      assert.equal(outcome.attempts, 1, 'a port without TLS stays without it: no automatic retry');
      assert.match(outcome.message, /does not speak HTTPS on that port \(TLS handshake failed\)/);
      assert.doesNotMatch(outcome.message, /\n|\\n|SSL routines|openssl/);
      assert.equal(env.sandbox.imports.length, before);
    });

    it('stops reading an answer past the request\'s limit: an import says it was sent and may have landed, a read that it was too large', async () => {
      const endless = await startEndlessServer(502);
      const declared = await startEndlessServer(200, 300 * 1024 * 1024);
      try {
        // Before the limit, an endless body was read until the deadline, its every byte kept.
        const outcome = await send({ endpoint: `${endless.url}/import`, token: env.token, transport, deadlineMs: 30_000, ...instantRetries() });
        assert.equal(outcome.kind, 'unexpected');
        assert.equal(outcome.mayHaveLanded, true);
        assert.equal(outcome.status, 502);
        assert.match(outcome.message, /HTTP 502 and more than 1 MB, which was not read: the request was sent, so the page may have been published/);
        const read = await timedSend(transport, { method: 'GET', url: `${endless.url}/wiki/api/v2/pages`, headers: {}, maxResponseBytes: 2 * 1024 * 1024 }, { timeoutMs: 30_000 });
        assert.equal(read.kind, 'tooLarge');
        assert.deepEqual(read.kind === 'tooLarge' ? [read.status, read.limitBytes] : [], [502, 2 * 1024 * 1024]);
        // A Content-Length past the limit is refused before its body is read.
        const big = await timedSend(transport, { method: 'GET', url: declared.url, headers: {}, maxResponseBytes: ANSWER_LIMITS.pageRoute }, { timeoutMs: 30_000 });
        assert.equal(big.kind, 'tooLarge');
      } finally {
        await Promise.all([endless.close(), declared.close()]);
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

describe('the node transport, on a pooled connection the server closed while it sat idle', () => {
  /**
   * A loopback server that answers each connection's first request (keep-alive) and closes the connection when a second
   * request comes on it, unanswered, as a server whose keep-alive timeout ran out just then does.
   */
  async function startClosingServer(): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
    const { createServer } = await import('node:net');
    const requests: string[] = [];
    const sockets = new Set<import('node:net').Socket>();
    const server = createServer((socket) => {
      sockets.add(socket);
      let answered = 0;
      let received = '';
      socket.on('data', (chunk) => {
        received += chunk.toString('latin1');
        for (let end = received.indexOf('\r\n\r\n'); end >= 0; end = received.indexOf('\r\n\r\n')) {
          const head = received.slice(0, end);
          const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? 0);
          if (received.length < end + 4 + length) return;
          received = received.slice(end + 4 + length);
          requests.push(head.split('\r\n')[0] ?? '');
          if (answered++ > 0) {
            socket.destroy();
            return;
          }
          socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\n{}');
        }
      });
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as import('node:net').AddressInfo;
    return {
      url: `http://127.0.0.1:${port}/wiki/api/v2/pages/1`,
      requests,
      close: () => new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
    };
  }

  it('sends a read again once on a new connection, and never an import (its body may have gone out)', async () => {
    const server = await startClosingServer();
    const transport = createNodeHttpTransport();
    try {
      const first = await transport.send({ url: server.url, method: 'GET', headers: {}, maxResponseBytes: ANSWER_LIMITS.smallJson });
      assert.equal(first.status, 200);
      await first.text();
      const again = await transport.send({ url: server.url, method: 'GET', headers: {}, maxResponseBytes: ANSWER_LIMITS.smallJson });
      assert.equal(again.status, 200, 'the read went again on a new connection');
      await again.text();
      assert.deepEqual(server.requests.map((line) => line.split(' ')[0]), ['GET', 'GET', 'GET']);
      await assert.rejects(transport.send({ url: server.url, method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', maxResponseBytes: ANSWER_LIMITS.smallJson }));
      assert.deepEqual(server.requests.map((line) => line.split(' ')[0]), ['GET', 'GET', 'GET', 'POST'], 'the import was not sent twice');
    } finally {
      await transport.close();
      await server.close();
    }
  });
});
