// The pages that links reach found without deciding a whole publish's links (fileLinks.ts): which page each link of a
// file names, for Pull; and the pages of the files a tree's links name outside its published folder. Both look the
// linked files up as a flat publish does (linkedFiles.ts).
import { headingMatcher, linkDestinationTexts, type RewriteContext } from '../links/rewrite';
import { linkTarget, pagePath } from '../links/rewrite/linkTarget';
import type { PageIdOf } from '../links/linkTargets';
import type { FileLinkPorts } from './fileLinkPorts';
import { linkedFilesOf, lookUpPages, placeInRepository, type Linking } from './linkedFiles';

/**
 * Which page each link of a file names, found as a publish of the file on its own finds them: this machine's links,
 * then the nearest .wiki-pages.json of each linked file. Pull writes the wiki's addresses of those pages back as the
 * file writes its links (pull/pageLinkForms.ts), so a colleague's edit of a line with such a link merges. Undefined
 * when the file is in no folder a run may look in (its links reach no page).
 */
export async function linkedPageIdOf<L>(fileKey: string, markdown: string, ports: Pick<FileLinkPorts<L>, 'fs' | 'placeOf' | 'linkOf' | 'recordedLinks'>): Promise<PageIdOf | undefined> {
  const found = ports.placeOf(fileKey);
  if (!found) return undefined;
  const place: NonNullable<Linking<L>['place']> = { ...found };
  const linking = [{ place, destinations: linkDestinationTexts(markdown) }];
  await placeInRepository(linking, ports.fs);
  const { linked, whereKey, pageless } = await linkedFilesOf(linking, ports.fs);
  // Only the IDs: without a site address no page address is made, so no linked file is read for its headings.
  const { pageIds } = await lookUpPages(linked, new Map(), new Set(), pageless, { ...ports, siteBase: undefined, spaceKey: async (spaceId) => spaceId });
  return (destination) => {
    const target = linkTarget(destination, place.path, place.rootInRepository);
    const path = target.kind === 'file' ? pagePath(target) : undefined;
    return path === undefined ? undefined : pageIds.get(whereKey(place.folder, path));
  };
}

/** What finding the pages of files outside a tree's folder needs of the front end: the ports a flat publish is given. */
export type OutsideLinkPorts<L> = Pick<FileLinkPorts<L>, 'fs' | 'placeOf' | 'linkOf' | 'recordedLinks' | 'siteBase' | 'spaceKey' | 'omitTitleHeading'>;

/**
 * The pages of the files a tree's links name outside its published folder (issue 14 section 3: "links to files outside
 * the run go to their pages when known"), found as a flat publish finds them: each linking file's links read from its
 * place in the folder a run may look in (the working folder, the workspace folder), never above it, regular files only;
 * this machine's link of the file, else its nearest .wiki-pages.json. A page's headings are read when a link names one.
 */
export interface OutsideLinks {
  /**
   * The page the link `destination` (as written in the file `fileKey`) reaches; undefined when none is known. A link
   * to nothing on disk is 'noFile', and one to a folder no publish gives a page 'pagelessFolder', as a flat publish of
   * the same file says.
   */
  page(fileKey: string, destination: string): OutsidePage;
  /**
   * What the link reaches, for the digest of a page's link targets (linkTargetsDigest): the file's path in its folder,
   * its page's ID and the wiki's anchor of the heading it names; undefined when no page is known.
   */
  reached(fileKey: string, destination: string): string | undefined;
}

/** What a link out of a tree's folder reaches (OutsideLinks.page): what the rewrite takes for such a link. */
export type OutsidePage = ReturnType<NonNullable<RewriteContext['resolveOutside']>>;

/** No link leaves the folder, or none reaches a known page. */
export const NO_OUTSIDE_LINKS: OutsideLinks = Object.freeze({ page: () => undefined, reached: () => undefined });

/**
 * The pages of the files outside a tree's folder that `linking` names: for each linking file (its key), the link
 * destinations that leave the folder. Nothing is looked up when there are none.
 */
export async function outsideLinkedPages<L>(linking: ReadonlyArray<{ fileKey: string; destinations: readonly string[] }>, ports: OutsideLinkPorts<L>): Promise<OutsideLinks> {
  const entries: Array<Pick<Linking<L>, 'place' | 'destinations'> & { fileKey: string }> = [];
  for (const { fileKey, destinations } of linking) {
    const found = destinations.length === 0 ? undefined : ports.placeOf(fileKey);
    if (found) entries.push({ fileKey, place: { ...found }, destinations: [...destinations] });
  }
  if (entries.length === 0) return NO_OUTSIDE_LINKS;
  await placeInRepository(entries, ports.fs);
  const { linked, whereKey, pageless } = await linkedFilesOf(entries, ports.fs);
  if (linked.size === 0) return NO_OUTSIDE_LINKS;
  const { pages, pageIds, missing } = await lookUpPages(linked, new Map(), new Set(), pageless, ports);
  const placeOf = new Map(entries.map((entry) => [entry.fileKey, entry.place]));
  const anchorMatchers = new Map<string, (anchor: string) => string | undefined>();
  const located = (fileKey: string, destination: string): { where: string; path: string; anchor: string | undefined } | undefined => {
    const place = placeOf.get(fileKey);
    if (!place) return undefined;
    const target = linkTarget(destination, place.path, place.rootInRepository);
    const path = target.kind === 'file' ? pagePath(target) : undefined;
    if (target.kind !== 'file' || path === undefined) return undefined;
    return { where: whereKey(place.folder, path), path, anchor: target.anchor };
  };
  return {
    page: (fileKey, destination) => {
      const at = located(fileKey, destination);
      if (at !== undefined && missing.has(at.where)) return 'noFile';
      const page = at === undefined ? undefined : pages.get(at.where);
      return typeof page === 'object' || page === 'noAddress' || page === 'pagelessFolder' ? page : undefined;
    },
    reached: (fileKey, destination) => {
      const at = located(fileKey, destination);
      const pageId = at === undefined ? undefined : pageIds.get(at.where);
      if (at === undefined || pageId === undefined) return undefined;
      const page = pages.get(at.where);
      let anchor: string | undefined;
      if (typeof page === 'object' && at.anchor) {
        let matcher = anchorMatchers.get(page.url);
        if (!matcher) anchorMatchers.set(page.url, (matcher = headingMatcher(page)));
        anchor = matcher(at.anchor);
      }
      // The path in the folder, not the folder's place on this disk: a checkout moved elsewhere reaches the same pages.
      return `outside:${at.path} ${pageId}${anchor === undefined ? '' : ` #${anchor}`}`;
    },
  };
}
