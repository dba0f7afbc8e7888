// One open Markdown document's problems, as the publish that would send it plans them (core/problems): a file of a
// published page tree (the nearest .wiki-pages.json records where its tree hangs) as that tree's publish; any other file
// as Publish on it alone, if it is a page to be at all. The editor's ports are the publish's own (fileLinkPorts.ts,
// the workspace's manifest port, the walk), so the Problems panel and a publish's plan read the same files the same way.
import * as vscode from 'vscode';
import type { PageLink } from '../../core/links/pageLink';
import type { Logger } from '../../core/ports';
import type { PlannedTree } from '../../core/problems/documentProblems';
import type { LinkProblem } from '../../core/problems/linkProblems';
import type { SourceFile } from '../../core/run/plan';
import { MANIFEST_FILE_NAME } from '../../core/tree/manifestFormat';
import { manifestReader, nearestManifest } from '../../core/tree/repositoryLinks';
import { editorManifestMessages } from '../messages/manifestMessages';
import { editorTreeMessages } from '../messages/treeMessages';
import { onDemand } from '../onDemandLoader';
import { folderInItsRepository, lookUpFs } from '../publish/collectMarkdown';
import { editorFileLinkPorts } from '../publish/fileLinkPorts';
import { workspaceManifestPort } from '../publish/manifestPort';
import type { GlobalStateLinkStore } from '../publish/pageLinks';
import { omitTitleHeadingSetting, sharedPlanOptions } from '../publish/publishContext';
import { labelOfFolder } from '../publish/folderLabel';
import { manifestAncestors, recordedPagesOf } from '../publish/repositoryLinks';
import type { WikiAccess } from '../wiki/wikiAccess';
import type { TreeCache } from './treeCache';

export interface CheckDependencies {
  links: GlobalStateLinkStore;
  wiki: Pick<WikiAccess, 'baseUrl' | 'pages'>;
  log: Logger;
}

export interface CheckedDocument {
  problems: LinkProblem[];
  /** Checked as a page of a tree: a link that leaves the tree's folder is said to. */
  inTree: boolean;
}

/** The document's problems; undefined when it is no page to be (no tree holds it, never published, no page named). */
export async function checkDocument(document: vscode.TextDocument, deps: CheckDependencies, trees: TreeCache): Promise<CheckedDocument | undefined> {
  const uri = document.uri;
  if (!vscode.workspace.getWorkspaceFolder(uri)) return undefined;
  const key = uri.toString();
  const tree = await treeOf(uri, deps.log);
  if (tree) {
    const problems = await treeProblems(document, tree, deps, trees);
    // A file the tree's walk leaves out (.gitignore, files.exclude) is no page of it: no problems to show.
    return problems && { problems, inTree: true };
  }
  const source: SourceFile = { key, label: vscode.workspace.asRelativePath(uri), text: document.getText() };
  const options = { omitTitleHeading: omitTitleHeadingSetting(), ...sharedPlanOptions() };
  const problems = await onDemand().flatLinkProblems(source, await pageOf(source, deps, options), options, editorFileLinkPorts(deps));
  return problems && { problems, inTree: false };
}

/** The page a publish of the file alone finds: this machine's record, the page it was opened from, the repository's. */
async function pageOf(source: SourceFile, deps: CheckDependencies, options: Parameters<ReturnType<typeof onDemand>['planFile']>[2]): Promise<PageLink | undefined> {
  const own = await deps.links.get(source.key);
  if (own) return own;
  const openedFrom = onDemand().planFile(source, undefined, options).prepared.frontMatterPageId;
  const opened = openedFrom === undefined ? undefined : await deps.links.opened(openedFrom);
  return opened ?? (await recordedPagesOf([source.key], deps.log)).get(source.key);
}

/** The published tree that holds the file: the folder of the nearest .wiki-pages.json, when it records where it hangs. */
async function treeOf(uri: vscode.Uri, log: Logger): Promise<vscode.Uri | undefined> {
  const nearest = await nearestManifest(manifestAncestors(uri), manifestReader(workspaceManifestPort()));
  if (nearest === undefined) return undefined;
  if ('problem' in nearest) {
    log.warn(`A page manifest could not be read: ${nearest.problem}`);
    return undefined;
  }
  return nearest.manifest.root === undefined ? undefined : vscode.Uri.parse(nearest.ancestor.folder, true);
}

async function treeProblems(document: vscode.TextDocument, folder: vscode.Uri, deps: CheckDependencies, trees: TreeCache): Promise<LinkProblem[] | undefined> {
  const core = onDemand();
  const source: SourceFile = { key: document.uri.toString(), label: vscode.workspace.asRelativePath(document.uri), text: document.getText() };
  const make = (): Promise<PlannedTree | undefined> => planTree(folder, deps, trees);
  let planned = await trees.plan(folder, make);
  // Another open file of the tree edited since the plan (its headings, its title): a link to it is checked as it is now.
  if (planned && (await othersEdited(planned, source.key, folder, trees))) planned = await trees.plan(folder, make, true);
  let problems = planned && core.treeFileProblems(planned, source);
  if (problems === 'replan') {
    planned = await trees.plan(folder, make, true);
    problems = planned && core.treeFileProblems(planned, source);
  }
  return problems === 'replan' ? undefined : problems;
}

async function othersEdited(planned: PlannedTree, key: string, folder: vscode.Uri, trees: TreeCache): Promise<boolean> {
  const sources = await trees.sources(folder);
  return sources?.some((other) => other.key !== key && planned.texts.get(other.key) !== other.text) ?? false;
}

/** The tree planned as its publish plans it, from its recorded place; undefined when its manifest cannot be read. */
async function planTree(folder: vscode.Uri, deps: CheckDependencies, trees: TreeCache): Promise<PlannedTree | undefined> {
  const core = onDemand();
  const sources = await trees.sources(folder);
  if (!sources) return undefined;
  const opened = await core.openTreeManifest(
    workspaceManifestPort(), vscode.Uri.joinPath(folder, MANIFEST_FILE_NAME).toString(), [], { writing: false, messages: editorManifestMessages }, {},
    (location) => vscode.workspace.asRelativePath(vscode.Uri.parse(location)),
  );
  const root = opened.ok ? opened.store.rootTarget() : undefined;
  if (!opened.ok || !root) return undefined;
  const rootPath = labelOfFolder(folder, sources);
  return core.planTreeForProblems({
    sources,
    entry: {
      rootPath, rootInRepository: await folderInItsRepository(folder), spaceId: root.space, parentId: root.parent, overwrite: false,
      identity: opened.store, links: await core.treeLinks(sources, rootPath, deps.links),
      omitTitleHeading: omitTitleHeadingSetting(), ...sharedPlanOptions(), treeMessages: editorTreeMessages,
    },
    disk: { fs: lookUpFs(), root: folder },
    outside: editorFileLinkPorts(deps),
  });
}
