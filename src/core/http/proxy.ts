import { EnvHttpProxyAgent, Pool, type Dispatcher } from 'undici';
import { englishNetworkMessages } from '../messages/networkMessages';
import { proxyConfigured, type ProxySettings } from './proxyEnvironment';

export type { ProxySettings };

/** What a proxy may take before a request's own deadline would have ended it anyway. */
export interface ProxyTimeouts {
  /** The deadline of one request (the command line's --timeout): the CONNECT and the answer's headers share it. */
  requestTimeoutMs?: number;
}

/** undici's own bound on a TCP connect, kept when the request's deadline is longer. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The dispatcher for requests that may go through a proxy, or undefined when no proxy is configured anywhere.
 * `settings` wins over HTTPS_PROXY / HTTP_PROXY; NO_PROXY adds to `settings.noProxy`. Certificate checks stay on.
 * Loopback addresses never reach this dispatcher (see undiciTransport.ts).
 */
export function createProxyDispatcher(settings: ProxySettings, env: NodeJS.ProcessEnv = process.env, timeouts: ProxyTimeouts = {}): Dispatcher | undefined {
  const proxyUrl = settings.proxyUrl?.trim();
  if (!proxyConfigured(settings, env)) return undefined;
  const noProxy = [...(settings.noProxy ?? []), env.NO_PROXY ?? env.no_proxy ?? '']
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0)
    .join(',');
  // A proxy that never answers the CONNECT would hold the tunnel for undici's own 300 s: the request's deadline bounds
  // the CONNECT's answer and the wiki's headers alike (the body is bounded by the caller's deadline, timedSend.ts).
  const deadline = timeouts.requestTimeoutMs;
  const bounds = deadline === undefined ? {} : { headersTimeout: deadline, connectTimeout: Math.min(deadline, CONNECT_TIMEOUT_MS) };
  // The CONNECT's answer gives up a little before the request's deadline, so an unanswered one is reported as what it
  // is (the request never reached the wiki), not as a deadline that leaves open whether the page was published.
  const tunnelBounds = deadline === undefined ? {} : { ...bounds, headersTimeout: Math.max(1, Math.floor(deadline * 0.8)) };
  return new EnvHttpProxyAgent({
    httpProxy: proxyUrl || env.HTTP_PROXY || env.http_proxy,
    httpsProxy: proxyUrl || env.HTTPS_PROXY || env.https_proxy,
    noProxy,
    ...bounds,
    clientFactory: (origin: URL, options: object): Dispatcher => tunnelFailsItsRequest(new Pool(origin, { ...options, ...tunnelBounds })),
  });
}

/**
 * The client to the proxy itself, whose CONNECT failures end the request that waits for the tunnel. undici reads a
 * socket error during the CONNECT (a proxy that closes it at once) as a lost connection to retry, so the request
 * stays queued and the CONNECT is sent again in a tight loop, over a thousand times a second, ignoring the request's
 * abort (nodejs/undici#3897, fixed upstream by #5441 in undici 8, which needs a newer Node than we support). Giving the
 * failure a code of its own makes undici fail the waiting request; the run's own retries, with their backoff, decide
 * whether to try again.
 */
function tunnelFailsItsRequest(proxyClient: Pool): Pool {
  const connect = proxyClient.connect.bind(proxyClient) as (options: Dispatcher.ConnectOptions) => Promise<Dispatcher.ConnectData>;
  return Object.assign(proxyClient, {
    connect: (options: Dispatcher.ConnectOptions) => connect(options).catch((error: unknown) => Promise.reject(tunnelNotOpened(error))),
  });
}

// English: only the command line sends through undici's proxy (the editor's transport is VS Code's fetch).
function tunnelNotOpened(error: unknown): Error {
  const detail = error instanceof Error ? error.message : String(error);
  return Object.assign(new Error(englishNetworkMessages.proxyTunnelNotOpened(detail), { cause: error }), { code: 'ERR_WIKI_PROXY_TUNNEL' });
}
