// What the export API sign-in says when it fails (the browser sign-in, the refresh shared across windows, a service
// account's token), and the pages the loopback server shows in the browser. An ExportAuthError carries one of these
// as a function of the catalogue, so the editor words it in the user's language and the command line in English.
import { englishEndpointMessages, type EndpointMessages } from './endpointMessages';

export interface SignInMessages extends EndpointMessages {
  notSignedIn(): string;
  signedOut(): string;
  lockLost(): string;
  staleView(): string;
  rotationPendingElsewhere(): string;
  sessionOverwritten(): string;
  storageDidNotAnswer(budgetMs: number): string;
  storageDidNotDelete(budgetMs: number): string;
  storageDidNotSave(budgetMs: number): string;
  lockUnproven(): string;
  refreshUnavailable(): string;
  cancelled(): string;

  refreshTokenRefused(): string;
  codeRefused(): string;
  rateLimited(): string;
  providerFailed(status: number): string;
  clientRejected(status: number): string;
  notJson(status: number): string;
  emptyBody(status: number): string;
  redirected(status: number): string;
  refused(status: number): string;
  refusedWithCode(status: number, code: string): string;
  noAccessToken(status: number): string;
  providerTimedOut(): string;
  providerUnreachable(detail: string): string;
  /** The provider's answer past what a token request takes (transport.ts ANSWER_LIMITS), not read. */
  providerAnswerTooLarge(megabytes: number): string;

  /** `said` is the failure's own sentence. */
  codeNotResent(said: string): string;
  noClientSecret(): string;
  requestCancelled(): string;
  settingsMissing(): string;

  tokenRequestFailed(detail: string): string;
  providerAddress(): string;
  noProviderAddress(settingName: string): string;
  serviceAccountIncomplete(): string;
  clientRefused(status: number): string;
  scopeRefused(scope: string): string;
  grantNotAllowed(code: string): string;
  tokenRequestCancelled(): string;
  providerNotReached(): string;
  /** A token request's failure after its retries ran out: `said` is that failure's sentence. */
  gaveUpAfter(said: string, attempts: number): string;

  pageSignedInTitle(): string;
  pageSignedIn(): string;
  pageDeniedTitle(): string;
  pageDenied(): string;
  pageFailedTitle(): string;
  pageFailed(): string;
  pageBadStateTitle(): string;
  pageBadState(): string;
  pageNotFoundTitle(): string;
  pageNotFound(): string;
  accessDenied(): string;
  signInEnded(error: string): string;
  signInEndedWithoutCode(): string;
  signInTimedOut(): string;
  signInCancelled(): string;
  cannotListen(port: number, code: string): string;

  lookupLeftOrigin(): string;
  lookupRejected(): string;
  lookupStatus(status: number): string;
  lookupNotJson(): string;
  lookupFailed(detail: string): string;

  refreshCancelled(): string;
  lockFailed(detail: string): string;
  lockBusy(): string;

  noSessionFromTokens(): string;
  refreshOutOfTime(): string;
  tokenEndpointTimedOut(ms: number): string;
  sessionChangedTwice(): string;
  sessionChanged(): string;
  noRefreshToken(): string;
  saveFailed(detail: string): string;

  signInWaiting(): string;
  pageNotOpened(): string;
  noRefreshTokenIssued(): string;
  signedInNotSaved(): string;
}

export const englishSignInMessages: SignInMessages = {
  ...englishEndpointMessages,
  notSignedIn: () => 'You are not signed in to the export API.',
  signedOut: () => 'Your export API sign-in has expired or was revoked. Sign in again.',
  lockLost: () => 'The refresh lock was lost to another window; nothing was changed. Try again.',
  staleView: () => 'This window has not yet received the export session another window stored. Try again in a moment.',
  rotationPendingElsewhere: () => 'Another window refreshed the export sign-in but could not save it yet (for example, the keychain is locked); it saves it on its next use. Try again in a moment, or sign in again if that window was closed.',
  sessionOverwritten: () => 'The export sign-in stored for this window was replaced by an older copy from another window, so it is lost here. Sign in again.',
  storageDidNotAnswer: (budgetMs) => `The secret storage did not answer within ${budgetMs} ms while this window held the refresh lock; the lock was released. Try again.`,
  storageDidNotDelete: (budgetMs) => `The secret storage did not delete the session within ${budgetMs} ms while this window held the refresh lock; the lock was released. Try again.`,
  storageDidNotSave: (budgetMs) => `The secret storage did not save the session within ${budgetMs} ms while this window held the refresh lock; the lock was released. Try again.`,
  lockUnproven: () => 'This window could not prove it still holds the refresh lock (was it paused?), so the refresh token was not sent. Try again.',
  refreshUnavailable: () =>
    'The export API access token has expired, and this window cannot refresh it: the extension runs on the remote side here, and refreshing works only where VS Code keeps its secrets (a local window). Open a local VS Code window to refresh the sign-in, or let the extension run locally (remove it from "remote.extensionKind").',
  cancelled: () => 'Cancelled.',

  refreshTokenRefused: () => 'The identity provider no longer accepts the refresh token (invalid_grant).',
  codeRefused: () => 'The identity provider refused the sign-in code (invalid_grant): it expired, was already used, or the sign-in took too long. Sign in again.',
  rateLimited: () => 'The identity provider is rate limiting requests (HTTP 429).',
  providerFailed: (status) => `The identity provider failed with HTTP ${status}.`,
  clientRejected: (status) => `The identity provider rejected the client ID or client secret (HTTP ${status}).`,
  notJson: (status) => `The identity provider answered HTTP ${status} with something that is not JSON.`,
  emptyBody: (status) => `The identity provider answered HTTP ${status} with an empty body.`,
  redirected: (status) => `The token endpoint redirected (HTTP ${status}); redirects are not followed.`,
  refused: (status) => `The identity provider refused the request with HTTP ${status}.`,
  refusedWithCode: (status, code) => `The identity provider refused the request with HTTP ${status} (${code}).`,
  noAccessToken: (status) => `The token response (HTTP ${status}) has no access_token.`,
  providerTimedOut: () => 'The identity provider did not answer in time.',
  providerUnreachable: (detail) => `Could not reach the identity provider: ${detail}`,
  providerAnswerTooLarge: (megabytes) => `The identity provider's answer was larger than ${megabytes} MB, so it was not read.`,

  codeNotResent: (said) => `${said} The sign-in code works only once, so it was not sent again: sign in again.`,
  noClientSecret: () => 'No OAuth client secret is set. Run "Wiki: Set OAuth Client Secret".',
  requestCancelled: () => 'The sign-in request was cancelled.',
  settingsMissing: () => 'Set wikiPublisher.export.authUrl and wikiPublisher.export.clientId in your user settings.',

  tokenRequestFailed: (detail) => `The token request failed: ${detail}`,
  providerAddress: () => 'the identity provider address',
  noProviderAddress: (settingName) => `No identity provider address: set ${settingName}.`,
  serviceAccountIncomplete: () => 'A service account needs both a client ID and a client secret.',
  clientRefused: (status) => `The client ID or secret was refused by the identity provider (HTTP ${status}, invalid_client).`,
  scopeRefused: (scope) => `The identity provider refused the scope "${scope}" (invalid_scope): the service account's credential was not given it.`,
  grantNotAllowed: (code) => `The identity provider does not let this client use the client-credentials grant (${code}): use a service account's credential.`,
  tokenRequestCancelled: () => 'The token request was cancelled.',
  providerNotReached: () => 'The identity provider could not be reached.',
  gaveUpAfter: (said, attempts) => `${said} Gave up after ${attempts} attempts.`,

  pageSignedInTitle: () => 'Signed in',
  pageSignedIn: () => 'You can close this tab and return to VS Code.',
  pageDeniedTitle: () => 'Sign-in cancelled',
  pageDenied: () => 'Access was denied. You can close this tab.',
  pageFailedTitle: () => 'Sign-in failed',
  pageFailed: () => 'The identity provider reported an error. You can close this tab and try again from VS Code.',
  pageBadStateTitle: () => 'Invalid sign-in link',
  pageBadState: () => 'This callback does not belong to the sign-in VS Code started. Nothing was changed.',
  pageNotFoundTitle: () => 'Not found',
  pageNotFound: () => 'Nothing here.',
  accessDenied: () => 'Access to the export API was denied on the authorization page.',
  signInEnded: (error) => `The identity provider ended the sign-in (${error}).`,
  signInEndedWithoutCode: () => 'The identity provider ended the sign-in without a code.',
  signInTimedOut: () => 'Nobody completed the sign-in page within 5 minutes.',
  signInCancelled: () => 'Sign-in was cancelled.',
  cannotListen: (port, code) => `Could not listen on 127.0.0.1:${port} for the sign-in callback (${code}).`,

  lookupLeftOrigin: () => 'The lookup address left the wiki origin.',
  lookupRejected: () => 'The platform rejected the export sign-in (HTTP 401).',
  lookupStatus: (status) => `The platform answered HTTP ${status}.`,
  lookupNotJson: () => 'The platform answered HTTP 200 with something that is not JSON.',
  lookupFailed: (detail) => `The platform lookup failed: ${detail}`,

  refreshCancelled: () => 'The sign-in refresh was cancelled.',
  lockFailed: (detail) => `Could not take the refresh lock: ${detail}`,
  lockBusy: () => 'Another window is refreshing the export sign-in and has not finished. Try again in a moment.',

  noSessionFromTokens: () => 'The token response could not be turned into a session.',
  refreshOutOfTime: () => 'The export session refresh ran out of time. Try again.',
  tokenEndpointTimedOut: (ms) => `The token endpoint did not answer within ${ms} ms. Try again.`,
  sessionChangedTwice: () => 'The export session changed twice during one refresh. Try again.',
  sessionChanged: () => 'The export session changed during the refresh. Try again.',
  noRefreshToken: () => 'Refusing to store a session without a refresh token.',
  saveFailed: (detail) => `Could not save the refreshed export session: ${detail}`,

  signInWaiting: () => 'A sign-in to the export API is already waiting for the browser.',
  pageNotOpened: () => 'The authorization page was not opened.',
  noRefreshTokenIssued: () => 'The identity provider issued no refresh token; the authorization must include offline_access.',
  signedInNotSaved: () => 'Signed in, but the secret storage refused to save the session. Try again.',
};
