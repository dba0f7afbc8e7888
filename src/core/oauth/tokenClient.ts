// The token endpoint client (spec 4.2): JSON bodies, a deadline per attempt, no redirects, bounded retries for
// refreshes and none for the single-use authorization code.
// Outcomes are values (TokenResult); nothing here throws for an HTTP or network failure.
import { systemClock, silentLogger, type Clock, type Logger } from '../ports';
import { checkEndpoint } from '../http/endpoint';
import { platformFetchTransport } from '../http/fetchTransport';
import { ANSWER_LIMITS, type Transport } from '../http/transport';
import { joinPath } from './authorizeUrl';
import { ExportAuthError } from './errors';
import { DEFAULT_RETRY_POLICY, parseRetryAfterMs, type RetryPolicy, type Sleep } from './backoff';
import { retryTokenRequest } from './tokenRetry';
import { classifyTokenResponse, networkFailure, type GrantType, type TokenResult } from './tokenResponse';

export type { TokenResponse, TokenResult } from './tokenResponse';

export interface TokenClientConfig {
  authUrl: string;
  clientId: string;
  /** Read on every request, so a secret set after start-up is picked up. */
  getClientSecret(): Promise<string | undefined>;
  /** VS Code's network stack in the editor, undici on the command line; Node's fetch when not given. */
  transport?: Transport;
  /** Deadline of one attempt. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  sleep?: Sleep;
  random?: () => number;
  clock?: Clock;
  logger?: Logger;
}

export interface CodeExchange {
  code: string;
  redirectUri: string;
  codeVerifier: string;
}

const DEFAULT_TIMEOUT_MS = 30_000;

export class TokenClient {
  private readonly policy: RetryPolicy;

  constructor(private readonly config: TokenClientConfig) {
    this.policy = { ...DEFAULT_RETRY_POLICY, ...config.retry };
  }

  refresh(refreshToken: string, signal?: AbortSignal): Promise<TokenResult> {
    return this.post('refresh_token', { refresh_token: refreshToken }, this.policy.maxAttempts, signal);
  }

  /**
   * Exactly one attempt: a code is single-use (RFC 6749 4.1.2), and a request lost after it reached the server may
   * already have consumed it, so a second one would be refused or, worse, revoke what the first one produced.
   */
  async exchangeCode(exchange: CodeExchange, signal?: AbortSignal): Promise<TokenResult> {
    const grant = { code: exchange.code, redirect_uri: exchange.redirectUri, code_verifier: exchange.codeVerifier };
    const result = await this.post('authorization_code', grant, 1, signal);
    if (result.ok || !result.error.retryable) return result;
    const { kind, sentence, details } = result.error;
    return { ok: false, error: new ExportAuthError(kind, (m) => m.codeNotResent(sentence(m)), details) };
  }

  private async post(grantType: GrantType, grant: Record<string, string>, maxAttempts: number, signal?: AbortSignal): Promise<TokenResult> {
    const endpoint = this.tokenEndpoint();
    if (!endpoint.ok) return endpoint;
    const clientSecret = (await this.config.getClientSecret())?.trim();
    if (!clientSecret) {
      return { ok: false, error: new ExportAuthError('config', (m) => m.noClientSecret()) };
    }
    const body = JSON.stringify({ grant_type: grantType, client_id: this.config.clientId, client_secret: clientSecret, ...grant });
    const logger = this.config.logger ?? silentLogger;

    // The same bounded retries as the command line's token requests (tokenRetry.ts), Retry-After capped at maxDelayMs.
    let last: TokenResult | undefined;
    const outcome = await retryTokenRequest(
      async () => {
        last = await this.attempt(endpoint.url, body, grantType, signal);
        return { result: last, transient: !last.ok && last.error.retryable, ...(last.ok ? {} : { retryAfterMs: last.error.details.retryAfterMs }) };
      },
      {
        policy: { ...this.policy, maxAttempts, maxRetryAfterMs: this.policy.maxDelayMs },
        ...(signal === undefined ? {} : { signal }),
        ...(this.config.sleep === undefined ? {} : { sleep: this.config.sleep }),
        ...(this.config.random === undefined ? {} : { random: this.config.random }),
        onRetry: (waitMs, nextAttempt, attempts) => {
          const message = last !== undefined && !last.ok ? last.error.message : '';
          logger.warn(`Token endpoint: ${message} Retrying in ${waitMs} ms (attempt ${nextAttempt} of ${attempts}).`);
        },
      },
    );
    if (outcome.kind === 'cancelled') return { ok: false, error: new ExportAuthError('cancelled', (m) => m.requestCancelled()) };
    return outcome.result;
  }

  private async attempt(url: string, body: string, grantType: GrantType, signal?: AbortSignal): Promise<TokenResult> {
    const deadline = AbortSignal.timeout(this.config.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const combined = signal ? AbortSignal.any([signal, deadline]) : deadline;
    try {
      // No transport follows redirects: a 3xx is classified as a protocol error below.
      const response = await (this.config.transport ?? platformFetchTransport()).send({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body,
        signal: combined,
        maxResponseBytes: ANSWER_LIMITS.smallJson,
      });
      const text = await response.text();
      const retryAfterMs = parseRetryAfterMs(response.headers['retry-after'], (this.config.clock ?? systemClock).now());
      return classifyTokenResponse(response.status, text, retryAfterMs, grantType);
    } catch (error) {
      if (signal?.aborted) return { ok: false, error: new ExportAuthError('cancelled', (m) => m.requestCancelled()) };
      return networkFailure(error, deadline.aborted);
    }
  }

  private tokenEndpoint(): { ok: true; url: string } | { ok: false; error: ExportAuthError } {
    if (!this.config.authUrl.trim() || !this.config.clientId.trim()) {
      return { ok: false, error: new ExportAuthError('config', (m) => m.settingsMissing()) };
    }
    const check = checkEndpoint(this.config.authUrl, 'wikiPublisher.export.authUrl');
    if (!check.ok) return { ok: false, error: new ExportAuthError('config', check.say) };
    return { ok: true, url: joinPath(check.url.toString(), '/oauth/token') };
  }
}
