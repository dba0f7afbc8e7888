// Turns one token endpoint answer into a value. invalid_grant is recognised by the JSON `error` field
// whatever the status, because the real platform answers a dead refresh token with 403, not 400.
import { describeError } from '../log/redact';
import { ExportAuthError } from './errors';
import { parseJsonObject } from '../util/json';

export interface TokenResponse {
  accessToken: string;
  /** Absent when the server chose not to rotate; the caller keeps the stored one then. */
  refreshToken?: string;
  scope?: string;
}

export type TokenResult = { ok: true; tokens: TokenResponse } | { ok: false; error: ExportAuthError };

function fail(error: ExportAuthError): TokenResult {
  return { ok: false, error };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** Which grant the request presented: invalid_grant means something else for each. */
export type GrantType = 'refresh_token' | 'authorization_code';

const INVALID_GRANT_MESSAGES: Record<GrantType, string> = {
  refresh_token: 'The identity provider no longer accepts the refresh token (invalid_grant).',
  authorization_code:
    'The identity provider refused the sign-in code (invalid_grant): it expired, was already used, or the sign-in took too long. Sign in again.',
};

export function classifyTokenResponse(status: number, body: string, retryAfterMs?: number, grantType: GrantType = 'refresh_token'): TokenResult {
  const json = parseJsonObject(body);
  const oauthError = text(json?.error);
  if (oauthError === 'invalid_grant') return fail(new ExportAuthError('invalidGrant', INVALID_GRANT_MESSAGES[grantType], { status }));
  if (status === 429) {
    const details = retryAfterMs === undefined ? { status } : { status, retryAfterMs };
    return fail(new ExportAuthError('rateLimited', 'The identity provider is rate limiting requests (HTTP 429).', details));
  }
  if (status >= 500) return fail(new ExportAuthError('serverError', `The identity provider failed with HTTP ${status}.`, { status }));
  if (oauthError === 'invalid_client' || status === 401) {
    return fail(new ExportAuthError('invalidClient', `The identity provider rejected the client ID or client secret (HTTP ${status}).`, { status }));
  }
  if (!json) {
    const what = body.trim() ? 'something that is not JSON' : 'an empty body';
    return fail(new ExportAuthError('protocol', `The identity provider answered HTTP ${status} with ${what}.`, { status }));
  }
  if (status >= 300 && status < 400) {
    return fail(new ExportAuthError('protocol', `The token endpoint redirected (HTTP ${status}); redirects are not followed.`, { status }));
  }
  if (oauthError || status >= 400) {
    const code = oauthError ? ` (${oauthError.replace(/[^a-z_]/gi, '')})` : '';
    return fail(new ExportAuthError('protocol', `The identity provider refused the request with HTTP ${status}${code}.`, { status }));
  }
  const accessToken = text(json.access_token);
  if (!accessToken) return fail(new ExportAuthError('protocol', `The token response (HTTP ${status}) has no access_token.`, { status }));
  const refreshToken = text(json.refresh_token);
  const scope = text(json.scope);
  return { ok: true, tokens: { accessToken, ...(refreshToken ? { refreshToken } : {}), ...(scope ? { scope } : {}) } };
}

export function networkFailure(error: unknown, deadlinePassed: boolean): TokenResult {
  if (deadlinePassed) return fail(new ExportAuthError('network', 'The identity provider did not answer in time.'));
  return fail(new ExportAuthError('network', `Could not reach the identity provider: ${describeError(error)}`));
}
