// What Pull says and does to the document: its messages, and the merged text applied as one undoable edit.
import * as vscode from 'vscode';
import type { PullOutcome } from '../../core/pull/pull';

/** Replaces the document's text in one WorkspaceEdit (one undo step), leaving it unsaved. */
export async function applyPulledText(document: vscode.TextDocument, text: string): Promise<boolean> {
  const edit = new vscode.WorkspaceEdit();
  const whole = new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length));
  edit.replace(document.uri, whole, text);
  return vscode.workspace.applyEdit(edit);
}

export function pulledMessage(outcome: Extract<PullOutcome, { kind: 'merged' | 'conflicts' }>, title: string, fileName: string): string {
  if (outcome.kind === 'merged') {
    return vscode.l10n.t('Pulled the wiki\'s edit of "{0}" (version {1}) into {2}. Review it and save; publishing then updates the page without a warning.', title, outcome.page.version, fileName);
  }
  return outcome.conflicts === 1
    ? vscode.l10n.t('Pulled the wiki\'s edit of "{0}" (version {1}) into {2} with 1 conflict: the file and the wiki changed the same lines. Choose with Accept Current or Accept Incoming at the markers, then save and publish.', title, outcome.page.version, fileName)
    : vscode.l10n.t('Pulled the wiki\'s edit of "{0}" (version {1}) into {2} with {3} conflicts: the file and the wiki changed the same lines. Choose with Accept Current or Accept Incoming at the markers, then save and publish.', title, outcome.page.version, fileName, outcome.conflicts);
}

export function noBaseMessage(reason: Extract<PullOutcome, { kind: 'noBase' }>['reason'], title: string): string {
  const why = reason === 'none'
    ? vscode.l10n.t('this machine has no copy of "{0}" as it was right after this file last published it (it is kept when you publish signed in to the export API).', title)
    : vscode.l10n.t('the copy of "{0}" this machine kept is of another version than this file last published.', title);
  return vscode.l10n.t('Pull cannot tell which side changed what: {0} Nothing was changed. Compare shows the page next to the file, to take its changes by hand.', why);
}
