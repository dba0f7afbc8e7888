// The command line's network. Without a proxy, Node's own fetch: it is part of Node, so a CI run compiles no HTTP
// client of its own (the bundled undici would cost a tenth of a second of start-up). Node 20's fetch ignores
// HTTPS_PROXY, so with a proxy in the environment the bundled undici carries the requests, with HTTPS_PROXY and
// NO_PROXY, and loopback never through the proxy. Either way redirects are never followed.
import { platformFetchTransport } from '../core/http/fetchTransport';
import type { Transport } from '../core/http/transport';
import type * as ProxyTransport from './proxyTransport';

export interface CliTransport extends Transport {
  close(): Promise<void>;
}

const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'];

export function proxyConfigured(env: NodeJS.ProcessEnv): boolean {
  return PROXY_VARIABLES.some((name) => (env[name] ?? '').trim() !== '');
}

export function cliTransport(env: NodeJS.ProcessEnv): CliTransport {
  if (proxyConfigured(env)) {
    // A plain require on purpose: scripts/build.mjs turns it into a runtime require of dist/cliProxy.js.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const proxied = require('./proxyTransport') as typeof ProxyTransport;
    return proxied.createUndiciTransport({}, env);
  }
  const fetchTransport = platformFetchTransport();
  return { name: fetchTransport.name, send: (request) => fetchTransport.send(request), close: async () => undefined };
}
