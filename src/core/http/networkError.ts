// What a transport rejects with when no HTTP answer came: one Error whose message says what went wrong
// ("connect ECONNREFUSED 127.0.0.1:443", not fetch's bare "fetch failed") and whose `cause` keeps the original
// chain, so callers can still read the system error code.

import { englishNetworkMessages, type NetworkMessages } from '../messages/networkMessages';

/** Failures that trying again cannot mend: the certificate is not trusted, or the transport refused to send. */
const PERMANENT_CODES = new Set([
  // A certificate the client does not trust ends the TLS handshake before any request byte is sent.
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT', 'CERT_HAS_EXPIRED', 'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_WIKI_NOT_SENT',
  // undici refused the request's arguments (a proxy address with a path: "invalid url") before sending anything.
  'UND_ERR_INVALID_ARG',
]);

/** Errors raised before a connection to the server existed: nothing was sent, so the server cannot have acted. */
const CONNECT_PHASE_CODES = new Set([
  'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT',
  // The proxy closed or never answered the CONNECT (proxy.ts): the request never reached the wiki.
  'ERR_WIKI_PROXY_TUNNEL',
  ...PERMANENT_CODES,
]);

/**
 * A TLS protocol failure: Node's EPROTO (its http and https modules), OpenSSL's ERR_SSL_* (undici, fetch). The request is
 * written only once the handshake is done, and these come from the handshake (an https:// address on a port that speaks
 * plain HTTP, no protocol version or cipher in common): nothing was sent.
 */
function isTlsProtocolFailure(error: Error): boolean {
  const code = codeOf(error);
  return code === 'EPROTO' || code.startsWith('ERR_SSL_');
}

/** OpenSSL's reason ("wrong version number"): its own field, or read from its one-line text "...:error:0A00010B:SSL routines:ssl3_get_record:wrong version number:file:line:". */
function tlsReason(error: Error): string {
  const { reason } = error as Error & { reason?: unknown };
  if (typeof reason === 'string') return reason;
  return /error:[0-9A-F]+:[^:]*:[^:]*:([^:\n]+)/i.exec(error.message)?.[1]?.trim() ?? '';
}

/** Reasons OpenSSL gives when the other side answered the handshake with something that is not TLS (plain HTTP). */
const NOT_TLS = /wrong version number|packet length too long|http request|unknown protocol/i;

/** One line for a failed TLS handshake, without OpenSSL's codes and source paths. */
function tlsFailureMessage(error: Error, messages: NetworkMessages): string {
  const reason = tlsReason(error);
  return NOT_TLS.test(reason) ? messages.notHttps() : messages.tlsHandshakeFailed(reason);
}

/** True when the failure will be the same on every attempt (an untrusted certificate, a port without TLS): no automatic retry. */
export function failsEveryTime(error: unknown): boolean {
  for (const link of causeChain(error)) {
    if (PERMANENT_CODES.has(codeOf(link)) || (isTlsProtocolFailure(link) && NOT_TLS.test(tlsReason(link)))) return true;
  }
  return false;
}

const ANSWER_TOO_LARGE = 'ERR_WIKI_ANSWER_TOO_LARGE';

/** An answer's body past the request's maxResponseBytes: the request was sent and answered, the answer not read. */
export function answerTooLargeError(limitBytes: number, messages: NetworkMessages = englishNetworkMessages): Error {
  return Object.assign(new Error(messages.answerTooLarge(megabytesOf(limitBytes))), { code: ANSWER_TOO_LARGE, limitBytes });
}

/** The limit an answer went past (answerTooLargeError), or undefined for any other failure. */
export function answerTooLargeLimit(error: unknown): number | undefined {
  for (const link of causeChain(error)) {
    const { limitBytes } = link as Error & { limitBytes?: unknown };
    if (codeOf(link) === ANSWER_TOO_LARGE && typeof limitBytes === 'number') return limitBytes;
  }
  return undefined;
}

/** A limit as the messages say it: whole megabytes (MiB), never 0. */
export function megabytesOf(bytes: number): number {
  return Math.max(1, Math.round(bytes / (1024 * 1024)));
}

/** An error for a request a transport refused to send at all (it counts as "never connected"). */
export function notSentError(message: string): Error {
  return Object.assign(new Error(message), { code: 'ERR_WIKI_NOT_SENT' });
}

// undici's words when a proxy refuses the CONNECT tunnel (it carries no dedicated code).
const TUNNEL_REFUSED = /when HTTP Tunneling/;

function* causeChain(error: unknown): Generator<Error> {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 8; current = current.cause, depth++) {
    yield current;
    // Happy-eyeballs connects (localhost -> ::1 and 127.0.0.1) fail with an AggregateError of both attempts.
    if (current instanceof AggregateError) yield* current.errors.filter((inner): inner is Error => inner instanceof Error);
  }
}

function codeOf(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  return typeof code === 'string' ? code : '';
}

/** True when the request failed before a connection to the server was made (refused, unknown host, untrusted certificate). */
export function failedBeforeConnecting(error: unknown): boolean {
  for (const link of causeChain(error)) {
    if (CONNECT_PHASE_CODES.has(codeOf(link)) || isTlsProtocolFailure(link) || TUNNEL_REFUSED.test(link.message)) return true;
  }
  return false;
}

/** Wraps a network failure: the innermost message that says something, with its code, and the original as `cause`. */
export function networkError(error: unknown, messages: NetworkMessages = englishNetworkMessages): Error {
  const innermostFirst = [...causeChain(error)].reverse();
  const tls = innermostFirst.find(isTlsProtocolFailure);
  if (tls) return new Error(tlsFailureMessage(tls, messages), { cause: error });
  // A failure this code named itself (a proxy's tunnel that did not open) says more than the socket error inside it.
  const telling = innermostFirst.find((link) => codeOf(link).startsWith('ERR_WIKI_')) ??
    innermostFirst.find((link) => link.message.trim() !== '' && link.message !== 'fetch failed');
  const code = innermostFirst.map(codeOf).find((candidate) => candidate !== '');
  let message = telling?.message ?? (error instanceof Error ? error.message : String(error));
  if (code && !message.includes(code)) message = message ? `${message} (${code})` : code;
  return new Error(message || messages.requestFailed(), { cause: error });
}
