import * as vscode from 'vscode';

/** The scheme of the read-only documents that show a page as it is on the wiki (never a temporary file). */
export const WIKI_PAGE_SCHEME = 'wiki-publisher-page';

/** Holds exported pages in memory and serves them as read-only documents for the diff editor. */
export class WikiPageContentProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly closing: vscode.Disposable;

  constructor() {
    // A closed document's text is not needed any more; a page of a few MB should not stay in memory.
    this.closing = vscode.workspace.onDidCloseTextDocument((document) => {
      if (document.uri.scheme === WIKI_PAGE_SCHEME) this.contents.delete(document.uri.toString());
    });
  }

  /** A document for this page's current Markdown; the same page shown again is updated in place. */
  show(pageId: string, title: string, markdown: string): vscode.Uri {
    const safeTitle = title.replace(/[\\/:*?"<>|#%]/g, '-').slice(0, 80) || 'page';
    const uri = vscode.Uri.from({ scheme: WIKI_PAGE_SCHEME, path: `/${pageId}/${safeTitle}.md` });
    this.contents.set(uri.toString(), markdown);
    this.changed.fire(uri);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '';
  }

  dispose(): void {
    this.closing.dispose();
    this.changed.dispose();
    this.contents.clear();
  }
}
