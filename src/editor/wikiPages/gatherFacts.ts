// The facts the core decides the Wiki Pages view's states from: every file of the scan with its link and, when linked,
// its local plan; every readable page manifest with the files below its folder.
import type * as vscode from 'vscode';
import type { PageLink } from '../../core/links/pageLink';
import type { ViewTree, WorkspaceFacts } from '../../core/pageState/workspaceStates';
import type { GlobalStateLinkStore } from '../publish/pageLinks';
import type { LinkedFile, LocalFactsCache } from './localFactsCache';
import { pathBelow, type WorkspaceScan } from './workspaceScan';

export interface GatheredFacts {
  facts: WorkspaceFacts;
  /** Each file's URI, by key: the view's rows are these URIs. */
  uris: Map<string, vscode.Uri>;
  /** Keys of the files below a page manifest's folder (a new one there is a page to be: the N badge). */
  inTree: Set<string>;
}

export async function gatherFacts(scan: WorkspaceScan, store: GlobalStateLinkStore, local: LocalFactsCache, signal: AbortSignal): Promise<GatheredFacts> {
  const links = new Map<string, PageLink | undefined>();
  for (const file of scan.files) links.set(file.key, await store.get(file.key));
  const linked = scan.files.flatMap((file): LinkedFile[] => {
    const link = links.get(file.key);
    return link ? [{ ...file, link }] : [];
  });
  const facts = await local.factsFor(linked, signal);
  const trees: ViewTree[] = scan.manifests.flatMap((entry) => entry.manifest ? [{
    location: entry.uri.toString(), label: entry.label, manifest: entry.manifest,
    files: scan.files.flatMap((file) => {
      const relPath = pathBelow(entry.folder, file.uri);
      return relPath === undefined ? [] : [{ key: file.key, relPath }];
    }),
  }] : []);
  return {
    facts: { files: scan.files.map((file) => ({ key: file.key, label: file.label, link: links.get(file.key), local: facts.get(file.key) })), trees, truncated: scan.truncated },
    uris: new Map(scan.files.map((file) => [file.key, file.uri])),
    inTree: new Set(trees.flatMap((tree) => tree.files.map((file) => file.key))),
  };
}
