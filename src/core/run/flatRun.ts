// Sending a selection of files that is not a tree (a file, a flat folder, a Retry, the command line without --tree)
// with links between them (issue 14, section 3): a link to a file of the selection that has no page yet waits for it.
// The first pass sends every file, each as planned, and learns the ID of each page it created that a link waits for
// (its parent's children, exact title); then only the files whose links waited for one of those pages are sent again,
// as updates of the pages the first pass just wrote, with those links filled in. Both passes count in the progress,
// and the summary counts each file once, by its last pass (but a file that landed in the first pass stays published
// when its second send was interrupted). A run that cannot learn IDs (no page access) or make page addresses (no site
// address) has no second pass: its links stay as written, as the plan's caution said. A file whose page was deleted
// on the wiki is created anew: links to it wait for its new page like links to a file without one, those of unchanged
// files too (the second pass sends them, or their pages would keep a link to the deleted page). Such an unchanged file
// goes once: the plan calls it an update (foreseenRelinks), and the run reports that send alone, not "unchanged" first.
// So does an unchanged file sent only for its link to a page the run creates (PlanItem.secondPassOnly): its first pass
// would send the very text its page holds, so it goes in the second pass alone, and is left alone when there is none.
import type { WikiPagesClient } from '../wikiPages';
import type { FileLinks } from './fileLinks';
import { callsAtMost } from '../util/callsAtMost';
import { DEFAULT_LOOKUPS_AT_ONCE } from './lookupDeadline';
import { learnLandedPage, sentAgain, sentAgainAndLanded, type LinksLeft } from './landedPage';
import { flatLinksLeft, secondPassLeftOf } from './secondPassLeft';
import { flatOrderOf } from './flatOrder';
import type { PlanItem } from './planItem';
import { landedLink } from './publishedLink';
import { guardedPage } from './guardVerdict';
import { countedResults, runPlan, summarise, ThrottleGate, type FileResult, type RunOptions, type RunStopped, type RunSummary } from './runner';

export interface FlatRunOptions extends Omit<RunOptions, 'content' | 'onResult'> {
  /** The plan's link decisions (planFileLinks): what each file sends, and its second pass. */
  links: FileLinks;
  /** Page routes (sign-in, CI credentials): a page created in this run is found among its parent's children. */
  pages: WikiPagesClient | undefined;
  /** Every file's end, in each pass: a file sent again ends twice. */
  onResult?(result: FlatFileResult): void;
  /** The plan's foreseenRelinks, when the front end asked for them to show the plan: not asked again. */
  relinking?: ReadonlySet<string>;
}

export interface FlatFileResult extends FileResult {
  pass: 1 | 2;
  /** The page's ID, when this run learnt it (a page some link waited for, or one whose links waited). */
  pageId?: string;
  /**
   * An unchanged file sent once, after the page it links to was made anew (foreseenRelinks): its one send in this
   * run, reported in place of its first pass's "unchanged" (never reported).
   */
  relinked?: true;
}

/**
 * The unchanged files a run of `items` sends all the same, so that their links reach a page it makes anew (a file's
 * page the edit guard found deleted on the wiki): asked after the guard. The links to such a file then wait for its
 * new page, as the run has them wait. None where no link can be filled in (no page access or no site address).
 */
export async function foreseenRelinks(items: readonly PlanItem[], links: FileLinks): Promise<Set<string>> {
  const recreated = new Set(items.filter((item) => item.state === 'send' && item.guard?.kind === 'deleted').map((item) => item.file.key));
  if (recreated.size === 0) return new Set();
  await links.awaitRecreated(recreated);
  const waiting = links.waiting;
  return new Set(items.filter((item) => item.state === 'unchanged' && waiting.has(item.file.key)).map((item) => item.file.key));
}

/**
 * The files a run of `items` sends twice (flatOrder.ts): those that go before a page their links name because links
 * run round in a cycle, sent again once it landed. Asked after the guard, with the links decided (foreseenRelinks
 * first, when pages were found deleted), so that the plan counts before sending what the run will do.
 */
export function foreseenFlatSecondSends(items: readonly PlanItem[], links: FileLinks): Set<string> {
  const sending = items.filter((item) => item.state === 'send' && item.complete && !heldForSecondPass(item));
  return new Set(flatOrderOf(sending.map((item) => item.file.key), (key) => links.waitsFor(key)).sentTwice);
}

/**
 * An unchanged file sent only for its link to a page the run creates (PlanItem.secondPassOnly): held back from the
 * first pass, whose send would be the text its page holds. A page the guard found deleted is created in the first
 * pass: a create cannot wait.
 */
function heldForSecondPass(item: PlanItem): boolean {
  return item.state === 'send' && item.secondPassOnly === true && item.guard?.kind !== 'deleted';
}

export interface FlatRunResult {
  /** In the order they ended, both passes. */
  results: FlatFileResult[];
  /**
   * Files sent again so that their links reach pages created in this run, whose second send landed. One interrupted or
   * failed is not counted: it reached nothing, and the file counts as its first pass left it (countedResults).
   */
  secondPass: number;
  /** Each file once, by the result that counts (countedResults). */
  summary: RunSummary;
  /** Files published whose links to files of the run stay as written after all (landedPage.ts). */
  linksLeft: LinksLeft[];
  /**
   * Of the files published, those whose second send the run's stop interrupted (`cancelled`: it may have landed) or
   * never let start (`notStarted`): counted published, by their first pass, yet their pages keep links as written.
   */
  secondPassLeft: { cancelled: number; notStarted: number };
}

export async function runFlat(items: readonly PlanItem[], options: FlatRunOptions): Promise<FlatRunResult> {
  const { links } = options;
  const gate = options.gate ?? new ThrottleGate();
  // A file whose page the guard found deleted on the wiki is created anew: links to it wait for the new page, and the
  // unchanged files with such links go once it landed. Their "unchanged" is held until then, never said of a file sent.
  const foreseen = options.relinking ?? (await foreseenRelinks(items, links));
  // Held back from the first pass as unchanged, so that they go once, in the second.
  const secondPassOnly = new Set(items.filter(heldForSecondPass).map((item) => item.file.key));
  const relinking = secondPassOnly.size === 0 ? foreseen : new Set([...foreseen, ...secondPassOnly]);
  const firstItems = secondPassOnly.size === 0 ? items : items.map((item) => (secondPassOnly.has(item.file.key) ? { ...item, state: 'unchanged' as const } : item));
  const held = new Map<string, FlatFileResult>();
  // Only the pages links wait for, and the pages of the files whose links wait, are looked up: nothing else needs it.
  const wanted = new Set([...links.awaited, ...links.waiting]);
  let started = 0;
  const firstSending = firstItems.filter((item) => item.state === 'send' && item.complete);
  let total = firstSending.length;
  // One count for both passes ("7 of 12"), which grows by the files the second pass sends again.
  const onStart = (item: PlanItem): void => options.onStart?.(item, ++started, Math.max(total, started));
  let stopReported = false;
  const onStopped: RunOptions['onStopped'] = (stopped) => {
    if (!stopReported) options.onStopped?.(stopped);
    stopReported = true;
  };
  const results: FlatFileResult[] = [];
  const report = (result: FlatFileResult): void => {
    results.push(result);
    if (result.state === 'skipped' && !result.relinked && relinking.has(result.item.file.key)) held.set(result.item.file.key, result);
    else options.onResult?.(result);
  };
  /** Reports the held "unchanged" of the files not in `sent`. */
  const releaseHeld = (sent: ReadonlySet<string>): void => {
    for (const [key, result] of held) {
      if (sent.has(key)) continue;
      held.delete(key);
      options.onResult?.(result);
    }
  };
  const run = { ...options, gate, onStart, onStopped, content: (item: PlanItem) => links.content(item, options.messages) };
  const learnt = new Map<string, string>();
  const learning: Array<Promise<void>> = [];
  // As many at once as the guard's lookups: pages land faster than a distant wiki lists their parents' children, and
  // a lookup started for each as it landed put every one of them on the wiki's page routes at once.
  const lookUp = callsAtMost(DEFAULT_LOOKUPS_AT_ONCE);
  const onFirstResult = (result: FileResult): void => {
    if (result.state !== 'published' || !wanted.has(result.item.file.key)) {
      report({ ...result, pass: 1 });
      return;
    }
    // Reported once its ID is known, so the front end records the page with it.
    learning.push(lookUp(() => learnLandedPage(result, result.item.link?.pageId, options.pages, options.signal)).then((landed) => {
      const pageId = landed?.pageId;
      if (pageId !== undefined) learnt.set(result.item.file.key, pageId);
      report({ ...result, pass: 1, ...(pageId !== undefined ? { pageId } : {}) });
    }));
  };
  // The first pass goes in waves (flatOrder.ts): a file whose links wait for pages this run creates goes once they
  // landed and their IDs are learnt, its links filled in, so that it is written once. A stop is said once for the whole
  // pass, counting every wave's files.
  const { waitsOn } = flatOrderOf(firstSending.map((item) => item.file.key), (key) => links.waitsFor(key));
  let firstStop: RunStopped | undefined;
  const settled = new Set<string>();
  const first: FileResult[] = [];
  let pending: readonly PlanItem[] = firstItems;
  while (pending.length > 0) {
    const ready = pending.filter((item) => (waitsOn.get(item.file.key) ?? []).every((key) => settled.has(key)));
    // The first file of the order waits for nothing: never empty, but a wave must send something.
    const wave = ready.length > 0 ? ready : pending.slice(0, 1);
    const inWave = new Set(wave.map((item) => item.file.key));
    pending = pending.filter((item) => !inWave.has(item.file.key));
    const filled = new Map((learnt.size > 0 ? await links.relink(wave, learnt) : []).map((item) => [item.file.key, item]));
    const results = await runPlan(wave.map((item) => filled.get(item.file.key) ?? item), { ...run, onResult: onFirstResult, onStopped: (stopped) => (firstStop ??= stopped) });
    await Promise.all(learning.splice(0));
    for (const result of results) settled.add(result.item.file.key);
    first.push(...results);
  }
  // Counted over the whole pass, the waves that ended before the stop included.
  const firstSends = firstSending.length;
  const firstFinished = firstSends - first.filter((result) => result.state === 'notStarted').length;
  if (firstStop) onStopped({ ...firstStop, finished: firstFinished, total: firstSends });
  // The files the first pass sent, and the unchanged ones left alone: a link of theirs to a page this run made anew
  // (deleted on the wiki) names the old page, dead now, until the second pass sends them with the new one.
  const stopped = (): boolean => options.signal?.aborted === true || gate.stoppedBy !== undefined;
  const secondPassSkipped = learnt.size === 0 || stopped();
  // What each file's links waited for before the second pass decides them again (it keeps only the pages still
  // missing): the links a second send that never went leaves as written.
  const waitedFor = new Map(secondPassSkipped ? [] : [...links.waiting].map((key) => [key, links.stillWaitingFor(key)] as const));
  const again = secondPassSkipped
    ? []
    : await links.relink(first.filter((result) => result.state === 'published' || result.state === 'skipped').map((result) => result.item), learnt);
  const firstOf = new Map(first.map((result) => [result.item.file.key, result]));
  const entries = again.map((item) => {
    const firstResult = firstOf.get(item.file.key);
    const landed = firstResult ? landedLink(firstResult, 0, learnt.get(item.file.key)) : undefined;
    // An unchanged file is updated where the guard found its page, at the version it found.
    const page = landed ? { id: landed.pageId, version: landed.version } : (item.pageFound ?? guardedPage(item.guard));
    return sentAgain(item, page?.id, page?.version);
  });
  releaseHeld(new Set(entries.map((item) => item.file.key)));
  const relinked = new Set<string>();
  if (entries.length > 0) {
    total += entries.length;
    // A stop here is said with the run's count, both passes, as the progress counts them: not "0 of 1" after a first
    // pass that published every file.
    await runPlan(entries, {
      ...run,
      onStopped: (stopped) => onStopped({ ...stopped, finished: firstFinished + stopped.finished, total: firstSends + stopped.total }),
      onResult: (result) => {
        const key = result.item.file.key;
        const pageId = learnt.get(key);
        // An unchanged file's one send: reported as the file's result, in place of the "unchanged" held for it; one sent
        // only for its link to a new page is that page's second pass, as the docs and the plan's count have it.
        const asRelinked = held.has(key) && !secondPassOnly.has(key);
        if (held.has(key)) relinked.add(key);
        report({ ...result, pass: asRelinked ? 1 : 2, ...(pageId !== undefined ? { pageId } : {}), ...(asRelinked ? { relinked: true as const } : {}) });
      },
    });
  }
  // Each file once in the results: a relinked file's send, not the "unchanged" before it. One that never went (the run
  // was stopped) ends as its first pass left it.
  if (relinked.size > 0) results.splice(0, results.length, ...results.filter((result) => !(result.state === 'skipped' && !result.relinked && relinked.has(result.item.file.key))));
  releaseHeld(relinked);
  const counted = countedResults(results, (result) => result.item.file.key);
  const linksLeft = flatLinksLeft(results, counted, {
    stillWaitingFor: (key) => links.stillWaitingFor(key),
    waitedBeforeSecondPass: (key) => waitedFor.get(key),
    stopped: stopped(),
  });
  return { results, secondPass: sentAgainAndLanded(results), summary: summarise(counted), linksLeft, secondPassLeft: secondPassLeftOf(linksLeft) };
}
