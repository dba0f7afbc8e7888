// Files a folder publish reads from an editor with unsaved edits: what goes is the editor's text, not the disk's, so the
// confirmation and the summary name them, as the single-file publish says it of its file.
import * as vscode from 'vscode';
import { fewNames } from './fewNames';

/** The confirmation's line for the files that go with unsaved edits; none when there are none. */
export function unsavedGoingLine(labels: readonly string[]): string[] {
  if (labels.length === 0) return [];
  return [labels.length === 1
    ? vscode.l10n.t('1 file goes with the unsaved edits in its editor (the file on disk is unchanged): {0}', fewNames(labels))
    : vscode.l10n.t('{0} files go with the unsaved edits in their editors (the files on disk are unchanged): {1}', labels.length, fewNames(labels))];
}

/** The summary's sentence for the files published with unsaved edits; none when there are none. */
export function unsavedPublishedNote(labels: readonly string[]): string[] {
  if (labels.length === 0) return [];
  return [labels.length === 1
    ? vscode.l10n.t('1 file was published with the unsaved edits in its editor (the file on disk is unchanged): {0}.', fewNames(labels))
    : vscode.l10n.t('{0} files were published with the unsaved edits in their editors (the files on disk are unchanged): {1}.', labels.length, fewNames(labels))];
}
