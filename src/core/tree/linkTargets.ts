// Which pages a file's links reach, as one digest: the unchanged check of a page (a tree's, a file that names its own,
// a flat run's) compares it too, since a page whose text is the same still sends a dead link when a page it links to
// now has another ID (deleted on the wiki and created again by a later publish). The plan computes it from the repository's IDs; the run records it from the
// IDs the pages had when the page went out. The wiki's anchor of each heading a link names counts too: a heading whose
// case or punctuation was edited keeps its GitHub slug (the link's text stays the same) but gets another anchor on the
// wiki, so the page that links to it would keep a link to an anchor that is gone.
import { headingMatcher, type HeadingsOfPage } from '../links/rewrite/headingAnchors';
import { linkTarget, pagePath } from '../links/rewrite/linkTarget';
import type { PlanItem } from '../run/planItem';
import { sha256Hex } from '../util/sha256';
import { isBelow } from './paths';
import { nodeOfFile, topContentFile, type PageTree } from './shape';

/**
 * Whether an unchanged file goes again because its links reach other pages than its last publish reached (a page it
 * links to has another ID now): its text is the same, its links would be dead. `reachedNow` is asked only of an
 * unchanged file whose last publish recorded what it reached; undefined when no page address can be made.
 */
export function linksReachOtherPages(item: Pick<PlanItem, 'state' | 'link'>, reachedNow: () => string | undefined): boolean {
  const reachedBefore = item.link?.linkTargets;
  if (item.state !== 'unchanged' || reachedBefore === undefined) return false;
  const now = reachedNow();
  return now !== undefined && now !== reachedBefore;
}

/** A Markdown file's page ID, by its path relative to the published folder; undefined when it has none (yet). */
export type PageIdByPath = (path: string) => string | undefined;

/**
 * The wiki's anchor of the heading a link's `#anchor` (as written) names in the page at `path` (as PageIdByPath takes
 * it); undefined when no heading of that page matches, or its headings are not known.
 */
export type WikiAnchorByPath = (path: string, anchor: string) => string | undefined;

/**
 * The digest of the pages `destinations` (as written in the file at `filePath`, root-relative) reach, and of the
 * wiki's anchors (`anchorOf`) of the headings they name; `rootInRepository` as linkTarget takes it. `outside`: what a
 * link that leaves the root reaches (OutsideLinks.reached), undefined when no page: a tree's links to pages of files
 * outside its folder, so a page linking to one goes again when that page has another ID. A link that reaches none
 * adds nothing, so the digest of a page without such links is what it was before they could reach pages.
 */
export function linkTargetsDigest(destinations: readonly string[], filePath: string, pageIdOf: PageIdByPath, rootInRepository?: string, anchorOf?: WikiAnchorByPath, outside?: (destination: string) => string | undefined): string {
  const reached = new Set<string>();
  for (const destination of destinations) {
    const target = linkTarget(destination, filePath, rootInRepository);
    const path = target.kind === 'file' ? pagePath(target) : undefined;
    if (target.kind === 'file' && path === undefined && outside !== undefined) {
      const reachedOutside = outside(destination);
      if (reachedOutside !== undefined) reached.add(reachedOutside);
    }
    if (target.kind !== 'file' || path === undefined) continue;
    // As rewriteLinks reads it: a file, or a folder with a page (written with or without its slash). A folder without
    // one counts as nothing, as before folders had pages, so a run that cannot give folders pages digests as it did.
    // By the page reached, not by the path written: the same pages give the same digest whatever folder the paths are
    // read from (a tree's root, or the working folder of a file published on its own), as the notice's digest must
    // (run/pageNotice.ts). A link that reaches no page goes out as written: its text is in the page's own hash.
    const pageId = pageIdOf(path);
    if (pageId === undefined) continue;
    reached.add(pageId);
    // A link to a heading goes out with the wiki's anchor of it; one that matches no heading goes out as written.
    const anchor = target.anchor ? anchorOf?.(path, target.anchor) : undefined;
    if (anchor !== undefined) reached.add(`${pageId}#${anchor}`);
  }
  // Reaching nothing is no digest at all: the same as a file whose links were never looked at.
  return reached.size === 0 ? '' : sha256Hex([...reached].sort().join('\n'));
}

/**
 * WikiAnchorByPath from the headings of the pages the links reach, each page's matcher made once: `pageOf` gives a
 * page's title and headings by the same path PageIdByPath takes (undefined when they are not known).
 */
export function wikiAnchorByPath(pageOf: (path: string) => HeadingsOfPage | undefined): WikiAnchorByPath {
  const matchers = new Map<string, (anchor: string) => string | undefined>();
  return (path, anchor) => {
    let matcher = matchers.get(path);
    if (matcher === undefined) {
      const page = pageOf(path);
      matcher = page === undefined || page.headings.length === 0 ? () => undefined : headingMatcher(page);
      matchers.set(path, matcher);
    }
    return matcher(anchor);
  };
}

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

/** The file whose links a page sends, root-relative: its own, its folder's content file, or for a generated page a
 * stand-in inside the folder (its links are written relative to the folder). */
export function linkingFileOf(node: { kind: 'file' | 'folder'; path: string; contentFrom?: string }, rootPath: string): string {
  const source = node.kind === 'file' ? node.path : (node.contentFrom ?? `${node.path}index.md`);
  return source.slice(rootPath.length);
}
