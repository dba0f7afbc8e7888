// The run as one Markdown document (`wiki-publisher plan`, --format markdown, the GitHub Action's job summary and the
// file a workflow posts as the pull request's comment): a table of files with their target pages and the pages they go
// under (by title, linked when the address is known) and what happens to each, each reason several files share said
// once below it, the cautions, the pages edited on the wiki since their last publish (or why that is unknown), moves
// and orphans, and the plan's digest. A publish's results are resultMarkdown.ts's. Everything from files is escaped
// (markdownText.ts).
import { shortDigest } from '../core/run/planDigest';
import { charCount, fitDocument, inlineText, utf8Bytes } from './markdownText';
import { planMarkers } from './planMarkers';
import { heldWithoutNoticeRecord, lookupFailedRecord } from './verdictText';
import { RELINKED_TEXT, type PlanEntryRecord, type RunRecords } from './runRecords';
import { countBy, editedLines, guardNote, moveLines, notesCell, notShownNote, pageCell, unaddressedLines, withTable, type Room } from './markdownSections';
import { resultLines } from './resultMarkdown';
import { groupedCautionLines, SharedReasons } from './sharedReasons';
import { counted } from './counted';

export interface MarkdownOptions {
  /** Cut the document to this many characters (GitHub: 65,536 for a comment). */
  maxChars?: number;
  /** Cut the document to this many UTF-8 bytes instead (GitHub: 1 MiB for a job summary, counted in bytes). */
  maxBytes?: number;
  /** Where the full plan can be read when the document is cut ("the job summary"). */
  fullPlanAt?: string;
}

export const COMMENT_MAX_CHARS = 60_000;

export function runMarkdown(records: RunRecords, options: MarkdownOptions = {}): string {
  const room: Room = {
    max: options.maxBytes ?? options.maxChars ?? 900_000,
    sizeOf: options.maxBytes !== undefined ? utf8Bytes : charCount,
    ...(options.fullPlanAt !== undefined ? { fullPlanAt: options.fullPlanAt } : {}),
  };
  const cut = (left: number): string => `_${left === 1 ? '1 more line is' : `${left} more lines are`} not shown here${options.fullPlanAt ? `: the full plan is in ${options.fullPlanAt}` : ''}._`;
  if (records.check && !records.check.matched) return fitDocument(changedPlanLines(records, room), [], room.max, cut, room.sizeOf);
  if (records.summary?.dryRun || (records.plan.length > 0 && records.files.length === 0)) {
    const tail = planTail(records);
    return fitDocument(planLines(records, room, tail), tail, room.max, cut, room.sizeOf);
  }
  return fitDocument(resultLines(records, room), [], room.max, cut, room.sizeOf);
}

/**
 * A tree's: the order new pages are created in, which the table shows and the wiki will list them in, when it is not
 * the folder's, and the pages that go twice. Both counted before sending (the summary's pulledAhead and sentTwice).
 */
function orderLines(records: RunRecords): string[] {
  const pulledAhead = Number(records.summary?.pulledAhead ?? 0);
  const sentTwice = Number(records.summary?.sentTwice ?? 0);
  const lines: string[] = [];
  if (pulledAhead > 0) {
    lines.push(`New pages are created in the order of the table, which the wiki will list them in: ${counted(pulledAhead, 'new page comes', 'new pages come')} out of name order, so that links find the pages they name (\`--sibling-order name\` keeps the folder's order).`);
  }
  if (sentTwice > 0) lines.push(`${counted(sentTwice, 'page goes', 'pages go')} twice: ${sentTwice === 1 ? 'its links name pages' : 'their links name pages'} created after ${sentTwice === 1 ? 'it' : 'them'}, and the second send fills them in.`);
  return lines.length === 0 ? [] : [lines.join(' '), ''];
}

/** A plan's row needs no one's attention: sent as create or update, or unchanged, with nothing found on the wiki to say. */
function plainPlanRow(record: PlanEntryRecord): boolean {
  if (record.status === 'unchanged') return true;
  if (record.status !== 'send' || record.action === 'replace') return false;
  const edits = record.wikiEdits;
  return !edits || edits.verdict === 'absent' || (edits.verdict === 'asLeft' && !edits.adopted) || (edits.verdict === 'unchecked' && edits.reason !== 'failed');
}

/** What gets the updates of failed lookups sent: "run again" only where running again helps (lookupFailedFix). */
function failedFix(plan: readonly PlanEntryRecord[]): string {
  const failed = plan.filter((record) => lookupFailedRecord(record.wikiEdits));
  return failed.length > 0 && failed.every((record) => record.wikiEdits?.lasting === true)
    ? 'running again does not help: their rows say what does; if the parent is only hidden from that account, `--overwrite-edited` sends them unchecked'
    : 'run again, or `--overwrite-edited` sends them unchecked';
}

function planLines(records: RunRecords, room: Room, tail: readonly string[]): string[] {
  const plan = records.plan;
  // In the headline, a page known only from the repository is not called edited on the wiki (a teammate's publish?).
  const counts = countBy(plan, (record) => (record.status === 'edited' && heldWithoutNoticeRecord(record.wikiEdits) ? NO_NOTICE
    : record.status === 'edited' && lookupFailedRecord(record.wikiEdits) ? NOT_READ : planWord(record)));
  const headline = PLAN_HEADLINE.filter(([word]) => counts.get(word)).map(([word, phrase]) => `${counts.get(word)} ${phrase}`);
  const lines = ['### Wiki Publisher plan', '', plan.length === 0 ? 'No Markdown files to publish.' : `**${headline.join(', ')}**`, '', ...orderLines(records)];
  const failed = records.lookupsFailed;
  if (failed > 0) {
    lines.push(
      `> **Wiki edits not checked for ${counted(failed, 'file', 'files')}: the lookup on the wiki failed** (${failed === 1 ? 'its row says' : 'their rows say'} why). Whether those pages were edited on the wiki since their last publish is unknown;`,
      `> updates among them are left out (${failedFix(plan)}). This plan covers files and targets only, and the publish job checks again: its edit guard leaves out pages edited on the wiki, and pages it cannot read.`,
      '',
    );
  } else if (!records.wikiRead) {
    lines.push(
      '> **Wiki edits not checked: no page access.** Pages edited on the wiki since their last publish: unknown without page access.',
      '> Without it the plan cannot know whether a page exists (create or update), nor its address unless recorded, nor who last changed it;',
      '> the publish job checks again, and its edit guard leaves out pages edited on the wiki.',
      '',
    );
  }
  const movedTo = new Map((records.moves?.moves ?? []).map((move) => [move.path, move.oldPath]));
  const reasons = planReasons(plan);
  const rows = plan.map((record) => ({ line: planRow(record, movedTo.get(record.file), reasons, records.addresses), plain: plainPlanRow(record) && !movedTo.has(record.file) }));
  // After the rows, which number the reasons they share.
  const after = [...reasons.lines(), ...unaddressedLines(records), ...cautionLines(plan), ...editedLines(plan, records.wikiRead, failed, reasons, records.addresses), ...moveLines(records)];
  return withTable(lines, ['| File | Page | Plan | Notes |', '|---|---|---|---|'], rows, after, room, tail, notShownNote('to create, update or leave unchanged are', room));
}

const NO_NOTICE = 'no notice';
const NOT_READ = 'wiki not read';

const PLAN_HEADLINE: ReadonlyArray<readonly [string, string]> = [
  ['create', 'to create'], ['update', 'to update'], ['replace', 'to replace (pages these files did not publish)'], ['create or update', 'to create or update'],
  ['unchanged', 'unchanged'], ['refused', 'refused'], ['left out', 'left out (edited on the wiki)'],
  [NO_NOTICE, 'left out (no publish notice: an edit cannot be told from a publish)'], [NOT_READ, 'left out (the wiki could not be read to check for edits)'], ['asks first', 'left out (title changed)'],
];

function planTail(records: RunRecords): string[] {
  const plan = records.summary?.plan;
  if (!plan) return [];
  const covers = plan.wikiChecked ? 'files, targets, and the pages on the wiki as the edit guard saw them'
    : records.lookupsFailed > 0 ? 'files and targets (a lookup on the wiki failed: the publish\'s edit guard decides on edited pages)' : 'files and targets (the wiki was not read)';
  return [
    `Plan digest \`${shortDigest(plan.digest)}\`: covers ${covers}. Publishing with this digest (\`--expect-plan\`, the action's \`expect-plan\`) sends exactly this plan, or nothing.`,
    '',
    planMarkers(plan),
  ];
}

/** A row's reasons that several rows may share: its refusals, and why it is held back or what the wiki showed of its page. */
function rowReasons(record: PlanEntryRecord): string[] {
  const guard = plainPlanRow(record) ? '' : guardNote(record.wikiEdits, record.status, true);
  return guard === '' ? record.refusals : [...record.refusals, guard];
}

function planReasons(plan: readonly PlanEntryRecord[]): SharedReasons {
  return new SharedReasons(plan.map((record) => ({ file: record.file, ...(record.title !== undefined ? { title: record.title } : {}), reasons: rowReasons(record) })));
}

/** A plan's cautions, each said once with the files it is said of. */
function cautionLines(plan: readonly PlanEntryRecord[]): string[] {
  const listed = groupedCautionLines(plan);
  return listed.length === 0 ? [] : ['#### Cautions', '', ...listed, ''];
}

function planRow(record: PlanEntryRecord, movedFrom: string | undefined, reasons: SharedReasons, addresses: ReadonlyMap<string, string>): string {
  const indent = record.tree ? '&nbsp;&nbsp;'.repeat(record.tree.depth) : '';
  const guard = guardNote(record.wikiEdits, record.status, true);
  const notes = [
    ...record.refusals.map((refusal) => reasons.note(refusal, record.file, record.title)),
    ...(record.tree?.generated ? ['a folder page listing its children'] : []),
    ...(record.relinked ? [RELINKED_TEXT] : []),
    ...(movedFrom ? [`moved from ${movedFrom}: the old page stays (the service cannot move pages)`] : []),
    plainPlanRow(record) || guard === '' ? guard : reasons.note(guard, record.file, record.title),
    ...(record.cautions.length > 0 ? [`${record.cautions.length} caution${record.cautions.length === 1 ? '' : 's'} (below)`] : []),
  ].filter((note) => note !== '');
  return `| ${indent}${inlineText(record.file)} | ${pageCell(record)} | ${planWord(record)}${movedFrom ? ' (moved)' : ''} | ${notesCell(notes, addresses)} |`;
}

function planWord(record: PlanEntryRecord): string {
  if (record.status === 'send') return record.action === 'createOrUpdate' ? 'create or update' : (record.action ?? 'create');
  return { unchanged: 'unchanged', refused: 'refused', edited: 'left out', retitled: 'asks first' }[record.status];
}

function changedPlanLines(records: RunRecords, room: Room): string[] {
  const check = records.check;
  if (!check) return [];
  const lines = ['### Wiki Publisher: not published', ''];
  if (check.reason === 'wikiUnknown') {
    lines.push('The reviewed plan read the wiki, and this run has no page access: it cannot tell whether pages were edited since. **Nothing was sent.**', '');
  } else {
    lines.push(`The plan changed since it was reviewed (reviewed \`${inlineText(shortDigest(check.expected))}\`, now \`${shortDigest(check.digest)}\`). **Nothing was sent.** Review the new plan and publish with its digest.`, '');
    const differences = check.differences ?? [];
    if (differences.length > 0) {
      lines.push('| File | Since the review |', '|---|---|');
      for (const difference of differences) lines.push(`| ${inlineText(difference.key)} | ${{ changed: 'changed (content, target or the page on the wiki)', added: 'not in the reviewed plan', removed: 'no longer in the plan' }[difference.change]} |`);
      lines.push('');
    }
  }
  if (records.plan.length === 0) return lines;
  const reasons = planReasons(records.plan);
  const rows = records.plan.map((record) => ({ line: planRow(record, undefined, reasons, records.addresses), plain: plainPlanRow(record) }));
  return withTable([...lines, 'The plan now:', ''], ['| File | Page | Plan | Notes |', '|---|---|---|---|'], rows, reasons.lines(), room, [], notShownNote('to create, update or leave unchanged are', room));
}
