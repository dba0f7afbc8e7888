// Sending a page tree (issues 14, 82): each page once its folder's page has an ID, in the order runSchedule.ts picks
// (siblings created as the plan lists them, a page after the pages its links name where that can be), through the
// core's runner (bounded, one throttle gate) after the core's edit guard (runPrepare.ts). A new page's ID is found after
// it lands (the parent's children, exact title) and recorded in the repository at once, so its children know their
// parent and a re-run after a crash finds the same pages. Links between files become page links; a link to a page that
// had no ID yet when its page went is filled in by a second pass (runPasses.ts), which the order keeps to the links no
// order could satisfy.
import { linkTarget } from '../links/rewrite/linkTarget';
import type { PageLink } from '../links/pageLink';
import { learnLandedPage, linksLeftOf, sentAgainAndLanded } from '../run/landedPage';
import { DEFAULT_LOOKUPS_AT_ONCE } from '../run/lookupDeadline';
import { credentialRefusedOnWiki, guardedPage } from '../run/guard';
import type { PlanItem } from '../run/planItem';
import { landedLink, withLinksReached } from '../run/publishedLink';
import { alreadyHolds } from '../run/wikiVerdict';
import { countedResults, runPlan, summarise, type RunOptions, type RunStopped } from '../run/runner';
import { callsAtMost } from '../util/callsAtMost';
import { checkFollowedPages } from './followedPages';
import { sendGoneTreePages } from './goneTreePages';
import { linkingFileOf } from './linkTargets';
import { treePagesNamedBy } from './linkWaits';
import { pagesLeftBehind, replacedPages } from './newFolderPage';
import { runLinks } from './runLinks';
import { holdsUnchangedResults, pagesLinkingAnew, relinkUnchanged, secondPass, waitsForPages, type PassContext } from './runPasses';
import { sendPinnedFiles } from './runPinned';
import { prepareWave, type RunEntry } from './runPrepare';
import { treeRecords } from './treeRecords';
import { createsPage, nextToSend, sendingOrder, type ScheduleState } from './runSchedule';
import type { TreeFileResult, TreeRunOptions, TreeRunResult } from './runTypes';
import type { TreePage } from './treePlanTypes';

export type { TreeFileResult, TreeIdentityStore, TreeRunOptions, TreeRunResult } from './runTypes';
export { guardTreePages, type TreeGuardOptions } from './runPrepare';

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

/** Whether a tree run can give pages addresses: with page access, or when an address can be made from the site's. */
export function treePageAddresses(pageAccess: boolean, addressOf: (pageId: string, title: string) => string | undefined): boolean {
  return pageAccess || addressOf('1', 'Page') !== undefined;
}

export async function runTree(options: TreeRunOptions): Promise<TreeRunResult> {
  const { plan } = options;
  const rootPath = plan.tree.rootPath;
  // Before anything is counted or sent: an unchanged page deleted on the wiki goes too, made anew (goneTreePages.ts);
  // the guard of each page then looks up no unchanged page again. The pages the plan read are not read again.
  const guardOptions = { ...options.guard, pages: options.pages, ...(options.signal ? { signal: options.signal } : {}), ...(plan.read ? { read: plan.read } : {}), lookUpUnchanged: false };
  await sendGoneTreePages(plan, guardOptions);
  // A page the plan took as following a moved file that names its page is confirmed on the wiki first, if the plan did
  // not read the wiki already (checkTreeOnWiki): what links to the file's path reach, and what the run records, depend on it.
  if (options.pages) await checkFollowedPages(plan, options.pages, options.signal, options.guard.messages);
  // The pages the plan found on the wiki that no record named (foundTreePages.ts) are recorded first: this run's links
  // and the next run know them as the record's. A failed write is the front end's to report (the store's settled()).
  // One found by its marker alone is recorded only once the guard took it (sendEntries).
  const byMarkerOnly = new Set(plan.pages.filter((page) => page.item.foundOnWiki === 'byMarkerOnly').map((page) => page.key));
  await Promise.all([...plan.foundOnWiki ?? []].filter(([key]) => !byMarkerOnly.has(key)).map(([key, entry]) => options.identity.record(key, entry).catch(() => undefined)));
  const links = await runLinks(plan, {
    // An entry the wiki refused gives no page, not even to a link (TreePlan.refusedEntries).
    recorded: (key) => (plan.refusedEntries?.has(key) ? undefined : options.identity.get?.(key)),
    addressOf: options.addressOf, addressInSpace: options.addressInSpace,
    addressable: treePageAddresses(options.pages !== undefined, options.addressOf),
    ...(options.messages ? { messages: options.messages } : {}),
  });
  const { ids, urls } = links;
  // An unchanged page may yet go once more, after the pages this run makes, so its links reach one made anew
  // (relinkUnchanged): its "unchanged" is held until that is known, so it is never said of a page then sent.
  const relinking = holdsUnchangedResults(plan);

  // One count for the whole run, both passes, so progress reads "7 of 12": the total is what the plan sends (the guard
  // may hold some back) and grows by the pages a second pass sends again.
  let started = 0;
  let total = plan.pages.filter((page) => page.item.state === 'send').length + plan.pinned.filter((item) => item.state === 'send').length;
  const onStart = (item: PlanItem): void => options.onStart?.(item, ++started, Math.max(total, started));
  const expectMore = (count: number): void => {
    total += count;
  };
  const results: TreeFileResult[] = [];
  const records = treeRecords(plan, options.identity);
  // Pages are learnt as they land, as many at once as the guard's lookups.
  const lookUp = callsAtMost(DEFAULT_LOOKUPS_AT_ONCE);
  /** Pages this run created (not found, adopted or updated): their children are new too. */
  const created = new Set<string>();
  const needSecond: Array<{ page: TreePage; version: number | undefined }> = [];
  /** The run's stop (runStop.ts), told once at the end with the tree's counts: each runPlan here sends a page or a few. */
  let stop: RunStopped | undefined;
  /** Set when a guard met a refused credential and the run stops on it (stopOnRefusedCredential). */
  let credentialRefused: string | undefined;
  const stopsOnRefusal = (guarded: readonly PlanItem[]): boolean => {
    if (options.stopOnRefusedCredential !== true) return false;
    const refused = guarded.find((item) => credentialRefusedOnWiki(item.guard))?.guard;
    if (refused?.kind === 'unchecked') credentialRefused = refused.detail;
    return credentialRefused !== undefined;
  };
  const onStopped: NonNullable<RunOptions['onStopped']> = (stopped) => {
    stop ??= stopped;
  };

  /** Sends entries of the first pass, learning and recording each page as it lands. */
  const sendEntries = async (entries: readonly RunEntry[], onAnswered?: () => void): Promise<void> => {
    const indexOf = new Map(entries.map((entry, index) => [entry.item, index]));
    const learning = new Map<number, Promise<{ pageId: string; url?: string } | undefined>>();
    const recording: Array<Promise<void>> = [];
    const sent = await runPlan(entries.map((entry) => entry.item), {
      ...options, onStopped, onStart, content: (item) => links.content(item), linkTargetsOf: (item) => links.linkTargetsWhenSent(item), ...treePageMarks(options.beforeSend),
      onResult: (result) => {
        onAnswered?.();
        const index = indexOf.get(result.item);
        const entry = index === undefined ? undefined : entries[index];
        if (index === undefined || !entry || result.state !== 'published') return;
        const learnt = lookUp(() => learnLandedPage(result, entry.page.titledBackTo ?? entry.page.pageId, options.pages, options.signal));
        learning.set(index, learnt);
        recording.push(learnt.then(async (found) => {
          // The repository learns every page of the tree as soon as it is known, so a re-run finds it; and its title, when
          // the page has another now (renamed on the wiki to its file's new capitalisation, caseOnlyTitles.ts).
          const titleNow = entry.item.complete?.pageTitle;
          const retitled = titleNow !== undefined && options.identity.get?.(entry.page.key)?.title !== titleNow;
          if (found && (entry.page.pageId !== found.pageId || entry.page.renamedFrom !== undefined || retitled)) await records.landed(entry.page, found.pageId);
        }).catch(() => undefined)); // a failed write is the front end's to report, through the store's settled()
      },
    });
    await Promise.all(recording);
    for (const [index, result] of sent.entries()) {
      const entry = entries[index] as RunEntry;
      const learnt = await learning.get(index);
      // A page created anew is not the one recorded (deleted on the wiki), nor is one that landed at another place or
      // title than the recorded page's (retitled, or following a new folder page): only what was learnt names it.
      const landedElsewhere = result.state === 'published' && !result.item.linkedPage;
      // The page the guard found holding this page's place as last published (its notice says so): a page a run that
      // stopped before recording it made (a retitled folder page's new page, say) is that page, not the recorded one.
      const foundAsLeft = result.item.guard?.kind === 'asLeft' ? result.item.guard.page.id : undefined;
      const pageId = learnt?.pageId ?? (result.outcome?.kind === 'created' || landedElsewhere ? undefined : foundAsLeft ?? entry.page.pageId ?? entry.item.link?.pageId);
      // Its result is in: what it landed as (or kept) answers the links to it from now on.
      links.ended.add(entry.page.key);
      links.linkedIds.delete(entry.page.key);
      links.titledBackIds.delete(entry.page.key);
      if (learnt?.url) urls.set(entry.page.key, learnt.url);
      if (pageId) {
        ids.set(entry.page.key, pageId);
        // One found by its marker alone, left out of the records at the start, is recorded once the guard took it.
        const takenFound = byMarkerOnly.has(entry.page.key) && pageId === foundAsLeft && (result.state === 'published' || result.state === 'skipped');
        if ((!learnt && entry.page.pageId !== pageId) || takenFound) await records.landed(entry.page, pageId);
      }
      // The address the guard saw, when the page it saw is this page: not the page a create that did not land found at
      // its place (another's, "already exists"), which links to this file must not reach.
      const seen = guardedPage(entry.item.guard);
      if (seen?.webUrl && pageId !== undefined && seen.id === pageId && !urls.has(entry.page.key)) urls.set(entry.page.key, seen.webUrl);
      if (result.outcome?.kind === 'created') created.add(entry.page.key);
      const treeResult: TreeFileResult = {
        ...result, pass: 1, key: entry.page.key, depth: entry.page.node.depth, ...(pageId ? { pageId } : {}), linkCautions: entry.cautions,
        linksToFillIn: waitsForPages(entry.pending, entry.cautions), ...links.reached(entry.page, result),
        ...(entry.underUnsentPage ? { underUnsentPage: entry.underUnsentPage } : {}),
      };
      results.push(treeResult);
      if (!relinking.hold(treeResult)) options.onResult?.(treeResult);
      const landed = entry.pending ? landedLink(result, 0) : undefined;
      if (landed) needSecond.push({ page: entry.page, version: landed.version });
    }
  };

  // The first pass: each page once its folder's page has its result, in the order runSchedule.ts picks.
  // A folder page that is updated in place (its page exists, its ID known, the guard found it as last published) need
  // not land first: the pages below it can go before it, so that it can link to new ones among them and go once.
  const placed = new Set<string>();
  const order = new Map(plan.pages.map((page, index) => [page.key, index]));
  const state: ScheduleState & { done: Set<string>; outCreatesUnder: Set<string> } = {
    done: new Set(), outCreatesUnder: new Set(), order, rank: plan.sendRank ?? order,
    waitsOn: (page) => links.waitsOn(page),
  };
  const byRank = sendingOrder(state);
  const prepareContext = {
    plan, ids, recordedIds: links.recordedIds, created, guard: guardOptions,
    ...(options.guard.messages ? { messages: options.guard.messages } : {}),
    forgetLinked: (key: string) => links.linkedIds.delete(key), expectMore, unconfirmedFolders: new Set<string>(),
  };
  const parentDone = (page: TreePage): boolean => {
    if (page.node.parent === undefined) return true;
    const parentKey = page.node.parent.slice(rootPath.length);
    return state.done.has(parentKey) || placed.has(parentKey);
  };
  let waiting = [...plan.pages];
  const queue: RunEntry[] = [];
  /** Every send not ended yet (its page learnt and recorded). */
  const out = new Set<Promise<void>>();
  /** The sends whose import is not answered yet: the run's concurrency bounds these. */
  const lanes = new Set<Promise<void>>();
  const passContext: PassContext = { ...options, links, onStopped, onStart, results };
  /**
   * A page whose first send waited for pages of this run that have all landed since, and whose links name no page of
   * the tree whose result is not in yet (a recorded page may yet be made anew, with another ID): its second send fills
   * in every link, so it need not wait for the end of the first pass. It goes in a lane the first pass leaves free.
   */
  const readyForSecond = (): number => {
    // Nothing becomes ready but by a page's result coming in (which also adds any new candidate): a scan that found
    // none is not repeated before one does, though the check runs each time a lane frees.
    if (links.ended.size === endedAtLastMiss) return -1;
    const at = needSecond.findIndex(({ page }) => {
      const waited = links.waitedFor.get(page.key);
      return waited !== undefined && waited.size > 0 && [...waited].every((path) => typeof links.resolvePage(path) === 'object')
        && treePagesNamedBy(page, plan).every((key) => links.ended.has(key));
    });
    if (at === -1) endedAtLastMiss = links.ended.size;
    return at;
  };
  let endedAtLastMiss = -1;
  const start = (entry: RunEntry): void => {
    // Its links as they stand now: every page that landed before it is reached.
    Object.assign(entry, links.decide(entry.page));
    // A page planned to go because a page it links to was to land first, which did not (it failed): its page may hold
    // just what it would send now, as its notice says. Then nothing goes.
    if (alreadyHolds(entry.item, links.reachedWhenSent.get(entry.page.key))) entry.item.state = 'unchanged';
    const folder = entry.page.node.parent ?? '';
    const creates = createsPage(entry.item);
    if (creates) state.outCreatesUnder.add(folder);
    // Its lane is free once the wiki answered: the next sibling may be created then (the wiki has appended this one),
    // while this page's ID is still being learnt, which only the pages below it and the links to it wait for.
    let answered!: () => void;
    const lane = new Promise<void>((resolve) => {
      let once = false;
      answered = () => {
        // Once: by then a later sibling may be out under the same folder.
        if (once) return;
        once = true;
        if (creates) state.outCreatesUnder.delete(folder);
        lanes.delete(lane);
        resolve();
      };
    });
    lanes.add(lane);
    const going: Promise<void> = sendEntries([entry], answered).finally(() => {
      answered();
      state.done.add(entry.page.key);
      out.delete(going);
    });
    out.add(going);
  };
  for (;;) {
    // Cancelled, the wiki asked for a longer wait than a run waits, or a refused credential: nothing more starts.
    if (options.signal?.aborted || options.gate.stoppedBy || credentialRefused !== undefined) break;
    const wave = waiting.filter(parentDone);
    if (wave.length > 0) {
      const going = new Set(wave);
      waiting = waiting.filter((page) => !going.has(page));
      const entries = await prepareWave(wave, prepareContext);
      if (stopsOnRefusal(entries.map((entry) => entry.item))) break;
      const notSent: RunEntry[] = [];
      for (const entry of entries) {
        if (entry.item.state !== 'send') notSent.push(entry);
        else {
          queue.push(entry);
          if (!createsPage(entry.item) && updatesInPlace(entry, ids)) placed.add(entry.page.key);
        }
      }
      // In rank order: the ranks do not change as the run goes, so the queue is sorted only when pages join it.
      queue.sort(byRank);
      // Pages not sent (unchanged, held back, refused) end at once; the pages below them can go next.
      if (notSent.length > 0) await sendEntries(notSent);
      for (const entry of notSent) state.done.add(entry.page.key);
      continue;
    }
    while (lanes.size < Math.max(1, options.concurrency)) {
      const next = nextToSend(queue, state, out.size === 0);
      if (next === undefined) break;
      queue.splice(queue.indexOf(next), 1);
      start(next);
    }
    // The lanes the first pass cannot fill now (its pages wait for their folders or earlier siblings) take second sends.
    while (lanes.size < Math.max(1, options.concurrency)) {
      const at = readyForSecond();
      if (at === -1) break;
      const second = needSecond.splice(at, 1);
      expectMore(1);
      const going: Promise<void> = secondPass(second, passContext).finally(() => {
        out.delete(going);
        lanes.delete(going);
      });
      out.add(going);
      lanes.add(going);
    }
    if (out.size === 0) break;
    // A lane freed (an answer in) or a send ended (a page learnt): either may let another page go.
    await Promise.race([...out, ...lanes]);
  }
  await Promise.all(out);
  // Pages that never started still end as values: not started, skipped or refused, like any run's files.
  const ended = new Set(results.map((result) => result.key));
  const rest = plan.pages.filter((page) => !ended.has(page.key));
  if (rest.length > 0) {
    const stopped = new AbortController();
    stopped.abort();
    const never = await runPlan(rest.map((page) => page.item), { ...options, signal: stopped.signal, onResult: undefined, onStopped: undefined });
    for (const [index, result] of never.entries()) {
      const treeResult: TreeFileResult = { ...result, pass: 1, key: (rest[index] as TreePage).key, depth: (rest[index] as TreePage).node.depth, linkCautions: [], linksToFillIn: false };
      results.push(treeResult);
      options.onResult?.(treeResult);
    }
  }
  // Every tree page has been sent: a link to one without an address now stays as written.
  links.sendsAreOver();
  await sendPinnedFiles({ ...passContext, guardOptions, stoppedBy: credentialRefused, stopsOnRefusal, lookUp, expectMore });
  const { sentAgain, leftAsSent, replaced } = secondPassOf(needSecond, links, plan, results);
  // What the plan knew of each page's ID before sending: the repository's record, else this machine's at its place.
  const pageOf = new Map(plan.pages.map((page) => [page.key, page]));
  const knownBefore = (key: string): string | undefined => links.recordedIds.get(key) ?? pageOf.get(key)?.linkedPageId;
  // A page of the tree with an ID now that it had none before (created in this run): an unchanged page that links to
  // it was left alone, and goes now rather than on the run after this one. Every ID is known once the first pass is
  // over (a second send updates the page it sent), so these are known before the second pass.
  const linkedReplaced = plan.pages.some((page) => page.linkedPageId !== undefined && ids.has(page.key) && ids.get(page.key) !== page.linkedPageId);
  const newlyKnown = links.addressable && plan.pages.some((page) => knownBefore(page.key) === undefined && ids.has(page.key));
  const linkingAnew = links.addressable && (replaced.length > 0 || linkedReplaced || newlyKnown) ? pagesLinkingAnew(plan, results, knownBefore, ids) : [];
  relinking.release(options.onResult, new Set(linkingAnew.map((page) => page.key)));
  expectMore(sentAgain.length);
  await secondPass(sentAgain, passContext);
  expectMore(linkingAnew.length);
  await relinkUnchanged(linkingAnew, passContext);
  // A page whose send did not happen (the run was stopped first) ends as its first pass left it: unchanged.
  relinking.release(options.onResult, new Set(results.filter((result) => result.relinked).map((result) => result.key)));
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
  // The stop, said in files: those the wiki answered before it (a page sent twice, its second pass, is one file), of the
  // files the plan sends and those sent again.
  if (stop) {
    const finished = new Set(results.filter((result) => result.outcome !== undefined && result.state !== 'notStarted').map((result) => result.item.file.key));
    const sending = new Set([...plan.pages.map((page) => page.item), ...plan.pinned].filter((item) => item.state === 'send').map((item) => item.file.key));
    options.onStopped?.({ ...stop, finished: finished.size, total: new Set([...sending, ...finished]).size });
  }
  const leftBehind = await pagesLeftBehind(replaced, links.ids, options.pages);
  return { results, secondPass: sentAgainAndLanded(results), summary: summarise(counted), linksLeft, leftBehind, ...(credentialRefused !== undefined ? { credentialRefused } : {}) };
}

/** Whether an entry going out updates the page its key already has an ID for, where that page is (asLeft, or unchecked). */
function updatesInPlace(entry: RunEntry, ids: ReadonlyMap<string, string>): boolean {
  const id = ids.get(entry.page.key);
  const verdict = entry.item.guard;
  if (id === undefined || verdict === undefined) return false;
  if (verdict.kind === 'asLeft') return verdict.page.id === id;
  return verdict.kind === 'unchecked';
}

/**
 * What the second pass sends again: a page whose links waited for a page that landed meanwhile (one whose links waited
 * only for pages that did not land would go again as it went: it is not sent, and its links are named as left); and,
 * when a recorded page got another ID (created anew), a page sent before that with a link to the old one.
 */
function secondPassOf(needSecond: ReadonlyArray<{ page: TreePage; version: number | undefined }>, links: Awaited<ReturnType<typeof runLinks>>, plan: TreeRunOptions['plan'], results: readonly TreeFileResult[]) {
  const rootPath = plan.tree.rootPath;
  const sentAgain: Array<{ page: TreePage; version: number | undefined }> = [];
  const leftAsSent = new Map<string, string[]>();
  for (const entry of needSecond) {
    const waited = [...(links.waitedFor.get(entry.page.key) ?? [])];
    if (waited.some((path) => typeof links.resolvePage(path) === 'object')) sentAgain.push(entry);
    else leftAsSent.set(entry.page.key, waited.map((path) => `${rootPath}${path}`));
  }
  const pageOf = new Map(plan.pages.map((page) => [page.key, page]));
  const replaced = replacedPages(plan, links.ids);
  const linkedReplaced = plan.pages.some((page) => page.linkedPageId !== undefined && links.ids.has(page.key) && links.ids.get(page.key) !== page.linkedPageId);
  if (links.addressable && (replaced.length > 0 || linkedReplaced)) {
    const going = new Set(sentAgain.map((entry) => entry.page.key));
    // A page may have gone a second time already, in a lane the first pass left free: its page is at that version.
    const latest = new Map(results.filter((result) => result.state === 'published').map((result) => [result.key, result]));
    for (const result of results) {
      const page = result.pass === 1 && result.state === 'published' && !going.has(result.key) ? pageOf.get(result.key) : undefined;
      const sent = page ? links.reachedWhenSent.get(page.key) : undefined;
      if (!page || sent === undefined || links.reachedNow(page) === sent) continue;
      going.add(page.key);
      sentAgain.push({ page, version: landedLink(latest.get(page.key) ?? result, 0)?.version });
    }
  }
  return { sentAgain, leftAsSent, replaced };
}

/**
 * The front end's send marks (RunOptions.beforeSend) for the tree's pages: an update's, not a create's. The tree's
 * guard takes a page found where one of its pages would be created, carrying its notice, for the tree's own whatever
 * this machine recorded, so a create's mark would tell the next run nothing; a first publish of a large tree then
 * writes no mark at all.
 */
function treePageMarks(beforeSend: RunOptions['beforeSend']): Pick<RunOptions, 'beforeSend'> {
  return beforeSend ? { beforeSend: (item) => (item.link === undefined ? Promise.resolve() : beforeSend(item)) } : {};
}
