// The pages of a tree plan by level (how a run sends them, parents first), and the folder pages the tree generates:
// their link-store keys, their plans and the links they keep.
import type { LinkStore, PageLink } from '../links/pageLink';
import { planFileWithContent } from '../run/plan';
import type { PlanOptions } from '../run/planItem';
import type { SourceFile } from '../walk/sourceFile';
import { prepareDocument } from '../publish/pipeline';
import { generatedFolderPage } from './folderMarkdown';
import { folderKey, isBelow, parentFolderOf } from '../walk/relativePaths';
import type { PageTree, TreeNode } from './shape';
import type { TreePage, TreePlanOptions, TreeSource } from './treePlanTypes';
import { NO_HEADINGS, TREE_INSPECTION, treeItemOptions } from './treeSource';

/** The tree's pages level by level, the top level first: how a run sends them (parents before children). */
export function pagesByLevel(pages: readonly TreePage[]): TreePage[][] {
  const levels = new Map<number, TreePage[]>();
  for (const page of pages) {
    const level = levels.get(page.node.depth);
    if (level) level.push(page);
    else levels.set(page.node.depth, [page]);
  }
  return [...levels].sort(([a], [b]) => a - b).map(([, level]) => level);
}

/**
 * How the front ends' link stores know a folder page generated from its children: it has no file, so no file's key.
 * Its link, like a file's, holds the hash of what it last sent, so a re-run leaves an unchanged listing alone.
 */
export function generatedPageKey(folderPath: string): string {
  return `tree:${folderPath}`;
}

/** Whether a link-store key is a generated folder page's (no file behind it: nothing to read, pull or decorate). */
export function isGeneratedPageKey(key: string): boolean {
  return key.startsWith('tree:');
}

/**
 * This machine's links for a tree's files, and for the folder pages it may generate from them (they have no file, so
 * no front end would think to ask for them): what planTree compares with to leave unchanged pages alone.
 */
export async function treeLinks(files: ReadonlyArray<{ key: string; label: string }>, rootPath: string, store: Pick<LinkStore, 'get'> | undefined): Promise<Map<string, PageLink | undefined>> {
  const links = new Map<string, PageLink | undefined>();
  // Without a store every file is unlinked, which an empty map says as well: no await for each of 10,000 keys.
  if (!store) return links;
  const keys = [...files.map((file) => file.key), ...generatedPageKeys(files.map((file) => file.label), rootPath)];
  for (const key of keys) links.set(key, await store.get(key));
  return links;
}

/** The keys every folder below the published root that holds one of these files would have as a generated page. */
function generatedPageKeys(labels: Iterable<string>, rootPath: string): string[] {
  const root = folderKey(rootPath);
  const keys = new Set<string>();
  for (const label of labels) {
    if (!isBelow(label, root)) continue;
    // A folder already listed has its ancestors listed too.
    for (let folder = parentFolderOf(label); folder.length > root.length && !keys.has(generatedPageKey(folder)); folder = parentFolderOf(folder)) {
      keys.add(generatedPageKey(folder));
    }
  }
  return [...keys];
}

/**
 * A folder page without a content file: the list of its children, made here (it has no file to read again). A child
 * the plan refuses is listed without a link (generatedFolderPage).
 */
export function generatedPage(node: TreeNode, tree: PageTree, defaults: PlanOptions['defaults'], options: TreePlanOptions, refused: (child: TreeNode) => boolean): Pick<TreeSource, 'item' | 'linkFacts'> {
  const page = generatedFolderPage(node, tree, refused);
  const source: SourceFile = { key: generatedPageKey(node.path), label: node.path, text: page.markdown };
  const { item } = planFileWithContent(source, options.links.get(source.key), treeItemOptions(options, defaults), prepareDocument(source.text, options.messages, TREE_INSPECTION));
  // A list of links has no headings; its links are the generator's (test/unit/pageTree.test.ts parses them back).
  return { item, linkFacts: { headings: NO_HEADINGS, destinations: page.destinations } };
}

/**
 * This machine's record of the page a node publishes: a file's own; a folder's, its content file's or its generated
 * page's, whichever is newer (newestFolderPageLink).
 */
export function nodeLink(node: TreeNode, links: ReadonlyMap<string, PageLink | undefined>, linkOfFile: (path: string) => PageLink | undefined, keyOfFile: (path: string) => string | undefined): PageLink | undefined {
  if (node.kind === 'file') return linkOfFile(node.path);
  const own = node.contentFrom !== undefined ? linkOfFile(node.contentFrom) : links.get(generatedPageKey(node.path));
  return newestFolderPageLink(node, own, links, keyOfFile);
}

/**
 * This machine publishes a folder page under its content file's key, or under the folder's own (generatedPageKey) when
 * it lists its children. A folder whose page switched between the two (a content file added, emptied to its title,
 * given text again) has a link under each, and only the newer one says what the page holds now and at which version:
 * compared with the older, a listing the page no longer shows would be taken as unchanged, or a version this machine
 * wrote under the other key as an edit on the wiki. The newer is a higher version of the same page.
 */
export function newestFolderPageLink(node: TreeNode, own: PageLink | undefined, links: ReadonlyMap<string, PageLink | undefined>, keyOfFile: (path: string) => string | undefined): PageLink | undefined {
  if (own?.pageId === undefined || own.version === undefined) return own;
  const file = node.contentFrom ?? node.titleFrom;
  const fileKey = file === undefined ? undefined : keyOfFile(file);
  let newest = own;
  for (const key of [generatedPageKey(node.path), fileKey]) {
    const other = key === undefined ? undefined : links.get(key);
    if (other?.pageId === own.pageId && other.version !== undefined && other.version > (newest.version ?? 0)) newest = other;
  }
  return newest;
}
