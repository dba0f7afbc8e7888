// The API token's expiry indicator in the status bar. All decisions live in src/core/apiToken; this class
// reads the token, asks the core what to show and when things next change, and renders the answer.
// Imports stay light (no HTTP client, Markdown parser or YAML) because it is built at start-up.
import * as vscode from 'vscode';
import { DEFAULT_WARNING_DAYS, msUntilNextChange, tokenExpiryState, type TokenExpiryState } from '../../core/apiToken/expiry';
import { editorTokenMessages } from '../messages/tokenMessages';
import { apiTokenFingerprint, noticeDue, rememberNotice, type ExpiryNotice } from '../../core/apiToken/expiryNotices';
import {
  SET_API_TOKEN_COMMAND,
  TOOLTIP_COMMANDS,
  tokenStatusView,
  type ExportSessionInfo,
  type TokenRejection,
  type TokenStatusView,
} from '../../core/apiToken/statusView';
import { API_TOKEN_SECRET_KEY, readApiToken, type FoundApiToken } from '../../core/apiToken/tokenSource';
import { DAY_MS } from '../../core/apiToken/timeText';
import { decodeApiTokenClaims } from '../../core/apiToken/validate';
import { describeError } from '../../core/log/redact';
import type { Clock, Logger } from '../../core/ports';
import type { PublishOutcome } from '../../core/publish/outcome';
import { notify } from '../notify';

export interface TokenStatusItemDeps {
  secrets: vscode.SecretStorage;
  /** Remembers which expiry notices were shown, across restarts and windows. */
  globalState: vscode.Memento;
  clock: Clock;
  /** Usually process.env; read for WIKI_PUBLISHER_API_TOKEN. */
  env: Record<string, string | undefined>;
  logger: Logger;
  /** Claims a notice once across windows (see editor/noticeClaims.ts); true when this window should show it. */
  claimNotice(key: string): Promise<boolean>;
  /** Told whenever an unexpired token is found (the walkthrough's token step is then done). */
  onUsableToken?(): void;
}

const ITEM_ID = 'wikiPublisher.tokenStatus';
const WARNING_DAYS_SETTING = 'wikiPublisher.tokenExpiryWarningDays';
const SHOWN_NOTICES_KEY = 'wikiPublisher.apiTokenNoticesShown';
/** The wiki's last refusal of a token, by the token's fingerprint, so a new token starts clean. */
const REJECTION_KEY = 'wikiPublisher.apiTokenRejection';

interface StoredRejection extends TokenRejection {
  fingerprint: string;
}
const SET_TOKEN_ACTION = vscode.l10n.t('Set API Token');
// At least a second so an early-firing timer cannot spin; at most a day so a suspended machine or a
// changed system clock is noticed, and far below setTimeout's 2^31 ms limit.
const MIN_DELAY_MS = 1000;
const MAX_DELAY_MS = DAY_MS;

export class TokenStatusItem implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly subscriptions: vscode.Disposable[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private exportSession: ExportSessionInfo | undefined;
  // Renders are async (the secret read); only the newest may touch the item.
  private generation = 0;
  private disposed = false;
  // Guards against two overlapping refreshes both showing a notice before globalState is written.
  private readonly noticesShownHere = new Set<string>();

  constructor(private readonly deps: TokenStatusItemDeps) {
    this.item = vscode.window.createStatusBarItem(ITEM_ID, vscode.StatusBarAlignment.Right, 100);
    this.item.name = vscode.l10n.t('Wiki API Token');
    this.item.text = `$(key) ${vscode.l10n.t('Wiki token')}`;
    this.item.accessibilityInformation = { label: vscode.l10n.t('Wiki API token: checking') };
    this.item.command = SET_API_TOKEN_COMMAND;
    this.item.show();
    this.subscriptions.push(
      // Fires for changes made in other windows too, so every window updates at once.
      deps.secrets.onDidChange((event) => {
        if (event.key === API_TOKEN_SECRET_KEY) void this.refresh();
      }),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(WARNING_DAYS_SETTING)) void this.refresh();
      }),
    );
    // The item shows "Wiki token" until the first refresh(), which extension.ts starts once activation has returned.
  }

  /**
   * What the wiki said of the token when publishing: 401 or 403 marks it rejected (until a publish succeeds or the
   * token changes); a success clears the mark. Other answers say nothing about the token.
   */
  async noteOutcome(outcome: PublishOutcome): Promise<void> {
    try {
      const found = await readApiToken(this.deps.secrets, this.deps.env);
      if (!found) return;
      if (outcome.kind === 'unauthorized' || outcome.kind === 'forbidden') {
        const rejection: StoredRejection = { status: outcome.status ?? 0, at: this.deps.clock.now(), said: outcome.message, fingerprint: apiTokenFingerprint(found.token) };
        await this.deps.globalState.update(REJECTION_KEY, rejection);
      } else if (outcome.kind === 'created' || outcome.kind === 'updated' || outcome.kind === 'existsAfterRetry') {
        if (this.deps.globalState.get(REJECTION_KEY) === undefined) return;
        await this.deps.globalState.update(REJECTION_KEY, undefined);
      } else return;
      await this.refresh();
    } catch (error) {
      this.deps.logger.warn(`Recording the wiki's answer about the API token failed: ${describeError(error)}`);
    }
  }

  /** The stored refusal if it concerns this token. */
  private rejectionOf(token: string): TokenRejection | undefined {
    const stored = this.deps.globalState.get<StoredRejection>(REJECTION_KEY);
    if (!stored || stored.fingerprint !== apiTokenFingerprint(token)) return undefined;
    return { status: stored.status, at: stored.at, said: stored.said };
  }

  /** Shows the export API session in the tooltip; undefined hides that section. */
  setExportSession(info: ExportSessionInfo | undefined): void {
    this.exportSession = info;
    void this.refresh();
  }

  /** Re-reads the token and re-renders. Never rejects. */
  async refresh(): Promise<void> {
    const generation = ++this.generation;
    try {
      const read = await this.readToken();
      if (this.disposed || generation !== this.generation) return;
      const found = read === 'storeFailed' ? undefined : read;
      const source = read === 'storeFailed' ? 'secretStorage' : read?.source;
      const now = this.deps.clock.now();
      const state = this.stateOf(read, now);
      const rejection = found ? this.rejectionOf(found.token) : undefined;
      this.render(tokenStatusView(state, editorTokenMessages, { source, exportSession: this.exportSession, now, ...(rejection ? { rejection } : {}) }));
      if (state.kind === 'valid' || state.kind === 'warning') this.deps.onUsableToken?.();
      this.scheduleNextRefresh(msUntilNextChange(state, now));
      // Only a token in its warning window or expired can be due a notice; the fingerprint (a hash) waits until then.
      if (found && (state.kind === 'warning' || state.kind === 'expired')) await this.notifyIfDue(state, apiTokenFingerprint(found.token));
    } catch (error) {
      this.deps.logger.error(`Updating the API token status failed: ${describeError(error)}`);
    }
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    for (const subscription of this.subscriptions.splice(0)) subscription.dispose();
    this.item.dispose();
  }

  private async readToken(): Promise<FoundApiToken | 'storeFailed' | undefined> {
    try {
      return await readApiToken(this.deps.secrets, this.deps.env);
    } catch (error) {
      // A locked or broken keyring: say "unreadable" rather than invite setting a token that cannot be saved.
      this.deps.logger.warn(`Reading the API token from the secret storage failed: ${describeError(error)}`);
      return 'storeFailed';
    }
  }

  private stateOf(found: FoundApiToken | 'storeFailed' | undefined, now: number): TokenExpiryState {
    if (found === 'storeFailed') return { kind: 'unreadable' };
    const claims = found === undefined ? undefined : (decodeApiTokenClaims(found.token) ?? 'unreadable');
    const warningDays = vscode.workspace.getConfiguration().get<number>(WARNING_DAYS_SETTING, DEFAULT_WARNING_DAYS);
    return tokenExpiryState({ claims, now, warningDays });
  }

  private render(view: TokenStatusView): void {
    this.item.text = view.text;
    this.item.accessibilityInformation = { label: view.accessibilityLabel };
    const tooltip = new vscode.MarkdownString(view.tooltipMarkdown);
    // Command links work only for our own commands, never for any command a string could name.
    tooltip.isTrusted = { enabledCommands: [...TOOLTIP_COMMANDS] };
    this.item.tooltip = tooltip;
    this.item.backgroundColor =
      view.background === 'none' ? undefined : new vscode.ThemeColor(`statusBarItem.${view.background}Background`);
    this.item.command = view.command;
  }

  private scheduleNextRefresh(delayMs: number | undefined): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    // With no change due, still wake daily: the export section's "in N days" moves too.
    const delay = Math.min(MAX_DELAY_MS, Math.max(MIN_DELAY_MS, delayMs ?? MAX_DELAY_MS));
    this.timer = setTimeout(() => void this.refresh(), delay);
  }

  private async notifyIfDue(state: TokenExpiryState, fingerprint: string): Promise<void> {
    const remembered = this.deps.globalState.get<string[]>(SHOWN_NOTICES_KEY, []);
    const notice = noticeDue(state, fingerprint, new Set([...remembered, ...this.noticesShownHere]), editorTokenMessages);
    if (!notice) return;
    this.noticesShownHere.add(notice.key);
    await this.deps.globalState.update(SHOWN_NOTICES_KEY, rememberNotice(remembered, notice.key));
    if (await this.deps.claimNotice(notice.key)) void this.showNotice(notice);
  }

  private async showNotice(notice: ExpiryNotice): Promise<void> {
    const choice = await notify(notice.kind === 'warning' ? 'warning' : 'error', notice.message, SET_TOKEN_ACTION);
    if (choice === SET_TOKEN_ACTION) await vscode.commands.executeCommand(SET_API_TOKEN_COMMAND);
  }
}
