// What a transport rejects with when no HTTP answer came: one Error whose message says what went wrong
// ("connect ECONNREFUSED 127.0.0.1:443", not fetch's bare "fetch failed") and whose `cause` keeps the original
// chain, so callers can still read the system error code.

import { englishNetworkMessages, type NetworkMessages } from '../messages/networkMessages';

/** Errors raised before a connection to the server existed: nothing was sent, so the server cannot have acted. */
const CONNECT_PHASE_CODES = new Set([
  'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT',
  // A certificate the client does not trust ends the TLS handshake before any request byte is sent.
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT', 'CERT_HAS_EXPIRED', 'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_WIKI_NOT_SENT',
  // The proxy closed or never answered the CONNECT (proxy.ts): the request never reached the wiki.
  'ERR_WIKI_PROXY_TUNNEL',
]);

/** Failures that trying again cannot mend: the certificate is not trusted, or the transport refused to send. */
const PERMANENT_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT', 'CERT_HAS_EXPIRED', 'ERR_TLS_CERT_ALTNAME_INVALID', 'ERR_WIKI_NOT_SENT',
]);

/** True when the failure will be the same on every attempt (an untrusted certificate): no automatic retry. */
export function failsEveryTime(error: unknown): boolean {
  for (const link of causeChain(error)) if (PERMANENT_CODES.has(codeOf(link))) return true;
  return false;
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
    if (CONNECT_PHASE_CODES.has(codeOf(link)) || TUNNEL_REFUSED.test(link.message)) return true;
  }
  return false;
}

/** Wraps a network failure: the innermost message that says something, with its code, and the original as `cause`. */
export function networkError(error: unknown, messages: NetworkMessages = englishNetworkMessages): Error {
  const innermostFirst = [...causeChain(error)].reverse();
  // A failure this code named itself (a proxy's tunnel that did not open) says more than the socket error inside it.
  const telling = innermostFirst.find((link) => codeOf(link).startsWith('ERR_WIKI_')) ??
    innermostFirst.find((link) => link.message.trim() !== '' && link.message !== 'fetch failed');
  const code = innermostFirst.map(codeOf).find((candidate) => candidate !== '');
  let message = telling?.message ?? (error instanceof Error ? error.message : String(error));
  if (code && !message.includes(code)) message = message ? `${message} (${code})` : code;
  return new Error(message || messages.requestFailed(), { cause: error });
}
