// A page whose title changes and then changes back (issue 14, sections 1 and 2): a file's `# Title` edited and edited
// back, or a folder's README.md renamed away (the folder page is titled by the folder's name) and back. The service
// finds a page by title and parent, so the first change made a new page and left the old one where it was; when the
// title comes back, the old page still holds it at that place, and a create meets "already exists". When a record
// knows that page as one this tree published there (this machine's record of the file, or the folder's
// .wiki-pages.json entry of a path that is gone), the page is this file's own again: it is updated through the edit
// guard (a version the record cannot explain is asked about), and the record points at it again. The page the title
// left in between stays where it is, listed as left behind. A page no record knows stays a create: "already exists".
// So too a title another path of the folder gives up in the same change (two files that swap names or titles): that
// path's page holds it at this place, and is this file's now; the page this file leaves goes to the path that takes its
// title in turn, if one does, and else stays.
import { linkNames, type PageLink } from '../links/pageLink';
import { titleKey } from '../run/sameTitles';
import type { MoveReport, RetitledPage } from './moves';
import { folderKey, parentFolderOf } from '../walk/relativePaths';
import type { PageTree, TreeNode } from './shape';

export interface TitledBackPage {
  /** The page of this tree that holds the node's title at its place: updated, not created. */
  pageId: string;
  /**
   * What the guard compares it with: this machine's record of it, or the repository's (published from here never,
   * time 0), whose latest version is explained only by being the publishing account's.
   */
  link: PageLink;
  /** The page the repository records for the path now, under its other title: it stays where it is (left behind). */
  left: { pageId: string; title: string };
  /**
   * The path the repository records the page for, when it is not this node's: a path retitled too, which gave up the
   * title this node has now, or (`fromGone`) a path no longer in the tree.
   */
  from?: string;
  fromGone?: true;
  /** The path that takes the `left` page in turn, with the title this node gave up (two files that swapped titles). */
  leftTo?: string;
}

export interface TitledBackInput {
  tree: PageTree;
  /** The plan's moves: the pages found titled back leave its retitled pages, and the orphans they take leave its orphans. */
  moves: MoveReport;
  spaceId: string;
  /** The chosen page the published folder maps to. */
  chosenParentId: string | undefined;
  /** The page the repository records for a path (renames followed), gone paths included. */
  recordedId(path: string): string | undefined;
  /** This machine's record of the page a node publishes (a folder's: its content file's, or its generated page's). */
  linkOf(node: TreeNode): PageLink | undefined;
  /** Whether the run reads the wiki (TreePlanOptions.pageAccess). */
  pageAccess: boolean;
}

/**
 * The retitled pages of the plan whose new title a page of this tree already holds at their place, known to this
 * machine's record or the repository's, by node path. Those pages are taken out of `moves.retitled` (no new page is
 * made), and an orphan whose page one takes, out of `moves.orphans` (recording the page under the node's key drops the
 * orphan's entry). Parents first, so that a folder page titled back places the pages below it.
 */
export function takeTitlesBack(input: TitledBackInput): Map<string, TitledBackPage> {
  const back = new Map<string, TitledBackPage>();
  const { tree, moves, spaceId } = input;
  if (moves.retitled.length === 0) return back;
  const root = folderKey(tree.rootPath);
  const idOf = (folder: string): string | undefined => back.get(folder)?.pageId ?? input.recordedId(folder);
  // Where a gone path's page was given: its folder's recorded page (the chosen page at the top), as detectMoves takes it.
  const placeOfGone = (path: string): string | undefined => {
    const folder = parentFolderOf(path);
    return folder === root ? input.chosenParentId : input.recordedId(folder);
  };
  // Where a retitled path's page is: under its folder's page (the chosen page at the top), as the node's own place.
  const placeOfRetitled = (path: string): string | undefined => {
    const parent = tree.byPath.get(path)?.parent;
    return parent === undefined ? input.chosenParentId : idOf(parent);
  };
  const takenOrphans = new Set<string>();
  // The pages of retitled paths, by the title they leave: a path retitled to one of those titles at the same place takes
  // that page (two files that swapped names or titles; one taking the title another gave up). Two such pages would be
  // a guess: neither is taken.
  const leftTitles = new Map<string, RetitledPage[]>();
  for (const page of moves.retitled) {
    const key = titleKey(page.title);
    const pages = leftTitles.get(key);
    if (pages) pages.push(page);
    else leftTitles.set(key, [page]);
  }
  /** The retitled pages taken, each by the path that has its old title now. */
  const takers = new Map<RetitledPage, string>();
  // moves.retitled is in the tree's order: parents before children.
  for (const retitled of moves.retitled) {
    const node = tree.byPath.get(retitled.path);
    // The pages below a folder page titled back go under it, where their own earlier pages may be; only page access
    // learns the pages that land there. Without it the folder page stays a retitled page, refused for want of an ID.
    if (!node || (node.kind === 'folder' && !input.pageAccess)) continue;
    const parentId = node.parent === undefined ? input.chosenParentId : idOf(node.parent);
    if (parentId === undefined) continue;
    const left = { pageId: retitled.pageId, title: retitled.title };
    const target = { spaceId, parentId, pageTitle: node.title };
    // This machine published the page at this very place with this title: its record says which page, and at which
    // version, so the guard tells its own publish from a colleague's edit.
    const link = input.linkOf(node);
    if (link?.pageId !== undefined && link.pageId !== retitled.pageId && linkNames(link, target)) {
      back.set(node.path, { pageId: link.pageId, link, left });
      continue;
    }
    // The repository still records the page for a path that is gone (an orphan) at this place with this title. Two
    // such entries would be a guess: neither is taken.
    const found = moves.orphans.filter((orphan) => !takenOrphans.has(orphan.path) && titleKey(orphan.title) === titleKey(node.title) && placeOfGone(orphan.path) === parentId);
    const orphan = found.length === 1 ? found[0] : undefined;
    const given = orphan === undefined && found.length === 0 ? leftTitles.get(titleKey(node.title)) : undefined;
    const leaving = given?.length === 1 && given[0] !== undefined && given[0] !== retitled && !takers.has(given[0]) && placeOfRetitled(given[0].path) === parentId ? given[0] : undefined;
    const taken = orphan ?? leaving;
    if (taken === undefined || taken.pageId === retitled.pageId) continue;
    if (orphan) takenOrphans.add(orphan.path);
    if (leaving) takers.set(leaving, node.path);
    back.set(node.path, { pageId: taken.pageId, link: { spaceId, parentId, pageTitle: node.title, pageId: taken.pageId, publishedAt: 0 }, left, from: taken.path, ...(orphan ? { fromGone: true as const } : {}) });
  }
  for (const [leaving, takerPath] of takers) {
    leaving.takenBy = takerPath;
    // The path that gave its title up may have taken another's in turn (a swap): its page goes to the taker.
    const own = back.get(leaving.path);
    if (own) own.leftTo = takerPath;
  }
  if (back.size > 0) moves.retitled = moves.retitled.filter((page) => !back.has(page.path));
  if (takenOrphans.size > 0) moves.orphans = moves.orphans.filter((orphan) => !takenOrphans.has(orphan.path));
  return back;
}
