// The edit guard as a step of the plan, the same for one file, many files, Retry and the command line: before
// anything is sent, every file that would update a page is checked against the wiki's page routes. A page changed
// on the wiki since this file last published it is held back ('edited') unless the user chose to overwrite it; a
// page deleted on the wiki is published anew, create only; a check that cannot run says why, so the front end can
// tell the user instead of staying silent. Lookups never fail the plan: a failing one is a verdict of its own.
// Before any page is looked up, with page access, the files of a flat plan that give one title in one space written
// two ways (its key and its numeric ID) are refused (titlesAcrossSpaceNames.ts): a step of the guard, so that every
// flat path that reads the wiki runs it, not only the front ends that remember to.
import type { PublishMessages } from '../messages/publishMessages';
import type { TreeMessages } from '../messages/treeMessages';
import type { PageLink } from '../links/pageLink';
import { isRepositoryLink, linkNames } from '../links/pageLink';
import type { PublishTarget } from '../publish/target';
import type { WikiPage, WikiPagesClient } from '../wikiPages';
import { sendGonePages } from './gonePages';
import { DEFAULT_LOOKUPS_AT_ONCE, lookupDeadline } from './lookupDeadline';
import { rememberPlanBeforeWiki } from './beforeWiki';
import type { FileLinks } from './fileLinks';
import type { PlanItem } from './plan';
import { checkFlatTitlesAcrossSpaceNames } from './titlesAcrossSpaceNames';
import { checkRecordedLinks } from './recordedLinks';
import { failedLookupVerdict, type FailedLookupVerdict } from './failedLookup';

export type GuardVerdict =
  /** Create only: the import itself refuses to replace a page, so there is nothing to guard. */
  | { kind: 'notNeeded' }
  /**
   * Create only, but a page with this title already holds the place: the import will answer "already exists".
   * `mayBeOwn`: the page may be this file's own, made by an earlier create of it that nothing recorded: a page of a
   * tree the repository does not record ('unrecordedTreePage': a run that stopped before recording it), or the page
   * that a create interrupted while out may have made ('interruptedCreate': the file's record says so). `byAuthor`
   * says why it was not taken (adoptOwnPage): 'notOurs', another account made its latest version; 'unknown', the run
   * does not know the publishing account, so it cannot tell.
   */
  | { kind: 'exists'; page: WikiPage; mayBeOwn?: OwnPageClue; byAuthor?: 'notOurs' | 'unknown' }
  /** Checked: no page with this title under the parent; publishing creates one. */
  | { kind: 'absent' }
  /**
   * Checked: the page is as this file left it. `byAuthor`: its latest version is explained only by being the
   * publishing account's (a teammate's or CI's publish of this file; see ownEarlierAttempt). `adopted`: a page found
   * in the place of a create, the file's own by that rule (adoptOwnPage): the create becomes an update of it.
   */
  | { kind: 'asLeft'; page: WikiPage; byAuthor?: 'ours'; adopted?: OwnPageClue }
  /** Checked: a page this file never published holds the title; publishing would replace it. */
  | { kind: 'notOurs'; page: WikiPage }
  /**
   * Checked: changed on the wiki since this file last published it (by version, or by time when no version is known),
   * or moved there under another parent (`movedUnder`): the import finds a page by title and parent, so sending would
   * create a second page where the file says and leave the moved one as it is.
   */
  | {
    kind: 'edited'; page: WikiPage; knownVersion: number | undefined; publishedAt: number; movedUnder?: MovedUnder;
    /**
     * The latest version would be explained by being the publishing account's: 'notOurs', another account made it;
     * 'unknown', the run does not know the publishing account (no import token, no WIKI_PUBLISHER_ACCOUNT_ID), so it
     * cannot tell a colleague's wiki edit from a teammate's or CI's publish, and holds the page back.
     */
    byAuthor?: 'notOurs' | 'unknown';
    /**
     * The page is known here only from the repository's record (.wiki-pages.json): this machine never published it, so
     * "since its last publish" would be untrue. Its latest version, not the publishing account's, may be a teammate's
     * or CI's publish of this file as well as an edit on the wiki; the guard cannot tell which, so it asks.
     */
    knownFromRepository?: true;
  }
  /** The linked page ID answers 404: deleted on the wiki (or hidden now). Published anew, create only. */
  | { kind: 'deleted'; pageId: string }
  /**
   * Not checked: no page access, or a lookup failed. `detail` says which, in a sentence; `cause`, for a lookup that
   * failed, what went wrong in words that fit after a colon ("the wiki did not answer in time"). `credentialRefused`: the
   * wiki answered 401, refusing the credential itself (not this page), so no lookup of the run can work. A lookup that
   * failed for a send that may replace a page holds it back like an edited page (unreadOnWiki): with page access the
   * guard could have told, so it does not send blind. `signInEnded` (with credentialRefused): no lookup was made, as
   * the sign-in that gave page access ended without the user's say (GuardOptions.noAccessHeld).
   */
  | { kind: 'unchecked'; reason: 'noAccess'; detail: string; cause?: string; credentialRefused?: true; signInEnded?: true }
  | FailedLookupVerdict;

/** Why a page found in the place of a create may be the file's own (GuardVerdict 'exists', adoptOwnPage). */
export type OwnPageClue = 'unrecordedTreePage' | 'interruptedCreate';

/** The parent a page was moved under on the wiki: its ID, and its title when the wiki gave it. */
export interface MovedUnder {
  id: string;
  title?: string;
}

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
  signal?: AbortSignal;
  /** Lookups at once. */
  concurrency?: number;
  /** Deadline of one file's lookups. */
  timeoutMs?: number;
  /** Files (by key) whose edited pages the user chose to overwrite; `true` for all of them. */
  overwriteEdited?: boolean | ReadonlySet<string>;
  /**
   * A retry: files (by key) whose earlier attempt may have landed, and who the import token acts as. A newer version
   * made by this token's user is that attempt (each attempt that landed made one), not a colleague's edit.
   */
  landedEarlier?: ReadonlySet<string>;
  ownAuthorId?: string;
  /**
   * A page tree's pages: a page found where one of them would be created, which the repository does not record, may
   * be the tree's own from a run that stopped before recording it (adoptOwnPage).
   */
  unrecordedTreePages?: boolean;
  /**
   * Look up create-only files too (default true), to tell "will create" from "already exists" before sending, as a
   * dry run wants. The editor says no: the import itself answers "already exists", with Overwrite.
   */
  lookUpCreates?: boolean;
  /**
   * Look up the pages of unchanged files first (default true), and send those whose page is gone from the wiki
   * (gonePages.ts). A tree says no to the guard of each level: it looked up all its pages before the first.
   */
  lookUpUnchanged?: boolean;
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
  links?: Pick<FileLinks, 'refusedSince'>;
}

/**
 * Whether the guard looks the item's page up on the wiki: an update or overwrite; with `lookUpCreates`, a create too
 * (without it, the import's own "already exists" answers a create). A file that may leave its page behind is looked up
 * as well (that page may be at the place it names now), and so is one whose earlier create may have landed unconfirmed
 * (a page found there may be that create's, adoptOwnPage). Asked by a front end that shows progress only for lookups.
 */
export function guardLooksUp(item: PlanItem, lookUpCreates: boolean): boolean {
  const complete = item.complete;
  if ((item.state !== 'send' && item.state !== 'edited') || complete === undefined) return false;
  return lookUpCreates || complete.overwrite || item.cautions.some((caution) => caution.code === 'leavesPage') || mayBeInterruptedCreate(item);
}

/**
 * Checks every file the plan would send and records the verdict on it (`item.guard`). Edited pages become state
 * 'edited' (held back) unless overwritten by choice; a deleted linked page turns the target create only. With page
 * access, files of a flat plan that give one title in one space written two ways are refused first (not for a tree's
 * items, `titlesCheckedByTree`). Returns the same items. Rejects only when `signal` aborts.
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
  // An unchanged file whose page a colleague deleted is sent, and found deleted below: published anew.
  if (options.pages && options.lookUpUnchanged !== false) await sendGonePages(items.map((item) => ({ item, pageId: item.link?.pageId })), options);
  // The files to look up, and the others that would be sent decided at once: one pass, no set of 10,000 files.
  const lookups: PlanItem[] = [];
  for (const item of items) {
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
      item.guard = (item.complete as PublishTarget).overwrite ? unread : NOT_NEEDED;
      if (options.noAccessHeld === true) applyVerdict(item, options.overwriteEdited);
    }
    return items;
  }
  const worker = async (): Promise<void> => {
    for (let item = lookups.shift(); item; item = lookups.shift()) {
      options.signal?.throwIfAborted();
      item.guard = adoptOwnPage(ownEarlierAttempt(await checkOne(item.link, item.complete as PublishTarget, options), item, options), item, options);
      applyVerdict(item, options.overwriteEdited);
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency ?? DEFAULT_LOOKUPS_AT_ONCE, lookups.length));
  await Promise.all(Array.from({ length: workers }, worker));
  options.signal?.throwIfAborted();
  return items;
}

/**
 * An "edited" whose latest version is this file's earlier attempt (Retry after a failure that may have landed, or a send
 * an earlier run left unconfirmed: its link says so), or on a page the repository records and this machine never
 * published, a teammate's or CI's publish of it, is as left when this token's user made it. Any other author is an
 * edit. Without knowing the publishing account the guard cannot tell, so it holds the page back and says so
 * ('unknown'). The verdict keeps that the author decided, so that a plan that could not tell and a publish that could
 * describe the page alike in the plan digest (planDigest.ts), and the publish's guard, which knows its token, decides.
 */
function ownEarlierAttempt(verdict: GuardVerdict, item: PlanItem, options: GuardOptions): GuardVerdict {
  // A move is never a publish: whoever made it, sending would create a second page.
  const fromRepository = isRepositoryLink(item.link);
  const explainable = options.landedEarlier?.has(item.file.key) || item.link?.unconfirmedSend === true || fromRepository;
  if (verdict.kind !== 'edited' || verdict.movedUnder || !explainable) return verdict;
  const said = fromRepository ? { ...verdict, knownFromRepository: true as const } : verdict;
  if (options.ownAuthorId === undefined) return { ...said, byAuthor: 'unknown' };
  return verdict.page.versionAuthorId === options.ownAuthorId ? { kind: 'asLeft', page: verdict.page, byAuthor: 'ours' } : { ...said, byAuthor: 'notOurs' };
}

/**
 * A create that finds a page in its place which an earlier create of the file may have made, unrecorded (a page of a
 * tree the repository does not record, from a run that stopped before recording it; or the page a create interrupted
 * while out may have made, as the file's record says): last written by the publishing account, it is that create's
 * page, updated and recorded rather than failed as "already exists". A page last written by anyone else stays a
 * refusal of the create; so does any such page when the run does not know the publishing account, which the verdict
 * says, so that the front end can name what would tell. The verdict keeps that the author decided, as
 * ownEarlierAttempt's does, for the plan digest.
 */
function adoptOwnPage(verdict: GuardVerdict, item: PlanItem, options: GuardOptions): GuardVerdict {
  // Front matter that says `overwrite: false` never replaces a page, not even the file's own.
  if (verdict.kind !== 'exists' || !item.complete || item.prepared.frontMatterTarget.overwrite === false) return verdict;
  const mayBeOwn = ownPageClue(item, options);
  if (mayBeOwn === undefined) return verdict;
  if (options.ownAuthorId === undefined) return { ...verdict, mayBeOwn, byAuthor: 'unknown' };
  if (verdict.page.versionAuthorId !== options.ownAuthorId) return { ...verdict, mayBeOwn, byAuthor: 'notOurs' };
  return { kind: 'asLeft', page: verdict.page, byAuthor: 'ours', adopted: mayBeOwn };
}

function ownPageClue(item: PlanItem, options: GuardOptions): OwnPageClue | undefined {
  if (options.unrecordedTreePages) return 'unrecordedTreePage';
  return mayBeInterruptedCreate(item) ? 'interruptedCreate' : undefined;
}

/**
 * Whether the page a create of this item would meet may be the one an earlier create of the same file made, which was
 * out when its run stopped (its record says so), at the place this plan sends to.
 */
export function mayBeInterruptedCreate(item: Pick<PlanItem, 'complete' | 'createMayHaveLanded'>): boolean {
  return item.complete !== undefined && linkNames(item.createMayHaveLanded, item.complete);
}

/**
 * Whether the verdict holds back a page known only from the repository's record (.wiki-pages.json) whose latest version
 * this machine did not publish: a teammate's or CI's publish of the file, or an edit on the wiki, which the guard cannot
 * tell apart. Counted apart from edits on the wiki, so that no count calls a teammate's publish an edit.
 */
export function notPublishedHere(verdict: GuardVerdict | undefined): boolean {
  return verdict?.kind === 'edited' && verdict.movedUnder === undefined && verdict.knownFromRepository === true;
}

/**
 * Whether the verdict is a lookup on the wiki that failed although there was page access (a timeout, an answer 500, the
 * network gone): the guard cannot tell whether a colleague edited the page. An update (a send that may replace a page)
 * with this verdict is held back like an edited page (state 'edited'), counted and said apart, and the user's choice to
 * overwrite edited pages sends it unchecked; a create cannot replace anything, so it is sent. Without page access at
 * all, the verdict is 'noAccess' and an update is sent as before, said to be unchecked.
 */
export function unreadOnWiki(verdict: GuardVerdict | undefined): verdict is Extract<GuardVerdict, { kind: 'unchecked' }> & { reason: 'failed' } {
  return verdict?.kind === 'unchecked' && verdict.reason === 'failed';
}

/**
 * Whether the verdict is a failed lookup the wiki answered 401, refusing the credential itself (not this page): held back
 * like any unreadOnWiki update, but running again cannot help until the user signs in again (the CLI stops on it as
 * broken configuration, cli/pageAccess.ts; the editor offers its sign-in).
 */
export function credentialRefusedOnWiki(verdict: GuardVerdict | undefined): boolean {
  return unreadOnWiki(verdict) && verdict.credentialRefused === true;
}

/** Whether the verdict turned on who made the page's latest version (ownEarlierAttempt, adoptOwnPage), whatever it found. */
export function decidedByAuthor(verdict: GuardVerdict | undefined): boolean {
  return (verdict?.kind === 'asLeft' || verdict?.kind === 'edited' || verdict?.kind === 'exists') && verdict.byAuthor !== undefined;
}

/**
 * The user's choice to send a file whose page was edited on the wiki: it replaces the page. A page found under another
 * parent cannot be reached from here: the file makes a new page where it says, create only (as for a deleted page), so
 * that whatever holds the title there is not replaced unchecked.
 */
export function sendEditedAnyway(item: PlanItem): void {
  item.state = 'send';
  if (movedUnderOf(item.guard) && item.complete) {
    item.complete = { ...item.complete, overwrite: false };
    item.linkedPage = false;
  }
}

/**
 * Changes the item as its verdict says: an edited page is held back, and so is an update whose lookup failed
 * (unreadOnWiki); a deleted one is created anew; the file's own page found where its front matter names now is no page
 * left behind.
 */
function applyVerdict(item: PlanItem, overwriteEdited: GuardOptions['overwriteEdited']): void {
  const verdict = item.guard;
  // Only a send that may replace a page is held: a create (overwrite false) cannot overwrite a colleague's edit.
  const held = verdict?.kind === 'edited' || (unreadOnWiki(verdict) && item.complete?.overwrite === true);
  if (held || verdict?.kind === 'deleted' || (verdict?.kind === 'asLeft' && verdict.adopted)) rememberPlanBeforeWiki(item);
  if (item.link?.pageId !== undefined && guardedPage(verdict)?.id === item.link.pageId) item.cautions = item.cautions.filter((caution) => caution.code !== 'leavesPage');
  if (held) {
    const overwrite = overwriteEdited === true || (overwriteEdited instanceof Set && overwriteEdited.has(item.file.key));
    if (overwrite) sendEditedAnyway(item);
    else item.state = 'edited';
  } else if (verdict?.kind === 'asLeft' && verdict.adopted && item.complete) {
    item.complete = { ...item.complete, overwrite: true };
  } else if (verdict?.kind === 'deleted' && item.complete) {
    // The ID is stale: create the page anew rather than replace whatever holds its title now.
    item.complete = { ...item.complete, overwrite: false };
    item.linkedPage = false;
  }
}

async function checkOne(link: PageLink | undefined, target: PublishTarget, options: GuardOptions): Promise<GuardVerdict> {
  const { pages } = options;
  if (!pages) return unreadVerdict(target, options);
  const { deadline, signal } = lookupDeadline(options);
  try {
    return await lookUp(pages, link, target, signal);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return failedLookupVerdict(error, deadline.aborted, options.messages);
  }
}

/** The verdict without a member of its own, shared by every file that gets it: verdicts are replaced, never changed. */
const NOT_NEEDED: GuardVerdict = Object.freeze({ kind: 'notNeeded' });

/** The verdict without page access: an update cannot be checked, a create needs no check. */
function unreadVerdict(target: PublishTarget, options: GuardOptions): GuardVerdict {
  return target.overwrite ? noAccessVerdict(options) : NOT_NEEDED;
}

/** The verdict of an update without page access: unchecked, or held when the sign-in ended (noAccessHeld). */
function noAccessVerdict(options: Pick<GuardOptions, 'noAccessHeld' | 'noAccessReason'>): GuardVerdict {
  return options.noAccessHeld === true
    ? { kind: 'unchecked', reason: 'failed', detail: options.noAccessReason, credentialRefused: true, signInEnded: true }
    : { kind: 'unchecked', reason: 'noAccess', detail: options.noAccessReason };
}

/**
 * Whether, without page access, the guard would send a page it cannot check for edits (unreadVerdict): a file to send
 * whose target may replace a page (an update of its page, or an overwrite), a tree's page or a file that names its
 * own. Known from the plan alone, before the guard runs (a tree's run guards each level as it sends it), so that a
 * front end says once, before anything is sent, what would let the guard look.
 */
export function sendsUncheckedWithoutAccess(items: Iterable<PlanItem>): boolean {
  for (const item of items) if ((item.state === 'send' || item.state === 'edited') && item.complete?.overwrite) return true;
  return false;
}

async function lookUp(pages: WikiPagesClient, link: PageLink | undefined, target: PublishTarget, signal: AbortSignal): Promise<GuardVerdict> {
  const ownPage = link !== undefined && linkNames(link, target);
  if (ownPage && link.pageId) {
    const page = await pages.getPage(link.pageId, signal);
    if (!page) return { kind: 'deleted', pageId: link.pageId };
    if (underAnotherParent(page, target.parentId)) {
      return { kind: 'edited', page, knownVersion: link.version, publishedAt: link.publishedAt, movedUnder: await parentNamed(pages, page.parentId, signal) };
    }
    return compare(page, link);
  }
  const child = await pages.findChildByTitle(target.parentId, target.pageTitle, signal);
  if (!child) return { kind: 'absent' };
  const page = await pages.getPage(child.id, signal);
  if (!page) return { kind: 'absent' };
  if (!target.overwrite) return { kind: 'exists', page };
  // The file's own page, found where its front matter now names (moved there on the wiki): checked as its own.
  const followed = link !== undefined && link.pageId === page.id;
  return ownPage || followed ? compare(page, link) : { kind: 'notOurs', page };
}

/** The parent a page was moved under, with its title for the words; only its ID when the wiki will not say more. */
async function parentNamed(pages: WikiPagesClient, parentId: string, signal: AbortSignal): Promise<MovedUnder> {
  const parent = await pages.getPage(parentId, signal).catch((error: unknown) => {
    if (signal.aborted) throw error;
    return undefined;
  });
  return parent ? { id: parentId, title: parent.title } : { id: parentId };
}

/**
 * The page against what this file left: a known version is exact; without one (published before signing in, or
 * a lookup that failed then), any change on the wiki after the file's publish time counts as an edit. A page that
 * does not say when it last changed cannot be explained, so it counts as edited too: the guard asks rather than
 * stay silent.
 */
function compare(page: WikiPage, link: PageLink): GuardVerdict {
  return changedOnWikiSince(page, link)
    ? { kind: 'edited', page, knownVersion: link.version, publishedAt: link.publishedAt }
    : { kind: 'asLeft', page };
}

/**
 * The edit guard's rule for "changed on the wiki since this file last published it", shared with the Wiki Pages view
 * so that both say the same of a page: a version above the link's; without a known version, any change after the
 * link's publish time, or a page that does not say when it last changed.
 */
export function changedOnWikiSince(page: WikiPage, link: Pick<PageLink, 'version' | 'publishedAt'>): boolean {
  if (link.version !== undefined) return page.version > link.version;
  const changedAt = page.versionCreatedAt === undefined ? Number.NaN : Date.parse(page.versionCreatedAt);
  return !(Number.isFinite(changedAt) && changedAt <= link.publishedAt);
}

/**
 * The guard's rule for a page moved away from the parent a file publishes under, shared with the Wiki Pages view: the
 * wiki names another parent (a move makes no new version, so only the parent tells).
 */
export function underAnotherParent(page: WikiPage, parentId: string): page is WikiPage & { parentId: string } {
  return page.parentId !== undefined && page.parentId !== parentId;
}

/** Where the guard found the page when it is under another parent than the file names; undefined for any other verdict. */
export function movedUnderOf(verdict: GuardVerdict | undefined): MovedUnder | undefined {
  return verdict?.kind === 'edited' ? verdict.movedUnder : undefined;
}

/** The page the verdict found, if it found one. */
export function guardedPage(verdict: GuardVerdict | undefined): WikiPage | undefined {
  switch (verdict?.kind) {
    case 'exists':
    case 'asLeft':
    case 'notOurs':
    case 'edited':
      return verdict.page;
    default:
      return undefined;
  }
}

/** Whether the guard looked at the wiki for this file (for the command line's "wiki edits checked" column). */
export function guardChecked(verdict: GuardVerdict | undefined): boolean {
  return verdict !== undefined && verdict.kind !== 'unchecked' && verdict.kind !== 'notNeeded';
}
