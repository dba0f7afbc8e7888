// What the command line says about each file, as plain values: a text line for people and CI logs, an object for
// --json. The words come from the core's outcomes and plan; only the editor's button names are swapped for flags.
import { guardChecked, guardedPage, mayBeInterruptedCreate, movedUnderOf, unreadOnWiki } from '../core/run/guard';
import { sendKind, type PlanCounts, type PlanItem } from '../core/run/plan';
import type { FileResult, RunSummary } from '../core/run/runner';
import type { LinksLeft } from '../core/run/landedPage';
import type { Output } from './output';
import { parentText } from './runRecords';
import { escapeControlCharacters } from '../core/text/controlCharacters';
import { CLIENT_ID_ENV_VAR, PLATFORM_TOKEN_ENV_VAR } from './pageAccess';

export interface FileRecord {
  type: 'file';
  file: string;
  status: FileResult['state'];
  /** The outcome's kind (created, updated, alreadyExists, ...) when a request was made. */
  outcome?: string;
  httpStatus?: number;
  title?: string;
  spaceId?: string;
  parentId?: string;
  overwrite?: boolean;
  /** The service's sentence and what it means; or why the file was refused or skipped. */
  message: string;
  attempts?: number;
  mayHaveLanded: boolean;
  /** Whether the edit guard looked at the wiki before an update, and what it found. */
  wikiEdits?: WikiEditsRecord;
  /** The page's address, when known. */
  url?: string;
  cautions: string[];
}

export interface WikiEditsRecord {
  checked: boolean;
  /** What the guard found (asLeft, absent, notOurs, edited, deleted, exists) or why it could not look. */
  verdict: string;
  /** For verdict 'unchecked': no page access, or a lookup on the wiki that failed (its edits are unknown). */
  reason?: 'noAccess' | 'failed';
  detail?: string;
  /**
   * For reason 'failed': what went wrong, in words that follow a colon. An update with it is left out (status 'edited',
   * lookupFailedText) unless --overwrite-edited sends it unchecked.
   */
  cause?: string;
  version?: number;
  editedBy?: string;
  editedAt?: string;
  /**
   * Verdict 'edited' on a page that carries no publish notice and whose version this machine has no record of: nothing
   * tells an edit on the wiki from a publish (published before notices, with them off, or made by hand), so it is held
   * back and said as such, never as an edit "since its last publish".
   */
  noNotice?: boolean;
  /** The version this tool last published, as the page's notice (or this machine's record) says (verdict 'edited'). */
  publishedVersion?: number;
  /** Verdict 'asLeft': the page already holds what the file would send now (its notice says so), so nothing is sent. */
  sameContent?: boolean;
  /**
   * Verdict 'asLeft' of a page no record names (a tree's page the repository does not record, or the page an
   * interrupted create may have made), found where the file's page would be created and carrying this file's publish
   * notice, unchanged since: taken as the file's page from an earlier run that stopped before recording it, and updated.
   */
  adopted?: boolean;
  /** The page is under this parent on the wiki now, not where the file puts it (verdict 'edited'). */
  movedUnder?: { id: string; title?: string };
  /**
   * Held back (verdict 'edited') below the tree's folder page of this title, which is published as a new page, or
   * would be with --overwrite-edited: that flag creates this page anew under it, and the edited page stays.
   */
  anewUnder?: string;
}

export interface PlanRecord {
  type: 'plan';
  file: string;
  status: 'send' | 'unchanged' | 'refused' | 'edited' | 'retitled';
  action?: 'create' | 'update' | 'replace' | 'createOrUpdate';
  title?: string;
  spaceId?: string;
  parentId?: string;
  overwrite?: boolean;
  refusals: string[];
  wikiEdits?: WikiEditsRecord;
  url?: string;
  cautions: string[];
  /** Links to other Markdown files that go to their pages in what is sent (a flat run's; a tree says it per page). */
  linksToPages?: number;
}

/** `notStartedBecause`: why files that never started did not (default: an interruption). */
export function fileRecord(result: FileResult, notStartedBecause?: string): FileRecord {
  const { item, outcome } = result;
  return {
    type: 'file',
    file: item.file.label,
    status: result.state,
    ...(outcome ? { outcome: outcome.kind, ...(outcome.status !== undefined ? { httpStatus: outcome.status } : {}) } : {}),
    ...targetFields(item),
    message: outcome ? outcomeText(result, outcome) : result.state === 'notStarted' && notStartedBecause ? notStartedBecause : notSentMessage(result),
    ...(outcome ? { attempts: outcome.attempts } : {}),
    mayHaveLanded: result.mayHaveLanded,
    ...guardFields(item),
    cautions: result.state === 'refused' || result.state === 'skipped' ? [] : item.cautions.map((caution) => caution.message),
  };
}

export function planRecord(item: PlanItem): PlanRecord {
  const refusals = refusalsOf(item);
  const status = refusals.length > 0 ? 'refused' : item.state === 'unchanged' || item.state === 'edited' || item.state === 'retitled' ? item.state : 'send';
  // Member by member, in the order --json prints them: a plan of 10,000 pages makes 10,000 records, and spreading
  // optional members in cost more than the rest of printing the plan.
  const record: PlanRecord = { type: 'plan', file: item.file.label, status } as PlanRecord;
  if (status === 'send') record.action = planAction(item);
  const { pageTitle, spaceId, parentId, overwrite } = item.target;
  if (pageTitle !== undefined) record.title = pageTitle;
  if (spaceId !== undefined) record.spaceId = spaceId;
  if (parentId !== undefined) record.parentId = parentId;
  if (overwrite !== undefined) record.overwrite = overwrite;
  record.refusals = refusals;
  const guard = guardFields(item);
  if (guard.wikiEdits) record.wikiEdits = guard.wikiEdits;
  if (guard.url !== undefined) record.url = guard.url;
  // A page held back for an edit on the wiki goes with --overwrite-edited: what would not work then is said now too.
  record.cautions = status === 'send' || status === 'edited' ? item.cautions.map((caution) => caution.message) : [];
  if (status === 'send' && item.linksToPages) record.linksToPages = item.linksToPages;
  return record;
}

/** What sending does, as far as the plan knows; without a look at the wiki an overwrite may create or update. */
function planAction(item: PlanItem): NonNullable<PlanRecord['action']> {
  const kind = sendKind(item);
  const looked = item.guard !== undefined && item.guard.kind !== 'unchecked' && item.guard.kind !== 'notNeeded';
  if (kind === 'replace' && !looked) return item.linkedPage ? 'update' : 'createOrUpdate';
  return kind;
}

/** The guard's verdict for the record: every update says whether wiki edits were checked. */
function guardFields(item: PlanItem): Pick<FileRecord, 'wikiEdits' | 'url'> {
  const verdict = item.guard;
  if (!verdict || verdict.kind === 'notNeeded') return {};
  const page = guardedPage(verdict);
  const url = page?.webUrl ?? item.link?.url;
  const wikiEdits: WikiEditsRecord = { checked: guardChecked(verdict), verdict: verdict.kind };
  if (verdict.kind === 'unchecked') {
    wikiEdits.reason = verdict.reason;
    wikiEdits.detail = verdict.detail;
    if (verdict.cause !== undefined) wikiEdits.cause = verdict.cause;
  }
  if (page) wikiEdits.version = page.version;
  if (verdict.kind === 'asLeft' && verdict.adopted) wikiEdits.adopted = true;
  if (verdict.kind === 'asLeft' && verdict.sameContent) wikiEdits.sameContent = true;
  if (verdict.kind === 'edited') {
    // Who made the version that holds the page back, and when, as the wiki says it.
    if (page?.versionAuthorId) wikiEdits.editedBy = page.versionAuthorId;
    if (page?.versionCreatedAt) wikiEdits.editedAt = page.versionCreatedAt;
    if (verdict.knownVersion !== undefined) wikiEdits.publishedVersion = verdict.knownVersion;
    if (verdict.noNotice) wikiEdits.noNotice = true;
    if (verdict.movedUnder) wikiEdits.movedUnder = verdict.movedUnder;
    else if (item.state === 'edited' && item.heldBelowNewPage !== undefined) wikiEdits.anewUnder = item.heldBelowNewPage;
  }
  const fields: Pick<FileRecord, 'wikiEdits' | 'url'> = { wikiEdits };
  if (url) fields.url = url;
  return fields;
}

const FILE_STATUS_WORDS: Record<FileResult['state'], string> = {
  published: 'published',
  failed: 'FAILED',
  existsUnproven: 'EXISTS',
  edited: 'LEFT OUT',
  skipped: 'unchanged',
  refused: 'REFUSED',
  notStarted: 'not started',
  cancelled: 'interrupted',
};

/**
 * What a plan says of a page its lookup did not find: deleted, most likely, but a page the account that checks wiki
 * edits may not view is not found either, and only sending tells them apart (send.ts says which it was).
 */
export const PAGE_NOT_FOUND = 'its page was not found on the wiki: deleted, or hidden from the account that checks wiki edits';

export function fileLine(record: FileRecord & { tree?: { parentTitle?: string } }): string {
  const word = record.outcome === 'created' || record.outcome === 'updated' ? record.outcome : FILE_STATUS_WORDS[record.status];
  const guard = verdictFitsResult(record) ? guardText(record.wikiEdits, record.outcome === 'updated' || record.status === 'edited', record.status === 'edited', false) : '';
  return joinLine(word, record.file, targetText(record), spaced(record.message, guard), record.cautions);
}

/**
 * Whether a result's line says its guard verdict: "published as a new page" (a page taken for deleted) only of a page
 * that was; a create refused as "already exists" says why in its message, and a page that may be the file's own, not
 * taken for want of the publishing account, says why it was not.
 */
export function verdictFitsResult(record: Pick<FileRecord, 'wikiEdits' | 'outcome'>): boolean {
  if (record.wikiEdits?.verdict === 'exists') return false;
  return record.wikiEdits?.verdict !== 'deleted' || record.outcome === 'created';
}

const PLAN_STATUS_WORDS: Record<string, string> = {
  create: 'would create', update: 'would update', replace: 'WOULD REPLACE', createOrUpdate: 'would create or update', unchanged: 'unchanged',
  refused: 'WOULD REFUSE', edited: 'WOULD LEAVE OUT', retitled: 'WOULD ASK',
};

export function planLine(record: PlanRecord & { tree?: { parentTitle?: string } }): string {
  const word = PLAN_STATUS_WORDS[record.action ?? record.status] ?? record.status;
  const said = record.status === 'unchanged' ? 'same content and target as its last publish (--force sends it)'
    : record.status === 'retitled' ? record.refusals.join(' ')
      : record.action === 'replace' ? 'a page with this title exists that this file did not publish; it would be replaced.' : record.refusals.join(' ');
  const linked = record.linksToPages ? `(${record.linksToPages === 1 ? '1 link to another file goes to its page' : `${record.linksToPages} links to other files go to their pages`})` : '';
  const message = spaced(spaced(said, guardText(record.wikiEdits, record.action !== 'create' || record.status === 'edited', record.status === 'edited', true)), linked);
  return joinLine(word, record.file, targetText(record), message, record.cautions);
}

/**
 * "(wiki edits checked: version 7 as last published)" and the like, for updates and held-back files; a page found
 * under another parent is said whether held back or sent anyway, since sending it makes a second page. `planned`: a
 * plan's line, which says what the lookup found, not yet what sending will show.
 */
function guardText(wikiEdits: WikiEditsRecord | undefined, relevant: boolean, heldBack: boolean, planned: boolean): string {
  if (wikiEdits?.movedUnder) return `(${movedText(wikiEdits.movedUnder, heldBack)})`;
  // A page deleted on the wiki is created anew: said, since its file published a page before. A page in the way of a
  // create is said of the create.
  if (!wikiEdits || (!relevant && wikiEdits.verdict !== 'deleted' && wikiEdits.verdict !== 'exists')) return '';
  switch (wikiEdits.verdict) {
    case 'unchecked':
      if (heldBack && wikiEdits.reason === 'failed') return `(${lookupFailedText(wikiEdits)}; ${LOOKUP_FAILED_FIX})`;
      return `(wiki edits NOT checked: ${wikiEdits.detail ?? 'no page access'})`;
    case 'edited':
      if (wikiEdits.noNotice) return `(${noNoticeText(wikiEdits)}; ${overwriteEditedText(wikiEdits)})`;
      return `(${editedSinceText(wikiEdits)}; ${overwriteEditedText(wikiEdits)})`;
    case 'asLeft':
      return wikiEdits.adopted ? `(${adoptedText(wikiEdits, planned)})` : `(wiki edits checked: version ${wikiEdits.version ?? '?'} is as last published)`;
    case 'deleted':
      return planned ? `(${PAGE_NOT_FOUND}: would be published as a new page)` : '(its page was deleted on the wiki: published as a new page)';
    case 'absent':
      return '(wiki checked: no such page yet)';
    case 'exists':
      return `(${existsText(wikiEdits, planned)})`;
    case 'notOurs':
      return `(wiki checked: replaces version ${wikiEdits.version ?? '?'} of a page this file did not publish)`;
    default:
      return '';
  }
}

/** A page holding the place of a create that is not this file's: the create is refused as "already exists". */
export function existsText(_wikiEdits: Pick<WikiEditsRecord, 'version'>, planned: boolean): string {
  return `a page with this title exists: the create ${planned ? 'will be' : 'was'} refused as "already exists"; --overwrite updates it`;
}

/**
 * A page no record names, found where the file's page would be created, carrying this file's publish notice and
 * unchanged since: taken as the file's own (from an earlier run that stopped before recording it, or a create that went
 * out unconfirmed) and updated. Said as such, not as a page "as last published", so that a reviewer sees a page taken.
 */
export function adoptedText(wikiEdits: Pick<WikiEditsRecord, 'version'>, planned: boolean): string {
  return `wiki checked: a page with this title is there that no record names, carrying this file's publish notice (version ${wikiEdits.version ?? '?'}): ${planned ? 'it would be taken' : 'taken'} as this file's page and updated`;
}

/** "edited on the wiki since its last publish (version 4): version 6 by alice at 2026-11-29T10:00:00Z". */
export function editedSinceText(wikiEdits: Pick<WikiEditsRecord, 'version' | 'editedBy' | 'editedAt' | 'publishedVersion'>): string {
  const since = wikiEdits.publishedVersion === undefined ? '' : ` (version ${wikiEdits.publishedVersion})`;
  return `edited on the wiki since its last publish${since}: version ${wikiEdits.version ?? '?'}${wikiEdits.editedBy ? ` by ${wikiEdits.editedBy}` : ''}${wikiEdits.editedAt ? ` at ${wikiEdits.editedAt}` : ''}`;
}

/**
 * What --overwrite-edited does to a page held back for an edit on the wiki: replaces it, or, below a folder page that is
 * (or would be) published as a new page, creates it anew there, and the edited page stays where it is.
 */
export function overwriteEditedText(wikiEdits: Pick<WikiEditsRecord, 'anewUnder'> | undefined): string {
  return wikiEdits?.anewUnder === undefined ? '--overwrite-edited replaces it'
    : `--overwrite-edited creates it anew under the new page of its folder "${wikiEdits.anewUnder}" and leaves the edited page where it is`;
}

/**
 * A page without a publish notice whose version this machine has no record of: nothing tells an edit on the wiki from
 * a publish there. Said as what it is, never as an edit "since its last publish", with what would tell.
 */
export function noNoticeText(wikiEdits: Pick<WikiEditsRecord, 'version' | 'editedBy' | 'editedAt'>): string {
  return `its page carries no publish notice and no record here names its version ${wikiEdits.version ?? '?'}${wikiEdits.editedBy ? ` by ${wikiEdits.editedBy}` : ''}${wikiEdits.editedAt ? ` at ${wikiEdits.editedAt}` : ''}: ` +
    'an edit on the wiki cannot be told from a publish (a publish with the notice on, or --state from the last one, tells)';
}

/** Why an update is left out when the edit guard's lookup failed although there was page access. */
export function lookupFailedText(wikiEdits: Pick<WikiEditsRecord, 'cause' | 'detail'>): string {
  return `the wiki could not be read to check for edits: ${wikiEdits.cause ?? wikiEdits.detail ?? 'the lookup failed'}`;
}

/** What gets such an update sent: the lookup working next time, or the user's choice to send it unchecked. */
export const LOOKUP_FAILED_FIX = 'run again, or --overwrite-edited sends it unchecked';

/** A record's side of the core's unreadOnWiki (guard.ts): held back, or sent by choice, because its lookup failed. */
export function lookupFailedRecord(wikiEdits: WikiEditsRecord | undefined): boolean {
  return wikiEdits?.verdict === 'unchecked' && wikiEdits.reason === 'failed';
}

/** Why a file is left out for its page's edit on the wiki (or its move there), and what --overwrite-edited does, as a sentence. */
export function heldBackText(wikiEdits: WikiEditsRecord | undefined): string {
  if (lookupFailedRecord(wikiEdits)) return `Would be left out: ${lookupFailedText(wikiEdits as WikiEditsRecord)} (${LOOKUP_FAILED_FIX}).`;
  if (wikiEdits?.movedUnder) return `I${movedText(wikiEdits.movedUnder, true).slice(1)}.`;
  if (wikiEdits?.noNotice) return `Would be left out: ${noNoticeText(wikiEdits)} (${overwriteEditedText(wikiEdits)}).`;
  return `Would be left out: its page was ${wikiEdits ? editedSinceText(wikiEdits) : 'edited on the wiki since its last publish'} (${overwriteEditedText(wikiEdits)}).`;
}

/**
 * What a page found under another parent means: moved on the wiki since the file's last publish, or this publish names
 * another place. The import finds a page by title and parent, so it cannot reach that page from here.
 */
export function movedText(movedUnder: NonNullable<WikiEditsRecord['movedUnder']>, heldBack: boolean): string {
  const where = movedUnder.title === undefined ? `page ${movedUnder.id}` : `"${movedUnder.title}" (page ${movedUnder.id})`;
  return heldBack
    ? `its page is under ${where} on the wiki now, not where this publish puts it: moved on the wiki, or the place changed here. Left out; --overwrite-edited publishes a new page here and leaves that one where it is`
    : `its page is under ${where} on the wiki now: published as a new page here (--overwrite-edited); that page stays where it is`;
}

/** A record's side of the core's heldWithoutNotice (guardVerdict.ts): no notice, no record here, nothing can tell. */
export function heldWithoutNoticeRecord(wikiEdits: WikiEditsRecord | undefined): boolean {
  return wikiEdits?.verdict === 'edited' && wikiEdits.noNotice === true && wikiEdits.movedUnder === undefined;
}

export function runSummaryLine(summary: RunSummary, interrupted: boolean): string {
  const parts = [`${summary.published} published`, `${summary.failed} failed`, `${summary.refused} refused`, `${summary.skipped} unchanged`];
  const noNotice = summary.noNotice ?? 0;
  const lookupFailed = summary.lookupFailed ?? 0;
  if (summary.edited > noNotice + lookupFailed) parts.push(`${summary.edited - noNotice - lookupFailed} left out (edited on the wiki)`);
  if (noNotice > 0) parts.push(`${noNotice} left out (no publish notice: an edit cannot be told from a publish)`);
  if (lookupFailed > 0) parts.push(`${lookupFailed} left out (the wiki could not be read to check for edits)`);
  if (summary.existsUnproven) parts.push(`${summary.existsUnproven} found existing after a retry (not ours for sure; not recorded)`);
  if (summary.cancelled || summary.notStarted || interrupted) {
    parts.push(`${summary.cancelled} interrupted in flight (may have landed)`, `${summary.notStarted} not started`);
  }
  return `${interrupted ? 'Interrupted: ' : ''}${parts.join(', ')}`;
}

export function planSummaryLine(counts: PlanCounts): string {
  const editedOnWiki = counts.edited - (counts.noNotice ?? 0) - (counts.lookupFailed ?? 0);
  const held = [
    ...(editedOnWiki > 0 ? [`${editedOnWiki} edited on the wiki (left out)`] : []),
    ...(counts.noNotice ? [`${counts.noNotice} without a publish notice, so an edit cannot be told from a publish (left out)`] : []),
    ...(counts.lookupFailed ? [`${counts.lookupFailed} whose wiki could not be read to check for edits (left out)`] : []),
    ...(counts.retitled ? [`${counts.retitled} with a changed title (left out)`] : []),
    ...(counts.unchecked ? [`${counts.unchecked} update(s) whose wiki edits could not be checked`] : []),
  ];
  return `Dry run, nothing sent: ${counts.send} to send (${counts.newPages} new, ${counts.updates} updating the page the file published before, ${counts.replaces} overwriting a page it did not publish, if one exists), ` +
    `${counts.unchanged} unchanged, ${counts.refused + counts.incomplete} would be refused${held.length ? `, ${held.join(', ')}` : ''}`;
}

/** Why a file cannot be sent: preflight's refusals, or the target parts neither front matter, state nor flags gave. */
export function refusalsOf(item: PlanItem): string[] {
  const reasons = item.refusals.map((refusal) => refusal.message);
  if (item.state === 'retitled' && item.retitled) {
    reasons.push(`Its title is now "${item.retitled.fileTitle}" but it last published to "${item.retitled.pageTitle}": name the page in its front matter (wiki: pageTitle), or pass --retarget to publish it as a new page.`);
  }
  if (item.state === 'incomplete' || (!item.complete && reasons.length === 0)) {
    const missing = [item.target.spaceId === undefined ? 'space' : '', item.target.parentId === undefined ? 'parent page' : '']
      .filter((part) => part !== '')
      .join(' or ');
    reasons.push(`No ${missing || 'complete target'}: give it in the front matter (wiki: spaceId, parentId) or with --space and --parent.`);
  }
  return reasons;
}

function notSentMessage(result: FileResult): string {
  switch (result.state) {
    case 'skipped':
      return 'same content and target as its last publish (--force sends it)';
    case 'refused':
      return refusalsOf(result.item).join(' ');
    case 'notStarted':
      return 'not sent: the run stopped before it was sent';
    case 'edited':
      if (movedUnderOf(result.item.guard)) return 'not sent: its page is under another parent on the wiki now.';
      if (unreadOnWiki(result.item.guard)) return 'not sent: its page could not be checked for edits on the wiki.';
      return result.item.guard?.kind === 'edited' && result.item.guard.noNotice
        ? 'not sent: its page carries no publish notice, so an edit there cannot be told from a publish.' : 'not sent: its page was changed on the wiki since its last publish.';
    default:
      return '';
  }
}

/**
 * The outcome in words. An "already exists" after a retry that was proven to be this run's page is a publish: the
 * outcome's own words (maybe someone else's, not linked, pass --overwrite) were written before the proof and would
 * contradict the status, so the service's sentence is followed by what the proof found instead.
 */
function outcomeText(result: FileResult, outcome: NonNullable<FileResult['outcome']>): string {
  const proven = result.proven;
  if (outcome.kind === 'alreadyExists' && mayBeInterruptedCreate(result.item) && !guardChecked(result.item.guard)) {
    return `${forCommandLine(outcome.message)} ${INTERRUPTED_CREATE_UNCHECKED}`;
  }
  if (!proven || result.state !== 'published' || outcome.kind !== 'existsAfterRetry') return forCommandLine(outcome.message);
  const title = result.item.complete?.pageTitle ?? result.item.target.pageTitle ?? result.item.file.label;
  const found = `A page titled "${title}" exists now: proven to be this run's page (page ${proven.pageId}, version ${proven.version} by this token's user, made after the run started), created by an earlier attempt that seemed to fail; it is linked to this file.`;
  return outcome.said ? `${outcome.said} ${found}` : found;
}

/**
 * "Already exists" for a file whose --state record says an earlier create of it was out when that run stopped, in a
 * run that could not read the wiki: the page is likely that create's, but only page access can tell it from a
 * colleague's page of the same title, so the line says what tells them apart instead of leaving a bare --overwrite.
 */
const INTERRUPTED_CREATE_UNCHECKED =
  'An earlier run was stopped while creating this page (the --state record says so), so it may be this file\'s page; ' +
  `this run has no page access to check who wrote it. Set ${PLATFORM_TOKEN_ENV_VAR} or a service account's credentials (${CLIENT_ID_ENV_VAR}, ...): ` +
  'the next run then takes the page as this file\'s if this run\'s account wrote it, and updates it. --overwrite updates it without that check.';

/** The editor's outcomes name its buttons; on the command line the same choice is a flag. */
function forCommandLine(message: string): string {
  return message.replace(/\b([Cc])hoos(e|ing) Overwrite\b/g, (_match, c: string, ending: string) => `${c === 'C' ? 'P' : 'p'}ass${ending === 'e' ? '' : 'ing'} --overwrite`);
}

function targetFields(item: PlanItem): Pick<FileRecord, 'title' | 'spaceId' | 'parentId' | 'overwrite'> {
  const { pageTitle, spaceId, parentId, overwrite } = item.target;
  return {
    ...(pageTitle !== undefined ? { title: pageTitle } : {}),
    ...(spaceId !== undefined ? { spaceId } : {}),
    ...(parentId !== undefined ? { parentId } : {}),
    ...(overwrite !== undefined ? { overwrite } : {}),
  };
}

function targetText(record: { title?: string; spaceId?: string; parentId?: string; tree?: { parentTitle?: string } }): string {
  const title = record.title === undefined ? '(no title)' : JSON.stringify(record.title);
  return `${title} in ${record.spaceId ?? '?'} under ${parentText(record)}`;
}

// The line helpers below run once for each file of a plan (10,000 of a large tree): they build the line piece by
// piece, without the arrays that filter-and-join or map-and-join would make for each.

/** Two parts of a message with a space between, either left out when empty. */
function spaced(first: string, second: string): string {
  return first === '' ? second : second === '' ? first : `${first} ${second}`;
}

function joinLine(word: string, file: string, target: string, message: string, cautions: readonly string[]): string {
  let notes = '';
  for (const caution of cautions) notes += ` [caution: ${caution}]`;
  const said = message === '' ? '' : message.startsWith('(') ? ` ${message}` : `: ${message}`;
  // One file, one line: a line feed in its name or a message quoting it is written as \n (controlCharacters.ts).
  return escapeControlCharacters(`${word.padEnd(11)} ${file} -> ${target}${said}${notes}`);
}

/**
 * The files a run left links in as written because the pages they waited for did not land (the plan gave those links
 * no caution): a line each in text, and the summary's `linksLeft` member (none when there are none).
 */
export function reportLinksLeft(linksLeft: readonly LinksLeft[], json: boolean, output: Output): { linksLeft?: Array<{ file: string; waitsFor: string[] }> } {
  if (linksLeft.length === 0) return {};
  const listed = linksLeft.map(({ item, waitsFor }) => ({ file: item.file.label, waitsFor }));
  if (!json) output.lines(listed.map(({ file, waitsFor }) => escapeControlCharacters(`links stay as written in ${file}: ${waitsFor.join(', ')} did not land in this run (the next run fills them in)`)));
  return { linksLeft: listed };
}
