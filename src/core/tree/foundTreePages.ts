// A tree's pages that no record names (a fresh runner or clone without .wiki-pages.json, a record lost or not
// committed) are looked for on the wiki before the tree is planned, level by level from the chosen parent: a child of
// a known page (the parent, a recorded page, one found here) that has a node's title and carries a publish notice
// naming that node's file is the node's page, as the repository's record would have said. The plan is then the one
// the record gives: links reach those pages, and a page that holds what would be sent now is left alone.
// Without this, a fresh runner took the pages over one send at a time as the run reached them: each page found was
// written again with links that waited for the pages found after it, most of them twice, and a title held by the
// tree's own page elsewhere in the space was said to be someone else's.
// The notice is the proof (publishNotice.ts): a page without one, or naming another file, is not taken; a file whose
// front matter says `overwrite: false` takes none. Nothing found costs one list of the parent's children.
import { pathDigest, type PublishMarker } from '../publish/publishNotice';
import { childTitled } from '../run/guardLookups';
import { mayTakeUnrecordedPage } from '../run/wikiVerdict';
import { DEFAULT_LOOKUPS_AT_ONCE } from '../run/lookupDeadline';
import { mapBounded } from '../util/mapBounded';
import type { WikiPage, WikiPagesClient } from '../wikiPages';
import { folderKey } from '../walk/relativePaths';
import { shapeTree, type TreeInput, type TreeNode } from './shape';
import type { TreeIdentity, TreePlanOptions, TreeSource } from './treePlanTypes';

export interface FoundTreePages {
  /** The pages found, by the key the record would give them (`guide/setup.md`, `guide/`). */
  entries: Map<string, { id: string; title: string }>;
  /** Those pages as read, with their bodies: the edit guard need not read them again. */
  read: Map<string, WikiPage>;
  /**
   * The keys of those found by their marker alone (takesWithoutRepository): the edit guard decides them once the links
   * are planned (wikiVerdict.ts takenAtPlace), and they are recorded only if it takes them.
   */
  byMarkerOnly: Set<string>;
}

interface Level {
  parentId: string;
  nodes: TreeNode[];
  /** The parent is a page the repository's record names (not the chosen parent, not a page found here). */
  recorded?: true;
}

/**
 * The tree's unrecorded pages found on the wiki (see above); undefined when every page is recorded, or none was found.
 * A lookup that fails leaves the pages below it unfound: the edit guard looks at their places again and says why.
 */
export async function findUnrecordedTreePages(sources: readonly TreeSource[], options: TreePlanOptions, pages: WikiPagesClient, signal?: AbortSignal): Promise<FoundTreePages | undefined> {
  // A part of a tree recorded further up is found through that tree's record.
  if (options.partOf !== undefined) return undefined;
  const root = folderKey(options.rootPath);
  const bySource = new Map<string, TreeSource>();
  const inputs: TreeInput[] = [];
  for (const source of sources) {
    if (source.place !== 'tree') continue;
    bySource.set(source.file.label, source);
    const input: TreeInput = { path: source.file.label, title: source.title, titleFromName: source.titleFromName };
    if (source.titleOnly) input.titleOnly = true;
    inputs.push(input);
  }
  const keyOf = (node: TreeNode): string => node.path.slice(root.length);
  const identity: TreeIdentity = options.identity;
  const tree = shapeTree(inputs, root);
  const unrecordedBelow = unrecordedSubtrees(tree.nodes, keyOf, identity);
  if (!tree.top.some((path) => unrecordedBelow.has(path))) return undefined;

  const found: FoundTreePages = { entries: new Map(), read: new Map(), byMarkerOnly: new Set() };
  const nodeAt = (path: string): TreeNode => tree.byPath.get(path) as TreeNode;
  let levels: Level[] = [{ parentId: options.parentId, nodes: tree.top.map(nodeAt) }];
  while (levels.length > 0) {
    const candidates = new Map<TreeNode, string>();
    // Under a page this repository's record names, a page carrying the node's marker is this tree's, whatever it holds.
    const recordedParents = new Set(levels.filter((level) => level.recorded).flatMap((level) => level.nodes));
    await mapBounded(levels, DEFAULT_LOOKUPS_AT_ONCE, async (level) => {
      // An entry the wiki refused stays refused (checkRecordedEntries): its key is not looked for.
      const wanted = level.nodes.filter((node) => identity.get(keyOf(node)) === undefined && !options.refusedEntries?.has(keyOf(node)) && mayTakePage(node, bySource));
      if (wanted.length === 0) return;
      const children = await lookedUp(() => pages.listChildren(level.parentId, signal), signal);
      for (const node of wanted) {
        const child = childTitled(children, node.title);
        if (child) candidates.set(node, child.id);
      }
    });
    const read = candidates.size === 0 ? undefined : await lookedUp(() => pages.getPages([...candidates.values()], signal, { withBody: true }), signal);
    for (const [node, id] of candidates) {
      const page = read?.get(id);
      const marker = page?.body?.marker;
      if (page === undefined || marker === undefined || !filesOf(node).some((label) => pathDigest(label) === marker.path)) continue;
      if (!recordedParents.has(node) && !takesWithoutRepository(node, bySource, marker, pages.knowsRepository === true, options.overwrite)) found.byMarkerOnly.add(keyOf(node));
      found.entries.set(keyOf(node), { id: page.id, title: page.title });
      found.read.set(page.id, page);
    }
    const next: Level[] = [];
    for (const level of levels) {
      for (const node of level.nodes) {
        const recordedId = identity.get(keyOf(node))?.id;
        const id = recordedId ?? found.entries.get(keyOf(node))?.id;
        const below = node.children.filter((path) => unrecordedBelow.has(path));
        if (id !== undefined && below.length > 0) next.push({ parentId: id, nodes: below.map(nodeAt), ...(recordedId !== undefined ? { recorded: true as const } : {}) });
      }
    }
    levels = next;
  }
  return found.entries.size === 0 ? undefined : found;
}

/** The identity with the pages found added: what the record would have said. */
export function identityWithFound(identity: TreeIdentity, found: ReadonlyMap<string, { id: string; title: string }>): TreeIdentity {
  const withFound: TreeIdentity = {
    get: (key) => identity.get(key) ?? found.get(key),
    entries: () => [...identity.entries(), ...found],
  };
  // A found page has no line in the record to name: its key names it, as for a record that cannot locate its entries.
  if (identity.locate) withFound.locate = (key) => (found.has(key) ? key : (identity.locate as (key: string) => string)(key));
  return withFound;
}

/** The files a node's page may have been published from: its own, or a folder's content file, or the folder listing. */
function filesOf(node: TreeNode): string[] {
  const files = [node.path];
  if (node.contentFrom !== undefined) files.push(node.contentFrom);
  if (node.titleFrom !== undefined) files.push(node.titleFrom);
  return files;
}

/** A file whose front matter says `overwrite: false` takes no page it did not make by this run's own record. */
function mayTakePage(node: TreeNode, bySource: ReadonlyMap<string, TreeSource>): boolean {
  const file = node.kind === 'file' ? node.path : node.contentFrom;
  const source = file === undefined ? undefined : bySource.get(file);
  return source?.item.prepared.frontMatterTarget.overwrite !== false;
}

/**
 * Whether a page carrying the node's marker, under a parent no record names, is taken now (wikiVerdict.ts takenAtPlace):
 * a run that does not know its repository cannot tell it from another repository's file of the same path. A page that
 * may hold the file's text with links decided later is left to the guard, which sees them (FoundTreePages.byMarkerOnly).
 */
function takesWithoutRepository(node: TreeNode, bySource: ReadonlyMap<string, TreeSource>, marker: PublishMarker, repositoryKnown: boolean, overwrite: boolean): boolean {
  const file = node.kind === 'file' ? node.path : node.contentFrom;
  const item = file === undefined ? undefined : bySource.get(file)?.item;
  // A folder's page with no content file holds only its listing; taken, the run would hang its pages under another
  // repository's: only where pages may be replaced.
  if (item === undefined) return repositoryKnown || overwrite;
  return mayTakeUnrecordedPage(marker, item, repositoryKnown);
}

/** The paths of the nodes that are unrecorded or have an unrecorded node below them. */
function unrecordedSubtrees(nodes: readonly TreeNode[], keyOf: (node: TreeNode) => string, identity: TreeIdentity): Set<string> {
  const marked = new Set<string>();
  // Children after their parents (tree order): walked backwards, a child is decided before its parent.
  for (let index = nodes.length - 1; index >= 0; index--) {
    const node = nodes[index] as TreeNode;
    if (identity.get(keyOf(node)) === undefined || node.children.some((path) => marked.has(path))) marked.add(node.path);
  }
  return marked;
}

/** The lookup's answer; undefined when it failed (the run's own cancel still stops everything). */
async function lookedUp<T>(lookup: () => Promise<T>, signal: AbortSignal | undefined): Promise<T | undefined> {
  try {
    return await lookup();
  } catch (error) {
    if (signal?.aborted) throw error;
    return undefined;
  }
}
