// Page identity from the repository for a file published on its own or in a flat selection: the nearest
// .wiki-pages.json in the file's folder or above it, inside its workspace folder, read through the workspace's file
// system (a remote workspace's manifest is the remote file). The rules are the core's (core/tree/repositoryLinks.ts).
import * as vscode from 'vscode';
import type { PageLink } from '../../core/links/pageLink';
import { describeError } from '../../core/log/redact';
import type { Logger } from '../../core/ports';
import { MANIFEST_FILE_NAME } from '../../core/tree/manifestFormat';
import { lazyManifestAncestor, repositoryLinks, type ManifestAncestor, type RepositoryLinkFile, type RepositoryLinks } from '../../core/tree/repositoryLinks';
import { editorManifestMessages } from '../messages/manifestMessages';
import { workspaceManifestPort } from './manifestPort';

/** The folders from the file's own up to its workspace folder, nearest first, with the file's path relative to each. */
export function manifestAncestors(fileUri: vscode.Uri): ManifestAncestor[] {
  return [...eachManifestAncestor(fileUri)];
}

/** manifestAncestors one at a time, each made only when asked for (the core's lazyManifestAncestor). */
export function* eachManifestAncestor(fileUri: vscode.Uri): Generator<ManifestAncestor> {
  const workspaceFolder = vscode.workspace.getWorkspaceFolder(fileUri);
  if (!workspaceFolder) return;
  const top = workspaceFolder.uri.path.replace(/\/+$/, '');
  // A folder (a key ending in '/'): its own manifest comes first, where a tree published from it records the page
  // the folder maps to.
  if (fileUri.path.endsWith('/') && fileUri.path.startsWith(`${top}/`)) {
    const folder = fileUri.with({ path: fileUri.path.replace(/\/+$/, '') });
    yield { folder: folder.toString(), manifestLocation: vscode.Uri.joinPath(folder, MANIFEST_FILE_NAME).toString(), relativePath: '' };
  }
  for (let folder = vscode.Uri.joinPath(fileUri, '..'); folder.path.startsWith(top); folder = vscode.Uri.joinPath(folder, '..')) {
    const at = folder;
    yield lazyManifestAncestor(at.toString(), () => vscode.Uri.joinPath(at, MANIFEST_FILE_NAME).toString(), () => fileUri.path.slice(at.path.replace(/\/+$/, '').length + 1));
    if (folder.path.length <= top.length || folder.path === '/') return;
  }
}

/** The recorded page of each file (by URI string) that a .wiki-pages.json above it records. */
export async function repositoryLinksFor(keys: readonly string[]): Promise<RepositoryLinks> {
  // Each folder is read once for all its files: once a file made a folder of 2,000 files cost 2,000 listings of
  // 2,000 names (and as many round trips in a remote workspace).
  const listings = new Map<string, Promise<string[] | undefined>>();
  const fileNamesIn = (folder: vscode.Uri): Promise<string[] | undefined> => {
    const key = folder.toString();
    let listing = listings.get(key);
    if (!listing) {
      listing = Promise.resolve(vscode.workspace.fs.readDirectory(folder)).then(
        (entries) => entries.filter(([, type]) => (type & vscode.FileType.File) !== 0).map(([name]) => name),
        () => undefined,
      );
      listings.set(key, listing);
    }
    return listing;
  };
  const files = await Promise.all(keys.map(async (key): Promise<RepositoryLinkFile> => {
    const uri = vscode.Uri.parse(key, true);
    const siblings = await fileNamesIn(vscode.Uri.joinPath(uri, '..'));
    return { key, ancestors: eachManifestAncestor(uri), ...(siblings ? { siblingNames: siblings } : {}) };
  }));
  const port = workspaceManifestPort();
  // A file with no folder to look in (outside every workspace folder) finds no manifest: nearestManifest says none.
  return repositoryLinks(files, {
    read: (location) => port.read(location),
    label: (location) => vscode.workspace.asRelativePath(vscode.Uri.parse(location, true)),
    messages: editorManifestMessages,
  });
}

/** repositoryLinksFor, a manifest that cannot be read logged and taken as recording no page. */
export async function recordedPagesOf(keys: readonly string[], log: Logger): Promise<Map<string, PageLink>> {
  const found = await repositoryLinksFor(keys).catch((error: unknown) => ({ links: new Map<string, PageLink>(), problems: [describeError(error)], entryFindings: [] }));
  for (const problem of found.problems) log.warn(`A page manifest could not be read: ${problem}`);
  for (const finding of found.entryFindings) log.warn(finding);
  return found.links;
}
