// Which pages a file's links name, so that Pull compares the wiki's page addresses with the file's own links
// (core/pull/pageLinkForms.ts). First the nearest .wiki-pages.json in the file's folder or above it (inside its
// workspace folder), read through the manifest's workspace port like every manifest here, as a tree's publish reads
// its links; then, for the links it does not name, the pages a publish of the file on its own finds (this machine's
// links, then each linked file's manifest), through the same ports as that publish (fileLinkPorts.ts).
import { posix } from 'node:path';
import * as vscode from 'vscode';
import { manifestPageIdOf, type PageIdOf } from '../../core/pull/pageLinkForms';
import { manifestReader, nearestManifest } from '../../core/tree/repositoryLinks';
import { onDemand } from '../onDemandLoader';
import { folderInItsRepository } from '../publish/collectMarkdown';
import { editorFileLinkPorts } from '../publish/fileLinkPorts';
import { workspaceManifestPort } from '../publish/manifestPort';
import type { PublishDependencies } from '../publish/publishContext';
import { manifestAncestors } from '../publish/repositoryLinks';

/** undefined: the file's links name no known page (Pull then merges the texts as they are). */
export async function pageIdOfLinks(fileUri: vscode.Uri, markdown: string, deps: Pick<PublishDependencies, 'links' | 'log' | 'wiki'>): Promise<PageIdOf | undefined> {
  const tree = await treePageIdOf(fileUri, deps.log);
  // A link the tree's manifest does not record (a file outside the tree, a file beside it that was published flat)
  // names the page a publish on its own finds for it.
  const own = await onDemand().linkedPageIdOf(fileUri.toString(), markdown, editorFileLinkPorts(deps));
  if (!tree || !own) return tree ?? own;
  return (destination) => tree(destination) ?? own(destination);
}

/**
 * undefined: the file is in no tree, or its tree's manifest cannot be read (logged). The nearest manifest is the
 * file's tree's, as for a publish (core nearestManifest): an unreadable one is not passed over for another tree's.
 */
async function treePageIdOf(fileUri: vscode.Uri, log: PublishDependencies['log']): Promise<PageIdOf | undefined> {
  const nearest = await nearestManifest(manifestAncestors(fileUri), manifestReader(workspaceManifestPort()));
  if (nearest === undefined) return undefined;
  if ('problem' in nearest) {
    log.warn(`A page manifest could not be read: ${nearest.problem}`);
    return undefined;
  }
  // Links written from the repository root (`/docs/guide.md`) name pages as the tree's publish read them.
  const folder = vscode.Uri.parse(nearest.ancestor.folder, true);
  const root = { name: posix.basename(folder.path), parent: nearest.manifest.root?.parent };
  return manifestPageIdOf(nearest.manifest.pages, nearest.ancestor.relativePath, await folderInItsRepository(folder), root);
}
