import * as vscode from 'vscode';
import { withNotificationProgress } from '../progressNotification';
import { neutralise } from '../../core/text/neutralise';
import type { PageLink } from '../../core/links/pageLink';
import type { Logger } from '../../core/ports';
import type { PublishTarget } from '../../core/publish/target';
import type { PullBaseStore } from '../../core/pull/pullBase';
import { showInfo } from '../notify';
import { onDemand } from '../onDemandLoader';
import type { GlobalStateLinkStore } from '../publish/pageLinks';
import { askForMissing } from '../publish/prompts';
import { linkOfFile } from '../publish/renamedOutside';
import { pageIdOfLinks } from '../pull/linkedPages';
import { omitTitleHeadingSetting, type WikiPageRef } from '../publish/publishContext';
import type { RecentTargets } from '../publish/recentTargets';
import type { WikiPageContentProvider } from '../wiki/pageContentProvider';
import { reportReadFailure, requireSignIn, type ReadingCommand } from '../wiki/readFailure';
import type { WikiAccess } from '../wiki/wikiAccess';
import type { Command } from '../command';

export interface CompareDependencies {
  wiki: WikiAccess;
  links: GlobalStateLinkStore;
  recent: RecentTargets;
  pages: WikiPageContentProvider;
  log: Logger;
  /** Pull's bases: the file as last published and the page it made, which tell a link's published anchor. */
  bases?: PullBaseStore;
}

const WHAT: ReadingCommand = { logName: 'Compare with Wiki Page', title: vscode.l10n.t('Compare with Wiki Page') };

/**
 * Wiki: Compare with Wiki Page. The diff editor with the page as it is on the wiki (left, read-only, exported as
 * Markdown) and the editor's text (right, front matter and all), so a writer sees what a republish would change. The
 * page's addresses of other files' pages and of its own headings, and its diagrams' images, are written back as the
 * file writes them, as Pull reads them (core/pull/fileForms.ts): a page full of links differs from the file only where
 * someone changed it. The raw export is one click away (Show Raw Wiki Page, on the diff editor's title).
 */
export class CompareWithWikiCommand implements Command {
  readonly id = 'wikiPublisher.compareWithWiki';

  constructor(private readonly deps: CompareDependencies) {}

  async execute(resource?: unknown): Promise<void> {
    const document = resource instanceof vscode.Uri ? await vscode.workspace.openTextDocument(resource) : vscode.window.activeTextEditor?.document;
    if (!document || (document.languageId !== 'markdown' && !(resource instanceof vscode.Uri))) {
      void showInfo(vscode.l10n.t('Open a Markdown file to compare it with its page on the wiki.'));
      return;
    }
    return this.compare(document);
  }

  /**
   * Also used by the edit guard's Compare button, and by a folder's confirmation, which names the page the guard
   * found edited (a tree's page may be recorded in the repository but never published from this machine).
   */
  async compareUri(fileUri: string, page?: WikiPageRef): Promise<void> {
    return this.compare(await vscode.workspace.openTextDocument(vscode.Uri.parse(fileUri, true)), page);
  }

  private async compare(document: vscode.TextDocument, known?: WikiPageRef): Promise<void> {
    if (!(await requireSignIn(await this.deps.wiki.signedIn(), WHAT))) return;
    const linked = known ? undefined : await this.linkOf(document);
    const link = known ? { pageId: known.id, pageTitle: known.title } : linked;
    const target = link?.pageId ? undefined : await this.targetOf(document, linked);
    if (!link?.pageId && !target) return;
    const title = link?.pageTitle ?? target?.pageTitle ?? 'page';
    try {
      const page = await withNotificationProgress(
        vscode.l10n.t('Fetching "{0}" from the wiki...', title),
        async (progress, signal) => {
          const pageId = link?.pageId ?? (await this.findPage(target as PublishTarget, signal));
          if (!pageId) return undefined;
          const exported = await this.deps.wiki.exportPage(pageId, title, signal, (delayMs, reason) =>
            progress.report({ message: neutralise(vscode.l10n.t('{0}; trying again in {1} s', reason, Math.ceil(delayMs / 1000))) }),
          );
          // The pages the file's links name, looked up through the workspace (requests, in a remote one): here, under
          // the progress.
          const text = document.getText();
          const pageIdOf = document.uri.scheme === 'untitled' ? undefined : await pageIdOfLinks(document.uri, text, this.deps);
          // A publish that leaves out the title heading: the page shows it back where the file has it (not a difference).
          const titleSettings = { omitTitleHeading: omitTitleHeadingSetting(), pageTitle: link?.pageTitle ?? target?.pageTitle };
          const base = await this.deps.bases?.get(document.uri.toString());
          const published = base?.pageId === pageId ? { file: base.fileText, page: base.markdown } : undefined;
          return { pageId, markdown: exported.markdown, asFile: onDemand().pageInFileForms(exported.markdown, text, pageIdOf, titleSettings, published, [document.uri.toString(), vscode.workspace.asRelativePath(document.uri), linked?.formerFile]) };
        },
      );
      if (!page) return;
      const left = this.deps.pages.show(page.pageId, title, page.asFile, page.asFile === page.markdown ? undefined : page.markdown);
      const fileName = document.uri.path.slice(document.uri.path.lastIndexOf('/') + 1);
      await vscode.commands.executeCommand('vscode.diff', left, document.uri, neutralise(vscode.l10n.t('{0} (wiki) ↔ {1}', title, fileName)), { preview: false });
    } catch (error) {
      await reportReadFailure(WHAT, error, this.deps.log);
    }
  }

  private linkOf(document: vscode.TextDocument): Promise<PageLink | undefined> {
    return linkOfFile(this.deps, document.uri, document.getText());
  }

  /** A file not linked to a page ID yet: its target from front matter, its link or the prompts. */
  private async targetOf(document: vscode.TextDocument, link: PageLink | undefined): Promise<PublishTarget | undefined> {
    const item = onDemand().planFile({ key: document.uri.toString(), label: vscode.workspace.asRelativePath(document.uri), text: document.getText() }, link, { omitTitleHeading: omitTitleHeadingSetting() });
    if (item.complete) return item.complete;
    // Create-or-update does not matter for finding a page: answer it so the prompts do not ask.
    return askForMissing({ ...item.target, overwrite: item.target.overwrite ?? false }, item.suggestedTitle, this.deps.recent, {}, WHAT.title);
  }

  private async findPage(target: PublishTarget, signal: AbortSignal): Promise<string | undefined> {
    const pages = await this.deps.wiki.pages();
    const child = await pages?.findChildByTitle(target.parentId, target.pageTitle, signal);
    if (!child) {
      void showInfo(vscode.l10n.t('There is no page "{0}" under parent page {1} on the wiki yet, so there is nothing to compare with.', target.pageTitle, target.parentId));
      return undefined;
    }
    return child.id;
  }
}
