// The Markdown files of an Explorer selection: the files selected, and every Markdown file under a selected folder,
// recursively, skipping what `files.exclude` hides, node_modules and dot-folders (core/run/walkRules.ts). Walks
// through vscode.workspace.fs, so it works for remote workspaces too (search-based findFiles needs ripgrep, which
// some hosts lack).
import * as vscode from 'vscode';
import { compareRelativePaths, isMarkdownFileName, isSkippedFolderName } from '../../core/run/walkRules';
import { onDemand } from '../onDemandLoader';

/** A walk never lists more than this many files: a selection of a whole disk is a mistake, not a plan. */
const MAX_FILES = 2000;

export interface CollectedFiles {
  uris: vscode.Uri[];
  /** True when the walk stopped at MAX_FILES. */
  truncated: boolean;
}

export async function collectMarkdown(selection: readonly vscode.Uri[], token?: vscode.CancellationToken): Promise<CollectedFiles> {
  const found = new Map<string, vscode.Uri>();
  let truncated = false;
  const add = (uri: vscode.Uri): void => {
    if (found.size >= MAX_FILES) truncated = true;
    else found.set(uri.toString(), uri);
  };
  for (const uri of selection) {
    if (token?.isCancellationRequested) break;
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.type & vscode.FileType.Directory) await walk(uri, excludedBy(uri), add, token);
    else if (isMarkdownFileName(baseName(uri))) add(uri);
  }
  const uris = [...found.values()].sort((a, b) => compareRelativePaths(vscode.workspace.asRelativePath(a), vscode.workspace.asRelativePath(b)));
  return { uris, truncated };
}

async function walk(folder: vscode.Uri, excluded: (uri: vscode.Uri) => boolean, add: (uri: vscode.Uri) => void, token?: vscode.CancellationToken): Promise<void> {
  const entries = await vscode.workspace.fs.readDirectory(folder);
  for (const [name, type] of entries) {
    if (token?.isCancellationRequested) return;
    const child = vscode.Uri.joinPath(folder, name);
    if (excluded(child)) continue;
    // Symbolic links are not followed: a link to a parent folder would never end.
    if (type & vscode.FileType.SymbolicLink) continue;
    if (type & vscode.FileType.Directory) {
      if (!isSkippedFolderName(name)) await walk(child, excluded, add, token);
    } else if (type & vscode.FileType.File && isMarkdownFileName(name)) add(child);
  }
}

/** A matcher for the `files.exclude` patterns in force for this resource (those set to true). */
function excludedBy(resource: vscode.Uri): (uri: vscode.Uri) => boolean {
  const patterns = vscode.workspace.getConfiguration('files', resource).get<Record<string, unknown>>('exclude', {});
  const globs = Object.entries(patterns).filter(([, on]) => on === true).map(([glob]) => glob);
  if (globs.length === 0) return () => false;
  const matches = onDemand().globMatcher(globs);
  return (uri) => {
    const relative = vscode.workspace.asRelativePath(uri, false);
    return matches(relative) || matches(baseName(uri));
  };
}

function baseName(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1);
}
