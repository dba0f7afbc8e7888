// HS256 JWTs for the sandbox identity provider's access tokens.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface AccessTokenClaims {
  sub: string;
  email: string;
  iat: number;
  exp: number;
  scope: string;
  /** The refresh chain the token belongs to, so revoking a chain also kills its access tokens. */
  chain: string;
  jti: string;
}

function encode(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export function signHs256(claims: AccessTokenClaims, key: Buffer): string {
  const head = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`;
  return `${head}.${createHmac('sha256', key).update(head).digest('base64url')}`;
}

/** The claims when the signature is ours; expiry is the caller's business (it owns the clock). */
export function verifyHs256(token: string, key: Buffer): AccessTokenClaims | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [header, payload, signature] = parts as [string, string, string];
  const expected = createHmac('sha256', key).update(`${header}.${payload}`).digest();
  const actual = Buffer.from(signature, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return undefined;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as AccessTokenClaims;
  } catch {
    return undefined;
  }
}
