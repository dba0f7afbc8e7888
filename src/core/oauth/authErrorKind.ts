// The export sign-in's failure kinds, apart from the error class (errors.ts) and the check for them
// (isExportAuthError.ts): the start-up path (the editor's session service) names them without loading the sign-in
// catalogue.

export type ExportAuthErrorKind =
  /** No session is stored: the user has not signed in (or signed out). */
  | 'notSignedIn'
  /** The refresh chain is dead (invalid_grant with no newer token stored); the user must sign in again. */
  | 'signedOut'
  /** The token endpoint answered invalid_grant (used inside the core before it decides on `signedOut`). */
  | 'invalidGrant'
  /** The client ID or secret was rejected. */
  | 'invalidClient'
  /** Another window holds the refresh lock for too long. Retryable. */
  | 'busy'
  /**
   * This window's store holds an older session than the last one stored, and will not catch up: another window
   * wrote its stale copy over the latest. Its refresh token was replaced, so it is never sent; the user must sign in.
   */
  | 'overwritten'
  /** The network failed, the deadline passed, or the server is rate limiting or failing. Retryable. */
  | 'network'
  | 'rateLimited'
  | 'serverError'
  /** The answer was not the JSON we expected (a proxy's HTML page, an empty body). */
  | 'protocol'
  /** The secret store refused to save the new tokens. */
  | 'storage'
  | 'cancelled'
  /** The user pressed Deny on the authorization page. */
  | 'denied'
  /** Nobody completed the authorization page within the wait limit. */
  | 'signInTimeout'
  | 'signInInProgress'
  /** Missing or unusable settings (auth URL, client ID, client secret). */
  | 'config'
  /**
   * This window may not refresh (it runs on the remote side of a remote window, away from the secret storage
   * and the lock the local windows share) and the stored access token has run out. Not retryable here.
   */
  | 'refreshUnavailable';
