// What a tree publish cannot do: the service creates and updates pages but neither moves nor deletes one. A file
// whose recorded page hangs under another folder's page now gets a new page, and the old one stays; a page whose
// file is gone stays too. Both are said before sending. The record is the previous publish's manifest: node paths
// (a folder with its trailing '/') to the page each became. A file whose front matter names its page publishes at that
// place wherever the file is, so its page follows it through any rename or move in the tree.
import { compareRelativePaths } from '../run/walkRules';
import { titleKey } from './collisions';
import { folderKey, isBelow, isFolderPath, nameOf, parentFolderOf } from './paths';
import type { PageTree, TreeNode } from './shape';

export interface RecordedPage {
  pageId: string;
  title: string;
}

export interface PageMove {
  path: string;
  oldPath: string;
  /** The page recorded for oldPath, which stays where it is. */
  pageId: string;
}

export interface OrphanPage {
  path: string;
  pageId: string;
  title: string;
  /**
   * The wiki does not list the page (checkOrphansOnWiki): deleted there, or hidden from the account that checks. Only
   * the folder's manifest entry is left to remove. Absent when the page is there or was not looked up.
   */
  notOnWiki?: true;
}

export interface MoveReport {
  /** Pages now under another folder: the file gets a new page, and its old page stays under the old parent. */
  moves: PageMove[];
  /**
   * Renamed in the same folder with the same title (a folder renamed so counts as the same folder for what is in it,
   * whose pages stay under its page), or a file whose front matter names its page renamed or moved
   * anywhere in the tree with the same title: the service finds the same page by title and parent, so the page follows
   * the file. Not a move and not an orphan; the manifest's key changes.
   */
  renamed: PageMove[];
  /** Recorded pages whose path is gone and that no page follows. */
  orphans: OrphanPage[];
  /**
   * A file whose front matter names its page in the tree's space with the title recorded for a gone path, at another
   * parent than the tree gave that path's page: either that page was a file's that named it before (and follows the
   * file), or it is a tree page the file leaves under its old folder's page. Only the page's parent on the wiki tells
   * (checkFollowedPages); without page access the plan says it cannot tell, and the file is planned create only, so
   * that the service refuses rather than replaces whatever holds the place it names.
   */
  undecided: PageMove[];
  /**
   * Pages whose file or folder is where it was but whose title changed: the service finds a page by title and parent,
   * so publishing makes a new page with the new title, and the recorded one (titled `title`) stays where it is.
   */
  retitled: RetitledPage[];
}

export interface RetitledPage extends OrphanPage {
  /** The title the page is published with now. */
  newTitle: string;
}

/** A file of the run whose front matter names its page (space, parent): it lands there, whatever its path. */
export interface PinnedFile {
  path: string;
  /** The title it publishes with. */
  title: string;
  /** The parent page it names. */
  parentId: string;
  /** Whether it names the tree's space: a page of another space is never a page the tree recorded. */
  inTreeSpace: boolean;
  /** The page this machine last published it to, when it did. */
  pageId?: string;
}

interface Gone {
  path: string;
  page: RecordedPage;
}

/**
 * A gone path's successor is a new path of the same kind (file or folder). Ranks, best first: renamed in its folder
 * with the same title, then under another folder with the same name and title, the same name, the same title. A
 * guess between two candidates of one rank would name the wrong file, so a tie matches nothing: the page is an orphan.
 */
const RANKS: ReadonlyArray<(gone: Gone, node: TreeNode) => boolean> = [
  (gone, node) => sameFolder(gone, node) && sameTitle(gone, node),
  (gone, node) => !sameFolder(gone, node) && sameName(gone, node) && sameTitle(gone, node),
  (gone, node) => !sameFolder(gone, node) && sameName(gone, node),
  (gone, node) => !sameFolder(gone, node) && sameTitle(gone, node),
];

export function detectMoves(
  previous: ReadonlyMap<string, RecordedPage>, tree: PageTree, alsoThere: readonly string[] = [], pinned: readonly PinnedFile[] = [], treeParentId?: string,
): MoveReport {
  const root = folderKey(tree.rootPath);
  // Paths outside the published folder belong to another publish; a refused file (or a folder of refused files) is
  // still there, and its page is not an orphan for being left out this time; so are the files in `alsoThere` (those
  // refused before the tree was shaped) and the pinned ones.
  const there = [...tree.refused, ...alsoThere, ...pinned.map((file) => file.path)];
  const thereFiles = new Set(there);
  // One loop over the records, not a copy of them filtered and mapped: a tree of 10,000 pages has as many.
  const gone: Gone[] = [];
  for (const [path, page] of previous) {
    if (isBelow(path, root) && !tree.byPath.has(path) && !(isFolderPath(path) ? holdsAny(path, there) : thereFiles.has(path))) gone.push({ path, page });
  }
  gone.sort((a, b) => compareRelativePaths(a.path, b.path));
  const arrivals: TreeNode[] = [];
  const report: MoveReport = { moves: [], renamed: [], orphans: [], retitled: [], undecided: [] };
  // One lookup per page tells both: a page recorded nowhere arrived, a recorded one may have a new title.
  for (const node of tree.nodes) {
    const recorded = previous.get(node.path);
    if (!recorded) arrivals.push(node);
    // Most titles are as recorded, character for character: no case folding asked of them.
    else if (recorded.title !== node.title && titleKey(recorded.title) !== titleKey(node.title)) report.retitled.push({ path: node.path, pageId: recorded.pageId, title: recorded.title, newTitle: node.title });
  }
  const matched = new Set<Gone>();
  // First the pinned files recorded under no path of their own: same place, same title, same page. The place a gone
  // path's page was given is its folder's recorded page (the chosen parent at the top), unless a file that named its
  // page was there: the record does not say which, so a file that names another parent leaves the question open.
  const placeOf = (path: string): string | undefined => {
    const folder = parentFolderOf(path);
    return folder === root ? treeParentId : previous.get(folder)?.pageId;
  };
  for (const { each, file } of followedPinnedPages(gone, pinned.filter((file) => file.inTreeSpace && isBelow(file.path, root) && !previous.has(file.path)))) {
    matched.add(each);
    const move = { path: file.path, oldPath: each.path, pageId: each.page.pageId };
    if (placeOf(each.path) === file.parentId) report.renamed.push(move);
    else report.undecided.push(move);
  }
  const settled = new Set<Gone>(matched);
  const taken = new Set<TreeNode>();
  // A folder renamed with its page's title kept is the same page (renamed, below): the pages of its files and
  // subfolders stay under it, so a file there under its old name and title is renamed in its folder, not moved, and its
  // page follows it too, whatever its name now, as in a folder that kept its name. Old folder path -> new.
  const followedFolders = new Map<string, string>();
  const inFollowedFolder = (each: Gone, node: TreeNode): boolean => followedFolders.get(parentFolderOf(each.path)) === parentFolderOf(node.path);
  for (const [rank, matches] of RANKS.entries()) {
    const candidates = (each: Gone): TreeNode[] =>
      arrivals.filter((node) => !taken.has(node) && isFolderPath(node.path) === isFolderPath(each.path) && (matches(each, node) || (rank === 0 && inFollowedFolder(each, node) && sameTitle(each, node))));
    // The first rank goes a depth at a time, parents first, so that the folders found renamed are known to their pages.
    const levels = rank === 0 ? byDepth(gone.filter((each) => !settled.has(each))) : [gone.filter((each) => !settled.has(each))];
    for (const level of levels) {
      const pairs = level.map((each) => ({ each, found: candidates(each) })).filter(({ found }) => found.length > 0);
      for (const { each, found } of pairs) {
        settled.add(each);
        const node = found.length === 1 ? found[0] : undefined;
        if (!node || pairs.filter((other) => other.found.includes(node)).length > 1) continue;
        taken.add(node);
        matched.add(each);
        (rank === 0 ? report.renamed : report.moves).push({ path: node.path, oldPath: each.path, pageId: each.page.pageId });
        if (rank === 0 && isFolderPath(each.path)) followedFolders.set(each.path, node.path);
      }
    }
  }
  for (const each of gone) {
    if (!matched.has(each)) report.orphans.push({ path: each.path, pageId: each.page.pageId, title: each.page.title });
  }
  // Found rank by rank; said in path order, like the tree.
  for (const list of [report.moves, report.renamed, report.undecided]) list.sort((a, b) => compareRelativePaths(a.path, b.path));
  return report;
}

/**
 * The gone files whose page a pinned file takes: its page is found at the place its front matter names, by title, so a
 * recorded page of that title is its page. A title two pinned files or two gone files share matches nothing (the
 * platform's titles are unique in a space, so one of them names another space or collides anyway); a page this
 * machine knows the file by must be that one.
 */
function followedPinnedPages(gone: readonly Gone[], arrivals: readonly PinnedFile[]): Array<{ each: Gone; file: PinnedFile }> {
  const files = gone.filter((each) => !isFolderPath(each.path));
  const fits = (each: Gone, file: PinnedFile): boolean => titleKey(each.page.title) === titleKey(file.title) && (file.pageId === undefined || file.pageId === each.page.pageId);
  return arrivals.flatMap((file) => {
    const found = files.filter((each) => fits(each, file));
    const each = found.length === 1 ? found[0] : undefined;
    return each && arrivals.filter((other) => fits(each, other)).length === 1 ? [{ each, file }] : [];
  });
}

/** The gone paths grouped by depth, shallowest first, each group in the order given. */
function byDepth(gone: readonly Gone[]): Gone[][] {
  const levels = new Map<number, Gone[]>();
  for (const each of gone) {
    const depth = each.path.split('/').length - (isFolderPath(each.path) ? 1 : 0);
    const level = levels.get(depth);
    if (level) level.push(each);
    else levels.set(depth, [each]);
  }
  return [...levels.keys()].sort((a, b) => a - b).map((depth) => levels.get(depth) as Gone[]);
}

function holdsAny(folder: string, files: readonly string[]): boolean {
  return files.some((file) => file.startsWith(folder));
}

const sameFolder = (gone: Gone, node: TreeNode): boolean => parentFolderOf(gone.path) === parentFolderOf(node.path);
const sameName = (gone: Gone, node: TreeNode): boolean => nameOf(gone.path).toLowerCase() === nameOf(node.path).toLowerCase();
const sameTitle = (gone: Gone, node: TreeNode): boolean => titleKey(gone.page.title) === titleKey(node.title);
