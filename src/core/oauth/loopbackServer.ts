// The redirect target of the sign-in (RFC 8252 section 7.3, reliability requirement 9): bound to 127.0.0.1
// only, listening before the browser opens, one accepted callback, closed after it, after 5 minutes, or on
// cancel. A callback with a wrong or missing `state` gets a 400 page and does not end the wait, so a forged
// request cannot abort a real sign-in.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { englishSignInMessages, type SignInMessages } from '../messages/signInMessages';
import { ExportAuthError } from './errors';
import { constantTimeEquals } from './pkce';

export const CALLBACK_PATH = '/callback';
export const SIGN_IN_WAIT_MS = 5 * 60 * 1000;

export interface LoopbackServerOptions {
  /** 0 picks any free port. */
  port: number;
  expectedState: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** The pages' words: the editor's catalogue speaks the user's language; English when not given. */
  messages?: SignInMessages;
}

export interface LoopbackServer {
  readonly redirectUri: string;
  /** The address actually bound, for tests and diagnostics: always 127.0.0.1. */
  readonly boundAddress: string;
  readonly port: number;
  /** Resolves with the authorization code; rejects with ExportAuthError denied / signInTimeout / cancelled / protocol. */
  readonly code: Promise<string>;
  close(): Promise<void>;
}

/** True only for the loopback addresses a local browser connects from. */
export function isLoopbackPeer(remoteAddress: string | undefined): boolean {
  if (!remoteAddress) return false;
  return remoteAddress === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(remoteAddress);
}

/** A translation is text, never markup. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(rawTitle: string, rawMessage: string): string {
  const title = escapeHtml(rawTitle);
  const message = escapeHtml(rawMessage);
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head>` +
    `<body style="font-family:sans-serif;margin:3em"><h1>${title}</h1><p>${message}</p></body></html>`;
}

function pages(m: SignInMessages): Record<'done' | 'denied' | 'failed' | 'badState' | 'notFound', string> {
  return {
    done: page(m.pageSignedInTitle(), m.pageSignedIn()),
    denied: page(m.pageDeniedTitle(), m.pageDenied()),
    failed: page(m.pageFailedTitle(), m.pageFailed()),
    badState: page(m.pageBadStateTitle(), m.pageBadState()),
    notFound: page(m.pageNotFoundTitle(), m.pageNotFound()),
  };
}

export async function startLoopbackServer(options: LoopbackServerOptions): Promise<LoopbackServer> {
  let settle: { resolve(code: string): void; reject(error: ExportAuthError): void } | undefined;
  const code = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  // Callers may only look at `code` after an earlier failure; never let that be an unhandled rejection.
  code.catch(() => undefined);
  let finished = false;
  const PAGES = pages(options.messages ?? englishSignInMessages);

  const server = http.createServer((req, res) => {
    const send = (status: number, html: string): void => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', connection: 'close' });
      res.end(html);
    };
    if (!isLoopbackPeer(req.socket.remoteAddress)) {
      res.writeHead(403, { connection: 'close' }).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || url.pathname !== CALLBACK_PATH || finished) return send(404, PAGES.notFound);
    const state = url.searchParams.get('state');
    if (!state || !constantTimeEquals(state, options.expectedState)) return send(400, PAGES.badState);
    const error = url.searchParams.get('error');
    const authCode = url.searchParams.get('code');
    if (error === 'access_denied') {
      send(200, PAGES.denied);
      finish(new ExportAuthError('denied', (m) => m.accessDenied()));
    } else if (error || !authCode) {
      send(400, PAGES.failed);
      const reason = error ? error.replace(/[^a-z_]/gi, '') : undefined;
      finish(new ExportAuthError('protocol', (m) => (reason !== undefined ? m.signInEnded(reason) : m.signInEndedWithoutCode())));
    } else {
      send(200, PAGES.done);
      finish(authCode);
    }
  });

  const timer = setTimeout(
    () => finish(new ExportAuthError('signInTimeout', (m) => m.signInTimedOut())),
    options.timeoutMs ?? SIGN_IN_WAIT_MS,
  );
  timer.unref();
  const onAbort = (): void => finish(new ExportAuthError('cancelled', (m) => m.signInCancelled()));

  function finish(outcome: string | ExportAuthError): void {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
    if (typeof outcome === 'string') settle?.resolve(outcome);
    else settle?.reject(outcome);
    // Let the answer page reach the browser, then drop every connection.
    server.close();
    setImmediate(() => server.closeAllConnections());
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // Never all interfaces: another machine must not be able to reach the callback.
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  }).catch((error: NodeJS.ErrnoException) => {
    clearTimeout(timer);
    throw new ExportAuthError('config', (m) => m.cannotListen(options.port, error.code ?? 'error'));
  });
  if (options.signal?.aborted) onAbort();
  else options.signal?.addEventListener('abort', onAbort, { once: true });

  const closed = new Promise<void>((resolve) => server.once('close', () => resolve()));
  const address = server.address() as AddressInfo;
  return {
    redirectUri: `http://127.0.0.1:${address.port}${CALLBACK_PATH}`,
    boundAddress: address.address,
    port: address.port,
    code,
    close: async () => {
      finish(new ExportAuthError('cancelled', (m) => m.signInCancelled()));
      await closed;
    },
  };
}
