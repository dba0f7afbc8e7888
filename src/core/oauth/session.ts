// The stored export session. The JWT is decoded without verification (reliability requirement 4): its
// claims only drive scheduling and display.
import { randomUUID } from 'node:crypto';
import { jwtDecode } from 'jwt-decode';
import { parseJsonObject } from '../util/json';
import { EXPORT_SCOPES } from './authorizeUrl';
import type { TokenResponse } from './tokenResponse';

export const SESSION_SECRET_KEY = 'wikiPublisher.export.session';

/** Refresh when less than this remains (spec 5.2.8). */
export const REFRESH_MARGIN_MS = 5 * 60 * 1000;
/** A refresh token dies after this long without a refresh (spec 5.2.7). */
export const REFRESH_INACTIVITY_MS = 90 * 24 * 60 * 60 * 1000;
/** Warn this long before the inactivity expiry. */
export const INACTIVITY_WARNING_MS = 10 * 24 * 60 * 60 * 1000;

export interface ExportSession {
  accessToken: string;
  refreshToken: string;
  /** From the access token's `exp`, in ms since the epoch. */
  accessExpiresAt: number;
  /** The last successful sign-in or refresh, in ms since the epoch. */
  lastRefreshAt: number;
  scopes: string[];
  account?: string;
  /**
   * Which sign-in this session descends from (a random id, no secret) and how many rotations since: what windows
   * on different machines can compare, where their clocks cannot. Absent in sessions stored by earlier versions.
   */
  signInId?: string;
  rotations?: number;
}

interface AccessClaims {
  exp?: unknown;
  iat?: unknown;
  sub?: unknown;
  email?: unknown;
  name?: unknown;
}

/**
 * Reads `exp` (and `iat` and an account label) from an access token; undefined when it is not a JWT with a numeric
 * exp. Both times are the identity provider's clock.
 */
export function readAccessClaims(accessToken: string): { expiresAt: number; issuedAt?: number; account?: string } | undefined {
  let claims: AccessClaims;
  try {
    claims = jwtDecode<AccessClaims>(accessToken);
  } catch {
    return undefined;
  }
  if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) return undefined;
  const account = [claims.email, claims.name, claims.sub].find((v): v is string => typeof v === 'string' && v.length > 0);
  const issuedAt = typeof claims.iat === 'number' && Number.isFinite(claims.iat) ? claims.iat * 1000 : undefined;
  return { expiresAt: claims.exp * 1000, ...(issuedAt !== undefined ? { issuedAt } : {}), ...(account ? { account } : {}) };
}

/** Spec 5.2.2; assumed only when an access token carries no readable `exp`. */
const ACCESS_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/**
 * Builds the session that replaces `previous` after a token response. A response without a refresh token
 * keeps the previous one; returns undefined when there is no refresh token at all.
 */
export function sessionFromTokens(tokens: TokenResponse, now: number, previous?: ExportSession): ExportSession | undefined {
  const refreshToken = tokens.refreshToken || previous?.refreshToken;
  if (!refreshToken) return undefined;
  // The server has already rotated, so an odd access token must not cost us the new refresh token.
  const claims: { expiresAt: number; account?: string } = readAccessClaims(tokens.accessToken) ?? { expiresAt: now + ACCESS_TOKEN_LIFETIME_MS };
  const scopes = tokens.scope ? tokens.scope.split(' ').filter(Boolean) : (previous?.scopes ?? [...EXPORT_SCOPES]);
  const account = claims.account ?? previous?.account;
  // A rotation continues its sign-in's lineage; a sign-in (or a session stored before lineages) starts one.
  const continues = previous?.signInId !== undefined && previous.rotations !== undefined;
  return {
    accessToken: tokens.accessToken,
    refreshToken,
    accessExpiresAt: claims.expiresAt,
    lastRefreshAt: now,
    scopes,
    ...(account ? { account } : {}),
    signInId: continues ? previous.signInId : randomUUID(),
    rotations: continues ? (previous.rotations ?? 0) + 1 : previous ? 1 : 0,
  };
}

export function serializeSession(session: ExportSession): string {
  return JSON.stringify(session);
}

/** Parses a stored session; anything malformed counts as no session. */
export function parseSession(raw: string | undefined): ExportSession | undefined {
  const v = raw ? parseJsonObject(raw) : undefined;
  if (!v) return undefined;
  if (typeof v.accessToken !== 'string' || typeof v.refreshToken !== 'string' || !v.refreshToken) return undefined;
  if (typeof v.accessExpiresAt !== 'number' || typeof v.lastRefreshAt !== 'number') return undefined;
  const scopes = Array.isArray(v.scopes) ? v.scopes.filter((s): s is string => typeof s === 'string') : [];
  return {
    accessToken: v.accessToken,
    refreshToken: v.refreshToken,
    accessExpiresAt: v.accessExpiresAt,
    lastRefreshAt: v.lastRefreshAt,
    scopes,
    ...(typeof v.account === 'string' ? { account: v.account } : {}),
    ...(typeof v.signInId === 'string' && v.signInId && typeof v.rotations === 'number' && Number.isSafeInteger(v.rotations) && v.rotations >= 0
      ? { signInId: v.signInId, rotations: v.rotations }
      : {}),
  };
}

export function isAccessTokenFresh(session: ExportSession, now: number): boolean {
  return session.accessExpiresAt - now > REFRESH_MARGIN_MS;
}

export function refreshTokenInactivityExpiry(session: ExportSession): number {
  return session.lastRefreshAt + REFRESH_INACTIVITY_MS;
}

export function needsInactivityWarning(session: ExportSession, now: number): boolean {
  return refreshTokenInactivityExpiry(session) - now < INACTIVITY_WARNING_MS;
}
