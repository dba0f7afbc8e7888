import * as vscode from 'vscode';
import type { BaseFolder } from '../../core/pull/pullBaseFiles';

/** A folder under the extension's global storage, through workspace.fs (the storage may be remote). */
export function globalStorageFolder(folder: vscode.Uri): BaseFolder {
  const file = (name: string): vscode.Uri => vscode.Uri.joinPath(folder, name);
  return {
    read: async (name) => vscode.workspace.fs.readFile(file(name)),
    write: async (name, bytes) => {
      await vscode.workspace.fs.createDirectory(folder);
      await vscode.workspace.fs.writeFile(file(name), bytes);
    },
    delete: async (name) => vscode.workspace.fs.delete(file(name)),
  };
}
