// What the edit guard's verdict on a file's page means, in the sentences every rendering of a run shares: its text
// lines (report.ts), the Markdown plan and job summary, the annotations and the JUnit report.
import type { FileRecord, WikiEditsRecord } from './fileRecords';

/**
 * What a plan says of a page its lookup did not find: deleted, most likely, but a page the account that checks wiki
 * edits may not view is not found either, and only sending tells them apart (send.ts says which it was).
 */
export const PAGE_NOT_FOUND = 'its page was not found on the wiki: deleted, or hidden from the account that checks wiki edits';

/**
 * Whether a result's line says its guard verdict: "published as a new page" (a page taken for deleted) only of a page
 * that was; a create refused as "already exists" says why in its message, and a page that may be the file's own, not
 * taken for want of the publishing account, says why it was not.
 */
export function verdictFitsResult(record: Pick<FileRecord, 'wikiEdits' | 'outcome' | 'status'>): boolean {
  if (record.status === 'refused') return verdictFitsRefusal(record.wikiEdits);
  if (record.wikiEdits?.verdict === 'exists') return false;
  return record.wikiEdits?.verdict !== 'deleted' || record.outcome === 'created';
}

/**
 * Whether a refused file's line says its guard verdict: nothing is sent, so only why the wiki could not be read is
 * true of it; what sending would do to its page (replace it, publish it anew, --overwrite-edited) is not.
 */
export function verdictFitsRefusal(wikiEdits: Pick<WikiEditsRecord, 'verdict'> | undefined): boolean {
  return wikiEdits?.verdict === 'unchecked';
}

/**
 * A deleted page's place, taken since by a page of the file's title that this file did not publish: what the publish's
 * "already exists" will say (send.ts), said by the plan before anything is sent.
 */
export function placeTakenText(taken: NonNullable<WikiEditsRecord['placeTakenBy']>): string {
  return `${PAGE_NOT_FOUND}, and another page with this title holds its place now (page ${taken.pageId}, version ${taken.version}${taken.editedBy ? ` by ${taken.editedBy}` : ''}), which this file did not publish: the create will be refused as "already exists"; give this file another title, or rename or delete that page on the wiki`;
}

/** A page holding the place of a create that is not this file's: the create is refused as "already exists". */
export function existsText(wikiEdits: Pick<WikiEditsRecord, 'version' | 'otherRepository' | 'unknownRepository'>, planned: boolean): string {
  if (wikiEdits.unknownRepository) return `a page with this title exists carrying a notice for this file's path that no record names, and this run cannot tell which repository published it: the create ${planned ? 'will be' : 'was'} refused as "already exists"; if it is this repository's page, --overwrite takes it, or record it in .wiki-pages.json (in CI, WIKI_PUBLISHER_REPOSITORY, GitHub's repository ID or GitLab's project ID names the repository)`;
  if (wikiEdits.otherRepository) return `a page with this title exists that a file of the same path in another repository published: the create ${planned ? 'will be' : 'was'} refused as "already exists"; it is that repository's page (--overwrite would replace it)`;
  return `a page with this title exists: the create ${planned ? 'will be' : 'was'} refused as "already exists"; --overwrite updates it`;
}

/**
 * A page no record names, found where the file's page would be created, carrying this file's publish notice and
 * unchanged since: taken as the file's own (from an earlier run that stopped before recording it, or a create that went
 * out unconfirmed) and updated. Said as such, not as a page "as last published", so that a reviewer sees a page taken.
 */
export function adoptedText(wikiEdits: Pick<WikiEditsRecord, 'version' | 'sameContent'>, planned: boolean, sent: boolean): string {
  // A page that holds what the file sends goes all the same only when asked to (--force): said so, not "left as it is".
  const fate = !wikiEdits.sameContent ? 'and updated' : sent ? 'and sent again all the same (--force): it held what this file sends' : 'and left as it is: it holds what this file would send';
  return `wiki checked: a page with this title is there that no record names, carrying this file's publish notice (version ${wikiEdits.version ?? '?'}): ${planned ? 'it would be taken' : 'taken'} as this file's page ${fate}`;
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
    'an edit on the wiki cannot be told from a publish (--state from the last publish tells; so does the notice, on the pages published with it from then on)';
}

/** Why an update is left out when the edit guard's lookup failed although there was page access. */
export function lookupFailedText(wikiEdits: Pick<WikiEditsRecord, 'cause' | 'detail'>): string {
  return `the wiki could not be read to check for edits: ${wikiEdits.cause ?? wikiEdits.detail ?? 'the lookup failed'}`;
}

/** What gets such an update sent: the lookup working next time, or the user's choice to send it unchecked. */
const LOOKUP_FAILED_FIX = 'run again, or --overwrite-edited sends it unchecked';

/**
 * Sending unchecked where running again cannot help: only `lasting` failures are a parent the checking account cannot
 * see (unseenParent.ts), which the wiki answers alike for a parent that does not exist, where a send fails too.
 */
const lastingFix = (them: 'it' | 'them'): string => `if the parent is only hidden from that account, --overwrite-edited sends ${them} unchecked`;

/** LOOKUP_FAILED_FIX, without "run again" where running again cannot help (the cause before it says what does). */
export function lookupFailedFix(wikiEdits: Pick<WikiEditsRecord, 'lasting'> | undefined): string {
  return wikiEdits?.lasting === true ? lastingFix('it') : LOOKUP_FAILED_FIX;
}

/**
 * What a run says once of its updates left out for a failed lookup (`held`, of which `lasting` running again cannot
 * help): "run again" only of those it can.
 */
export function heldForLookupText(held: number, lasting: number): string {
  const them = held === 1 ? 'it' as const : 'them' as const;
  const updates = `${held} ${held === 1 ? 'update' : 'updates'} left out`;
  if (lasting === 0) return `${updates}: run again, or --overwrite-edited sends ${them} unchecked.`;
  if (lasting === held) return `${updates}: running again does not help; ${lastingFix(them)}.`;
  return `${updates}: run again for ${held - lasting} of them (not for the ${lasting} under a parent that account cannot see), or --overwrite-edited sends them unchecked.`;
}

/** A record's side of the core's unreadOnWiki (guard.ts): held back, or sent by choice, because its lookup failed. */
export function lookupFailedRecord(wikiEdits: WikiEditsRecord | undefined): boolean {
  return wikiEdits?.verdict === 'unchecked' && wikiEdits.reason === 'failed';
}

/**
 * Why a file is (`planned`: would be) left out for its page's edit on the wiki (or its move there), with who made that
 * version and when, and what --overwrite-edited does, as a sentence.
 */
export function heldBackText(wikiEdits: WikiEditsRecord | undefined, planned = true): string {
  const leftOut = planned ? 'Would be left out' : 'Left out';
  if (lookupFailedRecord(wikiEdits)) return `${leftOut}: ${lookupFailedText(wikiEdits as WikiEditsRecord)} (${lookupFailedFix(wikiEdits)}).`;
  const elsewhere = elsewhereText(wikiEdits, 'held');
  if (elsewhere !== undefined) return `I${elsewhere.slice(1)}.`;
  if (wikiEdits?.noNotice) return `${leftOut}: ${noNoticeText(wikiEdits)} (${overwriteEditedText(wikiEdits)}).`;
  return `${leftOut}: its page was ${wikiEdits ? editedSinceText(wikiEdits) : 'edited on the wiki since its last publish'} (${overwriteEditedText(wikiEdits)}).`;
}

/**
 * What became of a file whose page the publish cannot reach: held back (`held`), sent as a new page (`sent`), to be
 * sent so by a plan (`wouldSend`), or not sent for another reason (`notSent`: refused, failed, stopped), which says what
 * the wiki shows and no more.
 */
export type ElsewhereFate = 'held' | 'sent' | 'wouldSend' | 'notSent';

/** The fate of a record's page, from its status, a plan's record or a run's (their statuses differ but for these two). */
export function elsewhereFate(status: string): ElsewhereFate {
  return status === 'edited' ? 'held' : status === 'send' ? 'wouldSend' : status === 'published' ? 'sent' : 'notSent';
}

/**
 * What a page the publish cannot reach means (moved under another parent, or renamed, on the wiki), held back or sent
 * by --overwrite-edited as a new page; undefined for any other verdict. The import finds a page by title and parent,
 * so it cannot reach that page from here.
 */
export function elsewhereText(wikiEdits: Pick<WikiEditsRecord, 'movedUnder' | 'renamedTo' | 'version' | 'editedBy' | 'editedAt'> | undefined, fate: ElsewhereFate, withAddress = true): string | undefined {
  if (wikiEdits?.movedUnder) return `${movedText(wikiEdits.movedUnder, fate, withAddress)}${latestVersionText(wikiEdits)}`;
  if (wikiEdits?.renamedTo !== undefined) return `${renamedText(wikiEdits.renamedTo, fate)}${latestVersionText(wikiEdits)}`;
  return undefined;
}

/** Who made the page's latest version, and when, as the wiki says: a page held for its place is named so too. */
function latestVersionText(wikiEdits: Pick<WikiEditsRecord, 'version' | 'editedBy' | 'editedAt'>): string {
  if (wikiEdits.editedBy === undefined) return '';
  return ` (its latest version: ${wikiEdits.version ?? '?'} by ${wikiEdits.editedBy}${wikiEdits.editedAt ? ` at ${wikiEdits.editedAt}` : ''})`;
}

/** A page renamed on the wiki: the import finds a page by its title, so it cannot reach that page from here. */
function renamedText(renamedTo: string, fate: ElsewhereFate): string {
  const renamed = `its page was renamed on the wiki to "${renamedTo}"`;
  switch (fate) {
    case 'held': return `${renamed} since its last publish; the import finds a page by its title, so it would make a second page. Left out; rename it back on the wiki, or --overwrite-edited publishes a new page with the file's title and leaves that one as it is`;
    case 'sent': return `${renamed}: published as a new page with the file's title (--overwrite-edited); that page stays as it is`;
    case 'wouldSend': return `${renamed}: would be published as a new page with the file's title (--overwrite-edited); that page stays as it is`;
    default: return `${renamed} since its last publish`;
  }
}

/**
 * `withAddress`: the parent's address said after its ID, for text; Markdown links the parent's title instead
 * where the address is known (markdownText.ts pageNamesLinked).
 */
function movedText(movedUnder: NonNullable<WikiEditsRecord['movedUnder']>, fate: ElsewhereFate, withAddress: boolean): string {
  const where = `${movedParentText(movedUnder)}${withAddress && movedUnder.url !== undefined ? ` at ${movedUnder.url}` : ''}`;
  switch (fate) {
    case 'held': return `its page is under ${where} on the wiki now, not where this publish puts it: moved on the wiki, or the place changed here. Left out; --overwrite-edited publishes a new page here and leaves that one where it is`;
    case 'sent': return `its page is under ${where} on the wiki now: published as a new page here (--overwrite-edited); that page stays where it is`;
    case 'wouldSend': return `its page is under ${where} on the wiki now: would be published as a new page here (--overwrite-edited); that page stays where it is`;
    default: return `its page is under ${where} on the wiki now, not where this publish puts it`;
  }
}

/** The parent a page was moved under, as a sentence names it: `"Ref" (page 1000001)`. */
function movedParentText(movedUnder: NonNullable<WikiEditsRecord['movedUnder']>): string {
  return movedUnder.title === undefined ? `page ${movedUnder.id}` : `"${movedUnder.title}" (page ${movedUnder.id})`;
}

/** A record's side of the core's heldWithoutNotice (guardVerdict.ts): no notice, no record here, nothing can tell. */
export function heldWithoutNoticeRecord(wikiEdits: WikiEditsRecord | undefined): boolean {
  return wikiEdits?.verdict === 'edited' && wikiEdits.noNotice === true && wikiEdits.movedUnder === undefined && wikiEdits.renamedTo === undefined;
}

