// What the edit guard's verdict on a file's page means, in the sentences every rendering of a run shares: its text
// lines (report.ts), the Markdown plan and job summary, the annotations and the JUnit report.
import { API_TOKEN_ENV_VAR } from '../core/apiToken/tokenSource';
import { ACCOUNT_ID_ENV_VAR } from './config';
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
export function verdictFitsResult(record: Pick<FileRecord, 'wikiEdits' | 'outcome'>): boolean {
  if (record.wikiEdits?.verdict === 'exists') return record.wikiEdits.authorUnknown === true && record.outcome === 'alreadyExists';
  return record.wikiEdits?.verdict !== 'deleted' || record.outcome === 'created';
}

/**
 * A page holding the place of a create: the create is refused as "already exists". A tree's page the repository does
 * not record, or the page a file's interrupted create may have made (its --state record says so), is taken as the
 * file's own when its latest version is the publishing account's; without knowing that account the run cannot tell,
 * and says what would.
 */
export function existsText(wikiEdits: Pick<WikiEditsRecord, 'authorUnknown' | 'interruptedCreate' | 'version' | 'editedBy'>, planned: boolean): string {
  const refused = `the create ${planned ? 'will be' : 'was'} refused as "already exists"`;
  if (!wikiEdits.authorUnknown) return `a page with this title exists: ${refused}; --overwrite updates it`;
  const latest = `version ${wikiEdits.version ?? '?'}${wikiEdits.editedBy ? ` by ${wikiEdits.editedBy}` : ''}`;
  const [found, whose, owner] = wikiEdits.interruptedCreate
    ? [`a page with this title exists (${latest})`, 'the page an earlier create of this file made, interrupted before it was confirmed (the --state record says so)', 'this file\'s']
    : [`a page with this title exists that this tree does not record (${latest})`, 'this tree\'s page from a run that stopped before recording it', 'this tree\'s'];
  return `${found}: it may be ${whose}, ` +
    `but this run knows no publishing account to tell (set ${ACCOUNT_ID_ENV_VAR} to the account ID of the import token's user, or ${API_TOKEN_ENV_VAR} to a token that names it), ` +
    `so it is not taken and ${refused}. --overwrite updates it: check first that it is ${owner} page`;
}

/**
 * A page no record names, found where the file's page would be created and last written by the publishing account:
 * taken as the file's own (a tree's page from a run that stopped before recording it, or the page an interrupted create
 * made) and updated. Said as such, not as a page "as last published", so that a reviewer sees a page taken over: one
 * another folder published under the same parent with the same title would be taken too.
 */
export function adoptedText(wikiEdits: Pick<WikiEditsRecord, 'interruptedCreate' | 'version'>, planned: boolean): string {
  const found = `wiki checked: a page with this title is there that no record names, last written by this run's account (version ${wikiEdits.version ?? '?'})`;
  const taken = planned ? 'it would be taken' : 'taken';
  return wikiEdits.interruptedCreate
    ? `${found}: ${taken} as the page an earlier create of this file made, interrupted before it was confirmed (the --state record says so), and updated`
    : `${found}: ${taken} as this tree's page from a run that stopped before recording it, and updated (if another folder published it, give this file another title: a title names one page in a space)`;
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
 * A version this run cannot explain without knowing the publishing account: said plainly, with what decides it and how
 * a plan job can know that account.
 */
export function authorUnknownText(wikiEdits: Pick<WikiEditsRecord, 'version' | 'editedBy'>): string {
  return `cannot tell whether version ${wikiEdits.version ?? '?'}${wikiEdits.editedBy ? ` by ${wikiEdits.editedBy}` : ''} is this file's publish by the publishing account (CI, a teammate) or an edit on the wiki: ` +
    `this run knows no publishing account (set ${ACCOUNT_ID_ENV_VAR}, or ${API_TOKEN_ENV_VAR}). Left out here; the publish updates the page only if that version is its account's`;
}

/**
 * A version the run cannot explain on a page this machine never published (known from the repository's
 * .wiki-pages.json), not made by the publishing account: said as what it is, never as an edit "since its last publish".
 */
export function notPublishedHereText(wikiEdits: Pick<WikiEditsRecord, 'version' | 'editedBy' | 'editedAt'>): string {
  return `its latest version ${wikiEdits.version ?? '?'}${wikiEdits.editedBy ? ` by ${wikiEdits.editedBy}` : ''}${wikiEdits.editedAt ? ` at ${wikiEdits.editedAt}` : ''} is not one this machine published: ` +
    'it may be a teammate\'s or CI\'s publish of this file, or an edit on the wiki';
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
  if (wikiEdits?.authorUnknown) return `Would be left out: this run ${authorUnknownText(wikiEdits)}.`;
  if (wikiEdits?.knownFromRepository) return `Would be left out: ${notPublishedHereText(wikiEdits)} (${overwriteEditedText(wikiEdits)}).`;
  return `Would be left out: its page was edited on the wiki since its last publish (${overwriteEditedText(wikiEdits)}).`;
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

/** A record's side of the core's notPublishedHere (guard.ts): the page, known only from the repository, has a version this machine did not publish. */
export function wikiVersionNotOurs(wikiEdits: WikiEditsRecord | undefined): boolean {
  return wikiEdits?.verdict === 'edited' && wikiEdits.knownFromRepository === true && wikiEdits.movedUnder === undefined;
}

