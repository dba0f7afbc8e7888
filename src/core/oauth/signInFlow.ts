// The three-legged sign-in (spec 5.2, reliability requirements 8 and 9): PKCE and state, the loopback
// server listening first, then the browser, then the code exchange, then the stored session.
import type { SignInMessages } from '../messages/signInMessages';
import { checkEndpoint } from '../http/endpoint';
import type { Transport } from '../http/transport';
import { silentLogger, type Clock, type Logger } from '../ports';
import { buildAuthorizeUrl } from './authorizeUrl';
import { ExportAuthError } from './errors';
import { startLoopbackServer } from './loopbackServer';
import { createPkcePair, createState } from './pkce';
import { sessionFromTokens, type ExportSession } from './session';
import { TokenClient, type CodeExchange } from './tokenClient';
import type { TokenResult } from './tokenResponse';

export interface SignInOptions {
  authUrl: string;
  clientId: string;
  clientSecret: string | undefined;
  /** 0 picks any free port. */
  redirectPort: number;
  /** Opens the authorization page; false when the user declined to open it. */
  openBrowser(url: string): Promise<boolean>;
  /** Stores the new session (ExportSessionManager.saveSignedInSession), awaited before signIn returns. */
  saveSession(session: ExportSession): Promise<void>;
  clock: Clock;
  signal?: AbortSignal;
  logger?: Logger;
  /** The network stack for the code exchange; Node's fetch when not given. */
  transport?: Transport;
  /** Replaces the token endpoint client (tests); built from the other options by default. */
  tokenClient?: { exchangeCode(exchange: CodeExchange, signal?: AbortSignal): Promise<TokenResult> };
  /** How long the loopback server waits for the browser; 5 minutes by default. */
  waitTimeoutMs?: number;
  /** The words of the browser's pages after the sign-in; English when not given. */
  pageMessages?: SignInMessages;
}

/** One sign-in at a time per process: two would race for the same grant and confuse the user. */
let signInRunning = false;

export function isSignInRunning(): boolean {
  return signInRunning;
}

export async function signIn(options: SignInOptions): Promise<ExportSession> {
  if (signInRunning) {
    throw new ExportAuthError('signInInProgress', (m) => m.signInWaiting());
  }
  signInRunning = true;
  try {
    return await runSignIn(options);
  } finally {
    signInRunning = false;
  }
}

function checkSettings(options: SignInOptions): string {
  const secret = options.clientSecret?.trim();
  if (!options.authUrl.trim() || !options.clientId.trim()) {
    throw new ExportAuthError('config', (m) => m.settingsMissing());
  }
  const endpoint = checkEndpoint(options.authUrl, 'wikiPublisher.export.authUrl');
  if (!endpoint.ok) throw new ExportAuthError('config', endpoint.say);
  if (!secret) throw new ExportAuthError('config', (m) => m.noClientSecret());
  return secret;
}

async function runSignIn(options: SignInOptions): Promise<ExportSession> {
  const secret = checkSettings(options);
  const logger = options.logger ?? silentLogger;
  const pkce = createPkcePair();
  const state = createState();
  const server = await startLoopbackServer({
    port: options.redirectPort,
    expectedState: state,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.waitTimeoutMs !== undefined ? { timeoutMs: options.waitTimeoutMs } : {}),
    ...(options.pageMessages ? { messages: options.pageMessages } : {}),
  });
  try {
    const url = buildAuthorizeUrl({
      authUrl: options.authUrl,
      clientId: options.clientId,
      redirectUri: server.redirectUri,
      state,
      codeChallenge: pkce.challenge,
    });
    logger.info(`Waiting for the export API sign-in on ${server.redirectUri}.`);
    if (!(await options.openBrowser(url))) throw new ExportAuthError('cancelled', (m) => m.pageNotOpened());
    const code = await server.code;
    const client =
      options.tokenClient ??
      new TokenClient({
        authUrl: options.authUrl,
        clientId: options.clientId,
        getClientSecret: async () => secret,
        logger,
        clock: options.clock,
        ...(options.transport ? { transport: options.transport } : {}),
      });
    const result = await client.exchangeCode({ code, redirectUri: server.redirectUri, codeVerifier: pkce.verifier }, options.signal);
    if (!result.ok) throw result.error;
    const session = sessionFromTokens(result.tokens, options.clock.now());
    if (!session) {
      throw new ExportAuthError('protocol', (m) => m.noRefreshTokenIssued());
    }
    try {
      await options.saveSession(session);
    } catch (error) {
      if (error instanceof ExportAuthError) throw error;
      throw new ExportAuthError('storage', (m) => m.signedInNotSaved());
    }
    logger.info('Signed in to the export API.');
    return session;
  } finally {
    await server.close();
  }
}
