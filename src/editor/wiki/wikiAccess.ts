// What the editor reads from the wiki through the export sign-in: the platform's page routes (page IDs, versions,
// addresses) and the export API (a page as Markdown). Everything here needs the sign-in; callers ask signedIn()
// first and offer Sign In otherwise.
import type { ExportedPage } from '../../core/export';
import type { Transport } from '../../core/http/transport';
import type { WikiPagesClient } from '../../core/wikiPages';
import type { ExportSessionService } from '../auth/exportSessionService';
import { readExportSettings } from '../auth/exportSettings';
import { editorExportMessages } from '../messages/exportMessages';
import { onDemand } from '../onDemandLoader';

export interface WikiAccessDeps {
  session: ExportSessionService;
  transport(): Transport;
}

export class WikiAccess {
  constructor(private readonly deps: WikiAccessDeps) {}

  /** Whether an export session is stored (no network, no refresh). */
  async signedIn(): Promise<boolean> {
    return (await this.deps.session.storedSession().catch(() => undefined)) !== undefined;
  }

  /**
   * Not signed in because the sign-in expired or was revoked (not signed out by the user, not signed in since): an
   * update that cannot be checked for edits is then held back, with Sign In Again (guardStep.ts).
   */
  async signInRevoked(): Promise<boolean> {
    return this.deps.session.signInRevoked().catch(() => false);
  }

  /** The wiki site's address (the setting), for page addresses. */
  baseUrl(): string {
    return readExportSettings().baseUrl;
  }

  /** The page routes client, or undefined when not signed in. */
  async pages(): Promise<WikiPagesClient | undefined> {
    if (!(await this.signedIn())) return undefined;
    return onDemand().createWikiPagesClient({
      baseUrl: readExportSettings().baseUrl,
      transport: this.deps.transport(),
      getAccessToken: (signal) => this.deps.session.accessToken(signal),
    });
  }

  /** The page's Markdown through the export API; throws ExportError (kind 'config' when the API URL is not set). */
  exportPage(pageId: string, pageTitle: string | undefined, signal: AbortSignal, onRetryWait?: (delayMs: number, reason: string) => void): Promise<ExportedPage> {
    const core = onDemand();
    return core.exportPageMarkdown({
      apiUrl: readExportSettings().apiUrl,
      pageId,
      ...(pageTitle ? { pageTitle } : {}),
      transport: this.deps.transport(),
      getAccessToken: async (tokenSignal, { forceRefresh }) => {
        if (forceRefresh) return (await this.deps.session.refreshNowQuietly(tokenSignal))?.accessToken;
        return this.deps.session.accessToken(tokenSignal);
      },
      signal,
      messages: editorExportMessages,
      ...(onRetryWait ? { retry: { onRetryWait: (delayMs: number, _next: number, reason: string) => onRetryWait(delayMs, reason) } } : {}),
    });
  }
}
