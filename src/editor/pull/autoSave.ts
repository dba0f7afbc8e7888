// Whether VS Code saves a document by itself (files.autoSave, the browser's default and a common desktop setting):
// Pull's merge is then written to disk within a second of being applied, and Pull says so rather than "review it and
// save". Read for the document (a language or folder may set it otherwise), as VS Code reads it.
import * as vscode from 'vscode';

export function autoSaves(document: vscode.TextDocument): boolean {
  if (document.isUntitled) return false;
  const files = vscode.workspace.getConfiguration('files', document);
  if (files.get<string>('autoSave', 'off') === 'off') return false;
  // Only the workspace's files, when the user asked for that.
  return !files.get<boolean>('autoSaveWorkspaceFilesOnly', false) || vscode.workspace.getWorkspaceFolder(document.uri) !== undefined;
}
