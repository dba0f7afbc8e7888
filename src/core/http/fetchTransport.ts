// A transport over a WHATWG fetch function. In the editor that is the extension host's global fetch, which
// VS Code replaces with one that applies the user's proxy (http.proxy, PAC, system proxy), http.noProxy and the
// operating system's trusted certificates; in plain Node it is Node's own fetch, which uses no proxy.
import type { NetworkMessages } from '../messages/networkMessages';
import { readCappedBody } from './cappedBody';
import { networkError } from './networkError';
import { bodyText, type HttpRequest, type HttpResponse, type Transport } from './transport';

export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;

export interface FetchTransportOptions {
  /** For the log: "vscode", "fetch". */
  name: string;
  /**
   * The fetch to use for a destination. The editor answers with an unproxied fetch for a loopback address that
   * its proxying fetch would send to the proxy.
   */
  fetchFor(url: URL): FetchFunction;
  /** The words of a failure that says nothing itself; English when not given. */
  messages?: NetworkMessages;
}

export function createFetchTransport(options: FetchTransportOptions): Transport {
  return {
    name: options.name,
    async send(request: HttpRequest): Promise<HttpResponse> {
      const url = new URL(request.url);
      let response: Response;
      try {
        response = await options.fetchFor(url)(url.toString(), {
          method: request.method,
          headers: request.headers,
          ...(request.body === undefined ? {} : { body: bodyText(request.body) }),
          ...(request.signal ? { signal: request.signal } : {}),
          // A 3xx comes back as the answer: a token-bearing request must never be replayed to the Location.
          redirect: 'manual',
        });
      } catch (error) {
        throw networkError(error, options.messages);
      }
      const headers: Record<string, string> = Object.fromEntries(response.headers);
      return {
        status: response.status,
        headers,
        text: () => readBody(response, request.maxResponseBytes, headers['content-length'], options.messages)
          .catch((error: unknown) => Promise.reject(networkError(error, options.messages))),
      };
    },
  };
}

/** The body up to the request's limit; the stream is cancelled past it (leaving the for-await loop cancels a locked one). */
function readBody(response: Response, limitBytes: number, contentLength: string | undefined, messages: NetworkMessages | undefined): Promise<string> {
  const body = response.body;
  if (body === null) return Promise.resolve('');
  const stop = (): void => {
    if (!body.locked) body.cancel().catch(() => undefined);
  };
  return readCappedBody(body, { limitBytes, contentLength, stop, ...(messages ? { messages } : {}) });
}

let platformTransport: Transport | undefined;

/**
 * The default where a caller passes no transport (tests, tools in plain Node): Node's global fetch, which uses no
 * proxy. The editor always passes its own transport (src/editor/net/editorTransport.ts).
 */
export function platformFetchTransport(): Transport {
  platformTransport ??= createFetchTransport({ name: 'fetch', fetchFor: () => globalThis.fetch });
  return platformTransport;
}
