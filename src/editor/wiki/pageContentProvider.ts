import * as vscode from 'vscode';
import { showBidiControls } from '../../core/text/bidiControls';

/** The scheme of the read-only documents that show a page as it is on the wiki (never a temporary file). */
export const WIKI_PAGE_SCHEME = 'wiki-publisher-page';

/**
 * A context key, set while the active editor is a diff of a wiki page with a file: 'asFile' when the page's addresses
 * are written back as the file's links (Compare's view), 'raw' for the export as it is. The diff editor's title
 * offers the raw view on the first (package.json, editor/title).
 */
export const WIKI_DIFF_CONTEXT = 'wikiPublisher.wikiPageDiff';

/** A page shown for Compare: what the raw view needs. */
export interface ShownPage {
  pageId: string;
  title: string;
  /** The export as it came, the wiki's addresses and all. */
  raw: string;
}

/**
 * Holds exported pages in memory and serves them as read-only documents for the diff editor: a page as Compare shows
 * it (its addresses written back as the file's links), and the same page raw, one command away.
 */
export class WikiPageContentProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  /** By the URI of a page's Compare view: the page, for its raw view. */
  private readonly pages = new Map<string, ShownPage>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly listeners: vscode.Disposable[];
  /** Follows the active tab once a page has been shown: nothing to follow before. */
  private following: vscode.Disposable[] | undefined;

  constructor() {
    // A closed document's text is not needed any more; a page of a few MB should not stay in memory.
    this.listeners = [vscode.workspace.onDidCloseTextDocument((document) => {
      if (document.uri.scheme !== WIKI_PAGE_SCHEME) return;
      this.contents.delete(document.uri.toString());
      this.pages.delete(document.uri.toString());
    })];
  }

  /**
   * A document for this page's Markdown; the same page shown again is updated in place. `raw`: the export as it came,
   * when `markdown` is the page as the file writes its links (then the raw view is offered).
   */
  show(pageId: string, title: string, markdown: string, raw?: string): vscode.Uri {
    const uri = pageUri(pageId, title, false);
    this.put(uri, markdown);
    if (raw !== undefined) this.pages.set(uri.toString(), { pageId, title, raw });
    else this.pages.delete(uri.toString());
    this.followActiveTab();
    return uri;
  }

  /** The raw view of the page a Compare view shows (`uri`), or undefined for any other document. */
  showRaw(uri: vscode.Uri): { uri: vscode.Uri; page: ShownPage } | undefined {
    const page = this.pages.get(uri.toString());
    if (!page) return undefined;
    const raw = pageUri(page.pageId, page.title, true);
    this.put(raw, page.raw);
    return { uri: raw, page };
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '';
  }

  dispose(): void {
    for (const listener of [...this.listeners, ...(this.following ?? [])]) listener.dispose();
    this.changed.dispose();
    this.contents.clear();
    this.pages.clear();
  }

  private put(uri: vscode.Uri, markdown: string): void {
    this.contents.set(uri.toString(), markdown);
    this.changed.fire(uri);
  }

  private followActiveTab(): void {
    if (this.following) return;
    const update = (): void => {
      const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      const original = input instanceof vscode.TabInputTextDiff && input.original.scheme === WIKI_PAGE_SCHEME ? input.original : undefined;
      const state = original === undefined ? undefined : this.pages.has(original.toString()) ? 'asFile' : isRaw(original) ? 'raw' : undefined;
      void vscode.commands.executeCommand('setContext', WIKI_DIFF_CONTEXT, state);
    };
    this.following = [vscode.window.tabGroups.onDidChangeTabs(update), vscode.window.tabGroups.onDidChangeTabGroups(update)];
  }
}

function pageUri(pageId: string, title: string, raw: boolean): vscode.Uri {
  // The title names the diff's left side (its tab, breadcrumbs, hover): a bidirectional control there reversed what the
  // user read ("exe.png" for "gnp.exe"), so it is shown as its code, and control characters go as the path's others.
  const safeTitle = showBidiControls(title).replace(/[\\/:*?"<>|#%\u0000-\u001f\u007f]/g, '-').slice(0, 80) || 'page';
  return vscode.Uri.from({ scheme: WIKI_PAGE_SCHEME, path: `/${pageId}/${raw ? 'raw/' : ''}${safeTitle}.md` });
}

function isRaw(uri: vscode.Uri): boolean {
  return /^\/[^/]+\/raw\//.test(uri.path);
}
