// The command line behind a proxy: with HTTPS_PROXY set the CLI tunnels through the proxy; a loopback endpoint still
// goes direct. Only a request through the proxy loads undici (dist/cliHttp.js); the rest go through Node's own https.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { startNamedTunnelProxy, type NamedTunnelProxy } from '../support/namedTunnelProxy';
import { createTestCertificates } from '../support/testCertificates';
import { assertBuilt, runCli } from './cliHarness';

describe('CLI behind a proxy', () => {
  let tlsWiki: Sandbox;
  let proxy: NamedTunnelProxy;
  let dir: string;
  let caFile: string;

  before(async () => {
    assertBuilt();
    const certificates = createTestCertificates();
    tlsWiki = await startSandbox({ tls: certificates });
    proxy = await startNamedTunnelProxy({ 'wiki.test': '127.0.0.1' });
    dir = await mkdtemp(join(tmpdir(), 'wp-cli-proxy-'));
    caFile = join(dir, 'ca.pem');
    await writeFile(caFile, certificates.caCert);
    await writeFile(join(dir, 'a.md'), '# Through the proxy\n\nText.\n');
  });
  after(async () => {
    await Promise.all([tlsWiki.close(), proxy.close(), rm(dir, { recursive: true, force: true })]);
  });

  // Preloaded with NODE_OPTIONS=--require: at exit, prints whether the CLI's undici bundle was loaded.
  const bundleProbe = async (): Promise<Record<string, string>> => {
    const probe = join(dir, 'bundles.js');
    await writeFile(probe, "process.on('exit', () => process.stderr.write('CLIHTTP ' + Object.keys(require.cache).some((file) => file.endsWith('cliHttp.js')) + '\\n'));\n");
    return { NODE_OPTIONS: `--require ${probe}` };
  };
  const loadedUndici = (stderr: string): boolean | undefined => {
    const seen = /^CLIHTTP (true|false)$/m.exec(stderr)?.[1];
    return seen === undefined ? undefined : seen === 'true';
  };

  it('tunnels through HTTPS_PROXY to an https wiki, and sends a loopback wiki direct', async () => {
    const token = tlsWiki.issueToken().token;
    // wiki.test is a name only the proxy resolves: the run can only succeed through it. The test CA is trusted the
    // way a CI job trusts an internal CA: NODE_EXTRA_CA_CERTS.
    const endpoint = tlsWiki.importEndpoint.replace('//127.0.0.1:', '//wiki.test:');
    const env = { WIKI_PUBLISHER_ENDPOINT: endpoint, WIKI_PUBLISHER_API_TOKEN: token, HTTPS_PROXY: proxy.url, NODE_EXTRA_CA_CERTS: caFile };
    const run = await runCli(['publish', 'a.md', '--space', 'DOCS', '--parent', '123456'], { cwd: dir, env });
    assert.equal(run.code, 0, run.stderr || run.stdout);
    assert.deepEqual(proxy.tunnels, [`wiki.test:${new URL(endpoint).port}`]);
    assert.ok(tlsWiki.findPageByTitle('DOCS', '123456', 'Through the proxy'));

    const direct = { ...env, WIKI_PUBLISHER_ENDPOINT: tlsWiki.importEndpoint };
    const again = await runCli(['publish', 'a.md', '--space', 'DOCS', '--parent', '123456', '--overwrite'], { cwd: dir, env: direct });
    assert.equal(again.code, 0, again.stderr || again.stdout);
    assert.equal(proxy.tunnels.length, 1, 'the loopback endpoint went direct, not through the proxy');
    assert.deepEqual(tlsWiki.imports.map((entry) => entry.status), [201, 200]);
  });

  it('a proxy variable that is no proxy address is a configuration error (exit 2, its value not shown): nothing sent, no send marked', async () => {
    const token = tlsWiki.issueToken().token;
    const endpoint = tlsWiki.importEndpoint.replace('//127.0.0.1:', '//wiki.test:');
    const before = tlsWiki.imports.length;
    // A path, a query or a fragment: undici refuses every request through such a proxy ("invalid url").
    const address = new URL(proxy.url);
    const withMore = [`${address.origin}/s3cret-pw`, `${address.origin}?s3cret-pw`, `${address.origin}/?s3cret-pw`, `${address.origin}?`, `${address.origin}#s3cret-pw`];
    for (const bad of ['http://ciuser:s3cret-pw@127.0.0.1:notaport', 'proxy.example.com:3128', ...withMore]) {
      const env = { WIKI_PUBLISHER_ENDPOINT: endpoint, WIKI_PUBLISHER_API_TOKEN: token, HTTPS_PROXY: bad, NODE_EXTRA_CA_CERTS: caFile };
      const run = await runCli(['publish', 'a.md', '--space', 'DOCS', '--parent', '123456', '--overwrite', '--state', 'proxy-state.json'], { cwd: dir, env });
      assert.equal(run.code, 2, `${bad}: ${run.stdout}${run.stderr}`);
      assert.match(run.stderr, /HTTPS_PROXY is not a proxy address such as http:\/\/proxy\.example\.com:3128 \(its value is not shown: it may hold a password\)/);
      assert.ok(!(run.stdout + run.stderr).includes('s3cret-pw') && !(run.stdout + run.stderr).includes('notaport'), 'the value is not shown');
    }
    assert.equal(tlsWiki.imports.length, before, 'nothing sent');
    await assert.rejects(readFile(join(dir, 'proxy-state.json')), 'no state written, so no send marked as one that may have landed');
  });

  it('loads undici only for a request through the proxy', async () => {
    const token = tlsWiki.issueToken().token;
    const probe = await bundleProbe();
    const direct = { WIKI_PUBLISHER_ENDPOINT: tlsWiki.importEndpoint, WIKI_PUBLISHER_API_TOKEN: token, NODE_EXTRA_CA_CERTS: caFile, ...probe };
    // After the test above: the page exists, and the proxy has tunnelled once.
    const before = { imports: tlsWiki.imports.length, tunnels: proxy.tunnels.length };
    const plain = await runCli(['publish', 'a.md', '--space', 'DOCS', '--parent', '123456', '--overwrite'], { cwd: dir, env: direct });
    assert.equal(plain.code, 0, plain.stderr || plain.stdout);
    assert.equal(loadedUndici(plain.stderr), false, 'no proxy: Node\'s own https sent it');
    const proxied = { ...direct, WIKI_PUBLISHER_ENDPOINT: tlsWiki.importEndpoint.replace('//127.0.0.1:', '//wiki.test:'), HTTPS_PROXY: proxy.url };
    const tunnelled = await runCli(['publish', 'a.md', '--space', 'DOCS', '--parent', '123456', '--overwrite'], { cwd: dir, env: proxied });
    assert.equal(tunnelled.code, 0, tunnelled.stderr || tunnelled.stdout);
    assert.equal(loadedUndici(tunnelled.stderr), true, 'through the proxy: undici');
    assert.deepEqual(tlsWiki.imports.slice(before.imports).map((entry) => entry.status), [200, 200]);
    assert.equal(proxy.tunnels.length, before.tunnels + 1, 'only the second run went through the proxy');
  });
});
