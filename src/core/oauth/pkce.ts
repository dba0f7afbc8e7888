// PKCE (RFC 7636) and the anti-CSRF `state` for the authorization code flow (reliability requirement 8).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export interface PkcePair {
  verifier: string;
  challenge: string;
  method: 'S256';
}

/** A verifier from 32 random bytes (43 base64url characters) and its S256 challenge. */
export function createPkcePair(): PkcePair {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: s256Challenge(verifier), method: 'S256' };
}

export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** A fresh, unguessable `state` for one authorization request. */
export function createState(): string {
  return randomBytes(32).toString('base64url');
}

/** Constant-time string equality, so a forged callback cannot probe `state` byte by byte. */
export function constantTimeEquals(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  // timingSafeEqual needs equal lengths; comparing against itself keeps the work constant.
  if (left.length !== right.length) {
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}
