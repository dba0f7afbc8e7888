// What a tree publish cannot do: the service creates and updates pages but neither moves nor deletes one. A file
// whose recorded page hangs under another folder's page now gets a new page, and the old one stays; a page whose
// file is gone stays too. Both are said before sending. The record is the previous publish's manifest: node paths
// (a folder with its trailing '/') to the page each became. A file whose front matter names its page publishes at that
// place wherever the file is, so its page follows it through any rename or move in the tree.
import { compareRelativePaths } from '../walk/walkRules';
import { titleKey } from '../run/sameTitles';
import { folderKey, foldersHolding, isBelow, isBelowAny, isFolderPath, nameOf, parentFolderOf } from '../walk/relativePaths';
import { retitledSuccessors } from './retitledSuccessors';
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
  /**
   * A page left behind that carries no publish notice of this repository (none, or another's): the record is all that
   * names it this tree's, and a forged .wiki-pages.json entry can name any page. Absent when its notice says so.
   */
  noNotice?: true;
}

export interface MoveReport {
  /** Pages now under another folder: the file gets a new page, and its old page stays under the old parent. */
  moves: PageMove[];
  /**
   * Renamed in the same folder with the same title (a folder renamed so counts as the same folder for what is in it,
   * whose pages stay under its page), or a file whose front matter names its page renamed or moved
   * anywhere in the tree with the same title: the service finds the same page by title and parent, so the page follows
   * the file. Not a move and not an orphan; the manifest's key changes. Also a path still in the tree whose title
   * changed while a new path of its folder took its old title (retitledSuccessors): `oldPath` is then planned as a new
   * page.
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
   * so publishing makes a new page with the new title, and the recorded one (titled `title`) stays where it is. Not
   * one whose old title a new path of its folder took (`renamed`).
   */
  retitled: RetitledPage[];
}

export interface RetitledPage extends OrphanPage {
  /** The title the page is published with now. */
  newTitle: string;
  /** The path of the tree that has the page's old title now, and so updates it (takeTitlesBack); else it stays. */
  takenBy?: string;
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
 * A gone path's successor is a new path of the same kind (file or folder). Ranks, best first: 0, renamed in its folder
 * with the same title (or in the folder it was found renamed to, rank 0 too); 1, under another folder with the same
 * name and title; 2, the same name; 3, the same title (ranks 1-3 in another folder only). A guess between two
 * candidates of one rank would name the wrong file, so a tie matches nothing: the page is an orphan.
 */
const RANKS = [0, 1, 2, 3] as const;
type Rank = (typeof RANKS)[number];

/** What a rank compares of a path, as one key: kind, then folder and title (0), name and title (1), name (2), title (3). */
function rankKey(rank: Rank, path: string, title: string, folder = parentFolderOf(path)): string {
  const kind = isFolderPath(path) ? 'd' : 'f';
  // Joined by NUL, which no path or title holds, so no two sets of facts read as one key.
  switch (rank) {
    case 0: return `${kind}\u0000${folder}\u0000${titleKey(title)}`;
    case 1: return `${kind}\u0000${nameOf(path).toLowerCase()}\u0000${titleKey(title)}`;
    case 2: return `${kind}\u0000${nameOf(path).toLowerCase()}`;
    case 3: return `${kind}\u0000${titleKey(title)}`;
  }
}

/**
 * The arrivals not taken yet by each rank's key, in tree order: a gone path's candidates are looked up, not tried
 * against every arrival.
 */
class ArrivalIndex {
  private readonly byRank: Array<Map<string, Set<TreeNode>>> = [];

  constructor(arrivals: readonly TreeNode[]) {
    for (const rank of RANKS) {
      const byKey = new Map<string, Set<TreeNode>>();
      for (const node of arrivals) {
        const key = rankKey(rank, node.path, node.title);
        const nodes = byKey.get(key);
        if (nodes) nodes.add(node);
        else byKey.set(key, new Set([node]));
      }
      this.byRank[rank] = byKey;
    }
  }

  /**
   * The arrivals that succeed `each` at this rank: none, one, or two when there are two or more (a tie, which matches
   * nothing). At rank 0 those in its folder, or in the folder its folder was found renamed to (`followedFolder`), with
   * its title; at ranks 1-3 those in another folder.
   */
  candidates(each: Gone, rank: Rank, followedFolder: string | undefined): TreeNode[] {
    const byKey = this.byRank[rank] as Map<string, Set<TreeNode>>;
    const folder = parentFolderOf(each.path);
    const found: TreeNode[] = [];
    const take = (nodes: ReadonlySet<TreeNode> | undefined, otherFolderOnly: boolean): void => {
      for (const node of nodes ?? []) {
        if (found.length === 2) return;
        if (!(otherFolderOnly && parentFolderOf(node.path) === folder)) found.push(node);
      }
    };
    if (rank !== 0) {
      take(byKey.get(rankKey(rank, each.path, each.page.title, folder)), true);
      return found;
    }
    take(byKey.get(rankKey(0, each.path, each.page.title, folder)), false);
    // A followed folder is another folder than the gone path's own (it was renamed), so no arrival is found twice.
    if (followedFolder !== undefined && followedFolder !== folder) take(byKey.get(rankKey(0, each.path, each.page.title, followedFolder)), false);
    return found;
  }

  /** A node that succeeded a gone path: no candidate of any other any more. */
  take(node: TreeNode): void {
    for (const rank of RANKS) this.byRank[rank]?.get(rankKey(rank, node.path, node.title))?.delete(node);
  }
}

/** The gone paths of one level by the key of the arrivals they may succeed (ArrivalIndex), for counting claims. */
class GoneIndex {
  private readonly byKey = new Map<string, Gone[]>();

  constructor(level: readonly Gone[], private readonly rank: Rank, followedFolders: ReadonlyMap<string, string>) {
    for (const each of level) {
      const folder = parentFolderOf(each.path);
      this.add(rankKey(rank, each.path, each.page.title, folder), each);
      const followed = rank === 0 ? followedFolders.get(folder) : undefined;
      if (followed !== undefined && followed !== folder) this.add(rankKey(0, each.path, each.page.title, followed), each);
    }
  }

  /**
   * How many of the level's gone paths have `node`, an arrival not taken, among their candidates, counted up to two:
   * those whose key it has, at ranks 1-3 only from another folder (ArrivalIndex.candidates, read from the node's side).
   */
  claiming(node: TreeNode): number {
    const folder = parentFolderOf(node.path);
    let count = 0;
    for (const each of this.byKey.get(rankKey(this.rank, node.path, node.title)) ?? []) {
      if ((this.rank === 0 || parentFolderOf(each.path) !== folder) && ++count > 1) return count;
    }
    return count;
  }

  private add(key: string, each: Gone): void {
    const list = this.byKey.get(key);
    if (list) list.push(each);
    else this.byKey.set(key, [each]);
  }
}

/** A record of the repository's, as TreeIdentity gives it. */
interface RecordedEntry {
  id: string;
  title: string;
}

/**
 * A tree's records (TreeIdentity's `get` and `entries`, without the keys that record the chosen page) by the path of
 * their page. A page of the tree is keyed by its node's own path, the string every later lookup of it gives: 10,000
 * lookups then compare a string with itself, not a copy made from the record's key character by character. The
 * records of paths that are no page of the tree any more follow, when there are any.
 */
export function recordsByPath(
  tree: PageTree, identity: { get(key: string): RecordedEntry | undefined }, entries: ReadonlyArray<readonly [string, RecordedEntry]>, keysOfParent: ReadonlySet<string>,
): Map<string, RecordedPage> {
  const root = tree.rootPath;
  const previous = new Map<string, RecordedPage>();
  for (const node of tree.nodes) {
    const entry = identity.get(node.path.slice(root.length));
    if (entry !== undefined) previous.set(node.path, { pageId: entry.id, title: entry.title });
  }
  if (previous.size === entries.length - keysOfParent.size) return previous;
  for (const [key, entry] of entries) {
    const path = `${root}${key}`;
    if (!keysOfParent.has(key) && !previous.has(path)) previous.set(path, { pageId: entry.id, title: entry.title });
  }
  return previous;
}

/** The records whose path is no page of the tree, nor a file or folder still there (below), in path order. */
function goneRecords(previous: ReadonlyMap<string, RecordedPage>, tree: PageTree, root: string, alsoThere: readonly string[], pinned: readonly PinnedFile[]): Gone[] {
  // Paths outside the published folder belong to another publish; a refused file (or a folder of refused files) is
  // still there, and its page is not an orphan for being left out this time; so are the files in `alsoThere` (those
  // refused before the tree was shaped) and the pinned ones.
  // A refused path may be a folder the walk could not list: what is recorded below it is still there too, unseen.
  const there = [...tree.refused, ...alsoThere, ...pinned.map((file) => file.path)];
  const thereFiles = new Set(there);
  const holdingThere = foldersHolding(there);
  const refusedFolders = new Set([...tree.refused, ...alsoThere].map((path) => (isFolderPath(path) ? path : `${path}/`)));
  // One loop over the records, not a copy of them filtered and mapped: a tree of 10,000 pages has as many.
  const gone: Gone[] = [];
  for (const [path, page] of previous) {
    if (!isBelow(path, root) || tree.byPath.has(path) || (isFolderPath(path) ? holdingThere.has(path) : thereFiles.has(path))) continue;
    if (!isBelowAny(path, refusedFolders)) gone.push({ path, page });
  }
  return gone.sort((a, b) => compareRelativePaths(a.path, b.path));
}

export function detectMoves(
  previous: ReadonlyMap<string, RecordedPage>, tree: PageTree, alsoThere: readonly string[] = [], pinned: readonly PinnedFile[] = [], treeParentId?: string,
): MoveReport {
  const root = folderKey(tree.rootPath);
  const arrivals: TreeNode[] = [];
  const report: MoveReport = { moves: [], renamed: [], orphans: [], retitled: [], undecided: [] };
  // One lookup per page tells both: a page recorded nowhere arrived, a recorded one may have a new title.
  let recordedNodes = 0;
  for (const node of tree.nodes) {
    const recorded = previous.get(node.path);
    if (!recorded) arrivals.push(node);
    // Most titles are as recorded, character for character: no case folding asked of them.
    else if (recorded.title !== node.title && titleKey(recorded.title) !== titleKey(node.title)) report.retitled.push({ path: node.path, pageId: recorded.pageId, title: recorded.title, newTitle: node.title });
    if (recorded) recordedNodes++;
  }
  // Each node has its own path: when as many nodes as records are recorded, every record's path is a page of the tree
  // and none is gone, and the records are not looked at again (10,000 lookups in the tree for a tree left as it was).
  const gone = recordedNodes === previous.size ? [] : goneRecords(previous, tree, root, alsoThere, pinned);
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
  // A folder renamed with its page's title kept is the same page (renamed, below): the pages of its files and
  // subfolders stay under it, so a file there under its old name and title is renamed in its folder, not moved, and its
  // page follows it too, whatever its name now, as in a folder that kept its name. Old folder path -> new.
  const followedFolders = new Map<string, string>();
  const arrived = new ArrivalIndex(succeedRetitled(report, arrivals, gone.filter((each) => !settled.has(each)), tree, previous, followedFolders));
  for (const rank of RANKS) {
    // The first rank goes a depth at a time, parents first, so that the folders found renamed are known to their pages.
    const levels = rank === 0 ? byDepth(gone.filter((each) => !settled.has(each))) : [gone.filter((each) => !settled.has(each))];
    for (const level of levels) {
      // Each gone path's candidates, looked up by the facts its rank compares rather than tried against every arrival
      // (a folder of 4,000 files renamed took 17 s): none, one, or more than one (a tie, which matches nothing).
      const pairs: Array<{ each: Gone; found: TreeNode[] }> = [];
      for (const each of level) {
        const found = arrived.candidates(each, rank, followedFolders.get(parentFolderOf(each.path)));
        if (found.length > 0) pairs.push({ each, found });
      }
      // A node that is one gone path's only candidate is taken only when no other gone path of the level has it among
      // its candidates either: counted from the node's side, over the level's paths that share its facts.
      const claimed = new Map<TreeNode, number>();
      for (const { found } of pairs) if (found.length === 1) claimed.set(found[0] as TreeNode, 0);
      if (claimed.size > 0) {
        const inLevel = new GoneIndex(pairs.map(({ each }) => each), rank, followedFolders);
        for (const node of claimed.keys()) claimed.set(node, inLevel.claiming(node));
      }
      for (const { each, found } of pairs) {
        settled.add(each);
        const node = found.length === 1 ? found[0] : undefined;
        if (!node || (claimed.get(node) ?? 0) > 1) continue;
        arrived.take(node);
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
 * The retitled paths whose page's title an arrival of their folder has now (retitledSuccessors): the page follows that
 * arrival, a rename (MoveReport.renamed from the path still in the tree), and the path is no longer retitled. Before
 * the gone paths are matched, so that a gone page of the title the old path has now (a title changed back) finds it
 * among the arrivals, and the pages under a folder's page that followed another folder follow it too
 * (`followedFolders`). Returns the arrivals left: the successors out, the old paths in, in the tree's order.
 */
function succeedRetitled(report: MoveReport, arrivals: TreeNode[], gone: readonly Gone[], tree: PageTree, previous: ReadonlyMap<string, RecordedPage>, followedFolders: Map<string, string>): TreeNode[] {
  const successions = retitledSuccessors(report.retitled, arrivals, gone.map((each) => ({ path: each.path, title: each.page.title })));
  if (successions.length === 0) return arrivals;
  const succeeded = new Set<RetitledPage>();
  const successors = new Set<TreeNode>();
  for (const { retitled, node } of successions) {
    succeeded.add(retitled);
    successors.add(node);
    report.renamed.push({ path: node.path, oldPath: retitled.path, pageId: retitled.pageId });
    if (isFolderPath(retitled.path)) followedFolders.set(retitled.path, node.path);
  }
  report.retitled = report.retitled.filter((page) => !succeeded.has(page));
  const freed = new Set(successions.map(({ retitled }) => retitled.path));
  return tree.nodes.filter((node) => (freed.has(node.path) || !previous.has(node.path)) && !successors.has(node));
}

/**
 * The gone files whose page a pinned file takes: its page is found at the place its front matter names, by title, so a
 * recorded page of that title is its page. A title two pinned files or two gone files share matches nothing (the
 * platform's titles are unique in a space, so one of them names another space or collides anyway); a page this
 * machine knows the file by must be that one.
 */
function followedPinnedPages(gone: readonly Gone[], arrivals: readonly PinnedFile[]): Array<{ each: Gone; file: PinnedFile }> {
  // A file fits a gone page of its title, and of its page when this machine knows it by one. Counted by title, and by
  // title and page, rather than each file against every gone page and every other file (4,000 such files took 3 s).
  const byTitle = (title: string, pageId?: string): string => (pageId === undefined ? titleKey(title) : `${titleKey(title)}\u0000${pageId}`);
  const gonePages = new Map<string, Gone[]>();
  for (const each of gone) {
    if (isFolderPath(each.path)) continue;
    for (const key of [byTitle(each.page.title), byTitle(each.page.title, each.page.pageId)]) {
      const list = gonePages.get(key);
      if (list) list.push(each);
      else gonePages.set(key, [each]);
    }
  }
  const files = new Map<string, number>();
  for (const file of arrivals) {
    const key = byTitle(file.title, file.pageId);
    files.set(key, (files.get(key) ?? 0) + 1);
  }
  // The files a gone page fits: those of its title that know no page, and those that know it.
  const fitting = (each: Gone): number => (files.get(byTitle(each.page.title)) ?? 0) + (files.get(byTitle(each.page.title, each.page.pageId)) ?? 0);
  return arrivals.flatMap((file) => {
    const found = gonePages.get(byTitle(file.title, file.pageId)) ?? [];
    const each = found.length === 1 ? found[0] : undefined;
    return each && fitting(each) === 1 ? [{ each, file }] : [];
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
