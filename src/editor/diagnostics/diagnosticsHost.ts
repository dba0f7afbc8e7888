// The Problems panel's links (issue 83) as start-up registers them: a listener for the first Markdown document and the
// setting, nothing more. The checks' code (dist/lazyCommands.js) and their collection and quick fixes load once a
// Markdown document is open with the setting on, a moment after start-up when one is open already, so activation stays
// as cheap as before. Only `import type` reaches the checks' code from here.
import * as vscode from 'vscode';
import type { LinkDiagnostics } from './linkDiagnostics';

export const DIAGNOSTICS_SETTING = 'wikiPublisher.diagnostics';
/** Documents open at start-up are checked once start-up is over (the checks read the disk and load the core). */
const START_DELAY_MS = 3_000;

function diagnosticsOn(): boolean {
  return vscode.workspace.getConfiguration('wikiPublisher').get<boolean>('diagnostics', true);
}

function isMarkdown(document: vscode.TextDocument): boolean {
  return document.languageId === 'markdown';
}

export class DiagnosticsHost implements vscode.Disposable {
  private made: LinkDiagnostics | undefined;
  private readonly subscriptions: vscode.Disposable[];
  private startTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly build: () => LinkDiagnostics) {
    this.subscriptions = [
      vscode.workspace.onDidOpenTextDocument((document) => {
        if (this.made === undefined && this.startTimer === undefined && isMarkdown(document) && diagnosticsOn()) this.start();
      }),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (!event.affectsConfiguration(DIAGNOSTICS_SETTING)) return;
        if (!diagnosticsOn()) this.stop();
        else if (vscode.workspace.textDocuments.some(isMarkdown)) this.start();
      }),
    ];
    // The setting and the open documents are read when the time comes, not during activation.
    this.startTimer = setTimeout(() => {
      this.startTimer = undefined;
      if (diagnosticsOn() && vscode.workspace.textDocuments.some(isMarkdown)) this.start();
    }, START_DELAY_MS);
  }

  private start(): void {
    this.made ??= this.build();
  }

  /** Off: the problems go from the panel, and nothing is checked until the setting is on again. */
  private stop(): void {
    this.made?.dispose();
    this.made = undefined;
  }

  dispose(): void {
    if (this.startTimer) clearTimeout(this.startTimer);
    this.stop();
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
