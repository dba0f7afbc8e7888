// The sentences of the API token: the status bar item (text, accessibility label, tooltip), the expiry notices, the
// refusals of a pasted token and the time texts they use. The status item is on the editor's start-up path, so this
// catalogue is small and separate from the others.

/** `at` is an exact time as formatUtc writes it; `left` a remaining time as formatRemaining writes it. */
export interface TokenMessages {
  days(count: number): string;
  hours(count: number): string;
  minutes(count: number): string;
  underAMinute(): string;
  unknownTime(): string;

  tooltipTitle(): string;
  whereToCreate(): string;
  setApiTokenLink(): string;
  showLogLink(): string;
  signInLink(): string;
  noneText(): string;
  noneLabel(): string;
  noneDetail(): string;
  unreadableText(): string;
  unreadableLabel(): string;
  unreadableDetail(): string;
  validText(left: string): string;
  validLabel(left: string, soon: boolean): string;
  validDetail(at: string, left: string, soon: boolean): string;
  expiredText(): string;
  expiredLabel(at: string): string;
  expiredDetail(at: string): string;
  rejectedText(): string;
  rejectedLabel(status: number): string;
  /** `said` is the service's sentence, already escaped for Markdown; `unknownToken` for a 401, else a 403. */
  rejectedDetail(at: string, status: number, unknownToken: boolean, said: string): string;
  sourceNone(envVar: string): string;
  sourceEnvironment(envVar: string): string;
  sourceSecretStorage(): string;
  exportNotSignedIn(): string;
  exportOverwritten(): string;
  exportSignedIn(): string;
  exportExpiresOn(at: string): string;
  exportExpiresOnIn(at: string, left: string): string;
  exportExpiredOn(at: string): string;

  expiryWarning(left: string, at: string): string;
  expiryNotice(at: string): string;

  tokenEmpty(): string;
  notJwtShape(): string;
  notJwtPayload(): string;
  notJwtObject(): string;
  missingClaims(): string;
  tokenExpired(at: string): string;
}

const WHERE_TOKENS_ARE_MADE = 'the wiki app\'s settings, tab "API"';

export const englishTokenMessages: TokenMessages = {
  days: (count) => (count === 1 ? '1 day' : `${count} days`),
  hours: (count) => (count === 1 ? '1 hour' : `${count} hours`),
  minutes: (count) => (count === 1 ? '1 minute' : `${count} minutes`),
  underAMinute: () => 'less than a minute',
  unknownTime: () => 'an unknown time',

  tooltipTitle: () => '**Wiki API token**',
  whereToCreate: () => 'New tokens are created in the wiki app\'s settings, tab **API**; a token cannot be extended.',
  setApiTokenLink: () => 'Set API Token',
  showLogLink: () => 'Show Log',
  signInLink: () => 'Sign in',
  noneText: () => 'Set wiki token',
  noneLabel: () => 'Wiki API token not set. Click to set one.',
  noneDetail: () => 'No token is set, so publishing is not possible yet. Click to paste one.',
  unreadableText: () => 'Wiki token unreadable',
  unreadableLabel: () => 'Wiki API token unreadable. Click to set a new one.',
  unreadableDetail: () => 'The token does not decode as a JWT with "exp" and "iat" claims. Click to set a new one.',
  validText: (left) => `Wiki token: ${left}`,
  validLabel: (left, soon) => `Wiki API token expires in ${left}.${soon ? ' Create a new one soon.' : ''}`,
  validDetail: (at, left, soon) => `Expires **${at}** (in ${left}).${soon ? ' Create a new one soon.' : ''}`,
  expiredText: () => 'Wiki token expired',
  expiredLabel: (at) => `Wiki API token expired on ${at}. Click to set a new one.`,
  expiredDetail: (at) => `Expired **${at}**. Publishing fails until a new token is set.`,
  rejectedText: () => 'Wiki token rejected',
  rejectedLabel: (status) => `The wiki rejected the API token (HTTP ${status}). Click to set a new one.`,
  rejectedDetail: (at, status, unknownToken, said) =>
    `The wiki rejected this token on **${at}** (HTTP ${status}): ` +
    `${unknownToken ? 'it is malformed, unknown to the wiki or was deleted' : 'it has expired or could not be verified (check this computer\'s clock)'}. ` +
    `It said: "${said}". Click to set a new token; the next successful publish clears this.`,
  sourceNone: (envVar) => `Set one with **Wiki: Set API Token**, or for headless use the \`${envVar}\` environment variable.`,
  sourceEnvironment: (envVar) => `Read from the \`${envVar}\` environment variable (used because no token is stored).`,
  sourceSecretStorage: () => 'Kept in VS Code\'s secret storage.',
  exportNotSignedIn: () => '**Export API**: not signed in.',
  exportOverwritten: () => '**Export API**: not signed in here. Another window replaced the sign-in stored for this window with an older copy, so it is lost.',
  exportSignedIn: () => '**Export API**: signed in.',
  exportExpiresOn: (at) => `**Export API**: signed in. The sign-in expires from inactivity on ${at} unless it is used before then.`,
  exportExpiresOnIn: (at, left) => `**Export API**: signed in. The sign-in expires from inactivity on ${at} (in ${left}) unless it is used before then.`,
  exportExpiredOn: (at) => `**Export API**: signed in. The sign-in expires from inactivity on ${at} (already passed) unless it is used before then.`,

  expiryWarning: (left, at) => `Your wiki API token expires in ${left} (${at}). Create a new one in ${WHERE_TOKENS_ARE_MADE}, then set it here.`,
  expiryNotice: (at) => `Your wiki API token expired on ${at}, so publishing will fail. Create a new one in ${WHERE_TOKENS_ARE_MADE}, then set it here.`,

  tokenEmpty: () => `The API token is empty. Paste the token shown when it was created in ${WHERE_TOKENS_ARE_MADE}.`,
  notJwtShape: () =>
    `This is not an API token: it should be three parts of letters, digits, "-" and "_" separated by dots. Copy the whole token from ${WHERE_TOKENS_ARE_MADE}.`,
  notJwtPayload: () => `This is not an API token: its middle part is not readable JSON. Copy the whole token from ${WHERE_TOKENS_ARE_MADE}.`,
  notJwtObject: () => `This is not an API token: its middle part is not a JSON object. Copy the whole token from ${WHERE_TOKENS_ARE_MADE}.`,
  missingClaims: () =>
    `This is not an API token: it does not carry numeric "exp" (expiry) and "iat" (issued at) claims. Create a token in ${WHERE_TOKENS_ARE_MADE}.`,
  tokenExpired: (at) => `This API token expired on ${at}. Tokens cannot be extended; create a new one in ${WHERE_TOKENS_ARE_MADE}.`,
};
