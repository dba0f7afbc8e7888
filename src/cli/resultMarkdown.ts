// A publish's results as Markdown (the job summary and the pull request's comment after a publish, --format markdown):
// a table of files with the pages they landed on and the pages they went under, each linked to its address when
// known, each reason several files share said once below it, the cautions, the links left as written, moves and
// orphans, and the page IDs a tree recorded. planMarkdown.ts renders a plan.
import { shortDigest } from '../core/run/planDigest';
import { inlineText } from './markdownText';
import { RELINKED_TEXT, type FileResultRecord, type RunRecords } from './runRecords';
import { countBy, editedLines, guardNote, listedAsEdited, moveLines, notesCell, notShownNote, pageCell, unaddressedLines, withTable, type Room } from './markdownSections';
import { groupedCautionLines, SharedReasons } from './sharedReasons';
import { heldWithoutNoticeRecord, lookupFailedRecord, verdictFitsResult } from './verdictText';
import { counted } from './counted';
import { reasonClause, stateNotWrittenMessage } from './notWritten';

const RESULT_WORDS: Record<string, string> = {
  published: 'published', failed: 'FAILED', existsUnproven: 'exists (not proven ours)', edited: 'left out (edited on the wiki)',
  skipped: 'unchanged', refused: 'REFUSED', notStarted: 'not started', cancelled: 'interrupted (may have landed)',
};

function resultWord(record: FileResultRecord): string {
  if (record.status === 'edited' && heldWithoutNoticeRecord(record.wikiEdits)) return 'left out (no publish notice: an edit cannot be told from a publish)';
  if (record.status === 'edited' && lookupFailedRecord(record.wikiEdits)) return 'left out (the wiki could not be read to check for edits)';
  return RESULT_WORDS[record.status] ?? record.status;
}

export function resultLines(records: RunRecords, room: Room): string[] {
  const files = records.files;
  const counts = countBy(files, resultWord);
  const lines = ['### Wiki Publisher: publish', '', `**${[...counts].map(([word, n]) => `${n} ${word}`).join(', ') || 'No files'}**`, ''];
  lines.push(...secondPassLeftLines(records));
  // The digest reviewed: a re-run of a stopped plan computes another one (what landed is unchanged now).
  if (records.check?.matched) lines.push(reviewedPlanLine(records, shortDigest(records.check.expected)), '');
  const resent = (record: FileResultRecord): boolean => records.createdThenResent(record.file);
  const reasons = new SharedReasons(files.map((record) => ({ file: record.file, ...(record.title !== undefined ? { title: record.title } : {}), reasons: sharedNotes(record, resent(record)) })));
  const rows = files.map((record) => ({ line: resultRow(record, resent(record), reasons, records.addresses), plain: plainResult(record) }));
  const cautions = groupedCautionLines(files);
  // After the rows, which number the reasons they share.
  // The pages left out or replaced for an edit on the wiki, each with who made it and when, as the plan names them.
  const edited = files.filter(listedAsEdited);
  const after = [
    ...reasons.lines(), ...unaddressedLines(records), ...(edited.length > 0 ? editedLines(edited, true, 0, reasons, records.addresses) : []),
    ...(cautions.length > 0 ? ['#### Cautions', '', ...cautions, ''] : []), ...linksLeftLines(records), ...moveLines(records), ...manifestLines(records),
  ];
  return withTable(lines, ['| File | Page | Result | Notes |', '|---|---|---|---|'], rows, after, room, [], notShownNote('published or unchanged are', room));
}

/**
 * The page IDs a tree run wrote to .wiki-pages.json, which only a commit keeps (a CI runner's copy goes with the job),
 * and the records the run could not write, with the page IDs the repository's file does not hold.
 */
function manifestLines(records: RunRecords): string[] {
  const manifest = records.summary?.manifest;
  const notWritten = records.summary?.notWritten ?? [];
  // The state file not written: said here too, where a CI job's reader looks, not only in the log.
  const lines: string[] = notWritten.filter(({ file }) => file !== manifest?.file).flatMap(({ file, reason }) => [
    `#### ${inlineText(file)} could not be written`, '', `${inlineText(stateNotWrittenMessage(file, reason))}`, '',
  ]);
  if (!manifest) return lines;
  const file = inlineText(manifest.file);
  const failure = notWritten.find((entry) => entry.file === manifest.file);
  if (manifest.recorded > 0) {
    lines.push(
      `#### Page IDs recorded: commit ${file}`, '',
      `This run recorded ${counted(manifest.recorded, 'page ID', 'page IDs')} in ${file}. Commit it, so teammates and CI publish to the same pages: the runner's copy goes when the job ends, and until the file is committed a plan without page access (a fork's pull request) cannot know these pages.`, '',
    );
  }
  const notRecorded = manifest.notRecorded ?? [];
  if (failure !== undefined) {
    lines.push(
      `#### Page IDs not recorded: ${file} could not be written`, '',
      `${file} could not be written: ${inlineText(reasonClause(failure.reason))}.${notRecorded.length > 0 ? ' It does not record these pages: add them to it by hand and commit it, so teammates and CI publish to the same pages.' : ''}`, '',
      ...notRecorded.map(({ key, pageId }) => `- ${inlineText(key)}: page ${inlineText(pageId)}`), ...(notRecorded.length > 0 ? [''] : []),
    );
  } else if (notRecorded.length > 0) {
    lines.push(
      '#### Page IDs not recorded (no-record)', '',
      `${file} was left as it is; it does not record these pages:`, '',
      ...notRecorded.map(({ key, pageId }) => `- ${inlineText(key)}: page ${inlineText(pageId)}`), '',
    );
  }
  return lines;
}

/**
 * Links the plan counted on filling in that went out as written: the pages they wait for did not land, or the run
 * stopped before its second pass filled them in (those pages did land: "did not land" would contradict the table).
 */
function linksLeftLines(records: RunRecords): string[] {
  const all = records.summary?.linksLeft ?? [];
  const left = all.filter((entry) => entry.stopped === undefined);
  const stopped = all.filter((entry) => entry.stopped !== undefined);
  const item = ({ file, waitsFor, stopped: how }: (typeof all)[number]): string => `- ${inlineText(file)}: ${waitsFor.map(inlineText).join(', ')}${how === 'cancelled' ? ' (its second send was interrupted in flight: it may have landed)' : ''}`;
  return [
    ...(left.length > 0 ? ['**Links that stay as written:** the pages they link to did not land in this run, or landed where the run could not look them up afterwards; the next run fills them in.', '', ...left.map(item), ''] : []),
    ...(stopped.length > 0 ? ['**Links that stay as written:** the pages they link to landed, but the run stopped before its second pass could fill these links in; the next run fills them in.', '', ...stopped.map(item), ''] : []),
  ];
}

/** The headline counts each file once, by its first pass when its second send never landed: that is said under it. */
function secondPassLeftLines(records: RunRecords): string[] {
  const count = (name: string): number => (typeof records.summary?.[name] === 'number' ? (records.summary[name] as number) : 0);
  const cancelled = count('secondPassCancelled');
  const notStarted = count('secondPassNotStarted');
  if (cancelled + notStarted === 0) return [];
  return [`**The run stopped during its second pass (links to new pages):** of the files published, ${cancelled} were interrupted in flight in it (may have landed) and ${notStarted} not started there; their pages keep links as written.`, ''];
}

/**
 * What became of the reviewed plan: "Published" only when every file of it landed or was unchanged. A run stopped
 * part-way (a refused token, an interruption) or with files that failed did not publish it, and said so misled.
 */
function reviewedPlanLine(records: RunRecords, digest: string): string {
  const files = records.files;
  const stopped = files.filter((record) => record.status === 'notStarted' || record.status === 'cancelled').length;
  const notDone = files.filter((record) => !plainResult(record)).length;
  if (stopped > 0 || records.summary?.interrupted === true) {
    return `The run of the reviewed plan \`${digest}\` stopped part-way: ${counted(stopped, 'file was', 'files were')} not sent or not confirmed (see below). Publishing again with the reviewed plan (its Markdown or \`--json\` output, not the bare digest) sends the rest.`;
  }
  // Refused and held files were so in the reviewed plan too (--expect-plan accepts only the plan it names): the plan
  // was carried out, and they are said as what the plan already said of them, not as sends that did not land.
  const leftOutAsPlanned = files.filter((record) => record.status === 'refused' || record.status === 'edited').length;
  if (notDone > leftOutAsPlanned) return `Sent the reviewed plan \`${digest}\`, but not all of it landed: ${counted(notDone - leftOutAsPlanned, 'file did', 'files did')} not (see below).`;
  if (leftOutAsPlanned > 0) return `Published the reviewed plan \`${digest}\`; ${counted(leftOutAsPlanned, 'file it left out was', 'files it left out were')} left out again, as it said (see below).`;
  return `Published the reviewed plan \`${digest}\`.`;
}

/** A result that needs no one's attention: its page published or unchanged. */
function plainResult(record: FileResultRecord): boolean {
  return record.status === 'published' || record.status === 'skipped';
}

/** Why a file was not published, and what the wiki showed of its page: what several rows may share. */
function resultNotes(record: FileResultRecord): string[] {
  const guard = record.status === 'skipped' && record.wikiEdits?.verdict === 'asLeft' && !record.wikiEdits.adopted ? UNCHANGED_AS_LEFT
    : verdictFitsResult(record) ? guardNote(record.wikiEdits, record.status, false) : '';
  // A page left out for the wiki's sake: the guard's note says why, with who and when; the message said it again, bare.
  const message = record.status === 'edited' && guard !== '' ? '' : record.message;
  return [message, record.relinked ? RELINKED_TEXT : '', guard].filter((note) => note !== '');
}

/**
 * An unchanged file's page as its last publish left it: without its version, which differs from page to page, so that
 * the many unchanged rows of a run share one reason, said once below the table.
 */
const UNCHANGED_AS_LEFT = 'wiki checked: its page is as its last publish left it';

/** Said of a page this run created and then sent again: its first send could not link to pages made after it. */
const SENT_AGAIN_TEXT = 'sent again in the second pass, so its links reach pages created after it';

/**
 * A row's notes that several rows may share, said once below the table: why a file was not sent, and that a new page
 * went again for its links. Not a published page's own answer from the service, nor what the wiki showed of it.
 */
function sharedNotes(record: FileResultRecord, resent: boolean): string[] {
  if (record.status === 'published') return resent ? [SENT_AGAIN_TEXT] : [];
  return resultNotes(record);
}

function resultRow(record: FileResultRecord, resent: boolean, reasons: SharedReasons, addresses: ReadonlyMap<string, string>): string {
  const word = record.outcome === 'created' || record.outcome === 'updated' ? record.outcome : resultWord(record);
  const indent = record.tree ? '&nbsp;&nbsp;'.repeat(record.tree.depth) : '';
  const own = record.status === 'published' ? resultNotes(record) : [];
  const notes = [...own, ...sharedNotes(record, resent).map((note) => reasons.note(note, record.file, record.title))];
  return `| ${indent}${inlineText(record.file)} | ${pageCell(record)} | ${word} | ${notesCell(notes, addresses)} |`;
}
