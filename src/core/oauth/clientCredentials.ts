// Access tokens for a service account through the OAuth 2.0 client-credentials grant (the way CI, which has no
// browser, reads the wiki's page routes). Such a grant has no refresh token: the source asks again when its token
// is about to run out. One request at a time; everyone waiting shares it.
import { checkEndpoint, type EndpointCheck } from '../http/endpoint';
import { describeError } from '../log/redact';
import { timedSend } from '../http/timedSend';
import type { Transport } from '../http/transport';
import { systemClock, type Clock } from '../ports';
import { parseJsonObject } from '../util/json';
import { joinPath } from './authorizeUrl';
import { englishSignInMessages, type SignInMessages } from '../messages/signInMessages';
import { ExportAuthError, raceWithSignal, type SignInSentence } from './errors';
import { readAccessClaims } from './session';
import { classifyTokenResponse, networkFailure, type TokenResult } from './tokenResponse';

export interface ClientCredentialsConfig {
  authUrl: string;
  clientId: string;
  clientSecret: string;
  /** Space-separated; absent asks for the scopes the credential was given. */
  scope?: string;
  transport: Transport;
  /** Deadline of one token request, body included. */
  timeoutMs?: number;
  clock?: Clock;
  /** Where the auth URL came from, so a message says what to fix ("--auth-url"). */
  authUrlName?: string;
  /** Appended to the message when the identity provider refuses the client ("Check WIKI_PUBLISHER_CLIENT_SECRET."). */
  refusedHint?: string;
}

export type ClientCredentialsResult = { ok: true; accessToken: string; expiresAt: number } | { ok: false; error: ExportAuthError };

export interface ClientCredentialsSource {
  /** A cached token while it has time left, otherwise a new one; failures are values. */
  token(signal?: AbortSignal): Promise<ClientCredentialsResult>;
  /** The same, for the page routes client: rejects with the ExportAuthError. */
  getAccessToken(signal?: AbortSignal): Promise<string>;
}

const DEFAULT_TIMEOUT_MS = 30_000;
/** Ask again this long before expiry, so a token never runs out between the check and the wiki's answer. */
const RENEW_MARGIN_MS = 60_000;
/** When the answer tells nothing about the lifetime (no exp, no expires_in), assume a short one. */
const UNKNOWN_LIFETIME_MS = 5 * 60_000;

export function createClientCredentialsSource(config: ClientCredentialsConfig): ClientCredentialsSource {
  const clock = config.clock ?? systemClock;
  let cached: { accessToken: string; expiresAt: number; renewAt: number } | undefined;
  let inFlight: Promise<ClientCredentialsResult> | undefined;

  const token = (signal?: AbortSignal): Promise<ClientCredentialsResult> => {
    if (signal?.aborted) return Promise.resolve(cancelled());
    if (cached && clock.now() < cached.renewAt) return Promise.resolve({ ok: true, accessToken: cached.accessToken, expiresAt: cached.expiresAt });
    // The shared request ignores any one caller's signal: a caller that gives up stops waiting, the others do not.
    inFlight ??= requestToken(config, clock)
      .catch((error: unknown) => fail('protocol', (m) => m.tokenRequestFailed(describeError(error))))
      .then((result) => {
        inFlight = undefined;
        if (result.ok) cached = { accessToken: result.accessToken, expiresAt: result.expiresAt, renewAt: renewAt(clock.now(), result.expiresAt) };
        return result;
      });
    return raceWithSignal(inFlight, signal).catch(() => cancelled());
  };

  return {
    token,
    async getAccessToken(signal) {
      const result = await token(signal);
      if (!result.ok) throw result.error;
      return result.accessToken;
    },
  };
}

function renewAt(now: number, expiresAt: number): number {
  // A short-lived token is still used for half its life rather than asked for on every call.
  return expiresAt - Math.min(RENEW_MARGIN_MS, Math.max(0, expiresAt - now) / 2);
}

async function requestToken(config: ClientCredentialsConfig, clock: Clock): Promise<ClientCredentialsResult> {
  const authUrlName = (messages: SignInMessages): string => config.authUrlName ?? messages.providerAddress();
  if (!config.authUrl.trim()) return fail('config', (m) => m.noProviderAddress(authUrlName(m)));
  const checked = checkEndpoint(config.authUrl, authUrlName(englishSignInMessages));
  // Checked again in the catalogue's words, so the address's default name is in them too.
  if (!checked.ok) return fail('config', (m) => sayEndpointProblem(checkEndpoint(config.authUrl, authUrlName(m)), m));
  const secret = config.clientSecret.trim();
  if (!config.clientId.trim() || !secret) return fail('config', (m) => m.serviceAccountIncomplete());
  const grant: Record<string, string> = { grant_type: 'client_credentials', client_id: config.clientId.trim(), client_secret: secret };
  const scope = config.scope?.trim();
  if (scope) grant.scope = scope;
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const sent = await timedSend(
    config.transport,
    // JSON, as the refresh-token client sends (spec 4.2); no transport follows a redirect.
    { method: 'POST', url: joinPath(checked.url.toString(), '/oauth/token'), headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(grant) },
    { timeoutMs },
  );
  const result = interpret(sent, config, clock.now());
  // Defence in depth: no message is built from the secret, but one must never carry it whatever a server echoes.
  return result.ok ? result : { ok: false, error: scrubbed(result.error, secret) };
}

function interpret(sent: Awaited<ReturnType<typeof timedSend>>, config: ClientCredentialsConfig, now: number): ClientCredentialsResult {
  if (sent.kind === 'cancelled') return cancelled();
  if (sent.kind === 'timeout') return failureOf(networkFailure(undefined, true));
  if (sent.kind === 'network') return failureOf(networkFailure(sent.error, false));
  const classified = classifyTokenResponse(sent.status, sent.text);
  const json = parseJsonObject(sent.text);
  if (!classified.ok) return { ok: false, error: refine(classified.error, json?.error, sent.status, config) };
  return { ok: true, accessToken: classified.tokens.accessToken, expiresAt: expiryOf(classified.tokens.accessToken, json?.expires_in, now) };
}

/** The shared classifier speaks of refresh tokens and sign-in; a service account's failures need their own words. */
function refine(error: ExportAuthError, oauthError: unknown, status: number, config: ClientCredentialsConfig): ExportAuthError {
  // The command line's own hint (which variables to check) is English like the rest of its output.
  const hint = config.refusedHint ? ` ${config.refusedHint}` : '';
  if (error.kind === 'invalidClient') {
    return new ExportAuthError('invalidClient', (m) => `${m.clientRefused(status)}${hint}`, error.details);
  }
  if (oauthError === 'invalid_scope') {
    return new ExportAuthError('config', (m) => m.scopeRefused(config.scope?.trim() ?? ''), error.details);
  }
  if (oauthError === 'unauthorized_client' || oauthError === 'unsupported_grant_type' || error.kind === 'invalidGrant') {
    const code = error.kind === 'invalidGrant' ? 'invalid_grant' : String(oauthError);
    return new ExportAuthError('invalidClient', (m) => `${m.grantNotAllowed(code)}${hint}`, error.details);
  }
  return error;
}

/** The earlier of the JWT's exp and expires_in: both are read for scheduling only, never trusted for access. */
function expiryOf(accessToken: string, expiresIn: unknown, now: number): number {
  const candidates: number[] = [];
  const fromJwt = readAccessClaims(accessToken)?.expiresAt;
  if (fromJwt !== undefined) candidates.push(fromJwt);
  if (typeof expiresIn === 'number' && Number.isFinite(expiresIn) && expiresIn > 0) candidates.push(now + expiresIn * 1000);
  return candidates.length > 0 ? Math.min(...candidates) : now + UNKNOWN_LIFETIME_MS;
}

function scrubbed(error: ExportAuthError, secret: string): ExportAuthError {
  if (!error.message.includes(secret)) return error;
  return new ExportAuthError(error.kind, (m) => error.wordedIn(m).split(secret).join('[redacted]'), error.details);
}

function cancelled(): ClientCredentialsResult {
  return { ok: false, error: new ExportAuthError('cancelled', (m) => m.tokenRequestCancelled()) };
}

/** networkFailure always fails; this narrows its type without a cast. */
function failureOf(result: TokenResult): ClientCredentialsResult {
  return result.ok ? fail('protocol', (m) => m.providerNotReached()) : result;
}

function sayEndpointProblem(check: EndpointCheck, messages: SignInMessages): string {
  return check.ok ? '' : check.say(messages);
}

function fail(kind: 'config' | 'protocol', sentence: SignInSentence): ClientCredentialsResult {
  return { ok: false, error: new ExportAuthError(kind, sentence) };
}
