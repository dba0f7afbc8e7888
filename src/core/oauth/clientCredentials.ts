// Access tokens for a service account through the OAuth 2.0 client-credentials grant (the way CI, which has no
// browser, reads the wiki's page routes). Such a grant has no refresh token: the source asks again when its token
// is about to run out. One request at a time; everyone waiting shares it. A failure that may pass (a 5xx, a 429, a
// dropped connection) is tried again with backoff (tokenRetry.ts); a refusal is answered at once.
import { checkEndpoint, type EndpointCheck } from '../http/endpoint';
import { failsEveryTime } from '../http/networkError';
import { describeError } from '../log/redact';
import { timedSend, type TimedResult } from '../http/timedSend';
import { ANSWER_LIMITS, type Transport } from '../http/transport';
import { systemClock, type Clock } from '../ports';
import { parseJsonObject } from '../util/json';
import { joinPath } from './authorizeUrl';
import { englishSignInMessages, type SignInMessages } from '../messages/signInMessages';
import { ExportAuthError, raceWithSignal, type SignInSentence } from './errors';
import { parseRetryAfterMs, type Sleep } from './backoff';
import { readAccessClaims } from './session';
import { classifyTokenResponse, networkFailure, type TokenResult } from './tokenResponse';
import { retryTokenRequest, type TokenAttempt, type TokenRetryPolicy } from './tokenRetry';

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
  /** Retries of a failure that may pass; the defaults are tokenRetry.ts's. Tests shorten the waits. */
  retry?: Partial<TokenRetryPolicy>;
  sleep?: Sleep;
  random?: () => number;
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
  let inFlight: SharedRequest | undefined;

  const start = (): SharedRequest => {
    const controller = new AbortController();
    const shared: SharedRequest = { controller, waiters: 0, promise: Promise.resolve(cancelled()) };
    shared.promise = requestToken(config, clock, controller.signal)
      .catch((error: unknown) => fail('protocol', (m) => m.tokenRequestFailed(describeError(error))))
      .then((result) => {
        if (inFlight === shared) inFlight = undefined;
        if (result.ok) cached = { accessToken: result.accessToken, expiresAt: result.expiresAt, renewAt: renewAt(clock.now(), result.expiresAt) };
        return result;
      });
    return shared;
  };

  const token = (signal?: AbortSignal): Promise<ClientCredentialsResult> => {
    if (signal?.aborted) return Promise.resolve(cancelled());
    if (cached && clock.now() < cached.renewAt) return Promise.resolve({ ok: true, accessToken: cached.accessToken, expiresAt: cached.expiresAt });
    // A request everyone gave up on is not joined: it is ending as cancelled.
    if (!inFlight || inFlight.controller.signal.aborted) inFlight = start();
    const shared = inFlight;
    shared.waiters++;
    // The shared request ignores any one caller's signal: a caller that gives up stops waiting, the others do not.
    // Once every caller has given up, it stops too, so a Ctrl+C never leaves a retry's wait (up to a minute for a
    // Retry-After) keeping the process alive.
    return raceWithSignal(shared.promise, signal).catch(() => {
      if (--shared.waiters === 0) shared.controller.abort();
      return cancelled();
    });
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

/** One token request shared by everyone asking meanwhile; `waiters` counts those still waiting for it. */
interface SharedRequest {
  promise: Promise<ClientCredentialsResult>;
  controller: AbortController;
  waiters: number;
}

function renewAt(now: number, expiresAt: number): number {
  // A short-lived token is still used for half its life rather than asked for on every call.
  return expiresAt - Math.min(RENEW_MARGIN_MS, Math.max(0, expiresAt - now) / 2);
}

async function requestToken(config: ClientCredentialsConfig, clock: Clock, signal: AbortSignal): Promise<ClientCredentialsResult> {
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
  const request = {
    method: 'POST' as const,
    url: joinPath(checked.url.toString(), '/oauth/token'),
    // JSON, as the refresh-token client sends (spec 4.2); no transport follows a redirect.
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(grant),
    maxResponseBytes: ANSWER_LIMITS.smallJson,
  };
  // A client-credentials request can be sent again safely: it changes nothing on the provider (no code or refresh
  // token is used up), so even an attempt that may have reached it is retried.
  const outcome = await retryTokenRequest(
    async () => interpret(await timedSend(config.transport, request, { timeoutMs, signal }), config, clock.now()),
    { signal, ...(config.retry ? { policy: config.retry } : {}), ...(config.sleep ? { sleep: config.sleep } : {}), ...(config.random ? { random: config.random } : {}) },
  );
  if (outcome.kind === 'cancelled') return cancelled();
  const result = outcome.result;
  if (result.ok) return result;
  // Retries that ran out say so; a refusal (answered at once) or a single attempt reads as before.
  const error = outcome.transient && outcome.attempts > 1 ? afterAttempts(result.error, outcome.attempts) : result.error;
  // Defence in depth: no message is built from the secret, but one must never carry it whatever a server echoes.
  return { ok: false, error: scrubbed(error, secret) };
}

function interpret(sent: TimedResult, config: ClientCredentialsConfig, now: number): TokenAttempt<ClientCredentialsResult> {
  if (sent.kind === 'cancelled') return { result: cancelled(), transient: false };
  if (sent.kind === 'timeout') return { result: failureOf(networkFailure(undefined, true)), transient: true };
  // A reset or a refused connection may pass; an untrusted certificate fails the same way every time.
  if (sent.kind === 'network') return { result: failureOf(networkFailure(sent.error, false)), transient: !failsEveryTime(sent.error) };
  if (sent.kind === 'tooLarge') return { result: failureOf(networkFailure(sent.error, false)), transient: false };
  const retryAfterMs = parseRetryAfterMs(sent.headers['retry-after'], now);
  const classified = classifyTokenResponse(sent.status, sent.text, retryAfterMs);
  const json = parseJsonObject(sent.text);
  if (classified.ok) {
    return { result: { ok: true, accessToken: classified.tokens.accessToken, expiresAt: expiryOf(classified.tokens.accessToken, json?.expires_in, now) }, transient: false };
  }
  const error = refine(classified.error, json?.error, sent.status, config);
  return { result: { ok: false, error }, transient: isTransient(error, sent.status, json !== undefined), ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
}

/**
 * A failure another attempt may mend: the provider failing or throttling (5xx, 429), a 408, or a success status whose
 * body is not JSON (a proxy's page, a cut-off answer). Never a refusal: any other 4xx (400 invalid_client or
 * invalid_scope, 401, 403), nor an answer naming invalid_grant or invalid_scope, whatever its status.
 */
function isTransient(error: ExportAuthError, status: number, isJson: boolean): boolean {
  if (error.kind === 'invalidClient' || error.kind === 'invalidGrant' || error.kind === 'config') return false;
  return error.retryable || status === 408 || (status >= 200 && status < 300 && !isJson);
}

function afterAttempts(error: ExportAuthError, attempts: number): ExportAuthError {
  return new ExportAuthError(error.kind, (m) => m.gaveUpAfter(error.sentence(m), attempts), error.details);
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
