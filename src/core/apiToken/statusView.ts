// What the status-bar item shows for a token state: one switch over the state, as data, so every
// kind is unit-tested without the editor. The editor side only maps `background` to a theme colour.
import type { TokenExpiryState } from './expiry';
import { formatRemaining, formatUtc } from './timeText';
import type { TokenMessages } from '../messages/tokenMessages';
import { escapeMarkdown } from '../text/neutralise';
import { API_TOKEN_ENV_VAR, type ApiTokenSource } from './tokenSource';

export const SET_API_TOKEN_COMMAND = 'wikiPublisher.setApiToken';
export const SHOW_LOG_COMMAND = 'wikiPublisher.showLog';
export const SIGN_IN_COMMAND = 'wikiPublisher.signIn';
/** The only commands the tooltip's links may run (MarkdownString.isTrusted.enabledCommands). */
export const TOOLTIP_COMMANDS: readonly string[] = [SET_API_TOKEN_COMMAND, SHOW_LOG_COMMAND, SIGN_IN_COMMAND];

export interface ExportSessionInfo {
  signedIn: boolean;
  /** Not signed in here because another window wrote an older copy over the stored sign-in (sessionMarker.overwrittenHere). */
  overwritten?: boolean;
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

const KEY_ICON = '$(key)';

/** `messages` has no English default: the item is on the editor's start-up path, which carries only the editor's words. */
export function tokenStatusView(state: TokenExpiryState, messages: TokenMessages, context: TokenStatusContext = {}): TokenStatusView {
  const head = context.rejection && state.kind !== 'none' ? rejectedHead(context.rejection, messages) : headFor(state, messages);
  const links = `[${messages.setApiTokenLink()}](command:${SET_API_TOKEN_COMMAND}) · [${messages.showLogLink()}](command:${SHOW_LOG_COMMAND})`;
  const sections = [messages.tooltipTitle(), head.detail, sourceLine(state, context.source, messages), messages.whereToCreate(), links];
  if (context.exportSession) sections.push('---', exportSessionSection(context.exportSession, context.now, messages));
  return {
    text: `${KEY_ICON} ${head.text}`,
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

function headFor(state: TokenExpiryState, messages: TokenMessages): Head {
  switch (state.kind) {
    case 'none':
      return { text: messages.noneText(), label: messages.noneLabel(), detail: messages.noneDetail(), background: 'none' };
    case 'unreadable':
      return { text: messages.unreadableText(), label: messages.unreadableLabel(), detail: messages.unreadableDetail(), background: 'error' };
    case 'valid':
    case 'warning': {
      const left = formatRemaining(state.remainingMs, messages);
      const soon = state.kind === 'warning';
      return {
        text: messages.validText(left),
        label: messages.validLabel(left, soon),
        detail: messages.validDetail(formatUtc(state.expiresAt, messages), left, soon),
        background: soon ? 'warning' : 'none',
      };
    }
    case 'expired': {
      const at = formatUtc(state.expiresAt, messages);
      return { text: messages.expiredText(), label: messages.expiredLabel(at), detail: messages.expiredDetail(at), background: 'error' };
    }
  }
}

function rejectedHead(rejection: TokenRejection, messages: TokenMessages): Head {
  return {
    text: messages.rejectedText(),
    label: messages.rejectedLabel(rejection.status),
    detail: messages.rejectedDetail(formatUtc(rejection.at, messages), rejection.status, rejection.status === 401, escapeMarkdown(rejection.said)),
    background: 'error',
  };
}

function sourceLine(state: TokenExpiryState, source: ApiTokenSource | undefined, messages: TokenMessages): string {
  if (state.kind === 'none') return messages.sourceNone(API_TOKEN_ENV_VAR);
  if (source === 'environment') return messages.sourceEnvironment(API_TOKEN_ENV_VAR);
  if (source === 'secretStorage') return messages.sourceSecretStorage();
  return '';
}

function exportSessionSection(session: ExportSessionInfo, now: number | undefined, messages: TokenMessages): string {
  if (session.overwritten) return `${messages.exportOverwritten()} [${messages.signInLink()}](command:${SIGN_IN_COMMAND})`;
  if (!session.signedIn) return `${messages.exportNotSignedIn()} [${messages.signInLink()}](command:${SIGN_IN_COMMAND})`;
  if (session.refreshExpiresAt === undefined) return messages.exportSignedIn();
  const at = formatUtc(session.refreshExpiresAt, messages);
  if (now === undefined) return messages.exportExpiresOn(at);
  return session.refreshExpiresAt > now ? messages.exportExpiresOnIn(at, formatRemaining(session.refreshExpiresAt - now, messages)) : messages.exportExpiredOn(at);
}
