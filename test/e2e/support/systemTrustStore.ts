// Makes a test CA trusted the way Linux trusts a CA for every program that reads the operating system's store:
// by its presence in /etc/ssl/certs/ca-certificates.crt, the bundle update-ca-certificates writes. VS Code 1.100
// reads exactly that file (@vscode/proxy-agent, readLinuxCaCertificates) when http.systemCertificates is on (the
// default). Node's own TLS, and so an undici bundled into an extension, does not read it: Node uses its compiled-in
// roots plus NODE_EXTRA_CA_CERTS. This machine's environment points NODE_EXTRA_CA_CERTS at that same bundle, so the
// launched processes run without it, as on a usual desktop: only VS Code's own reading of the store can then help.
//
// The machine's real bundle is never touched: code-server runs in a private mount namespace in which a copy of the
// bundle with the CA appended is bind-mounted over the real path. The mount lives and dies with that process tree,
// so there is nothing to clean up but the copy in the test's own temp folder.
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import type { LaunchWrapper } from './codeServer';

export const LINUX_TRUST_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';

export interface PrivateTrustStore {
  /** Starts a command in its own mount namespace that sees the CA in LINUX_TRUST_BUNDLE. */
  launch: LaunchWrapper;
  /** Runs `node -e script args...` the same way and resolves with its stdout (asynchronously: servers of this process must answer it). */
  runNode(script: string, args: string[]): Promise<string>;
}

/** `unset`: more environment variables the launched processes must not see (a proxy from the runner's environment). */
export function privateTrustStoreWith(caCert: string, dir: string, unset: readonly string[] = []): PrivateTrustStore {
  if (!fs.existsSync(LINUX_TRUST_BUNDLE)) throw new Error(`${LINUX_TRUST_BUNDLE} does not exist: this test needs a Debian-style trust store.`);
  const bundle = path.join(dir, 'ca-certificates.crt');
  fs.writeFileSync(bundle, `${fs.readFileSync(LINUX_TRUST_BUNDLE, 'utf8').trimEnd()}\n${caCert}`);
  // As root a new mount namespace is enough; otherwise a user namespace that maps the caller to root inside it.
  const asRoot = process.getuid?.() === 0;
  const dropped = ['NODE_EXTRA_CA_CERTS', ...unset].filter((name) => /^\w+$/.test(name)).join(' ');
  const launch: LaunchWrapper = (command, args) => ({
    command: 'unshare',
    args: [
      ...(asRoot ? [] : ['--map-root-user']), '--mount', '--propagation', 'private', '--',
      '/bin/sh', '-c', `mount --bind "$1" "$2" || exit 97; unset ${dropped}; shift 2; exec "$@"`, 'sh', bundle, LINUX_TRUST_BUNDLE, command, ...args,
    ],
  });
  return {
    launch,
    async runNode(script, args) {
      const { command, args: wrapped } = launch(process.execPath, ['-e', script, ...args]);
      return (await promisify(execFile)(command, wrapped, { encoding: 'utf8', timeout: 30_000 })).stdout;
    },
  };
}
