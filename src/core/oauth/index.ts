// The export-API sign-in core: what the editor side (auth provider, commands, status bar) calls.
export { EXPORT_SCOPES, buildAuthorizeUrl } from './authorizeUrl';
export { DEFAULT_RETRY_POLICY, type RetryPolicy, type Sleep } from './backoff';
export { ExportAuthError, type ExportAuthErrorKind } from './errors';
export { isExportAuthError } from './isExportAuthError';
export { CALLBACK_PATH, SIGN_IN_WAIT_MS, isLoopbackPeer, startLoopbackServer, type LoopbackServer } from './loopbackServer';
export { createPkcePair, createState, s256Challenge, type PkcePair } from './pkce';
export { diagnoseNotFound, type LookupOutcome, type NotFoundDiagnosis, type PlatformLookupOptions } from './platformLookup';
export { ProactiveRefresher, type ProactiveRefreshOptions, type TimerPort } from './proactiveRefresh';
export {
  INACTIVITY_WARNING_MS,
  REFRESH_INACTIVITY_MS,
  REFRESH_MARGIN_MS,
  SESSION_SECRET_KEY,
  isAccessTokenFresh,
  needsInactivityWarning,
  parseSession,
  refreshTokenInactivityExpiry,
  type ExportSession,
} from './session';
export {
  ExportSessionManager,
  type Disposable,
  type ExportSessionEvent,
  type ExportSessionManagerDeps,
  type TokenRefresher,
} from './sessionManager';
export { isSignInRunning, signIn, type SignInOptions } from './signInFlow';
export { TokenClient, type CodeExchange, type TokenClientConfig, type TokenResponse, type TokenResult } from './tokenClient';
