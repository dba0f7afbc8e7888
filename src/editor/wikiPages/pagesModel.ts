// The Wiki Pages view's state, built on first need (the view shown, or the badges' first refresh): gathers the
// workspace's facts (files, links, manifests, local plans), asks the core to decide, and hands the result to the tree
// and the badges. Reads of the wiki go through the RefreshScheduler (one at a time, cancellable) when RefreshTriggers
// says; a save or a publish re-decides locally at once, with no request.
import * as vscode from 'vscode';
import { describeError } from '../../core/log/redact';
import type { SecretReader } from '../../core/apiToken/tokenSource';
import type { HistoryCache } from '../../core/pageState/pageHistories';
import type { WikiReading } from '../../core/pageState/wikiReading';
import type { FileState, WorkspaceFacts, WorkspaceStates } from '../../core/pageState/workspaceStates';
import type { Logger } from '../../core/ports';
import { neutralise } from '../../core/text/neutralise';
import { editorPageRouteMessages } from '../messages/pageRouteMessages';
import { onDemand } from '../onDemandLoader';
import type { GlobalStateLinkStore } from '../publish/pageLinks';
import type { WikiAccess } from '../wiki/wikiAccess';
import { gatherFacts } from './gatherFacts';
import { LocalFactsCache } from './localFactsCache';
import { PageDecorations } from './pageDecorations';
import { countIn, fileItem, groupItem, groupsOf, orphanItem, renderedSignature, type PagesElement } from './pagesTree';
import { RefreshScheduler, type RefreshKind } from './refreshScheduler';
import { badgesOn, BADGES_SETTING, PAGES_VIEW_ID } from './pagesSettings';
import { RefreshTriggers } from './refreshTriggers';
import { HAS_MODIFIED_CONTEXT, readSetup, viewMessage, welcomeOf, WELCOME_CONTEXT, type ViewSetup } from './viewStatus';
import { scanWorkspace, type WorkspaceScan } from './workspaceScan';

const MARKDOWN_GLOB = '**/*.{md,markdown,mdown,mkd}';
const MANIFEST_GLOB = '**/.wiki-pages.json';
/** Local changes come in bursts (a checkout, a save of many files): one refresh after the burst. */
const LOCAL_SETTLE_MS = 1000;
/** After a publish, the page's new version is read once the link (and its page ID) has settled. */
const AFTER_PUBLISH_MS = 3000;

export interface PagesModelDeps {
  view: vscode.TreeView<PagesElement>;
  fireTree(): void;
  links: GlobalStateLinkStore;
  wiki: WikiAccess;
  secrets: SecretReader;
  env: Record<string, string | undefined>;
  onDidChangeSession: vscode.Event<unknown>;
  log: Logger;
}

interface Gathered {
  scan: WorkspaceScan;
  facts: WorkspaceFacts;
  setup: ViewSetup;
  readFailure: string | undefined;
}

export class WikiPagesModel implements vscode.Disposable {
  private states: WorkspaceStates = { files: [], orphans: [] };
  private byKey = new Map<string, FileState>();
  private uris = new Map<string, vscode.Uri>();
  private inTree = new Set<string>();
  private gathered: Gathered | undefined;
  private reading: WikiReading;
  private welcome: ReturnType<typeof welcomeOf>;
  private shownSignature = '';
  private firstPass: Promise<void> | undefined;
  private readonly local = new LocalFactsCache();
  /** Histories of pages edited since a publish, at the version read: a refresh asks again only of pages changed since. */
  private readonly histories: HistoryCache = new Map();
  private readonly decorations = new PageDecorations();
  private readonly scheduler: RefreshScheduler;
  private readonly triggers: RefreshTriggers;
  private readonly decorationsChanged = new vscode.EventEmitter<vscode.Uri[]>();
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(private readonly deps: PagesModelDeps) {
    this.reading = onDemand().unreadWiki('pending');
    this.scheduler = new RefreshScheduler((kind, signal) => this.run(kind, signal), deps.log);
    this.triggers = new RefreshTriggers({ request: (kind) => void this.refresh(kind), visible: () => deps.view.visible, idle: () => this.scheduler.cancel() });
    const markdown = vscode.workspace.createFileSystemWatcher(MARKDOWN_GLOB);
    const manifests = vscode.workspace.createFileSystemWatcher(MANIFEST_GLOB);
    const settle = (): void => this.triggers.soon('local', LOCAL_SETTLE_MS);
    this.subscriptions.push(
      this.triggers, markdown, manifests, this.decorationsChanged,
      // Registered with the view's code: before its first states there is nothing to show.
      vscode.window.registerFileDecorationProvider({ onDidChangeFileDecorations: this.decorationsChanged.event, provideFileDecoration: (uri) => this.decoration(uri) }),
      markdown.onDidCreate(settle), markdown.onDidDelete(settle), markdown.onDidChange((uri) => void this.updateOne(uri)),
      manifests.onDidCreate(settle), manifests.onDidDelete(settle), manifests.onDidChange(settle),
      vscode.workspace.onDidSaveTextDocument((document) => void this.updateOne(document.uri, document.getText())),
      vscode.workspace.onDidChangeWorkspaceFolders(settle),
      deps.view.onDidChangeVisibility((event) => (event.visible ? this.triggers.shown() : !this.triggers.needed() && this.scheduler.cancel())),
      deps.onDidChangeSession(() => void this.refresh('full')),
      // A publish changed a link: the file is re-decided at once from what is known, and its page read shortly after.
      deps.links.onDidChange(() => {
        if (!this.triggers.needed()) return;
        void this.refresh('local');
        this.triggers.soon('full', AFTER_PUBLISH_MS);
      }),
      vscode.workspace.onDidChangeConfiguration((event) => {
        // Off, decoration() answers nothing; either way the decorated files are asked again.
        if (event.affectsConfiguration(BADGES_SETTING)) {
          this.decorationsChanged.fire(this.decoratedUris());
          if (badgesOn()) this.triggers.shown();
        }
        if (['wikiPublisher.omitTitleHeading', 'wikiPublisher.diagrams', 'files.exclude'].some((key) => event.affectsConfiguration(key))) settle();
        if (['wikiPublisher.baseUrl', 'wikiPublisher.importEndpoint'].some((key) => event.affectsConfiguration(key))) void this.refresh('full');
      }),
    );
  }

  /** Starts the first refresh (reading the wiki) if it has not started; resolves when the first pass is done. */
  start(): Promise<void> {
    this.firstPass ??= this.refresh('full');
    return this.firstPass;
  }

  /** Refresh: the first pass if none has run yet, else a read of the wiki now. */
  refreshNow(): Promise<void> {
    return this.firstPass ? this.refresh('full') : this.start();
  }

  refresh(kind: RefreshKind): Promise<void> {
    // Counted from the request: the view shown while its first read is still on the way asks for no second one.
    if (kind === 'full') this.triggers.noteFullRead();
    if (kind === 'full' && this.deps.view.visible) {
      return Promise.resolve(vscode.window.withProgress({ location: { viewId: PAGES_VIEW_ID } }, () => this.scheduler.request(kind)));
    }
    return this.scheduler.request(kind);
  }

  async children(element: PagesElement | undefined): Promise<PagesElement[]> {
    if (element === undefined) {
      await this.start();
      return this.welcome ? [] : groupsOf(this.states);
    }
    if (element instanceof vscode.Uri || element.kind !== 'group') return [];
    if (element.group === 'orphans') return this.states.orphans.map((orphan) => ({ kind: 'orphan', orphan }));
    return this.states.files.filter((state) => state.kind === element.group).map((state) => this.uriOf(state));
  }

  treeItem(element: PagesElement): vscode.TreeItem {
    if (element instanceof vscode.Uri) {
      const state = this.byKey.get(element.toString());
      return state ? fileItem(element, state, Date.now()) : new vscode.TreeItem(element);
    }
    if (element.kind === 'orphan') return orphanItem(element.orphan);
    return groupItem(element.group, countIn(this.states, element.group));
  }

  decoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    return badgesOn() ? this.decorations.decoration(uri) : undefined;
  }

  stateOf(uri: vscode.Uri): FileState | undefined {
    return this.byKey.get(uri.toString());
  }

  /** Files a publish of everything modified takes: modified here, also when the wiki changed too (the guard then asks). */
  modifiedUris(): vscode.Uri[] {
    return this.states.files.filter((state) => state.kind === 'modifiedHere' || (state.kind === 'changedOnWiki' && state.modifiedHere)).map((state) => this.uriOf(state));
  }

  dispose(): void {
    this.scheduler.dispose();
    for (const subscription of this.subscriptions.splice(0)) subscription.dispose();
  }

  private async run(kind: RefreshKind, signal: AbortSignal): Promise<void> {
    const core = onDemand();
    const setup = await readSetup(this.deps);
    const scan = await scanWorkspace(signal);
    const { facts, uris, inTree } = await gatherFacts(scan, this.deps.links, this.local, signal);
    this.uris = uris;
    this.inTree = inTree;
    let readFailure = this.gathered?.readFailure;
    if (!setup.pages) {
      this.reading = core.unreadWiki('noAccess');
      readFailure = undefined;
    } else if (kind === 'full') {
      const result = await core.refreshStates(facts, { pages: setup.pages, signal, messages: editorPageRouteMessages, histories: this.histories });
      this.reading = result.reading;
      readFailure = result.readFailure;
      if (readFailure) this.deps.log.warn(`The Wiki Pages view could not read the wiki: ${readFailure}`);
    }
    signal.throwIfAborted();
    this.gathered = { scan, facts, setup, readFailure };
    this.show(core.decideStates(facts, this.reading));
  }

  /**
   * One file changed (saved here, or changed on disk by git or another editor): re-decided from the saved text, or
   * read again when it changed on disk. No request.
   */
  private async updateOne(uri: vscode.Uri, savedText?: string): Promise<void> {
    const key = uri.toString();
    const gathered = this.gathered;
    const index = gathered?.facts.files.findIndex((file) => file.key === key) ?? -1;
    const file = gathered?.facts.files[index];
    if (!gathered || !file) return;
    try {
      const link = await this.deps.links.get(key);
      const linked = link ? { uri, key, label: file.label, link } : undefined;
      const local = !linked ? undefined
        : savedText !== undefined ? await this.local.noteSaved(linked, savedText)
          : (await this.local.factsFor([linked], new AbortController().signal, true)).get(key);
      const files = [...gathered.facts.files];
      files[index] = { ...file, link, local };
      gathered.facts = { ...gathered.facts, files };
      this.show(onDemand().decideStates(gathered.facts, this.reading));
    } catch (error) {
      this.deps.log.warn(`Updating the Wiki Pages view after a change of ${file.label} failed: ${describeError(error)}`);
    }
  }

  private show(states: WorkspaceStates): void {
    this.states = states;
    this.byKey = new Map(states.files.map((state) => [state.file.key, state]));
    const gathered = this.gathered;
    const anything = states.orphans.length > 0 || states.files.some((state) => state.kind !== 'notPublished');
    if (gathered) {
      this.welcome = welcomeOf(gathered.setup, anything);
      const message = viewMessage({
        setup: gathered.setup, readFailure: gathered.readFailure, truncated: gathered.scan.truncated,
        manifestProblems: gathered.scan.manifests.flatMap((entry) => (entry.problem ? [entry.problem] : [])),
      });
      this.deps.view.message = this.welcome || !message ? undefined : neutralise(message);
    }
    void vscode.commands.executeCommand('setContext', WELCOME_CONTEXT, this.welcome ?? '');
    void vscode.commands.executeCommand('setContext', HAS_MODIFIED_CONTEXT, this.modifiedUris().length > 0);
    // Rows are drawn again only when what they show changed: a redraw closes the hover the user is reading.
    const shown = renderedSignature(states, this.welcome, Date.now());
    if (shown !== this.shownSignature) this.deps.fireTree();
    this.shownSignature = shown;
    const changed = this.decorations.update(states.files, (state) => this.inTree.has(state.file.key), (state) => this.uriOf(state));
    if (badgesOn() && changed.length > 0) this.decorationsChanged.fire(changed);
  }

  private uriOf(state: FileState): vscode.Uri {
    return this.uris.get(state.file.key) ?? vscode.Uri.parse(state.file.key, true);
  }

  private decoratedUris(): vscode.Uri[] {
    return this.states.files.filter((state) => this.decorations.decoration(this.uriOf(state))).map((state) => this.uriOf(state));
  }
}
