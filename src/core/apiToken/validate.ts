// Checks a pasted import API token before it is stored (reliability requirement 3). Problems come back
// as values with a message for people; no message contains any part of the token, and nothing throws.
// jwt-decode does not verify signatures: the claims read here drive display and scheduling, never trust.
import { jwtDecode } from 'jwt-decode';
import { formatUtc } from './timeText';

/** The claims the service's tokens carry (spec 2.3), in Unix seconds as JWTs write them. */
export interface ApiTokenClaims {
  exp: number;
  iat: number;
}

export type ApiTokenProblem = 'empty' | 'notJwt' | 'missingClaims' | 'expired';

export type ApiTokenValidation =
  | { ok: true; token: string; claims: ApiTokenClaims }
  | { ok: false; problem: ApiTokenProblem; message: string };

/** Where a person makes a new token; every refusal says it so the message is also the way out. */
export const WHERE_TOKENS_ARE_MADE = 'the wiki app\'s settings, tab "API"';

// Header, payload and signature: three non-empty base64url segments without padding (RFC 7515).
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** Reads exp and iat without judging expiry; undefined when the token does not decode or lacks them. */
export function decodeApiTokenClaims(token: string): ApiTokenClaims | undefined {
  const decoded = decodePayload(token.trim());
  return decoded.kind === 'claims' ? decoded.claims : undefined;
}

/** Trims (pasting adds newlines) and accepts only an unexpired JWT with numeric exp and iat. */
export function validateApiToken(raw: string, now: number): ApiTokenValidation {
  const token = raw.trim();
  if (token === '') {
    return refuse('empty', `The API token is empty. Paste the token shown when it was created in ${WHERE_TOKENS_ARE_MADE}.`);
  }
  const decoded = decodePayload(token);
  switch (decoded.kind) {
    case 'notJwt':
      return refuse('notJwt', `This is not an API token: ${decoded.reason} Copy the whole token from ${WHERE_TOKENS_ARE_MADE}.`);
    case 'missingClaims':
      return refuse(
        'missingClaims',
        'This is not an API token: it does not carry numeric "exp" (expiry) and "iat" (issued at) claims. ' +
          `Create a token in ${WHERE_TOKENS_ARE_MADE}.`,
      );
    case 'claims':
      if (decoded.claims.exp * 1000 <= now) {
        return refuse(
          'expired',
          `This API token expired on ${formatUtc(decoded.claims.exp * 1000)}. ` +
            `Tokens cannot be extended; create a new one in ${WHERE_TOKENS_ARE_MADE}.`,
        );
      }
      return { ok: true, token, claims: decoded.claims };
  }
}

type DecodedPayload =
  | { kind: 'notJwt'; reason: string }
  | { kind: 'missingClaims' }
  | { kind: 'claims'; claims: ApiTokenClaims };

function decodePayload(token: string): DecodedPayload {
  if (!JWT_SHAPE.test(token)) {
    return { kind: 'notJwt', reason: 'it should be three parts of letters, digits, "-" and "_" separated by dots.' };
  }
  let payload: unknown;
  try {
    payload = jwtDecode<unknown>(token);
  } catch {
    // jwt-decode's own message names the failing part only, but we never pass library text through.
    return { kind: 'notJwt', reason: 'its middle part is not readable JSON.' };
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    return { kind: 'notJwt', reason: 'its middle part is not a JSON object.' };
  }
  const { exp, iat } = payload as Record<string, unknown>;
  if (!isFiniteNumber(exp) || !isFiniteNumber(iat)) return { kind: 'missingClaims' };
  return { kind: 'claims', claims: { exp, iat } };
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function refuse(problem: ApiTokenProblem, message: string): ApiTokenValidation {
  return { ok: false, problem, message };
}
