// A published folder as a tree of pages (issue 14, section 2). The folder maps to the parent page the user chose,
// which a tree publish never rewrites: the folder's files and subfolders become that page's children, and a root
// index.md or README.md is an ordinary child. Each subfolder is a page under its parent folder's page, its content
// from its index/README/<folder>.md (folderPage.ts), else a generated list of its children (also when that file holds
// nothing but its title, which then titles the page: many repositories keep such an index.md to name a folder).
// Pure: the caller walks, reads and titles the files (suggestTitle), and plans what this shapes.
import { compareRelativePaths } from '../walk/walkRules';
import { folderContentFile, readableFolderName } from './folderPage';
import { folderKey, isBelow, nameOf, parentFolderOf } from '../walk/relativePaths';

export interface TreeInput {
  /** '/'-separated, relative to the working folder. */
  path: string;
  /** The file's own title: front matter title, first heading or name (the caller computes it with suggestTitle). */
  title: string;
  /**
   * The title is nothing but the file's name (no front matter title, no heading): a folder's content file titled so
   * gives way to the folder's name, or every untitled index.md would be an "index" and clash across folders.
   */
  titleFromName?: boolean;
  /** The plan refuses the file: it is no page, and does not by itself make its folder a page. */
  refused?: boolean;
  /**
   * The file holds nothing but its title (empty, front matter alone, or only the heading that is its title). As a
   * folder's content file it names the folder page, whose Markdown is then the generated list of the folder's children:
   * the service refuses an empty page, and a page showing its title twice says nothing the folder does not.
   */
  titleOnly?: boolean;
}

export interface TreeNode {
  kind: 'file' | 'folder';
  /** A file's path, or a folder's path with a trailing '/'. */
  path: string;
  title: string;
  /** The file that gives a folder page its content (then that file is no page of its own). */
  contentFrom?: string;
  /** A folder page without a content file: its Markdown is generatedFolderPage's list of its children. */
  generated?: boolean;
  /**
   * A generated folder page's content file by the naming rules that holds nothing but its title (TreeInput.titleOnly):
   * it gives the page its title, and links to it reach the page, but it is no page of its own.
   */
  titleFrom?: string;
  /**
   * The folder's content file by the naming rules, which the plan refuses: the folder is a generated page in its
   * place, and the plan decides whether to send that or hold the folder back.
   */
  contentRefused?: string;
  /** The parent node's path; undefined for a child of the chosen parent page. */
  parent?: string;
  /** The children's paths, in tree order. */
  children: readonly string[];
  /** 0 for a child of the chosen parent page, 1 for its children, and so on. */
  depth: number;
}

export interface PageTree {
  /** The published folder as a key: '' for the working folder, else with a trailing '/'. */
  rootPath: string;
  /** Every page, each parent before its children: depth-first; in a folder its files, then its subfolders, each by name. */
  nodes: readonly TreeNode[];
  byPath: ReadonlyMap<string, TreeNode>;
  /** The pages directly under the chosen parent page, in tree order. */
  top: readonly string[];
  /** Refused files under the root: no pages, but still there (a page recorded for one is not an orphan). */
  refused: readonly string[];
  /** Inputs that are not below the published folder: left out. */
  outside: readonly string[];
}

interface Folder {
  files: TreeInput[];
  subfolders: Set<string>;
  /** Holds a file that is not refused, here or at any depth below. */
  publishable: boolean;
}

export function shapeTree(files: readonly TreeInput[], rootPath: string): PageTree {
  const root = folderKey(rootPath);
  const folders = new Map<string, Folder>([[root, { files: [], subfolders: new Set(), publishable: false }]]);
  const seen = new Set<string>();
  const outside: string[] = [];
  const refused: string[] = [];
  // A folder's files come one after another (a walk lists a folder at a time): the last folder is kept at hand rather
  // than looked up again for each of its files.
  let lastKey: string | undefined;
  let lastFolder: Folder | undefined;
  for (const file of files) {
    if (seen.has(file.path)) continue; // one path is one file: a repeat is the caller's slip, and the first wins
    seen.add(file.path);
    if (!isBelow(file.path, root) || file.path.endsWith('/')) {
      outside.push(file.path);
      continue;
    }
    if (file.refused) refused.push(file.path);
    const key = parentFolderOf(file.path);
    const folder = key === lastKey && lastFolder !== undefined ? lastFolder : folderAt(folders, key);
    lastKey = key;
    lastFolder = folder;
    folder.files.push(file);
    if (!file.refused && !folder.publishable) markPublishable(folders, key, root);
  }
  const nodes: TreeNode[] = [];
  // The root is the chosen page itself, never rewritten: its index or README is an ordinary child.
  const top = addChildren(folders, root, { parent: undefined, depth: 0, content: undefined }, nodes);
  const byPath = new Map<string, TreeNode>();
  for (const node of nodes) byPath.set(node.path, node);
  return { rootPath: root, nodes, byPath, top, refused: refused.sort(compareRelativePaths), outside };
}

/** The page that publishes a file: its own node, or the folder page it gives content to. */
export function nodeOfFile(tree: PageTree, filePath: string): TreeNode | undefined {
  const own = tree.byPath.get(filePath);
  if (own) return own;
  const folder = tree.byPath.get(parentFolderOf(filePath));
  return folder !== undefined && (folder.contentFrom === filePath || folder.titleFrom === filePath) ? folder : undefined;
}

/**
 * The file at the top of the published folder that a link to the folder itself names, as a link to any folder names
 * its content file (index, else README, else <folder>.md); at the top it is a page of its own, not the chosen page's
 * text. Undefined without one: such a link then names the chosen page the folder maps to.
 */
export function topContentFile(tree: PageTree): string | undefined {
  const files = tree.top.flatMap((path) => (tree.byPath.get(path)?.kind === 'file' ? [{ path }] : []));
  return folderContentFile(files, nameOf(tree.rootPath))?.path;
}

/** The folder's entry, creating it and linking it into each ancestor up to the root (which is there from the start). */
function folderAt(folders: Map<string, Folder>, key: string): Folder {
  const existing = folders.get(key);
  if (existing) return existing;
  const created: Folder = { files: [], subfolders: new Set(), publishable: false };
  folders.set(key, created);
  folderAt(folders, parentFolderOf(key)).subfolders.add(key);
  return created;
}

function markPublishable(folders: Map<string, Folder>, key: string, root: string): void {
  for (let at = key; ; at = parentFolderOf(at)) {
    const folder = folders.get(at);
    if (!folder || folder.publishable) return; // an ancestor already marked has all of its own ancestors marked
    folder.publishable = true;
    if (at === root) return;
  }
}

interface Place {
  /** The node the folder's pages go under; undefined for the chosen parent page. */
  parent: string | undefined;
  depth: number;
  /** The file that is the folder's own page, so not one of its children. */
  content: TreeInput | undefined;
}

/** A file page's children: none, and never added to (a folder node gets an array of its own). */
const NO_CHILDREN: readonly string[] = Object.freeze([]);

/** Appends the folder's pages (and theirs, depth-first) to `nodes`; returns the paths of its direct children. */
function addChildren(folders: ReadonlyMap<string, Folder>, key: string, place: Place, nodes: TreeNode[]): string[] {
  const folder = folders.get(key);
  if (!folder) return [];
  const { parent, depth } = place;
  const paths: string[] = [];
  const files = folder.files.filter((file) => file !== place.content && !file.refused).sort((a, b) => compareRelativePaths(a.path, b.path));
  for (const file of files) {
    // Two literals rather than a spread of a conditional object: one node per file of the tree.
    nodes.push(parent !== undefined
      ? { kind: 'file', path: file.path, title: file.title, parent, children: NO_CHILDREN, depth }
      : { kind: 'file', path: file.path, title: file.title, children: NO_CHILDREN, depth });
    paths.push(file.path);
  }
  const subfolders = [...folder.subfolders].filter((sub) => folders.get(sub)?.publishable).sort(compareRelativePaths);
  for (const sub of subfolders) {
    const content = folderContentFile(folders.get(sub)?.files ?? [], nameOf(sub));
    const at = nodes.length;
    const node = folderNode(sub, content, parent, depth);
    nodes.push(node);
    node.children = addChildren(folders, sub, { parent: sub, depth: depth + 1, content }, nodes);
    // With no child to list, a title-only content file is the folder's page as it is (a blank one refused as blank):
    // a list of nothing would be as empty.
    if (node.titleFrom !== undefined && node.children.length === 0 && content) nodes[at] = folderNode(sub, { ...content, titleOnly: false }, parent, depth);
    paths.push(sub);
  }
  return paths;
}

function folderNode(key: string, content: TreeInput | undefined, parent: string | undefined, depth: number): TreeNode & { children: string[] } {
  const base = { kind: 'folder' as const, path: key, ...(parent !== undefined ? { parent } : {}), children: [], depth };
  if (content && !content.refused) {
    const title = content.titleFromName ? readableFolderName(nameOf(key)) : content.title;
    // A content file with nothing but its title names the page; the page lists the folder's children.
    return content.titleOnly ? { ...base, title, generated: true, titleFrom: content.path } : { ...base, title, contentFrom: content.path };
  }
  // The stand-in for a refused content file keeps the folder's name as its title: the refused file's title may be
  // nothing but its name ("index"), which would collide across folders.
  return { ...base, title: readableFolderName(nameOf(key)), generated: true, ...(content ? { contentRefused: content.path } : {}) };
}
