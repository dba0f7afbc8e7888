// The composition root: builds the objects and registers them. No logic lives here.
import * as vscode from 'vscode';
import { describeError } from './core/log/redact';
import { systemClock } from './core/ports';
import { EXPORT_PROVIDER_ID, EXPORT_PROVIDER_LABEL, ExportAuthProvider } from './editor/auth/authProvider';
import { ExportSessionService } from './editor/auth/exportSessionService';
import { CommandManager } from './editor/commandManager';
import { DiagnosticsHost } from './editor/diagnostics/diagnosticsHost';
import type { CompareWithWikiCommand } from './editor/commands/compareWithWiki';
import type { PullCommand } from './editor/commands/pull';
import type { SetApiTokenCommand } from './editor/commands/setApiToken';
import type { SignInCommand } from './editor/commands/signIn';
import type { PulledEdits } from './editor/pull/pulledEdits';
import { RefreshExportSessionCommand } from './editor/commands/refreshExportSession';
import { ShowLogCommand } from './editor/commands/showLog';
import { LazyCommand, lazyCommands, onFirstUse } from './editor/lazyCommand';
import { createLog } from './editor/log';
import { showError } from './editor/notify';
import { claimNoticeOnce } from './editor/noticeClaims';
import { editorTransport } from './editor/net/editorTransport';
import { secretStoreOf } from './editor/secrets';
import { TokenStatusItem } from './editor/statusBar/tokenStatusItem';
import { WalkthroughSteps } from './editor/walkthroughSteps';
import { WIKI_PAGE_SCHEME, WikiPageContentProvider } from './editor/wiki/pageContentProvider';
import type { WikiAccess } from './editor/wiki/wikiAccess';
import { WikiPagesHost } from './editor/wikiPages/pagesViewHost';

/** The background refresh of the export session loads the HTTP client, so it waits until start-up is over. */
const BACKGROUND_START_DELAY_MS = 10_000;

export function activate(context: vscode.ExtensionContext): void {
  // Made on the first line logged or Show Log (log.ts).
  const channel = onFirstUse(() => {
    const made = vscode.window.createOutputChannel('Wiki Publisher', { log: true });
    context.subscriptions.push(made);
    return made;
  });
  const log = createLog(channel);
  try {
    const env = process.env;
    const secrets = secretStoreOf(context.secrets);
    const globalStorageDir = context.globalStorageUri.fsPath;
    const claimNotice = (key: string): Promise<boolean> => claimNoticeOnce(globalStorageDir, key);
    const exportSession = new ExportSessionService({
      secrets, onDidChangeSecret: context.secrets.onDidChange, globalState: context.globalState,
      globalStorageDir, clock: systemClock, log, env, claimNotice,
      // Forced onto the workspace side of a remote window, the lock folder is remote too: the session is then used, never refreshed.
      extensionKind: context.extension.extensionKind,
      signInMessages: () => lazyCommands().editorSignInMessages,
    });
    const walkthrough = new WalkthroughSteps(context.extension.id, log);
    const tokenStatus = new TokenStatusItem({
      secrets: context.secrets, globalState: context.globalState, clock: systemClock, env, logger: log,
      claimNotice, onUsableToken: () => walkthrough.markDone('setApiToken'),
    });
    const showExportSession = (): void =>
      void exportSession.statusInfo().then(
        (info) => tokenStatus.setExportSession(info),
        (error: unknown) => log.warn(`Reading the export session failed: ${describeError(error)}`),
      );
    // The commands and stores below are made, with dist/lazyCommands.js, when first used: a command run, the view
    // shown, a file renamed or deleted. Start-up registers them only.
    const setApiToken = new LazyCommand<SetApiTokenCommand>('wikiPublisher.setApiToken', () =>
      new (lazyCommands().SetApiTokenCommand)(context.secrets, systemClock, log));
    const signIn = new LazyCommand<SignInCommand>('wikiPublisher.signIn', () =>
      new (lazyCommands().SignInCommand)(exportSession, secrets, env, systemClock, log));
    const links = onFirstUse(() => new (lazyCommands().GlobalStateLinkStore)(context.globalState, systemClock));
    const recent = onFirstUse(() => new (lazyCommands().RecentTargets)(context.globalState));
    // What the commands and the view read from the wiki: only they use it, so it is made with their bundle.
    const wiki = onFirstUse((): WikiAccess => new (lazyCommands().WikiAccess)({ session: exportSession, transport: editorTransport }));
    const pageContents = new WikiPageContentProvider();
    // Pull's bases: per machine, under the extension's global storage, one per file.
    const bases = onFirstUse(() => new (lazyCommands().FolderPullBaseStore)(lazyCommands().globalStorageFolder(vscode.Uri.joinPath(context.globalStorageUri, 'pull-bases'))));
    const compare = new LazyCommand<CompareWithWikiCommand>('wikiPublisher.compareWithWiki', () =>
      new (lazyCommands().CompareWithWikiCommand)({ wiki: wiki(), links: links(), recent: recent(), pages: pageContents, log, bases: bases() }));
    const baseKeeper = onFirstUse(() => new (lazyCommands().PullBaseKeeper)({ wiki: wiki(), bases: bases(), clock: systemClock, log }));
    // Pulled edits waiting to be saved: made with the first Pull, asked by every publish after it.
    let pulledEdits: PulledEdits | undefined;
    const pull = new LazyCommand<PullCommand>('wikiPublisher.pull', () => {
      pulledEdits = new (lazyCommands().PulledEdits)({ links: links(), bases: bases(), clock: systemClock, log });
      context.subscriptions.push(pulledEdits);
      return new (lazyCommands().PullCommand)({ wiki: wiki(), links: links(), bases: bases(), log, pulledEdits, compare: (fileUri) => compare.instance.compareUri(fileUri) });
    });
    // The Wiki Pages view and the Explorer badges: registered now, their code loaded on first need.
    const pagesHost = new WikiPagesHost((hooks) => new (lazyCommands().WikiPagesModel)({
      ...hooks, links: links(), wiki: wiki(), secrets, env, onDidChangeSession: exportSession.onDidChange, log,
    }));
    const pagesModel = () => pagesHost.model();
    // The links and images that will not work on the wiki, in the Problems panel: code loaded with the first Markdown document.
    const diagnostics = new DiagnosticsHost(() => new (lazyCommands().LinkDiagnostics)({ links: links(), wiki: wiki(), log }));
    const commands = new CommandManager();
    context.subscriptions.push(
      exportSession, walkthrough, tokenStatus, commands, pageContents, pagesHost, diagnostics, exportSession.onDidChange(showExportSession),
      vscode.workspace.registerTextDocumentContentProvider(WIKI_PAGE_SCHEME, pageContents),
      // A file's link follows it when it is renamed or moved in VS Code.
      vscode.workspace.onDidRenameFiles((event) => {
        for (const { oldUri, newUri } of event.files) {
          links().move(oldUri.toString(), newUri.toString()).catch((error: unknown) => log.warn(`Moving the page link of a renamed file failed: ${describeError(error)}`));
          bases().move(oldUri.toString(), newUri.toString()).catch((error: unknown) => log.warn(`Moving the Pull base of a renamed file failed: ${describeError(error)}`));
        }
      }),
      // A deleted file's link goes with it, so a later file of the same name does not inherit its page.
      vscode.workspace.onDidDeleteFiles((event) => {
        for (const uri of event.files) {
          links().forget(uri.toString()).catch((error: unknown) => log.warn(`Forgetting the page link of a deleted file failed: ${describeError(error)}`));
          bases().forget(uri.toString()).catch((error: unknown) => log.warn(`Forgetting the Pull base of a deleted file failed: ${describeError(error)}`));
        }
      }),
    );
    for (const command of [
      setApiToken,
      new LazyCommand('wikiPublisher.removeApiToken', () => new (lazyCommands().RemoveApiTokenCommand)(context.secrets, env, log)),
      new ShowLogCommand(channel),
      new LazyCommand('wikiPublisher.publish', () => new (lazyCommands().PublishCommand)({
        secrets, links: links(), recent: recent(), log, clock: systemClock, env, wiki: wiki(),
        transport: editorTransport,
        showLog: () => channel().show(true),
        setApiToken: () => setApiToken.instance.execute(),
        diagnoseNotFound: (target, signal) => exportSession.diagnoseNotFound(target, signal),
        compare: (fileUri, page) => compare.instance.compareUri(fileUri, page),
        pull: (fileUri) => pull.instance.pullUri(fileUri),
        beforePublish: async (document) => pulledEdits?.beforePublish(document),
        keepPullBase: (fileKey, link, identification) => baseKeeper().afterPublish(fileKey, link, identification),
        bases: bases(),
        tokenVerdict: (outcome) => void tokenStatus.noteOutcome(outcome),
      })),
      compare,
      new LazyCommand('wikiPublisher.showRawWikiPage', () => new (lazyCommands().ShowRawWikiPageCommand)(pageContents)),
      pull,
      new LazyCommand('wikiPublisher.openFromWiki', () => new (lazyCommands().OpenFromWikiCommand)({
        wiki: wiki(), links: links(), clock: systemClock, log, keepBase: (pageId, version, markdown) => baseKeeper().afterOpen(pageId, version, markdown),
      })),
      signIn,
      new LazyCommand('wikiPublisher.signOut', () => new (lazyCommands().SignOutCommand)(exportSession)),
      new LazyCommand('wikiPublisher.setClientSecret', () => new (lazyCommands().SetClientSecretCommand)(secrets)),
      new RefreshExportSessionCommand(exportSession),
      new LazyCommand('wikiPublisher.pages.refresh', () => new (lazyCommands().RefreshPagesCommand)(pagesModel)),
      new LazyCommand('wikiPublisher.pages.publishAllModified', () => new (lazyCommands().PublishAllModifiedCommand)(pagesModel)),
      new LazyCommand('wikiPublisher.pages.openPage', () => new (lazyCommands().OpenPageCommand)(pagesModel, wiki())),
      new LazyCommand('wikiPublisher.pages.revealInExplorer', () => new (lazyCommands().RevealInExplorerCommand)()),
    ]) {
      commands.register(command);
    }
    const authProvider = new ExportAuthProvider(exportSession, () => signIn.instance.execute());
    context.subscriptions.push(
      authProvider,
      vscode.authentication.registerAuthenticationProvider(EXPORT_PROVIDER_ID, EXPORT_PROVIDER_LABEL, authProvider, { supportsMultipleAccounts: false }),
    );
    // Activation only registers. What the first paint does not need waits until it has returned: the first reads of
    // the token and the session (their answers come later anyway), the walkthrough's check and the Wiki Pages view,
    // collapsed until opened (issue 84).
    const afterActivation = setImmediate(() => {
      exportSession.start();
      authProvider.start();
      walkthrough.start();
      pagesHost.start();
      void tokenStatus.refresh();
      showExportSession();
    });
    context.subscriptions.push({ dispose: () => clearImmediate(afterActivation) });
    const background = setTimeout(() => {
      exportSession.startBackgroundRefresh().catch((error: unknown) => log.warn(`Starting the export session refresh failed: ${describeError(error)}`));
    }, BACKGROUND_START_DELAY_MS);
    context.subscriptions.push({ dispose: () => clearTimeout(background) });
  } catch (error) {
    // A failed activation must be visible, not a silent absence of commands.
    log.error(`Activation failed: ${describeError(error)}`);
    void showError(vscode.l10n.t('Wiki Publisher could not start: {0}', describeError(error)), vscode.l10n.t('Show Log')).then((choice) => {
      if (choice) channel().show(true);
    });
  }
}

export function deactivate(): void {}
