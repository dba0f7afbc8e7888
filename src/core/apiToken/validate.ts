// Checks a pasted import API token before it is stored (reliability requirement 3). Problems come back
// as values with a message for people; no message contains any part of the token, and nothing throws.
// jwt-decode does not verify signatures: the claims read here drive display and scheduling, never trust.
import { jwtDecode } from 'jwt-decode';
import type { TokenMessages } from '../messages/tokenMessages';
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

// Header, payload and signature: three non-empty base64url segments without padding (RFC 7515).
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** Reads exp and iat without judging expiry; undefined when the token does not decode or lacks them. */
export function decodeApiTokenClaims(token: string): ApiTokenClaims | undefined {
  const decoded = decodePayload(token.trim());
  return decoded.kind === 'claims' ? decoded.claims : undefined;
}

/** Trims (pasting adds newlines) and accepts only an unexpired JWT with numeric exp and iat. Every refusal says
 *  where tokens are made, so the message is also the way out. */
export function validateApiToken(raw: string, now: number, messages: TokenMessages): ApiTokenValidation {
  const token = raw.trim();
  if (token === '') return refuse('empty', messages.tokenEmpty());
  const decoded = decodePayload(token);
  switch (decoded.kind) {
    case 'notJwt':
      return refuse('notJwt', decoded.reason === 'shape' ? messages.notJwtShape() : decoded.reason === 'payload' ? messages.notJwtPayload() : messages.notJwtObject());
    case 'missingClaims':
      return refuse('missingClaims', messages.missingClaims());
    case 'claims':
      if (decoded.claims.exp * 1000 <= now) return refuse('expired', messages.tokenExpired(formatUtc(decoded.claims.exp * 1000, messages)));
      return { ok: true, token, claims: decoded.claims };
  }
}

type DecodedPayload =
  | { kind: 'notJwt'; reason: 'shape' | 'payload' | 'object' }
  | { kind: 'missingClaims' }
  | { kind: 'claims'; claims: ApiTokenClaims };

function decodePayload(token: string): DecodedPayload {
  if (!JWT_SHAPE.test(token)) {
    return { kind: 'notJwt', reason: 'shape' };
  }
  let payload: unknown;
  try {
    payload = jwtDecode<unknown>(token);
  } catch {
    // jwt-decode's own message names the failing part only, but we never pass library text through.
    return { kind: 'notJwt', reason: 'payload' };
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    return { kind: 'notJwt', reason: 'object' };
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
