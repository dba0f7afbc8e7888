// The pages of the files a publish's links name (fileLinks.ts): each linked file found by its place (a folder's content
// file standing for the folder), looked up through the front end's port, and its page from this machine's links, then
// the nearest .wiki-pages.json; its headings read only when a link names one. Split from fileLinks.ts, which decides
// the links with what is found here.
import { linkNames, type PageLink } from '../links/pageLink';
import { markdownHeadings, type PageLookup } from '../links/rewrite';
import { linkTarget, pagePath } from '../links/rewrite/linkTarget';
import { pageAddress } from '../publish/pageAddress';
import { frontMatterBody } from '../markdown/frontMatter';
import type { LinkDestination } from '../markdown/links';
import type { ScanList } from '../markdown/model';
import { splitFrontMatter } from '../publish/frontMatter';
import { omitTitleHeading } from '../markdown/headings/omitTitle';
import { nameOf } from '../walk/relativePaths';
import { decodeText } from '../walk/decode';
import { folderInRepository } from '../walk/gitignore';
import { ABSENT, entryAt, lookUpEntry } from '../walk/entryAt';
import type { FileLinkPorts } from './fileLinkPorts';
import type { PlanItem, SourceFile } from './plan';
import { deriveContent } from './plannedContent';
import { isMarkdownFileName } from '../walk/walkRules';

/** A file of the selection: its text without front matter, and what its plan sends, made once when first asked. */
export interface Selected {
  item: PlanItem;
  body: string;
  sent(): string;
}

export function selectedFile(source: SourceFile, item: PlanItem): Selected {
  const body = frontMatterBody(source.text);
  let sent = item.content;
  return { item, body, sent: () => (sent ??= deriveContent(body, item.recipe).content) };
}

/**
 * The place folders' paths in their repositories, for the files with a link written from the repository root
 * (`/docs/x.md`, as GitHub reads it): looked up only for those, once per folder (a remote workspace pays a request per
 * folder it climbs).
 */
export async function placeInRepository<L>(linking: ReadonlyArray<Pick<Linking<L>, 'place' | 'destinations'>>, fs: FileLinkPorts<L>['fs']): Promise<void> {
  const found = new Map<string, Promise<string | undefined>>();
  for (const { place, destinations } of linking) {
    if (!place || !destinations.some((destination) => destination.startsWith('/') && !destination.startsWith('//'))) continue;
    const key = fs.key(place.folder);
    if (!found.has(key)) found.set(key, folderInRepository(fs, place.folder).catch(() => undefined));
    const inRepository = await found.get(key);
    if (inRepository !== undefined) place.rootInRepository = inRepository;
  }
}

/** A link's file, as every file linking to it names it: its folder and its path there. */
export interface LinkedFile<L> {
  folder: L;
  path: string;
  /** Whether some link names a heading in it: only then is it read. */
  anchored: boolean;
}

export interface Linking<L> {
  item: PlanItem;
  content: string;
  /** `rootInRepository`: the folder's path in its repository, found when a link is written from the repository root. */
  place: { folder: L; path: string; rootInRepository?: string } | undefined;
  /** Its link destinations as written, distinct. */
  destinations: string[];
  /** Its links where the content holds them (linkDestinationList): the content is read for links once. */
  found?: ScanList<LinkDestination>;
}

/** What finding the pages of linked files needs of the ports. */
export type LookUpPorts<L> = Pick<FileLinkPorts<L>, 'fs' | 'linkOf' | 'recordedLinks' | 'siteBase' | 'spaceKey' | 'omitTitleHeading'>;

/**
 * The files the linking files' links name, each once by its place (`whereKey`): Markdown files, and the content file
 * of a linked folder (its index or README), whose page is the folder's page; a folder without one as the folder itself.
 * `pageless`: of those folders, the ones no publish gives a page (folderHoldsNoPage), by place.
 */
export async function linkedFilesOf<L>(
  linking: ReadonlyArray<Pick<Linking<L>, 'place' | 'destinations'>>, fs: FileLinkPorts<L>['fs'],
): Promise<{ linked: Map<string, LinkedFile<L>>; whereKey(folder: L, path: string): string; pageless: Set<string> }> {
  const plainKey = (folder: L, path: string): string => `${fs.key(folder)}\n${path}`;
  // A link to a folder stands for the folder's index or README (its content file), whose page is the folder's page.
  const folderContent = new Map<string, string>();
  const whereKey = (folder: L, path: string): string => {
    const key = plainKey(folder, path);
    return folderContent.get(key) ?? key;
  };
  const linked = new Map<string, LinkedFile<L>>();
  const link = (folder: L, path: string, anchored: boolean): void => {
    const key = plainKey(folder, path);
    const file = linked.get(key) ?? { folder, path, anchored: false };
    file.anchored ||= anchored;
    linked.set(key, file);
  };
  const folders = new Map<string, { folder: L; path: string; anchored: boolean }>();
  for (const { destinations, place } of linking) {
    if (!place) continue;
    for (const destination of destinations) {
      const target = linkTarget(destination, place.path, place.rootInRepository);
      const path = target.kind === 'file' ? pagePath(target) : undefined;
      if (target.kind !== 'file' || path === undefined) continue;
      const anchored = target.anchor !== undefined && target.anchor !== '';
      if (target.markdown) link(place.folder, path, anchored);
      else if (path !== '') {
        // A folder, or a name that may be one (`guide`, `v1.2`, as against `diagram.png`): looked for below.
        const key = plainKey(place.folder, path);
        folders.set(key, { folder: place.folder, path, anchored: anchored || folders.get(key)?.anchored === true });
      }
    }
  }
  const pageless = new Set<string>();
  await Promise.all([...folders].map(async ([key, { folder, path, anchored }]) => {
    // Only a folder that is there: a file's name (`diagram.png`, `LICENSE`) is looked at once, not for its index.
    const location = await entryAt(fs, folder, path);
    if (!location) return;
    const content = await folderContentFileAt(fs, folder, path);
    // A folder without one has its page from a tree that generated it: looked up as the folder itself ('guide/').
    if (content === undefined) {
      if (await folderHoldsNoPage(fs, location)) pageless.add(key);
      link(folder, path, anchored);
      return;
    }
    folderContent.set(key, plainKey(folder, content));
    link(folder, content, anchored);
  }));
  return { linked, whereKey, pageless };
}

/**
 * The page of each linked file (by its place): its address and headings, 'noAddress', or undefined when unknown; and
 * the places of files that exist but have no known page yet (a later publish may know it).
 */
export async function lookUpPages<L>(
  linked: ReadonlyMap<string, LinkedFile<L>>, selection: ReadonlyMap<string, Selected>, refused: ReadonlySet<string>, pageless: ReadonlySet<string>, ports: LookUpPorts<L>,
): Promise<{
  pages: Map<string, PageLookup>; pageIds: Map<string, string>; withoutPage: Set<string>; awaitedAt: Map<string, string>;
  /** Of `withoutPage`, the files the plan refuses (unreadable ones too): no page in this run, so none is awaited. */
  refusedAt: Set<string>;
  /** The places no regular file is at (reached through folders only): a typo, or a file moved or deleted. */
  missing: Set<string>;
  /** The files of the selection that have a page, by place: the run may create one anew (deleted on the wiki). */
  selectionAt: Map<string, string>;
}> {
  // A linked folder (a path ending in '/': one without a content file) is known by its key with a trailing '/', which
  // the front ends' manifest lookup reads as the folder's own entry; no file's link names it.
  const found = await Promise.all([...linked].map(async ([where, file]) => {
    const entry = await lookUpEntry(ports.fs, file.folder, file.path);
    return { where, file, folder: file.path.endsWith('/'), location: entry === ABSENT ? undefined : entry, absent: entry === ABSENT };
  }));
  const missing = new Set(found.flatMap(({ where, absent }) => (absent ? [where] : [])));
  const located = found.flatMap(({ where, file, folder, location }) => (location === undefined ? [] : [{ where, file, folder, location, key: `${ports.fs.key(location)}${folder ? '/' : ''}` }]));
  const links = new Map<string, PageLink | undefined>();
  for (const { key, folder } of located) links.set(key, selection.has(key) ? selectionLink(selection.get(key)?.item) : folder ? undefined : await ports.linkOf(key));
  // A file of the selection goes where its plan says: its recorded page is not its page when it goes elsewhere.
  const unknown = located.filter(({ key }) => !selection.has(key) && links.get(key)?.pageId === undefined).map(({ key }) => key);
  if (unknown.length > 0) for (const [key, link] of (await ports.recordedLinks(unknown)).links) links.set(key, link);
  const spaceKeys = new Map<string, Promise<string>>();
  const spaceKeyOf = (spaceId: string): Promise<string> => {
    if (!spaceKeys.has(spaceId)) spaceKeys.set(spaceId, ports.spaceKey(spaceId));
    return spaceKeys.get(spaceId) as Promise<string>;
  };
  const pages = new Map<string, PageLookup>();
  const pageIds = new Map<string, string>();
  const withoutPage = new Set<string>();
  const awaitedAt = new Map<string, string>();
  const refusedAt = new Set<string>();
  const selectionAt = new Map<string, string>();
  await Promise.all(located.map(async ({ where, file, folder, location, key }) => {
    const link = links.get(key);
    // A folder no publish gives a page, and none recorded for it (a folder of images): no later run fills the link in.
    if (link === undefined && pageless.has(where)) {
      pages.set(where, 'pagelessFolder');
      return;
    }
    if (link?.pageId === undefined) {
      // Never published (or going to a new page in this run): a later run may know its page, or this one once it
      // lands (a file of the selection). So may a file of the selection published without its ID learnt (no page
      // access then, or a run stopped before it looked the page up): the guard finds its page at its place, or this
      // run learns it as it lands. Another file published so will not be known by waiting: nothing goes again for it.
      const ofSelection = selection.has(key);
      if (link === undefined || ofSelection) withoutPage.add(where);
      if ((link === undefined || ofSelection) && refused.has(key)) refusedAt.add(where);
      else if (ofSelection) awaitedAt.set(where, key);
      return;
    }
    pageIds.set(where, link.pageId);
    if (selection.has(key)) selectionAt.set(where, key);
    const url = ports.siteBase === undefined ? undefined : pageAddress(ports.siteBase, await spaceKeyOf(link.spaceId), link.pageId, link.pageTitle);
    if (url === undefined) {
      pages.set(where, 'noAddress');
      return;
    }
    // A generated folder page lists its children: it has no headings to anchor to.
    const sent = !file.anchored || folder ? undefined : await sentMarkdown(selection.get(key), location, link.pageTitle, ports);
    pages.set(where, { url, title: link.pageTitle, headings: sent === undefined ? [] : markdownHeadings(sent) });
  }));
  return { pages, pageIds, withoutPage, awaitedAt, refusedAt, selectionAt, missing };
}

/** The keys of the files the plan refuses, those it could not read included (they are no file of the selection). */
export function refusedKeys(items: readonly PlanItem[]): Set<string> {
  const keys = new Set<string>();
  for (const item of items) if (item.state === 'refused') keys.add(item.file.key);
  return keys;
}

/**
 * What a linked file's page shows, for its headings: a file of the selection as its plan sends it; another as it
 * would publish to its page, without a first heading that repeats the page's title when that is left out.
 */
async function sentMarkdown<L>(selected: Selected | undefined, location: L, pageTitle: string, ports: LookUpPorts<L>): Promise<string | undefined> {
  if (selected) return selected.sent();
  const text = await readText(ports.fs, location);
  if (text === undefined) return undefined;
  const split = splitFrontMatter(text);
  const leftOut = split.omitTitleHeading ?? ports.omitTitleHeading ?? false;
  return leftOut ? omitTitleHeading(split.content, pageTitle) : split.content;
}

/** A selected file's page: the one its link names, when its plan sends it there (or cannot send it at all). */
function selectionLink(item: PlanItem | undefined): PageLink | undefined {
  if (!item?.link) return undefined;
  return !item.complete || linkNames(item.link, item.complete) ? item.link : undefined;
}

/**
 * The file that gives a linked folder its page, as a tree takes it (folderPage.ts): index, else README, else
 * <folder>.md, looked for by their usual spellings (a folder cannot be listed through the port). Undefined for a
 * folder that is not there or has none of them.
 */
async function folderContentFileAt<L>(fs: FileLinkPorts<L>['fs'], folder: L, folderPath: string): Promise<string | undefined> {
  const name = nameOf(folderPath);
  for (const candidate of ['index.md', 'README.md', 'readme.md', 'Readme.md', `${name}.md`]) {
    if (await entryAt(fs, folder, `${folderPath}${candidate}`)) return `${folderPath}${candidate}`;
  }
  return undefined;
}

/**
 * Whether a folder without a content file holds nothing a publish makes a page of: no Markdown file and no folder in
 * it (a folder of images), so no tree gives it a page either. A folder below it may hold Markdown, which a tree gives
 * this folder a page for: such a folder is not said to have none. False when it cannot be listed.
 */
async function folderHoldsNoPage<L>(fs: FileLinkPorts<L>['fs'], folder: L): Promise<boolean> {
  try {
    const entries = await fs.list(folder);
    return !entries.some((entry) => entry.kind === 'directory' || (entry.kind === 'file' && isMarkdownFileName(entry.name)));
  } catch {
    return false;
  }
}

/** A linked file's text, for its headings; undefined when it cannot be read or is no text. */
async function readText<L>(fs: FileLinkPorts<L>['fs'], location: L): Promise<string | undefined> {
  try {
    const decoded = decodeText(await fs.read(location), fs.label(location));
    return decoded.ok ? decoded.text : undefined;
  } catch {
    return undefined;
  }
}
