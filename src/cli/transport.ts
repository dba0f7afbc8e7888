// The command line's network, made when a run first sends. A request goes through Node's own http/https
// (nodeHttpTransport.ts) unless a proxy is configured (HTTPS_PROXY, HTTP_PROXY) and its host is not a loopback address:
// only then is undici loaded (dist/cliHttp.js, see httpClient.ts), which honours the proxy and NO_PROXY. A loopback
// address never goes through a proxy; no redirect is ever followed.
import { isLoopbackAddress } from '../core/http/endpoint';
import { createNodeHttpTransport } from '../core/http/nodeHttpTransport';
import { proxyConfigured } from '../core/http/proxyEnvironment';
import type { HttpRequest, HttpResponse, Transport } from '../core/http/transport';
import type * as HttpClient from './httpClient';

export interface CliTransport extends Transport {
  close(): Promise<void>;
}

/** `requestTimeoutMs`: the run's --timeout, which also bounds a proxy's answer to the CONNECT. */
export function cliTransport(env: NodeJS.ProcessEnv, requestTimeoutMs?: number): CliTransport {
  const direct = createNodeHttpTransport();
  const proxy = proxyConfigured({}, env);
  let proxied: CliTransport | undefined;
  const proxiedTransport = (): CliTransport => {
    // A plain require on purpose: scripts/build.mjs turns it into a runtime require of dist/cliHttp.js.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    proxied ??= (require('./httpClient') as typeof HttpClient).createUndiciTransport({}, env, requestTimeoutMs === undefined ? {} : { requestTimeoutMs });
    return proxied;
  };
  return {
    name: proxy ? 'node, undici through the proxy' : 'node',
    send(request: HttpRequest): Promise<HttpResponse> {
      return proxy && !isLoopbackAddress(new URL(request.url).hostname) ? proxiedTransport().send(request) : direct.send(request);
    },
    async close(): Promise<void> {
      await Promise.all([direct.close(), proxied?.close()]);
    },
  };
}
