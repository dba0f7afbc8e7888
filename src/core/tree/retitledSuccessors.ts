// A file renamed in its folder with its title kept, while a new file takes its old name (`git mv setup.md install.md`,
// then a new setup.md with another title): the old path is still in the tree, so detectMoves sees it retitled, and the
// renamed file arrives with no record. The service finds a page by title and parent, so the recorded page is the one
// the arriving file reaches: planned as a create it met "already exists" on every run, while the old path's new title
// made a second page and called the first one left behind. Here the page follows the file that has its title now, as
// for a file renamed in its folder (MoveReport.renamed), and the old path is a new file, planned with no page.
import { titleKey } from '../run/sameTitles';
import { isFolderPath, parentFolderOf } from '../walk/relativePaths';
import type { PageTree, TreeNode } from './shape';

/** A recorded path (a retitled one, RetitledPage, or a gone one) and the title its page was recorded with. */
interface RecordedPath {
  path: string;
  title: string;
}

export interface Succession<R extends RecordedPath> {
  /** The path still in the tree whose recorded page's title `node` has now. */
  retitled: R;
  /** The arrival (a path with no record) of the same folder and kind with that title: the page follows it. */
  node: TreeNode;
}

/**
 * The retitled records each succeeded by the one arrival of their folder and kind that has their page's title now.
 * A guess would send one file's text to another's page, so nothing matches when two arrivals have the title, when
 * two retitled records had it, or when a gone path of the same kind was recorded with it too (the page may be that
 * path's successor's: the gone paths' own ranks decide, and the retitled page is left as before). A gone path that
 * shares only a name with the arrival, from another folder, is no claim: the arrival taking that path's page would
 * create this title beside the page that holds it, "already exists" again.
 */
export function retitledSuccessors<R extends RecordedPath>(retitled: readonly R[], arrivals: readonly TreeNode[], gone: readonly RecordedPath[]): Array<Succession<R>> {
  if (retitled.length === 0 || arrivals.length === 0) return [];
  const arrivalsAt = new Map<string, TreeNode[]>();
  for (const node of arrivals) {
    const key = placeKey(node.path, node.title);
    const nodes = arrivalsAt.get(key);
    if (nodes === undefined) arrivalsAt.set(key, [node]);
    // Two are a tie already: more are not kept (a folder of many new files of one title costs no more).
    else if (nodes.length < 2) nodes.push(node);
  }
  const recordsAt = new Map<string, number>();
  for (const page of retitled) {
    const key = placeKey(page.path, page.title);
    recordsAt.set(key, (recordsAt.get(key) ?? 0) + 1);
  }
  const goneTitles = new Set(gone.map((each) => kindTitleKey(each.path, each.title)));
  const found: Array<Succession<R>> = [];
  for (const page of retitled) {
    const key = placeKey(page.path, page.title);
    const nodes = arrivalsAt.get(key);
    const node = nodes?.length === 1 ? nodes[0] : undefined;
    if (node !== undefined && recordsAt.get(key) === 1 && !goneTitles.has(kindTitleKey(page.path, page.title))) found.push({ retitled: page, node });
  }
  return found;
}

/**
 * The old paths of the successions (MoveReport.renamed whose old path is still a page of the tree): each is planned as
 * a new page, its record no longer its own. A rename from a gone path has no node in the tree, so only these are found.
 */
export function succeededPaths(moves: { renamed: ReadonlyArray<{ oldPath: string }> }, tree: Pick<PageTree, 'byPath'>): Set<string> {
  const paths = new Set<string>();
  for (const rename of moves.renamed) if (tree.byPath.has(rename.oldPath)) paths.add(rename.oldPath);
  return paths;
}

/** Kind, folder and title as one key (NUL, which no path or title holds, between them). */
function placeKey(path: string, title: string): string {
  return `${isFolderPath(path) ? 'd' : 'f'}\u0000${parentFolderOf(path)}\u0000${titleKey(title)}`;
}

/** Kind and title as one key. */
function kindTitleKey(path: string, title: string): string {
  return `${isFolderPath(path) ? 'd' : 'f'}\u0000${titleKey(title)}`;
}
