// What a tree's run knows of the pages its links reach, while it sends (treeRun.ts): each page's ID and address as they
// become known (recorded, this machine's record, learnt as it lands), how a page's links are rewritten when it goes
// (decided just before its send, from what is known then), what they reached (for its record and its notice's digest),
// and which pages they still wait for (a second pass, or the order pages go in: runSchedule.ts).
import { foreseeRewrite, rewriteLinks, type LinkCaution, type PageLookup, type RewriteContext } from '../links/rewrite';
import type { PlanItem } from '../run/planItem';
import { plannedContent, type PlannedContent } from '../run/plannedContent';
import type { FileResult } from '../run/runner';
import type { PublishMessages } from '../messages/publishMessages';
import { linkingFileOf, pinnedLinkedPages, renamedAwayKeys, treeHeadingsByPath, treePageIdByPath } from './linkTargets';
import { linkTargetsDigest, wikiAnchorByPath } from '../links/linkTargets';
import { linkedPagesWithoutId } from './linkWaits';
import { isBelow } from '../walk/relativePaths';
import { nodeOfFile, topContentFile } from './shape';
import type { PageAddressOf } from './spaceAddresses';
import { refusedLinkPaths } from './plannedTreeLinks';
import type { TreePage, TreePlan } from './treePlanTypes';

export interface RunLinksOptions {
  /** The repository's record of a page by key, also of files outside this run. */
  recorded(key: string): { id: string; title: string } | undefined;
  addressOf: PageAddressOf;
  addressInSpace(spaceId: string): Promise<PageAddressOf>;
  /** Whether page addresses can be made at all (treePageAddresses). */
  addressable: boolean;
  messages?: PublishMessages;
}

/** A page's links as decided for one send: the cautions of those that stay as written, and whether some wait for a page. */
export interface LinkDecision {
  cautions: LinkCaution[];
  pending: boolean;
}

export type RunLinks = Awaited<ReturnType<typeof runLinks>>;

export async function runLinks(plan: TreePlan, options: RunLinksOptions) {
  const rootPath = plan.tree.rootPath;
  const ids = new Map<string, string>();
  const urls = new Map<string, string>();
  const recordedIds = new Map<string, string>();
  for (const page of plan.pages) if (page.pageId) recordedIds.set(page.key, page.pageId);
  // A retitled page lands as a new page (the recorded one stays): links to it wait for that page's ID, so that a page
  // linking to it goes once, after it, rather than once with the old page's address and again with the new one.
  for (const page of plan.pages) if (page.pageId && page.retitledFrom === undefined) ids.set(page.key, page.pageId);
  // The pages the repository does not record but this machine's record names at their place (TreePage.linkedPageId):
  // until its result is in, the links that reach such a page take that ID, as they take a recorded page's.
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
  const pinnedLinked = pinnedLinkedPages(plan.pinned, rootPath, { get: (key) => options.recorded(key) ?? pinnedFollowed.get(key) });
  // Not the record of a path renamed away (renamedAwayKeys): it is forgotten when the renamed page lands, at any moment
  // of the run, and a link to the path goes out as written. Else what a page's links reached, for its record and its
  // notice's digest, would hang on whether that page landed before it went, and the next run send it again.
  const renamedAway = renamedAwayKeys(plan.moves.renamed, rootPath);
  const recordedNow = (path: string): { id: string; title: string } | undefined => (renamedAway.has(path) ? undefined : options.recorded(path));
  const recordedOutside = (path: string): { id: string; title: string } | undefined => recordedNow(path) ?? pinnedFollowed.get(path) ?? pinnedLinked.get(path);
  const { addressable } = options;
  let sendsOver = false;
  /** Pages whose first-pass result is in (treeRun.ts): one of them still without an ID did not land. */
  const ended = new Set<string>();
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
      // Nothing on disk at the path (sayMissingLinkFiles): the page the repository still records for it is an orphan.
      if (plan.missingFiles?.has(path)) return 'noFile';
      // A folder on disk that gets no page (a folder of images; `v1.2` written without its slash too).
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
    // Once a page has its result (or every page has been sent), one still without an address did not land (or its ID
    // could not be learnt): a link to it stays as written, and says so, instead of waiting for a pass that will not come.
    if (sending.has(key)) return sendsOver || ended.has(key) ? 'notYet' : 'pending';
    return refusedPaths.has(key) ? 'refused' : undefined;
  };

  // The pages a landed page's links reached, by the IDs known when it went out: what its link records. Without
  // addresses no link reached a page: recorded so, a later run that can make addresses sends the page again.
  const reachedPageOf = addressable ? treePageIdByPath(plan.tree, idForLinks, (path) => recordedOutside(path)?.id) : () => undefined;
  // The wiki's anchors of the headings the links name, as the plan digests them (planTreeOf.ts).
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
  // Decided just before a page is sent: its links as known then (a page it links to may get another ID later in the
  // run), what they reached, and which pages they waited for (the second pass sends it again only if one got an address).
  const rewriting = new Map<string, RewriteContext>();
  const reachedWhenSent = new Map<string, string>();
  const waitedFor = new Map<string, Set<string>>();
  const pageKeyOfFile = new Map(plan.pages.map((page) => [page.item.file.key, page.key]));

  /** The pinned file's path in the published folder and the destinations of its links. */
  const pinnedLinks = (item: PlanItem): { key: string; destinations: readonly string[]; headings: readonly string[] } | undefined => {
    const key = pinnedKeyOf(item);
    const facts = key === undefined ? undefined : plan.pinnedLinkFacts.get(key);
    return key === undefined || !facts ? undefined : { key, destinations: facts.destinations, headings: facts.headings };
  };
  /** What a file that names its own page reaches with its links now. */
  const pinnedLinkTargets = (item: PlanItem): string | undefined => {
    const links = pinnedLinks(item);
    return links ? linkTargetsDigest(links.destinations, links.key, reachedPageOf, plan.rootInRepository, anchorOf, outsideReached(item.file.key)) : undefined;
  };

  return {
    ids, urls, linkedIds, titledBackIds, ended, recordedIds: recordedIds as ReadonlyMap<string, string>, sending, pinnedLanded, pinnedFollowed, pinnedKeyOf, pinnedLinkTargets, idForLinks, resolvePage,
    reachedNow, waitedFor, reachedWhenSent, addressable,
    /** Every tree page has been sent: a link to one without an address now stays as written. */
    sendsAreOver(): void {
      sendsOver = true;
    },
    /** Decides a tree page's links for the send about to go. */
    decide(page: TreePage): LinkDecision {
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
      else waitedFor.delete(page.key);
      return { cautions: foreseen.cautions, pending: foreseen.needsSecondPass };
    },
    /** Decides the links of a file that names its own page, sent after the tree's pages; its link cautions. */
    decidePinned(item: PlanItem): LinkCaution[] | undefined {
      const links = pinnedLinks(item);
      if (!links || item.state !== 'send') return undefined;
      const context: RewriteContext = {
        filePath: links.key, rootInRepository: plan.rootInRepository, resolvePage: decidedOnce(resolvePage), ...outsideOf(item.file.key), ownPage: { title: item.complete?.pageTitle ?? '', headings: links.headings },
      };
      rewriting.set(item.file.key, context);
      return foreseeRewrite(links.destinations, context).cautions;
    },
    /** The text to send: the plan's, read again and checked, with its links rewritten as decided. */
    async content(item: PlanItem): Promise<PlannedContent> {
      const planned = await plannedContent(item, options.messages);
      const context = rewriting.get(item.file.key);
      return planned.ok && context ? { ok: true, content: rewriteLinks(planned.content, context).markdown } : planned;
    },
    /** What a sent item's links reached, for its notice's digest (pageNotice.ts). */
    linkTargetsWhenSent(item: PlanItem): string | undefined {
      const key = pageKeyOfFile.get(item.file.key);
      if (key !== undefined) return reachedWhenSent.get(key);
      return addressable ? pinnedLinkTargets(item) : undefined;
    },
    /** What a landed page's link records of the pages its links reached. */
    reached(page: TreePage, result: FileResult): { linkTargets?: string } {
      const sent = reachedWhenSent.get(page.key);
      return result.state === 'published' && sent !== undefined ? { linkTargets: sent } : {};
    },
    /**
     * The pages of this run a tree page's links name that have no ID yet: what it waits for to go once (runSchedule.ts).
     * Pages that are not sent, or that have an ID, are not waited for.
     */
    waitsOn(page: TreePage): string[] {
      if (!addressable) return [];
      return linkedPagesWithoutId(page, plan, (key) => sending.has(key) && idForLinks(key) === undefined);
    },
  };
}

/** The lookup, each path answered once: later answers (a page that landed meanwhile) do not change a decision made. */
function decidedOnce(resolve: (path: string) => PageLookup): (path: string) => PageLookup {
  const decided = new Map<string, PageLookup>();
  return (path) => {
    if (!decided.has(path)) decided.set(path, resolve(path));
    return decided.get(path);
  };
}
