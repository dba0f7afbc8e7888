// A published folder as the files' labels name it: what a tree's plan takes as its root (publishTree.ts, and the
// Problems panel's check of a file of a tree, diagnostics/documentCheck.ts).
import * as vscode from 'vscode';

/**
 * The folder as the files' labels write it (asRelativePath: with the workspace folder's name in a multi-root window,
 * and '' for a workspace folder itself), found from a file's label and its path below the folder.
 */
export function labelOfFolder(folder: vscode.Uri, sources: ReadonlyArray<{ key: string; label: string }>): string {
  const base = folder.path.replace(/\/$/, '');
  for (const source of sources) {
    const path = vscode.Uri.parse(source.key, true).path;
    if (!path.startsWith(`${base}/`)) continue;
    const below = path.slice(base.length + 1);
    if (source.label.endsWith(below)) return source.label.slice(0, source.label.length - below.length);
  }
  return '';
}
