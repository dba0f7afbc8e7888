// The sandbox identity provider: a real node:http server on 127.0.0.1 with /authorize (consent page or
// auto-approve), /oauth/token (authorization_code with PKCE, refresh_token with strict rotation,
// client_credentials for registered service accounts), fault injection, a controllable clock, and a control
// surface for other processes under /_control/ (GET stats; POST autoApprove {on}, faults
// {kind,count,retryAfterSeconds}, hold {on}, clock {now|advanceMs}, revokeAll, serviceAccounts
// {clientId,clientSecret,scopes,owner}). The OAuth routes never serve anything under /_control/.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { IdpFaults } from './idpFaults';
import { IdpGrants, type IssuedTokens, type ServiceAccount } from './idpGrants';
import { handleAuthorize, handleDecision, type PendingAuthorization } from './idpAuthorize';
import { handleControl } from './idpControl';
import { handleToken } from './idpToken';
import { sendJson } from './sandboxHttp';

export type { ServiceAccount } from './idpGrants';

export interface IdpOptions {
  port?: number;
  now?: () => number;
  clientId?: string;
  clientSecret?: string;
  /** Exact redirect URIs to accept; by default any http://127.0.0.1:<port>/callback. */
  redirectUris?: string[];
  /** The `sub` of issued tokens; the sandbox wiki's owners are names like "alice". */
  owner?: string;
  accessTokenTtlSeconds?: number;
  rotateRefreshTokens?: boolean;
  autoApprove?: boolean;
}

export interface IdpStats {
  tokenRequests: number;
  refreshRequests: number;
  codeRequests: number;
  clientCredentialsRequests: number;
  rotations: number;
  revokedChains: number;
}

export interface Idp {
  readonly authUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUris: string[] | undefined;
  /** Test switch: /authorize redirects with a code at once instead of showing the consent page. */
  autoApprove: boolean;
  readonly tokenRequests: number;
  readonly stats: IdpStats;
  readonly faults: IdpFaults;
  now(): number;
  setNow(ms: number): void;
  advance(ms: number): void;
  /** A session without the browser; `scopes` (default: all known) lets a test go without the export scope. */
  issueSessionDirectly(scopes?: string[]): IssuedTokens;
  /**
   * A service account's credential for the client-credentials grant; its tokens' owner is `owner` (default: the
   * client ID), so the sandbox wiki shows it what that owner may see. Registering a client ID again replaces it.
   */
  registerServiceAccount(account: ServiceAccount): void;
  /** For startSandbox({ verifyPlatformToken }): the owner and scopes of a valid, unexpired, unrevoked access token. */
  verifyAccessToken(token: string): { owner: string; scopes: string[] } | undefined;
  chainAlive(refreshToken: string): boolean;
  revokeAll(): void;
  close(): Promise<void>;
}

/** What the route handlers share. */
export interface IdpContext {
  idp: Idp;
  grants: IdpGrants;
  counters: { tokenRequests: number; refreshRequests: number; codeRequests: number; clientCredentialsRequests: number };
  pending: Map<string, PendingAuthorization>;
  clock: { setNow(ms: number): void; advance(ms: number): void };
}

export async function startIdp(options: IdpOptions = {}): Promise<Idp> {
  const baseNow = options.now ?? Date.now;
  let fixedNow: number | undefined;
  let offset = 0;
  const now = (): number => fixedNow ?? baseNow() + offset;
  const grants = new IdpGrants(now, {
    owner: options.owner ?? 'alice',
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 3600,
    rotateRefreshTokens: options.rotateRefreshTokens ?? true,
  });
  const counters = { tokenRequests: 0, refreshRequests: 0, codeRequests: 0, clientCredentialsRequests: 0 };
  const faults = new IdpFaults();
  const clock = {
    setNow: (ms: number) => void (fixedNow = ms),
    advance: (ms: number) => void (fixedNow === undefined ? (offset += ms) : (fixedNow += ms)),
  };
  const server = createServer((req, res) => void route(req, res).catch((error: unknown) => failed(res, error)));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  const idp: Idp = {
    authUrl: `http://127.0.0.1:${port}`,
    clientId: options.clientId ?? `sandbox-client-${randomBytes(4).toString('hex')}`,
    clientSecret: options.clientSecret ?? randomBytes(24).toString('base64url'),
    redirectUris: options.redirectUris,
    autoApprove: options.autoApprove ?? false,
    get tokenRequests() {
      return counters.tokenRequests;
    },
    get stats() {
      return { ...counters, rotations: grants.rotations, revokedChains: grants.revokedChains };
    },
    faults,
    now,
    ...clock,
    issueSessionDirectly: (scopes) => grants.issueSessionDirectly(scopes),
    registerServiceAccount: (account) => grants.registerServiceAccount(account),
    verifyAccessToken: (token) => {
      const verified = grants.verifyAccessToken(token);
      return verified ? { owner: verified.owner, scopes: verified.scopes } : undefined;
    },
    chainAlive: (refreshToken) => grants.chainAlive(refreshToken),
    revokeAll: () => grants.revokeAll(),
    close: async () => {
      faults.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
  const context: IdpContext = { idp, grants, counters, pending: new Map(), clock };

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname.startsWith('/_control/')) return handleControl(req, res, url, context);
    if (url.pathname === '/authorize' && req.method === 'GET') return handleAuthorize(res, url, context);
    if (url.pathname === '/authorize/decision' && req.method === 'POST') return handleDecision(req, res, context);
    if (url.pathname === '/oauth/token' && req.method === 'POST') return handleToken(req, res, context);
    sendJson(res, 404, { error: 'not_found' });
  }

  return idp;
}

function failed(res: ServerResponse, error: unknown): void {
  if (res.headersSent) return void res.destroy();
  sendJson(res, 500, { error: 'server_error', error_description: error instanceof Error ? error.message : 'internal error' });
}
