// A proxy that drops or ignores the CONNECT: undici ignores the request's signal while the CONNECT is pending and, on a
// dropped one, sends it again in a tight loop (nodejs/undici#3897). The deadline and Cancel still end the send, the
// proxy gets one CONNECT per attempt of the client's own retries, and nothing is left running once the transport closes.
import assert from 'node:assert/strict';
import { createUndiciTransport, type UndiciTransport } from '../../src/core/http/undiciTransport';
import { instantRetries, send } from '../support/importHarness';
import { startBrokenProxy } from '../support/loopbackServers';

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
// A name only a proxy could resolve: the request can only go through the proxy.
const ENDPOINT = 'https://wiki.invalid/import';
const TOKEN = 'not-a-real-token';

describe('a proxy that breaks the CONNECT', function () {
  this.timeout(60_000);
  let transport: UndiciTransport | undefined;
  afterEach(async () => {
    await transport?.close();
    transport = undefined;
  });

  it('closed at once: each attempt fails as never having reached the wiki, one CONNECT per attempt', async () => {
    const proxy = await startBrokenProxy('reset');
    try {
      transport = createUndiciTransport({ proxyUrl: proxy.url }, {}, { requestTimeoutMs: 3_000 });
      const outcome = await send({ endpoint: ENDPOINT, token: TOKEN, transport, deadlineMs: 3_000, ...instantRetries() });
      assert.equal(outcome.kind, 'network');
      assert.equal(outcome.mayHaveLanded, false);
      assert.equal(outcome.attempts, 3);
      assert.match(outcome.message, /proxy did not open a tunnel/);
      await pause(300);
      assert.equal(proxy.connects, 3, 'one CONNECT per attempt, not a loop');
    } finally {
      await proxy.close();
    }
  });

  it('never answered: each attempt ends by the deadline, and Cancel ends one at once', async () => {
    const proxy = await startBrokenProxy('silent');
    try {
      transport = createUndiciTransport({ proxyUrl: proxy.url }, {}, { requestTimeoutMs: 1_000 });
      const started = Date.now();
      const outcome = await send({ endpoint: ENDPOINT, token: TOKEN, transport, deadlineMs: 1_000, ...instantRetries() });
      // Generous: three attempts of a 1 s deadline, against undici's own 300 s per attempt.
      assert.ok(Date.now() - started < 30_000, `took ${Date.now() - started} ms`);
      assert.ok(outcome.kind === 'network' || outcome.kind === 'timeout', outcome.kind);
      assert.equal(proxy.connects, 3);

      // A proxy that keeps its silence past the deadline the transport knows of: Cancel still ends the send.
      await transport.close();
      transport = createUndiciTransport({ proxyUrl: proxy.url }, {}, { requestTimeoutMs: 120_000 });
      const controller = new AbortController();
      const pending = send({ endpoint: ENDPOINT, token: TOKEN, transport, deadlineMs: 120_000, signal: controller.signal, ...instantRetries() });
      while (proxy.connects < 4) await pause(5);
      const cancelledAt = Date.now();
      controller.abort();
      assert.equal((await pending).kind, 'cancelled');
      assert.ok(Date.now() - cancelledAt < 5_000, `Cancel took ${Date.now() - cancelledAt} ms`);
      // Closing the transport ends the held CONNECT instead of waiting for it.
      const closing = Date.now();
      await transport.close();
      transport = undefined;
      assert.ok(Date.now() - closing < 5_000, `close took ${Date.now() - closing} ms`);
    } finally {
      await proxy.close();
    }
  });
});
