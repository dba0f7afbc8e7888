// The Wiki Pages view as start-up wires it: the tree view VS Code asks for rows, a light stand-in, registered once
// activation has returned (start(); the view is collapsed at first and asks for nothing before it is opened). The
// view's code (dist/lazyCommands.js), the Explorer badges' decoration provider with it, loads when it is first needed:
// the view shown, a command run, or, with the badges on, a while after start-up, so activation stays as cheap as before.
// Only `import type` reaches the view's code from here.
import * as vscode from 'vscode';
import type { PagesModelDeps, WikiPagesModel } from './pagesModel';
import type { PagesElement } from './pagesTree';
import { badgesOn, BADGES_SETTING, PAGES_VIEW_ID } from './pagesSettings';

/** The badges' first refresh waits until start-up is over (it walks the workspace and may read the wiki). */
const BADGES_START_DELAY_MS = 10_000;

export type ViewHooks = Pick<PagesModelDeps, 'view' | 'fireTree'>;

export class WikiPagesHost implements vscode.Disposable {
  private readonly treeChanged = new vscode.EventEmitter<void>();
  private view: vscode.TreeView<PagesElement> | undefined;
  private made: WikiPagesModel | undefined;
  private readonly subscriptions: vscode.Disposable[];
  private startTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly build: (hooks: ViewHooks) => WikiPagesModel) {
    this.subscriptions = [
      this.treeChanged,
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(BADGES_SETTING) && badgesOn()) void this.model().start();
      }),
    ];
    // The setting is read when the time comes, not during activation.
    this.startTimer = setTimeout(() => {
      if (badgesOn()) void this.model().start();
    }, BADGES_START_DELAY_MS);
  }

  /** Registers the view (its rows still come from the model, built on first need). */
  start(): void {
    this.registered();
  }

  /** The view's state, built (and its bundle loaded) on first use. */
  model(): WikiPagesModel {
    this.made ??= this.build({
      view: this.registered(),
      fireTree: () => this.treeChanged.fire(),
    });
    return this.made;
  }

  private registered(): vscode.TreeView<PagesElement> {
    if (this.view === undefined) {
      this.view = vscode.window.createTreeView<PagesElement>(PAGES_VIEW_ID, {
        treeDataProvider: {
          onDidChangeTreeData: this.treeChanged.event,
          getChildren: (element) => this.model().children(element),
          getTreeItem: (element) => this.model().treeItem(element),
        },
        canSelectMany: true,
      });
      this.subscriptions.push(this.view);
    }
    return this.view;
  }

  dispose(): void {
    if (this.startTimer) clearTimeout(this.startTimer);
    this.made?.dispose();
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
