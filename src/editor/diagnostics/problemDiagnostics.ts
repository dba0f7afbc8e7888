// A problem as the Problems panel shows it: at the link's destination, in the words of the plan's link cautions (the
// tree catalogue's reasons), a warning for what the file can fix and information for a link that waits for another
// file's page (publishing that file fills it in).
import * as vscode from 'vscode';
import type { LinkProblem, ProblemKind } from '../../core/problems/linkProblems';
import { editorTreeMessages as words } from '../messages/treeMessages';

export const DIAGNOSTIC_SOURCE = 'Wiki Publisher';

/** The links that wait for another file's page: nothing is wrong in this file. */
const WAITING: ReadonlySet<ProblemKind> = new Set<ProblemKind>(['noPageYet', 'unknownPage', 'refusedPage']);

export function diagnosticOf(problem: LinkProblem, document: vscode.TextDocument, inTree: boolean): vscode.Diagnostic {
  const range = new vscode.Range(document.positionAt(problem.start), document.positionAt(problem.end));
  const severity = WAITING.has(problem.kind) ? vscode.DiagnosticSeverity.Information : vscode.DiagnosticSeverity.Warning;
  const diagnostic = new vscode.Diagnostic(range, messageOf(problem.kind, inTree), severity);
  diagnostic.source = DIAGNOSTIC_SOURCE;
  return diagnostic;
}

function messageOf(kind: ProblemKind, inTree: boolean): string {
  switch (kind) {
    case 'localImage':
      return vscode.l10n.t('This local image will not show on the wiki: it takes only images at public URLs.');
    case 'htmlLink':
      return vscode.l10n.t('This HTML link to a local file is sent as written and will point nowhere on the wiki: write it as a Markdown link instead.');
    case 'unknownAnchor':
      return vscode.l10n.t('On the wiki this link opens its page at the top, not at the heading it names: {0}.', words.linkUnknownAnchor());
    case 'queryDropped':
      return vscode.l10n.t('On the wiki this link opens its page without its query: {0}.', words.linkQueryDropped());
    default:
      return vscode.l10n.t('This link stays as written and will not work on the wiki: {0}.', reasonOf(kind, inTree));
  }
}

function reasonOf(kind: Exclude<ProblemKind, 'localImage' | 'htmlLink' | 'unknownAnchor' | 'queryDropped'>, inTree: boolean): string {
  switch (kind) {
    case 'outsideRun': return inTree ? words.linkOutsideRun() : words.linkOutsideLookup();
    case 'unknownPage': return words.linkUnknownPage();
    case 'refusedPage': return words.linkRefusedPage();
    case 'noFile': return words.linkNoFile();
    case 'noPageYet': return words.linkNoPageYet();
    case 'folderWithoutPage': return words.linkFolderWithoutPage();
    case 'notMarkdown': return words.linkNotMarkdown();
    case 'backslashPath': return words.linkBackslashPath();
    case 'unknownOwnAnchor': return words.linkUnknownOwnAnchor();
  }
}
