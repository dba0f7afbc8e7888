// Which pages a file's links name, when the file belongs to a published page tree: the nearest .wiki-pages.json in
// the file's folder or above it (inside its workspace folder), read through the manifest's workspace port like every
// manifest here. Pull then compares the wiki's page addresses with the file's own links (core/pull/pageLinkForms.ts).
import * as vscode from 'vscode';
import { manifestPageIdOf, type PageIdOf } from '../../core/pull/pageLinkForms';
import { MANIFEST_FILE_NAME, parseManifest } from '../../core/tree/manifestFormat';
import { workspaceManifestPort } from '../publish/manifestPort';

/** undefined: the file is in no tree, or its manifest cannot be read (Pull then merges the texts as they are). */
export async function treePageIdOf(fileUri: vscode.Uri): Promise<PageIdOf | undefined> {
  const workspaceFolder = vscode.workspace.getWorkspaceFolder(fileUri);
  if (!workspaceFolder) return undefined;
  const top = workspaceFolder.uri.path.replace(/\/+$/, '');
  const port = workspaceManifestPort();
  for (let folder = vscode.Uri.joinPath(fileUri, '..'); folder.path.startsWith(top); folder = vscode.Uri.joinPath(folder, '..')) {
    const text = await port.read(vscode.Uri.joinPath(folder, MANIFEST_FILE_NAME).toString()).catch(() => undefined);
    if (text !== undefined) {
      const parsed = parseManifest(text);
      return parsed.ok ? manifestPageIdOf(parsed.manifest.pages, fileUri.path.slice(folder.path.replace(/\/+$/, '').length + 1)) : undefined;
    }
    if (folder.path.length <= top.length || folder.path === '/') break;
  }
  return undefined;
}
