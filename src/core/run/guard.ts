// The edit guard as a step of the plan, the same for one file, many files, a tree, Retry and the command line: before
// anything is sent, the page of every file the plan would send, or leaves alone as unchanged, is read on the wiki and
// decided from what the wiki holds now (wikiVerdict.ts): as this tool left it (sent if the file changed, left alone if
// the page already holds it), changed since by someone (held back, named with who and when, unless the user chose to
// overwrite), deleted (published anew, create only), or another's page at the place a create goes. What a machine
// remembers (its link store, --state) only saves requests and covers pages without a notice. A check that cannot run
// says why; lookups never fail the plan: a failing one is a verdict of its own.
// Before any page is looked up, with page access, the recorded pages a file's link relies on are checked
// (recordedLinks.ts), and the files of a flat plan that give one title in one space written two ways are refused
// (titlesAcrossSpaceNames.ts): steps of the guard, so that every path that reads the wiki runs them.
import { englishPublishMessages, type PublishMessages } from '../messages/publishMessages';
import { englishTreeMessages, type TreeMessages } from '../messages/treeMessages';
import { isRepositoryLink, linkNames } from '../links/pageLink';
import type { PublishTarget } from '../publish/target';
import type { ChildSummary, WikiPage, WikiPagesClient } from '../wikiPages';
import type { FileLinks } from './fileLinks';
import { findAtPlaces, markerTells, ownPageId, parentNamed, readPages, versionsOf, type LookupOptions } from './guardLookups';
import { guardedPage, underAnotherParent, type GuardVerdict } from './guardVerdict';
import { mapBounded } from '../util/mapBounded';
import { DEFAULT_LOOKUPS_AT_ONCE } from './lookupDeadline';
import type { PlanItem } from './planItem';
import { ownHistoryVerdict, pageOfAnotherFile, pageTitledButForCase, recordedPageVerdict, recordHistoryVerdict } from './pageOwnership';
import { refuseItem } from './plan';
import { renamedOnWiki, sendWithPageTitle } from './titleOnWiki';
import { recordRefusal } from './recordRefusals';
import { findRetitledFiles } from './retitledFound';
import { liftCaseOnlyRefusals } from './caseOnlyLifted';
import { cautionTitlesElsewhere } from './movedOnWiki';
import { checkRecordedLinks } from './recordedLinks';
import { checkFlatTitlesAcrossSpaceNames } from './titlesAcrossSpaceNames';
import { applyVerdict } from './verdictApplied';
import { alreadyHolds, historyVerdict, placeVerdict, replaceVerdict, takenAtPlace, type WikiVerdict } from './wikiVerdict';

export * from './guardVerdict';
export { sendEditedAnyway } from './verdictApplied';

export interface GuardOptions {
  /** The page routes; undefined when there is no page access (not signed in, no CI credentials). */
  pages: WikiPagesClient | undefined;
  /** Why there is no page access, as the front end says it ("not signed in to the export API"). */
  noAccessReason: string;
  /**
   * There is no page access because the sign-in that gave it ended without the user's say (the authorization server
   * refused it: revoked, or expired after inactivity). An update is then held back as for a credential the wiki
   * refused (credentialRefusedOnWiki), not sent unchecked: the user expects the check they had, and signing in again
   * gives it back.
   */
  noAccessHeld?: boolean;
  /**
   * The records came from files a pull request may control (a --state file and its journal): a page one names is the
   * file's only once the wiki shows it (pageOwnership.ts recordedPageVerdict). Such a record never places a file
   * elsewhere than the defaults (PlanOptions.linksAreCache); the repository's record that does is refused without page
   * access before the guard (tree/treeRefusals.ts).
   */
  recordsFromFiles?: true;
  signal?: AbortSignal;
  /** Lookups at once. */
  concurrency?: number;
  /** Deadline of one lookup. */
  timeoutMs?: number;
  /**
   * The run publishes without the notice (a setting, --no-notice): a page found at a file's place without one and
   * without a record of it may be this file's own earlier publish, edited since or not; nothing tells. It is held
   * back as such (the user's choice to overwrite edited pages sends it), never replaced as another's page.
   */
  noticeOff?: boolean;
  /** The run keeps no record of its pages (a flat CLI run without --state): a notice is all that names one (markerTells). */
  markerIsTheRecord?: boolean;
  /**
   * Look for the page a flat create with no record of its page published under an old title, by its notice
   * (retitledFound.ts): true unless said. Not when the user chose to publish files by their titles now, as new pages
   * (the command line's --retarget); nor in the editor, whose publish asks about a new title before the guard, from
   * its link store, and would not ask again after it.
   */
  lookForOldTitles?: boolean;
  /** Files (by key) whose edited pages the user chose to overwrite; `true` for all of them. */
  overwriteEdited?: boolean | ReadonlySet<string>;
  /**
   * Look up create-only files too (default true), to tell "will create" from "already exists" (or this file's own page,
   * to take over) before sending, as a dry run wants. The editor says no: the import itself answers "already exists",
   * with Overwrite.
   */
  lookUpCreates?: boolean;
  /**
   * Look up the pages of unchanged files too (default true): one deleted there is sent anew, one changed since is held
   * back and said, one holding another publish of the file is sent. A tree says no to the guard of each level: it looked
   * at all its unchanged pages before the first (goneTreePages.ts).
   */
  lookUpUnchanged?: boolean;
  /** Pages read with their bodies earlier in this run (a tree's plan read its recorded pages): not asked for again. */
  read?: ReadonlyMap<string, WikiPage>;
  /** The words of why a lookup could not check; English when not given. */
  messages?: TreeMessages;
  /** The words of the plan's refusals (a title taken in one space written two ways); English when not given. */
  planMessages?: PublishMessages;
  /**
   * The items are a page tree's (a level, its files that name their own pages, probes of old pages): the tree compared
   * their titles in the space itself (checkTreeOnWiki), so the flat plan's check of one space's two names is not run.
   */
  titlesCheckedByTree?: true;
  /**
   * The flat plan's link decisions (planFileLinks), made before the guard (a link change makes an unchanged file
   * sent, which the guard must see): the files the guard refuses get no page, and the links to them are decided again.
   */
  links?: Pick<FileLinks, 'refusedSince' | 'foundSince'>;
}

/**
 * Whether the guard looks the item's page up on the wiki: an update or overwrite; with `lookUpCreates`, a create too
 * (without it, the import's own "already exists" answers a create). A file that may leave its page behind is looked up
 * as well (that page may be at the place it names now), and so is one whose earlier create may have landed unconfirmed
 * (a page found there carrying its notice is that create's). Asked by a front end that shows progress only for lookups.
 */
export function guardLooksUp(item: PlanItem, lookUpCreates: boolean): boolean {
  const complete = item.complete;
  if ((item.state !== 'send' && item.state !== 'edited') || complete === undefined) return false;
  return lookUpCreates || complete.overwrite || item.cautions.some((caution) => caution.code === 'leavesPage') || mayBeInterruptedCreate(item);
}

/** Whether the plan leaves this file alone although it names a page the wiki could list: one to look at. */
export function unchangedWithPage(item: PlanItem): boolean {
  return item.state === 'unchanged' && ownPageId(item) !== undefined;
}

/**
 * An unchanged file whose publish landed without its page's ID learnt (the run was stopped at that moment, or the page
 * routes failed): its page is looked for at its place, so that the links waiting for it reach it now (linkFoundPages)
 * rather than staying as written, unsaid, on every later run.
 */
function landedWithoutId(item: PlanItem): boolean {
  return item.link !== undefined && item.link.pageId === undefined && item.complete !== undefined && !isRepositoryLink(item.link);
}

/**
 * Checks every file the plan would send (and, with `lookUpUnchanged`, leaves alone) and records the verdict on it
 * (`item.guard`), changing the item as it says (applyVerdict). Returns the same items. Rejects only when `signal` aborts.
 */
export async function guardPlan(items: PlanItem[], options: GuardOptions): Promise<PlanItem[]> {
  const lookUpCreates = options.lookUpCreates ?? true;
  // A page the repository's manifest names is used only once the wiki confirms it (recordedLinks.ts).
  await checkRecordedLinks(items, { pages: options.pages, ...(options.signal ? { signal: options.signal } : {}), ...(options.messages ? { messages: options.messages } : {}) });
  // With page access, a space's key and numeric ID are one space: files giving one title there are refused before
  // anything is looked up or sent. A file refused here is neither looked up nor sent.
  if (options.pages && !options.titlesCheckedByTree) {
    await checkFlatTitlesAcrossSpaceNames(items, options.pages, options.signal, options.planMessages);
    options.links?.refusedSince();
  }
  // A title changed only in case, its page renamed on the wiki to it since, as the refusal advised: no longer refused.
  if (options.pages) await liftCaseOnlyRefusals(items, { ...options, pages: options.pages });
  // The files to look up, and the others that would be sent decided at once: one pass, no set of 10,000 files.
  const lookups: PlanItem[] = [];
  for (const item of items) {
    if (item.state === 'unchanged' && options.pages && options.lookUpUnchanged !== false && (unchangedWithPage(item) || landedWithoutId(item))) lookups.push(item);
    // A retitled file's question names the page its record does: asked only once the wiki shows that page is its own.
    if (item.state === 'retitled' && options.pages && options.recordsFromFiles === true && ownPageId(item) !== undefined) lookups.push(item);
    if ((item.state !== 'send' && item.state !== 'edited') || !item.complete) continue;
    if (guardLooksUp(item, lookUpCreates)) lookups.push(item);
    else item.guard = NOT_NEEDED;
  }
  if (!options.pages) {
    // Nothing to look up: every verdict is known at once, without a worker's turn and an await for each of 10,000
    // files. None of them is an edit or a deletion; only a sign-in that ended without the user's say holds updates.
    // One verdict shared by every update: 10,000 files, one reason.
    options.signal?.throwIfAborted();
    const unread = Object.freeze(noAccessVerdict(options));
    for (const item of lookups) {
      if (item.state === 'refused') continue;
      item.guard = (item.complete as PublishTarget).overwrite ? unread : NOT_NEEDED;
      if (options.noAccessHeld === true) applyVerdict(item, options.overwriteEdited, options.planMessages);
    }
    return items;
  }
  const lookup: LookupOptions = { ...options, pages: options.pages };
  const { verdicts, unconfirmed } = await verdictsOf(lookups, lookup);
  let refusedAny = false;
  for (const item of lookups) {
    item.guard = verdicts.get(item);
    // A tree's recorded pages were checked so with the pages they hold (recordedEntries.ts), where a folder's refusal
    // refuses the pages below it too.
    const foreign = options.titlesCheckedByTree ? undefined : pageOfAnotherFile(item);
    const notOwn = foreign ?? (unconfirmed.has(item) ? guardedPage(item.guard) : undefined);
    const caseVariant = pageTitledButForCase(item);
    if (notOwn !== undefined) {
      // Not this file's page renamed, moved or edited, whatever its record made of it: another's, or none shown its own.
      item.guard = { kind: 'notOurs', page: notOwn };
      refuseItem(item, recordRefusal(item, notOwn, foreign !== undefined ? 'anotherFile' : 'unconfirmed', options.messages ?? englishTreeMessages));
      refusedAny = true;
    } else if (item.state === 'retitled') item.guard = undefined;
    else if (caseVariant !== undefined) {
      const words = options.planMessages ?? englishPublishMessages;
      const title = item.complete?.pageTitle ?? '';
      const { page, own } = caseVariant;
      refuseItem(item, { code: 'duplicatePage', message: own ? words.ownTitleOnlyInCase(title, page.title, page.id) : words.titleOnlyInCase(title, page.title, page.id), fix: 'editFile' });
      refusedAny = true;
    } else {
      sendWithPageTitle(item);
      applyVerdict(item, options.overwriteEdited, options.planMessages);
    }
  }
  // The files linking to one refused here wait for it again, as for any refused file.
  if (refusedAny) options.links?.refusedSince();
  if (options.links) await linkFoundPages(lookups, options.links, options.overwriteEdited, options.planMessages);
  options.signal?.throwIfAborted();
  return items;
}

/**
 * The files' own pages the lookups found without a record of them (a fresh CI runner, a fresh clone), or in place of a
 * recorded one that is gone: the links to them reach them now (FileLinks.foundSince), and a file whose page holds what
 * it sends with those links is left alone.
 * Without this, every file linking to another went twice on every fresh run: once with its links waiting for pages
 * the run would make, then again to fill them in.
 */
async function linkFoundPages(looked: readonly PlanItem[], links: Pick<FileLinks, 'foundSince'>, overwriteEdited: GuardOptions['overwriteEdited'], messages: PublishMessages | undefined): Promise<void> {
  const found = new Map<string, string>();
  for (const item of looked) {
    const verdict = item.guard;
    // Pages its notice proves its own, that no record names (or a record names another, gone): as it left them, or
    // edited since (held, but there).
    if ((verdict?.kind === 'asLeft' || verdict?.kind === 'edited') && item.link?.pageId !== verdict.page.id) found.set(item.file.key, verdict.page.id);
    // A retitled file's page found by its notice (retitledFound.ts): the links to it reach it, as with a record.
    else if (item.state === 'retitled' && item.foundOnWiki === true && item.link?.pageId !== undefined) found.set(item.file.key, item.link.pageId);
  }
  if (found.size === 0) return;
  for (const item of await links.foundSince(found)) {
    const verdict = item.guard;
    if (verdict?.kind !== 'asLeft') continue;
    const holds = alreadyHolds(item, item.linkTargets);
    if (item.state === 'send' && holds) {
      item.guard = { ...verdict, sameContent: true };
      applyVerdict(item, overwriteEdited, messages);
    } else if (item.state === 'unchanged' && !holds && verdict.sameContent === true) {
      // Its page holds its text with a link that reached no page (that page was made after it, or the run that would
      // have filled it in stopped): its link reaches the page found now, so it goes.
      item.guard = { kind: 'asLeft', page: verdict.page, ...(verdict.adopted ? { adopted: true as const } : {}) };
      delete item.pageFound;
      applyVerdict(item, overwriteEdited, messages);
    }
  }
}

/** Reads the pages of these items (by ID in bulk, else by place), and decides each one's verdict from what it holds. */
async function verdictsOf(items: readonly PlanItem[], options: LookupOptions & Pick<GuardOptions, 'titlesCheckedByTree' | 'lookForOldTitles'>): Promise<{ verdicts: Map<PlanItem, GuardVerdict>; unconfirmed: Set<PlanItem> }> {
  const verdicts = new Map<PlanItem, GuardVerdict>();
  /** Files whose record (from a file) names a page nothing on the wiki shows is theirs (recordedPageVerdict): refused. */
  const unconfirmed = new Set<PlanItem>();
  const byId = new Map<PlanItem, string>();
  const byPlace: PlanItem[] = [];
  for (const item of items) {
    const id = ownPageId(item);
    if (id !== undefined) byId.set(item, id);
    else if (item.complete !== undefined) byPlace.push(item);
  }
  const read = await readPages(byId.values(), options);
  const listed = new Map<string, readonly ChildSummary[]>();
  const places = await findAtPlaces(byPlace, options, listed);
  const decided: Array<{ item: PlanItem; page: WikiPage; verdict: WikiVerdict }> = [];
  const gone: PlanItem[] = [];
  for (const [item, id] of byId) {
    const failed = read.failed.get(id);
    const page = read.pages.get(id);
    if (failed) verdicts.set(item, failed);
    else if (!page) {
      verdicts.set(item, { kind: 'deleted', pageId: id });
      gone.push(item);
    } else decided.push({ item, page, verdict: await ownVerdict(page, item, options) });
  }
  // A recorded page gone from the wiki may have been made anew at the file's place by a run whose record was lost (a
  // cache a run behind): a page there carrying the file's own notice is its page, not one to create again beside.
  const madeAnew = gone.length > 0 ? await findAtPlaces(gone, options) : undefined;
  for (const item of gone) {
    const found = madeAnew?.get(item);
    if (found === undefined || 'failed' in found || found.page === undefined) continue;
    const verdict = placeVerdict(found.page, item, false, markerTells(options));
    const deleted = verdicts.get(item);
    if (verdict === 'history' || (typeof verdict === 'object' && verdict.kind === 'asLeft')) decided.push({ item, page: found.page, verdict });
    // Someone else's page at the place, made since: still create only (it replaces nothing), said as what it is.
    else if (deleted?.kind === 'deleted') verdicts.set(item, { ...deleted, placeTakenBy: found.page });
  }
  const absent: PlanItem[] = [];
  for (const item of byPlace) {
    const found = places.get(item);
    if (found === undefined || 'failed' in found) verdicts.set(item, found?.failed ?? { kind: 'absent' });
    else if (found.page === undefined) {
      verdicts.set(item, { kind: 'absent' });
      absent.push(item);
    }
    // The file's own page, found where its front matter now names (moved there on the wiki), or at the place this
    // machine's record of its publish names without an ID (published before page access): decided as its own.
    else decided.push({ item, page: found.page, verdict: item.link !== undefined && recordNamesPage(item, found.page) ? recordedPageVerdict(found.page, item, item.link, options) : placeVerdict(found.page, item, options.noticeOff === true, markerTells(options)) });
  }
  // A flat create whose title a page elsewhere in its space holds (its own, perhaps, moved there): named in the plan
  // (movedOnWiki.ts). A tree checks its titles in the space itself (titlesInSpace.ts).
  if (!options.titlesCheckedByTree && absent.length > 0) {
    // A file retitled since it published, its page found under the parent by its notice: asked first, as with a record.
    if (options.lookForOldTitles !== false) await findRetitledFiles(absent, listed, options);
    await cautionTitlesElsewhere(absent, options);
  }
  // A marker sent unseen (version 0), a page an overwrite would replace that does not carry a notice of this tool's as
  // the page now stands, and a page a record names without a notice (a record the run trusts: when it names no version)
  // are settled from the page's history: one request for each such page, a few at once. A history that cannot be read
  // holds the page as any failed lookup; one the run's own record asked for, without a notice (ownHistoryVerdict).
  await mapBounded(decided, Math.max(1, options.concurrency ?? DEFAULT_LOOKUPS_AT_ONCE), async ({ item, page, verdict }) => {
    if (verdict === 'unconfirmed') {
      unconfirmed.add(item);
      verdicts.set(item, { kind: 'notOurs', page });
      return;
    }
    if (verdict !== 'history' && verdict !== 'replaceHistory' && verdict !== 'recordHistory' && verdict !== 'ownHistory') {
      verdicts.set(item, verdict);
      return;
    }
    const versions = await versionsOf(page.id, options);
    if (verdict === 'ownHistory') verdicts.set(item, ownHistoryVerdict(page, Array.isArray(versions) ? versions : undefined, item, item.link));
    else if (versions === undefined) verdicts.set(item, { kind: 'edited', page, knownVersion: undefined, publishedAt: 0, noNotice: true });
    else if (!Array.isArray(versions)) verdicts.set(item, versions);
    else if (verdict === 'replaceHistory') verdicts.set(item, replaceVerdict(page, versions));
    else if (verdict === 'recordHistory' && item.link !== undefined) {
      const decidedNow = recordHistoryVerdict(page, versions, item, item.link);
      if (decidedNow === 'unconfirmed') unconfirmed.add(item);
      verdicts.set(item, decidedNow === 'unconfirmed' ? { kind: 'notOurs', page } : decidedNow);
    } else {
      const link = !item.foundOnWiki && recordNamesPage(item, page) ? item.link : undefined;
      verdicts.set(item, link === undefined ? takenAtPlace(historyVerdict(page, versions, item, link), item, item.foundOnWiki === true || markerTells(options)) : historyVerdict(page, versions, item, link));
    }
  });
  return { verdicts, unconfirmed };
}

/**
 * Whether this machine's record of the file's publish names the page found at its place: by ID, or, for a publish made
 * without page access (no ID learnt), by that very place with the version or time it left.
 */
function recordNamesPage(item: PlanItem, page: WikiPage): boolean {
  const link = item.link;
  if (link === undefined) return false;
  if (link.pageId !== undefined) return link.pageId === page.id;
  const recorded = link.version !== undefined || link.publishedAt > 0;
  return recorded && item.complete !== undefined && linkNames(link, item.complete);
}

/** The verdict for a file's own page read by ID: moved away (held, said where), else decided from what it holds. */
async function ownVerdict(page: WikiPage, item: PlanItem, options: LookupOptions): Promise<WikiVerdict> {
  const link = item.link;
  // A page the tree's look found (foundTreePages.ts) was taken there by the same rule as takenAtPlace's, its parent known.
  if (link === undefined || item.foundOnWiki) return placeVerdict(page, item, false, item.foundOnWiki === true || markerTells(options));
  const parentId = item.complete?.parentId ?? link.parentId;
  if (underAnotherParent(page, parentId)) return { kind: 'edited', page, knownVersion: link.version, publishedAt: link.publishedAt, movedUnder: await parentNamed(page.parentId, options) };
  if (renamedOnWiki(page, item, link)) return { kind: 'edited', page, knownVersion: link.version, publishedAt: link.publishedAt, renamedTo: page.title };
  return recordedPageVerdict(page, item, link, options);
}

/**
 * Whether the page a create of this item would meet may be the one an earlier create of the same file made, which was
 * out when its run stopped (its record says so), at the place this plan sends to.
 */
export function mayBeInterruptedCreate(item: Pick<PlanItem, 'complete' | 'createMayHaveLanded'>): boolean {
  return item.complete !== undefined && linkNames(item.createMayHaveLanded, item.complete);
}

/** The verdict without a member of its own, shared by every file that gets it: verdicts are replaced, never changed. */
const NOT_NEEDED: GuardVerdict = Object.freeze({ kind: 'notNeeded' });

/** The verdict of an update without page access: unchecked, or held when the sign-in ended (noAccessHeld). */
function noAccessVerdict(options: Pick<GuardOptions, 'noAccessHeld' | 'noAccessReason'>): GuardVerdict {
  return options.noAccessHeld === true
    ? { kind: 'unchecked', reason: 'failed', detail: options.noAccessReason, credentialRefused: true, signInEnded: true }
    : { kind: 'unchecked', reason: 'noAccess', detail: options.noAccessReason };
}

/**
 * Whether, without page access, the guard would send a page it cannot check for edits: a file to send whose target may
 * replace a page (an update of its page, or an overwrite), a tree's page or a file that names its own. Known from the
 * plan alone, before the guard runs (a tree's run guards each level as it sends it), so that a front end says once,
 * before anything is sent, what would let the guard look.
 */
export function sendsUncheckedWithoutAccess(items: Iterable<PlanItem>): boolean {
  for (const item of items) if ((item.state === 'send' || item.state === 'edited') && item.complete?.overwrite) return true;
  return false;
}
