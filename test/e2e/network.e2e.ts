// Issue 7, part 4: the extension sends through the network stack VS Code gives extensions. A proxy set only in
// VS Code's user settings (http.proxy) carries the publish to an https wiki whose certificate comes from a CA that
// only the operating system's trust store holds (see support/systemTrustStore.ts), and a loopback wiki never goes
// through that proxy. A bundled HTTP client would fail both: it knows neither http.proxy's tunnel to a name only
// the proxy resolves, nor the system store.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { startSandbox } from '../sandbox/server';
import { startNamedTunnelProxy, type NamedTunnelProxy } from '../support/namedTunnelProxy';
import { createTestCertificates, type TestCertificates } from '../support/testCertificates';
import { DOCS_HOME, targetedFile } from './support/docs';
import { useSessions } from './support/harness';
import { clickPublishButton } from './support/publishFlow';
import { SANDBOX_BODIES } from './support/sandboxBodies';
import { LINUX_TRUST_BUNDLE, privateTrustStoreWith, type PrivateTrustStore } from './support/systemTrustStore';
import { notification, notificationMessage, openFile } from './support/workbench';

const TARGET = { ...DOCS_HOME, pageTitle: 'Network notes', overwrite: false };
const FILES = { 'network.md': targetedFile(TARGET) };
/** A name no resolver on this machine knows; only the test proxy resolves it, to the sandbox on 127.0.0.1. */
const WIKI_HOST = 'wiki.test';

describe('Network: proxy and certificates from VS Code', function () {
  const sessions = useSessions();
  let certificates: TestCertificates;
  let tempDir: string;
  let trust: PrivateTrustStore;
  let proxy: NamedTunnelProxy;

  before(function () {
    certificates = createTestCertificates({ dns: [WIKI_HOST, 'localhost'], ips: ['127.0.0.1'] });
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wp-e2e-trust-'));
    // Only the user setting http.proxy may name a proxy here, not the test runner's environment.
    trust = privateTrustStoreWith(certificates.caCert, tempDir, ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy']);
  });
  after(function () {
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  });
  beforeEach(async function () {
    proxy = await startNamedTunnelProxy({ [WIKI_HOST]: '127.0.0.1' });
  });
  afterEach(async function () {
    await proxy.close();
  });

  /** Publishes network.md with the title button; returns the first notification: the success or an error. */
  async function publishAndRead(page: Page): Promise<string> {
    await openFile(page, 'network.md');
    await clickPublishButton(page);
    const success = notification(page, SANDBOX_BODIES.created);
    const failure = notification(page, /could not|failed|error/i).filter({ has: page.locator('.codicon-error') });
    await success.or(failure).first().waitFor();
    return notificationMessage(success.or(failure).first());
  }

  it('publishes through the proxy set only in http.proxy, to an https wiki signed by a CA only the OS trusts', async function () {
    const { page, sandbox } = await sessions.start({
      files: FILES,
      sandbox: { tls: { key: certificates.key, cert: certificates.cert } },
      launch: trust.launch,
      settings: { 'http.proxy': proxy.url },
      beforeStart: (wiki) => ({
        envToken: wiki.issueToken().token,
        settings: { 'wikiPublisher.importEndpoint': wiki.importEndpoint.replace('//127.0.0.1:', `//${WIKI_HOST}:`) },
      }),
    });
    assert.ok((await publishAndRead(page)).endsWith(`(${SANDBOX_BODIES.created})`));
    const port = new URL(sandbox.importEndpoint).port;
    assert.deepEqual(proxy.tunnels, [`${WIKI_HOST}:${port}`], 'the request went through the proxy, as a tunnel to the wiki name');
    assert.deepEqual(sandbox.imports.map((entry) => entry.status), [201]);
  });

  it('never sends a loopback wiki through http.proxy (and still trusts the OS store on the direct path)', async function () {
    const { page, sandbox } = await sessions.start({
      files: FILES,
      sandbox: { tls: { key: certificates.key, cert: certificates.cert } },
      launch: trust.launch,
      settings: { 'http.proxy': proxy.url },
      beforeStart: (wiki) => ({ envToken: wiki.issueToken().token }),
    });
    assert.match(sandbox.importEndpoint, /^https:\/\/127\.0\.0\.1:/);
    assert.ok((await publishAndRead(page)).endsWith(`(${SANDBOX_BODIES.created})`));
    assert.deepEqual({ tunnels: proxy.tunnels, forwarded: proxy.forwarded }, { tunnels: [], forwarded: [] }, 'the proxy saw nothing');
    assert.deepEqual(sandbox.imports.map((entry) => entry.status), [201]);
  });

  it('control: the same trust store does not make Node\'s own TLS (a bundled undici) trust the CA', async function () {
    const wiki = await startSandbox({ tls: { key: certificates.key, cert: certificates.cert } });
    try {
      const script = `
        const fs = require('node:fs');
        const { request } = require(process.argv[1]);
        const seen = fs.readFileSync(${JSON.stringify(LINUX_TRUST_BUNDLE)}, 'utf8').includes(process.argv[2]);
        request(process.argv[3]).then(
          () => console.log(JSON.stringify({ seen, error: null })),
          (error) => console.log(JSON.stringify({ seen, error: error.code ?? error.message })),
        );`;
      const caLine = certificates.caCert.split('\n')[1] ?? '';
      const output = await trust.runNode(script, [require.resolve('undici'), caLine, `${wiki.baseUrl}/`]);
      const result = JSON.parse(output.trim()) as { seen: boolean; error: string | null };
      assert.equal(result.seen, true, 'inside the namespace the OS trust bundle holds the test CA');
      assert.equal(result.error, 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'yet undici in plain Node refuses the certificate');
    } finally {
      await wiki.close();
    }
  });
});
