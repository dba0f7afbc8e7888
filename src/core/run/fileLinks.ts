// Links between files in a publish that is not a tree (issue 14, section 3): a file published on its own, or a flat
// selection, sends a link to another Markdown file as a link to that file's page when the page is known, recorded in
// the repository (.wiki-pages.json) or remembered by this machine (the front end's link store), a file of the same
// selection included. Decided once, before the plan is shown, so its caution names only the links that stay as
// written; applied to the text read for sending, never to the file on disk. The front ends give ports only.
import { englishTreeMessages, type TreeMessages } from '../messages/treeMessages';
import type { PublishMessages } from '../messages/publishMessages';
import { headingMatcher, linkDestinationTexts, markdownHeadings, rewriteLinks, withLinkCautions, type LinkCaution, type PageLookup, type RewriteContext } from '../links/rewrite';
import { pageAddress } from '../publish/pageAddress';
import { linkTargetsDigest } from '../links/linkTargets';
import { linkDestinationList, mayHoldLinks } from '../markdown/links';
import { linksReachOtherPages } from './plan';
import type { LinkFindings } from './linkFindings';
import { linkedFilesOf, lookUpPages, placeInRepository, refusedKeys, selectedFile, type Linking, type Selected } from './linkedFiles';
import type { FileLinkPorts } from './fileLinkPorts';
import type { PlanItem, SourceFile } from './plan';
import { plannedContent, type PlannedContent } from './plannedContent';

export { linkedPageIdOf, NO_OUTSIDE_LINKS, outsideLinkedPages, type OutsideLinkPorts, type OutsideLinks, type OutsidePage } from './outsideLinks';

export type { FileLinkPorts } from './fileLinkPorts';

export interface FileLinks {
  /** runPlan's `content`: the text read for sending, as the plan checks it, with its links to known pages in place. */
  content(item: PlanItem, messages?: PublishMessages): Promise<PlannedContent>;
  /** The Markdown of the file `fileKey` with its links to known pages in place (a plan that holds its content). */
  rewrite(fileKey: string, markdown: string): string;
  /**
   * Gives a plan of a file made again after planFileLinks (the editor plans a file again once its prompts are
   * answered) the same decisions: its link caution, `linksToPages`, `linksWaitForPages` and `linkTargets`, and
   * sends an unchanged file again when a page its links reach has another ID than when it last went out.
   */
  annotate(item: PlanItem): void;
  /** The files of the selection that links wait for (no page yet): a run learns their pages' IDs as they land. */
  awaited: ReadonlySet<string>;
  /** The files whose links wait for a page of the selection: a run learns their own pages' IDs too, for a second pass. */
  waiting: ReadonlySet<string>;
  /**
   * Files of the selection whose pages the edit guard found deleted on the wiki, so the run creates them anew: the
   * links to them were decided with the old pages' IDs, dead now. They wait for the new pages instead, as links to a
   * file without a page do, and the second pass fills them in (with page access and a site address). Updates
   * `awaited` and `waiting`.
   */
  awaitRecreated(fileKeys: ReadonlySet<string>): Promise<void>;
  /**
   * Files of the selection refused after the links were decided (the edit guard's check of one title given to a space
   * written as its key and as its ID): they get no page in this run, so the links waiting for them stay as written
   * and say so, as links to a file the plan refused do. Updates `awaited` and the linking files' cautions.
   */
  refusedSince(): void;
  /**
   * Files of the selection whose pages nothing recorded (a fresh CI runner, a fresh clone) and the edit guard found at
   * their places carrying their own notices: by file key, the page's ID. The links to them are decided again to reach
   * those pages, as if they had been recorded, so that nothing waits for a page that is there and a file whose page
   * holds what it would send with them goes no more (the guard looks again). Gives the items decided again.
   */
  foundSince(found: ReadonlyMap<string, string>): Promise<PlanItem[]>;
  /**
   * The second pass (section 3): given the IDs learnt by file key for pages this run created, copies of the items
   * sent in the first pass (`sent`) whose links waited for one of them, their links decided again so that `content`
   * now fills those links in. None without a site address (no link reaches a page then).
   */
  relink(sent: readonly PlanItem[], learnt: ReadonlyMap<string, string>): Promise<PlanItem[]>;
  /**
   * The files of the selection whose pages a file's links still wait for, by label, once the run is over: pages that
   * did not land, or whose IDs could not be learnt, so those links went out as written although the plan counted on
   * a second pass (it gave them no caution). None when the plan did not count on one: it cautioned then.
   */
  stillWaitingFor(fileKey: string): string[];
  /**
   * The files of the selection, by key, that the file `fileKey`'s links wait for as decided now and that this run sends
   * (so they get pages in it): what a flat run's order lets it wait for, to go once with those links filled in. Its own
   * key when its links name its own new page (it goes again for them). None when no link can be filled in (no page
   * access, no site address): waiting would then gain nothing.
   */
  waitsFor(fileKey: string): string[];
  /**
   * How many links of the plan's files would reach a page yet stay as written because no page address can be made
   * (no site address): one reason with one fix for the whole run, said once by the front end, as a tree says it
   * (TreePlan.linksWithoutAddress), not in the caution of every file with a link. Asked after the links are decided.
   */
  linksWithoutAddress(): number;
  /**
   * Every link of the file `fileKey` that stays as written, or reaches its page without the heading it names, with
   * why, as decided now: what its caution lists up to three of (the editor's Problems panel places each of them).
   */
  linkCautions(fileKey: string): readonly LinkCaution[];
}

/** What planning decided of one file's links. */
interface LinkDecision {
  context: RewriteContext;
  cautions: LinkCaution[];
  rewritten: number;
  /** Where (whereKey) the files are that its links wait for: they have no page yet. */
  waitedOn: ReadonlySet<string>;
  /** The digest of the pages its links reach (tree/linkTargets.ts); undefined when no page address can be made. */
  linkTargets: string | undefined;
  /** Its links that stay as written only for want of a site address: counted, not cautioned (linksWithoutAddress). */
  unaddressed: number;
}


/**
 * Decides the links of every file of the plan that has a text (`sources` are what was read, `items` their plan):
 * each item's 'localLinks' caution then names only the links that stay as written, with why, and `linksToPages`
 * counts the links that go to pages. The answer rewrites the same links the same way when the files are sent.
 * `findings`: the links the plan found in each file as it planned it (PlanOptions.linkFindings), not looked for again.
 */
export async function planFileLinks<L>(sources: readonly SourceFile[], items: readonly PlanItem[], ports: FileLinkPorts<L>, findings?: LinkFindings): Promise<FileLinks> {
  const itemOf = new Map(items.map((item) => [item.file.key, item]));
  const selection = new Map<string, Selected>();
  const linking: Array<Linking<L>> = [];
  for (const source of sources) {
    const item = itemOf.get(source.key);
    if (!item || source.readProblem !== undefined) continue;
    const selected = selectedFile(source, item);
    selection.set(source.key, selected);
    if (!mayHoldLinks(selected.body)) continue;
    const content = selected.sent();
    const found = findings ? findings.take(source.key, content) : linkDestinationList(content);
    linking.push({ item, content, place: ports.placeOf(source.key), destinations: linkDestinationTexts(content, found), found });
  }
  // Each linking file's entry, by file: its decisions are made again from it (relink), and its text, what they were
  // made from, is compared with the text read again when it is sent.
  const linkingOf = new Map(linking.map((entry) => [entry.item.file.key, entry]));
  await placeInRepository(linking, ports.fs);
  const { linked, whereKey, pageless } = await linkedFilesOf(linking, ports.fs);
  const { pages, pageIds, withoutPage, awaitedAt, refusedAt, selectionAt, missing } = await lookUpPages(linked, selection, refusedKeys(items), pageless, ports);
  // One matcher per page for all the files linking to it.
  const anchorMatchers = new Map<string, (anchor: string) => string | undefined>();
  // A file's links as rewriteLinks decides them, given the pages known; `filled`: pages this run created since.
  // A page of the selection that has no page yet gets one in this run: a second pass fills the link in, if it can learn
  // the page's ID and make its address. Asked only when some link waits for such a file.
  let secondPassFills = awaitedAt.size > 0 && ports.siteBase !== undefined && (await ports.pageAccess());
  const decide = ({ item, content, place, destinations, found }: Linking<L>, filled: ReadonlyMap<string, PageLookup>, ids: ReadonlyMap<string, string>): LinkDecision => {
    const waitedOn = new Set<string>();
    const context: RewriteContext = {
      filePath: place?.path ?? item.file.label,
      rootInRepository: place?.rootInRepository,
      resolvePage: (path) => {
        if (!place) return undefined;
        const where = whereKey(place.folder, path);
        const page = filled.get(where);
        if (page !== undefined) return page;
        if (missing.has(where)) return 'noFile';
        if (!withoutPage.has(where)) return pages.get(where);
        // A file of this run gets its page in it, but without the wiki's address no link can reach that page: kept for
        // want of the address (counted once for the run), not waiting for the page, which sent the file again once the
        // page existed, to no effect.
        if (ports.siteBase === undefined && awaitedAt.has(where) && !refusedAt.has(where)) return 'noAddress';
        waitedOn.add(where);
        if (refusedAt.has(where)) return 'refused';
        return secondPassFills && awaitedAt.has(where) ? 'pending' : 'notYet';
      },
      anchorMatchers,
      // Its links to its own headings: the headings come from the text rewritten.
      ownPage: { title: item.complete?.pageTitle ?? '' },
    };
    const decided = rewriteLinks(content, context, found);
    // Without a site address no link reaches a page, whatever their IDs: nothing to compare the next run with. The
    // wiki's anchors of the headings the links name count too, as rewriteLinks made them.
    const anchorOf = (path: string, anchor: string): string | undefined => {
      const page = place ? (filled.get(whereKey(place.folder, path)) ?? pages.get(whereKey(place.folder, path))) : undefined;
      if (typeof page !== 'object') return undefined;
      let matcher = anchorMatchers.get(page.url);
      if (!matcher) anchorMatchers.set(page.url, (matcher = headingMatcher(page)));
      return matcher(anchor);
    };
    const linkTargets = place && ports.siteBase !== undefined
      ? linkTargetsDigest(destinations, place.path, (path) => ids.get(whereKey(place.folder, path)), place.rootInRepository, anchorOf) : undefined;
    return { context, cautions: decided.cautions, rewritten: decided.rewritten, waitedOn, linkTargets, unaddressed: decided.unaddressed };
  };
  const decisions = new Map<string, LinkDecision>();
  for (const entry of linking) decisions.set(entry.item.file.key, decide(entry, new Map(), pageIds));
  // No folder is published here: a link that leaves one leaves the folder its files are looked up in.
  const treeWords = ports.messages ?? englishTreeMessages;
  const words: TreeMessages = { ...treeWords, linkOutsideRun: treeWords.linkOutsideLookup };
  const apply = (item: PlanItem, decision: LinkDecision): void => {
    item.cautions = withLinkCautions(item.cautions, decision.cautions, words);
    if (decision.rewritten > 0) item.linksToPages = decision.rewritten;
    else delete item.linksToPages;
    if (decision.waitedOn.size > 0) item.linksWaitForPages = true;
    else delete item.linksWaitForPages;
    if (decision.linkTargets !== undefined) item.linkTargets = decision.linkTargets;
  };
  /** Whether the file of the selection at `where` (one without a page) is one this run sends, so gets a page. */
  const sentInThisRun = (where: string): boolean => {
    const key = awaitedAt.get(where);
    return key !== undefined && selection.get(key)?.item.state === 'send';
  };
  const annotate = (item: PlanItem): void => {
    const decision = decisions.get(item.file.key);
    if (!decision) return;
    // The same text sends a dead link when a page it links to has another ID than when it last went out (its file
    // now publishes to a new page, or the page was deleted and created again): sent again, as a tree page is.
    if (linksReachOtherPages(item, () => decision.linkTargets)) item.state = 'send';
    // Unchanged, it waits for a file of this selection that the run creates: it goes too, so that the second pass
    // fills its link in now. (Its last publish recorded the pages it reached, none for that file: the next run would
    // also send it, a run later than the link could be filled in.)
    // Its page may hold its text as it is now (its notice says so): it goes all the same, once, in that second pass.
    else if (item.state === 'unchanged' && [...decision.waitedOn].some((where) => sentInThisRun(where))) {
      item.state = 'send';
      item.forced = true;
      item.secondPassOnly = true;
    }
    apply(item, decision);
  };
  for (const { item } of linking) annotate(item);
  const rewrite = (fileKey: string, markdown: string): string => {
    const context = decisions.get(fileKey)?.context;
    return context ? rewriteLinks(markdown, context).markdown : markdown;
  };
  // The keys of the spaces page addresses name, each asked once (a numeric space ID is looked up on the wiki).
  const spaceKeys = new Map<string, Promise<string>>();
  /** The page `pageId` of the file of the selection at `where`, as its plan targets it; undefined without an address. */
  const selectedPageAt = async (where: string, key: string, pageId: string, siteBase: string): Promise<Extract<PageLookup, object> | undefined> => {
    const selected = selection.get(key);
    const target = selected?.item.complete;
    if (!selected || !target) return undefined;
    let spaceKey = spaceKeys.get(target.spaceId);
    if (spaceKey === undefined) spaceKeys.set(target.spaceId, (spaceKey = ports.spaceKey(target.spaceId)));
    const url = pageAddress(siteBase, await spaceKey, pageId, target.pageTitle);
    return url === undefined ? undefined : { url, title: target.pageTitle, headings: linked.get(where)?.anchored ? markdownHeadings(selected.sent()) : [] };
  };
  const relink = async (sent: readonly PlanItem[], learnt: ReadonlyMap<string, string>): Promise<PlanItem[]> => {
    const siteBase = ports.siteBase;
    if (siteBase === undefined) return [];
    // The pages of the selection that links waited for and that landed with an ID learnt, as their plans target them.
    const filled = new Map<string, PageLookup>();
    const ids = new Map(pageIds);
    for (const [where, key] of awaitedAt) {
      const pageId = learnt.get(key);
      const page = pageId === undefined ? undefined : await selectedPageAt(where, key, pageId, siteBase);
      if (pageId === undefined || page === undefined) continue;
      filled.set(where, page);
      ids.set(where, pageId);
    }
    const again: PlanItem[] = [];
    for (const item of sent) {
      const entry = linkingOf.get(item.file.key);
      const before = decisions.get(item.file.key);
      if (!entry || !before || ![...before.waitedOn].some((where) => filled.has(where))) continue;
      const decision = decide(entry, filled, ids);
      decisions.set(item.file.key, decision);
      const copy: PlanItem = { ...item, cautions: [...item.cautions] };
      apply(copy, decision);
      again.push(copy);
    }
    return again;
  };
  /** Decides again, before sending, the links of the files that wait on one of `places` once decided again. */
  const decideAgainFor = (places: ReadonlySet<string>): void => {
    for (const entry of linking) {
      const decision = decide(entry, new Map(), pageIds);
      if (![...decision.waitedOn].some((where) => places.has(where))) continue;
      decisions.set(entry.item.file.key, decision);
      apply(entry.item, decision);
    }
  };
  const awaitRecreated = async (fileKeys: ReadonlySet<string>): Promise<void> => {
    const gone = [...selectionAt].filter(([, key]) => fileKeys.has(key));
    if (gone.length === 0) return;
    for (const [where, key] of gone) {
      pages.delete(where);
      pageIds.delete(where);
      withoutPage.add(where);
      awaitedAt.set(where, key);
    }
    secondPassFills = ports.siteBase !== undefined && (await ports.pageAccess());
    decideAgainFor(new Set(gone.map(([where]) => where)));
  };
  const refusedSince = (): void => {
    const refusedNow = [...awaitedAt].filter(([, key]) => selection.get(key)?.item.state === 'refused').map(([where]) => where);
    if (refusedNow.length === 0) return;
    for (const where of refusedNow) {
      awaitedAt.delete(where);
      refusedAt.add(where);
    }
    // A link to a refused file still waits on it (a later run fills it in), so the new decisions name it too.
    decideAgainFor(new Set(refusedNow));
  };
  const foundSince = async (found: ReadonlyMap<string, string>): Promise<PlanItem[]> => {
    const siteBase = ports.siteBase;
    if (siteBase === undefined) return [];
    let changed = false;
    // The files without a known page, and those whose known page is not the one found (a record of a page since gone).
    for (const [where, key] of [...awaitedAt, ...selectionAt]) {
      const pageId = found.get(key);
      if (pageId === undefined || pageIds.get(where) === pageId) continue;
      const page = await selectedPageAt(where, key, pageId, siteBase);
      if (page === undefined) continue;
      pages.set(where, page);
      pageIds.set(where, pageId);
      withoutPage.delete(where);
      awaitedAt.delete(where);
      selectionAt.set(where, key);
      changed = true;
    }
    if (!changed) return [];
    // The files whose links now reach another page than they were decided to, or no longer wait.
    const again: PlanItem[] = [];
    for (const entry of linking) {
      const before = decisions.get(entry.item.file.key);
      const decision = decide(entry, new Map(), pageIds);
      if (before && before.linkTargets === decision.linkTargets && before.waitedOn.size === decision.waitedOn.size && before.rewritten === decision.rewritten) continue;
      decisions.set(entry.item.file.key, decision);
      apply(entry.item, decision);
      again.push(entry.item);
    }
    return again;
  };
  /**
   * The files of the selection a file's links wait for as decided now, by place and key; none where no link can be
   * filled in. A relinked file's decision holds only the pages still missing; any other's, all it waited for.
   */
  const awaitedBy = (fileKey: string): Array<{ where: string; key: string }> => {
    const waitedOn = secondPassFills ? decisions.get(fileKey)?.waitedOn : undefined;
    if (!waitedOn) return [];
    return [...waitedOn].flatMap((where) => {
      const key = awaitedAt.get(where);
      return key === undefined ? [] : [{ where, key }];
    });
  };
  const stillWaitingFor = (fileKey: string): string[] => awaitedBy(fileKey).flatMap(({ key }) => {
    const label = selection.get(key)?.item.file.label;
    return label === undefined ? [] : [label];
  });
  const waitsFor = (fileKey: string): string[] => awaitedBy(fileKey).flatMap(({ where, key }) => (sentInThisRun(where) ? [key] : []));
  const linksWithoutAddress = (): number => {
    let count = 0;
    for (const decision of decisions.values()) count += decision.unaddressed;
    return count;
  };
  return {
    rewrite,
    annotate,
    relink,
    stillWaitingFor,
    waitsFor,
    linksWithoutAddress,
    linkCautions: (fileKey) => decisions.get(fileKey)?.cautions ?? [],
    // Read from the decisions as they are now: awaitRecreated adds to both.
    get awaited() {
      return new Set(awaitedAt.values());
    },
    get waiting() {
      return new Set([...decisions].filter(([, decision]) => decision.waitedOn.size > 0).map(([key]) => key));
    },
    awaitRecreated,
    refusedSince,
    foundSince,
    async content(item, messages) {
      const planned = await plannedContent(item, messages);
      if (!planned.ok) return planned;
      // The file read again, unchanged, is the text these decisions hold already: that one is sent, and the one just
      // read goes at once, before the collector has moved it anywhere. Kept, a 5 MB file's second text was promoted
      // whole to the old generation and doubled the young one on the way (CLI peak, issue 84).
      // Its links are where they were found then too: the text is not read for them again as each file goes out.
      const held = linkingOf.get(item.file.key);
      const context = decisions.get(item.file.key)?.context;
      if (held === undefined || context === undefined || held.content !== planned.content) return { ok: true, content: rewrite(item.file.key, planned.content) };
      return { ok: true, content: rewriteLinks(held.content, context, held.found).markdown };
    },
  };
}
