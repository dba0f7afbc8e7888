// What a transport says when a request failed and the failure's own words would not tell a user why: no message, a
// proxy's tunnel that did not open.
// The rest of a network failure is the system's own words ("connect ECONNREFUSED 127.0.0.1:443").

export interface NetworkMessages {
  requestFailed(): string;
  /** `detail`: the system's words, "other side closed". */
  proxyTunnelNotOpened(detail: string): string;
}

export const englishNetworkMessages: NetworkMessages = {
  requestFailed: () => 'The network request failed.',
  proxyTunnelNotOpened: (detail) => `the proxy did not open a tunnel to the wiki: ${detail}`,
};
