// The command line's transport for a request that goes direct (no proxy configured, or a loopback address): Node's own
// http and https modules with a keep-alive agent per protocol. undici, which the command line used for every request,
// parses answers with a WebAssembly build of llhttp: loading it (a 1 MB bundle) and compiling that module took about
// 90 ms of a run and 50 MB of its peak memory (a publish of one 100 KB file peaked at 95 MB against 44 MB for
// `--version`; issue 84). Node's parser is built in. undici stays for the proxied requests (cli/transport.ts).
// The transport's rules (transport.ts): no redirect is followed (these modules follow none), the signal ends the request
// and its body at once, and a failure keeps the system error code in its cause chain (networkError.ts).
import type * as Http from 'node:http';
import type { Agent, ClientRequest, IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { answerTooLargeError, networkError, notSentError } from './networkError';
import type { HttpRequest, HttpResponse, PiecewiseBody, Transport } from './transport';

export interface NodeHttpTransport extends Transport {
  /** Closes the pooled connections; the transport refuses requests afterwards. */
  close(): Promise<void>;
}

/**
 * Node's http or https module, required when the first request of its protocol goes out: loaded with the command line,
 * the two were 2 MB of its memory before it read a file, and a run sends over one protocol (a dry run over none).
 */
function protocolModule(secure: boolean): Pick<typeof Http, 'Agent' | 'request'> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return secure ? (require('node:https') as typeof import('node:https')) : (require('node:http') as typeof Http);
}

/** Requests that change nothing on the server, so sending one again is safe. */
const READS = new Set(['GET', 'HEAD']);

export function createNodeHttpTransport(): NodeHttpTransport {
  // Idle pooled sockets do not hold the process open (Node unrefs them), and the server's Keep-Alive hint is honoured.
  // One agent per protocol, made with its first request.
  const agents: { http?: Agent; https?: Agent } = {};
  const agentFor = (secure: boolean): Agent => {
    const made = secure ? agents.https : agents.http;
    if (made) return made;
    const agent = new (protocolModule(secure).Agent)({ keepAlive: true });
    if (secure) agents.https = agent;
    else agents.http = agent;
    return agent;
  };
  let closed = false;
  return {
    name: 'node',
    send(request: HttpRequest): Promise<HttpResponse> {
      // Node's own terse words, as its errors have them: these are no sentences for a user.
      if (closed) return Promise.reject(notSentError('connection pool closed'));
      const url = new URL(request.url);
      const secure = url.protocol === 'https:';
      if (!secure && url.protocol !== 'http:') return Promise.reject(notSentError(`unsupported protocol ${url.protocol}`));
      const { signal } = request;
      if (signal?.aborted) return Promise.reject(networkError(abortReason(signal)));
      const whole = typeof request.body === 'string' ? Buffer.from(request.body, 'utf8') : undefined;
      const pieces = typeof request.body === 'object' ? request.body : undefined;
      const headers: Record<string, string> = { ...request.headers };
      if (whole) headers['content-length'] = String(whole.length);
      if (pieces) headers['content-length'] = String(pieces.byteLength);
      const attempt = (onFreshConnection: boolean): Promise<HttpResponse> => new Promise<HttpResponse>((resolve, reject) => {
        const outgoing = protocolModule(secure).request(url, { method: request.method, headers, agent: agentFor(secure) });
        const onAbort = (): void => {
          outgoing.destroy(abortReason(signal));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        outgoing.once('error', (error: NodeJS.ErrnoException) => {
          signal?.removeEventListener('abort', onAbort);
          // A pooled connection the server closed while it sat idle (its keep-alive timeout, as a long plan passed):
          // the request never reached it. A read goes again once, on a new connection; an import is the client's to
          // retry, since its body may have gone out.
          if (!onFreshConnection && outgoing.reusedSocket && READS.has(request.method) && !signal?.aborted && (error.code === 'ECONNRESET' || error.code === 'EPIPE')) {
            resolve(attempt(true));
            return;
          }
          reject(networkError(error));
        });
        outgoing.once('response', (incoming) => {
          signal?.removeEventListener('abort', onAbort);
          resolve({ status: incoming.statusCode ?? 0, headers: joinRepeated(incoming.headers), text: () => readText(incoming, signal, request.maxResponseBytes) });
        });
        if (pieces) writePieces(outgoing, pieces);
        else outgoing.end(whole);
      });
      return attempt(false);
    },
    close(): Promise<void> {
      closed = true;
      agents.http?.destroy();
      agents.https?.destroy();
      return Promise.resolve();
    },
  };
}

/**
 * A piecewise body written a piece at a time, the next made only once the socket took the last: a 5 MB page's JSON is
 * never whole in memory, as a string or as bytes. A request ended meanwhile (an abort, a lost connection) stops the
 * writing; its failure comes through the request's 'error', as for any body.
 */
function writePieces(outgoing: ClientRequest, body: PiecewiseBody): void {
  const pieces = body.pieces()[Symbol.iterator]();
  const writeSome = (): void => {
    for (;;) {
      if (outgoing.destroyed) return;
      const next = pieces.next();
      if (next.done === true) {
        outgoing.end();
        return;
      }
      if (!outgoing.write(next.value, 'utf8')) {
        outgoing.once('drain', writeSome);
        return;
      }
    }
  };
  writeSome();
}

/**
 * The whole body as UTF-8, decoded once from its bytes (a character split between two chunks stays whole). Past
 * `limitBytes` the response is destroyed, not read on (cappedBody.ts says why).
 */
function readText(incoming: IncomingMessage, signal: AbortSignal | undefined, limitBytes: number): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const settle = (error: unknown, text?: string): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      if (error === undefined) resolve(text ?? '');
      else reject(networkError(error));
    };
    const onAbort = (): void => {
      const reason = abortReason(signal);
      incoming.destroy(reason);
      settle(reason);
    };
    if (signal?.aborted) {
      onAbort();
      return;
    }
    const tooLarge = (): void => {
      const error = answerTooLargeError(limitBytes);
      incoming.destroy(error);
      settle(error);
    };
    if (Number(incoming.headers['content-length']) > limitBytes) {
      tooLarge();
      return;
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    incoming.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > limitBytes) tooLarge();
      else chunks.push(chunk);
    });
    incoming.once('end', () => settle(undefined, Buffer.concat(chunks, received).toString('utf8')));
    incoming.once('error', (error) => settle(error));
    // A connection that ends before the body does: 'close' without 'end'.
    incoming.once('close', () => {
      if (!incoming.complete) settle(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
    });
  });
}

function abortReason(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error ? reason : Object.assign(new Error('aborted'), { name: 'AbortError', code: 'ABORT_ERR' });
}

/** Node gives a repeated header as an array (set-cookie) or joined; fetch joins the values with ", ". All transports answer alike. */
function joinRepeated(headers: IncomingHttpHeaders): Record<string, string | undefined> {
  const joined: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(headers)) joined[name] = Array.isArray(value) ? value.join(', ') : value;
  return joined;
}
