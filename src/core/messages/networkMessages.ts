// What a transport says when a request failed and nothing in the failure says why (no message, no code): the rest
// of a network failure is the system's own words ("connect ECONNREFUSED 127.0.0.1:443").

export interface NetworkMessages {
  requestFailed(): string;
}

export const englishNetworkMessages: NetworkMessages = {
  requestFailed: () => 'The network request failed.',
};
