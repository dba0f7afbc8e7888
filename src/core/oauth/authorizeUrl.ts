// The authorization request of the three-legged flow (spec 5.2.3-5.2.4).

/** Both export scopes plus offline_access, without which no refresh token is issued. */
export const EXPORT_SCOPES = ['export:markdown:custom', 'read:platform-app:wiki', 'offline_access'] as const;

export interface AuthorizeUrlParams {
  authUrl: string;
  clientId: string;
  redirectUri: string;
  state: string;
  codeChallenge: string;
}

export function buildAuthorizeUrl(params: AuthorizeUrlParams): string {
  const url = new URL(joinPath(params.authUrl, '/authorize'));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', params.clientId);
  url.searchParams.set('redirect_uri', params.redirectUri);
  url.searchParams.set('scope', EXPORT_SCOPES.join(' '));
  url.searchParams.set('state', params.state);
  url.searchParams.set('code_challenge', params.codeChallenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

/** Appends a path to a base address that may or may not end with a slash. */
export function joinPath(base: string, path: string): string {
  return base.replace(/\/+$/, '') + path;
}
