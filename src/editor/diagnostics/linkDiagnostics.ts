// The Problems panel's links and images that will not work on the wiki (issue 83, "Problems, not just a plan"), for
// every open Markdown document that is a page to be: checked when it opens, after each pause in typing, and again when
// a file it may link to changes on disk or a publish changes what this machine knows of its pages. One check at a
// time: a tree's check plans the tree, and documents opened together wait their turn rather than plan at once.
import * as vscode from 'vscode';
import { describeError } from '../../core/log/redact';
import type { LinkProblem } from '../../core/problems/linkProblems';
import { checkDocument, type CheckDependencies } from './documentCheck';
import { LinkFixProvider } from './linkFixProvider';
import { diagnosticOf } from './problemDiagnostics';
import { TreeCache } from './treeCache';

/** A check waits this long after the last edit: the problems follow the typing, not every keystroke. */
const EDIT_DELAY_MS = 500;
/** Changes on disk come in bursts (a checkout, a save of many files): the open documents are checked once after. */
const DISK_DELAY_MS = 1_000;
/** Files whose change on disk may change what a link reaches: Markdown, a tree's manifest, what .gitignore leaves out. */
const WATCHED = '**/{*.md,*.markdown,*.mdown,*.mkd,.wiki-pages.json,.gitignore}';
/** Settings the plan reads: the title heading left out, the site address, what the walk leaves out. */
const PLAN_SETTINGS = ['wikiPublisher.omitTitleHeading', 'wikiPublisher.baseUrl', 'files.exclude'];

interface Shown {
  problem: LinkProblem;
  diagnostic: vscode.Diagnostic;
}

export class LinkDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('wikiPublisher.links');
  private readonly trees = new TreeCache();
  private readonly shown = new Map<string, Shown[]>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly waiting = new Map<string, vscode.TextDocument>();
  private working = false;
  private disposed = false;
  private readonly subscriptions: vscode.Disposable[];

  private readonly deps: CheckDependencies;

  constructor(deps: CheckDependencies) {
    // A check runs after every pause in typing: a manifest that cannot be read is logged once, not at each of them.
    const warned = new Set<string>();
    const log = deps.log;
    const warnOnce = (message: string): void => {
      if (warned.has(message)) return;
      warned.add(message);
      log.warn(message);
    };
    this.deps = { ...deps, log: { info: (message) => log.info(message), warn: warnOnce, error: (message) => log.error(message), debug: (message) => log.debug(message) } };
    const watcher = vscode.workspace.createFileSystemWatcher(WATCHED);
    const onDisk = (uri: vscode.Uri): void => this.diskChanged(uri);
    this.subscriptions = [
      this.collection, watcher,
      vscode.languages.registerCodeActionsProvider({ language: 'markdown' }, new LinkFixProvider((document) => this.shown.get(document.uri.toString()) ?? []), {
        providedCodeActionKinds: LinkFixProvider.kinds,
      }),
      vscode.workspace.onDidOpenTextDocument((document) => this.schedule(document, 0)),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.contentChanges.length > 0) this.schedule(event.document, EDIT_DELAY_MS);
      }),
      vscode.workspace.onDidCloseTextDocument((document) => this.forget(document.uri)),
      vscode.workspace.onDidSaveTextDocument((document) => onDisk(document.uri)),
      watcher.onDidCreate(onDisk), watcher.onDidChange(onDisk), watcher.onDidDelete(onDisk),
      // A folder deleted or renamed in VS Code: the watcher names only the folder, which no pattern of it matches.
      vscode.workspace.onDidDeleteFiles((event) => event.files.forEach(onDisk)),
      vscode.workspace.onDidRenameFiles((event) => event.files.forEach(({ oldUri, newUri }) => [oldUri, newUri].forEach(onDisk))),
      // A publish links a file to its page: the links to it reach a page now.
      deps.links.onDidChange(() => {
        this.trees.dropPlans();
        this.checkAllSoon();
      }),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (!PLAN_SETTINGS.some((section) => event.affectsConfiguration(section))) return;
        this.trees.clear();
        this.checkAllSoon();
      }),
    ];
    for (const document of vscode.workspace.textDocuments) this.schedule(document, 0);
  }

  dispose(): void {
    this.disposed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.waiting.clear();
    for (const subscription of this.subscriptions) subscription.dispose();
  }

  private schedule(document: vscode.TextDocument, delayMs: number): void {
    if (this.disposed || document.languageId !== 'markdown' || document.uri.scheme === 'untitled') return;
    const key = document.uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.set(key, setTimeout(() => {
      this.timers.delete(key);
      this.waiting.set(key, document);
      void this.work();
    }, delayMs));
  }

  private diskChanged(uri: vscode.Uri): void {
    this.trees.changed(uri);
    this.checkAllSoon();
  }

  private checkAllSoon(): void {
    for (const document of vscode.workspace.textDocuments) this.schedule(document, DISK_DELAY_MS);
  }

  private forget(uri: vscode.Uri): void {
    const key = uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    this.waiting.delete(key);
    this.shown.delete(key);
    this.collection.delete(uri);
  }

  /** Checks the waiting documents one at a time, until none waits. */
  private async work(): Promise<void> {
    if (this.working) return;
    this.working = true;
    try {
      for (let next = this.waiting.entries().next(); !next.done && !this.disposed; next = this.waiting.entries().next()) {
        const [key, document] = next.value;
        this.waiting.delete(key);
        await this.check(document);
      }
    } finally {
      this.working = false;
    }
  }

  private async check(document: vscode.TextDocument): Promise<void> {
    if (document.isClosed) return;
    const version = document.version;
    const checked = await checkDocument(document, this.deps, this.trees).catch((error: unknown) => {
      this.deps.log.warn(`Checking the links of ${vscode.workspace.asRelativePath(document.uri)} failed: ${describeError(error)}`);
      return undefined;
    });
    // Edited meanwhile: the offsets are of an older text, and the edit has scheduled another check.
    if (this.disposed || document.isClosed || document.version !== version) return;
    const key = document.uri.toString();
    if (!checked || checked.problems.length === 0) {
      this.shown.delete(key);
      this.collection.delete(document.uri);
      return;
    }
    const shown = checked.problems.map((problem) => ({ problem, diagnostic: diagnosticOf(problem, document, checked.inTree) }));
    this.shown.set(key, shown);
    this.collection.set(document.uri, shown.map((entry) => entry.diagnostic));
  }
}
