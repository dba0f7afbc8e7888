// A body given in pieces (src/core/http/transport.ts PiecewiseBody) reaches the server as the bytes of the whole, with
// their length as Content-Length, through every transport; and an import retried after a 503 sends the same bytes again
// (the Node transport writes the pieces one by one, the others join them).
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFetchTransport } from '../../src/core/http/fetchTransport';
import { createNodeHttpTransport } from '../../src/core/http/nodeHttpTransport';
import { createUndiciTransport } from '../../src/core/http/undiciTransport';
import type { Transport } from '../../src/core/http/transport';
import { importJsonBody } from '../../src/core/importApi/jsonBody';
import { instantRetries, send } from '../support/importHarness';
import { ANSWER_LIMITS } from '../../src/core/http/transport';

interface Received { headers: IncomingHttpHeaders; bytes: Buffer }

/** A loopback server that keeps every body it gets, answering 503 to the first `failFirst` requests and 201 after. */
async function startBodyServer(failFirst: number): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, bytes: Buffer.concat(chunks) });
      const status = received.length <= failFirst ? 503 : 201;
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ body: status === 201 ? 'Success: Page created successfully' : 'Try later' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/import`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const kinds: Array<{ name: string; make(): Transport & { close?(): Promise<void> } }> = [
  { name: 'node', make: () => createNodeHttpTransport() },
  { name: 'undici', make: () => createUndiciTransport({}, {}) },
  { name: 'fetch', make: () => createFetchTransport({ name: 'fetch', fetchFor: () => globalThis.fetch }) },
];

// Larger than a socket takes at once, with characters of two, three and four bytes.
const CONTENT = `# Large\n\n${'Ünïcode 漢字 😀 "quoted" \\ line\n'.repeat(40_000)}`;

for (const kind of kinds) {
  describe(`a piecewise body through the ${kind.name} transport`, () => {
    let transport: Transport & { close?(): Promise<void> };
    let server: Awaited<ReturnType<typeof startBodyServer>> | undefined;
    beforeEach(() => {
      transport = kind.make();
    });
    afterEach(async () => {
      await transport.close?.();
      await server?.close();
      server = undefined;
    });

    it('arrives as the bytes of the whole, with their length', async () => {
      server = await startBodyServer(0);
      const body = importJsonBody({ spaceId: 'DOCS', parentId: '1', pageTitle: 'Large', overwrite: false }, [CONTENT, '\n---\n\nnotice\n']);
      const response = await transport.send({ method: 'POST', url: server.url, headers: { 'content-type': 'application/json' }, body, maxResponseBytes: ANSWER_LIMITS.smallJson });
      await response.text();
      assert.equal(response.status, 201);
      const expected = Buffer.from(JSON.stringify({ spaceId: 'DOCS', parentId: '1', pageTitle: 'Large', overwrite: false, content: `${CONTENT}\n---\n\nnotice\n` }), 'utf8');
      assert.equal(server.received.length, 1);
      assert.equal(server.received[0]?.headers['content-length'], String(expected.length));
      assert.ok(server.received[0]?.bytes.equals(expected), 'the bytes of JSON.stringify of the whole body');
    });

    it('sends the same bytes again when an import is retried', async () => {
      server = await startBodyServer(1);
      const outcome = await send({ endpoint: server.url, token: 'not-a-real-token', transport, content: CONTENT, ...instantRetries() });
      assert.equal(outcome.kind, 'created');
      assert.equal(server.received.length, 2);
      const [first, second] = server.received;
      assert.ok(first && second && first.bytes.equals(second.bytes), 'the retry sent what the first attempt sent');
      assert.equal(JSON.parse(second.bytes.toString('utf8')).content, CONTENT);
    });
  });
}
