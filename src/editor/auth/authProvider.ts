import * as vscode from 'vscode';
import { EXPORT_SCOPES } from '../../core/oauth/authorizeUrl';
import type { ExportSession } from '../../core/oauth/session';
import { neutralise } from '../../core/text/neutralise';
import type { ExportSessionService } from './exportSessionService';

export const EXPORT_PROVIDER_ID = 'wikiPublisher.export';
export const EXPORT_PROVIDER_LABEL = vscode.l10n.t('Wiki Export API');
/** The account's id when the identity provider names none: an id, so the same in every display language. */
const FALLBACK_ACCOUNT_ID = 'Wiki Export API';
const SESSION_ID = 'wikiPublisher.export.session';

/**
 * The export API session as a VS Code authentication provider: it shows in the Accounts menu, and other extensions
 * get a fresh access token with vscode.authentication.getSession('wikiPublisher.export', scopes).
 */
export class ExportAuthProvider implements vscode.AuthenticationProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.changed.event;
  private readonly subscription: vscode.Disposable;
  private known: vscode.AuthenticationSession | undefined;

  constructor(
    private readonly service: ExportSessionService,
    private readonly signIn: () => Promise<ExportSession | undefined>,
  ) {
    this.subscription = service.onDidChange(() => {
      this.announceChange().catch(() => undefined); // a failed secret read is reported by the service's own reads
    });
  }

  /** Reads the session there is at start-up, once activation has returned: it is not news, only later changes are announced. */
  start(): void {
    void this.service.storedSession().then(
      (stored) => {
        this.known ??= stored ? toAuthSession(stored) : undefined;
      },
      () => undefined,
    );
  }

  async getSessions(scopes?: readonly string[]): Promise<vscode.AuthenticationSession[]> {
    const stored = await this.service.storedSession();
    if (!stored || !covers(stored, scopes)) return [];
    // Without scopes the caller is the workbench listing accounts (extensions must pass scopes): it needs no fresh
    // token, so start-up neither loads the HTTP client nor refreshes here.
    if (scopes === undefined) return [toAuthSession(stored)];
    try {
      const accessToken = await this.service.accessToken();
      return accessToken ? [toAuthSession({ ...stored, accessToken })] : [];
    } catch {
      // A passing failure (network, another window holding the refresh lock) must not make a signed-in user look
      // signed out: a caller with createIfNone would start a second sign-in. It gets the stored session and may retry.
      return [toAuthSession(stored)];
    }
  }

  async createSession(scopes: readonly string[]): Promise<vscode.AuthenticationSession> {
    const session = await this.signIn();
    if (!session) throw new Error(vscode.l10n.t('Sign-in to the export API was cancelled.'));
    if (!covers(session, scopes)) throw new Error(vscode.l10n.t('The export API did not grant the scopes {0}.', scopes.join(', ')));
    return toAuthSession(session);
  }

  async removeSession(): Promise<void> {
    await this.service.manager().signOut();
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }

  private async announceChange(): Promise<void> {
    const stored = await this.service.storedSession();
    const current = stored ? toAuthSession(stored) : undefined;
    const previous = this.known;
    this.known = current;
    if (current && !previous) this.changed.fire({ added: [current], removed: [], changed: [] });
    else if (!current && previous) this.changed.fire({ added: [], removed: [previous], changed: [] });
    // The same rotation arrives twice (this window's event and the secret-storage event): announce it once.
    else if (current && previous && current.accessToken !== previous.accessToken) this.changed.fire({ added: [], removed: [], changed: [current] });
  }
}

function covers(session: ExportSession, scopes: readonly string[] | undefined): boolean {
  const granted: readonly string[] = session.scopes.length > 0 ? session.scopes : EXPORT_SCOPES;
  return (scopes ?? []).every((scope) => granted.includes(scope));
}

function toAuthSession(session: ExportSession): vscode.AuthenticationSession {
  const label = session.account ?? EXPORT_PROVIDER_LABEL;
  // The account name comes from the identity provider; the Accounts menu and account pickers show the label.
  return { id: SESSION_ID, accessToken: session.accessToken, account: { id: session.account ?? FALLBACK_ACCOUNT_ID, label: neutralise(label) }, scopes: session.scopes };
}
