// What the command line records of each file: the --json objects, which are also what the renderings at a run's end
// read (runRecords.ts: the Markdown plan, the JUnit report, the GitHub Action). The words come from the core's
// outcomes and plan; only the editor's button names are swapped for flags.
import { fromAnotherRepository } from '../core/publish/publishNotice';
import { guardChecked, guardedPage, mayBeInterruptedCreate, movedUnderOf, unreadOnWiki } from '../core/run/guard';
import { sendKind, type PlanItem } from '../core/run/plan';
import type { FileResult } from '../core/run/runner';
import { CLIENT_ID_ENV_VAR, PLATFORM_TOKEN_ENV_VAR } from './pageAccess';
import type { NamedPage } from './pageNames';

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
  /** The page it went under, by title and address, when the run knows them (the renderings name it so). */
  parentPage?: NamedPage;
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
  /** What each caution names in the file (CautionTargets). */
  cautionTargets?: CautionTargets;
  /** The file did not change; its page went, once, so its links reach a page this run made anew. */
  relinked?: true;
}

/**
 * For each of the record's cautions, in their order, the link destinations or image sources it names as written in the
 * file (up to three, none for a caution that names none); absent when no caution names any. What places a caution's
 * annotation on the line of its link (annotations.ts).
 */
export type CautionTargets = string[][];

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
  /** For reason 'failed': running again cannot help; `cause` says what does. */
  lasting?: true;
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
   * interrupted create may have made), found where the file's page would be created, carrying this file's publish
   * notice and unchanged since: taken as the file's page from an earlier run that stopped before recording it, and updated.
   */
  adopted?: boolean;
  /** The page is under this parent on the wiki now, not where the file puts it (verdict 'edited'). */
  movedUnder?: { id: string; title?: string; url?: string };
  /** The page was renamed on the wiki to this title (verdict 'edited'): the import, which finds a page by title, cannot reach it. */
  renamedTo?: string;
  /**
   * Held back (verdict 'edited') below the tree's folder page of this title, which is published as a new page, or
   * would be with --overwrite-edited: that flag creates this page anew under it, and the edited page stays.
   */
  anewUnder?: string;
  /**
   * Verdict 'deleted': a page of the file's title made since at its place, which this file did not publish. The create
   * will meet "already exists" (it replaces nothing): named so that a plan says so before the publish does.
   */
  placeTakenBy?: { pageId: string; version: number; editedBy?: string };
  /** Verdict 'exists': the page's notice says a file of the same path in another repository published it. */
  otherRepository?: true;
  /** Verdict 'exists': the page carries a notice for this file's path, and the run cannot tell which repository's (placeVerdict). */
  unknownRepository?: true;
}

export interface PlanRecord {
  type: 'plan';
  file: string;
  status: 'send' | 'unchanged' | 'refused' | 'edited' | 'retitled';
  action?: 'create' | 'update' | 'replace' | 'createOrUpdate';
  title?: string;
  spaceId?: string;
  parentId?: string;
  /** The page it goes under, by title and address, when the run knows them (the renderings name it so). */
  parentPage?: NamedPage;
  overwrite?: boolean;
  refusals: string[];
  wikiEdits?: WikiEditsRecord;
  url?: string;
  cautions: string[];
  cautionTargets?: CautionTargets;
  /** Links to other Markdown files that go to their pages in what is sent (a flat run's; a tree says it per page). */
  linksToPages?: number;
  /** Sent as an update though the file did not change, so its links reach a page the run makes anew. */
  relinked?: true;
}

/**
 * `notStartedBecause`: why files that never started did not (default: an interruption). The core's own reason wins
 * (a run stopped on a refused token: what fixes it), whatever the front end supposed stopped the run.
 */
export function fileRecord(result: FileResult & { relinked?: true; pass?: 1 | 2 }, notStartedBecause?: string): FileRecord {
  const { item, outcome } = result;
  const notStarted = result.notStartedBecause ?? notStartedBecause;
  const record: FileRecord = {
    type: 'file',
    file: item.file.label,
    status: result.state,
    ...(outcome ? { outcome: outcome.kind, ...(outcome.status !== undefined ? { httpStatus: outcome.status } : {}) } : {}),
    ...targetFields(item),
    message: outcome ? outcomeText(result, outcome) : result.state === 'notStarted' && notStarted ? notStarted : notSentMessage(result),
    ...(outcome ? { attempts: outcome.attempts } : {}),
    mayHaveLanded: result.mayHaveLanded,
    ...guardFields(item),
    cautions: result.state === 'refused' || result.state === 'skipped' ? [] : item.cautions.map((caution) => caution.message),
    ...(result.state === 'refused' || result.state === 'skipped' ? {} : targetsOf(item.cautions)),
  };
  // Only of a page that went: one held back for an edit on the wiki says so, and nothing went.
  if (result.relinked && result.state === 'published') record.relinked = true;
  // A second send updates the page its first send made, and goes with overwrite: true whatever the file asked.
  if (result.pass === 2 && record.overwrite === false) record.overwrite = true;
  return record;
}

/**
 * The plan record of an unchanged file whose page the run sends all the same, so its links reach a page it makes anew
 * (the core's relinkedKeys for a tree, foreseenRelinks for other runs): an update, said with why.
 */
export function relinkedRecord(record: PlanRecord): PlanRecord {
  record.status = 'send';
  record.action = 'update';
  record.relinked = true;
  return record;
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
  // A page held back for an edit on the wiki goes with --overwrite-edited: what would not work then is said now too. An
  // unchanged page says only what is about its page rather than its text: a title back to a page it takes again.
  record.cautions = status === 'send' || status === 'edited' ? item.cautions.map((caution) => caution.message)
    : status === 'unchanged' ? item.cautions.filter((caution) => caution.code === 'titledBack').map((caution) => caution.message) : [];
  const targets = record.cautions.length > 0 ? targetsOf(item.cautions).cautionTargets : undefined;
  if (targets) record.cautionTargets = targets;
  if (status === 'send' && item.linksToPages) record.linksToPages = item.linksToPages;
  return record;
}

/** The record's cautionTargets, when a caution names any. */
function targetsOf(cautions: PlanItem['cautions']): { cautionTargets?: CautionTargets } {
  if (!cautions.some((caution) => caution.targets !== undefined && caution.targets.length > 0)) return {};
  return { cautionTargets: cautions.map((caution) => [...(caution.targets ?? [])]) };
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
  // A page a refused file's record named that is another file's: not this file's address.
  const url = item.state === 'refused' && verdict.kind === 'notOurs' ? undefined : page?.webUrl ?? item.link?.url;
  const wikiEdits: WikiEditsRecord = { checked: guardChecked(verdict), verdict: verdict.kind };
  if (verdict.kind === 'unchecked') {
    wikiEdits.reason = verdict.reason;
    wikiEdits.detail = verdict.detail;
    if (verdict.cause !== undefined) wikiEdits.cause = verdict.cause;
    if (verdict.reason === 'failed' && verdict.lasting === true) wikiEdits.lasting = true;
  }
  if (page) wikiEdits.version = page.version;
  if (verdict.kind === 'asLeft' && verdict.adopted) wikiEdits.adopted = true;
  if (verdict.kind === 'asLeft' && verdict.sameContent) wikiEdits.sameContent = true;
  if (verdict.kind === 'exists' && fromAnotherRepository(verdict.page.body?.marker)) wikiEdits.otherRepository = true;
  if (verdict.kind === 'exists' && verdict.unknownRepository === true) wikiEdits.unknownRepository = true;
  if (verdict.kind === 'deleted' && verdict.placeTakenBy !== undefined) {
    const taken = verdict.placeTakenBy;
    wikiEdits.placeTakenBy = { pageId: taken.id, version: taken.version, ...(taken.versionAuthorId ? { editedBy: taken.versionAuthorId } : {}) };
  }
  if (verdict.kind === 'edited') {
    // Who made the version that holds the page back, and when, as the wiki says it.
    if (page?.versionAuthorId) wikiEdits.editedBy = page.versionAuthorId;
    if (page?.versionCreatedAt) wikiEdits.editedAt = page.versionCreatedAt;
    if (verdict.knownVersion !== undefined) wikiEdits.publishedVersion = verdict.knownVersion;
    if (verdict.noNotice) wikiEdits.noNotice = true;
    if (verdict.movedUnder) wikiEdits.movedUnder = { ...verdict.movedUnder };
    else if (verdict.renamedTo !== undefined) wikiEdits.renamedTo = verdict.renamedTo;
    else if (item.state === 'edited' && item.heldBelowNewPage !== undefined) wikiEdits.anewUnder = item.heldBelowNewPage;
  }
  const fields: Pick<FileRecord, 'wikiEdits' | 'url'> = { wikiEdits };
  if (url) fields.url = url;
  return fields;
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
      if (result.item.guard?.kind === 'edited' && result.item.guard.renamedTo !== undefined) return 'not sent: its page was renamed on the wiki.';
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
 * contradict the status, so the service's sentence is followed by what the proof found instead. So is a first
 * attempt's "already exists" on a page another run of the same file made with the same text (two jobs at once).
 */
function outcomeText(result: FileResult, outcome: NonNullable<FileResult['outcome']>): string {
  const proven = result.proven;
  if (outcome.kind === 'alreadyExists' && mayBeInterruptedCreate(result.item) && !guardChecked(result.item.guard)) {
    return `${forCommandLine(outcome.message)} ${INTERRUPTED_CREATE_UNCHECKED}`;
  }
  if (!proven || result.state !== 'published' || (outcome.kind !== 'existsAfterRetry' && outcome.kind !== 'alreadyExists')) return forCommandLine(outcome.message);
  const title = result.item.complete?.pageTitle ?? result.item.target.pageTitle ?? result.item.file.label;
  if (outcome.kind === 'alreadyExists') {
    return `A page titled "${title}" was there already, made by another run of this file at the same time: it carries this file's publish notice with what this send carried (page ${proven.pageId}, version ${proven.version}), so the wiki holds what this run publishes; it is linked to this file.`;
  }
  const found = `A page titled "${title}" exists now: proven to be this run's page (page ${proven.pageId}, version ${proven.version}, carrying the publish notice of this very send), created by an earlier attempt that seemed to fail; it is linked to this file.`;
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

