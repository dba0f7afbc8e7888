// The page manifest (.wiki-pages.json) read and written through vscode.workspace.fs, so a remote workspace's
// manifest is the remote file. Locations are URI strings.
import * as vscode from 'vscode';
import type { ManifestFilePort } from '../../core/tree/manifest';

export function workspaceManifestPort(): ManifestFilePort {
  return {
    async read(location) {
      try {
        return new TextDecoder('utf-8', { fatal: true }).decode(await vscode.workspace.fs.readFile(vscode.Uri.parse(location, true)));
      } catch (error) {
        if (error instanceof vscode.FileSystemError && error.code === 'FileNotFound') return undefined;
        throw error;
      }
    },
    async write(location, text) {
      await vscode.workspace.fs.writeFile(vscode.Uri.parse(location, true), new TextEncoder().encode(text));
    },
  };
}
