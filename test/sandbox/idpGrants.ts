// The sandbox identity provider's memory: authorization codes, refresh-token chains and access tokens,
// with the strict rules of spec 5.2: rotation on every refresh, any reuse of a replaced refresh token
// revokes the whole chain (no grace period), 90 days of inactivity ends a chain. Service accounts get
// access tokens through the client-credentials grant, never a refresh token.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { signHs256, verifyHs256 } from './idpJwt';

export const KNOWN_SCOPES = ['export:markdown:custom', 'read:platform-app:wiki', 'offline_access'];
const CODE_LIFETIME_MS = 10 * 60 * 1000;
const INACTIVITY_MS = 90 * 24 * 60 * 60 * 1000;

export interface IssuedTokens {
  access_token: string;
  refresh_token?: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

/** `status` is what the real platform uses: 403 for a bad refresh token, 400 for a bad code. */
export type GrantOutcome = { ok: true; tokens: IssuedTokens } | { ok: false; status: number; error: string; description: string };

interface PendingCode {
  redirectUri: string;
  challenge: string;
  scopes: string[];
  expiresAt: number;
  used: boolean;
  chainId?: string;
}

interface Chain {
  owner: string;
  scopes: string[];
  revoked: boolean;
  /** The one refresh token of this chain that is still valid. */
  current?: string;
  lastActivityAt: number;
}

/** A platform service account's credential, as an administrator creates it. */
export interface ServiceAccount {
  clientId: string;
  clientSecret: string;
  /** The scopes the credential was given; a token request may narrow them, never widen. */
  scopes: readonly string[];
  /** The `sub` of its tokens: the sandbox wiki shows it the spaces this owner may see. Default: the client ID. */
  owner?: string;
  /** Default: the provider's access token lifetime. */
  accessTokenTtlSeconds?: number;
}

export interface GrantSettings {
  owner: string;
  accessTokenTtlSeconds: number;
  /** false: refresh responses carry no refresh token and the old one stays valid. */
  rotateRefreshTokens: boolean;
}

function randomId(): string {
  return randomBytes(24).toString('base64url');
}

export class IdpGrants {
  private readonly signingKey = randomBytes(32);
  private readonly codes = new Map<string, PendingCode>();
  private readonly chains = new Map<string, Chain>();
  /** Every refresh token ever issued, with its chain; replaced ones stay here so reuse is recognised. */
  private readonly refreshTokens = new Map<string, string>();
  /** By client ID, with the chain its tokens belong to (so revokeAll ends them too). */
  private readonly serviceAccounts = new Map<string, { account: ServiceAccount; chainId: string }>();
  rotations = 0;
  revokedChains = 0;

  constructor(private readonly now: () => number, readonly settings: GrantSettings) {}

  issueCode(redirectUri: string, challenge: string, scopes: string[]): string {
    const code = randomId();
    this.codes.set(code, { redirectUri, challenge, scopes, expiresAt: this.now() + CODE_LIFETIME_MS, used: false });
    return code;
  }

  redeemCode(code: string, redirectUri: string, verifier: string): GrantOutcome {
    const pending = this.codes.get(code);
    if (!pending) return invalidGrant(400, 'Unknown authorization code.');
    if (pending.used) {
      // RFC 6749 4.1.2: a replayed code revokes what it produced.
      if (pending.chainId) this.revokeChain(pending.chainId);
      return invalidGrant(400, 'The authorization code was already used.');
    }
    pending.used = true;
    if (pending.expiresAt < this.now()) return invalidGrant(400, 'The authorization code expired.');
    if (pending.redirectUri !== redirectUri) return invalidGrant(400, 'redirect_uri does not match the authorization request.');
    const challenge = createHash('sha256').update(verifier, 'ascii').digest('base64url');
    if (!verifier || challenge !== pending.challenge) return invalidGrant(400, 'The PKCE code_verifier does not match.');
    const chainId = randomId();
    pending.chainId = chainId;
    this.chains.set(chainId, { owner: this.settings.owner, scopes: pending.scopes, revoked: false, lastActivityAt: this.now() });
    return { ok: true, tokens: this.issue(chainId, true) };
  }

  refresh(refreshToken: string): GrantOutcome {
    const chainId = this.refreshTokens.get(refreshToken);
    const chain = chainId === undefined ? undefined : this.chains.get(chainId);
    if (!chainId || !chain || chain.revoked) return invalidGrant(403, 'Unknown or invalid refresh token.');
    if (chain.current !== refreshToken) {
      this.revokeChain(chainId);
      return invalidGrant(403, 'Unknown or invalid refresh token.');
    }
    if (this.now() - chain.lastActivityAt > INACTIVITY_MS) {
      this.revokeChain(chainId);
      return invalidGrant(403, 'The refresh token expired after 90 days of inactivity.');
    }
    chain.lastActivityAt = this.now();
    this.rotations++;
    return { ok: true, tokens: this.issue(chainId, this.settings.rotateRefreshTokens) };
  }

  /** A ready-made session for tests that need a signed-in store without playing the browser. */
  issueSessionDirectly(scopes: string[] = KNOWN_SCOPES): IssuedTokens {
    const chainId = randomId();
    this.chains.set(chainId, { owner: this.settings.owner, scopes, revoked: false, lastActivityAt: this.now() });
    return this.issue(chainId, true);
  }

  /** Registers (or replaces, ending the old one's tokens) a service account's credential. */
  registerServiceAccount(account: ServiceAccount): void {
    const previous = this.serviceAccounts.get(account.clientId);
    if (previous) this.revokeChain(previous.chainId);
    const chainId = randomId();
    const owner = account.owner ?? account.clientId;
    this.chains.set(chainId, { owner, scopes: [...account.scopes], revoked: false, lastActivityAt: this.now() });
    this.serviceAccounts.set(account.clientId, { account: { ...account, scopes: [...account.scopes] }, chainId });
  }

  /** RFC 6749 4.4: a token for the credential's scopes (or the narrower ones asked for), without a refresh token. */
  clientCredentials(clientId: string, clientSecret: string, requestedScope: string): GrantOutcome {
    const registered = this.serviceAccounts.get(clientId);
    const chain = registered && this.chains.get(registered.chainId);
    if (!registered || !chain || chain.revoked || !sameSecret(clientSecret, registered.account.clientSecret)) {
      return { ok: false, status: 401, error: 'invalid_client', description: 'Unknown client or wrong secret.' };
    }
    const requested = requestedScope.split(' ').filter(Boolean);
    if (requested.some((scope) => !chain.scopes.includes(scope))) {
      return { ok: false, status: 400, error: 'invalid_scope', description: 'The requested scope exceeds what the credential was given.' };
    }
    chain.lastActivityAt = this.now();
    const scopes = requested.length > 0 ? [...new Set(requested)] : chain.scopes;
    return { ok: true, tokens: this.accessToken(chain, registered.chainId, scopes, registered.account.accessTokenTtlSeconds) };
  }

  verifyAccessToken(token: string): { owner: string; scopes: string[] } | undefined {
    const claims = verifyHs256(token, this.signingKey);
    const chain = claims ? this.chains.get(claims.chain) : undefined;
    if (!claims || !chain || chain.revoked || claims.exp * 1000 <= this.now()) return undefined;
    return { owner: claims.sub, scopes: claims.scope.split(' ') };
  }

  /** Whether the chain of this refresh token still lives (it may have been rotated since). */
  chainAlive(refreshToken: string): boolean {
    const chainId = this.refreshTokens.get(refreshToken);
    return chainId !== undefined && this.chains.get(chainId)?.revoked === false;
  }

  revokeAll(): void {
    for (const id of this.chains.keys()) this.revokeChain(id);
  }

  private revokeChain(chainId: string): void {
    const chain = this.chains.get(chainId);
    if (!chain || chain.revoked) return;
    chain.revoked = true;
    chain.current = undefined;
    this.revokedChains++;
  }

  private issue(chainId: string, newRefreshToken: boolean): IssuedTokens {
    const chain = this.chains.get(chainId);
    if (!chain) throw new Error('unknown chain');
    const tokens = this.accessToken(chain, chainId, chain.scopes);
    if (chain.scopes.includes('offline_access') && (newRefreshToken || !chain.current)) {
      const refresh = randomId();
      chain.current = refresh;
      this.refreshTokens.set(refresh, chainId);
      tokens.refresh_token = refresh;
    }
    return tokens;
  }

  private accessToken(chain: Chain, chainId: string, scopes: readonly string[], ttlSeconds = this.settings.accessTokenTtlSeconds): IssuedTokens {
    const iat = Math.floor(this.now() / 1000);
    const scope = scopes.join(' ');
    const access_token = signHs256(
      { sub: chain.owner, email: `${chain.owner}@sandbox.invalid`, iat, exp: iat + ttlSeconds, scope, chain: chainId, jti: randomId() },
      this.signingKey,
    );
    return { access_token, token_type: 'Bearer', expires_in: ttlSeconds, scope };
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function invalidGrant(status: number, description: string): GrantOutcome {
  return { ok: false, status, error: 'invalid_grant', description };
}
