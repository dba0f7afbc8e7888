import * as vscode from 'vscode';
import type { PageLink } from '../../core/links/pageLink';
import { describeError } from '../../core/log/redact';
import type { Logger } from '../../core/ports';
import { openedPageKey, type PullBase, type PullBaseStore } from '../../core/pull/pullBase';
import type { PullOutcome } from '../../core/pull/pull';
import { showInfo, showWarning } from '../notify';
import { withProgressBeforeResult } from '../progressNotification';
import { onDemand } from '../onDemandLoader';
import { omitTitleHeadingSetting } from '../publish/publishContext';
import type { GlobalStateLinkStore } from '../publish/pageLinks';
import { linkOfFile } from '../publish/renamedOutside';
import { applyPulledText, noBaseMessage, pulledMessage } from '../pull/pullAnswer';
import { autoSaves } from '../pull/autoSave';
import { pageIdOfLinks } from '../pull/linkedPages';
import type { PulledEdits } from '../pull/pulledEdits';
import { reportReadFailure, requireSignIn, type ReadingCommand } from '../wiki/readFailure';
import type { WikiAccess } from '../wiki/wikiAccess';
import type { Command } from '../command';

export interface PullDependencies {
  wiki: WikiAccess;
  links: GlobalStateLinkStore;
  bases: PullBaseStore;
  log: Logger;
  /** Records a pulled version as seen once the file is saved holding it. */
  pulledEdits: PulledEdits;
  /** Compare with Wiki Page, offered when Pull cannot merge. */
  compare(fileUri: string): Promise<void>;
}

const WHAT: ReadingCommand = { logName: 'Pull from Wiki', title: vscode.l10n.t('Pull from Wiki') };

/**
 * Wiki: Pull from Wiki. Merges the wiki's edit of a file's page into the file (a three-way merge against the file as
 * it was last published), as one undoable edit in its editor, not saved unless auto-save saves it (the message says
 * which); conflicts are written with standard markers. From the Wiki Pages view, the Explorer, the editor, and the
 * edit guard's warning: each shows the file and applies the edit there.
 */
export class PullCommand implements Command {
  readonly id = 'wikiPublisher.pull';

  constructor(private readonly deps: PullDependencies) {}

  async execute(resource?: unknown): Promise<void> {
    const document = resource instanceof vscode.Uri ? await vscode.workspace.openTextDocument(resource) : vscode.window.activeTextEditor?.document;
    if (!document || (document.languageId !== 'markdown' && !(resource instanceof vscode.Uri))) {
      void showInfo(vscode.l10n.t('Open a Markdown file to pull its page\'s changes from the wiki.'));
      return;
    }
    return this.pull(document);
  }

  /** The edit guard's Pull button. */
  async pullUri(fileUri: string): Promise<void> {
    return this.pull(await vscode.workspace.openTextDocument(vscode.Uri.parse(fileUri, true)));
  }

  private async pull(document: vscode.TextDocument): Promise<void> {
    if (!(await requireSignIn(await this.deps.wiki.signedIn(), WHAT))) return;
    const fileKey = document.uri.toString();
    const ours = document.getText();
    const versionRead = document.version;
    const link = await this.linkOf(document.uri, ours);
    const base = await this.baseFor(fileKey, link);
    const title = link?.pageTitle ?? vscode.workspace.asRelativePath(document.uri);
    let outcome: PullOutcome | undefined;
    try {
      outcome = await withProgressBeforeResult(vscode.l10n.t('Pulling "{0}" from the wiki...', title), async (progress, signal) => {
        const pages = await this.deps.wiki.pages();
        if (!pages) return undefined;
        // The pages its links name are looked up through the workspace (requests, in a remote one): under the
        // progress, and only when there is something to merge.
        const linkedPages = document.uri.scheme === 'untitled' ? undefined : () => pageIdOfLinks(document.uri, ours, this.deps);
        return onDemand().pullPage({
          ours, link, base, pages, signal, omitTitleHeading: omitTitleHeadingSetting(), fileLabel: vscode.workspace.asRelativePath(document.uri), ...(linkedPages ? { linkedPages } : {}),
          exportMarkdown: async (pageId, exportSignal) => (await this.deps.wiki.exportPage(pageId, link?.pageTitle, exportSignal ?? signal, (delayMs, reason) =>
            progress.report({ message: vscode.l10n.t('{0}; trying again in {1} s', reason, Math.ceil(delayMs / 1000)) }))).markdown,
        });
      });
    } catch (error) {
      await reportReadFailure(WHAT, error, this.deps.log);
      return;
    }
    if (outcome) await this.answer(document, versionRead, link, outcome, title);
  }

  private async answer(document: vscode.TextDocument, versionRead: number, link: PageLink | undefined, outcome: PullOutcome, title: string): Promise<void> {
    const fileKey = document.uri.toString();
    switch (outcome.kind) {
      case 'notLinked':
        void showInfo(vscode.l10n.t('Pull does not know this file\'s page yet: publish it once while signed in to the export API, then Pull can bring the wiki\'s edits into it.'));
        return;
      case 'noBase': {
        const compare = vscode.l10n.t('Compare');
        if ((await showWarning(noBaseMessage(outcome.reason, title), compare)) === compare) await this.deps.compare(fileKey);
        return;
      }
      case 'deleted':
        void showInfo(vscode.l10n.t('The page "{0}" is no longer on the wiki (deleted, or hidden from you): there is nothing to pull. Publishing the file creates it anew.', title));
        return;
      case 'unsettled':
        void showWarning(vscode.l10n.t('The page "{0}" kept changing on the wiki while it was read. Pull again in a moment.', title));
        return;
      case 'nothingNew':
        await this.deps.pulledEdits.track(document, { page: outcome.page, theirs: outcome.theirs, pulled: outcome.pulled, link });
        void showInfo(document.isDirty
          ? vscode.l10n.t('Nothing to pull: the wiki\'s version {0} of "{1}" holds no change that this file\'s unsaved text lacks. Save it; publishing then updates the page without a warning.', outcome.page.version, title)
          : vscode.l10n.t('Nothing to pull: the wiki\'s version {0} of "{1}" holds no change that this file lacks. Publishing now updates the page without a warning.', outcome.page.version, title));
        return;
      case 'merged':
      case 'conflicts':
        await this.applyMerge(document, versionRead, link, outcome, title);
    }
  }

  /** The merged text into the file, as one edit of its editor. */
  private async applyMerge(document: vscode.TextDocument, versionRead: number, link: PageLink | undefined, outcome: Extract<PullOutcome, { kind: 'merged' | 'conflicts' }>, title: string): Promise<void> {
    const changedMeanwhile = (): boolean => document.version !== versionRead || document.isClosed;
    if (changedMeanwhile()) {
      void showWarning(vscode.l10n.t('The file changed while Pull was reading the wiki, so nothing was applied. Pull again.'));
      return;
    }
    // Pull from the view, the Explorer or the guard works on a file that may not be open: it is shown first (where it
    // is already shown, if so), so the merge is an edit of its editor, undone there like any other, and conflicts are
    // resolved at their markers.
    await vscode.window.showTextDocument(document, { preview: false, viewColumn: vscode.window.visibleTextEditors.find((editor) => editor.document === document)?.viewColumn })
      .then(undefined, (error: unknown) => this.deps.log.warn(`Showing ${vscode.workspace.asRelativePath(document.uri)} for Pull failed: ${describeError(error)}`));
    // Recorded as seen only when the file is saved holding it (pulledEdits.ts): the edit can still be undone. Tracked
    // before it lands, since auto-save may save it (onDidSaveTextDocument) before anything after the edit runs.
    await this.deps.pulledEdits.track(document, { page: outcome.page, theirs: outcome.theirs, pulled: outcome.pulled, link });
    if (changedMeanwhile()) {
      void showWarning(vscode.l10n.t('The file changed while Pull was reading the wiki, so nothing was applied. Pull again.'));
      return;
    }
    // Read as the edit lands: with auto-save on, VS Code writes it to disk within a second.
    const autoSaved = autoSaves(document);
    if (!(await applyPulledText(document, outcome.text))) {
      void showWarning(vscode.l10n.t('The editor did not take the pulled text, so nothing changed. Pull again.'));
      return;
    }
    this.deps.log.info(`Pulled version ${outcome.page.version} of page ${outcome.page.id} into ${vscode.workspace.asRelativePath(document.uri)}: ${outcome.kind}, ${autoSaved ? 'auto-save on' : 'left unsaved'}.`);
    void notifyPulled(outcome, title, document, autoSaved);
  }

  /** The file's page as Compare finds it (linkOfFile). */
  private linkOf(uri: vscode.Uri, text: string): Promise<PageLink | undefined> {
    return linkOfFile(this.deps, uri, text);
  }

  /** The file's own base, or the one Open Wiki Page as Markdown kept for its page: whichever fits the link. */
  private async baseFor(fileKey: string, link: PageLink | undefined): Promise<PullBase | undefined> {
    const own = await this.deps.bases.get(fileKey);
    const opened = link?.pageId ? await this.deps.bases.get(openedPageKey(link.pageId)) : undefined;
    const fits = link ? [own, opened].find((base) => base && !onDemand().baseProblem(link, base)) : undefined;
    return fits ?? own ?? opened;
  }
}

function notifyPulled(outcome: Extract<PullOutcome, { kind: 'merged' | 'conflicts' }>, title: string, document: vscode.TextDocument, autoSaved: boolean): Thenable<unknown> {
  const message = pulledMessage(outcome, title, vscode.workspace.asRelativePath(document.uri), autoSaved);
  return outcome.kind === 'merged' ? showInfo(message) : showWarning(message);
}
