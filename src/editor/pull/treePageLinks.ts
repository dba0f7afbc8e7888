// Which pages a file's links name, when the file belongs to a published page tree: the nearest .wiki-pages.json in
// the file's folder or above it (inside its workspace folder), read through the manifest's workspace port like every
// manifest here. Pull then compares the wiki's page addresses with the file's own links (core/pull/pageLinkForms.ts).
import * as vscode from 'vscode';
import { manifestPageIdOf, type PageIdOf } from '../../core/pull/pageLinkForms';
import { parseManifest } from '../../core/tree/manifestFormat';
import { folderInItsRepository } from '../publish/collectMarkdown';
import { workspaceManifestPort } from '../publish/manifestPort';
import { manifestAncestors } from '../publish/repositoryLinks';

/** undefined: the file is in no tree, or its manifest cannot be read (Pull then merges the texts as they are). */
export async function treePageIdOf(fileUri: vscode.Uri): Promise<PageIdOf | undefined> {
  const port = workspaceManifestPort();
  for (const ancestor of manifestAncestors(fileUri)) {
    const text = await port.read(ancestor.manifestLocation).catch(() => undefined);
    if (text !== undefined) {
      const parsed = parseManifest(text);
      if (!parsed.ok) return undefined;
      // Links written from the repository root (`/docs/guide.md`) name pages as the tree's publish read them.
      return manifestPageIdOf(parsed.manifest.pages, ancestor.relativePath, await folderInItsRepository(vscode.Uri.parse(ancestor.folder, true)));
    }
  }
  return undefined;
}
