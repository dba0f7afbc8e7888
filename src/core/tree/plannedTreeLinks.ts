// The tree's links as the plan foresees them: which page each link reaches (the tree's own, a recorded one, a file
// outside the folder), the cautions for those that stay as written, and the files they name that are missing on disk.
import { englishTreeMessages, type TreeMessages } from '../messages/treeMessages';
import { foreseeRewrite, withLinkCautions, type LinkedPage, type RewriteContext } from '../links/rewrite';
import type { PlanItem } from '../run/planItem';
import { mapBounded } from '../util/mapBounded';
import type { OutsideLinks } from '../run/fileLinks';
import { ABSENT, lookUpEntry, type EntryFs } from '../walk/entryAt';
import { folderContentRank } from './folderPage';
import { isBelow, nameOf, parentFolderOf } from '../walk/relativePaths';
import { linkingFileOf, renamedAwayKeys } from './linkTargets';
import { nodeOfFile, topContentFile, type PageTree } from './shape';
import type { LinkFacts, TreeIdentity, TreePlan, TreePlanOptions } from './treePlanTypes';

/** TreePlan.linksWithoutAddress, from a check of every page's links again. */
export function countLinksWithoutAddress(plan: TreePlan, unaddressed: number): void {
  if (unaddressed > 0) plan.linksWithoutAddress = unaddressed;
  else delete plan.linksWithoutAddress;
}

/**
 * The files that nothing is at on disk, of those the tree's links name without a page known for them (a typo, a file
 * moved or deleted, as against a file the walk left out): their links say "no such file" (TreePlan.missingFiles).
 * Asked of the disk only when some link names such a path; the plan's cautions are worded again for the pages whose
 * links name one of them.
 */
export async function sayMissingLinkFiles<L>(plan: TreePlan, options: TreePlanOptions, disk: { fs: EntryFs<L>; root: L }): Promise<void> {
  const looked = [...(plan.unknownLinkPaths ?? [])];
  // A few at a time: each is a request per folder on the way in a remote workspace.
  const found = await mapBounded(looked, LOOKUPS_AT_ONCE, async (path): Promise<{ path: string; entry: L | typeof ABSENT | undefined }> => ({ path, entry: await lookUpEntry(disk.fs, disk.root, path) }));
  const missing = new Set<string>();
  // A folder that is there (`imgs/`, a path ending in '/' is looked up as a folder) but is no page of the tree, nor one
  // the repository records (the page of a folder whose Markdown is refused this time is still its page), gets no page:
  // said so rather than "no page is known for it". So does a dotted name written without its slash (`v1.2`). Not one
  // whose content file the plan refuses (refusedLinkPaths): the link waits for that file, as the run says.
  const pageless = new Set<string>();
  // Made only when some link names a folder that is there: it goes over every page of the plan.
  let refused: ReadonlySet<string> | undefined;
  const recorded = recordedForLinks(plan, options.identity);
  const unrecordedFolder = (path: string, entry: L | typeof ABSENT | undefined): boolean =>
    isLocation(entry) && recorded.get(path) === undefined && !(refused ??= refusedLinkPaths(plan)).has(path);
  for (const { path, entry } of found) {
    if (entry === ABSENT) missing.add(path);
    else if (path.endsWith('/') && unrecordedFolder(path, entry)) pageless.add(path);
  }
  const dotted = [...(plan.dottedLinkPaths ?? [])];
  const folders = await mapBounded(dotted, LOOKUPS_AT_ONCE, async (path) => (unrecordedFolder(path, await lookUpEntry(disk.fs, disk.root, path)) ? [path] : []));
  for (const path of folders.flat()) pageless.add(path);
  if (missing.size === 0 && pageless.size === 0) return;
  if (missing.size > 0) plan.missingFiles = missing;
  if (pageless.size > 0) plan.pagelessFolders = pageless;
  // Only a page with a link caution has a link that may name one of them, unless one is a path the repository records
  // a page for: links to that page were taken as reaching it, with no caution.
  const recordedGone = [...missing].some((path) => options.identity.get(path) !== undefined);
  const cautioned = (item: PlanItem): boolean => recordedGone || item.cautions.some((caution) => caution.code === 'localLinks');
  const { unaddressed } = foreseeTreeLinks(plan, plan.pinned.filter((item) => isBelow(item.file.label, plan.tree.rootPath)), options, { missing, pageless }, cautioned);
  countLinksWithoutAddress(plan, unaddressed);
}

/**
 * The repository's record as the tree's links take it: without the paths renamed away (renamedAwayKeys), which the run
 * forgets, so that a link to one reaches no page, as in the run.
 */
function recordedForLinks(plan: Pick<TreePlan, 'tree' | 'moves'>, identity: TreeIdentity): Pick<TreeIdentity, 'get'> {
  const renamedAway = renamedAwayKeys(plan.moves.renamed, plan.tree.rootPath);
  return renamedAway.size === 0 ? identity : { get: (key) => (renamedAway.has(key) ? undefined : identity.get(key)) };
}

/** Whether a lookup found the entry (neither nothing there nor something of another kind or a link on the way). */
function isLocation<L>(found: L | typeof ABSENT | undefined): boolean {
  return found !== undefined && found !== ABSENT;
}

/** Paths looked up on disk at once by sayMissingLinkFiles. */
const LOOKUPS_AT_ONCE = 8;

/**
 * Checks the links of the tree's pages and of the files below its folder that name their own page (`pinned`), those
 * that `only` takes (all when not given), and words their link cautions (foreseeLinks). `missing`: the paths nothing
 * is at on disk. Returns the paths the links name that no page is known for, and how many links stay as written for
 * want of page addresses (TreePlan.linksWithoutAddress): a count of the whole plan's, so without page addresses every
 * page is checked, whatever `only` says.
 */
export function foreseeTreeLinks(
  plan: Pick<TreePlan, 'tree' | 'pages' | 'pinnedLinkFacts' | 'refused' | 'partContent' | 'moves'>, pinned: readonly PlanItem[], options: TreePlanOptions,
  onDisk: { missing: ReadonlySet<string>; pageless: ReadonlySet<string> } = { missing: new Set(), pageless: new Set() }, only: (item: PlanItem) => boolean = () => true,
): { unknown: ReadonlySet<string>; dotted: ReadonlySet<string>; unaddressed: number } {
  const rootPath = plan.tree.rootPath;
  // Made when a link first reaches a page that has an address: without page addresses no link asks for headings, and
  // a map of 10,000 pages' would be made for nothing.
  let headings: Map<string, readonly string[]> | undefined;
  const headingsOf = (key: string): readonly string[] | undefined => {
    if (headings === undefined) {
      headings = new Map();
      // Filled in a loop: a pair array for each page was only ever read by the Map.
      for (const page of plan.pages) headings.set(page.key, page.linkFacts.headings);
      for (const [pinnedKey, facts] of plan.pinnedLinkFacts) headings.set(pinnedKey, facts.headings);
    }
    return headings.get(key);
  };
  // A file that names its own page and is sent gets its page in this run, as a tree page does: links to it are no
  // links to an unknown page.
  const pinnedTitles = new Map(pinned.flatMap((item) => item.complete && item.state !== 'refused' ? [[item.file.label.slice(rootPath.length), item.complete.pageTitle] as const] : []));
  const refused = refusedLinkPaths({ tree: plan.tree, pages: plan.pages, refused: plan.refused, pinned });
  const known: ForeseenPages = {
    headingsOf, anchorMatchers: new Map(), addressable: options.pageAddresses !== false, pinnedTitles, rootInRepository: options.rootInRepository,
    unknown: new Set(), dotted: new Set(), missing: onDisk.missing, pageless: onDisk.pageless, refused, outside: options.outsideLinks,
  };
  const resolvePage = treePageLookup(known, plan.tree, recordedForLinks(plan, options.identity), plan.partContent);
  const words = options.treeMessages ?? englishTreeMessages;
  const checked = known.addressable ? only : () => true;
  let unaddressed = 0;
  for (const page of plan.pages) if (checked(page.item)) unaddressed += foreseeLinks(page.item, linkingFileOf(page.node, rootPath), page.linkFacts, known, resolvePage, words);
  for (const item of pinned) {
    const key = item.file.label.slice(rootPath.length);
    const linkFacts = plan.pinnedLinkFacts.get(key);
    if (linkFacts && checked(item)) unaddressed += foreseeLinks(item, key, linkFacts, known, resolvePage, words);
  }
  return { unknown: known.unknown, dotted: known.dotted, unaddressed };
}

/** What foreseeLinks knows of the tree's pages, shared by all of them: headings by key, anchor matchers by stand-in address. */
interface ForeseenPages {
  headingsOf(key: string): readonly string[] | undefined;
  anchorMatchers: Map<string, (anchor: string) => string | undefined>;
  /** Whether page addresses can be made at all (TreePlanOptions.pageAddresses). */
  addressable: boolean;
  /** The titles of the files that name their own page and are sent, by path relative to the published folder. */
  pinnedTitles: ReadonlyMap<string, string>;
  rootInRepository: string | undefined;
  /**
   * The paths links name that no page is known for, gathered as the links are checked: what sayMissingLinkFiles looks
   * for on disk. Not a name with a dot written without a slash (`LICENSE.txt`), which is taken for a file.
   */
  unknown: Set<string>;
  /** The names with a dot written without a slash that no page is known for (TreePlan.dottedLinkPaths). */
  dotted: Set<string>;
  /** The paths nothing is at on disk (sayMissingLinkFiles). */
  missing: ReadonlySet<string>;
  /** The folders on disk with no page (TreePlan.pagelessFolders). */
  pageless: ReadonlySet<string>;
  /** What the plan refuses, by path relative to the published folder (refusedLinkPaths): links to it stay as written. */
  refused: ReadonlySet<string>;
  /** The pages of files outside the folder the links name (TreePlanOptions.outsideLinks). */
  outside: OutsideLinks | undefined;
}

/**
 * Links between files become page links when sent (treeRun.ts); the plan already says which cannot: links that leave
 * the folder to a file no page is known for (TreePlanOptions.outsideLinks), to pages nobody recorded, to files that
 * are not Markdown, or to headings the target lacks. They replace the flat publish's caution that every local link
 * points nowhere. Returns how many of its links reach a page that no address can be made for (said for the whole plan).
 */
function foreseeLinks(item: PlanItem, filePath: string, linkFacts: LinkFacts, known: ForeseenPages, resolvePage: RewriteContext['resolvePage'], words: TreeMessages): number {
  const outside = known.outside;
  // Member by member: a member spread in the middle of the literal made each of 10,000 pages' contexts the slow way.
  const context: RewriteContext = {
    filePath, rootInRepository: known.rootInRepository, resolvePage, anchorMatchers: known.anchorMatchers,
    ownPage: { title: item.complete?.pageTitle ?? '', headings: linkFacts.headings },
  };
  if (outside) context.resolveOutside = (destination: string) => outside.page(item.file.key, destination);
  const result = foreseeRewrite(linkFacts.destinations, context);
  item.cautions = withLinkCautions(item.cautions, result.cautions, words);
  return result.unaddressed;
}

/**
 * What the plan refuses, by path relative to the published folder: the pages of the tree no page is recorded for, the
 * files refused before the tree is shaped (unreadable, bad front matter) and those that name their own page. A link to
 * one stays as written and says so (PageLookup 'refused'), in the plan and in the run, unless a page is known for it
 * (recorded in the repository, or landed): each asks that first. So is a folder that is no page of the tree for want of
 * its refused content file (its index, README or <folder>.md, refused before the tree was shaped, is all it holds):
 * once the file is mended the folder has a page.
 */
export function refusedLinkPaths(plan: Pick<TreePlan, 'tree' | 'pages' | 'refused'> & { pinned: readonly PlanItem[] }): Set<string> {
  const root = plan.tree.rootPath;
  const paths = new Set<string>();
  for (const page of plan.pages) if (page.item.state === 'refused' && page.pageId === undefined) paths.add(page.key);
  for (const item of [...plan.refused, ...plan.pinned]) {
    if (item.state !== 'refused' || !isBelow(item.file.label, root)) continue;
    paths.add(item.file.label.slice(root.length));
    const folder = parentFolderOf(item.file.label);
    if (isBelow(folder, root) && !plan.tree.byPath.has(folder) && folderContentRank(nameOf(item.file.label), nameOf(folder)) !== undefined) paths.add(folder.slice(root.length));
  }
  return paths;
}

/** No page known for any path: what links reach without page addresses. */
export const NO_PAGE = (): undefined => undefined;

/** A link to the published folder, without a file at its top to name, as the plan sees it: the chosen page (its address stood in for). */
const CHOSEN_PAGE: LinkedPage = Object.freeze({ url: 'page:', title: '', headings: Object.freeze([]) });

/** The page a link of the tree names, by its path relative to the published folder: one lookup for every page's links. */
function treePageLookup(known: ForeseenPages, tree: PageTree, identity: Pick<TreeIdentity, 'get'>, partContent: string | undefined): RewriteContext['resolvePage'] {
  const root = tree.rootPath;
  const top = topContentFile(tree);
  const lookUp: RewriteContext['resolvePage'] = (path, link) => {
    // A part's content file is the page the part hangs under (TreePlan.partContent), as the folder itself is.
    if (path === partContent) return lookUp('');
    // The published folder itself: its index or README at the top, as for any folder; else the chosen page it maps
    // to, which has its own text (no headings of ours to check).
    if (path === '') return top !== undefined ? lookUp(top.slice(root.length)) : known.addressable ? CHOSEN_PAGE : 'noAddress';
    const node = nodeOfFile(tree, `${root}${path}`);
    const pinnedTitle = node ? undefined : known.pinnedTitles.get(path);
    // A path the repository records that is no page of this run: a file the walk left out or refused (its page is
    // still its page), or one deleted or moved (its page an orphan). Only the disk tells, so it is looked up too.
    const recordedOnly = node === undefined && pinnedTitle === undefined ? identity.get(path)?.title : undefined;
    if (node === undefined && pinnedTitle === undefined) {
      if (recordedOnly === undefined && known.refused.has(path)) return 'refused';
      if (known.missing.has(path)) return 'noFile';
      if (known.pageless.has(path)) return 'pagelessFolder';
      // A name with a dot written without a slash (`LICENSE.txt`) is taken for a file with an extension, looked for on
      // disk only as a folder (`v1.2`, pagelessFolders); written with one (`v1.2/`), it is a folder like any other.
      if (!link || link.markdown || link.folder || !nameOf(path).includes('.')) known.unknown.add(path);
      else known.dotted.add(path);
      if (recordedOnly === undefined) return undefined;
    }
    const title = node?.title ?? pinnedTitle ?? recordedOnly;
    if (title === undefined) return undefined;
    // As the run decides it: without addresses no link reaches a page, refused or not.
    if (!known.addressable) return 'noAddress';
    if (node !== undefined && known.refused.has(node.path.slice(root.length))) return 'refused';
    const key = node ? node.path.slice(root.length) : path;
    // No page has an address yet: a stand-in of its own per page, since anchor matchers are looked up by address.
    return { url: `page:${key}`, title, headings: known.headingsOf(key) ?? [] };
  };
  return lookUp;
}
