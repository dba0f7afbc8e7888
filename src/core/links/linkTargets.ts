// Which pages a file's links reach, as one digest: the unchanged check of a page (a tree's, a file that names its own,
// a flat run's) compares it too, since a page whose text is the same still sends a dead link when a page it links to
// now has another ID (deleted on the wiki and created again by a later publish). The plan computes it from the
// repository's IDs; the run records it from the IDs the pages had when the page went out. The wiki's anchor of each
// heading a link names counts too: a heading whose case or punctuation was edited keeps its GitHub slug (the link's
// text stays the same) but gets another anchor on the wiki, so the page that links to it would keep a link to an
// anchor that is gone. How a tree finds its pages' IDs and headings is tree/linkTargets.ts.
import { headingMatcher, type HeadingsOfPage } from './rewrite/headingAnchors';
import { linkTarget, pagePath } from './rewrite/linkTarget';
import { sha256Hex } from '../util/sha256';

/** The page ID a destination of the file names (a link to another file whose page is known), or undefined. */
export type PageIdOf = (destination: string) => string | undefined;

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
