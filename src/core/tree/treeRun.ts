// Sending a page tree (issue 14): level by level, parents before children, each level through the core's runner
// (bounded, one throttle gate) after the core's edit guard. A new page's ID is found after it lands (the parent's
// children, exact title) and recorded in the repository at once, so its children know their parent and a re-run after
// a crash finds the same pages. Links between files become page links; a link to a page created in this run has no ID
// in the first pass, so only the pages whose links needed one are sent again once every page is there. An existing page
// (an update) whose links need one is not sent before it: it goes once, after the tree's pages (updateWaitingForLinks).
import { englishTreeMessages, type TreeMessages } from '../messages/treeMessages';
import { learnLandedPage, linksLeftOf, sentAgain, sentAgainAndLanded, type LinksLeft } from '../run/landedPage';
import { DEFAULT_LOOKUPS_AT_ONCE } from '../run/lookupDeadline';
import { callsAtMost } from '../util/callsAtMost';
import { linkTarget } from '../links/rewrite/linkTarget';
import { linkNames, type PageLink } from '../links/pageLink';
import { landedLink, withLinksReached } from '../run/plan';
import { foreseeRewrite, rewriteLinks, type LinkCaution, type PageLookup, type RewriteContext } from '../links/rewrite';
import { credentialRefusedOnWiki, guardPlan, guardedPage, type GuardOptions } from '../run/guard';
import type { PlanItem } from '../run/plan';
import { plannedContent, type PlannedContent } from '../run/plannedContent';
import { countedResults, runPlan, summarise, type FileResult, type RunOptions, type RunSummary, type ThrottleGate } from '../run/runner';
import type { WikiPagesClient } from '../wikiPages';
import { checkFollowedPages } from './followedPages';
import { sendGoneTreePages } from './goneTreePages';
import { linkingFileOf, linksReachOtherPages, linkTargetsDigest, pinnedLinkedPages, treeHeadingsByPath, treePageIdByPath, wikiAnchorByPath } from './linkTargets';
import type { OrphanPage } from './moves';
import { folderTitleOf, followNewFolderPage, holdEditedFollowers, mayFollowNewFolderPage, pagesLeftBehind, replacedPages } from './newFolderPage';
import { isBelow } from './paths';
import { nodeOfFile, topContentFile } from './shape';
import type { PageAddressOf } from './spaceAddresses';
import { pagesByLevel, refusedLinkPaths, type TreePage, type TreePlan } from './treePlan';

export interface TreeIdentityStore {
  record(key: string, entry: { id: string; title: string }): Promise<void>;
  /** A recorded page, also of a file outside this run: links to it reach its page. */
  get?(key: string): { id: string; title: string } | undefined;
  /** Drops a key whose page is now recorded under another (a file renamed in its folder; one that names its own page, renamed or moved). */
  forget?(key: string): Promise<void>;
}

export interface TreeRunOptions extends Pick<RunOptions, 'send' | 'concurrency' | 'signal' | 'proveOwnPage' | 'onStart' | 'beforeSend' | 'onStopped' | 'messages'> {
  plan: TreePlan;
  pages: WikiPagesClient | undefined;
  identity: TreeIdentityStore;
  gate: ThrottleGate;
  /** The platform's address of a page of the tree's space, for links (`<base>/wiki/spaces/<KEY>/pages/<id>/<Title>`). */
  addressOf: PageAddressOf;
  /**
   * The addresses of pages in the space a file's front matter names (spaceAddresses): a link to such a file's page
   * names that space's key, not the tree's.
   */
  addressInSpace(spaceId: string): Promise<PageAddressOf>;
  guard: Omit<GuardOptions, 'pages' | 'signal'>;
  /**
   * The command line's rule for credentials the wiki refused outright (401) to the guard's lookups: a configuration
   * error, not pages to hold back one by one (nor to send unchecked with --overwrite-edited). The run stops at the first
   * guard that meets such a verdict, before that level is sent; the pages not sent end not started, and
   * TreeRunResult.credentialRefused says why. Without it (the editor, which offers its sign-in), such pages are held.
   */
  stopOnRefusedCredential?: boolean;
  /** Every file's end, in each pass. */
  onResult?(result: TreeFileResult): void;
}

export interface TreeFileResult extends FileResult {
  pass: 1 | 2;
  /** The page's depth in the tree (0: a child of the chosen page), for output that shows the tree. */
  depth: number;
  /** The manifest key of the page. */
  key: string;
  pageId?: string;
  /** Links that stay as written (outside the run, unknown pages or anchors, not Markdown). */
  linkCautions: LinkCaution[];
  /**
   * What went out left a link to a Markdown file's page as written because that page had no address yet (it did not
   * land this run, was refused, or is recorded nowhere): the page must go again once it has one.
   */
  linksToFillIn: boolean;
  /** For a page that landed: the digest of the pages its links reached (linkTargets.ts), which its link records. */
  linkTargets?: string;
  /**
   * A page not sent because its folder's page did not land: that page (its key and title), since the page has no
   * parent ID to name (its target is left without one, not with the chosen page the plan held until then).
   */
  underUnsentPage?: { key: string; title: string };
}

/**
 * What this machine remembers of a tree page that landed (the front ends store it as for any file, generated folder
 * pages included), with what its links reached as this run sent them (withLinksReached): a page whose links still wait
 * for a page is sent again by the plan of a later run once one of them has a page, and by the run that creates one, in
 * its second pass (relinkUnchanged).
 */
export function treeLandedLink(result: TreeFileResult, now: number): PageLink | undefined {
  const link = landedLink(result, now, result.pageId);
  return link && withLinksReached(link, result.linkTargets, result.linksToFillIn);
}

/**
 * Whether links were left as written that a later run can fill in: to pages of the run or of the repository, or to a
 * folder that has a page once Markdown is added to it.
 */
function waitsForPages(pending: boolean, cautions: readonly LinkCaution[]): boolean {
  return pending || cautions.some((caution) => caution.reason === 'unknownPage' || caution.reason === 'refusedPage' || caution.reason === 'noPageYet' || caution.reason === 'folderWithoutPage');
}

export interface TreeRunResult {
  results: TreeFileResult[];
  /**
   * Pages sent again so their links reach pages created in this run (or created anew), whose second send landed. One
   * interrupted, failed or held back is not counted: the page counts as its first pass left it (countedResults).
   */
  secondPass: number;
  /** The totals, each page once (a second-pass send is the same page), by the result that counts (countedResults). */
  summary: RunSummary;
  /** Pages that landed with links to pages of the run left as written: those pages did not land (landedPage.ts). */
  linksLeft: LinksLeft[];
  /** Pages the tree recorded that this run replaced with new pages and that are still on the wiki (newFolderPage.ts). */
  leftBehind: OrphanPage[];
  /** The guard's words for a credential the wiki refused, when the run stopped on it (stopOnRefusedCredential). */
  credentialRefused?: string;
}

export async function runTree(options: TreeRunOptions): Promise<TreeRunResult> {
  const { plan } = options;
  const rootPath = plan.tree.rootPath;
  // Before anything is counted or sent: an unchanged page deleted on the wiki goes too, made anew (goneTreePages.ts).
  // The guard of each level then looks up no unchanged page again.
  const guardOptions = { ...options.guard, pages: options.pages, ...(options.signal ? { signal: options.signal } : {}), ...(plan.read ? { read: plan.read } : {}), lookUpUnchanged: false };
  await sendGoneTreePages(plan, guardOptions);
  // A page the plan took as following a moved file that names its page is confirmed on the wiki first, if the plan did
  // not read the wiki already (checkTreeOnWiki): what links to the file's path reach, and what the run records, depend on it.
  if (options.pages) await checkFollowedPages(plan, options.pages, options.signal, options.guard.messages);
  const ids = new Map<string, string>();
  const urls = new Map<string, string>();
  for (const page of plan.pages) if (page.pageId) ids.set(page.key, page.pageId);
  const recordedIds = new Map(ids);
  // The pages the repository does not record but this machine's record names at their place (TreePage.linkedPageId):
  // until its result is in, the links that reach such a page take that ID, as they take a recorded page's, so they
  // are not left as written (an unchanged page at a later level is never sent) and digest as the plan did.
  const linkedIds = new Map<string, string>();
  for (const page of plan.pages) if (page.linkedPageId !== undefined) linkedIds.set(page.key, page.linkedPageId);
  // A page whose title is back to a page of this tree (TreePage.titledBackTo) lands on that page: the links that reach
  // it take that ID from the start, as the plan took them, not the ID recorded under its other title.
  const titledBackIds = new Map<string, string>();
  for (const page of plan.pages) if (page.titledBackTo !== undefined) titledBackIds.set(page.key, page.titledBackTo);
  const idForLinks = (key: string): string | undefined => titledBackIds.get(key) ?? ids.get(key) ?? linkedIds.get(key);
  const headings = new Map(plan.pages.map((page) => [page.key, page.linkFacts.headings]));
  for (const [key, facts] of plan.pinnedLinkFacts) headings.set(key, facts.headings);
  const sending = new Set(plan.pages.filter((page) => page.item.state === 'send').map((page) => page.key));
  // Files that name their own page are sent once the tree's pages are there (their links reach those pages); a tree
  // page linking to one waits for it like for a page of a later level. What landed answers the link even when the
  // store cannot read back what it recorded (its get is optional) or the write failed.
  const pinnedKeyOf = (item: PlanItem): string | undefined => (isBelow(item.file.label, rootPath) ? item.file.label.slice(rootPath.length) : undefined);
  const pinnedSending = new Set<string>();
  const pinnedLanded = new Map<string, { id: string; title: string }>();
  // A file that names its own page, renamed or moved in the tree, has its page recorded under its old path until it
  // lands: links to its new path reach that page, as the plan took them (MoveReport.renamed).
  const renamedTo = new Map(plan.moves.renamed.map((rename) => [rename.path, rename]));
  const pinnedFollowed = new Map<string, { id: string; title: string; oldKey: string }>();
  // A file that names its own page may name another space: links to its page name that space's key.
  const pinnedAddressOf = new Map<string, PageAddressOf>();
  for (const item of plan.pinned) {
    const key = pinnedKeyOf(item);
    if (key === undefined) continue;
    if (item.state === 'send') pinnedSending.add(key);
    const rename = renamedTo.get(item.file.label);
    if (rename) pinnedFollowed.set(key, { id: rename.pageId, title: item.complete?.pageTitle ?? '', oldKey: rename.oldPath.slice(rootPath.length) });
    if (item.complete) pinnedAddressOf.set(key, await options.addressInSpace(item.complete.spaceId));
  }
  // A file that names its own page is known by the repository's record, else this machine's at the place it names.
  // An entry the wiki refused gives no page, not even to a link (TreePlan.refusedEntries).
  const recordedAt = (key: string): { id: string; title: string } | undefined => (plan.refusedEntries?.has(key) ? undefined : options.identity.get?.(key));
  const pinnedLinked = pinnedLinkedPages(plan.pinned, rootPath, { get: (key) => recordedAt(key) ?? pinnedFollowed.get(key) });
  const recordedOutside = (path: string): { id: string; title: string } | undefined => recordedAt(path) ?? pinnedFollowed.get(path) ?? pinnedLinked.get(path);
  let sendsOver = false;
  // Without page access (whose answers carry each page's address) and without the wiki site's address, no page address
  // can be made, for pages with IDs or without: links stay as written, with a caution, instead of waiting for a second
  // pass that could not fill them in either. The plan's pageAddresses says the same (treePageAddresses).
  const addressable = treePageAddresses(options.pages !== undefined, options.addressOf);

  // What the plan refuses: links to it stay as written and say so, as the plan said.
  const refusedPaths = refusedLinkPaths(plan);
  const topFile = topContentFile(plan.tree);
  const resolvePage = (path: string): PageLookup => {
    // A part's content file is the page the part hangs under (TreePlan.partContent), as the folder itself is.
    if (path === plan.partContent) return resolvePage('');
    // The published folder itself: its index or README at the top, as for any folder; else the chosen page it maps to
    // (its own text: no headings of ours).
    if (path === '') {
      if (topFile !== undefined) return resolvePage(topFile.slice(rootPath.length));
      if (!addressable) return 'noAddress';
      const url = plan.parentId === undefined ? undefined : options.addressOf(plan.parentId, '');
      return url ? { url, title: '', headings: [] } : undefined;
    }
    const node = nodeOfFile(plan.tree, `${rootPath}${path}`);
    if (!node) {
      // Nothing on disk at the path (sayMissingLinkFiles): the page the repository still records for it is an orphan
      // (the file was deleted or moved), so the link says "no such file", as the plan did.
      if (plan.missingFiles?.has(path)) return 'noFile';
      // A folder on disk that gets no page (a folder of images; `v1.2` written without its slash too), as the plan found.
      if (plan.pagelessFolders?.has(path)) return 'pagelessFolder';
      // A file that names its own page, or one not in this run (left out, refused, another selection): its recorded
      // page answers the link.
      const recorded = pinnedLanded.get(path) ?? recordedOutside(path);
      if (recorded && !addressable) return 'noAddress';
      const url = recorded ? (pinnedAddressOf.get(path) ?? options.addressOf)(recorded.id, recorded.title) : undefined;
      if (url && recorded) return { url, title: recorded.title, headings: headings.get(path) ?? [] };
      if (!pinnedSending.has(path)) return refusedPaths.has(path) ? 'refused' : undefined;
      if (!addressable) return 'noAddress';
      return sendsOver ? 'notYet' : 'pending';
    }
    if (!addressable) return 'noAddress';
    const key = node.path.slice(rootPath.length);
    const id = idForLinks(key);
    const url = urls.get(key) ?? (id ? options.addressOf(id, node.title) : undefined);
    if (url) return { url, title: node.title, headings: headings.get(key) ?? [] };
    // Once every page has been sent, one still without an address did not land (or its ID could not be learnt): a link
    // to it stays as written, and says so, instead of waiting for a pass that will not come.
    if (sending.has(key)) return sendsOver ? 'notYet' : 'pending';
    return refusedPaths.has(key) ? 'refused' : undefined;
  };
  // A page's links are decided before its level is sent, from the destinations the plan kept; the text read when the
  // page is sent is rewritten by those same decisions, so what the second pass counts on is what went out.
  const rewriting = new Map<string, RewriteContext>();
  // The pages a landed page's links reached, by the IDs known when it went out: what its link records.
  // Without addresses no link reached a page: recorded so, a later run that can make addresses sends the page again.
  const reachedPageOf = addressable ? treePageIdByPath(plan.tree, idForLinks, (path) => recordedOutside(path)?.id) : () => undefined;
  // The wiki's anchors of the headings the links name, as the plan digests them (treePlan.ts).
  const pinnedTitles = new Map(plan.pinned.flatMap((item) => {
    const key = pinnedKeyOf(item);
    return key === undefined ? [] : [[key, item.complete?.pageTitle ?? ''] as const];
  }));
  const anchorOf = wikiAnchorByPath(treeHeadingsByPath(plan.tree, (key) => headings.get(key), (path) => {
    const pinnedHeadings = pinnedTitles.has(path) ? headings.get(path) : undefined;
    return pinnedHeadings === undefined ? undefined : { title: pinnedTitles.get(path) ?? '', headings: pinnedHeadings };
  }));
  // A link to a file outside the folder reaches the page the plan found for it (outsideLinkedPages), or none.
  const outside = plan.outsideLinks;
  const outsideOf = (fileKey: string): Pick<RewriteContext, 'resolveOutside'> => (outside ? { resolveOutside: (destination) => outside.page(fileKey, destination) } : {});
  const outsideReached = (fileKey: string): ((destination: string) => string | undefined) | undefined => (outside && addressable ? (destination) => outside.reached(fileKey, destination) : undefined);
  const reachedNow = (page: TreePage): string => linkTargetsDigest(page.linkFacts.destinations, linkingFileOf(page.node, rootPath), reachedPageOf, plan.rootInRepository, anchorOf, outsideReached(page.item.file.key));
  // Taken when the page is rewritten to be sent, since a page it links to may get another ID later in the run (created
  // anew), after this page went out.
  const reachedWhenSent = new Map<string, string>();
  // The pages a page's links reach as it goes, for the digest its notice carries (pageNotice.ts): what its rewriting
  // decided, by the page's file.
  const pageKeyOfFile = new Map(plan.pages.map((page) => [page.item.file.key, page.key]));
  const linkTargetsWhenSent = (item: PlanItem): string | undefined => {
    const key = pageKeyOfFile.get(item.file.key);
    return key === undefined ? item.linkTargets : reachedWhenSent.get(key);
  };
  const reached = (page: TreePage, result: FileResult): { linkTargets?: string } => {
    const sent = reachedWhenSent.get(page.key);
    return result.state === 'published' && sent !== undefined ? { linkTargets: sent } : {};
  };
  // The pages (root-relative paths) each page's first send left its links waiting for: the second pass sends it again
  // only if one of them got an address, since otherwise what it would send is what already went out.
  const waitedFor = new Map<string, Set<string>>();
  const rewritten = (page: TreePage): { item: PlanItem; cautions: LinkCaution[]; pending: boolean } => {
    const waiting = new Set<string>();
    const context: RewriteContext = {
      filePath: linkingFileOf(page.node, rootPath),
      rootInRepository: plan.rootInRepository,
      resolvePage: decidedOnce((path) => {
        const found = resolvePage(path);
        if (found === 'pending') waiting.add(path);
        return found;
      }),
      ...outsideOf(page.item.file.key),
      ownPage: { title: page.node.title, headings: page.linkFacts.headings },
    };
    const foreseen = foreseeRewrite(page.linkFacts.destinations, context);
    rewriting.set(page.item.file.key, context);
    reachedWhenSent.set(page.key, reachedNow(page));
    if (waiting.size > 0) waitedFor.set(page.key, waiting);
    return { item: { ...page.item }, cautions: foreseen.cautions, pending: foreseen.needsSecondPass };
  };
  const content = async (item: PlanItem): Promise<PlannedContent> => {
    const planned = await plannedContent(item, options.messages);
    const context = rewriting.get(item.file.key);
    return planned.ok && context ? { ok: true, content: rewriteLinks(planned.content, context).markdown } : planned;
  };

  // One count for the whole run, levels and both passes, so progress reads "7 of 12", not a count per level: the
  // total is what the plan sends (the guard may hold some back) and grows by the pages a second pass sends again.
  let started = 0;
  let total = plan.pages.filter((page) => page.item.state === 'send').length + plan.pinned.filter((item) => item.state === 'send').length;
  const onStart = (item: PlanItem): void => options.onStart?.(item, ++started, Math.max(total, started));
  const expectMore = (count: number): void => {
    total += count;
  };
  const results: TreeFileResult[] = [];
  // Pages are learnt as they land, as many at once as the guard's lookups: a lookup started for each as it landed put
  // every page of a level on the wiki's page routes at once.
  const lookUp = callsAtMost(DEFAULT_LOOKUPS_AT_ONCE);
  /** Pages this run created (not found, adopted or updated): their children are new too. */
  const created = new Set<string>();
  const needSecond: Array<{ page: TreePage; version: number | undefined }> = [];
  /** Existing pages whose links wait for pages this run creates: sent once, after the tree's pages (updateWaitingForLinks). */
  const deferred: LevelEntry[] = [];
  let stopReported = false;
  /** Set when a guard met a refused credential and the run stops on it (stopOnRefusedCredential). */
  let credentialRefused: string | undefined;
  const stopsOnRefusal = (guarded: readonly PlanItem[]): boolean => {
    if (options.stopOnRefusedCredential !== true) return false;
    const refused = guarded.find((item) => credentialRefusedOnWiki(item.guard))?.guard;
    if (refused?.kind === 'unchecked') credentialRefused = refused.detail;
    return credentialRefused !== undefined;
  };
  const onStopped: RunOptions['onStopped'] = (stopped) => {
    if (!stopReported) options.onStopped?.(stopped);
    stopReported = true;
  };
  /** Sends entries of the first pass (a level, or the updates deferred to its end), learning and recording each page as it lands. */
  const sendEntries = async (items: readonly LevelEntry[]): Promise<void> => {
    // Each page's ID is learnt as it lands, while the rest of the level is still sending, and recorded at once.
    const indexOf = new Map(items.map((entry, index) => [entry.item, index]));
    const learning = new Map<number, Promise<{ pageId: string; url?: string } | undefined>>();
    const recording: Array<Promise<void>> = [];
    const levelResults = await runPlan(items.map((entry) => entry.item), {
      ...options, onStopped, content, onStart, linkTargetsOf: linkTargetsWhenSent, ...treePageMarks(options.beforeSend),
      onResult: (result) => {
        const index = indexOf.get(result.item);
        const entry = index === undefined ? undefined : items[index];
        if (index === undefined || !entry || result.state !== 'published') return;
        const learnt = lookUp(() => learnLandedPage(result, entry.page.titledBackTo ?? entry.page.pageId, options.pages, options.signal));
        learning.set(index, learnt);
        recording.push(learnt.then(async (found) => {
          // The repository learns every page of the tree as soon as it is known, so a re-run finds it.
          if (found && (entry.page.pageId !== found.pageId || entry.page.renamedFrom !== undefined)) {
            await options.identity.record(entry.page.key, { id: found.pageId, title: entry.page.node.title });
            // The page follows the renamed file: its old key would otherwise show as an orphan on the next run.
            if (entry.page.renamedFrom !== undefined && found.pageId === entry.page.pageId) await options.identity.forget?.(entry.page.renamedFrom);
          }
        }).catch(() => undefined)); // a failed write is the front end's to report, through the store's settled()
      },
    });
    await Promise.all(recording);
    for (const [index, result] of levelResults.entries()) {
      const entry = items[index] as (typeof items)[number];
      const learnt = await learning.get(index);
      // A page created anew is not the one recorded (deleted on the wiki), nor is one that landed at another place or
      // title than the recorded page's (retitled, or following a new folder page): only what was learnt names it.
      const landedElsewhere = result.state === 'published' && !result.item.linkedPage;
      const pageId = learnt?.pageId ?? (result.outcome?.kind === 'created' || landedElsewhere ? undefined : entry.page.pageId ?? entry.item.link?.pageId);
      // Its result is in: what it landed as (or kept) answers the links to it from now on.
      linkedIds.delete(entry.page.key);
      titledBackIds.delete(entry.page.key);
      if (learnt?.url) urls.set(entry.page.key, learnt.url);
      if (pageId) {
        ids.set(entry.page.key, pageId);
        if (!learnt && entry.page.pageId !== pageId) await options.identity.record(entry.page.key, { id: pageId, title: entry.page.node.title });
      }
      // The address the guard saw, when the page it saw is this page: not the page a create that did not land found at
      // its place (another's, "already exists"), which links to this file must not reach.
      const seen = guardedPage(entry.item.guard);
      if (seen?.webUrl && pageId !== undefined && seen.id === pageId && !urls.has(entry.page.key)) urls.set(entry.page.key, seen.webUrl);
      if (result.outcome?.kind === 'created') created.add(entry.page.key);
      const treeResult: TreeFileResult = {
        ...result, pass: 1, key: entry.page.key, depth: entry.page.node.depth, ...(pageId ? { pageId } : {}), linkCautions: entry.cautions,
        linksToFillIn: waitsForPages(entry.pending, entry.cautions), ...reached(entry.page, result),
        ...(entry.underUnsentPage ? { underUnsentPage: entry.underUnsentPage } : {}),
      };
      results.push(treeResult);
      options.onResult?.(treeResult);
      const landed = entry.pending ? landedLink(result, 0) : undefined;
      if (landed) needSecond.push({ page: entry.page, version: landed.version });
    }
  };
  for (const level of pagesByLevel(plan.pages)) {
    // Cancelled, or the wiki asked for a longer wait than a run waits: no further level starts.
    if (options.signal?.aborted || options.gate.stoppedBy) break;
    const prepared = level.map((page) => ({ page, ...withParent(page, ids, plan, rootPath, options.guard.messages ?? englishTreeMessages) }));
    // A page that this machine's record named at its place is there no more when its folder's page landed as another
    // page: it is created anew, and links to it wait for its new ID.
    for (const { page } of prepared) if (!page.item.linkedPage) linkedIds.delete(page.key);
    // An unchanged page planned under the folder page this machine's record names, which landed as another page.
    expectMore(prepared.filter((entry) => entry.sentAnew === true).length);
    const parentCreated = (page: TreePage): boolean => page.node.parent !== undefined && created.has(page.node.parent.slice(rootPath.length));
    // A folder page that landed as another page than the recorded one without creating it: one a run that stopped
    // before recording it made, taken over (a retitled folder page, its new title's page). The recorded pages below it
    // follow it as under a created one, but pages may be under it already, so the guard looks there (underNewPage).
    const parentReplaced = (page: TreePage): boolean => {
      const parentKey = page.node.parent?.slice(rootPath.length);
      return parentKey !== undefined && !created.has(parentKey) && recordedIds.has(parentKey) && ids.get(parentKey) !== recordedIds.get(parentKey);
    };
    const parentAnew = (page: TreePage): boolean => parentCreated(page) || parentReplaced(page);
    // A recorded page below a folder page this run created (or replaced) follows it, unless its own page was edited on the wiki.
    await holdEditedFollowers(prepared.filter(({ page, parentMissing }) => !parentMissing && parentAnew(page) && mayFollowNewFolderPage(page)).map(({ page }) => page), guardOptions, plan.tree);
    const items = prepared.map(({ page, parentMissing }): LevelEntry => {
      // Under a folder page this run created (or replaced), a recorded page is not the page it recorded: created anew
      // (or taken over where a run that stopped left it), even when its text is unchanged.
      if (!parentMissing && parentAnew(page)) {
        const overwrite = plan.overwrite === true && !parentCreated(page);
        if (followNewFolderPage(page, folderTitleOf(plan.tree, page), options.guard.messages, overwrite) === 'followsUnchanged') expectMore(1);
      }
      if (parentMissing && page.item.state === 'send') {
        // Without the chosen page the plan held until the parent landed: this page has no parent ID to name.
        const target = { ...page.item.target };
        delete target.parentId;
        const refused = { ...page.item, target, state: 'refused' as const, refusals: [{ code: 'duplicatePage' as const, message: parentMissing.message, fix: undefined }] };
        return { page, item: refused, cautions: [], pending: false, underUnsentPage: parentMissing.parent };
      }
      if (parentMissing && page.item.state === 'refused') {
        // Refused by the plan for its own reasons: it keeps them, but names its folder's page, not the chosen one.
        const target = { ...page.item.target };
        delete target.parentId;
        return { page, item: { ...page.item, target }, cautions: [], pending: false, underUnsentPage: parentMissing.parent };
      }
      return { page, ...rewritten(page) };
    });
    await guardTreePages(items, { ...guardOptions, underNewPage: parentCreated });
    // Stopped before this level is sent: its pages end not started with the levels after it (below).
    if (stopsOnRefusal(items.map((entry) => entry.item))) break;
    // An existing page (the guard found it as this run left it, under its recorded ID) whose links wait for pages this
    // run creates has no reason to go before them: sent now it would go again once they land, a second version on the
    // wiki for one publish. It goes once, after every page of the tree, with those links filled in (deferredUpdates).
    const now: LevelEntry[] = [];
    for (const entry of items) (updateWaitingForLinks(entry, ids) && !parentAnew(entry.page) ? deferred : now).push(entry);
    await sendEntries(now);
  }
  // Stopped before the deferred updates went: they end not started, like the pages of levels that never started, and
  // went nowhere, so the next run sends them as planned (their page and records are as the last publish left them).
  if (options.signal?.aborted || options.gate.stoppedBy || credentialRefused !== undefined) deferred.length = 0;
  // Levels that never started still end as values: not started, skipped or refused, like any run's files.
  const done = new Set([...results.map((result) => result.key), ...deferred.map((entry) => entry.page.key)]);
  const rest = plan.pages.filter((page) => !done.has(page.key));
  const stopped = new AbortController();
  stopped.abort();
  if (rest.length > 0) {
    const never = await runPlan(rest.map((page) => page.item), { ...options, signal: stopped.signal, onResult: undefined, onStopped: undefined });
    for (const [index, result] of never.entries()) {
      const treeResult: TreeFileResult = { ...result, pass: 1, key: (rest[index] as TreePage).key, depth: (rest[index] as TreePage).node.depth, linkCautions: [], linksToFillIn: false };
      results.push(treeResult);
      options.onResult?.(treeResult);
    }
  }
  // Every tree page has been sent: a link to one without an address now stays as written.
  sendsOver = true;
  // Files that name their own page in front matter publish there, through the same guard, once the tree's pages have
  // their addresses (their links to those pages are rewritten like any tree page's); refused files end refused.
  // Its path in the published folder and the destinations of its links, for a file that names its own page.
  const pinnedLinks = (item: PlanItem): { key: string; destinations: readonly string[]; headings: readonly string[] } | undefined => {
    const key = pinnedKeyOf(item);
    const facts = key === undefined ? undefined : plan.pinnedLinkFacts.get(key);
    return key === undefined || !facts ? undefined : { key, destinations: facts.destinations, headings: facts.headings };
  };
  const linkTargetsOf = (item: PlanItem): string | undefined => {
    const links = pinnedLinks(item);
    return links ? linkTargetsDigest(links.destinations, links.key, reachedPageOf, plan.rootInRepository, anchorOf, outsideReached(item.file.key)) : undefined;
  };
  // An unchanged file that names its own page goes again when a page it links to landed under another ID in this run
  // (deleted on the wiki, created anew).
  const pinned = plan.pinned.map((item): PlanItem => (linksReachOtherPages(item, () => (addressable ? linkTargetsOf(item) : undefined)) ? { ...item, state: 'send' } : item));
  expectMore(pinned.filter((item, index) => item !== plan.pinned[index]).length);
  const loose = [...plan.refused, ...pinned];
  if (loose.length > 0) {
    const linkCautionsOf = new Map<PlanItem, LinkCaution[]>();
    for (const item of pinned) {
      const links = pinnedLinks(item);
      if (!links || item.state !== 'send') continue;
      const context: RewriteContext = {
        filePath: links.key, rootInRepository: plan.rootInRepository, resolvePage: decidedOnce(resolvePage), ...outsideOf(item.file.key), ownPage: { title: item.complete?.pageTitle ?? '', headings: links.headings },
      };
      linkCautionsOf.set(item, foreseeRewrite(links.destinations, context).cautions);
      rewriting.set(item.file.key, context);
    }
    // The tree compared their titles in the space (checkTreeOnWiki): not the flat plan's check again. A run stopped on
    // a refused credential looks up nothing more: these files end not started, as the pages after its stop.
    if (credentialRefused === undefined) await guardPlan(pinned, { ...guardOptions, titlesCheckedByTree: true });
    const notSending = credentialRefused !== undefined || stopsOnRefusal(pinned);
    const looseResults = await runPlan(loose, { ...options, ...(notSending ? { signal: stopped.signal } : {}), onResult: undefined, onStopped, onStart, content, linkTargetsOf: (item) => (addressable ? linkTargetsOf(item) : undefined) });
    // The repository learns the page of a file that names its own, as any page of the tree: a teammate's clone and CI
    // then update it through the edit guard instead of meeting "already exists". Looked up side by side.
    const learning = await Promise.all(looseResults.map(async (result) => {
      const key = result.state === 'published' ? pinnedKeyOf(result.item) : undefined;
      const learnt = key === undefined ? undefined : await lookUp(() => learnLandedPage(result, result.item.link?.pageId, options.pages, options.signal));
      if (key !== undefined && learnt && options.identity.get?.(key)?.id !== learnt.pageId) {
        const followed = pinnedFollowed.get(key);
        await options.identity.record(key, { id: learnt.pageId, title: result.item.complete?.pageTitle ?? '' }).then(async () => {
          // Its page followed it from its old path: that key would otherwise show as an orphan on the next run.
          if (followed?.id === learnt.pageId) await options.identity.forget?.(followed.oldKey);
        }).catch(() => undefined); // a failed write is the front end's to report, through the store's settled()
      }
      if (key !== undefined && learnt) pinnedLanded.set(key, { id: learnt.pageId, title: result.item.complete?.pageTitle ?? '' });
      return learnt;
    }));
    for (const [index, result] of looseResults.entries()) {
      const learnt = learning[index];
      const linkCautions = linkCautionsOf.get(loose[index] as PlanItem) ?? [];
      const linkTargets = result.state === 'published' ? linkTargetsOf(result.item) : undefined;
      const treeResult: TreeFileResult = {
        ...result, pass: 1, key: result.item.file.label, depth: 0, linkCautions, linksToFillIn: waitsForPages(false, linkCautions),
        ...(learnt ? { pageId: learnt.pageId } : {}), ...(linkTargets !== undefined ? { linkTargets } : {}),
      };
      results.push(treeResult);
      options.onResult?.(treeResult);
    }
  }
  // The existing pages whose links waited for pages of this run go now, once, as part of the first pass (each page is
  // sent once, as planned: the progress total already counts them). Their links are decided again: they reach the
  // pages that landed, and stay as written, with a caution, where a page did not (as a second send would leave them).
  // Their verdict is the one the guard gave at their level, a moment ago; stopped meanwhile, they end not started.
  if (deferred.length > 0) {
    await sendEntries(deferred.map((entry) => {
      const { cautions, pending } = rewritten(entry.page);
      return { ...entry, cautions, pending };
    }));
  }
  const passContext = { ...options, onStopped, onStart, resolved: rewritten, reached, ids, results, content, linkTargetsWhenSent };
  // A page whose links waited only for pages that did not land would go again as it went: it is not sent, and its
  // links are named as left below. Its first send recorded the pages its links reached (none for those), so the run
  // in which those pages land sends it again with them filled in (relinkUnchanged).
  const sentAgain: typeof needSecond = [];
  const leftAsSent = new Map<string, string[]>();
  for (const entry of needSecond) {
    const waited = [...(waitedFor.get(entry.page.key) ?? [])];
    if (waited.some((path) => typeof resolvePage(path) === 'object')) sentAgain.push(entry);
    else leftAsSent.set(entry.page.key, waited.map((path) => `${rootPath}${path}`));
  }
  // A page sent in the first pass before a page it links to was created anew under another ID (its recorded page was
  // deleted or moved on the wiki) links to the old page: it goes again with the new address, as an update of what it
  // has just written. None when no recorded page got a new ID, the usual case.
  const pageOf = new Map(plan.pages.map((page) => [page.key, page]));
  // The second pass updates what the first wrote: no page gets another ID after this.
  const replaced = replacedPages(plan, ids);
  // A page only this machine's record named that landed as another page (made anew) is replaced the same way for links.
  const linkedReplaced = plan.pages.some((page) => page.linkedPageId !== undefined && ids.has(page.key) && ids.get(page.key) !== page.linkedPageId);
  if (addressable && (replaced.length > 0 || linkedReplaced)) {
    const going = new Set(sentAgain.map((entry) => entry.page.key));
    for (const result of results) {
      const page = result.pass === 1 && result.state === 'published' && !going.has(result.key) ? pageOf.get(result.key) : undefined;
      const sent = page ? reachedWhenSent.get(page.key) : undefined;
      if (!page || sent === undefined || reachedNow(page) === sent) continue;
      going.add(page.key);
      sentAgain.push({ page, version: landedLink(result, 0)?.version });
    }
  }
  expectMore(sentAgain.length);
  await secondPass(sentAgain, passContext);
  // What the plan knew of each page's ID before sending: the repository's record, else this machine's at its place.
  const knownBefore = (key: string): string | undefined => recordedIds.get(key) ?? pageOf.get(key)?.linkedPageId;
  // A page of the tree with an ID now that it had none before (created in this run): an unchanged page that links to
  // it went out earlier with that link left as written, and goes again now rather than on the run after this one.
  const newlyKnown = addressable && plan.pages.some((page) => knownBefore(page.key) === undefined && ids.has(page.key));
  const linkingAnew = addressable && (replaced.length > 0 || linkedReplaced || newlyKnown) ? pagesLinkingAnew(plan, results, knownBefore, ids) : [];
  expectMore(linkingAnew.length);
  await relinkUnchanged(linkingAnew, passContext);
  const counted = countedResults(results, (result) => result.key);
  // The files a page waits for, by label, from its links' 'no page yet' cautions (written relative to its file).
  const linksLeft = linksLeftOf(counted, (result) => {
    const left = leftAsSent.get(result.key);
    if (left && result.pass === 1) return left;
    const page = pageOf.get(result.key);
    if (!page) return [];
    const from = linkingFileOf(page.node, rootPath);
    const labelOf = (destination: string): string => {
      const target = linkTarget(destination, from, plan.rootInRepository);
      return target.kind === 'file' && target.path !== undefined ? `${rootPath}${target.path}` : destination;
    };
    return [...new Set(result.linkCautions.filter((caution) => caution.reason === 'noPageYet').map((caution) => labelOf(caution.target)))];
  });
  const leftBehind = await pagesLeftBehind(replaced, options.pages);
  return { results, secondPass: sentAgainAndLanded(results), summary: summarise(counted), linksLeft, leftBehind, ...(credentialRefused !== undefined ? { credentialRefused } : {}) };
}

/**
 * The front end's send marks (RunOptions.beforeSend) for the tree's pages: an update's, not a create's. The tree's
 * guard takes a page found where one of its pages would be created, last written by the publishing account, for the
 * tree's own whatever this machine recorded (guardTreePages, unrecordedTreePages), so a create's mark would tell the
 * next run nothing; a first publish of a large tree then writes no mark at all.
 */
function treePageMarks(beforeSend: RunOptions['beforeSend']): Pick<RunOptions, 'beforeSend'> {
  return beforeSend ? { beforeSend: (item) => (item.link === undefined ? Promise.resolve() : beforeSend(item)) } : {};
}

export interface TreeGuardOptions extends GuardOptions {
  /** Whether the page hangs under a folder page that did not exist before (created this run, or not known yet). */
  underNewPage(page: TreePage): boolean;
}

/**
 * The edit guard for pages of a tree, the same before a confirmation, in a dry run and level by level while sending:
 * nothing can exist under a folder page that is new, so those pages are not looked up; every other page is decided
 * from what the wiki holds (guard.ts): a page found where one of them would be created that carries its notice, from a
 * run that stopped before recording it, is taken over rather than failed as "already exists".
 */
export async function guardTreePages(entries: ReadonlyArray<{ page: TreePage; item: PlanItem }>, options: TreeGuardOptions): Promise<void> {
  // One pass, no set of the pages looked up: a page under a new folder page has no page to look up yet.
  const looked: PlanItem[] = [];
  for (const entry of entries) {
    if (!options.underNewPage(entry.page)) looked.push(entry.item);
    else if (entry.item.state === 'send') entry.item.guard = { kind: 'absent' };
  }
  // The tree compared the titles in the space itself (checkTreeOnWiki).
  await guardPlan(looked, { ...options, titlesCheckedByTree: true });
}

/** The lookup, each path answered once: later answers (a page that landed meanwhile) do not change a decision made. */
function decidedOnce(resolve: (path: string) => PageLookup): (path: string) => PageLookup {
  const decided = new Map<string, PageLookup>();
  return (path) => {
    if (!decided.has(path)) decided.set(path, resolve(path));
    return decided.get(path);
  };
}

/** A page of a level as it goes to the runner: its item, its links' cautions, and the folder page it waits for. */
interface LevelEntry {
  page: TreePage;
  item: PlanItem;
  cautions: LinkCaution[];
  pending: boolean;
  /** Not sent because this folder page did not land. */
  underUnsentPage?: { key: string; title: string };
}

/**
 * Whether a page of a level is an update that can wait for the pages its links need: its links wait for pages of this
 * run, and the guard found its page as this machine left it under the ID the tree records (so its children already have
 * their parent's ID, and it lands as that page). Anything else goes at its level as before: a page created or made
 * anew (its children need its ID), one adopted, held back or not checked, one retitled or renamed (where it lands is
 * learnt when it lands), and one refused.
 */
function updateWaitingForLinks(entry: LevelEntry, ids: ReadonlyMap<string, string>): boolean {
  const verdict = entry.item.guard;
  if (!entry.pending || entry.item.state !== 'send' || verdict?.kind !== 'asLeft' || verdict.adopted) return false;
  if (entry.page.retitledFrom !== undefined || entry.page.renamedFrom !== undefined) return false;
  const recorded = ids.get(entry.page.key);
  return recorded !== undefined && recorded === entry.page.pageId && verdict.page.id === recorded;
}

/** The page's parent ID (the chosen page for the top level); the reason and that page when its folder's page did not land. */
function withParent(page: TreePage, ids: ReadonlyMap<string, string>, plan: TreePlan, rootPath: string, words: TreeMessages): { parentMissing?: { message: string; parent: { key: string; title: string } }; sentAnew?: boolean } {
  const complete = page.item.complete;
  if (!complete || page.node.parent === undefined) return {};
  const parentKey = page.node.parent.slice(rootPath.length);
  const parentId = ids.get(parentKey);
  if (parentId === undefined) {
    const title = plan.tree.byPath.get(page.node.parent)?.title ?? page.node.parent;
    return { parentMissing: { message: words.parentNotPublished(title), parent: { key: parentKey, title } } };
  }
  // The folder's page ID learnt now may make this page the one this machine's record names (treePlan: a page the
  // repository does not record is updated, not created, when that record names its place).
  const linkedHere = !page.retitledFrom && linkNames(page.item.link, { ...complete, parentId });
  // A page the repository does not record that the plan took for its record's page under the folder page that record
  // names: the folder page landed as another page (made anew), so that record names no page at this place any more,
  // and only the user's --overwrite updates a page found here, as for any page no record names.
  const movedFromLinked = page.pageId === undefined && parentId !== complete.parentId && page.item.linkedPage;
  const overwrite = movedFromLinked ? plan.overwrite === true || linkedHere : complete.overwrite || linkedHere;
  page.item.complete = { ...complete, parentId, overwrite };
  page.item.target = { ...page.item.target, parentId, overwrite };
  if (movedFromLinked) {
    page.item.linkedPage = linkedHere;
    // Unchanged, it goes all the same: the page it published is under the folder page's old page, not its new one.
    if (!linkedHere && page.item.state === 'unchanged') {
      page.item.state = 'send';
      return { sentAnew: true };
    }
  } else if (overwrite && !complete.overwrite) page.item.linkedPage = true;
  return {};
}

interface SecondPassContext extends TreeRunOptions {
  linkTargetsWhenSent(item: PlanItem): string | undefined;
  resolved(page: TreePage): { item: PlanItem; cautions: LinkCaution[]; pending: boolean };
  reached(page: TreePage, result: FileResult): { linkTargets?: string };
  content(item: PlanItem): Promise<PlannedContent>;
  ids: ReadonlyMap<string, string>;
  results: TreeFileResult[];
}

/** Whether a tree run can give pages addresses: with page access, or when an address can be made from the site's. */
export function treePageAddresses(pageAccess: boolean, addressOf: (pageId: string, title: string) => string | undefined): boolean {
  return pageAccess || addressOf('1', 'Page') !== undefined;
}

/**
 * Pages left alone as unchanged whose links reach a page this run created, or created anew under another ID (its
 * recorded page was deleted on the wiki): they still link to no page, or to the deleted one. Asked only when some page
 * got an ID it did not have before this run.
 */
function pagesLinkingAnew(plan: TreePlan, results: readonly TreeFileResult[], knownBefore: (key: string) => string | undefined, ids: ReadonlyMap<string, string>): TreePage[] {
  const skipped = new Set(results.filter((result) => result.state === 'skipped').map((result) => result.key));
  // Only the tree's own pages can have changed ID in this run: links out of the tree count the same either way.
  const before = treePageIdByPath(plan.tree, knownBefore, () => undefined);
  const now = treePageIdByPath(plan.tree, (key) => ids.get(key), () => undefined);
  const root = plan.tree.rootPath;
  return plan.pages.filter((page) => {
    if (page.item.state !== 'unchanged' || !skipped.has(page.key)) return false;
    const file = linkingFileOf(page.node, root);
    return linkTargetsDigest(page.linkFacts.destinations, file, before, plan.rootInRepository) !== linkTargetsDigest(page.linkFacts.destinations, file, now, plan.rootInRepository);
  });
}

/**
 * Sends the unchanged pages that link to a page created (or created anew), in the second pass, so their links reach the
 * new page in this run rather than the next one. Unlike the pages the second pass sends again, nothing in this run looked at them
 * on the wiki yet: they go through the edit guard first, and one edited there is held back as in any run.
 */
async function relinkUnchanged(pages: readonly TreePage[], context: SecondPassContext): Promise<void> {
  if (pages.length === 0 || context.signal?.aborted || context.gate.stoppedBy) return;
  const entries = pages.map((page) => {
    const { item, cautions, pending } = context.resolved(page);
    return { page, cautions, pending, item: { ...item, state: 'send' as const } };
  });
  await guardTreePages(entries, {
    ...context.guard, pages: context.pages, ...(context.signal ? { signal: context.signal } : {}), underNewPage: () => false,
  });
  await sendAgain(entries, context);
}

/** Sends again, as updates of the pages just written, the pages whose links needed this run's new pages. */
async function secondPass(pending: ReadonlyArray<{ page: TreePage; version: number | undefined }>, context: SecondPassContext): Promise<void> {
  if (pending.length === 0 || context.signal?.aborted || context.gate.stoppedBy) return;
  const entries = pending.map(({ page, version }) => {
    const { item, cautions, pending: stillPending } = context.resolved(page);
    return { page, cautions, pending: stillPending, item: sentAgain(item, context.ids.get(page.key), version) };
  });
  await sendAgain(entries, context);
}

/** Sends pages in the second pass and reports each as a pass-2 result. */
async function sendAgain(entries: ReadonlyArray<{ page: TreePage; item: PlanItem; cautions: LinkCaution[]; pending: boolean }>, context: SecondPassContext): Promise<void> {
  const results = await runPlan(entries.map((entry) => entry.item), { ...context, onResult: undefined, linkTargetsOf: context.linkTargetsWhenSent });
  for (const [index, result] of results.entries()) {
    const entry = entries[index] as (typeof entries)[number];
    const pageId = context.ids.get(entry.page.key);
    const treeResult: TreeFileResult = {
      ...result, pass: 2, key: entry.page.key, depth: entry.page.node.depth, ...(pageId ? { pageId } : {}), linkCautions: entry.cautions,
      linksToFillIn: waitsForPages(entry.pending, entry.cautions), ...context.reached(entry.page, result),
    };
    context.results.push(treeResult);
    context.onResult?.(treeResult);
  }
}
