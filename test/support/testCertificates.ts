// A throw-away certificate authority and a server certificate it signed, made with the openssl command (node:crypto
// cannot sign X.509 certificates). Nothing trusts this CA unless a test makes it trusted; its key is deleted at once.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCertificates {
  /** The CA certificate (PEM): what a test adds to a trust store. */
  caCert: string;
  /** The server's private key and certificate (PEM), for startSandbox({ tls }). */
  key: string;
  cert: string;
}

export interface CertificateNames {
  dns: readonly string[];
  ips: readonly string[];
}

export const DEFAULT_NAMES: CertificateNames = { dns: ['wiki.test', 'localhost'], ips: ['127.0.0.1'] };

export function createTestCertificates(names: CertificateNames = DEFAULT_NAMES): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'wp-test-ca-'));
  const file = (name: string): string => join(dir, name);
  const openssl = (...args: string[]): void => void execFileSync('openssl', args, { stdio: 'pipe' });
  try {
    openssl('req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
      '-subj', '/CN=Wiki Publisher Test CA', '-keyout', file('ca.key'), '-out', file('ca.pem'),
      '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
    openssl('req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-subj', `/CN=${names.dns[0] ?? 'wiki.test'}`,
      '-keyout', file('server.key'), '-out', file('server.csr'));
    const altNames = [...names.dns.map((name) => `DNS:${name}`), ...names.ips.map((ip) => `IP:${ip}`)].join(',');
    writeFileSync(file('server.ext'), `subjectAltName=${altNames}\nextendedKeyUsage=serverAuth\nbasicConstraints=CA:FALSE\n`);
    openssl('x509', '-req', '-in', file('server.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial',
      '-days', '2', '-extfile', file('server.ext'), '-out', file('server.pem'));
    return { caCert: readFileSync(file('ca.pem'), 'utf8'), key: readFileSync(file('server.key'), 'utf8'), cert: readFileSync(file('server.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
