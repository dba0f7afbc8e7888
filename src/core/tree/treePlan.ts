// Planning a folder as a page tree (issue 14): the files that name their own page in front matter publish there as
// before; the rest are shaped into the tree (shape.ts), each node planned like any file (plan.ts) with its title and,
// where the repository records it, its page. Refused before anything is sent: titles used twice in the tree, a tree
// that needs page IDs nobody can find (no page access, pages not recorded), and a file whose front matter names the
// chosen parent page itself, which a tree never rewrites (chosenPage.ts). Moves and orphans are reported. With page
// access the front ends' entries (planTreeOnDisk, planTreeFromWalk) read the wiki before they return the plan
// (checkTreeOnWiki, treeParent.ts): a step of planning, not a call each front end must remember.
import { englishTreeMessages, type TreeMessages } from '../messages/treeMessages';
import { linkNames, type LinkStore, type PageLink } from '../links/pageLink';
import { foreseeRewrite, linkDestinationTexts, markdownHeadings, withLinkCautions, type LinkedPage, type RewriteContext } from '../links/rewrite';
import { linksReachOtherPages, planFile, planFileWithContent, refusedForWantOfWiki, refuseItem } from '../run/plan';
import type { PlanItem, PlanOptions, PlannedFile } from '../run/planItem';
import type { SourceFile } from '../walk/sourceFile';
import { prepareDocument } from '../publish/pipeline';
import { omitTitleHeading } from '../markdown/headings/omitTitle';
import type { Blocker } from '../publish/preflight';
import { completeTarget, mergeTargets, suggestTitle } from '../publish/target';
import { detachedAll } from '../util/detached';
import { mapBounded } from '../util/mapBounded';
import { linkTarget, ownHeadingAnchor, pagePath } from '../links/rewrite/linkTarget';
import { plannedContent } from '../run/plannedContent';
import { outsideLinkedPages, type OutsideLinkPorts, type OutsideLinks } from '../run/fileLinks';
import { compareRelativePaths } from '../walk/walkRules';
import { ABSENT, lookUpEntry, type EntryFs } from '../walk/entryAt';
import { eachSourceFromWalk, type SourceOptions } from '../walk/sources';
import type { WalkResult } from '../walk/walk';
import { cautionUncheckedChosenPage, namesChosenPageById } from './chosenPage';
import { checkTreeOnWiki, type TreePlanWiki } from './treeParent';
import type { FailedLookupVerdict } from '../run/failedLookup';
import type { WikiPage } from '../wikiPages';
import { acceptedEntries, checkRecordedEntries, folderAbove, keyOfLabel, reliesOnRecord, type RecordedEntries } from './recordedEntries';
import { groupByTitleInSpace, otherNames } from '../run/sameTitles';
import { generatedFolderPage } from './folderMarkdown';
import { detectMoves, type MoveReport, type PageMove, type PinnedFile, type RecordedPage } from './moves';
import { takeTitlesBack } from './titledBack';
import { folderContentFile, folderContentRank } from './folderPage';
import { folderKey, isBelow, nameOf, parentFolderOf } from '../walk/relativePaths';
import { linkingFileOf, pinnedLinkedPages, treeHeadingsByPath, treePageIdByNodePath } from './linkTargets';
import { linkTargetsDigest, wikiAnchorByPath } from '../links/linkTargets';
import { nodeOfFile, shapeTree, topContentFile, type PageTree, type TreeInput, type TreeNode } from './shape';

/**
 * Page identity as the repository records it (the manifest), keyed by paths relative to the published folder, with
 * where each entry is written (`docs/.wiki-pages.json:7`) for the refusals that name it.
 */
export type TreeIdentity = RecordedEntries;

export interface TreePlanOptions extends Pick<PlanOptions, 'force' | 'omitTitleHeading' | 'diagramRenderer' | 'diagramsSetting' | 'messages'> {
  /** The words of the tree's refusals and link cautions; English when not given. */
  treeMessages?: TreeMessages;
  /** The published folder, as the files' labels write it ('' for the working folder). */
  rootPath: string;
  /**
   * The published folder's path from the root of its repository ('' or ending in '/'), when it is in one: links
   * written from the repository root (`/docs/guide.md`, as GitHub reads them) then reach the tree's pages.
   */
  rootInRepository?: string;
  spaceId: string;
  /** The chosen parent page: the folder maps to it, and it is never rewritten. */
  parentId: string;
  /** Update pages that exist but are not recorded (a re-run, or adopting pages made by hand). */
  overwrite: boolean;
  identity: TreeIdentity;
  /**
   * The entries of `identity` the wiki refused (checkRecordedEntries), by key, with why: `identity` no longer holds them,
   * and the pages at those keys, and every page below them, are refused for it.
   */
  refusedEntries?: ReadonlyMap<string, string>;
  /** The recorded pages could not be read: the items refused for it carry this verdict (EntryCheck.unread). */
  entriesUnread?: FailedLookupVerdict;
  /** The recorded pages the check read, with their bodies: the edit guard of this run need not read them again. */
  wikiRead?: ReadonlyMap<string, WikiPage>;
  /** This machine's links (version, hash), by file key. */
  links: ReadonlyMap<string, PageLink | undefined>;
  /**
   * Whether page routes can be read (sign-in, CI credentials): new pages need it to learn their IDs. The front ends'
   * entries take it from TreeEntryOptions.wiki, which makes the plan read the wiki too.
   */
  pageAccess: boolean;
  /**
   * Whether a reader's page address can be made (the wiki site's address is known): without one, links between files
   * stay as written, which the plan says. True when not given.
   */
  pageAddresses?: boolean;
  /**
   * The pages of the files outside the published folder that the tree's links name (outsideLinkedPages): found from
   * the front end's ports by planTreeOnDisk and planTreeFromWalk. Without them such links stay as written, named.
   */
  outsideLinks?: OutsideLinks;
  /**
   * The published folder is a part of a tree recorded further up (openTreeManifest): it hangs under its own folder's
   * page, whose content its index, README or <folder>.md is. `manifest`: that file as messages name it; `treeFolder`:
   * the folder that tree is published from, as messages name it ('' for the working folder).
   */
  partOf?: { manifest: string; treeFolder: string };
}

/**
 * A file as the tree plan keeps it once read (digestTreeSource): its plan and what its links need, never its text, so
 * that planning 10,000 files holds their facts, not their texts; the runner reads a file again when it sends it.
 */
export interface TreeSource {
  file: PlannedFile;
  /** refused: unreadable, or bad front matter; pinned: its front matter names its page; tree: a page of the tree. */
  place: 'refused' | 'pinned' | 'tree';
  item: PlanItem;
  /** The file's own title (front matter title, first heading, name). */
  title: string;
  /** The title is nothing but the file's name: no front matter title or page title, no first heading (TreeInput.titleFromName). */
  titleFromName: boolean;
  /** What links to its page and from it need: the headings of what it sends, and its link destinations as written. */
  linkFacts: LinkFacts;
  /** A page of the tree named like a folder's content file that holds nothing but its title (TreeInput.titleOnly). */
  titleOnly?: boolean;
  /**
   * Which of the plan's link passes must look at this file's links (LINKS_NAMING_HEADINGS, LINKS_MAY_LEAVE): found
   * while the file is digested, so that the passes over all the files skip most of them (a tree of 10,000 files).
   */
  linkReach: number;
}

/** Some link names a heading of another file (`setup.md#install`): takeAnchoredHeadings looks at its links. */
const LINKS_NAMING_HEADINGS = 1;
/** Some link may leave the published folder (climbs above it, starts at `/`, or is escaped): withOutsideLinks looks. */
const LINKS_MAY_LEAVE = 2;

export interface LinkFacts {
  /**
   * The headings of what the page shows: always those of a file that links to its own headings (`#install`), else
   * only when some link of the tree names one (planTreeFromWalk takes them later).
   */
  headings: readonly string[];
  /** Distinct, in document order. */
  destinations: string[];
}

/** The headings of a file whose headings no link needs (yet): one empty list for all of them. */
const NO_HEADINGS: readonly string[] = Object.freeze([]);

export interface TreePage {
  node: TreeNode;
  linkFacts: LinkFacts;
  /** The manifest key: the node's path relative to the published folder. */
  key: string;
  /** Planned with its title; its parent is filled in when the parent's page is known. */
  item: PlanItem;
  /** The page the repository records for it. */
  pageId?: string;
  /**
   * The page this machine's record (the editor's memory, the CLI's --state) names at this very place, when the
   * repository records none (--no-record, a .wiki-pages.json never committed): the run takes it for the links that
   * reach this page before the page's level is sent, as it takes a recorded one, and the plan digests them with it.
   */
  linkedPageId?: string;
  /** The manifest key its page is recorded under, when the file was renamed in its folder with its title kept. */
  renamedFrom?: string;
  /**
   * The recorded page's title, when the page now has another one: the service finds a page by title and parent, so
   * it is published as a new page and the recorded one (pageId) stays where it is (MoveReport.retitled).
   */
  retitledFrom?: string;
  /**
   * The page of this tree that already holds its new title at its place, known to this machine's record or the
   * repository's (its title changed and changed back; titledBack.ts): updated through the edit guard rather than
   * created, and recorded for it again; the recorded page (pageId) stays where it is, left behind.
   */
  titledBackTo?: string;
  /** Whether its parent page's ID is known before sending (the chosen page, or a recorded folder page). */
  parentKnown: boolean;
}

/** A page taken as following a file that names its page, until the wiki says where it is (TreePlan.followsToCheck). */
export interface FollowToCheck {
  move: PageMove;
  /** The title the page was recorded with. */
  title: string;
  item: PlanItem;
  /** What the file's plan was before it took the page: what it goes back to if the page is elsewhere. */
  before: Pick<PlanItem, 'target' | 'complete' | 'linkedPage'>;
}

export interface TreePlan {
  tree: PageTree;
  /** Parents before children. */
  pages: TreePage[];
  /** Files whose front matter names their page: published there, as without a tree. */
  pinned: PlanItem[];
  /**
   * What the links from and to those files need, by their paths relative to the published folder: their links to the
   * tree's pages work like any tree page's, and the tree's links to them reach their pages.
   */
  pinnedLinkFacts: ReadonlyMap<string, LinkFacts>;
  /** Files refused before shaping (unreadable, bad front matter), planned for their reasons. */
  refused: PlanItem[];
  moves: MoveReport;
  /**
   * The pages the plan takes as following a file that names its page, which only the page's parent on the wiki can
   * confirm (MoveReport.undecided): checkFollowedPages looks them up before the plan is shown. Absent when none.
   */
  followsToCheck?: FollowToCheck[];
  /**
   * TreePlanOptions.overwrite: the run's pages below a folder page it takes over (one a stopped run landed) update a
   * page found in their place only with it, as the plan's pages that no record names do.
   */
  overwrite?: boolean;
  /** TreePlanOptions.rootInRepository: the run reads links as the plan did. */
  rootInRepository?: string;
  /**
   * The chosen page the published folder maps to: a link to the folder itself (`../` up to it) goes there when no
   * index or README at the top gives the folder a page of its own (topContentFile).
   */
  parentId?: string;
  /**
   * A part of a tree recorded further up (TreePlanOptions.partOf): the path of its content file at the top, relative
   * to the published folder. That file is the page the tree hangs under, so it is refused, and a link to it goes to
   * that page, as a link to the folder itself does.
   */
  partContent?: string;
  /**
   * The paths (relative to the published folder) the tree's links name that no page of this run is at: none known for
   * them, or only the one the repository records (which an orphan may be, its file deleted or moved).
   */
  unknownLinkPaths?: ReadonlySet<string>;
  /**
   * The repository's entries the wiki refused (TreePlanOptions.refusedEntries), by key: the run takes no page from
   * them, not even for a link.
   */
  refusedEntries?: ReadonlyMap<string, string>;
  /**
   * The pages the plan read on the wiki with their bodies (its check of the recorded pages), by ID: the edit guard of
   * the plan and of its run takes them from here rather than asking again (the runner still looks at each update's page
   * just before sending it, pageRecheck.ts).
   */
  read?: ReadonlyMap<string, WikiPage>;
  /** Of those, the ones nothing is at on disk (sayMissingLinkFiles): the run's links to them say "no such file" too. */
  missingFiles?: ReadonlySet<string>;
  /**
   * The names with a dot that the tree's links write without a slash (`v1.2`) and no page is known for, as folder paths
   * (`v1.2/`, pagePath): taken for files that are not Markdown unless a folder is there on disk (sayMissingLinkFiles).
   */
  dottedLinkPaths?: ReadonlySet<string>;
  /**
   * The folders on disk that links name (`imgs/`; of dottedLinkPaths, `v1.2`) that have no page: no node of the tree
   * (only other files in them, or Markdown left out or refused) and none the repository records (sayMissingLinkFiles).
   */
  pagelessFolders?: ReadonlySet<string>;
  /** TreePlanOptions.outsideLinks: the run sends the links to files outside the folder as the plan foresaw them. */
  outsideLinks?: OutsideLinks;
  /**
   * Without page addresses (TreePlanOptions.pageAddresses false): how many links of the plan's pages reach a page yet
   * stay as written, since no address can be made for it. Said once for the whole plan by the front ends (the fix is
   * one setting), not in each page's cautions. Absent when none.
   */
  linksWithoutAddress?: number;
  /**
   * Where each file refused before the tree was shaped (unreadable, bad front matter) in a subfolder of the published
   * folder would have its page, by its label: its plan was made before the tree's shape was known and names the
   * chosen page, which is where only a file at the top goes. Absent when there are none.
   */
  refusedUnder?: ReadonlyMap<string, RefusedPlace>;
}

/** The folder page a file refused before the tree was shaped would go under (TreePlan.refusedUnder). */
export interface RefusedPlace {
  /** The folder, relative to the published folder (`api/`). */
  parentKey: string;
  /** The folder page's title; undefined when the folder is no page of the plan (all its Markdown refused). */
  parentTitle?: string;
  /** The folder page's ID, when it is known before sending (as its other files' plans take it). */
  parentId?: string;
}

/**
 * What the front ends' entries (planTreeOnDisk, planTreeFromWalk) take: the plan's options, with `wiki` when there is
 * page access. Given, the plan has page access and reads the wiki before it is returned (checkTreeOnWiki: followed
 * pages, the parent page, titles across the space's key and ID, titles held elsewhere in the space, orphans gone from
 * the wiki), so a front end cannot plan a tree with page access and skip those checks. `pageAccess` without `wiki`
 * plans as if the page routes could be read, without reading them: planning alone, as tests of it do.
 */
export type TreeEntryOptions = Omit<TreePlanOptions, 'pageAccess'> & { pageAccess?: boolean; wiki?: TreePlanWiki };

/** The plan's options of an entry's: page access when the wiki is given. */
function planOptionsOf(options: TreeEntryOptions): TreePlanOptions {
  return { ...options, pageAccess: options.wiki !== undefined || options.pageAccess === true };
}

/**
 * Runs `plan` with the wiki's lookups inside the front end's progress (TreePlanWiki.whileLooking), once for all of
 * them, with the signal that stops them; without the wiki, at once.
 */
async function lookingAtWiki<T>(wiki: TreePlanWiki | undefined, plan: (signal: AbortSignal | undefined) => Promise<T>): Promise<T> {
  if (wiki?.whileLooking === undefined) return plan(wiki?.signal);
  let ended: { value: T } | { error: unknown } | undefined;
  await wiki.whileLooking(async (signal) => {
    try {
      ended = { value: await plan(signal) };
    } catch (error) {
      ended = { error };
      throw error;
    }
  });
  // The front end's progress may end quietly on a failure it does not show: the plan's own error is the answer then.
  if (ended === undefined) return plan(wiki.signal);
  if ('error' in ended) throw ended.error;
  return ended.value;
}

/**
 * The options with the repository's record checked on the wiki (checkRecordedEntries), when the entry was given the
 * wiki: before the tree is planned, so that no refused entry gives a page its ID, a page its parent or a link its page.
 * The files that name their own page are checked at the place they name.
 */
async function withEntriesChecked(sources: readonly TreeSource[], options: TreePlanOptions, wiki: TreePlanWiki | undefined, signal: AbortSignal | undefined): Promise<TreePlanOptions> {
  if (wiki === undefined) return options;
  const root = folderKey(options.rootPath);
  const namedPlaces = new Map<string, { spaceId: string; parentId: string }>();
  const present = new Set<string>();
  const followed = new Map<string, string[]>();
  for (const source of sources) {
    const key = keyOfLabel(source.file.label, root);
    if (key === undefined) continue;
    for (let folder = folderAbove(key); folder !== '' && !present.has(folder); folder = folderAbove(folder)) present.add(folder);
    present.add(key);
    const place = source.item.complete;
    if (source.place !== 'pinned' || place === undefined) continue;
    namedPlaces.set(key, { spaceId: place.spaceId, parentId: place.parentId });
    followed.set(place.pageTitle, [...(followed.get(place.pageTitle) ?? []), place.parentId]);
  }
  const check = await checkRecordedEntries(options.identity, { parentId: options.parentId, namedPlaces, present, followed }, wiki.pages, signal, options.treeMessages);
  if (check.refused.size === 0) return { ...options, wikiRead: check.read };
  return { ...options, identity: acceptedEntries(options.identity, check.refused), refusedEntries: check.refused, wikiRead: check.read, ...(check.unread ? { entriesUnread: check.unread } : {}) };
}

/** The wiki's checks of a plan an entry made, when it was given the wiki: after planning, before the guard. */
async function checkedOnWiki(plan: TreePlan, options: TreeEntryOptions, planOptions: TreePlanOptions, signal: AbortSignal | undefined): Promise<TreePlan> {
  if (!options.wiki) return plan;
  const pinned = plan.pinned.filter((item) => isBelow(item.file.label, plan.tree.rootPath));
  const refusedBefore = refusedLinkPaths({ ...plan, pinned });
  await checkTreeOnWiki(plan, options.wiki.pages, { spaceId: options.spaceId, parentId: options.parentId, recorded: options.wiki.parentRecorded }, signal, options.treeMessages);
  // The wiki may refuse pages the links were checked against (a title a file gives the tree's space under its other
  // name): the links to them are checked again, so the plan says they stay as written, as the run will.
  const refusedNow = refusedLinkPaths({ ...plan, pinned });
  if ([...refusedNow].some((path) => !refusedBefore.has(path))) {
    const { unaddressed } = foreseeTreeLinks(plan, pinned, planOptions, { missing: plan.missingFiles ?? new Set(), pageless: plan.pagelessFolders ?? new Set() });
    countLinksWithoutAddress(plan, unaddressed);
  }
  return plan;
}

/** Plans a tree from files read in full: the editor's selection (a few thousand at most). */
export function planTree(sources: readonly SourceFile[], options: TreePlanOptions): TreePlan {
  return planTreeOf(sources.map((source) => digestTreeSource(source, options)), options);
}

/**
 * planTree, with the links to files that are not there said so (sayMissingLinkFiles), looked up from the published
 * folder (`disk.root`) through the front end's port.
 */
export async function planTreeOnDisk<L, M = L>(sources: readonly SourceFile[], entryOptions: TreeEntryOptions, disk: { fs: EntryFs<L>; root: L }, outside?: OutsideLinkPorts<M>): Promise<TreePlan> {
  const options = planOptionsOf(entryOptions);
  const digested = sources.map((source) => digestTreeSource(source, options));
  return lookingAtWiki(entryOptions.wiki, async (signal) => {
    const withOutside = await withOutsideLinks(digested, await withEntriesChecked(digested, options, entryOptions.wiki, signal), outside);
    const plan = planTreeOf(digested, withOutside);
    await sayMissingLinkFiles(plan, withOutside, disk);
    return checkedOnWiki(plan, entryOptions, withOutside, signal);
  });
}

/**
 * The options with the pages of the files outside the published folder that the tree's links name (issue 14 section
 * 3), looked up through the front end's ports as a flat publish looks them up (outsideLinkedPages). Only the links
 * that leave the folder are looked at, and nothing is looked up when there are none.
 */
async function withOutsideLinks<M>(sources: readonly TreeSource[], options: TreePlanOptions, ports: OutsideLinkPorts<M> | undefined): Promise<TreePlanOptions> {
  if (!ports) return options;
  const root = folderKey(options.rootPath);
  const linking: Array<{ fileKey: string; destinations: string[] }> = [];
  for (const source of sources) {
    // Only a file with a link that may leave (linkReachOf, which also leaves out the files outside the folder).
    if ((source.linkReach & LINKS_MAY_LEAVE) === 0) continue;
    const from = source.file.label.slice(root.length);
    const leaving = source.linkFacts.destinations.filter((destination) => {
      const target = linkTarget(destination, from, options.rootInRepository);
      return target.kind === 'file' && target.path === undefined;
    });
    if (leaving.length > 0) linking.push({ fileKey: source.file.key, destinations: leaving });
  }
  if (linking.length === 0) return options;
  return { ...options, outsideLinks: await outsideLinkedPages(linking, ports) };
}

/** How many times `part` occurs in `text`, none overlapping (as `text.split(part).length - 1`, without the pieces). */
function occurrences(text: string, part: string, from = 0): number {
  let count = 0;
  for (let at = text.indexOf(part, from); at !== -1; at = text.indexOf(part, at + part.length)) count++;
  return count;
}

/**
 * Plans a tree from a walk's files, each read, digested and let go (the command line): a plan of 10,000 files holds
 * their facts, not their texts. Only the files an anchored link of the tree names have their headings taken, read
 * again once every file's links are known: most files are the target of no `#anchor` link, and the headings of every
 * file were a tenth of planning a large tree and a list of strings per file held to the end of the run. `root`: the
 * published folder, which links to files that are not there are looked up from (sayMissingLinkFiles).
 */
export async function planTreeFromWalk<L, M = L>(walk: Pick<WalkResult<L>, 'files' | 'refused'>, sourceOptions: SourceOptions<L>, entryOptions: TreeEntryOptions, root: L, outside?: OutsideLinkPorts<M>): Promise<TreePlan> {
  const options = planOptionsOf(entryOptions);
  const digested = await eachSourceFromWalk(walk, sourceOptions, (source) => digestTreeSource(source, options, { headingsLater: true }));
  await takeAnchoredHeadings(digested, options);
  return lookingAtWiki(entryOptions.wiki, async (signal) => {
    const withOutside = await withOutsideLinks(digested, await withEntriesChecked(digested, options, entryOptions.wiki, signal), outside);
    const plan = planTreeOf(digested, withOutside);
    await sayMissingLinkFiles(plan, withOutside, { fs: sourceOptions.fs, root });
    return checkedOnWiki(plan, entryOptions, withOutside, signal);
  });
}

/** The headings of the tree's files that some link of the tree names with an `#anchor`, from each file read again. */
async function takeAnchoredHeadings(sources: readonly TreeSource[], options: TreePlanOptions): Promise<void> {
  const root = folderKey(options.rootPath);
  const anchored = new Set<string>();
  for (const source of sources) {
    // Only a file with a link to another file's heading (linkReachOf).
    if ((source.linkReach & LINKS_NAMING_HEADINGS) === 0) continue;
    const from = source.file.label.slice(root.length);
    for (const destination of source.linkFacts.destinations) {
      if (destination.indexOf('#') <= 0) continue;
      const target = linkTarget(destination, from, options.rootInRepository);
      const path = target.kind === 'file' && target.anchor ? pagePath(target) : undefined;
      // A folder's anchors are its content file's headings (any name the rules take: the shape picks one later).
      if (path !== undefined) anchored.add(`${root}${path}`);
    }
  }
  if (anchored.size === 0) return;
  const named = (label: string): boolean => {
    if (anchored.has(label)) return true;
    const folder = parentFolderOf(label);
    // The published folder's own ('' at the working folder) names its top index or README too.
    return anchored.has(folder) && folderContentRank(nameOf(label), nameOf(folder)) !== undefined;
  };
  for (const source of sources) {
    if (source.place === 'refused' || !named(source.file.label)) continue;
    // Made by the plan's own recipe and checked against its hash: the headings of what the page will show. A file
    // changed since it was read keeps none (its send is refused as changed since the plan anyway).
    const planned = await plannedContent(source.item, options.messages);
    if (planned.ok) source.linkFacts.headings = detachedAll(markdownHeadings(planned.content));
  }
}

/**
 * A tree checks every link of its pages itself (foreseeLinks, whose cautions replace the flat publish's "links to
 * local Markdown files"): the findings need not list them.
 */
const TREE_INSPECTION = Object.freeze({ markdownLinks: false });

/**
 * Plans one file of a tree as far as it can alone, keeping what planTreeOf needs and letting the text go. With
 * `headingsLater`, its headings are left for planTreeFromWalk to take if a link needs them.
 */
export function digestTreeSource(source: SourceFile, options: TreePlanOptions, digest: { headingsLater?: boolean } = {}): TreeSource {
  const prepared = prepareDocument(source.text, options.messages, TREE_INSPECTION);
  const link = options.links.get(source.key);
  const names = prepared.frontMatterTarget;
  // `wiki.pageTitle` alone names the title, not a place: the file stays a page of the tree, under its folder's page.
  const title = names.pageTitle?.trim() ? names.pageTitle : suggestTitle(prepared.frontMatterTitle, prepared.findings.firstHeading, source.label);
  const titleFromName = !prepared.frontMatterTitle?.trim() && !names.pageTitle?.trim() && !prepared.findings.firstHeading?.trim();
  if (source.readProblem !== undefined || prepared.frontMatterProblems.length > 0) {
    const item = planFile(source, link, { defaults: { spaceId: options.spaceId, parentId: options.parentId, pageTitle: title, overwrite: false }, ...messagesOf(options) }, prepared);
    return { file: item.file, place: 'refused', item, title, titleFromName, linkFacts: { headings: [], destinations: [] }, linkReach: 0 };
  }
  if (names.spaceId !== undefined || names.parentId !== undefined) {
    const defaults = { spaceId: options.spaceId, parentId: options.parentId, overwrite: options.overwrite };
    const pinnedLink = link ?? pinnedRecordedLink(source, names.pageTitle, defaults, options);
    const { item, content } = planFileWithContent(source, pinnedLink, { titleFromFile: true, defaults, ...diagramOptions(options), ...messagesOf(options) }, prepared);
    // Its links to the tree's pages become page links like any tree page's (treeRun.ts).
    const linkFacts = linkFactsOf(content, digest.headingsLater === true);
    return { file: item.file, place: 'pinned', item, title, titleFromName, linkFacts, linkReach: linkReachOf(linkFacts.destinations, source.label, options.rootPath) };
  }
  // The tree decides the parent and whether the page exists (planTreeOf); the title is the file's own either way.
  const defaults = { spaceId: options.spaceId, parentId: options.parentId, pageTitle: title, overwrite: options.overwrite };
  const { item, content } = planFileWithContent(source, link, treeItemOptions(options, defaults), prepared);
  const linkFacts = linkFactsOf(content, digest.headingsLater === true);
  const digested: TreeSource = { file: item.file, place: 'tree', item, title, titleFromName, linkFacts, linkReach: linkReachOf(linkFacts.destinations, source.label, options.rootPath) };
  if (holdsOnlyTitle(source.label, item, content, title)) digested.titleOnly = true;
  return digested;
}

/**
 * Whether a file named like its folder's content file (index, README, <folder>.md) holds nothing but its title: what it
 * would send is empty (refused as such, and for nothing else), or is only the heading its title came from (`# Title`,
 * or `Title` over `===`). Asked of those names only, and the heading only of a text of one line, or of two whose
 * second is an underline.
 */
function holdsOnlyTitle(label: string, item: PlanItem, content: string, title: string): boolean {
  if (folderContentRank(nameOf(label), nameOf(parentFolderOf(label))) === undefined) return false;
  if (item.refusals.length > 0) return item.refusals.every((refusal) => refusal.code === 'emptyContent');
  const text = content.trim();
  const oneHeading = text.startsWith('#') ? !/[\r\n]/.test(text) : SETEXT_TITLE_ONLY.test(text);
  return oneHeading && omitTitleHeading(text, title).trim() === '';
}

/** A text of one line of text and an underline of `=` below it: a setext level-one heading, if nothing else. */
const SETEXT_TITLE_ONLY = /^[^\r\n]+\r?\n {0,3}=+$/;

/**
 * A file of the tree whose front matter names its page, published from this machine never: the page the folder's
 * manifest records for it (a teammate's or CI's earlier run). Like a flat publish's recorded link (repositoryLinks.ts)
 * it says which page exists, never that this machine published it (time 0), so the edit guard shows any version it
 * cannot explain, and the run updates the page instead of meeting "already exists". The planner reads it at the place
 * the front matter names (plan.ts, recordAtNamedPlace), as it reads a flat publish's record.
 */
function pinnedRecordedLink(source: SourceFile, pageTitle: string | undefined, defaults: { spaceId: string; parentId: string }, options: TreePlanOptions): PageLink | undefined {
  const root = folderKey(options.rootPath);
  if (!isBelow(source.label, root)) return undefined;
  const recorded = options.identity.get(source.label.slice(root.length));
  if (!recorded) return undefined;
  return { spaceId: defaults.spaceId, parentId: defaults.parentId, pageTitle: pageTitle ?? recorded.title, pageId: recorded.id, publishedAt: 0 };
}

function pinnedFile(item: PlanItem, target: { spaceId: string; parentId: string; pageTitle: string }, treeSpaceId: string): PinnedFile {
  const file: PinnedFile = { path: item.file.label, title: target.pageTitle, parentId: target.parentId, inTreeSpace: target.spaceId === treeSpaceId };
  if (item.link?.pageId !== undefined) file.pageId = item.link.pageId;
  return file;
}

/**
 * A file that names its own page, renamed or moved in the tree, takes the page recorded under its old path
 * (MoveReport.renamed): the place it names is that page's, so it is planned as pinnedRecordedLink plans a recorded one,
 * an update through the edit guard instead of a create that meets "already exists". A link this machine keeps already
 * names the page.
 */
function followRecordedPage(item: PlanItem, pageId: string): void {
  if (item.link || !item.complete) return;
  const { spaceId, parentId, pageTitle } = item.complete;
  const link: PageLink = { spaceId, parentId, pageTitle, pageId, publishedAt: 0 };
  const target = mergeTargets(item.prepared.frontMatterTarget, link, item.target);
  const complete = completeTarget(target);
  item.link = link;
  item.target = target;
  if (complete) item.complete = complete;
  item.linkedPage = complete !== undefined && linkNames(link, complete);
}

/** The options a page of the tree is planned with: one object, member by member (10,000 pages, no spreads). */
function treeItemOptions(options: TreePlanOptions, defaults: PlanOptions['defaults']): PlanOptions {
  const planOptions: PlanOptions = { defaults, force: options.force ?? false, omitTitleHeading: options.omitTitleHeading ?? false, acceptTitleChange: true, placeDecidedLater: true };
  if (options.diagramRenderer) planOptions.diagramRenderer = options.diagramRenderer;
  if (options.diagramsSetting) planOptions.diagramsSetting = options.diagramsSetting;
  if (options.messages) planOptions.messages = options.messages;
  return planOptions;
}

/** The refused and pinned files' plan options take the tree's words this way (a page of the tree: treeItemOptions). */
function messagesOf(options: TreePlanOptions): Pick<PlanOptions, 'messages'> {
  return options.messages ? { messages: options.messages } : {};
}

function diagramOptions(options: TreePlanOptions): Pick<PlanOptions, 'diagramRenderer' | 'diagramsSetting'> {
  return {
    ...(options.diagramRenderer ? { diagramRenderer: options.diagramRenderer } : {}),
    ...(options.diagramsSetting ? { diagramsSetting: options.diagramsSetting } : {}),
  };
}

/**
 * Which link passes need this file (TreeSource.linkReach). A link may leave the published folder only when it climbs
 * (`..`) more often than the file sits folders deep below it, or starts at the repository's root; `%` and `\` may
 * spell either. Each `..` in the text counts as a climb (at least as many as the path's `..` segments), so no link that
 * leaves is missed. A file outside the published folder is looked at by neither pass.
 */
function linkReachOf(destinations: readonly string[], label: string, rootPath: string): number {
  const root = folderKey(rootPath);
  if (destinations.length === 0 || !isBelow(label, root)) return 0;
  const depth = occurrences(label, '/', root.length);
  let reach = 0;
  for (const destination of destinations) {
    if (destination.indexOf('#') > 0) reach |= LINKS_NAMING_HEADINGS;
    if (occurrences(destination, '..') > depth || destination.startsWith('/') || destination.includes('%') || destination.includes('\\')) reach |= LINKS_MAY_LEAVE;
  }
  return reach;
}

function linkFactsOf(content: string, headingsLater = false): LinkFacts {
  // Copied into a list of their own length (the list they were collected in grew by pushes, with room to spare).
  const destinations = detachedAll(linkDestinationTexts(content));
  let ownAnchors = false;
  for (const destination of destinations) if (ownHeadingAnchor(destination) !== undefined) ownAnchors = true;
  // A link to one of its own headings is checked against them now, while the text is at hand.
  return { headings: headingsLater && !ownAnchors ? NO_HEADINGS : detachedAll(markdownHeadings(content)), destinations };
}

/** The tree from its files' facts (digestTreeSource), in label order. */
export function planTreeOf(sources: readonly TreeSource[], given: TreePlanOptions): TreePlan {
  // The chosen page is never a page of the tree (issue 14 section 2). A manifest that names it as its "parent" and
  // records it for a key is refused when read (manifestFormat.ts); one without a "parent" of its own, the parent chosen
  // now (--parent, the prompt), can still record it. Such an entry is no record of a tree page: it is kept out of the
  // plan (a folder's pages would land beside the folder's, directly under the chosen page) and its page refused below.
  const keysOfParent = keysRecordingPage(given.identity, given.parentId);
  const options = keysOfParent.size === 0 ? given : { ...given, identity: identityWithout(given.identity, keysOfParent) };
  const rootPath = folderKey(options.rootPath);
  // One pass sorts the files by place (a plan of 10,000 files filtered them four times over).
  const pinnedSources: TreeSource[] = [];
  const pinned: PlanItem[] = [];
  const refused: PlanItem[] = [];
  const inTree = new Map<string, TreeSource>();
  for (const source of sources) {
    if (source.place === 'tree') inTree.set(source.file.label, source);
    else if (source.place === 'refused') refused.push(source.item);
    else {
      pinned.push(source.item);
      if (isBelow(source.file.label, rootPath)) pinnedSources.push(source);
    }
  }
  const words = options.treeMessages ?? englishTreeMessages;
  // A part of a tree recorded further up hangs under its folder's own page, whose content its index, README or
  // <folder>.md at the top is: as a child page of itself it would be a second page of that title. Refused, with the fix.
  const partContent = options.partOf === undefined ? undefined : topContentSource(inTree, rootPath);
  if (partContent !== undefined && options.partOf !== undefined) {
    inTree.delete(partContent.file.label);
    refuseItem(partContent.item, { code: 'treeParent', message: words.contentOfTreeParent(partContent.file.label, options.parentId, options.partOf.manifest, options.partOf.treeFolder), fix: undefined });
    refused.push(partContent.item);
  }
  const partContentKey = partContent === undefined ? {} : { partContent: partContent.file.label.slice(rootPath.length) };
  const treeInputs: TreeInput[] = [];
  for (const source of inTree.values()) {
    const input: TreeInput = { path: source.file.label, title: source.title, titleFromName: source.titleFromName };
    if (source.titleOnly) input.titleOnly = true;
    treeInputs.push(input);
  }
  const tree = shapeTree(treeInputs, rootPath);
  const keyOf = (path: string): string => path.slice(rootPath.length);
  const previous = new Map<string, RecordedPage>();
  for (const [key, entry] of options.identity.entries()) previous.set(`${rootPath}${key}`, { pageId: entry.id, title: entry.title });
  // A file whose front matter names its page is still there: the page recorded for it is no orphan. Renamed or moved in
  // the tree, it names the same place: the page recorded under its old path is its page.
  const moves = detectMoves(previous, tree, refused.map((item) => item.file.label), pinned.flatMap((item) => (item.complete ? [pinnedFile(item, item.complete, options.spaceId)] : [])), options.parentId);
  const pinnedAt = new Map(pinned.map((item) => [item.file.label, item]));
  // A page that may or may not be at the place a file's front matter names now: with page access the plan takes it as
  // followed and the wiki decides before the plan is shown (checkFollowedPages); without, it stays undecided. This
  // machine's link for the file (the editor moves a file's link with it) tells where it last published the page.
  let followsToCheck: FollowToCheck[] | undefined;
  if (moves.undecided.length > 0) {
    followsToCheck = [];
    const stillUndecided: PageMove[] = [];
    for (const move of moves.undecided) {
      const item = pinnedAt.get(move.path);
      const title = previous.get(move.oldPath)?.title ?? '';
      if (item?.link && item.complete) {
        if (linkNames(item.link, item.complete)) moves.renamed.push(move);
        else moves.orphans.push({ path: move.oldPath, pageId: move.pageId, title });
      } else if (item?.complete && options.pageAccess) {
        followsToCheck.push({ move, title, item, before: { target: item.target, complete: item.complete, linkedPage: item.linkedPage } });
        moves.renamed.push(move);
      } else stillUndecided.push(move);
    }
    moves.undecided = stillUndecided;
    moves.renamed.sort((a, b) => compareRelativePaths(a.path, b.path));
    moves.orphans.sort((a, b) => compareRelativePaths(a.path, b.path));
  }
  for (const rename of moves.renamed) {
    const item = pinnedAt.get(rename.path);
    if (item) followRecordedPage(item, rename.pageId);
  }
  // A file renamed in its folder with its title kept is the same page (the service finds it by title and parent): it
  // takes the recorded page with it, so it is updated through the edit guard, and the run records it under its new key.
  const renamedFrom = new Map(moves.renamed.map((rename) => [keyOf(rename.path), keyOf(rename.oldPath)]));
  const recordedUnderOldKey = (key: string): { id: string; title: string } | undefined => {
    const old = renamedFrom.get(key);
    return old === undefined ? undefined : options.identity.get(old);
  };
  const recordedAt = (key: string): { id: string; title: string } | undefined => options.identity.get(key) ?? recordedUnderOldKey(key);
  const recordedId = (key: string): string | undefined => recordedAt(key)?.id;
  // recordedAt for a page of the tree, by its node's path: `previous` holds the same records under those paths, and a
  // node's path is a key hashed already, where a key cut from it for the identity would be hashed anew for each page.
  const renamedFromPath = new Map(moves.renamed.map((rename) => [rename.path, rename.oldPath]));
  const recordedAtPath = (path: string): RecordedPage | undefined => {
    const own = previous.get(path);
    if (own !== undefined) return own;
    const old = renamedFromPath.get(path);
    return old === undefined ? undefined : previous.get(old);
  };
  // The wiki's anchors of the headings the links name, from the headings of what each page shows now (a generated
  // folder page has none): a link whose heading is anchored otherwise than when it went out is dead on the wiki.
  const headingsOfKey = (key: string): readonly string[] | undefined => {
    const node = tree.byPath.get(`${rootPath}${key}`);
    const source = node?.kind === 'file' ? node.path : node?.contentFrom;
    return source === undefined ? undefined : inTree.get(source)?.linkFacts.headings;
  };
  const pinnedHeadings = new Map(pinnedSources.map((source) => [keyOf(source.file.label), { title: source.item.complete?.pageTitle ?? '', headings: source.linkFacts.headings }]));
  const anchorOf = wikiAnchorByPath(treeHeadingsByPath(tree, headingsOfKey, (path) => pinnedHeadings.get(path)));
  // Without page addresses a run cannot make links reach pages anyway: sending an unchanged page again for its links
  // would only turn its working page links back into file links. (A run without them records that its links reached
  // nothing, so the next run that can make addresses sends it again.)
  const checkLinkTargets = options.pageAddresses !== false;
  // The pages outside the folder that a file's links reach count too (OutsideLinks.reached).
  const outsideReached = (fileKey: string): ((destination: string) => string | undefined) | undefined => {
    const outside = options.outsideLinks;
    return outside ? (destination) => outside.reached(fileKey, destination) : undefined;
  };
  // A title changed back to one a page of this tree holds at that place, known to a record: that page is updated, not
  // created (which would meet "already exists"). Not a retitled page any more, nor, for an orphan's page, an orphan.
  const titledBack = takeTitlesBack({
    tree, moves, spaceId: options.spaceId, chosenParentId: options.parentId, pageAccess: options.pageAccess, recordedId: (path) => recordedAtPath(path)?.pageId,
    linkOf: (node) => nodeLink(node, options.links, (path) => inTree.get(path)?.item.link, (path) => inTree.get(path)?.file.key),
  });
  const retitledFrom = new Map(moves.retitled.map((page) => [page.path, page.title]));
  // What the plan refuses is known before a generated folder page is written, so that it links no child with no page
  // to come: a collision of titles, a page without an ID to learn, or the file's own refusals.
  const collisions = titleCollisions(tree, pinned, options.spaceId, words);
  // A retitled page is a new page too: its ID is learnt after it lands.
  const withoutId = (path: string): boolean => !options.pageAccess && (recordedAtPath(path) === undefined || retitledFrom.has(path));
  const refusedNode = (node: TreeNode): boolean => {
    const source = node.kind === 'file' ? node.path : node.contentFrom;
    const sourceItem = source === undefined ? undefined : inTree.get(source)?.item;
    return collisions.ofNode.has(node) || withoutId(node.path) || keysOfParent.has(keyOf(node.path))
      || (sourceItem !== undefined && (sourceItem.refusals.length > 0 || sourceItem.prepared.frontMatterPageId === options.parentId));
  };
  // The pages the repository does not record whose page this machine's record names at their place (below), by node
  // path: the run sends them there, takes that ID for the pages below a folder page and for the links that reach them
  // (treeRun.ts), so the plan does too, as for a recorded page. Filled as the pages are planned, parents before children.
  const linkedIds = new Map<string, string>();
  // A folder's many children ask for its ID: looked up once per folder, not once per child.
  const parentIds = new Map<string, string | undefined>();
  const parentRecordedId = (parentPath: string): string | undefined => {
    if (parentIds.has(parentPath)) return parentIds.get(parentPath);
    const id = recordedAtPath(parentPath)?.pageId ?? linkedIds.get(parentPath);
    parentIds.set(parentPath, id);
    return id;
  };
  const pages = tree.nodes.map((node): TreePage => {
    const key = keyOf(node.path);
    const ownRecord = previous.get(node.path);
    const recorded = ownRecord ?? recordedAtPath(node.path);
    const oldTitle = retitledFrom.get(node.path);
    const parentId = node.parent === undefined ? options.parentId : parentRecordedId(node.parent);
    const sourcePath = node.kind === 'file' ? node.path : node.contentFrom;
    // A page recorded in the repository is this tree's page: updated. Others are created, or adopted with --overwrite;
    // so is one whose title changed, which the service cannot find by its new title (the recorded page stays).
    const defaults = { spaceId: options.spaceId, parentId: parentId ?? options.parentId, pageTitle: node.title, overwrite: (recorded !== undefined && oldTitle === undefined) || options.overwrite };
    const planned = sourcePath !== undefined ? (inTree.get(sourcePath) as TreeSource) : generatedPage(node, tree, defaults, options, refusedNode);
    // Each file is one page, so its item is this page's (not a copy: members added to a spread copy later, such as the
    // guard's verdict, give every such object a hidden class of its own, about 200 bytes each).
    const item = planned.item;
    // The folder's content file holds nothing but its title: said, since the page shows a list instead of the file.
    if (node.titleFrom !== undefined) item.cautions.push({ code: 'listsChildren', message: words.listsChildren(node.titleFrom) });
    if (node.kind === 'folder') item.link = newestFolderPageLink(node, item.link, options.links, (path) => inTree.get(path)?.file.key);
    const back = titledBack.get(node.path);
    // The page its title is back to: what the guard compares, and what the target names (an update of it).
    if (back !== undefined) item.link = back.link;
    // This machine's record (the editor's memory, the CLI's --state) of the page at this very place is the file's own
    // page, updated through the edit guard as in a flat run, also when the repository records no page for it
    // (--no-record, or a CI runner whose .wiki-pages.json was never committed): a create would meet "already exists".
    if (oldTitle === undefined && parentId !== undefined && linkNames(item.link, defaults)) defaults.overwrite = true;
    // The tree decides the target: the node's title under its folder's page, whatever a per-machine link remembers.
    item.target = defaults;
    // Complete, so also the complete target: one object, as planFileWithContent keeps it (neither is changed in place).
    item.complete = defaults;
    item.linkedPage = parentId !== undefined && linkNames(item.link, defaults);
    const linkedId = recorded === undefined && oldTitle === undefined && item.linkedPage ? item.link?.pageId : undefined;
    if (linkedId !== undefined) linkedIds.set(node.path, linkedId);
    // Whether the pages its links reach have other IDs now is asked once every page's ID is known (below).
    const unchanged = !options.force && item.linkedPage && item.link?.contentSha256 === item.contentSha256;
    item.state = item.refusals.length > 0 ? 'refused' : unchanged ? 'unchanged' : 'send';
    // The guard needs a link to compare with: the repository's page, published from here never (time 0). A retitled
    // page's link names its old title, so the guard looks for the new one as for any new page.
    if (recorded !== undefined && item.link === undefined) {
      // Written out, not spread: a spread followed by more members gives every such object a hidden class of its own.
      item.link = { spaceId: defaults.spaceId, parentId: defaults.parentId, pageTitle: oldTitle ?? defaults.pageTitle, pageId: recorded.pageId, publishedAt: 0 };
      item.linkedPage = parentId !== undefined && oldTitle === undefined;
    }
    if (oldTitle !== undefined && recorded !== undefined) {
      item.cautions.push({ code: 'leavesPage', message: words.retitledPage(oldTitle, node.title, recorded.pageId) });
      if (item.state === 'unchanged') item.state = 'send';
    }
    // The recorded page's ID written in whole (most pages of a large tree have one): a member added afterwards costs
    // the page a second object for its members. The rarer members are added one by one, in this order, rather than
    // spread in: a spread of a conditional object per page made 10,000 short-lived objects.
    const parentKnown = parentId !== undefined;
    const page: TreePage = recorded ? { node, linkFacts: planned.linkFacts, key, item, parentKnown, pageId: recorded.pageId } : { node, linkFacts: planned.linkFacts, key, item, parentKnown };
    if (linkedId !== undefined) page.linkedPageId = linkedId;
    const oldKey = ownRecord === undefined ? renamedFrom.get(key) : undefined;
    if (oldKey !== undefined) page.renamedFrom = oldKey;
    if (oldTitle !== undefined) page.retitledFrom = oldTitle;
    if (back !== undefined) {
      page.titledBackTo = back.pageId;
      item.cautions.push({ code: 'titledBack', message: words.titledBack(back.left.title, node.title, back.pageId, back.left.pageId) });
      // Its text may be as that page last had it, but the records name the page it leaves: sent, so both point at it again.
      if (item.state === 'unchanged') item.state = 'send';
    }
    return page;
  });
  const pinnedLinkFacts = new Map(pinnedSources.map((source) => [keyOf(source.file.label), source.linkFacts]));
  // The same text sends dead links when a page it links to has another ID than when it last went out. Each page's ID
  // as the run takes it for links: the repository's record first, then this machine's record of the page at that very
  // place (a run with --no-record, or a CI runner whose .wiki-pages.json was never committed, records only the latter),
  // and so for a file that names its own page (pinnedLinkedPages).
  const pinnedLinked = pinnedLinkedPages(pinnedSources.map((source) => source.item), rootPath, options.identity);
  const idOfNode = (path: string): string | undefined => titledBack.get(path)?.pageId ?? (retitledFrom.has(path) ? undefined : recordedAtPath(path)?.pageId) ?? linkedIds.get(path);
  // A page this run creates (no ID yet, sent, not refused) is reached by the links to it once it lands: what a linking
  // page will send differs from what its page holds, so it goes, after that page (runSchedule.ts), not as unchanged
  // and again later. Its stand-in ID is only ever compared, never sent: the notice digests the IDs the send reached.
  const createdHere = new Set(pages.filter((page) => page.item.state === 'send' && idOfNode(page.node.path) === undefined && !refusedNode(page.node)).map((page) => page.node.path));
  const knownPageOf = treePageIdByNodePath(tree, (path) => idOfNode(path) ?? (createdHere.has(path) ? `new:${path}` : undefined), (path) => recordedId(path) ?? pinnedLinked.get(path)?.id);
  // What each page's links reach now, as the run will digest them when it sends the page (treeRun.ts): kept on the item
  // (PlanItem.linkTargets), since the wiki's notice of the page's last publish says whether its content and these were
  // what it holds (run/pageNotice.ts). Without page addresses no link reaches a page, as the run takes them.
  const pageIdForLinks = checkLinkTargets ? knownPageOf : NO_PAGE;
  for (const page of pages) {
    const item = page.item;
    const reachedNow = linkTargetsDigest(page.linkFacts.destinations, linkingFileOf(page.node, rootPath), pageIdForLinks, options.rootInRepository, anchorOf, checkLinkTargets ? outsideReached(item.file.key) : undefined);
    item.linkTargets = reachedNow;
    // Written out, not through linksReachOtherPages: no closure for each of 10,000 pages.
    const reachedBefore = checkLinkTargets && item.state === 'unchanged' ? item.link?.linkTargets : undefined;
    if (reachedBefore !== undefined && reachedBefore !== reachedNow) item.state = 'send';
  }
  // A file that names its own page links to the tree's pages as a tree page does.
  for (const { item, file, linkFacts } of pinnedSources) {
    const reachedNow = (): string | undefined => (checkLinkTargets ? linkTargetsDigest(linkFacts.destinations, keyOf(file.label), knownPageOf, options.rootInRepository, anchorOf, outsideReached(file.key)) : undefined);
    const reached = reachedNow();
    if (reached !== undefined) item.linkTargets = reached;
    if (linksReachOtherPages(item, reachedNow)) item.state = 'send';
  }
  for (const page of pages) refuse(page.item, collisions.ofNode.get(page.node));
  if (keysOfParent.size > 0) {
    for (const page of pages) {
      if (keysOfParent.has(page.key)) refuse(page.item, { code: 'treeParent', message: words.recordedAsParent(page.key, options.parentId), fix: undefined });
    }
  }
  for (const item of pinned) refuse(item, collisions.ofPinned.get(item));
  // Nor is the chosen page ever rewritten: a file whose front matter names it (its wiki.pageId, or the place this
  // machine last published it to) is refused, as is one the folder's manifest records it for (keysOfParent). By title
  // and parent only the chosen page's own title and parent tell, which page access reads (checkTreeParent).
  for (const page of pages) {
    if (page.item.prepared.frontMatterPageId === options.parentId) refuse(page.item, namesChosenPageById(page.item, options.parentId, words));
  }
  for (const item of pinned) {
    const key = isBelow(item.file.label, rootPath) ? keyOf(item.file.label) : undefined;
    // The front matter's own word first; then the manifest's record, which a link made from it would only repeat.
    const recordedForIt = key !== undefined && keysOfParent.has(key) && item.prepared.frontMatterPageId !== options.parentId;
    refuse(item, recordedForIt ? { code: 'treeParent', message: words.recordedAsParent(key, options.parentId), fix: undefined } : namesChosenPageById(item, options.parentId, words));
  }
  if (!options.pageAccess) cautionUncheckedChosenPage(pinned, options.parentId, undefined, words);
  // As withoutId, from what the page says already: its recorded page, and whether that page is left for a new title.
  refuseWithoutIds(pages, (page) => !options.pageAccess && (page.pageId === undefined || page.retitledFrom !== undefined), words);
  refuseByRecord(pages, pinned, options, rootPath, words);
  refuseUnderRefusedFolders(pages, words);
  // After the refusals: a link to a page the plan refuses is named now, as the run names it, not found out after.
  const { unknown, dotted, unaddressed } = foreseeTreeLinks({ tree, pages, pinnedLinkFacts, refused, ...partContentKey }, pinnedSources.map((source) => source.item), options);
  const refusedUnder = placesOfRefused(refused, tree, parentRecordedId);
  return {
    tree, pages, pinned, pinnedLinkFacts, refused, moves, overwrite: options.overwrite, rootInRepository: options.rootInRepository, parentId: options.parentId,
    ...(followsToCheck !== undefined && followsToCheck.length > 0 ? { followsToCheck } : {}),
    ...(unknown.size > 0 ? { unknownLinkPaths: unknown } : {}),
    ...(dotted.size > 0 ? { dottedLinkPaths: dotted } : {}),
    ...(options.outsideLinks ? { outsideLinks: options.outsideLinks } : {}),
    ...(unaddressed > 0 ? { linksWithoutAddress: unaddressed } : {}),
    ...(refusedUnder !== undefined ? { refusedUnder } : {}),
    ...(options.refusedEntries !== undefined && options.refusedEntries.size > 0 ? { refusedEntries: options.refusedEntries } : {}),
    ...(options.wikiRead !== undefined ? { read: options.wikiRead } : {}),
    ...partContentKey,
  };
}

/**
 * The pages and files whose record the wiki refused (TreePlanOptions.refusedEntries), and, without page access, every
 * one that would be sent to a page only the repository's record names: a record is never used unchecked. The pages
 * below a refused folder page are refused after (refuseUnderRefusedFolders).
 */
function refuseByRecord(pages: readonly TreePage[], pinned: readonly PlanItem[], options: TreePlanOptions, rootPath: string, words: TreeMessages): void {
  const refused = options.refusedEntries;
  const at = (key: string): string => options.identity.locate?.(key) ?? key;
  const byRecord = (item: PlanItem, key: string, pageId: string | undefined): void => {
    const reason = refused?.get(key);
    if (reason !== undefined) {
      refuseItem(item, { code: 'recordedEntry', message: reason, fix: undefined });
      if (options.entriesUnread !== undefined) item.guard = options.entriesUnread;
    }
    else if (!options.pageAccess && pageId !== undefined && item.state === 'send') refuseItem(item, { code: 'noPageAccess', message: words.entryUnchecked(at(key), key, pageId), fix: undefined });
  };
  for (const page of pages) byRecord(page.item, page.renamedFrom ?? page.key, page.pageId);
  for (const item of pinned) {
    const key = keyOfLabel(item.file.label, rootPath);
    if (key !== undefined) byRecord(item, key, reliesOnRecord(item) ? item.link?.pageId : undefined);
  }
}

/** The file at the top of the published folder that would be its content, as a folder's (index, README, <folder>.md). */
function topContentSource(inTree: ReadonlyMap<string, TreeSource>, rootPath: string): TreeSource | undefined {
  const top: Array<{ path: string; source: TreeSource }> = [];
  for (const [label, source] of inTree) if (isBelow(label, rootPath) && !label.slice(rootPath.length).includes('/')) top.push({ path: label, source });
  return folderContentFile(top, nameOf(rootPath))?.source;
}

/** TreePlan.refusedUnder: each refused file's folder below the published folder, with its page as the tree plans it. */
function placesOfRefused(refused: readonly PlanItem[], tree: PageTree, parentRecordedId: (folderPath: string) => string | undefined): Map<string, RefusedPlace> | undefined {
  let places: Map<string, RefusedPlace> | undefined;
  for (const item of refused) {
    const folder = parentFolderOf(item.file.label);
    if (!isBelow(folder, tree.rootPath)) continue;
    const place: RefusedPlace = { parentKey: folder.slice(tree.rootPath.length) };
    const node = tree.byPath.get(folder);
    if (node !== undefined) {
      place.parentTitle = node.title;
      const id = parentRecordedId(folder);
      if (id !== undefined) place.parentId = id;
    }
    (places ??= new Map()).set(item.file.label, place);
  }
  return places;
}

/** TreePlan.linksWithoutAddress, from a check of every page's links again. */
function countLinksWithoutAddress(plan: TreePlan, unaddressed: number): void {
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
  const unrecordedFolder = (path: string, entry: L | typeof ABSENT | undefined): boolean =>
    isLocation(entry) && options.identity.get(path) === undefined && !(refused ??= refusedLinkPaths(plan)).has(path);
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
function foreseeTreeLinks(
  plan: Pick<TreePlan, 'tree' | 'pages' | 'pinnedLinkFacts' | 'refused' | 'partContent'>, pinned: readonly PlanItem[], options: TreePlanOptions,
  onDisk: { missing: ReadonlySet<string>; pageless: ReadonlySet<string> } = { missing: new Set(), pageless: new Set() }, only: (item: PlanItem) => boolean = () => true,
): { unknown: ReadonlySet<string>; dotted: ReadonlySet<string>; unaddressed: number } {
  const rootPath = plan.tree.rootPath;
  const headingsOf = new Map<string, readonly string[]>();
  // Filled in a loop: a pair array for each page was only ever read by the Map.
  for (const page of plan.pages) headingsOf.set(page.key, page.linkFacts.headings);
  for (const [key, facts] of plan.pinnedLinkFacts) headingsOf.set(key, facts.headings);
  // A file that names its own page and is sent gets its page in this run, as a tree page does: links to it are no
  // links to an unknown page.
  const pinnedTitles = new Map(pinned.flatMap((item) => item.complete && item.state !== 'refused' ? [[item.file.label.slice(rootPath.length), item.complete.pageTitle] as const] : []));
  const refused = refusedLinkPaths({ tree: plan.tree, pages: plan.pages, refused: plan.refused, pinned });
  const known: ForeseenPages = {
    headingsOf, anchorMatchers: new Map(), addressable: options.pageAddresses !== false, pinnedTitles, rootInRepository: options.rootInRepository,
    unknown: new Set(), dotted: new Set(), missing: onDisk.missing, pageless: onDisk.pageless, refused, outside: options.outsideLinks,
  };
  const resolvePage = treePageLookup(known, plan.tree, options.identity, plan.partContent);
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

/** The tree's pages level by level, the top level first: how a run sends them (parents before children). */
export function pagesByLevel(pages: readonly TreePage[]): TreePage[][] {
  const levels = new Map<number, TreePage[]>();
  for (const page of pages) {
    const level = levels.get(page.node.depth);
    if (level) level.push(page);
    else levels.set(page.node.depth, [page]);
  }
  return [...levels].sort(([a], [b]) => a - b).map(([, level]) => level);
}

/**
 * How the front ends' link stores know a folder page generated from its children: it has no file, so no file's key.
 * Its link, like a file's, holds the hash of what it last sent, so a re-run leaves an unchanged listing alone.
 */
export function generatedPageKey(folderPath: string): string {
  return `tree:${folderPath}`;
}

/** Whether a link-store key is a generated folder page's (no file behind it: nothing to read, pull or decorate). */
export function isGeneratedPageKey(key: string): boolean {
  return key.startsWith('tree:');
}

/**
 * This machine's links for a tree's files, and for the folder pages it may generate from them (they have no file, so
 * no front end would think to ask for them): what planTree compares with to leave unchanged pages alone.
 */
export async function treeLinks(files: ReadonlyArray<{ key: string; label: string }>, rootPath: string, store: Pick<LinkStore, 'get'> | undefined): Promise<Map<string, PageLink | undefined>> {
  const links = new Map<string, PageLink | undefined>();
  // Without a store every file is unlinked, which an empty map says as well: no await for each of 10,000 keys.
  if (!store) return links;
  const keys = [...files.map((file) => file.key), ...generatedPageKeys(files.map((file) => file.label), rootPath)];
  for (const key of keys) links.set(key, await store.get(key));
  return links;
}

/** The keys every folder below the published root that holds one of these files would have as a generated page. */
function generatedPageKeys(labels: Iterable<string>, rootPath: string): string[] {
  const root = folderKey(rootPath);
  const keys = new Set<string>();
  for (const label of labels) {
    if (!isBelow(label, root)) continue;
    // A folder already listed has its ancestors listed too.
    for (let folder = parentFolderOf(label); folder.length > root.length && !keys.has(generatedPageKey(folder)); folder = parentFolderOf(folder)) {
      keys.add(generatedPageKey(folder));
    }
  }
  return [...keys];
}

/**
 * A folder page without a content file: the list of its children, made here (it has no file to read again). A child
 * the plan refuses is listed without a link (generatedFolderPage).
 */
function generatedPage(node: TreeNode, tree: PageTree, defaults: PlanOptions['defaults'], options: TreePlanOptions, refused: (child: TreeNode) => boolean): Pick<TreeSource, 'item' | 'linkFacts'> {
  const page = generatedFolderPage(node, tree, refused);
  const source: SourceFile = { key: generatedPageKey(node.path), label: node.path, text: page.markdown };
  const { item } = planFileWithContent(source, options.links.get(source.key), treeItemOptions(options, defaults), prepareDocument(source.text, options.messages, TREE_INSPECTION));
  // A list of links has no headings; its links are the generator's (test/unit/pageTree.test.ts parses them back).
  return { item, linkFacts: { headings: NO_HEADINGS, destinations: page.destinations } };
}

/**
 * This machine's record of the page a node publishes: a file's own; a folder's, its content file's or its generated
 * page's, whichever is newer (newestFolderPageLink).
 */
function nodeLink(node: TreeNode, links: ReadonlyMap<string, PageLink | undefined>, linkOfFile: (path: string) => PageLink | undefined, keyOfFile: (path: string) => string | undefined): PageLink | undefined {
  if (node.kind === 'file') return linkOfFile(node.path);
  const own = node.contentFrom !== undefined ? linkOfFile(node.contentFrom) : links.get(generatedPageKey(node.path));
  return newestFolderPageLink(node, own, links, keyOfFile);
}

/**
 * This machine publishes a folder page under its content file's key, or under the folder's own (generatedPageKey) when
 * it lists its children. A folder whose page switched between the two (a content file added, emptied to its title,
 * given text again) has a link under each, and only the newer one says what the page holds now and at which version:
 * compared with the older, a listing the page no longer shows would be taken as unchanged, or a version this machine
 * wrote under the other key as an edit on the wiki. The newer is a higher version of the same page.
 */
function newestFolderPageLink(node: TreeNode, own: PageLink | undefined, links: ReadonlyMap<string, PageLink | undefined>, keyOfFile: (path: string) => string | undefined): PageLink | undefined {
  if (own?.pageId === undefined || own.version === undefined) return own;
  const file = node.contentFrom ?? node.titleFrom;
  const fileKey = file === undefined ? undefined : keyOfFile(file);
  let newest = own;
  for (const key of [generatedPageKey(node.path), fileKey]) {
    const other = key === undefined ? undefined : links.get(key);
    if (other?.pageId === own.pageId && other.version !== undefined && other.version > (newest.version ?? 0)) newest = other;
  }
  return newest;
}

/** What foreseeLinks knows of the tree's pages, shared by all of them: headings by key, anchor matchers by stand-in address. */
interface ForeseenPages {
  headingsOf: ReadonlyMap<string, readonly string[]>;
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
  const result = foreseeRewrite(linkFacts.destinations, {
    filePath,
    rootInRepository: known.rootInRepository,
    resolvePage,
    ...(outside ? { resolveOutside: (destination: string) => outside.page(item.file.key, destination) } : {}),
    anchorMatchers: known.anchorMatchers,
    ownPage: { title: item.complete?.pageTitle ?? '', headings: linkFacts.headings },
  });
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
const NO_PAGE = (): undefined => undefined;

/** A link to the published folder, without a file at its top to name, as the plan sees it: the chosen page (its address stood in for). */
const CHOSEN_PAGE: LinkedPage = Object.freeze({ url: 'page:', title: '', headings: Object.freeze([]) });

/** The page a link of the tree names, by its path relative to the published folder: one lookup for every page's links. */
function treePageLookup(known: ForeseenPages, tree: PageTree, identity: TreeIdentity, partContent: string | undefined): RewriteContext['resolvePage'] {
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
    return { url: `page:${key}`, title, headings: known.headingsOf.get(key) ?? [] };
  };
  return lookUp;
}

/**
 * The platform keeps a title unique in a space, ignoring case: two pages of one tree with one title cannot both land,
 * nor a tree page and a file whose front matter names its own page in the tree's space (pinned), nor two such files
 * in any one space (the tree's or another: under one parent the second would even overwrite the first with
 * --overwrite). planTree plans pinned files one by one, so this is the only check of their titles: each is refused
 * once for it. Found from the titles alone, before the pages are planned: a generated folder page does not link a
 * refused child.
 */
function titleCollisions(tree: PageTree, pinned: readonly PlanItem[], spaceId: string, words: TreeMessages): { ofNode: Map<TreeNode, Blocker>; ofPinned: Map<PlanItem, Blocker> } {
  // Filled in loops, not spread from mapped arrays: one entry per page of the tree.
  const titled: Array<{ name: string; space: string; title: string; node: TreeNode | undefined; pinned: PlanItem | undefined; generated: boolean }> = [];
  // A folder page is named by its content file, the file to edit; a generated one has only its folder.
  // One titled by a content file that holds nothing but its title is named by that file, which holds the title to edit.
  for (const node of tree.nodes) titled.push({ name: node.contentFrom ?? node.titleFrom ?? node.path, space: spaceId, title: node.title, node, pinned: undefined, generated: node.generated === true && node.titleFrom === undefined });
  // One that is refused takes no title; an unchanged one holds its title already.
  for (const item of pinned) {
    if (item.complete && item.state !== 'refused') titled.push({ name: item.file.label, space: item.complete.spaceId, title: item.complete.pageTitle, node: undefined, pinned: item, generated: false });
  }
  const found = { ofNode: new Map<TreeNode, Blocker>(), ofPinned: new Map<PlanItem, Blocker>() };
  for (const group of groupByTitleInSpace(titled, (entry) => entry.title, (entry) => entry.space)) {
    for (const entry of group) {
      const others = otherNames(group, (other) => other !== entry, (other) => other.name);
      // A generated folder page has no file to retitle: its title is its folder's name.
      const message = entry.generated ? words.generatedTitleCollision(entry.title, others) : words.titleCollision(entry.title, others);
      const refusal: Blocker = { code: 'duplicatePage', message, fix: entry.generated ? undefined : 'editFile' };
      if (entry.node) found.ofNode.set(entry.node, refusal);
      else if (entry.pinned) found.ofPinned.set(entry.pinned, refusal);
    }
  }
  return found;
}

/** The keys of `identity` that record the page `pageId`. */
function keysRecordingPage(identity: TreeIdentity, pageId: string): ReadonlySet<string> {
  const keys = new Set<string>();
  for (const [key, entry] of identity.entries()) if (entry.id === pageId) keys.add(key);
  return keys;
}

/** `identity` as if it did not record `keys`. */
function identityWithout(identity: TreeIdentity, keys: ReadonlySet<string>): TreeIdentity {
  return {
    get: (key) => (keys.has(key) ? undefined : identity.get(key)),
    entries: () => identity.entries().filter(([key]) => !keys.has(key)),
  };
}

function refuse(item: PlanItem, refusal: Blocker | undefined): void {
  if (refusal === undefined) return;
  refuseItem(item, refusal);
}

/**
 * A page under a folder page the plan refuses, with no page recorded for that folder, has no parent to land under: the
 * run would refuse it (parentNotPublished), so the plan does, and so every page below it. Pages come parents first.
 * Below a folder page refused only for want of page access, the refusal is of that kind too: a plan without page access
 * (a fork's pull request) then describes the page as one a publish with access sends (planDigest.ts), which it is,
 * since that publish creates the folder page first.
 */
export function refuseUnderRefusedFolders(pages: readonly TreePage[], words: TreeMessages): void {
  // Each refused folder page by its path: its title, and whether page access is all it lacks.
  const refusedFolders = new Map<string, { title: string; accessOnly: boolean }>();
  for (const page of pages) {
    const parent = page.node.parent === undefined || page.parentKnown ? undefined : refusedFolders.get(page.node.parent);
    if (parent !== undefined && page.item.state !== 'refused') {
      refuse(page.item, { code: parent.accessOnly ? 'noPageAccess' : 'duplicatePage', message: words.parentRefused(parent.title), fix: undefined });
    }
    if (page.node.kind === 'folder' && page.item.state === 'refused') {
      const accessOnly = refusedForWantOfWiki(page.item);
      refusedFolders.set(page.node.path, { title: page.node.title, accessOnly });
    }
  }
}

/** A new page's ID is learnt after it lands through the page routes; without them its children would have no parent. */
function refuseWithoutIds(pages: readonly TreePage[], withoutId: (page: TreePage) => boolean, words: TreeMessages): void {
  for (const page of pages) {
    if (!withoutId(page) || page.item.state === 'refused') continue;
    refuseItem(page.item, { code: 'noPageAccess', message: words.noPageAccess(), fix: undefined });
  }
}

export { nodeOfFile };
