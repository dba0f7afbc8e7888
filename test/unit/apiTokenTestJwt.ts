// Builds JWT-shaped test tokens: base64url JSON header and payload plus a dummy signature.
// Not a test file itself (no .test suffix); the apiToken*.test.ts files import it.

export function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

export function makeJwt(payload: unknown, signature = 'c2lnbmF0dXJlLW5vdC1jaGVja2Vk'): string {
  return `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}.${signature}`;
}

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** A token issued `issuedAgoMs` before `now` that expires `expiresInMs` after it. */
export function tokenTimes(now: number, issuedAgoMs: number, expiresInMs: number): { iat: number; exp: number } {
  return { iat: Math.floor((now - issuedAgoMs) / 1000), exp: Math.floor((now + expiresInMs) / 1000) };
}
