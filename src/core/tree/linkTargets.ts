// How a tree's links find their pages: a file's page ID and headings by its path, through the tree's nodes (a folder's
// content file gives its folder's page), and the pages of files that name their own. The digest of what links reach
// is links/linkTargets.ts.
import type { HeadingsOfPage } from '../links/rewrite/headingAnchors';
import type { PageIdByPath } from '../links/linkTargets';
import type { PlanItem } from '../run/planItem';
import { isBelow } from '../walk/relativePaths';
import { nodeOfFile, topContentFile, type PageTree } from './shape';


/**
 * A page's title and headings as a tree's links read them: the page of its node (its own, or the folder page it gives
 * content to), by `headingsOfKey`; a file outside the tree by `headingsOutside`.
 */
export function treeHeadingsByPath(tree: PageTree, headingsOfKey: (key: string) => readonly string[] | undefined, headingsOutside: (path: string) => HeadingsOfPage | undefined): (path: string) => HeadingsOfPage | undefined {
  const root = tree.rootPath;
  const top = topContentFile(tree);
  return (path) => {
    const node = nodeOfFile(tree, path === '' && top !== undefined ? top : `${root}${path}`);
    if (!node) return path === '' ? undefined : headingsOutside(path);
    const headings = headingsOfKey(node.path.slice(root.length));
    return headings === undefined ? undefined : { title: node.title, headings };
  };
}

/**
 * A file's page ID as a tree resolves links: the page of its node (its own, or the folder page it gives content to)
 * by `idOfKey`; a file outside the tree by the repository's record of it.
 */
export function treePageIdByPath(tree: PageTree, idOfKey: (key: string) => string | undefined, recordedIdOf: (path: string) => string | undefined): PageIdByPath {
  const root = tree.rootPath;
  return treePageIdByNodePath(tree, (nodePath) => idOfKey(nodePath.slice(root.length)), recordedIdOf);
}

/** treePageIdByPath with the tree's pages asked by their node's path, a string the tree holds already (no key cut for each link). */
export function treePageIdByNodePath(tree: PageTree, idOfNodePath: (nodePath: string) => string | undefined, recordedIdOf: (path: string) => string | undefined): PageIdByPath {
  const root = tree.rootPath;
  const top = topContentFile(tree);
  return (path) => {
    // The published folder itself names its top index or README, as the tree's links read it (treePlan.ts).
    const node = nodeOfFile(tree, path === '' && top !== undefined ? top : `${root}${path}`);
    return node ? idOfNodePath(node.path) : recordedIdOf(path);
  };
}

/**
 * The pages of the files below the published folder (`rootPath`, as folderKey writes it) that name their own page,
 * which the repository does not record but this machine's record names at the place they name (a run with
 * --no-record, a .wiki-pages.json never committed), by their path relative to the folder: links reach them there,
 * in the plan's digest and the run alike, after the repository's record.
 */
export function pinnedLinkedPages(pinned: readonly PlanItem[], rootPath: string, recorded: { get(key: string): unknown }): Map<string, { id: string; title: string }> {
  const linked = new Map<string, { id: string; title: string }>();
  for (const item of pinned) {
    const pageId = item.linkedPage ? item.link?.pageId : undefined;
    if (pageId === undefined || !isBelow(item.file.label, rootPath)) continue;
    const key = item.file.label.slice(rootPath.length);
    if (recorded.get(key) === undefined) linked.set(key, { id: pageId, title: item.complete?.pageTitle ?? item.link?.pageTitle ?? '' });
  }
  return linked;
}

/**
 * The keys (relative to the published folder `rootPath`) whose record this run moves to another key: the old paths of
 * the files and folders renamed with their pages (MoveReport.renamed). Nothing of the tree is there any more, and the
 * run records the page under its new key and forgets the old one. A link still written to the old path names no file:
 * it goes out as written ("no such file"), reaching no page, so the plan's digest of what a page's links reach and the
 * run's take no page from that record either. Taking the page the record names there (now the renamed file's) would
 * call the linking page unchanged in this run, and the run after it, the record gone, would send it with a dead link.
 * An old path a new file took (retitledSuccessors) is a page of the tree: links to it reach that file's page, by its
 * node, never this record.
 */
export function renamedAwayKeys(renamed: ReadonlyArray<{ oldPath: string }>, rootPath: string): ReadonlySet<string> {
  const keys = new Set<string>();
  for (const { oldPath } of renamed) if (isBelow(oldPath, rootPath)) keys.add(oldPath.slice(rootPath.length));
  return keys;
}

/** The file whose links a page sends, root-relative: its own, its folder's content file, or for a generated page a
 * stand-in inside the folder (its links are written relative to the folder). */
export function linkingFileOf(node: { kind: 'file' | 'folder'; path: string; contentFrom?: string }, rootPath: string): string {
  const source = node.kind === 'file' ? node.path : (node.contentFrom ?? `${node.path}index.md`);
  return source.slice(rootPath.length);
}
