// What a transport says when a request failed and the failure's own words would not tell a user why: no message, a
// proxy's tunnel that did not open, a TLS handshake that failed (OpenSSL's text is a line of codes and a source path), an answer too large to read.
// The rest of a network failure is the system's own words ("connect ECONNREFUSED 127.0.0.1:443").

export interface NetworkMessages {
  requestFailed(): string;
  /** `detail`: the system's words, "other side closed". */
  proxyTunnelNotOpened(detail: string): string;
  /** The TLS handshake met plain HTTP (or another protocol): an https:// address on a port without TLS. */
  notHttps(): string;
  /** `reason`: OpenSSL's reason, "sslv3 alert handshake failure", or empty when it gave none. */
  tlsHandshakeFailed(reason: string): string;
  /** An answer's body past what the request takes (transport.ts maxResponseBytes), not read. */
  answerTooLarge(megabytes: number): string;
}

export const englishNetworkMessages: NetworkMessages = {
  requestFailed: () => 'The network request failed.',
  proxyTunnelNotOpened: (detail) => `the proxy did not open a tunnel to the wiki: ${detail}`,
  notHttps: () => 'the endpoint does not speak HTTPS on that port (TLS handshake failed)',
  tlsHandshakeFailed: (reason) => (reason ? `the TLS handshake failed: ${reason}` : 'the TLS handshake failed'),
  answerTooLarge: (megabytes) => `the answer was larger than ${megabytes} MB, so it was not read`,
};
