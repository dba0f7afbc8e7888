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

/**
 * What Pull did, as it is: with auto-save on (`autoSaved`), VS Code writes the merge to disk at once, so the message says
 * so and how to go back (Undo, or the file's local history in the Timeline) instead of asking to review and save.
 */
export function pulledMessage(outcome: Extract<PullOutcome, { kind: 'merged' | 'conflicts' }>, title: string, fileName: string, autoSaved: boolean): string {
  const kept = outcome.titleKept
    ? ` ${vscode.l10n.t('The edit made the file\'s title "{0}"; its front matter now keeps the page\'s title, "{1}" (wiki.pageTitle), so publishing updates that page. To rename the page instead, change or remove that line.', outcome.titleKept.fileTitle, outcome.titleKept.pageTitle)}`
    : '';
  return mergedMessage(outcome, title, fileName, autoSaved) + kept + renamedNote(outcome, title);
}

/**
 * The page was renamed on the wiki (its title there is not the one the file publishes to): Pull took its text, but a
 * publish finds a page by its title, so the edit guard will hold it as renamed: said now, not "without a warning".
 */
function renamedNote(outcome: Extract<PullOutcome, { kind: 'merged' | 'conflicts' }>, title: string): string {
  if (outcome.titleKept !== undefined || outcome.page.title === title) return '';
  return ` ${vscode.l10n.t('But the page is titled "{0}" on the wiki now, not "{1}": the service finds a page by its title, so publishing would make a second page. Rename it back on the wiki, or give the file that title (wiki.pageTitle), before publishing.', outcome.page.title, title)}`;
}

function mergedMessage(outcome: Extract<PullOutcome, { kind: 'merged' | 'conflicts' }>, title: string, fileName: string, autoSaved: boolean): string {
  const version = outcome.page.version;
  if (outcome.kind === 'merged') {
    return autoSaved
      ? vscode.l10n.t('Pulled the wiki\'s edit of "{0}" (version {1}) into {2}. Auto-save is on, so VS Code saves it: Undo, or the file\'s Timeline (its local history), brings back the text it had. Publishing then updates the page without a warning.', title, version, fileName)
      : vscode.l10n.t('Pulled the wiki\'s edit of "{0}" (version {1}) into {2}. Review it and save; publishing then updates the page without a warning.', title, version, fileName);
  }
  if (autoSaved) {
    return outcome.conflicts === 1
      ? vscode.l10n.t('Pulled the wiki\'s edit of "{0}" (version {1}) into {2} with 1 conflict: the file and the wiki changed the same lines. Auto-save is on, so VS Code saves the file with the conflict markers, which publishing refuses until they are gone: choose with Accept Current or Accept Incoming at the markers. Undo, or the file\'s Timeline (its local history), brings back the text it had.', title, version, fileName)
      : vscode.l10n.t('Pulled the wiki\'s edit of "{0}" (version {1}) into {2} with {3} conflicts: the file and the wiki changed the same lines. Auto-save is on, so VS Code saves the file with the conflict markers, which publishing refuses until they are gone: choose with Accept Current or Accept Incoming at the markers. Undo, or the file\'s Timeline (its local history), brings back the text it had.', title, version, fileName, outcome.conflicts);
  }
  return outcome.conflicts === 1
    ? vscode.l10n.t('Pulled the wiki\'s edit of "{0}" (version {1}) into {2} with 1 conflict: the file and the wiki changed the same lines. Choose with Accept Current or Accept Incoming at the markers, then save and publish.', title, version, fileName)
    : vscode.l10n.t('Pulled the wiki\'s edit of "{0}" (version {1}) into {2} with {3} conflicts: the file and the wiki changed the same lines. Choose with Accept Current or Accept Incoming at the markers, then save and publish.', title, version, fileName, outcome.conflicts);
}

export function noBaseMessage(reason: Extract<PullOutcome, { kind: 'noBase' }>['reason'], title: string): string {
  const why = reason === 'none'
    ? vscode.l10n.t('this machine has no copy of "{0}" as it was right after this file last published it (it is kept when you publish signed in to the export API).', title)
    : vscode.l10n.t('the copy of "{0}" this machine kept is of another version than this file last published.', title);
  return vscode.l10n.t('Pull cannot tell which side changed what: {0} Nothing was changed. Compare shows the page next to the file, to take its changes by hand.', why);
}
