// Planning a folder as a page tree (issue 14): the files that name their own page in front matter publish there as
// before; the rest are shaped into the tree (shape.ts), each node planned like any file (plan.ts) with its title and,
// where the repository records it, its page. Refused before anything is sent: titles used twice in the tree, a tree
// that needs page IDs nobody can find (no page access, pages not recorded), and a file whose front matter names the
// chosen parent page itself, which a tree never rewrites (chosenPage.ts). Moves and orphans are reported. With page
// access the front ends' entries (planTreeOnDisk, planTreeFromWalk) read the wiki before they return the plan
// (checkTreeOnWiki, treeParent.ts): a step of planning, not a call each front end must remember. This file holds those
// entries; the planning itself is planTreeOf.ts, each file read once treeSource.ts, the links plannedTreeLinks.ts, the
// refusals treeRefusals.ts.
import { markdownHeadings } from '../links/rewrite';
import type { SourceFile } from '../walk/sourceFile';
import { detachedAll } from '../util/detached';
import { linkTarget, pagePath } from '../links/rewrite/linkTarget';
import { plannedContent } from '../run/plannedContent';
import { outsideLinkedPages, type OutsideLinkPorts } from '../run/fileLinks';
import type { OutsideLinks } from '../run/outsideLinks';
import type { EntryFs } from '../walk/entryAt';
import { eachSourceFromWalk, type SourceOptions } from '../walk/sources';
import type { WalkResult } from '../walk/walk';
import { checkTreeOnWiki, type TreePlanWiki } from './treeParent';
import { acceptedEntries, checkRecordedEntries, folderAbove, keyOfLabel, readRecordedPages } from './recordedEntries';
import { withSpacesAskedOnce } from '../wikiPages/spacesAskedOnce';
import type { WikiPage } from '../wikiPages';
import { contentFileNames, folderContentRank } from './folderPage';
import { recordsRenamedOnWikiInCase } from './caseOnlyTitles';
import { folderKey, isBelow, nameOf, parentFolderOf } from '../walk/relativePaths';
import { nodeOfFile } from './shape';
import type { TreePlan, TreePlanOptions, TreeSource } from './treePlanTypes';
import { digestTreeSource, LINKS_MAY_LEAVE, LINKS_NAMING_HEADINGS } from './treeSource';
import { planTreeOf } from './planTreeOf';
import { findUnrecordedTreePages, identityWithFound } from './foundTreePages';
import { countLinksWithoutAddress, foreseeTreeLinks, refusedLinkPaths, sayMissingLinkFiles } from './plannedTreeLinks';

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

/** The entry's wiki for one plan: each space asked of the wiki once (withSpacesAskedOnce). */
function wikiOfOnePlan(wiki: TreePlanWiki | undefined): TreePlanWiki | undefined {
  return wiki === undefined ? undefined : { ...wiki, pages: withSpacesAskedOnce(wiki.pages) };
}

/**
 * What the plan will ask the wiki first, asked now, while the files are still read: the recorded pages and the chosen
 * parent (readRecordedPages), and the tree's space. Only where the lookups run at once (no front end's progress to
 * run them in: the command line), so that a run waits for the wiki and the disk together, not one after the other.
 */
function askedAhead(options: TreePlanOptions, wiki: TreePlanWiki | undefined): Promise<Map<string, WikiPage>> | undefined {
  if (wiki === undefined || wiki.whileLooking !== undefined) return undefined;
  wiki.pages.resolveSpace(options.spaceId, wiki.signal).catch(() => undefined);
  const read = readRecordedPages(options.identity, options.parentId, wiki.pages, wiki.signal);
  // Awaited by the check of the entries, which says a failure; until then it must not count as unhandled.
  read?.catch(() => undefined);
  return read;
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
 * The files that name their own page are checked at the place they name. Then the pages no record names are looked
 * for where the tree puts them (foundTreePages.ts), and those found are planned as if recorded.
 */
async function withEntriesChecked(sources: readonly TreeSource[], options: TreePlanOptions, wiki: TreePlanWiki | undefined, signal: AbortSignal | undefined, readAhead?: Promise<Map<string, WikiPage>>): Promise<TreePlanOptions> {
  if (wiki === undefined) return options;
  const root = folderKey(options.rootPath);
  const namedPlaces = new Map<string, { spaceId: string; parentId: string }>();
  const present = new Set<string>();
  const followed = new Map<string, string[]>();
  // Where each page of the tree may have been published from: a file by its label and its full path (a publish from
  // another working folder labels it otherwise), a folder's page also from the files it holds itself (its content file).
  const filesAt = new Map<string, string[]>();
  const add = (key: string, ...paths: string[]): void => {
    filesAt.set(key, [...(filesAt.get(key) ?? [`${root}${key}`]), ...paths]);
  };
  for (const source of sources) {
    const key = keyOfLabel(source.file.label, root);
    if (key === undefined) continue;
    const { label, key: fullPath } = source.file;
    add(key, fullPath);
    const folder = folderAbove(key);
    // The folder's full path, where the file's is written as the key ends (a plain path, not an escaped URI).
    if (folder !== '') add(folder, label, fullPath, ...(fullPath.endsWith(key) ? [fullPath.slice(0, fullPath.length - key.length + folder.length)] : []));
    for (let folder = folderAbove(key); folder !== '' && !present.has(folder); folder = folderAbove(folder)) present.add(folder);
    present.add(key);
    const place = source.item.complete;
    if (source.place !== 'pinned' || place === undefined) continue;
    namedPlaces.set(key, { spaceId: place.spaceId, parentId: place.parentId });
    followed.set(place.pageTitle, [...(followed.get(place.pageTitle) ?? []), place.parentId]);
  }
  // A folder's page: also from a content file it held before (renamed away since, or the folder itself renamed).
  const filesOf = (key: string): string[] => {
    const files = filesAt.get(key) ?? [`${root}${key}`];
    return key.endsWith('/') ? [...files, ...contentFileNames(nameOf(key.slice(0, -1))).map((name) => `${root}${key}${name}`)] : files;
  };
  const check = await checkRecordedEntries(options.identity, { parentId: options.parentId, namedPlaces, present, followed, filesOf }, wiki.pages, signal, options.treeMessages, readAhead);
  const checked: TreePlanOptions = check.refused.size === 0
    ? { ...options, wikiRead: check.read }
    : {
      ...options, identity: acceptedEntries(options.identity, check.refused), refusedEntries: check.refused, refusedEntryPages: recordedPagesOf(options.identity, check.refused),
      wikiRead: check.read, ...(check.unread ? { entriesUnread: check.unread } : {}),
    };
  // The wiki could not be read: nothing more is asked of it (the refusals say why).
  if (check.unread) return checked;
  // A recorded page gone from the wiki may have been made anew at its place by a run whose record this one lacks (another
  // clone or branch a run ahead): looked for as an unrecorded page is, and taken when it carries its file's notice, so
  // that the plan's links reach it as the run's will. Not found, the plan makes it anew, saying it was deleted.
  const read = checked.wikiRead ?? new Map<string, WikiPage>();
  const gone = new Map(checked.identity.entries().filter(([, entry]) => !read.has(entry.id)).map(([key]) => [key, '']));
  const found = await findUnrecordedTreePages(sources, { ...checked, identity: acceptedEntries(checked.identity, gone) }, wiki.pages, signal);
  if (found === undefined) return checked;
  const madeAnew = new Map([...gone].filter(([key]) => found.entries.has(key)));
  return {
    ...checked, identity: identityWithFound(acceptedEntries(checked.identity, madeAnew), found.entries), foundEntries: found.entries, foundByMarkerOnly: found.byMarkerOnly,
    wikiRead: new Map([...read, ...found.read]),
  };
}

/** The page each refused entry recorded, by key. */
function recordedPagesOf(identity: TreePlanOptions['identity'], refused: ReadonlyMap<string, string>): Map<string, string> {
  const pages = new Map<string, string>();
  for (const key of refused.keys()) {
    const id = identity.get(key)?.id;
    if (id !== undefined) pages.set(key, id);
  }
  return pages;
}

/** The wiki's checks of a plan an entry made, when it was given the wiki: after planning, before the guard. */
async function checkedOnWiki(plan: TreePlan, options: TreeEntryOptions, planOptions: TreePlanOptions, signal: AbortSignal | undefined): Promise<TreePlan> {
  if (!options.wiki) return plan;
  const pinned = plan.pinned.filter((item) => isBelow(item.file.label, plan.tree.rootPath));
  const refusedBefore = refusedLinkPaths({ ...plan, pinned });
  await checkTreeOnWiki(plan, options.wiki.pages, { spaceId: options.spaceId, parentId: options.parentId, recorded: options.wiki.parentRecorded, read: planOptions.wikiRead }, signal, options.treeMessages);
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
  const wiki = wikiOfOnePlan(entryOptions.wiki);
  const digested = sources.map((source) => digestTreeSource(source, options));
  return lookingAtWiki(wiki, async (signal) => {
    const withOutside = await checkedWithOutsideLinks(digested, withEntriesChecked(digested, options, wiki, signal), options, outside);
    const plan = planTreeOf(digested, withOutside);
    await sayMissingLinkFiles(plan, withOutside, disk);
    return checkedOnWiki(plan, { ...entryOptions, wiki }, withOutside, signal);
  });
}

/**
 * The options the wiki's check of the recorded entries gives (`checking`), with the pages of the files outside the
 * published folder that the tree's links name: looked up while the wiki is asked, since they need only the files.
 */
async function checkedWithOutsideLinks<M>(sources: readonly TreeSource[], checking: Promise<TreePlanOptions>, options: TreePlanOptions, ports: OutsideLinkPorts<M> | undefined): Promise<TreePlanOptions> {
  const [checked, outsideLinks] = await Promise.all([checking, outsideLinksOf(sources, options, ports)]);
  return outsideLinks === undefined ? checked : { ...checked, outsideLinks };
}

/**
 * The pages of the files outside the published folder that the tree's links name (issue 14 section 3), looked up
 * through the front end's ports as a flat publish looks them up (outsideLinkedPages). Only the links that leave the
 * folder are looked at, and nothing is looked up when there are none.
 */
async function outsideLinksOf<M>(sources: readonly TreeSource[], options: TreePlanOptions, ports: OutsideLinkPorts<M> | undefined): Promise<OutsideLinks | undefined> {
  if (!ports) return undefined;
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
  if (linking.length === 0) return undefined;
  return outsideLinkedPages(linking, ports);
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
  const wiki = wikiOfOnePlan(entryOptions.wiki);
  const readAhead = askedAhead(options, wiki);
  const digest = async (): Promise<TreeSource[]> => {
    const sources = await eachSourceFromWalk(walk, sourceOptions, (source) => digestTreeSource(source, options, { headingsLater: true }));
    await takeAnchoredHeadings(sources, options);
    return sources;
  };
  const digested = await digest();
  return lookingAtWiki(wiki, async (signal) => {
    const checking = withEntriesChecked(digested, options, wiki, signal, readAhead);
    const planned = readAhead === undefined
      ? await planAfterCheck(digested, checking)
      : await planWhileChecking(digested, checking);
    await sayMissingLinkFiles(planned.plan, planned.options, { fs: sourceOptions.fs, root });
    return checkedOnWiki(planned.plan, { ...entryOptions, wiki }, planned.options, signal);
  });

  async function planAfterCheck(sources: readonly TreeSource[], checking: Promise<TreePlanOptions>): Promise<{ plan: TreePlan; options: TreePlanOptions }> {
    const withOutside = await checkedWithOutsideLinks(sources, checking, options, outside);
    return { plan: planTreeOf(sources, withOutside), options: withOutside };
  }

  /**
   * The plan made while the wiki is still reading the recorded pages (the command line asked for them ahead): as if it
   * refused none of them, which is the answer but for a pull request that rewrote the record (or a wiki that could not
   * be read). The planning then takes none of the wait that follows the files' reading. When it did refuse some, that
   * plan goes (planning marks the files' items) and the files are read again for the one that counts.
   */
  async function planWhileChecking(sources: readonly TreeSource[], checking: Promise<TreePlanOptions>): Promise<{ plan: TreePlan; options: TreePlanOptions }> {
    // Awaited below; until then a failure (the run interrupted) must not count as unhandled.
    checking.catch(() => undefined);
    const outsideLinks = await outsideLinksOf(sources, options, outside);
    const assumed = outsideLinks === undefined ? options : { ...options, outsideLinks };
    const plan = planTreeOf(sources, assumed);
    const checked = await checking;
    // Entries the wiki refused, pages found that no record named, or pages renamed on the wiki only in case (to their
    // files' new titles, caseOnlyTitles.ts): the plan made without them goes.
    if (checked.refusedEntries !== undefined || checked.foundEntries !== undefined || recordsRenamedOnWikiInCase(checked.identity, checked.wikiRead)) return planAfterCheck(await digest(), checking);
    if (checked.wikiRead !== undefined) plan.read = checked.wikiRead;
    return { plan, options: checked.wikiRead === undefined ? assumed : { ...assumed, wikiRead: checked.wikiRead } };
  }
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

// The front ends (src/editor, src/cli) and src/onDemand.ts take the tree plan's types and the page keys from here,
// beside the entries they call; within src/core they come from the files that define them.
export { nodeOfFile };
export type { RefusedPlace, TreeIdentity, TreePage, TreePlan, TreePlanOptions } from './treePlanTypes';
export { isGeneratedPageKey, treeLinks } from './treePages';
