// The transport of the command-line tool and the tests: undici's request() with the environment's proxy
// (HTTPS_PROXY / HTTP_PROXY / NO_PROXY) or the given proxy settings. request() follows no redirects (undici
// follows them only through an interceptor, and none is added), so a 3xx comes back as the answer.
import { Agent, request, type Dispatcher } from 'undici';
import { isLoopbackAddress } from './endpoint';
import { readCappedBody } from './cappedBody';
import { networkError } from './networkError';
import { createProxyDispatcher, type ProxySettings, type ProxyTimeouts } from './proxy';
import { bodyText, type HttpRequest, type HttpResponse, type Transport } from './transport';

export interface UndiciTransport extends Transport {
  /** Closes the pooled connections; the transport refuses requests afterwards. */
  close(): Promise<void>;
}

export function createUndiciTransport(settings: ProxySettings = {}, env: NodeJS.ProcessEnv = process.env, timeouts: ProxyTimeouts = {}): UndiciTransport {
  const direct = new Agent();
  const proxied = createProxyDispatcher(settings, env, timeouts);
  // Loopback goes direct whatever NO_PROXY says: through a proxy it would reach the proxy machine's own loopback.
  const dispatcherFor = (url: URL): Dispatcher => (proxied && !isLoopbackAddress(url.hostname) ? proxied : direct);
  return {
    name: 'undici',
    async send(httpRequest: HttpRequest): Promise<HttpResponse> {
      const url = new URL(httpRequest.url);
      try {
        const response = await request(url, {
          method: httpRequest.method,
          headers: httpRequest.headers,
          body: httpRequest.body === undefined ? null : bodyText(httpRequest.body),
          signal: httpRequest.signal ?? null,
          dispatcher: dispatcherFor(url),
        });
        const headers = joinRepeated(response.headers);
        const read = { limitBytes: httpRequest.maxResponseBytes, contentLength: headers['content-length'], stop: () => response.body.destroy() };
        return {
          status: response.statusCode,
          headers,
          text: () => readCappedBody(response.body, read).catch((error: unknown) => Promise.reject(networkError(error))),
        };
      } catch (error) {
        throw networkError(error);
      }
    },
    // Destroyed, not closed: close() waits for every queued request, and one a proxy holds (a CONNECT never answered)
    // would hold the end of the run; the callers' deadlines have already given up on any request still queued.
    async close() {
      await Promise.all([direct.destroy(), proxied?.destroy()]);
    },
  };
}

/** undici gives a repeated header as an array; fetch joins the values with ", ". Both transports answer alike. */
function joinRepeated(headers: Record<string, string | string[] | undefined>): Record<string, string | undefined> {
  const joined: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(headers)) joined[name] = Array.isArray(value) ? value.join(', ') : value;
  return joined;
}
