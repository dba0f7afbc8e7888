// The sandbox's API-token registry: HS256 JWTs signed with a per-sandbox random key, checked the way
// spec 5.1 describes (401 unknown/malformed, 403 verification or expiry, 402 license).
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { bearerCredential, parseJsonObject } from './sandboxHttp';

export type TokenLifetime = '1d' | '3d' | '1w' | '2w' | '30d';

export interface IssueTokenOptions {
  label?: string;
  lifetime?: TokenLifetime;
  owner?: string;
  issuedAt?: number;
  expiresAt?: number;
  badSignature?: boolean;
  /** A token whose claims do not name its user (no `sub`): the service knows its owner, a client cannot tell it. */
  withoutSubject?: boolean;
}

export interface IssuedToken { token: string; label: string; owner: string; issuedAt: number; expiresAt: number }

const DAY_MS = 24 * 60 * 60 * 1000;
export const TOKEN_LIFETIMES_MS: Readonly<Record<TokenLifetime, number>> = {
  '1d': DAY_MS, '3d': 3 * DAY_MS, '1w': 7 * DAY_MS, '2w': 14 * DAY_MS, '30d': 30 * DAY_MS,
};
const LABEL_RULE = /^[A-Za-z0-9_-]{3,50}$/;
const BASE64URL_PART = /^[A-Za-z0-9_-]+$/;
const ALLOWED_CLOCK_SKEW_MS = 60_000;

interface RegisteredToken { label: string; owner: string; licenseActive: boolean }

/** What the import endpoint needs to know after the token check. */
export type TokenCheck =
  | { ok: true; owner: string }
  | { ok: false; status: 401 | 402 | 403; message: string };

const MISSING_HEADER =
  'Error: Unauthorized - Missing or invalid authorization header. Please provide a valid Bearer token.';

export class TokenRegistry {
  private readonly signingKey = randomBytes(32);
  // Tokens asked to carry a bad signature are signed with this key, which the check never accepts.
  private readonly wrongKey = randomBytes(32);
  private readonly byJti = new Map<string, RegisteredToken>();
  private readonly jtiByLabel = new Map<string, string>();
  private licenseActive = true;
  private generatedLabels = 0;

  constructor(private readonly now: () => number) {}

  setLicenseActive(active: boolean): void {
    this.licenseActive = active;
  }

  issue(options: IssueTokenOptions = {}): IssuedToken {
    const label = options.label ?? this.nextFreeLabel();
    if (typeof label !== 'string' || !LABEL_RULE.test(label)) {
      throw new Error('A token label must be 3 to 50 letters, digits, hyphens or underscores.');
    }
    if (this.jtiByLabel.has(label)) throw new Error(`A token labelled "${label}" already exists.`);
    const lifetime = options.lifetime ?? '30d';
    const lifetimeMs = TOKEN_LIFETIMES_MS[lifetime];
    if (lifetimeMs === undefined) throw new Error(`Unknown token lifetime "${String(lifetime)}"; use 1d, 3d, 1w, 2w or 30d.`);
    const owner = options.owner ?? 'alice';
    const issuedAt = options.issuedAt ?? this.now();
    const expiresAt = options.expiresAt ?? issuedAt + lifetimeMs;
    // The control listener passes JSON straight through, so the types are not guaranteed here.
    if (typeof owner !== 'string' || owner === '') throw new Error('A token owner must be a non-empty string.');
    if (!Number.isFinite(issuedAt) || !Number.isFinite(expiresAt)) throw new Error('issuedAt and expiresAt must be ms epoch numbers.');
    const jti = randomUUID();
    const header = encodeJson({ alg: 'HS256', typ: 'JWT' });
    const claims = encodeJson({
      ...(options.withoutSubject ? {} : { sub: owner }), label, jti, iat: Math.floor(issuedAt / 1000), exp: Math.floor(expiresAt / 1000),
    });
    const signingInput = `${header}.${claims}`;
    const key = options.badSignature ? this.wrongKey : this.signingKey;
    this.byJti.set(jti, { label, owner, licenseActive: this.licenseActive });
    this.jtiByLabel.set(label, jti);
    return { token: `${signingInput}.${sign(key, signingInput)}`, label, owner, issuedAt, expiresAt };
  }

  /** Forgets the token at once; unknown labels are ignored so revoking twice is harmless. */
  revoke(label: string): void {
    const jti = this.jtiByLabel.get(label);
    if (jti === undefined) return;
    this.jtiByLabel.delete(label);
    this.byJti.delete(jti);
  }

  clear(): void {
    this.byJti.clear();
    this.jtiByLabel.clear();
    this.licenseActive = true;
    this.generatedLabels = 0;
  }

  check(authorization: string | undefined): TokenCheck {
    const bearer = bearerCredential(authorization);
    if (bearer === undefined) return { ok: false, status: 401, message: MISSING_HEADER };
    const parsed = parseJwt(bearer);
    if (!parsed) {
      return { ok: false, status: 401, message: 'Error: Unauthorized - The token is not in the expected format (a signed JWT).' };
    }
    const registered = typeof parsed.claims.jti === 'string' ? this.byJti.get(parsed.claims.jti) : undefined;
    if (!registered) {
      return { ok: false, status: 401, message: 'Error: Unauthorized - The token is not known to this service (it may have been deleted).' };
    }
    if (parsed.header.alg !== 'HS256' || !signatureMatches(this.signingKey, parsed.signingInput, parsed.signature)) {
      return { ok: false, status: 403, message: 'Error: Forbidden - The token could not be verified.' };
    }
    const { exp, iat } = parsed.claims;
    const now = this.now();
    if (typeof exp !== 'number' || exp * 1000 <= now) {
      return { ok: false, status: 403, message: 'Error: Forbidden - The token has expired. Please create a new token.' };
    }
    if (typeof iat !== 'number' || iat * 1000 > now + ALLOWED_CLOCK_SKEW_MS) {
      return { ok: false, status: 403, message: 'Error: Forbidden - The token is not valid yet. Please check your system clock.' };
    }
    if (!registered.licenseActive) {
      return { ok: false, status: 402, message: 'Error: License Expired - The token was created while the license was inactive.' };
    }
    return { ok: true, owner: registered.owner };
  }

  private nextFreeLabel(): string {
    let label: string;
    do label = `token-${++this.generatedLabels}`;
    while (this.jtiByLabel.has(label));
    return label;
  }
}

interface ParsedJwt {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
  signingInput: string;
  signature: string;
}

function parseJwt(token: string): ParsedJwt | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => BASE64URL_PART.test(part))) return undefined;
  const [headerPart, claimsPart, signature] = parts as [string, string, string];
  const header = parseJsonObject(Buffer.from(headerPart, 'base64url').toString('utf8'));
  const claims = parseJsonObject(Buffer.from(claimsPart, 'base64url').toString('utf8'));
  if (!header || !claims) return undefined;
  return { header, claims, signingInput: `${headerPart}.${claimsPart}`, signature };
}

function encodeJson(value: object): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

function sign(key: Buffer, signingInput: string): string {
  return createHmac('sha256', key).update(signingInput).digest('base64url');
}

function signatureMatches(key: Buffer, signingInput: string, signature: string): boolean {
  const expected = Buffer.from(sign(key, signingInput));
  const actual = Buffer.from(signature);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
