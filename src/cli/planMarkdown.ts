// The run as one Markdown document (`wiki-publisher plan`, --format markdown, the GitHub Action's job summary and the
// file a workflow posts as the pull request's comment): a table of files with their target pages (linked when the
// address is known) and what happens to each, the cautions, the pages edited on the wiki since their last publish
// (or why that is unknown), moves and orphans, and the plan's digest. Everything from files is escaped (markdownText.ts).
import { shortDigest } from '../core/run/planDigest';
import { charCount, fitDocument, fitTableRows, inlineText, linkText, utf8Bytes, type TableRow } from './markdownText';
import { BASE_URL_ENV_VAR } from './pageAccess';
import { planMarkers } from './planMarkers';
import type { WikiEditsRecord } from './fileRecords';
import { adoptedText, authorUnknownText, existsText, LOOKUP_FAILED_FIX, lookupFailedRecord, lookupFailedText, movedText, notPublishedHereText, overwriteEditedText, PAGE_NOT_FOUND, verdictFitsResult, wikiVersionNotOurs } from './verdictText';
import { parentText, type FileResultRecord, type PlanEntryRecord, type RunRecords } from './runRecords';

export interface MarkdownOptions {
  /** Cut the document to this many characters (GitHub: 65,536 for a comment). */
  maxChars?: number;
  /** Cut the document to this many UTF-8 bytes instead (GitHub: 1 MiB for a job summary, counted in bytes). */
  maxBytes?: number;
  /** Where the full plan can be read when the document is cut ("the job summary"). */
  fullPlanAt?: string;
}

export const COMMENT_MAX_CHARS = 60_000;

/** The room a document has, and how its size is counted. */
interface Room {
  max: number;
  sizeOf: (text: string) => number;
  fullPlanAt?: string;
}

export function runMarkdown(records: RunRecords, options: MarkdownOptions = {}): string {
  const room: Room = {
    max: options.maxBytes ?? options.maxChars ?? 900_000,
    sizeOf: options.maxBytes !== undefined ? utf8Bytes : charCount,
    ...(options.fullPlanAt !== undefined ? { fullPlanAt: options.fullPlanAt } : {}),
  };
  const cut = (left: number): string => `_${left} more lines are not shown here${options.fullPlanAt ? `: the full plan is in ${options.fullPlanAt}` : ''}._`;
  if (records.check && !records.check.matched) return fitDocument(changedPlanLines(records, room), [], room.max, cut, room.sizeOf);
  if (records.summary?.dryRun || (records.plan.length > 0 && records.files.length === 0)) {
    const tail = planTail(records);
    return fitDocument(planLines(records, room, tail), tail, room.max, cut, room.sizeOf);
  }
  return fitDocument(resultLines(records, room), [], room.max, cut, room.sizeOf);
}

/**
 * The lines before a table, the table, and the lines after it, within the document's room: when the table is too
 * long, its plain rows give way first (fitTableRows), so a long plan still shows every row that needs attention and
 * the sections after the table (cautions, pages edited on the wiki, moves).
 */
function withTable(before: readonly string[], header: readonly string[], rows: readonly TableRow[], after: readonly string[], room: Room, tail: readonly string[], leftOut: (left: number) => string): string[] {
  if (rows.length === 0) return [...before, ...after];
  const fixed = [...before, ...header, '', ...after, ...tail].reduce((sum, line) => sum + room.sizeOf(line) + 1, 200);
  return [...before, ...header, ...fitTableRows(rows, room.max - fixed, room.sizeOf, leftOut), '', ...after];
}

/** The note under a table whose plain rows gave way: how many, of what, and where they all are. */
function notShownNote(what: string, room: Room): (left: number) => string {
  return (left) => `_${left} more ${left === 1 ? 'file' : 'files'} ${what} not shown in this table${room.fullPlanAt ? `: every file is in ${room.fullPlanAt}` : ''}._`;
}

/** A plan's row needs no one's attention: sent as create or update, or unchanged, with nothing found on the wiki to say. */
function plainPlanRow(record: PlanEntryRecord): boolean {
  if (record.status === 'unchanged') return true;
  if (record.status !== 'send' || record.action === 'replace') return false;
  const edits = record.wikiEdits;
  return !edits || edits.verdict === 'absent' || (edits.verdict === 'asLeft' && !edits.adopted) || (edits.verdict === 'unchecked' && edits.reason !== 'failed');
}

function planLines(records: RunRecords, room: Room, tail: readonly string[]): string[] {
  const plan = records.plan;
  // In the headline, a page known only from the repository is not called edited on the wiki (a teammate's publish?).
  const counts = countBy(plan, (record) => (record.status === 'edited' && wikiVersionNotOurs(record.wikiEdits) ? NOT_PUBLISHED_HERE
    : record.status === 'edited' && lookupFailedRecord(record.wikiEdits) ? NOT_READ : planWord(record)));
  const headline = PLAN_HEADLINE.filter(([word]) => counts.get(word)).map(([word, phrase]) => `${counts.get(word)} ${phrase}`);
  const lines = ['### Wiki Publisher plan', '', plan.length === 0 ? 'No Markdown files to publish.' : `**${headline.join(', ')}**`, ''];
  const failed = records.lookupsFailed;
  if (failed > 0) {
    lines.push(
      `> **Wiki edits not checked for ${failed} file(s): the lookup on the wiki failed** (their rows say why). Whether those pages were edited on the wiki since their last publish is unknown;`,
      '> updates among them are left out (run again, or `--overwrite-edited` sends them unchecked). This plan covers files and targets only, and the publish job checks again: its edit guard leaves out pages edited on the wiki, and pages it cannot read.',
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
  const rows = plan.map((record) => ({ line: planRow(record, movedTo.get(record.file)), plain: plainPlanRow(record) && !movedTo.has(record.file) }));
  const after = [...unaddressedLines(records), ...cautionLines(plan), ...editedLines(plan, records.wikiRead, failed), ...moveLines(records)];
  return withTable(lines, ['| File | Page | Plan | Notes |', '|---|---|---|---|'], rows, after, room, tail, notShownNote('to create, update or leave unchanged are', room));
}

const NOT_PUBLISHED_HERE = 'not published here';
const NOT_READ = 'wiki not read';

const PLAN_HEADLINE: ReadonlyArray<readonly [string, string]> = [
  ['create', 'to create'], ['update', 'to update'], ['replace', 'to replace (pages these files did not publish)'], ['create or update', 'to create or update'],
  ['unchanged', 'unchanged'], ['refused', 'refused'], ['left out', 'left out (edited on the wiki)'],
  [NOT_PUBLISHED_HERE, 'left out (a version this machine did not publish)'], [NOT_READ, 'left out (the wiki could not be read to check for edits)'], ['asks first', 'left out (title changed)'],
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

function planRow(record: PlanEntryRecord, movedFrom: string | undefined): string {
  const indent = record.tree ? '&nbsp;&nbsp;'.repeat(record.tree.depth) : '';
  const notes = [
    ...record.refusals,
    ...(record.tree?.generated ? ['a folder page listing its children'] : []),
    ...(movedFrom ? [`moved from ${movedFrom}: the old page stays (the service cannot move pages)`] : []),
    guardNote(record.wikiEdits, record.status, true),
    ...(record.cautions.length > 0 ? [`${record.cautions.length} caution${record.cautions.length === 1 ? '' : 's'} (below)`] : []),
  ].filter((note) => note !== '');
  // Notes are joined by '; ': a refusal's closing full stop would read '.;' there (an ellipsis keeps its dots).
  return `| ${indent}${inlineText(record.file)} | ${pageCell(record)} | ${planWord(record)}${movedFrom ? ' (moved)' : ''} | ${notes.map((note, index) => inlineText(index < notes.length - 1 ? note.replace(/(?<!\.)\.$/, '') : note)).join('; ')} |`;
}

function planWord(record: PlanEntryRecord): string {
  if (record.status === 'send') return record.action === 'createOrUpdate' ? 'create or update' : (record.action ?? 'create');
  return { unchanged: 'unchanged', refused: 'refused', edited: 'left out', retitled: 'asks first' }[record.status];
}

function pageCell(record: { title?: string; spaceId?: string; parentId?: string; url?: string; tree?: { parentTitle?: string } }): string {
  const title = record.title === undefined ? '(no title)' : linkText(record.title, record.url);
  return `${title} in ${inlineText(record.spaceId ?? '?')} under ${inlineText(parentText(record))}`;
}

/** `planned`: a plan's row, which says what the lookup found, not yet what sending will show (PAGE_NOT_FOUND). */
function guardNote(wikiEdits: WikiEditsRecord | undefined, status: string, planned: boolean): string {
  if (!wikiEdits) return '';
  switch (wikiEdits.verdict) {
    case 'unchecked':
      if (status === 'edited' && wikiEdits.reason === 'failed') return `${lookupFailedText(wikiEdits)}; ${LOOKUP_FAILED_FIX}`;
      return `wiki edits not checked: ${wikiEdits.detail ?? 'no page access'}`;
    case 'edited':
      if (wikiEdits.movedUnder) return movedText(wikiEdits.movedUnder, status === 'edited');
      if (wikiEdits.authorUnknown) return authorUnknownText(wikiEdits);
      if (wikiEdits.knownFromRepository) return `${notPublishedHereText({ ...wikiEdits, editedAt: undefined })}${status === 'edited' ? '' : ': replaced (--overwrite-edited)'}`;
      return `edited on the wiki since its last publish (version ${wikiEdits.version ?? '?'}${wikiEdits.editedBy ? ` by ${wikiEdits.editedBy}` : ''})${status === 'edited' ? '' : ': replaced (--overwrite-edited)'}`;
    case 'asLeft':
      return wikiEdits.adopted ? adoptedText(wikiEdits, planned) : `wiki checked: version ${wikiEdits.version ?? '?'} as last published`;
    case 'deleted':
      return planned ? `${PAGE_NOT_FOUND}: would be created anew` : 'its page was deleted on the wiki: created anew';
    case 'exists':
      return wikiEdits.authorUnknown ? existsText(wikiEdits, planned) : 'a page with this title exists: the create will be refused (overwrite updates it)';
    case 'notOurs':
      return `replaces version ${wikiEdits.version ?? '?'} of a page this file did not publish`;
    default:
      return '';
  }
}

/** The links that no page address could be made for (a tree's or a flat run's): said once, as the run says it, not under every page. */
function unaddressedLines(records: RunRecords): string[] {
  const count = records.summary?.linksWithoutAddress;
  if (typeof count !== 'number' || count <= 0) return [];
  return [`> **${count} link(s) between files stay as written:** without page access, page addresses are made from the wiki's address. Set \`--base-url\` or \`${BASE_URL_ENV_VAR}\` (the action's \`base-url\`).`, ''];
}

function cautionLines(plan: ReadonlyArray<{ file: string; cautions: string[] }>): string[] {
  const withCautions = plan.filter((record) => record.cautions.length > 0);
  if (withCautions.length === 0) return [];
  return [`#### Cautions`, '', ...withCautions.flatMap((record) => record.cautions.map((caution) => `- **${inlineText(record.file)}**: ${inlineText(caution)}`)), ''];
}

/** `failed`: files whose lookup failed, whose edits are unknown: never said to be "none". */
function editedLines(plan: readonly PlanEntryRecord[], wikiRead: boolean, failed: number): string[] {
  const edited = plan.filter((record) => record.wikiEdits?.verdict === 'edited');
  // A page this machine never published has no "last publish" to be edited since: the heading says so when one is listed.
  const heading = edited.some((record) => record.wikiEdits?.knownFromRepository && !record.wikiEdits.authorUnknown)
    ? '#### Pages edited on the wiki since their last publish, or whose latest version this machine did not publish'
    : '#### Pages edited on the wiki since their last publish';
  if (!wikiRead && failed === 0) return [heading, '', 'Unknown without page access.', ''];
  const unknown = failed > 0 ? [`Unknown for ${failed} file(s): the lookup on the wiki failed (see their rows).`] : [];
  if (edited.length === 0) return [heading, '', ...(failed > 0 ? unknown : ['None: every page this plan updates is as it was last published from here.']), ''];
  return [heading, '', ...unknown.map((line) => `- ${line}`), ...edited.map((record) => {
    const edits = record.wikiEdits as WikiEditsRecord;
    const who = [edits.editedBy ? `by ${edits.editedBy}` : '', edits.editedAt ? `at ${edits.editedAt}` : ''].filter((part) => part).join(' ');
    if (edits.movedUnder) return `- **${inlineText(record.file)}**: ${pageCell(record)}: ${inlineText(movedText(edits.movedUnder, record.status === 'edited'))}`;
    if (edits.authorUnknown) return `- **${inlineText(record.file)}**: ${pageCell(record)}: ${inlineText(authorUnknownText(edits))}`;
    const fate = record.status === 'edited' ? `left out; ${overwriteEditedText(edits)}` : 'replaced by this publish (--overwrite-edited)';
    if (edits.knownFromRepository) return `- **${inlineText(record.file)}**: ${pageCell(record)}: ${inlineText(notPublishedHereText(edits))} (${inlineText(fate)})`;
    return `- **${inlineText(record.file)}**: ${pageCell(record)}, version ${edits.version ?? '?'} ${inlineText(who)} (${inlineText(fate)})`;
  }), ''];
}

/** "page 123", a link to the page when its address is a web address (linkText encodes what could end the link early). */
function pageRef(pageId: string, url: string | undefined): string {
  return linkText(`page ${pageId}`, url);
}

function moveLines(records: RunRecords): string[] {
  const moves = records.moves;
  const leftBehind = moves?.leftBehind ?? [];
  const retitled = moves?.retitled ?? [];
  const undecided = moves?.undecided ?? [];
  if (!moves || moves.moves.length + moves.orphans.length + retitled.length + undecided.length + leftBehind.length === 0) return [];
  return [
    '#### Moves and orphans',
    '',
    ...moves.moves.map((move) => `- moved: ${inlineText(move.oldPath)} to ${inlineText(move.path)}; ${pageRef(move.pageId, move.url)} stays where it is and a new page is created`),
    ...retitled.map((page) => `- retitled: ${inlineText(page.path)} from ${inlineText(`"${page.title}"`)} to ${inlineText(`"${page.newTitle}"`)}; the wiki finds a page by its title, so a new page is created and ${pageRef(page.pageId, page.url)} stays where it is`),
    ...undecided.map((move) => `- undecided: ${inlineText(move.oldPath)} to ${inlineText(move.path)}: only the wiki can tell whether ${pageRef(move.pageId, undefined)} is at the place the front matter names (no page access), so the file is sent create only`),
    ...moves.orphans.map((orphan) => `- orphan: ${inlineText(`"${orphan.title}"`)} (${pageRef(orphan.pageId, orphan.url)}, was ${inlineText(orphan.path)}): no file maps to it any more; remove it on the wiki if it should go`),
    ...leftBehind.map((page) => `- left behind: ${inlineText(`"${page.title}"`)} (${pageRef(page.pageId, page.url)}, was ${inlineText(page.path)}): a new page replaced it (its title changed, or its folder's page was published anew); remove it on the wiki if it should go`),
    '',
  ];
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
  const rows = records.plan.map((record) => ({ line: planRow(record, undefined), plain: plainPlanRow(record) }));
  return withTable([...lines, 'The plan now:', ''], ['| File | Page | Plan | Notes |', '|---|---|---|---|'], rows, [], room, [], notShownNote('to create, update or leave unchanged are', room));
}

const RESULT_WORDS: Record<string, string> = {
  published: 'published', failed: 'FAILED', existsUnproven: 'exists (not proven ours)', edited: 'left out (edited on the wiki)',
  skipped: 'unchanged', refused: 'REFUSED', notStarted: 'not started', cancelled: 'interrupted (may have landed)',
};

function resultWord(record: FileResultRecord): string {
  if (record.status === 'edited' && wikiVersionNotOurs(record.wikiEdits)) return 'left out (a version this machine did not publish)';
  if (record.status === 'edited' && lookupFailedRecord(record.wikiEdits)) return 'left out (the wiki could not be read to check for edits)';
  return RESULT_WORDS[record.status] ?? record.status;
}

function resultLines(records: RunRecords, room: Room): string[] {
  const files = records.files;
  const counts = countBy(files, resultWord);
  const lines = ['### Wiki Publisher: publish', '', `**${[...counts].map(([word, n]) => `${n} ${word}`).join(', ') || 'No files'}**`, ''];
  if (records.check?.matched) lines.push(`Published the reviewed plan \`${shortDigest(records.check.digest)}\`.`, '');
  const rows = files.map((record) => ({ line: resultRow(record), plain: record.status === 'published' || record.status === 'skipped' }));
  const after = [...unaddressedLines(records), ...cautionLines(files), ...linksLeftLines(records), ...moveLines(records), ...manifestLines(records)];
  return withTable(lines, ['| File | Page | Result | Notes |', '|---|---|---|---|'], rows, after, room, [], notShownNote('published or unchanged are', room));
}

/** The page IDs a tree run wrote to .wiki-pages.json, which only a commit keeps (a CI runner's copy goes with the job). */
function manifestLines(records: RunRecords): string[] {
  const manifest = records.summary?.manifest;
  if (!manifest) return [];
  const file = inlineText(manifest.file);
  const lines: string[] = [];
  if (manifest.recorded > 0) {
    lines.push(
      `#### Page IDs recorded: commit ${file}`, '',
      `This run recorded ${manifest.recorded} page ID(s) in ${file}. Commit it, so teammates and CI publish to the same pages: the runner's copy goes when the job ends, and until the file is committed a plan without page access (a fork's pull request) cannot know these pages.`, '',
    );
  }
  const notRecorded = manifest.notRecorded ?? [];
  if (notRecorded.length > 0) {
    lines.push(
      '#### Page IDs not recorded (no-record)', '',
      `${file} was left as it is; it does not record these pages:`, '',
      ...notRecorded.map(({ key, pageId }) => `- ${inlineText(key)}: page ${inlineText(pageId)}`), '',
    );
  }
  return lines;
}

/** Links the plan counted on filling in that went out as written: the pages they wait for did not land. */
function linksLeftLines(records: RunRecords): string[] {
  const left = records.summary?.linksLeft ?? [];
  if (left.length === 0) return [];
  return [
    '**Links that stay as written:** the pages they link to did not land in this run; the next run fills them in.', '',
    ...left.map(({ file, waitsFor }) => `- ${inlineText(file)}: ${waitsFor.map(inlineText).join(', ')}`), '',
  ];
}

function resultRow(record: FileResultRecord): string {
  const word = record.outcome === 'created' || record.outcome === 'updated' ? record.outcome : resultWord(record);
  const indent = record.tree ? '&nbsp;&nbsp;'.repeat(record.tree.depth) : '';
  const notes = [record.message, verdictFitsResult(record) ? guardNote(record.wikiEdits, record.status, false) : ''].filter((note) => note !== '');
  // As a plan's row: a note's closing full stop gives way to the '; ' before the next (an ellipsis keeps its dots).
  return `| ${indent}${inlineText(record.file)} | ${pageCell(record)} | ${word} | ${notes.map((note, index) => inlineText(index < notes.length - 1 ? note.replace(/(?<!\.)\.$/, '') : note)).join('; ')} |`;
}

function countBy<T>(items: readonly T[], wordOf: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(wordOf(item), (counts.get(wordOf(item)) ?? 0) + 1);
  return counts;
}
