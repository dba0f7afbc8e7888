// The editor's handle on the export API session. Start-up only reads the stored session (a JSON secret);
// the session manager, HTTP client and lock library load on first real use (dist/onDemand.js).
import type { SignInMessages } from '../../core/messages/signInMessages';
import type { NotFoundDiagnosis } from '../../core/oauth/platformLookup';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { withProgressBeforeResult } from '../progressNotification';
import type { ExportSessionInfo } from '../../core/apiToken/statusView';
import { describeError } from '../../core/log/redact';
import { isExportAuthError } from '../../core/oauth/isExportAuthError';
import { isAccessTokenFresh, parseSession, refreshTokenInactivityExpiry, needsInactivityWarning, SESSION_SECRET_KEY, type ExportSession } from '../../core/oauth/session';
import type { Clock, Logger, SecretStore } from '../../core/ports';
import type { PublishTarget } from '../../core/publish/target';
import type { ExportSessionManager, ProactiveRefresher } from '../../onDemand';
import { showError, showInfo, showWarning } from '../notify';
import { editorTransport } from '../net/editorTransport';
import { onDemand } from '../onDemandLoader';
import { authFailureText } from './authFailureText';
import { EXPORT_SETTINGS, readClientSecret, readExportSettings } from './exportSettings';

export interface ExportSessionServiceDeps {
  secrets: SecretStore;
  onDidChangeSecret: vscode.Event<vscode.SecretStorageChangeEvent>;
  globalState: vscode.Memento;
  globalStorageDir: string;
  clock: Clock;
  log: Logger;
  env: NodeJS.ProcessEnv;
  /** Claims a notice once across windows; true when this window should show it. */
  claimNotice(key: string): Promise<boolean>;
  /**
   * Where this extension host runs (`context.extension.extensionKind`). Forced onto the workspace side of a
   * remote window, its lock folder is not the one the local windows share over the same secret storage, so it
   * must never refresh there.
   */
  extensionKind?: vscode.ExtensionKind;
  /** The sign-in's words in the user's language, asked for only when a failure is shown (they load with the lazy commands). */
  signInMessages(): SignInMessages;
}

const INACTIVITY_NOTICE_KEY = 'wikiPublisher.export.inactivityNoticeFor';
/** A context key for `when` clauses: Sign Out is offered only while signed in. */
const SIGNED_IN_CONTEXT = 'wikiPublisher.exportSignedIn';

export class ExportSessionService implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the session is stored, refreshed or removed, in this window or another. */
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[] = [this.changed];
  private built: { key: string; manager: ExportSessionManager; refresher: ProactiveRefresher } | undefined;
  /** When this window started (activation): its view of the store was first read then (sessionMarker.overwrittenHere). */
  private readonly startedAt: number;

  constructor(private readonly deps: ExportSessionServiceDeps) {
    this.startedAt = deps.clock.now();
    this.subscriptions.push(
      deps.onDidChangeSecret((event) => {
        if (event.key === SESSION_SECRET_KEY) this.sessionChanged();
      }),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (EXPORT_SETTINGS.some((key) => event.affectsConfiguration(key))) this.disposeManager();
      }),
    );
  }

  /** Sets the signed-in context key from the stored session: the first read, once activation has returned. */
  start(): void {
    this.updateSignedInContext();
  }

  async storedSession(): Promise<ExportSession | undefined> {
    return parseSession(await this.deps.secrets.get(SESSION_SECRET_KEY));
  }

  async statusInfo(): Promise<ExportSessionInfo> {
    const session = await this.storedSession();
    if (!session) return { signedIn: false };
    // Another window wrote an older copy over the session, and this window will not see the latest: lost here.
    if (await this.overwrittenHere(session)) return { signedIn: false, overwritten: true };
    return { signedIn: true, refreshExpiresAt: refreshTokenInactivityExpiry(session) };
  }

  /** An access token with more than five minutes left; loads the session manager only when a refresh is due. */
  async accessToken(signal?: AbortSignal): Promise<string | undefined> {
    // Once built, the manager answers: it knows about a rotation the store refused to save, whose old access
    // token must not be handed out. Before that, a fresh stored token needs no HTTP client at all.
    if (!this.built) {
      const stored = await this.storedSession();
      if (!stored || (await this.signedOutElsewhere(stored))) return undefined;
      if (isAccessTokenFresh(stored, this.deps.clock.now())) return stored.accessToken;
    }
    try {
      return await this.manager().getAccessToken(signal);
    } catch (error) {
      if (isExportAuthError(error, 'notSignedIn') || isExportAuthError(error, 'signedOut')) return undefined;
      throw error;
    }
  }

  /** Refreshes now (a read was refused with 401) and returns the new session; undefined when signed out. */
  async refreshNowQuietly(signal?: AbortSignal): Promise<ExportSession | undefined> {
    try {
      return await this.manager().refreshNow(signal);
    } catch (error) {
      if (isExportAuthError(error, 'notSignedIn') || isExportAuthError(error, 'signedOut')) return undefined;
      throw error;
    }
  }

  manager(): ExportSessionManager {
    const settings = readExportSettings();
    // Rebuilt when the provider or the client changes; VS Code's fetch reads the proxy settings on every request.
    const key = JSON.stringify([settings.authUrl, settings.clientId]);
    if (this.built?.key !== key) {
      this.disposeManager();
      const core = onDemand();
      const tokenClient = new core.TokenClient({
        authUrl: settings.authUrl,
        clientId: settings.clientId,
        getClientSecret: () => readClientSecret(this.deps.secrets, this.deps.env),
        transport: editorTransport(),
        clock: this.deps.clock,
        logger: this.deps.log,
      });
      const manager = new core.ExportSessionManager({
        store: this.deps.secrets,
        clock: this.deps.clock,
        logger: this.deps.log,
        lockDir: this.lockDir(),
        tokenClient,
        mayRefresh: this.mayRefresh(),
        viewSince: this.startedAt,
      });
      manager.onDidChange((event) => {
        if (event.type === 'signedOut' && event.reason === 'chainRevoked') void this.offerSignInAgain();
        this.sessionChanged();
      });
      const refresher = new core.ProactiveRefresher({ manager, clock: this.deps.clock, logger: this.deps.log });
      refresher.start();
      this.built = { key, manager, refresher };
    }
    return this.built.manager;
  }

  /**
   * Signed out by the authorization server, not by the user (a revoked or expired sign-in, in this window or
   * another), and not signed in since: the edit guard holds back what it cannot check instead of sending it unchecked.
   */
  async signInRevoked(): Promise<boolean> {
    if (await this.storedSession().catch(() => undefined)) return false;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const marker = require('../../core/oauth/sessionMarker') as typeof import('../../core/oauth/sessionMarker');
    return marker.signInRevoked(this.lockDir());
  }

  /** A sign-out recorded by another window whose deletion this window's store has not shown yet. */
  private signedOutElsewhere(stored: ExportSession): Promise<boolean> {
    // Required here, not at the top: the marker module needs fs and crypto, never during activation.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const marker = require('../../core/oauth/sessionMarker') as typeof import('../../core/oauth/sessionMarker');
    return marker.isSignedOutByMarker(this.lockDir(), stored);
  }

  /** The stored session is an older copy than the one last stored, and this window's store will keep it. */
  private overwrittenHere(stored: ExportSession): Promise<boolean> {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const marker = require('../../core/oauth/sessionMarker') as typeof import('../../core/oauth/sessionMarker');
    return marker.isOverwrittenHere(this.lockDir(), stored, this.deps.clock.now(), this.startedAt);
  }

  private lockDir(): string {
    return path.join(this.deps.globalStorageDir, 'export-session-lock');
  }

  /**
   * False on the workspace side of a desktop remote window (the user forced it there with remote.extensionKind):
   * its lock folder is on the remote machine and does not guard the local windows' refreshes of the same session.
   * In a browser (code-server, VS Code for the Web) the workspace side is the only place it can run, for every
   * window alike, so one lock folder serves them all.
   */
  private mayRefresh(): boolean {
    const forcedRemote = this.deps.extensionKind === vscode.ExtensionKind.Workspace && vscode.env.remoteName !== undefined;
    return !(forcedRemote && vscode.env.uiKind === vscode.UIKind.Desktop);
  }

  /** Starts the ahead-of-expiry refresh timer when a session exists; every window may, the lock keeps it to one refresh. */
  async startBackgroundRefresh(): Promise<void> {
    if (await this.storedSession()) this.manager();
    await this.warnBeforeInactivityExpiry();
  }

  /** Asks the platform which of space and parent an import 404 is about; undefined when not signed in. */
  async diagnoseNotFound(target: PublishTarget, signal: AbortSignal): Promise<NotFoundDiagnosis | undefined> {
    const token = await this.accessToken(signal).catch(() => undefined);
    if (!token) return undefined;
    const core = onDemand();
    const diagnosis = await core.diagnoseNotFound({
      baseUrl: readExportSettings().baseUrl, accessToken: token, space: target.spaceId, parentId: target.parentId,
      transport: editorTransport(), signal,
    });
    if (diagnosis.failure) this.deps.log.warn(`404 lookup: ${diagnosis.failure}`);
    return diagnosis;
  }

  dispose(): void {
    this.disposeManager();
    for (const subscription of this.subscriptions.splice(0)) subscription.dispose();
  }

  private sessionChanged(): void {
    this.changed.fire();
    this.built?.refresher.reschedule().catch((error: unknown) => this.deps.log.warn(`Rescheduling the export refresh failed: ${describeError(error)}`));
    this.updateSignedInContext();
  }

  private updateSignedInContext(): void {
    this.storedSession()
      .then((session) => vscode.commands.executeCommand('setContext', SIGNED_IN_CONTEXT, session !== undefined))
      .catch((error: unknown) => this.deps.log.warn(`Reading the export session failed: ${describeError(error)}`));
  }

  private disposeManager(): void {
    this.built?.refresher.stop();
    this.built = undefined;
  }

  private async offerSignInAgain(): Promise<void> {
    const signInAgain = vscode.l10n.t('Sign In Again');
    const choice = await showWarning(vscode.l10n.t('Your export API sign-in has expired or was revoked. Sign in again to keep using the export API.'), signInAgain);
    if (choice) await vscode.commands.executeCommand('wikiPublisher.signIn');
  }

  /** Spec 5.2.7: warn ten days before the refresh token dies of inactivity, once per session, with a refresh that keeps it alive. */
  private async warnBeforeInactivityExpiry(): Promise<void> {
    const session = await this.storedSession();
    if (!session || !needsInactivityWarning(session, this.deps.clock.now())) return;
    const noticeKey = String(session.lastRefreshAt);
    if (this.deps.globalState.get<string>(INACTIVITY_NOTICE_KEY) === noticeKey) return;
    await this.deps.globalState.update(INACTIVITY_NOTICE_KEY, noticeKey);
    if (!(await this.deps.claimNotice(`inactivity-${noticeKey}`))) return;
    const expires = new Date(refreshTokenInactivityExpiry(session)).toUTCString();
    const choice = await showWarning(vscode.l10n.t('Your export API sign-in expires from inactivity on {0}. Refresh it now to keep it.', expires), vscode.l10n.t('Refresh Now'));
    if (choice) await vscode.commands.executeCommand('wikiPublisher.refreshExportSession');
  }

  /** For the refresh command: refreshes now and reports the outcome. */
  async refreshNow(): Promise<void> {
    try {
      await withProgressBeforeResult(vscode.l10n.t('Refreshing the export API session...'), (_progress, signal) => this.manager().refreshNow(signal));
      void showInfo(vscode.l10n.t('The export API session was refreshed; it stays alive for another 90 days of inactivity.'));
    } catch (error) {
      if (isExportAuthError(error, 'cancelled')) return;
      this.deps.log.error(`Refreshing the export session failed: ${describeError(error)}`);
      void showError(vscode.l10n.t('Could not refresh the export API session: {0}', authFailureText(error, this.deps.signInMessages)));
    }
  }
}
