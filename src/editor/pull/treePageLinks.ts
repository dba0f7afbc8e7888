// Which pages a file's links name, when the file belongs to a published page tree: the nearest .wiki-pages.json in
// the file's folder or above it (inside its workspace folder), read through workspace.fs like every file here. Pull
// then compares the wiki's page addresses with the file's own links (core/pull/pageLinkForms.ts).
import * as vscode from 'vscode';
import type { PageIdOf } from '../../core/pull/pageLinkForms';
import { MANIFEST_FILE_NAME } from '../../core/tree/manifestFormat';
import { onDemand } from '../onDemandLoader';

/** undefined: the file is in no tree, or its manifest cannot be read (Pull then merges the texts as they are). */
export async function treePageIdOf(fileUri: vscode.Uri): Promise<PageIdOf | undefined> {
  const workspaceFolder = vscode.workspace.getWorkspaceFolder(fileUri);
  if (!workspaceFolder) return undefined;
  const top = workspaceFolder.uri.path.replace(/\/+$/, '');
  for (let folder = vscode.Uri.joinPath(fileUri, '..'); folder.path.length >= top.length && folder.path.startsWith(top); folder = vscode.Uri.joinPath(folder, '..')) {
    const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder, MANIFEST_FILE_NAME)).then((read) => read, () => undefined);
    if (bytes !== undefined) {
      const parsed = onDemand().parseManifest(new TextDecoder().decode(bytes));
      const below = folder.path.replace(/\/+$/, '');
      return parsed.ok ? onDemand().manifestPageIdOf(parsed.manifest.pages, fileUri.path.slice(below.length + 1)) : undefined;
    }
    if (folder.path === top || folder.path === '/') break;
  }
  return undefined;
}
