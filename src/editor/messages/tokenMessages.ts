// The core's API token sentences (status bar item, expiry notices, refusals of a pasted token, time texts) in the
// user's language: one literal vscode.l10n.t call per entry, typed as the core's catalogue so a missing entry does
// not compile. On the start-up path (the status item), so it holds only these.
import * as vscode from 'vscode';
import type { TokenMessages } from '../../core/messages/tokenMessages';

export const editorTokenMessages: TokenMessages = {
  days: (count) => (count === 1 ? vscode.l10n.t('1 day') : vscode.l10n.t('{0} days', count)),
  hours: (count) => (count === 1 ? vscode.l10n.t('1 hour') : vscode.l10n.t('{0} hours', count)),
  minutes: (count) => (count === 1 ? vscode.l10n.t('1 minute') : vscode.l10n.t('{0} minutes', count)),
  underAMinute: () => vscode.l10n.t('less than a minute'),
  unknownTime: () => vscode.l10n.t('an unknown time'),

  tooltipTitle: () => vscode.l10n.t('**Wiki API token**'),
  whereToCreate: () => vscode.l10n.t('New tokens are created in the wiki app\'s settings, tab **API**; a token cannot be extended.'),
  setApiTokenLink: () => vscode.l10n.t('Set API Token'),
  showLogLink: () => vscode.l10n.t('Show Log'),
  signInLink: () => vscode.l10n.t('Sign in'),
  noneText: () => vscode.l10n.t('Set wiki token'),
  noneLabel: () => vscode.l10n.t('Wiki API token not set. Click to set one.'),
  noneDetail: () => vscode.l10n.t('No token is set, so publishing is not possible yet. Click to paste one.'),
  unreadableText: () => vscode.l10n.t('Wiki token unreadable'),
  unreadableLabel: () => vscode.l10n.t('Wiki API token unreadable. Click to set a new one.'),
  unreadableDetail: () => vscode.l10n.t('The token does not decode as a JWT with "exp" and "iat" claims. Click to set a new one.'),
  validText: (left) => vscode.l10n.t('Wiki token: {0}', left),
  validLabel: (left, soon) =>
    soon ? vscode.l10n.t('Wiki API token expires in {0}. Create a new one soon.', left) : vscode.l10n.t('Wiki API token expires in {0}.', left),
  validDetail: (at, left, soon) =>
    soon ? vscode.l10n.t('Expires **{0}** (in {1}). Create a new one soon.', at, left) : vscode.l10n.t('Expires **{0}** (in {1}).', at, left),
  expiredText: () => vscode.l10n.t('Wiki token expired'),
  expiredLabel: (at) => vscode.l10n.t('Wiki API token expired on {0}. Click to set a new one.', at),
  expiredDetail: (at) => vscode.l10n.t('Expired **{0}**. Publishing fails until a new token is set.', at),
  rejectedText: () => vscode.l10n.t('Wiki token rejected'),
  rejectedLabel: (status) => vscode.l10n.t('The wiki rejected the API token (HTTP {0}). Click to set a new one.', status),
  rejectedDetail: (at, status, unknownToken, said) =>
    unknownToken
      ? vscode.l10n.t('The wiki rejected this token on **{0}** (HTTP {1}): it is malformed, unknown to the wiki or was deleted. It said: "{2}". Click to set a new token; the next successful publish clears this.', at, status, said)
      : vscode.l10n.t('The wiki rejected this token on **{0}** (HTTP {1}): it has expired or could not be verified (check this computer\'s clock). It said: "{2}". Click to set a new token; the next successful publish clears this.', at, status, said),
  sourceNone: (envVar) => vscode.l10n.t('Set one with **Wiki: Set API Token**, or for headless use the `{0}` environment variable.', envVar),
  sourceEnvironment: (envVar) => vscode.l10n.t('Read from the `{0}` environment variable (used because no token is stored).', envVar),
  sourceSecretStorage: () => vscode.l10n.t('Kept in VS Code\'s secret storage.'),
  exportNotSignedIn: () => vscode.l10n.t('**Export API**: not signed in.'),
  exportOverwritten: () => vscode.l10n.t('**Export API**: not signed in here. Another window replaced the sign-in stored for this window with an older copy, so it is lost.'),
  exportSignedIn: () => vscode.l10n.t('**Export API**: signed in.'),
  exportExpiresOn: (at) => vscode.l10n.t('**Export API**: signed in. The sign-in expires from inactivity on {0} unless it is used before then.', at),
  exportExpiresOnIn: (at, left) =>
    vscode.l10n.t('**Export API**: signed in. The sign-in expires from inactivity on {0} (in {1}) unless it is used before then.', at, left),
  exportExpiredOn: (at) =>
    vscode.l10n.t('**Export API**: signed in. The sign-in expires from inactivity on {0} (already passed) unless it is used before then.', at),

  expiryWarning: (left, at) =>
    vscode.l10n.t('Your wiki API token expires in {0} ({1}). Create a new one in the wiki app\'s settings, tab "API", then set it here.', left, at),
  expiryNotice: (at) =>
    vscode.l10n.t('Your wiki API token expired on {0}, so publishing will fail. Create a new one in the wiki app\'s settings, tab "API", then set it here.', at),

  tokenEmpty: () => vscode.l10n.t('The API token is empty. Paste the token shown when it was created in the wiki app\'s settings, tab "API".'),
  notJwtShape: () =>
    vscode.l10n.t('This is not an API token: it should be three parts of letters, digits, "-" and "_" separated by dots. Copy the whole token from the wiki app\'s settings, tab "API".'),
  notJwtPayload: () =>
    vscode.l10n.t('This is not an API token: its middle part is not readable JSON. Copy the whole token from the wiki app\'s settings, tab "API".'),
  notJwtObject: () =>
    vscode.l10n.t('This is not an API token: its middle part is not a JSON object. Copy the whole token from the wiki app\'s settings, tab "API".'),
  missingClaims: () =>
    vscode.l10n.t('This is not an API token: it does not carry numeric "exp" (expiry) and "iat" (issued at) claims. Create a token in the wiki app\'s settings, tab "API".'),
  tokenExpired: (at) =>
    vscode.l10n.t('This API token expired on {0}. Tokens cannot be extended; create a new one in the wiki app\'s settings, tab "API".', at),
};
