// Turns one token endpoint answer into a value. invalid_grant is recognised by the JSON `error` field
// whatever the status, because the real platform answers a dead refresh token with 403, not 400.
import { answerTooLargeLimit, megabytesOf } from '../http/networkError';
import { describeError } from '../log/redact';
import { ExportAuthError, type SignInSentence } from './errors';
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

const INVALID_GRANT_MESSAGES: Record<GrantType, SignInSentence> = {
  refresh_token: (m) => m.refreshTokenRefused(),
  authorization_code: (m) => m.codeRefused(),
};

export function classifyTokenResponse(status: number, body: string, retryAfterMs?: number, grantType: GrantType = 'refresh_token'): TokenResult {
  const json = parseJsonObject(body);
  const oauthError = text(json?.error);
  if (oauthError === 'invalid_grant') return fail(new ExportAuthError('invalidGrant', INVALID_GRANT_MESSAGES[grantType], { status }));
  if (status === 429) {
    const details = retryAfterMs === undefined ? { status } : { status, retryAfterMs };
    return fail(new ExportAuthError('rateLimited', (m) => m.rateLimited(), details));
  }
  if (status >= 500) return fail(new ExportAuthError('serverError', (m) => m.providerFailed(status), { status }));
  if (oauthError === 'invalid_client' || status === 401) {
    return fail(new ExportAuthError('invalidClient', (m) => m.clientRejected(status), { status }));
  }
  if (!json) {
    const sentence: SignInSentence = body.trim() ? (m) => m.notJson(status) : (m) => m.emptyBody(status);
    return fail(new ExportAuthError('protocol', sentence, { status }));
  }
  if (status >= 300 && status < 400) {
    return fail(new ExportAuthError('protocol', (m) => m.redirected(status), { status }));
  }
  if (oauthError || status >= 400) {
    const code = oauthError?.replace(/[^a-z_]/gi, '');
    return fail(new ExportAuthError('protocol', (m) => (code !== undefined ? m.refusedWithCode(status, code) : m.refused(status)), { status }));
  }
  const accessToken = text(json.access_token);
  if (!accessToken) return fail(new ExportAuthError('protocol', (m) => m.noAccessToken(status), { status }));
  const refreshToken = text(json.refresh_token);
  const scope = text(json.scope);
  return { ok: true, tokens: { accessToken, ...(refreshToken ? { refreshToken } : {}), ...(scope ? { scope } : {}) } };
}

export function networkFailure(error: unknown, deadlinePassed: boolean): TokenResult {
  if (deadlinePassed) return fail(new ExportAuthError('network', (m) => m.providerTimedOut()));
  // The provider answered, past what a token request reads: no failure to reach it, and no reason to try again.
  const limitBytes = answerTooLargeLimit(error);
  if (limitBytes !== undefined) return fail(new ExportAuthError('protocol', (m) => m.providerAnswerTooLarge(megabytesOf(limitBytes))));
  return fail(new ExportAuthError('network', (m) => m.providerUnreachable(describeError(error))));
}
