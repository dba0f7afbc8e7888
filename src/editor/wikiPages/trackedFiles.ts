// The files of the workspace that already are a wiki page (issue 83): the files this machine links to it (its publishes,
// its pulls), and the files the workspace's .wiki-pages.json record for it (a teammate's tree, CI's), found by the walk
// the Wiki Pages view makes (workspaceScan.ts). Open Wiki Page as Markdown offers such a file instead of a copy.
import * as vscode from 'vscode';
import { recordedFilesOfPage } from '../../core/tree/pageFiles';
import { lookUpFs } from '../publish/collectMarkdown';
import type { GlobalStateLinkStore } from '../publish/pageLinks';
import { scanWorkspace } from './workspaceScan';

/** The workspace's files of the page, each once, this machine's links first; only files that are there. */
export async function filesOfPage(pageId: string, links: Pick<GlobalStateLinkStore, 'filesOfPage'>, signal: AbortSignal): Promise<vscode.Uri[]> {
  const fs = lookUpFs();
  const linked: vscode.Uri[] = [];
  for (const key of links.filesOfPage(pageId)) {
    const uri = vscode.Uri.parse(key, true);
    // A link outlives a file deleted or moved outside VS Code: only a file in the workspace, there now, is offered.
    if (vscode.workspace.getWorkspaceFolder(uri) && (await fs.type(uri))?.kind === 'file') linked.push(uri);
  }
  const scan = await scanWorkspace(signal);
  const manifests = scan.manifests.flatMap((entry) => (entry.manifest ? [{ folder: entry.folder, manifest: entry.manifest }] : []));
  const recorded = await recordedFilesOfPage(pageId, manifests, fs);
  const seen = new Set<string>();
  return [...linked, ...recorded].filter((uri) => !seen.has(uri.toString()) && seen.add(uri.toString()));
}
