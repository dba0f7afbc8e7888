// What the command line says about each file as a text line, for people and CI logs, and the run's summary line. The
// records behind them are fileRecords.ts's; the verdicts' sentences are verdictText.ts's.
import type { PlanCounts } from '../core/run/plan';
import type { FileResult, RunSummary } from '../core/run/runner';
import type { LinksLeft } from '../core/run/landedPage';
import type { Output } from './output';
import { parentText, RELINKED_TEXT } from './runRecords';
import { escapeControlCharacters } from '../core/text/controlCharacters';
import type { FileRecord, PlanRecord, WikiEditsRecord } from './fileRecords';
import type { SaidBefore } from './sharedReasons';
import { adoptedText, editedSinceText, existsText, lookupFailedFix, lookupFailedText, elsewhereText, noNoticeText, overwriteEditedText, PAGE_NOT_FOUND, placeTakenText, verdictFitsRefusal, verdictFitsResult } from './verdictText';
import { counted } from './counted';

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

/** `landingSaid`: the record's message says already that the page may have been published (PublishOutcome.mayHaveLandedSaid). */
export function fileLine(record: FileRecord & { tree?: { parentTitle?: string } }, landingSaid = false): string {
  const word = record.outcome === 'created' || record.outcome === 'updated' ? record.outcome : FILE_STATUS_WORDS[record.status];
  const sent = record.outcome === 'created' || record.outcome === 'updated';
  const guard = verdictFitsResult(record) ? guardText(record.wikiEdits, record.outcome === 'updated' || record.status === 'edited', record.status === 'edited', false, sent) : '';
  // A failure whose request may have been written (a 500 after it, a connection cut while it was out): the reader of
  // the log should not take the page for absent. --json says it as mayHaveLanded.
  const landed = record.status === 'failed' && record.mayHaveLanded && !landingSaid ? '(it may have reached the wiki all the same: the next run finds out from the page)' : '';
  // A page held for an edit on the wiki: the guard's words say what the message says, with who and when; said once.
  const message = record.status === 'edited' && record.wikiEdits?.verdict === 'edited' && guard !== '' ? '' : record.message;
  return escapeControlCharacters(joinLine(word, record.file, targetText(record), spaced(spaced(message, guard), landed), record.cautions));
}

const PLAN_STATUS_WORDS: Record<string, string> = {
  create: 'would create', update: 'would update', replace: 'WOULD REPLACE', createOrUpdate: 'would create or update', unchanged: 'unchanged',
  refused: 'WOULD REFUSE', edited: 'WOULD LEAVE OUT', retitled: 'WOULD ASK',
};

/**
 * A plan's line. `saidBefore`: a text plan's memory of the long sentences it printed, which it then says once, not on
 * the line of every file they are said of (a tree whose parent page is gone refuses each page with the same one).
 */
export function planLine(record: PlanRecord & { tree?: { parentTitle?: string } }, saidBefore?: SaidBefore): string {
  return escapeControlCharacters(planLineUnescaped(record, saidBefore));
}

/**
 * planLine() before its control characters are escaped, for Output.lines(): a plan of 10,000 lines is escaped
 * there once a batch, not once a line and then once more a batch. `ownRefusals`: a refusal of the file names its own
 * entry of the record (Blocker.ownEntry), so what its refusals say was said of no other file: it is neither looked
 * up nor kept in `saidBefore` (a plan without page access refuses each of 10,000 pages with such a sentence).
 */
export function planLineUnescaped(record: PlanRecord & { tree?: { parentTitle?: string } }, saidBefore?: SaidBefore, ownRefusals = false): string {
  const word = PLAN_STATUS_WORDS[record.action ?? record.status] ?? record.status;
  const fromRefusals = record.status !== 'unchanged' && !record.relinked && (record.status === 'retitled' || record.action !== 'replace');
  const said = record.status === 'unchanged' ? 'same content and target as its last publish (--force sends it)'
    : record.relinked ? RELINKED_TEXT
    : record.status === 'retitled' ? record.refusals.join(' ')
      : record.action === 'replace' ? 'a page with this title exists that this file did not publish; it would be replaced.' : record.refusals.join(' ');
  const sayer = ownRefusals && fromRefusals ? undefined : saidBefore;
  const linked = record.linksToPages ? `(${record.linksToPages === 1 ? '1 link to another file goes to its page' : `${record.linksToPages} links to other files go to their pages`})` : '';
  const guard = record.status === 'refused' && !verdictFitsRefusal(record.wikiEdits) ? ''
    : guardText(record.wikiEdits, record.action !== 'create' || record.status === 'edited', record.status === 'edited', true, record.status === 'send');
  // The refusals and cautions are said once; what the guard found is this page's own (its version, who, when).
  const cautions = saidBefore && record.cautions.length > 0 ? record.cautions.map((caution) => saidBefore.say(caution, record.file)) : record.cautions;
  return joinLine(word, record.file, targetText(record), spaced(spaced(sayer ? sayer.say(said, record.file) : said, guard), linked), cautions);
}

/**
 * "(wiki edits checked: version 7 as last published)" and the like, for updates and held-back files; a page found
 * under another parent is said whether held back or sent anyway, since sending it makes a second page. `planned`: a
 * plan's line, which says what the lookup found, not yet what sending will show.
 */
function guardText(wikiEdits: WikiEditsRecord | undefined, relevant: boolean, heldBack: boolean, planned: boolean, sent: boolean): string {
  const elsewhere = elsewhereText(wikiEdits, heldBack ? 'held' : !sent ? 'notSent' : planned ? 'wouldSend' : 'sent');
  if (elsewhere !== undefined) return `(${elsewhere})`;
  // A page deleted on the wiki is created anew: said, since its file published a page before. A page in the way of a
  // create is said of the create.
  if (!wikiEdits || (!relevant && wikiEdits.verdict !== 'deleted' && wikiEdits.verdict !== 'exists')) return '';
  switch (wikiEdits.verdict) {
    case 'unchecked':
      if (heldBack && wikiEdits.reason === 'failed') return `(${lookupFailedText(wikiEdits)}; ${lookupFailedFix(wikiEdits)})`;
      return `(wiki edits NOT checked: ${wikiEdits.detail ?? 'no page access'})`;
    case 'edited': {
      // The flag's advice only where the page is held back: a page sent over the edit says what became of it.
      const fate = heldBack ? `; ${overwriteEditedText(wikiEdits)}` : planned ? ': would be replaced (--overwrite-edited)' : ': replaced (--overwrite-edited)';
      return `(${wikiEdits.noNotice ? noNoticeText(wikiEdits) : editedSinceText(wikiEdits)}${fate})`;
    }
    case 'asLeft':
      return wikiEdits.adopted ? `(${adoptedText(wikiEdits, planned, sent)})` : `(wiki edits checked: version ${wikiEdits.version ?? '?'} is as last published)`;
    case 'deleted':
      if (planned && wikiEdits.placeTakenBy) return `(${placeTakenText(wikiEdits.placeTakenBy)})`;
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

export function runSummaryLine(summary: RunSummary, interrupted: boolean): string {
  const parts = [`${summary.published} published`, `${summary.failed} failed`, `${summary.refused} refused`, `${summary.skipped} unchanged`];
  const noNotice = summary.noNotice ?? 0;
  const lookupFailed = summary.lookupFailed ?? 0;
  const moved = summary.movedOnWiki ?? 0;
  // A page moved or renamed on the wiki need not have been edited there: said as what the guard found.
  if (summary.edited > noNotice + lookupFailed + moved) parts.push(`${summary.edited - noNotice - lookupFailed - moved} left out (edited on the wiki)`);
  if (moved > 0) parts.push(`${moved} left out (moved or renamed on the wiki)`);
  if (noNotice > 0) parts.push(`${noNotice} left out (no publish notice: an edit cannot be told from a publish)`);
  if (lookupFailed > 0) parts.push(`${lookupFailed} left out (the wiki could not be read to check for edits)`);
  if (summary.existsUnproven) parts.push(`${summary.existsUnproven} found existing after a retry (not ours for sure; not recorded)`);
  if (summary.cancelled || summary.notStarted || interrupted) {
    parts.push(`${summary.cancelled} interrupted in flight (may have landed)`, `${summary.notStarted} not started`);
  }
  return `${interrupted ? 'Interrupted: ' : ''}${parts.join(', ')}`;
}

export function planSummaryLine(counts: PlanCounts): string {
  const editedOnWiki = counts.edited - (counts.noNotice ?? 0) - (counts.lookupFailed ?? 0) - (counts.movedOnWiki ?? 0);
  const held = [
    ...(editedOnWiki > 0 ? [`${editedOnWiki} edited on the wiki (left out)`] : []),
    ...(counts.movedOnWiki ? [`${counts.movedOnWiki} moved or renamed on the wiki (left out)`] : []),
    ...(counts.noNotice ? [`${counts.noNotice} without a publish notice, so an edit cannot be told from a publish (left out)`] : []),
    ...(counts.lookupFailed ? [`${counts.lookupFailed} whose wiki could not be read to check for edits (left out)`] : []),
    ...(counts.retitled ? [`${counts.retitled} with a changed title (left out)`] : []),
    ...(counts.unchecked ? [`${counted(counts.unchecked, 'update', 'updates')} whose wiki edits could not be checked`] : []),
  ];
  // A tree's: what goes besides the files that changed, and what goes twice, counted before anything is sent.
  const besides = [
    ...(counts.relinked ? [`${counted(counts.relinked, 'unchanged page', 'unchanged pages')} sent again so ${counts.relinked === 1 ? 'its' : 'their'} links reach a page made anew`] : []),
    ...(counts.sentTwice ? [`${counted(counts.sentTwice, 'page', 'pages')} sent twice, ${counts.sentTwice === 1 ? 'its' : 'their'} links naming pages created after ${counts.sentTwice === 1 ? 'it' : 'them'}`] : []),
    ...(counts.pulledAhead ? [`${counted(counts.pulledAhead, 'new page', 'new pages')} created out of name order, so that links find the pages they name (--sibling-order name keeps it)`] : []),
  ];
  return `Dry run, nothing sent: ${counts.send} to send (${counts.newPages} new, ${counts.updates} updating the page the file published before, ${counts.replaces} overwriting a page it did not publish, if one exists${besides.length ? `; ${besides.join('; ')}` : ''}), ` +
    `${counts.unchanged} unchanged, ${counts.refused + counts.incomplete} would be refused${held.length ? `, ${held.join(', ')}` : ''}`;
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
  // Whether the message opens with '(' is read from a string made for the question: read from the message itself, a
  // sentence built from pieces (a refusal naming its record's line and key) was flattened in place, and its flat copy
  // was kept with the plan to the end of the run (2.8 MB for 10,000 refused pages, heap snapshot), copied by the young
  // generation's collections.
  const said = message === '' ? '' : ` ${message}`.startsWith('(', 1) ? ` ${message}` : `: ${message}`;
  // One file, one line: its callers escape a line feed in its name or a message quoting it as \n (controlCharacters.ts).
  return `${word.padEnd(11)} ${file} -> ${target}${said}${notes}`;
}

/**
 * The files a run left links in as written because the pages they waited for did not land (the plan gave those links
 * no caution): a line each in text, and the summary's `linksLeft` member (none when there are none). `results`: the
 * run's, whose published files' pages landed (a page waited for among them is one whose ID the run could not look up
 * after it landed).
 */
export function reportLinksLeft(linksLeft: readonly LinksLeft[], json: boolean, output: Output, results: Iterable<{ state: string; item: { file: { label: string } } }> = []): { linksLeft?: Array<{ file: string; waitsFor: string[]; stopped?: 'notStarted' | 'cancelled' }> } {
  if (linksLeft.length === 0) return {};
  const listed = linksLeft.map(({ item, waitsFor, stopped }) => ({ file: item.file.label, waitsFor, ...(stopped ? { stopped } : {}) }));
  if (json) return { linksLeft: listed };
  const published = new Set<string>();
  for (const result of results) if (result.state === 'published') published.add(result.item.file.label);
  output.lines(listed.map((left) => linksLeftLine(left, published)));
  return { linksLeft: listed };
}

/**
 * Why a file's links stay as written, truthfully: the pages they wait for did not land, or they landed and the run
 * stopped before the second pass filled the links in (saying "did not land" of a page the run just created misled).
 */
export function linksLeftLine({ file, waitsFor, stopped }: { file: string; waitsFor: readonly string[]; stopped?: 'notStarted' | 'cancelled' }, published: ReadonlySet<string> = new Set()): string {
  const pages = waitsFor.join(', ');
  if (stopped === 'notStarted') return `links stay as written in ${file}: the run stopped before the second pass could fill in its links to ${pages} (the next run fills them in)`;
  if (stopped === 'cancelled') return `links may stay as written in ${file}: the run stopped while the second pass was filling in its links to ${pages} (that send may have landed; the next run fills them in if not)`;
  // A page this run created whose ID it could not look up afterwards (the wiki's read failed) landed: said so.
  const landed = waitsFor.filter((page) => published.has(page));
  const missing = waitsFor.filter((page) => !published.has(page));
  const why = [
    ...(missing.length > 0 ? [`${missing.join(', ')} did not land in this run`] : []),
    ...(landed.length > 0 ? [`${landed.join(', ')} landed, but the run could not look up ${landed.length === 1 ? 'its page' : 'their pages'} on the wiki afterwards`] : []),
  ];
  return `links stay as written in ${file}: ${why.join('; ')} (the next run fills them in)`;
}

/**
 * The second sends a flat run's stop left (FlatRunResult.secondPassLeft), after the summary: those files count as
 * published by their first pass, so without this the line read as a run that did all it was asked.
 */
export function secondPassLeftLine(left: { cancelled: number; notStarted: number }): string {
  if (left.cancelled + left.notStarted === 0) return '';
  return `; second pass left by the stop: ${left.cancelled} interrupted in flight (may have landed), ${left.notStarted} not started (their links stay as written)`;
}
