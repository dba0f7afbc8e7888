// The Markdown files of an Explorer selection, by the core's walk (core/walk): the files selected, and every Markdown
// file under a selected folder, skipping what files.exclude hides, node_modules, dot-folders and what .gitignore
// ignores, never following a link. The same rules as the command line. Walks through vscode.workspace.fs, so it works
// for remote workspaces too (search-based findFiles needs ripgrep, which some hosts lack).
import * as vscode from 'vscode';
import type { SourceFile } from '../../core/run/plan';
import { folderInRepository } from '../../core/walk/gitignore';
import { sourcesFromWalk } from '../../core/walk/sources';
import { walkSelection, type WalkResult } from '../../core/walk/walk';
import type { WalkFs } from '../../core/walk/walkFs';
import { editorWalkMessages } from '../messages/walkMessages';
import { onDemand } from '../onDemandLoader';
import { workspaceWalkFs } from './workspaceWalkFs';

export interface SelectionSources {
  /** In label order; refused entries and unreadable files carry their reason in readProblem. */
  sources: SourceFile[];
  /** True when the walk stopped at its bound (core/walk/walk.ts DEFAULT_MAX_FILES). */
  truncated: boolean;
}

/** The selection's files as the plan's input: an open editor's text (unsaved edits included), else the file on disk. */
export async function readSelection(selection: readonly vscode.Uri[], token?: vscode.CancellationToken): Promise<SelectionSources> {
  const { fs, walked } = await walk(selection, token);
  const open = new Map(vscode.workspace.textDocuments.map((document) => [document.uri.toString(), document]));
  const sources = await sourcesFromWalk(walked, { fs, openText: (key) => open.get(key)?.getText(), messages: editorWalkMessages });
  return { sources, truncated: walked.truncated };
}

async function walk(selection: readonly vscode.Uri[], token?: vscode.CancellationToken): Promise<{ fs: WalkFs<vscode.Uri>; walked: WalkResult<vscode.Uri> }> {
  const fs = workspaceWalkFs(vscode.workspace.fs, {
    label: (uri) => vscode.workspace.asRelativePath(uri),
    isWorkspaceFolder: (uri) => vscode.workspace.getWorkspaceFolder(uri)?.uri.toString() === uri.toString(),
  });
  const walked = await walkSelection(selection, { fs, exclude: filesExclude(), isCancelled: () => token?.isCancellationRequested ?? false, messages: editorWalkMessages });
  // A selected file that is gone (deleted since the Explorer showed it) is refused; other files selected with the
  // Markdown ones (an image) are simply not Markdown.
  for (const { index, problem } of walked.problems) {
    const uri = selection[index];
    if (problem !== 'missing' || !uri) continue;
    const label = fs.label(uri);
    walked.refused.push({ key: fs.key(uri), label, reason: editorWalkMessages.missing(label) });
  }
  return { fs, walked };
}

/**
 * The folder's path from the root of its git repository ('' or ending in '/'), undefined outside one: what links
 * written from the repository root (`/docs/guide.md`) are read against. Looked up through workspace.fs like the walk.
 */
export async function folderInItsRepository(folder: vscode.Uri): Promise<string | undefined> {
  return folderInRepository(lookUpFs(), folder).catch(() => undefined);
}

/** The walk's port for looking up single paths (a repository's root, a link's file), through workspace.fs. */
export function lookUpFs(): WalkFs<vscode.Uri> {
  return workspaceWalkFs(vscode.workspace.fs, { label: (uri) => vscode.workspace.asRelativePath(uri) });
}

/** Whether files.exclude (the patterns set to true, for the resource's workspace folder) hides a resource. */
export function filesExclude(): (uri: vscode.Uri) => boolean {
  const byFolder = new Map<string, (uri: vscode.Uri) => boolean>();
  return (uri) => {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    const cacheKey = folder?.uri.toString() ?? '';
    let excluded = byFolder.get(cacheKey);
    if (!excluded) {
      excluded = excludedBy(folder?.uri ?? uri);
      byFolder.set(cacheKey, excluded);
    }
    return excluded(uri);
  };
}

function excludedBy(resource: vscode.Uri): (uri: vscode.Uri) => boolean {
  const patterns = vscode.workspace.getConfiguration('files', resource).get<Record<string, unknown>>('exclude', {});
  const globs = Object.entries(patterns).filter(([, on]) => on === true).map(([glob]) => glob);
  if (globs.length === 0) return () => false;
  const matches = onDemand().globMatcher(globs);
  return (uri) => matches(vscode.workspace.asRelativePath(uri, false)) || matches(uri.path.slice(uri.path.lastIndexOf('/') + 1));
}
