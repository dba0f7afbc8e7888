import * as vscode from 'vscode';
import { EXPORT_SCOPES } from '../../core/oauth/authorizeUrl';
import type { ExportSession } from '../../core/oauth/session';
import type { ExportSessionService } from './exportSessionService';

export const EXPORT_PROVIDER_ID = 'wikiPublisher.export';
export const EXPORT_PROVIDER_LABEL = 'Wiki Export API';
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
    this.subscription = service.onDidChange(() => void this.announceChange());
  }

  async getSessions(scopes?: readonly string[]): Promise<vscode.AuthenticationSession[]> {
    const stored = await this.service.storedSession();
    if (!stored || !covers(stored, scopes)) return [];
    // Callers get a usable token: refreshed first when less than five minutes remain.
    const accessToken = await this.service.accessToken().catch(() => undefined);
    if (!accessToken) return [];
    return [toAuthSession({ ...stored, accessToken })];
  }

  async createSession(scopes: readonly string[]): Promise<vscode.AuthenticationSession> {
    const session = await this.signIn();
    if (!session) throw new Error('Sign-in to the export API was cancelled.');
    if (!covers(session, scopes)) throw new Error(`The export API did not grant the scopes ${scopes.join(', ')}.`);
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
    else if (current && previous) this.changed.fire({ added: [], removed: [], changed: [current] });
  }
}

function covers(session: ExportSession, scopes: readonly string[] | undefined): boolean {
  const granted: readonly string[] = session.scopes.length > 0 ? session.scopes : EXPORT_SCOPES;
  return (scopes ?? []).every((scope) => granted.includes(scope));
}

function toAuthSession(session: ExportSession): vscode.AuthenticationSession {
  const label = session.account ?? EXPORT_PROVIDER_LABEL;
  return { id: SESSION_ID, accessToken: session.accessToken, account: { id: label, label }, scopes: session.scopes };
}
