// The tree from its files' facts (digestTreeSource): shaped into pages (shape.ts), each page given its place, its
// recorded page and its parent, moves and orphans found, and what cannot be sent refused. The front ends reach it
// through treePlan.ts, which reads the wiki around it.
import { englishTreeMessages } from '../messages/treeMessages';
import { linkNames, type PageLink } from '../links/pageLink';
import { linksReachOtherPages, refuseItem } from '../run/plan';
import type { PlanItem } from '../run/planItem';
import { DEFAULT_CONCURRENCY } from '../run/runner';
import { completeTarget, mergeTargets } from '../publish/target';
import { compareRelativePaths } from '../walk/walkRules';
import { cautionUncheckedChosenPage, namesChosenPageById } from './chosenPage';
import { detectMoves, recordsByPath, type PageMove, type PinnedFile, type RecordedPage } from './moves';
import { takeTitlesBack } from './titledBack';
import { succeededPaths } from './retitledSuccessors';
import { folderContentFile } from './folderPage';
import { folderKey, isBelow, nameOf } from '../walk/relativePaths';
import { linkingFileOf, pinnedLinkedPages, renamedAwayKeys, treeHeadingsByPath, treePageIdByNodePath } from './linkTargets';
import { sendOrderOf } from './sendOrder';
import { linkTargetsDigest, wikiAnchorByPath } from '../links/linkTargets';
import { shapeTree, type TreeInput, type TreeNode } from './shape';
import type { FollowToCheck, TreeIdentity, TreePage, TreePlan, TreePlanOptions, TreeSource } from './treePlanTypes';
import { placesOfRefused, refuse, refuseByRecord, refuseUnderRefusedFolders, refuseWithoutIds, titleCollisions } from './treeRefusals';
import { retitledOnlyInCase, withTitlesRenamedOnWiki } from './caseOnlyTitles';
import { titleToSend } from '../run/sameTitles';
import { foreseeTreeLinks, NO_PAGE } from './plannedTreeLinks';
import { generatedPage, newestFolderPageLink, nodeLink } from './treePages';

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

/** The tree from its files' facts (digestTreeSource), in label order. */
export function planTreeOf(sources: readonly TreeSource[], given: TreePlanOptions): TreePlan {
  // The chosen page is never a page of the tree (issue 14 section 2). A manifest that names it as its "parent" and
  // records it for a key is refused when read (manifestFormat.ts); one without a "parent" of its own, the parent chosen
  // now (--parent, the prompt), can still record it. Such an entry is no record of a tree page: it is kept out of the
  // plan (a folder's pages would land beside the folder's, directly under the chosen page) and its page refused below.
  // The records are listed once (a copy of 10,000 entries each time): looked through for the chosen page here, and made
  // the pages' records by path below.
  const recordedEntries = given.identity.entries();
  const keysOfParent = keysRecordingPage(recordedEntries, given.parentId);
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
  const previous = withTitlesRenamedOnWiki(recordsByPath(tree, options.identity, recordedEntries, keysOfParent), tree, options.wikiRead);
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
  // A path whose page followed the new file that has its title now (retitledSuccessors) is a new page: its record is
  // that file's page, not its own, or both would send to it and the new title would call it left behind.
  const succeeded = succeededPaths(moves, tree);
  const ownRecordAt = (path: string): RecordedPage | undefined => (succeeded.size > 0 && succeeded.has(path) ? undefined : previous.get(path));
  const recordedAtPath = (path: string): RecordedPage | undefined => {
    const own = ownRecordAt(path);
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
  const retitledFrom = new Map(moves.retitled.map((page) => [page.path, page]));
  // What the plan refuses is known before a generated folder page is written, so that it links no child with no page
  // to come: a collision of titles, a page without an ID to learn, or the file's own refusals.
  const collisions = titleCollisions(tree, pinned, options.spaceId, words);
  // A retitled page is a new page too: its ID is learnt after it lands.
  const withoutId = (path: string): boolean => !options.pageAccess && (recordedAtPath(path) === undefined || retitledFrom.has(path));
  const refusedNode = (node: TreeNode): boolean => {
    const source = node.kind === 'file' ? node.path : node.contentFrom;
    const sourceItem = source === undefined ? undefined : inTree.get(source)?.item;
    // A key is cut from the node's path only when some key records the chosen page (asked twice for each of 10,000 pages).
    return collisions.ofNode.has(node) || withoutId(node.path) || (keysOfParent.size > 0 && keysOfParent.has(keyOf(node.path)))
      || (sourceItem !== undefined && (sourceItem.refusals.length > 0 || sourceItem.prepared.frontMatterPageId === options.parentId));
  };
  // A generated folder page lists a refused child by its title alone only when it has no page to link to: a child whose
  // page the repository records keeps its link (refusing a new file of the same title must not cut the link to it).
  const unlinkedChild = (node: TreeNode): boolean => refusedNode(node) && (withoutId(node.path) || recordedAtPath(node.path)?.pageId === undefined);
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
    const ownRecord = ownRecordAt(node.path);
    const recorded = ownRecord ?? recordedAtPath(node.path);
    const retitled = retitledFrom.get(node.path);
    const oldTitle = retitled?.title;
    const parentId = node.parent === undefined ? options.parentId : parentRecordedId(node.parent);
    const sourcePath = node.kind === 'file' ? node.path : node.contentFrom;
    // A page recorded in the repository is this tree's page: updated. Others are created, or adopted with --overwrite;
    // so is one whose title changed, which the service cannot find by its new title (the recorded page stays).
    const defaults = { spaceId: options.spaceId, parentId: parentId ?? options.parentId, pageTitle: titleToSend(node.title, recorded?.title), overwrite: (recorded !== undefined && oldTitle === undefined) || options.overwrite };
    const planned = sourcePath !== undefined ? (inTree.get(sourcePath) as TreeSource) : generatedPage(node, tree, defaults, options, unlinkedChild);
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
    // Found on the wiki with no record of it, not even this machine's: decided as a page found at its place (said so).
    const foundId = options.foundEntries?.get(key)?.id;
    if (foundId !== undefined && item.link?.pageId !== foundId) item.foundOnWiki = options.foundByMarkerOnly?.has(key) === true ? 'byMarkerOnly' : true;
    // The guard needs a link to compare with: the repository's page, published from here never (time 0). A retitled
    // page's link names its old title, so the guard looks for the new one as for any new page.
    if (recorded !== undefined && item.link === undefined) {
      // Written out, not spread: a spread followed by more members gives every such object a hidden class of its own.
      item.link = { spaceId: defaults.spaceId, parentId: defaults.parentId, pageTitle: oldTitle ?? defaults.pageTitle, pageId: recorded.pageId, publishedAt: 0 };
      item.linkedPage = parentId !== undefined && oldTitle === undefined;
    }
    // Renamed in the repository: its page's notice names the file it was until this one publishes it.
    const renamedPath = ownRecord === undefined ? renamedFromPath.get(node.path) : undefined;
    if (renamedPath !== undefined && item.link !== undefined && item.link.formerFile === undefined) item.link = { ...item.link, formerFile: renamedPath };
    if (oldTitle !== undefined && recorded !== undefined) {
      item.cautions.push({ code: 'leavesPage', message: words.retitledPage(oldTitle, node.title, recorded.pageId, retitled?.takenBy) });
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
      item.cautions.push({
        code: 'titledBack',
        message: back.from === undefined
          ? words.titledBack(back.left.title, node.title, back.pageId, back.left.pageId)
          : back.fromGone ? words.takesGoneFilesTitle(back.left.title, node.title, back.pageId, back.from, back.left.pageId)
            : words.takesGivenUpTitle(back.left.title, node.title, back.pageId, back.from, back.left.pageId, back.leftTo),
      });
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
  const knownIdOfNode = (path: string): string | undefined => idOfNode(path) ?? (createdHere.has(path) ? `new:${path}` : undefined);
  // Not the record of a path renamed away (renamedAwayKeys): the run forgets it, and a link to it goes out as written.
  const renamedAway = renamedAwayKeys(moves.renamed, rootPath);
  const knownIdOfPath = (path: string): string | undefined => (renamedAway.has(path) ? undefined : recordedId(path)) ?? pinnedLinked.get(path)?.id;
  const knownPageOf = treePageIdByNodePath(tree, knownIdOfNode, knownIdOfPath);
  // What each page's links reach now, as the run will digest them when it sends the page (treeRun.ts): kept on the item
  // (PlanItem.linkTargets), since the wiki's notice of the page's last publish says whether its content and these were
  // what it holds (run/pageNotice.ts). Without page addresses no link reaches a page, as the run takes them.
  const pageIdForLinks = checkLinkTargets ? knownPageOf : NO_PAGE;
  const keptNodes = checkLinkTargets ? refusedPagesByNode(pages, options.refusedEntryPages) : undefined;
  const keptPageOf = keptNodes && treePageIdByNodePath(tree, (path) => keptNodes.get(path) ?? knownIdOfNode(path), knownIdOfPath);
  for (const page of pages) {
    const item = page.item;
    const linkingFile = linkingFileOf(page.node, rootPath);
    // Without page addresses no link reaches a page (NO_PAGE, nothing outside): the digest of none reached, without
    // reading every link of 10,000 pages to find that out.
    const reachedNow = checkLinkTargets ? linkTargetsDigest(page.linkFacts.destinations, linkingFile, pageIdForLinks, options.rootInRepository, anchorOf, outsideReached(item.file.key)) : '';
    item.linkTargets = reachedNow;
    const kept = keptPageOf && page.linkFacts.destinations.length > 0 ? linkTargetsDigest(page.linkFacts.destinations, linkingFile, keptPageOf, options.rootInRepository, anchorOf, outsideReached(item.file.key)) : undefined;
    if (kept !== undefined && kept !== reachedNow) item.linkTargetsKept = kept;
    // Written out, not through linksReachOtherPages: no closure for each of 10,000 pages.
    const reachedBefore = checkLinkTargets && item.state === 'unchanged' ? item.link?.linkTargets : undefined;
    if (reachedBefore !== undefined && reachedBefore !== reachedNow && reachedBefore !== item.linkTargetsKept) item.state = 'send';
  }
  // A file that names its own page links to the tree's pages as a tree page does.
  for (const { item, file, linkFacts } of pinnedSources) {
    const reachedNow = (): string | undefined => (checkLinkTargets ? linkTargetsDigest(linkFacts.destinations, keyOf(file.label), knownPageOf, options.rootInRepository, anchorOf, outsideReached(file.key)) : undefined);
    const reached = reachedNow();
    if (reached !== undefined) item.linkTargets = reached;
    if (linksReachOtherPages(item, reachedNow)) item.state = 'send';
  }
  for (const page of pages) refuse(page.item, collisions.ofNode.get(page.node) ?? retitledOnlyInCase(page.node.title, recordedAtPath(page.node.path), options.messages));
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
  const { unknown, dotted, unaddressed } = foreseeTreeLinks({ tree, pages, pinnedLinkFacts, refused, moves, ...partContentKey }, pinnedSources.map((source) => source.item), options);
  const refusedUnder = placesOfRefused(refused, tree, parentRecordedId);
  // The order pages go in, and new siblings in the order that lets the most links name pages that exist when they go
  // (sendOrder.ts), unless the name order is asked for; without page access or addresses no link waits: name order.
  const linksWait = options.pageAccess && checkLinkTargets;
  const ordered = sendOrderOf({ tree, rootInRepository: options.rootInRepository }, pages, createdHere, {
    keepSiblingOrder: options.siblingOrder === 'name' || !linksWait, linksWait, lanes: DEFAULT_CONCURRENCY,
  });
  return {
    tree, pages: ordered.pages, sendRank: ordered.rank, pinned, pinnedLinkFacts, refused, moves, overwrite: options.overwrite, rootInRepository: options.rootInRepository, parentId: options.parentId,
    ...(followsToCheck !== undefined && followsToCheck.length > 0 ? { followsToCheck } : {}),
    ...(unknown.size > 0 ? { unknownLinkPaths: unknown } : {}),
    ...(dotted.size > 0 ? { dottedLinkPaths: dotted } : {}),
    ...(options.outsideLinks ? { outsideLinks: options.outsideLinks } : {}),
    ...(unaddressed > 0 ? { linksWithoutAddress: unaddressed } : {}),
    ...(refusedUnder !== undefined ? { refusedUnder } : {}),
    ...(ordered.pulledAhead > 0 ? { pulledAhead: ordered.pulledAhead } : {}),
    ...(options.refusedEntries !== undefined && options.refusedEntries.size > 0 ? { refusedEntries: options.refusedEntries } : {}),
    ...(options.foundEntries !== undefined && options.foundEntries.size > 0 ? { foundOnWiki: options.foundEntries } : {}),
    ...(options.wikiRead !== undefined ? { read: options.wikiRead } : {}),
    ...partContentKey,
  };
}

/** The file at the top of the published folder that would be its content, as a folder's (index, README, <folder>.md). */
function topContentSource(inTree: ReadonlyMap<string, TreeSource>, rootPath: string): TreeSource | undefined {
  const top: Array<{ path: string; source: TreeSource }> = [];
  for (const [label, source] of inTree) if (isBelow(label, rootPath) && !label.slice(rootPath.length).includes('/')) top.push({ path: label, source });
  return folderContentFile(top, nameOf(rootPath))?.source;
}

/** The keys of the records (TreeIdentity.entries) that record the page `pageId`. */
function keysRecordingPage(entries: ReturnType<TreeIdentity['entries']>, pageId: string): ReadonlySet<string> {
  const keys = new Set<string>();
  for (const [key, entry] of entries) if (entry.id === pageId) keys.add(key);
  return keys;
}

/** `identity` as if it did not record `keys`. */
function identityWithout(identity: TreeIdentity, keys: ReadonlySet<string>): TreeIdentity {
  return {
    get: (key) => (keys.has(key) ? undefined : identity.get(key)),
    entries: () => identity.entries().filter(([key]) => !keys.has(key)),
  };
}

/**
 * The page each refused record names (TreePlanOptions.refusedEntryPages), by its node's path: with them taken as
 * recorded, what a page linking there last sent if nothing else changed. Undefined when no page's record was refused.
 */
function refusedPagesByNode(pages: readonly TreePage[], refused: ReadonlyMap<string, string> | undefined): Map<string, string> | undefined {
  if (refused === undefined || refused.size === 0) return undefined;
  const byNode = new Map<string, string>();
  for (const page of pages) {
    const id = refused.get(page.key);
    if (id !== undefined) byNode.set(page.node.path, id);
  }
  return byNode.size > 0 ? byNode : undefined;
}
