// What the status-bar item shows for a token state: one switch over the state, as data, so every
// kind is unit-tested without the editor. The editor side only maps `background` to a theme colour.
import type { TokenExpiryState } from './expiry';
import { formatRemaining, formatUtc } from './timeText';
import { escapeMarkdown } from '../text/neutralise';
import { API_TOKEN_ENV_VAR, type ApiTokenSource } from './tokenSource';

export const SET_API_TOKEN_COMMAND = 'wikiPublisher.setApiToken';
export const SHOW_LOG_COMMAND = 'wikiPublisher.showLog';
export const SIGN_IN_COMMAND = 'wikiPublisher.signIn';
/** The only commands the tooltip's links may run (MarkdownString.isTrusted.enabledCommands). */
export const TOOLTIP_COMMANDS: readonly string[] = [SET_API_TOKEN_COMMAND, SHOW_LOG_COMMAND, SIGN_IN_COMMAND];

export interface ExportSessionInfo {
  signedIn: boolean;
  /** Epoch ms when the refresh token expires unless it is used before then (spec 5.2.7). */
  refreshExpiresAt?: number;
}

/** The wiki refused the current token (401 or 403): shown until a publish succeeds or the token changes. */
export interface TokenRejection {
  status: number;
  /** Epoch ms of the refusal. */
  at: number;
  /** The service's own words (untrusted: escaped before it enters the tooltip). */
  said: string;
}

export interface TokenStatusContext {
  source?: ApiTokenSource;
  rejection?: TokenRejection;
  exportSession?: ExportSessionInfo;
  /** Lets the export section say "in 89 days" next to the exact time. */
  now?: number;
}

export type StatusBackground = 'none' | 'warning' | 'error';

export interface TokenStatusView {
  text: string;
  accessibilityLabel: string;
  tooltipMarkdown: string;
  background: StatusBackground;
  command: string;
}

const WHERE_TO_CREATE = 'New tokens are created in the wiki app\'s settings, tab **API**; a token cannot be extended.';
const LINKS = `[Set API Token](command:${SET_API_TOKEN_COMMAND}) · [Show Log](command:${SHOW_LOG_COMMAND})`;

export function tokenStatusView(state: TokenExpiryState, context: TokenStatusContext = {}): TokenStatusView {
  const head = context.rejection && state.kind !== 'none' ? rejectedHead(context.rejection) : headFor(state);
  const sections = ['**Wiki API token**', head.detail, sourceLine(state, context.source), WHERE_TO_CREATE, LINKS];
  if (context.exportSession) sections.push('---', exportSessionSection(context.exportSession, context.now));
  return {
    text: head.text,
    accessibilityLabel: head.label,
    tooltipMarkdown: sections.filter((section) => section !== '').join('\n\n'),
    background: head.background,
    command: SET_API_TOKEN_COMMAND,
  };
}

interface Head {
  text: string;
  label: string;
  detail: string;
  background: StatusBackground;
}

function headFor(state: TokenExpiryState): Head {
  switch (state.kind) {
    case 'none':
      return {
        text: '$(key) Set wiki token',
        label: 'Wiki API token not set. Click to set one.',
        detail: 'No token is set, so publishing is not possible yet. Click to paste one.',
        background: 'none',
      };
    case 'unreadable':
      return {
        text: '$(key) Wiki token unreadable',
        label: 'Wiki API token unreadable. Click to set a new one.',
        detail: 'The token does not decode as a JWT with "exp" and "iat" claims. Click to set a new one.',
        background: 'error',
      };
    case 'valid':
    case 'warning': {
      const left = formatRemaining(state.remainingMs);
      const soon = state.kind === 'warning' ? ' Create a new one soon.' : '';
      return {
        text: `$(key) Wiki token: ${left}`,
        label: `Wiki API token expires in ${left}.${soon}`,
        detail: `Expires **${formatUtc(state.expiresAt)}** (in ${left}).${soon}`,
        background: state.kind === 'warning' ? 'warning' : 'none',
      };
    }
    case 'expired':
      return {
        text: '$(key) Wiki token expired',
        label: `Wiki API token expired on ${formatUtc(state.expiresAt)}. Click to set a new one.`,
        detail: `Expired **${formatUtc(state.expiresAt)}**. Publishing fails until a new token is set.`,
        background: 'error',
      };
  }
}

function rejectedHead(rejection: TokenRejection): Head {
  const why = rejection.status === 401
    ? 'it is malformed, unknown to the wiki or was deleted'
    : 'it has expired or could not be verified (check this computer\'s clock)';
  return {
    text: '$(key) Wiki token rejected',
    label: `The wiki rejected the API token (HTTP ${rejection.status}). Click to set a new one.`,
    detail: `The wiki rejected this token on **${formatUtc(rejection.at)}** (HTTP ${rejection.status}): ${why}. ` +
      `It said: "${escapeMarkdown(rejection.said)}". Click to set a new token; the next successful publish clears this.`,
    background: 'error',
  };
}

function sourceLine(state: TokenExpiryState, source: ApiTokenSource | undefined): string {
  if (state.kind === 'none') {
    return `Set one with **Wiki: Set API Token**, or for headless use the \`${API_TOKEN_ENV_VAR}\` environment variable.`;
  }
  if (source === 'environment') {
    return `Read from the \`${API_TOKEN_ENV_VAR}\` environment variable (used because no token is stored).`;
  }
  if (source === 'secretStorage') return 'Kept in VS Code\'s secret storage.';
  return '';
}

function exportSessionSection(session: ExportSessionInfo, now: number | undefined): string {
  if (!session.signedIn) {
    return `**Export API**: not signed in. [Sign in](command:${SIGN_IN_COMMAND})`;
  }
  if (session.refreshExpiresAt === undefined) return '**Export API**: signed in.';
  const relative =
    now === undefined ? '' : session.refreshExpiresAt > now ? ` (in ${formatRemaining(session.refreshExpiresAt - now)})` : ' (already passed)';
  return (
    '**Export API**: signed in. The sign-in expires from inactivity on ' +
    `${formatUtc(session.refreshExpiresAt)}${relative} unless it is used before then.`
  );
}
