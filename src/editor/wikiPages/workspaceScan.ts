// The workspace as the Wiki Pages view sees it: every Markdown file a folder publish would take (the core's walk:
// files.exclude, .gitignore, node_modules and dot-folders skipped, links never followed), and every page manifest
// (.wiki-pages.json) in the folders walked, noticed from the folder listings the walk reads anyway. Nothing is read
// here but the manifests: the files' texts are read only where a state needs them (localFactsCache.ts).
import * as vscode from 'vscode';
import type { PageManifest } from '../../core/tree/manifestFormat';
import { MANIFEST_FILE_NAME, parseManifest } from '../../core/tree/manifestFormat';
import { editorManifestMessages } from '../messages/manifestMessages';
import { mapBounded } from '../../core/util/mapBounded';
import { walkSelection } from '../../core/walk/walk';
import { isNotARegularFile, type WalkFs } from '../../core/walk/walkFs';
import { filesExclude, filesExcludeEverythingIn } from '../publish/collectMarkdown';
import { workspaceManifestPort } from '../publish/manifestPort';
import { workspaceWalkFs } from '../publish/workspaceWalkFs';

export interface ScannedFile {
  uri: vscode.Uri;
  /** The link store's key: the URI as a string. */
  key: string;
  /** Workspace-relative, '/'-separated. */
  label: string;
}

export interface ScannedManifest {
  uri: vscode.Uri;
  folder: vscode.Uri;
  /** The folder as people know it ('' for a single workspace folder's root). */
  label: string;
  manifest: PageManifest | undefined;
  /** Why the manifest was not read (conflict markers, bad JSON, unreadable): said in the view, never read as fewer pages. */
  problem: string | undefined;
}

export interface WorkspaceScan {
  files: ScannedFile[];
  manifests: ScannedManifest[];
  /** The walk stopped at its bound (a whole disk opened as a workspace). */
  truncated: boolean;
}

const MANIFEST_READS_AT_ONCE = 8;

export async function scanWorkspace(signal: AbortSignal): Promise<WorkspaceScan> {
  const roots = (vscode.workspace.workspaceFolders ?? []).map((folder) => folder.uri);
  const manifestFolders: vscode.Uri[] = [];
  const base = workspaceWalkFs(vscode.workspace.fs, {
    label: (uri) => vscode.workspace.asRelativePath(uri),
    isWorkspaceFolder: (uri) => vscode.workspace.getWorkspaceFolder(uri)?.uri.toString() === uri.toString(),
  });
  const fs: WalkFs<vscode.Uri> = {
    ...base,
    list: async (folder) => {
      const entries = await base.list(folder);
      if (entries.some((entry) => entry.name === MANIFEST_FILE_NAME && entry.kind === 'file')) manifestFolders.push(folder);
      return entries;
    },
  };
  const walked = await walkSelection(roots, { fs, exclude: filesExclude(), excludesEverythingIn: filesExcludeEverythingIn(), isCancelled: () => signal.aborted });
  signal.throwIfAborted();
  const manifests = await mapBounded(manifestFolders, MANIFEST_READS_AT_ONCE, readManifest);
  signal.throwIfAborted();
  return { files: walked.files.map((file) => ({ uri: file.location, key: file.key, label: file.label })), manifests, truncated: walked.truncated };
}

async function readManifest(folder: vscode.Uri): Promise<ScannedManifest> {
  const uri = vscode.Uri.joinPath(folder, MANIFEST_FILE_NAME);
  const label = folderLabel(folder);
  const name = label === '' ? MANIFEST_FILE_NAME : `${label}/${MANIFEST_FILE_NAME}`;
  try {
    const text = await workspaceManifestPort().read(uri.toString());
    if (text === undefined) return { uri, folder, label, manifest: undefined, problem: undefined };
    const parsed = parseManifest(text, name, editorManifestMessages);
    return parsed.ok ? { uri, folder, label, manifest: parsed.manifest, problem: undefined } : { uri, folder, label, manifest: undefined, problem: parsed.message };
  } catch (error) {
    if (isNotARegularFile(error)) return { uri, folder, label, manifest: undefined, problem: editorManifestMessages.notRegularFile(name, error.why) };
    return { uri, folder, label, manifest: undefined, problem: vscode.l10n.t('{0} cannot be read: {1}', name, error instanceof Error ? error.message : String(error)) };
  }
}

/** A folder as people know it: workspace-relative; a workspace folder's root is '' (or its name in a multi-root window). */
export function folderLabel(folder: vscode.Uri): string {
  const root = vscode.workspace.getWorkspaceFolder(folder);
  if (root && root.uri.toString() === folder.toString()) return (vscode.workspace.workspaceFolders?.length ?? 1) > 1 ? root.name : '';
  return vscode.workspace.asRelativePath(folder);
}

/** The file's path below `folder` ('/'-separated), or undefined when it is not below it. */
export function pathBelow(folder: vscode.Uri, file: vscode.Uri): string | undefined {
  if (folder.scheme !== file.scheme || folder.authority !== file.authority) return undefined;
  const base = folder.path.replace(/\/+$/, '');
  return file.path.startsWith(`${base}/`) ? file.path.slice(base.length + 1) : undefined;
}
