// The quick fixes of the Problems panel's links, where one is obvious (core/problems/linkFixes.ts): the nearest
// heading's anchor for a heading that is not there, the file's name as it is on disk for a link that differs in case
// or by a typo, `/` for `\`; and for a link that waits for another file's page, publishing that file. A link that
// leaves the published folder has none: only the person knows whether to move the file or publish it elsewhere.
import * as vscode from 'vscode';
import type { LinkProblem } from '../../core/problems/linkProblems';
import { neutralise } from '../../core/text/neutralise';
import { onDemand } from '../onDemandLoader';
import { lookUpFs } from '../publish/collectMarkdown';
import { DIAGNOSTIC_SOURCE } from './problemDiagnostics';

/** The problems shown for a document, by their diagnostics: what a quick fix needs that the panel does not keep. */
export type ShownProblems = (document: vscode.TextDocument) => ReadonlyArray<{ problem: LinkProblem; diagnostic: vscode.Diagnostic }>;

export class LinkFixProvider implements vscode.CodeActionProvider {
  /** Read when the provider is registered, not when the module loads: the lazily loaded bundle holds this module. */
  static get kinds(): vscode.CodeActionKind[] {
    return [vscode.CodeActionKind.QuickFix];
  }

  constructor(private readonly shown: ShownProblems) {}

  async provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): Promise<vscode.CodeAction[]> {
    const ours = context.diagnostics.filter((diagnostic) => diagnostic.source === DIAGNOSTIC_SOURCE);
    if (ours.length === 0) return [];
    const shown = this.shown(document);
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of ours) {
      const entry = shown.find((candidate) => candidate.diagnostic.range.isEqual(diagnostic.range) && candidate.diagnostic.message === diagnostic.message);
      // The text changed under the diagnostic since it was found: a fix made from it could replace the wrong words.
      if (!entry || document.getText(diagnostic.range) !== written(entry.problem)) continue;
      const action = await this.fixOf(entry.problem, document, diagnostic);
      if (action) actions.push(action);
    }
    return actions;
  }

  private async fixOf(problem: LinkProblem, document: vscode.TextDocument, diagnostic: vscode.Diagnostic): Promise<vscode.CodeAction | undefined> {
    const folder = vscode.Uri.joinPath(document.uri, '..');
    if (problem.kind === 'noPageYet' || problem.kind === 'unknownPage') return publishAction(problem, folder, diagnostic);
    const core = onDemand();
    const destination = await core.linkFix(problem, document.getText(), folder, lookUpFs()).catch(() => undefined);
    if (destination === undefined) return undefined;
    const action = new vscode.CodeAction(neutralise(vscode.l10n.t('Change the link to {0}', destination)), vscode.CodeActionKind.QuickFix);
    action.edit = new vscode.WorkspaceEdit();
    action.edit.replace(document.uri, diagnostic.range, core.writtenDestination(destination, problem.angle));
    action.diagnostics = [diagnostic];
    action.isPreferred = true;
    return action;
  }
}

/** The destination as the text writes it, angle brackets included. */
function written(problem: LinkProblem): string {
  return problem.angle ? `<${problem.target}>` : problem.target;
}

/** Publishing the Markdown file a link waits for, when the link names one that is there. */
async function publishAction(problem: LinkProblem, folder: vscode.Uri, diagnostic: vscode.Diagnostic): Promise<vscode.CodeAction | undefined> {
  const path = problem.target.split(/[?#]/)[0] ?? '';
  if (path === '' || path.startsWith('/') || path.includes('\\') || !/\.(?:md|markdown|mdown|mkd)$/i.test(path)) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  const file = vscode.Uri.joinPath(folder, decoded);
  if ((await lookUpFs().type(file))?.kind !== 'file') return undefined;
  const name = file.path.slice(file.path.lastIndexOf('/') + 1);
  const title = neutralise(vscode.l10n.t('Publish {0} to Wiki', name));
  const action = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
  action.command = { command: 'wikiPublisher.publish', title, arguments: [file] };
  action.diagnostics = [diagnostic];
  return action;
}
