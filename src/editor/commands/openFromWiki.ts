import * as vscode from 'vscode';
import { describeError } from '../../core/log/redact';
import { withNotificationProgress } from '../progressNotification';
import { neutralise } from '../../core/text/neutralise';
import type { Clock, Logger } from '../../core/ports';
import { parsePageReference, type PageReference } from '../../core/publish/pageAddress';
import { editorAddressMessages } from '../messages/addressMessages';
import type { WikiPage } from '../../core/wikiPages';
import { showError, showModal } from '../notify';
import { onDemand } from '../onDemandLoader';
import type { GlobalStateLinkStore } from '../publish/pageLinks';
import { reportReadFailure, requireSignIn, type ReadingCommand } from '../wiki/readFailure';
import { filesOfPage } from '../wikiPages/trackedFiles';
import type { WikiAccess } from '../wiki/wikiAccess';
import type { Command } from '../command';

export interface OpenFromWikiDependencies {
  wiki: WikiAccess;
  links: GlobalStateLinkStore;
  clock: Clock;
  log: Logger;
  /** Keeps the page's Markdown (without its publish notice) as Pull's base for the page. */
  keepBase?(pageId: string, version: number, markdown: string): Promise<void>;
}

const WHAT: ReadingCommand = { logName: 'Open Wiki Page as Markdown', title: vscode.l10n.t('Open Wiki Page as Markdown') };

/**
 * Wiki: Open Wiki Page as Markdown. Exports a page and opens it as an untitled Markdown document whose front matter
 * pins its space, parent and title and names the page (wiki.pageId), so once saved, publishing it updates that page
 * (through the edit guard). This is how an existing wiki page moves into a docs folder. A page the workspace already has
 * a file of (linked on this machine, or recorded in a .wiki-pages.json) is offered as that file instead.
 */
export class OpenFromWikiCommand implements Command {
  readonly id = 'wikiPublisher.openFromWiki';

  constructor(private readonly deps: OpenFromWikiDependencies) {}

  async execute(): Promise<void> {
    if (!(await requireSignIn(await this.deps.wiki.signedIn(), WHAT))) return;
    const reference = await this.askForPage();
    if (!reference) return;
    // A page the workspace already has a file of: that file is offered, not a second copy that would publish to it too.
    const tracked = await this.filesOf(reference.pageId);
    if (tracked === undefined) return;
    if (tracked.length > 0) return offerFiles(tracked, reference.pageId);
    try {
      const opened = await withNotificationProgress(
        vscode.l10n.t('Exporting page {0} from the wiki...', reference.pageId),
        async (progress, signal) => {
          const page = await (await this.deps.wiki.pages())?.getPage(reference.pageId, signal);
          if (!page) return undefined;
          const exported = await this.deps.wiki.exportPage(page.id, page.title, signal, (delayMs, reason) =>
            progress.report({ message: neutralise(vscode.l10n.t('{0}; trying again in {1} s', reason, Math.ceil(delayMs / 1000))) }),
          );
          return { page, markdown: exported.markdown };
        },
      );
      if (!opened) {
        void showError(vscode.l10n.t('There is no page {0} on the wiki, or you cannot see it.', reference.pageId));
        return;
      }
      await this.open(opened.page, opened.markdown, reference);
    } catch (error) {
      await reportReadFailure(WHAT, error, this.deps.log);
    }
  }

  /** The workspace's files of the page (trackedFiles.ts); undefined when the look was cancelled. A failed look finds none. */
  private async filesOf(pageId: string): Promise<vscode.Uri[] | undefined> {
    return withNotificationProgress(vscode.l10n.t('Looking for page {0} in the workspace...', pageId), async (_progress, signal) =>
      filesOfPage(pageId, this.deps.links, signal).catch((error: unknown) => {
        if (signal.aborted) return undefined;
        this.deps.log.warn(`Looking for the files of page ${pageId} failed: ${describeError(error)}`);
        return [];
      }));
  }

  private askForPage(): Thenable<PageReference | undefined> {
    return vscode.window
      .showInputBox({
        title: WHAT.title,
        prompt: vscode.l10n.t('The page\'s address from the browser (https://…/wiki/spaces/DOCS/pages/123456/Title) or its ID.'),
        placeHolder: vscode.l10n.t('Page address or ID, for example 123456'),
        ignoreFocusOut: true,
        validateInput: (text) => (text.trim() === '' ? undefined : onDemandParse(text)),
      })
      .then((text) => {
        const parsed = text === undefined ? undefined : parsePageReference(text, editorAddressMessages);
        return parsed?.ok ? parsed.reference : undefined;
      });
  }

  /** `exported`: the page's export as it came, its publish notice included (the document leaves it out). */
  private async open(page: WikiPage, exported: string, reference: PageReference): Promise<void> {
    const opened = onDemand().documentForPage(page, exported, reference.spaceKey, this.deps.clock.now());
    const document = await openUntitled(await suggestedLocation(page), opened.text);
    if (opened.link) {
      await this.deps.links.rememberOpened(page.id, opened.link);
      // The export of the version the link names: Pull can merge the page's later edits into the saved document.
      await this.deps.keepBase?.(page.id, page.version, opened.markdown).catch((error: unknown) => this.deps.log.warn(`Keeping the base for Pull failed: ${describeError(error)}`));
    } else this.deps.log.warn(`Page ${page.id} has no parent page (a space's home page?): publishing the document needs a parent in its front matter.`);
    await vscode.window.showTextDocument(document);
  }
}

/**
 * The file (or files) the page already is, offered in place of a copy: opened, or opened and pulled, so the wiki's
 * latest edits come into it. Nothing is exported here: Pull reads the page itself, through the edit guard's own rules.
 */
async function offerFiles(files: readonly vscode.Uri[], pageId: string): Promise<void> {
  const labelled = files.map((uri) => ({ uri, label: vscode.workspace.asRelativePath(uri) }));
  let chosen = labelled[0];
  if (labelled.length > 1) {
    const picked = await vscode.window.showQuickPick(labelled.map((file) => ({ ...file, label: neutralise(file.label) })), {
      title: WHAT.title, placeHolder: vscode.l10n.t('Page {0} is already a file of this workspace: open which?', pageId), ignoreFocusOut: true,
    });
    if (!picked) return;
    chosen = picked;
  }
  if (!chosen) return;
  const open = neutralise(vscode.l10n.t('Open {0}', chosen.label));
  const pull = vscode.l10n.t('Open and Pull');
  const choice = labelled.length > 1 ? open : await showModal(
    'info',
    vscode.l10n.t('Page {0} is already {1} in this workspace.', pageId, chosen.label),
    vscode.l10n.t('Edit that file and publish it to update the page; Pull brings the wiki\'s latest edits into it first. A second copy would be another file publishing to the same page.'),
    open, pull,
  );
  if (choice === undefined) return;
  await vscode.window.showTextDocument(chosen.uri);
  if (choice === pull) await vscode.commands.executeCommand('wikiPublisher.pull', chosen.uri);
}

/**
 * Where saving the document goes without a question: `<title>.md` in the folder of the active file (else the first
 * workspace folder), never a file that exists. An `untitled:` address with a path is VS Code's "untitled with an
 * associated path"; its path maps to the workspace's own scheme, so it works in remote workspaces too.
 */
async function suggestedLocation(page: WikiPage): Promise<vscode.Uri | undefined> {
  const active = vscode.window.activeTextEditor?.document.uri;
  const folder = active && active.scheme !== 'untitled' && vscode.workspace.getWorkspaceFolder(active)
    ? vscode.Uri.joinPath(active, '..')
    : vscode.workspace.workspaceFolders?.[0]?.uri;
  if (!folder) return undefined;
  for (let copy = 1; copy <= 20; copy++) {
    const candidate = vscode.Uri.joinPath(folder, onDemand().fileNameForPage(page.title, page.id, copy));
    const openAlready = vscode.workspace.textDocuments.some((document) => document.uri.toString() === candidate.with({ scheme: 'untitled' }).toString());
    if (!openAlready && !(await exists(candidate))) return candidate;
  }
  return undefined;
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

/** An untitled Markdown document holding `text`, saved to `location` when one is given. */
async function openUntitled(location: vscode.Uri | undefined, text: string): Promise<vscode.TextDocument> {
  if (!location) return vscode.workspace.openTextDocument({ language: 'markdown', content: text });
  const document = await vscode.workspace.openTextDocument(location.with({ scheme: 'untitled' }));
  const edit = new vscode.WorkspaceEdit();
  edit.insert(document.uri, new vscode.Position(0, 0), text);
  await vscode.workspace.applyEdit(edit);
  if (document.languageId !== 'markdown') return vscode.languages.setTextDocumentLanguage(document, 'markdown');
  return document;
}

function onDemandParse(text: string): string | undefined {
  const parsed = parsePageReference(text, editorAddressMessages);
  return parsed.ok ? undefined : parsed.reason;
}

