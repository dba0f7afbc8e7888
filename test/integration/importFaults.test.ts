// The network faults of reliability.md against the sandbox: retries that never duplicate, unreadable answers,
// stalls, cancellation, redirects and proxies.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { createUndiciTransport } from '../../src/core/http/undiciTransport';
import { instantRetries, send, useSandbox } from '../support/importHarness';
import { serve, startRecordingServer, startRedirectServer } from '../support/loopbackServers';
import { startNamedTunnelProxy } from '../support/namedTunnelProxy';

describe('import client against the sandbox: faults', () => {
  const env = useSandbox();

  it('500 twice then success: published once, after three attempts', async () => {
    env.sandbox.injectFaults({ failNext: 2 });
    const attempts: number[] = [];
    const outcome = await send({ endpoint: env.sandbox.importEndpoint, token: env.token, ...instantRetries(), onAttempt: (n) => attempts.push(n) });
    assert.equal(outcome.kind, 'created');
    assert.equal(outcome.attempts, 3);
    assert.deepEqual(attempts, [1, 2, 3]);
    assert.equal(env.sandbox.pages().filter((page) => page.title === 'Release notes').length, 1);
  });

  it('a 500 that committed on the server: the retry reports the existing page, no duplicate', async () => {
    env.sandbox.injectFaults({ commitThenFailNext: 1 });
    const outcome = await send({ endpoint: env.sandbox.importEndpoint, token: env.token, ...instantRetries() });
    assert.equal(outcome.kind, 'existsAfterRetry');
    assert.match(outcome.message, /exists now. An earlier attempt that seemed to fail may have created it, or it may be someone else's page/);
    assert.equal(env.sandbox.pages().filter((page) => page.title === 'Release notes').length, 1);
  });

  it('a Retry-After that is no delay (negative, a fraction, hex, words) is taken as absent: the usual backoff, never "try again in 0 s"', async () => {
    for (const text of ['-5', '1.5', '0x10', 'soon', '-1 day']) {
      env.sandbox.clearFaults();
      env.sandbox.injectFaults({ throttleNext: 10, retryAfterText: text });
      const retries = instantRetries();
      const outcome = await send({ endpoint: env.sandbox.importEndpoint, token: env.token, ...retries });
      assert.equal(outcome.kind, 'throttled', text);
      assert.equal(outcome.retryAfterMs, undefined, text);
      assert.doesNotMatch(outcome.message, /Try again in/, text);
      assert.ok(retries.waits.length > 0 && retries.waits.every((wait) => wait > 0), `${text}: backed off (${retries.waits.join(', ')})`);
    }
    // A valid one still counts, the delay (seconds) and the date alike.
    env.sandbox.clearFaults();
    env.sandbox.injectFaults({ throttleNext: 10, retryAfterText: '2' });
    assert.match((await send({ endpoint: env.sandbox.importEndpoint, token: env.token, ...instantRetries() })).message, /Try again in 2 s\./);
  });

  it('a reset connection is retried', async () => {
    env.sandbox.injectFaults({ resetNext: 1 });
    const outcome = await send({ endpoint: env.sandbox.importEndpoint, token: env.token, ...instantRetries() });
    assert.equal(outcome.kind, 'created');
    assert.equal(outcome.attempts, 2);
  });

  it('resets on every attempt end in a network outcome with Retry, not a crash', async () => {
    env.sandbox.injectFaults({ resetNext: 3 });
    const outcome = await send({ endpoint: env.sandbox.importEndpoint, token: env.token, ...instantRetries() });
    assert.equal(outcome.kind, 'network');
    assert.ok(outcome.actions.includes('retry'));
  });

  it('a refused connection is retried and never counts as a page that may exist', async () => {
    const closed = await startRecordingServer();
    const endpoint = `${closed.url}/wiki/apps/a/b/webtrigger`;
    await closed.close();
    const outcome = await send({ endpoint, token: env.token, ...instantRetries() });
    assert.equal(outcome.kind, 'network');
    assert.equal(outcome.attempts, 3);
    assert.equal(outcome.mayHaveLanded, false);
  });

  it('a proxy HTML error page gives a clear message with the status', async () => {
    env.sandbox.injectFaults({ nonJsonNext: 3 });
    const outcome = await send({ endpoint: env.sandbox.importEndpoint, token: env.token, ...instantRetries() });
    assert.equal(outcome.status, 502);
    assert.match(outcome.message, /HTTP 502/);
    assert.match(outcome.message, /not the import service's JSON/);
  });

  it('a success status with a page that is not the service\'s answer (a sign-in page) is no success, and may have landed', async () => {
    const signInPage = await serve(createServer((request, response) => {
      request.resume();
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Sign in to continue</body></html>');
    }));
    try {
      const outcome = await send({ endpoint: `${signInPage.url}/wiki/apps/a/b/webtrigger`, token: env.token, ...instantRetries() });
      assert.equal(outcome.kind, 'unexpected');
      assert.equal(outcome.severity, 'error');
      assert.equal(outcome.mayHaveLanded, true);
      assert.match(outcome.message, /HTTP 200 and a response that is not the import service's JSON/);
    } finally {
      await signInPage.close();
    }
  });

  it('an empty body gives a clear message with the status', async () => {
    env.sandbox.injectFaults({ emptyBodyNext: 3 });
    const outcome = await send({ endpoint: env.sandbox.importEndpoint, token: env.token, ...instantRetries() });
    assert.equal(outcome.status, 500);
    assert.match(outcome.message, /HTTP 500 and no message/);
  });

  it('a response that stalls after its headers: the deadline fires', async () => {
    env.sandbox.injectFaults({ stallAfterHeadersNext: 3 });
    const outcome = await send({ endpoint: env.sandbox.importEndpoint, token: env.token, deadlineMs: 300, ...instantRetries() });
    assert.equal(outcome.kind, 'timeout');
    assert.equal(outcome.attempts, 3);
  });

  it('Cancel aborts a stalled request at once and stops retrying', async () => {
    env.sandbox.injectFaults({ stallAfterHeadersNext: 3 });
    const controller = new AbortController();
    const pending = send({ endpoint: env.sandbox.importEndpoint, token: env.token, deadlineMs: 60_000, signal: controller.signal, ...instantRetries() });
    await waitFor(() => env.sandbox.imports.length === 1);
    controller.abort();
    const outcome = await pending;
    assert.equal(outcome.kind, 'cancelled');
    assert.equal(outcome.attempts, 1);
  });

  it('Cancel during the wait between attempts stops at once', async () => {
    env.sandbox.injectFaults({ failNext: 3 });
    const controller = new AbortController();
    const outcome = await send({
      endpoint: env.sandbox.importEndpoint, token: env.token, signal: controller.signal,
      onRetryWait: () => controller.abort(),
    });
    assert.equal(outcome.kind, 'cancelled');
    assert.equal(env.sandbox.imports.length, 1);
  });

  it('a redirect to another host is not followed, so the token is not forwarded', async () => {
    const elsewhere = await startRecordingServer('127.0.0.2');
    const redirecting = await startRedirectServer(`${elsewhere.url}/steal`);
    try {
      const outcome = await send({ endpoint: `${redirecting.url}/wiki/apps/a/b/webtrigger`, token: env.token, ...instantRetries() });
      assert.equal(outcome.status, 307);
      assert.equal(outcome.kind, 'unexpected');
      assert.equal(elsewhere.seen.length, 0);
    } finally {
      await Promise.all([elsewhere.close(), redirecting.close()]);
    }
  });

  // wiki.test is a name only the proxy resolves (to the sandbox): loopback addresses never go through a proxy.
  const byName = (endpoint: string): string => endpoint.replace('//127.0.0.1:', '//wiki.test:');

  it('goes through the configured proxy, and not for hosts in noProxy', async () => {
    const proxy = await startNamedTunnelProxy({ 'wiki.test': '127.0.0.1' });
    const viaProxy = createUndiciTransport({ proxyUrl: proxy.url }, {});
    const bypassing = createUndiciTransport({ proxyUrl: proxy.url, noProxy: ['wiki.test'] }, {});
    const endpoint = byName(env.sandbox.importEndpoint);
    try {
      assert.equal((await send({ endpoint, token: env.token, transport: viaProxy })).kind, 'created');
      assert.deepEqual(proxy.tunnels, [new URL(endpoint).host]);
      // Past the proxy this machine cannot resolve wiki.test: the request fails before connecting.
      const bypassed = await send({ endpoint, token: env.token, target: { pageTitle: 'Other' }, transport: bypassing, ...instantRetries() });
      assert.equal(bypassed.kind, 'network');
      assert.equal(bypassed.mayHaveLanded, false);
      assert.equal(proxy.tunnels.length, 1);
    } finally {
      await Promise.all([viaProxy.close(), bypassing.close(), proxy.close()]);
    }
  });

  it('honours HTTPS_PROXY / NO_PROXY from the environment when VS Code has no proxy setting', async () => {
    const proxy = await startNamedTunnelProxy({ 'wiki.test': '127.0.0.1' });
    const fromEnv = createUndiciTransport({}, { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url });
    try {
      assert.equal((await send({ endpoint: byName(env.sandbox.importEndpoint), token: env.token, transport: fromEnv })).kind, 'created');
      assert.equal(proxy.tunnels.length, 1);
    } finally {
      await Promise.all([fromEnv.close(), proxy.close()]);
    }
  });

  it('never sends a loopback endpoint through the proxy, whatever noProxy says', async () => {
    const proxy = await startNamedTunnelProxy();
    const fromSettings = createUndiciTransport({ proxyUrl: proxy.url }, {});
    const fromEnv = createUndiciTransport({}, { HTTPS_PROXY: proxy.url, HTTP_PROXY: proxy.url, NO_PROXY: 'example.com' });
    try {
      assert.equal((await send({ endpoint: env.sandbox.importEndpoint, token: env.token, transport: fromSettings })).kind, 'created');
      const second = await send({ endpoint: env.sandbox.importEndpoint, token: env.token, target: { pageTitle: 'Other' }, transport: fromEnv });
      assert.equal(second.kind, 'created');
      assert.deepEqual([proxy.tunnels, proxy.forwarded], [[], []], 'the proxy saw nothing');
    } finally {
      await Promise.all([fromSettings.close(), fromEnv.close(), proxy.close()]);
    }
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}
