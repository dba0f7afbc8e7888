// The parts the Markdown renderings of a run share (planMarkdown.ts, resultMarkdown.ts): the room a document has and
// a table within it, how a row names its page and the page it goes under, what the edit guard found, and the sections
// after a table. Everything from files and the wiki is made inert (markdownText.ts).
import { fitTableRows, inlineText, linkText, pageNamesLinked, type TableRow } from './markdownText';
import { BASE_URL_ENV_VAR } from './pageAccess';
import type { WikiEditsRecord } from './fileRecords';
import type { NamedPage } from './pageNames';
import type { SharedReasons } from './sharedReasons';
import { adoptedText, editedSinceText, elsewhereFate, heldWithoutNoticeRecord, lookupFailedFix, lookupFailedText, elsewhereText, noNoticeText, overwriteEditedText, PAGE_NOT_FOUND, placeTakenText, existsText, verdictFitsRefusal } from './verdictText';
import { parentText, type PlanEntryRecord, type RunRecords } from './runRecords';
import { counted } from './counted';

/** The room a document has, and how its size is counted. */
export interface Room {
  max: number;
  sizeOf: (text: string) => number;
  fullPlanAt?: string;
}

/**
 * The lines before a table, the table, and the lines after it, within the document's room: when the table is too
 * long, its plain rows give way first (fitTableRows), so a long plan still shows every row that needs attention and
 * the sections after the table (cautions, pages edited on the wiki, moves).
 */
export function withTable(before: readonly string[], header: readonly string[], rows: readonly TableRow[], after: readonly string[], room: Room, tail: readonly string[], leftOut: (left: number) => string): string[] {
  if (rows.length === 0) return [...before, ...after];
  const fixed = [...before, ...header, '', ...after, ...tail].reduce((sum, line) => sum + room.sizeOf(line) + 1, 200);
  return [...before, ...header, ...fitTableRows(rows, room.max - fixed, room.sizeOf, leftOut), '', ...after];
}

/** The note under a table whose plain rows gave way: how many, of what, and where they all are. */
export function notShownNote(what: string, room: Room): (left: number) => string {
  return (left) => `_${left} more ${left === 1 ? 'file' : 'files'} ${what} not shown in this table${room.fullPlanAt ? `: every file is in ${room.fullPlanAt}` : ''}._`;
}

/** The page a row is about and the page it goes under, each by its title, linked to its address when known. */
export function pageCell(record: { title?: string; spaceId?: string; parentId?: string; parentPage?: NamedPage; url?: string; tree?: { parentTitle?: string }; wikiEdits?: Pick<WikiEditsRecord, 'renamedTo'> }): string {
  // The address is the page's as the guard found it: renamed on the wiki, the link says the title it has there.
  const renamedTo = record.url === undefined ? undefined : record.wikiEdits?.renamedTo;
  const title = renamedTo !== undefined ? linkText(renamedTo, record.url) : record.title === undefined ? '(no title)' : linkText(record.title, record.url);
  return `${title} in ${inlineText(record.spaceId ?? '?')} under ${parentCell(record)}`;
}

/**
 * The page a row's page goes under: by its title when the run knows it (a reviewer reads "Guide", not 123456), else
 * by its ID, linked to its address when there is one; a tree's page without an ID yet by what the tree calls it.
 */
function parentCell(record: { parentId?: string; parentPage?: NamedPage; tree?: { parentKey?: string; parentTitle?: string } }): string {
  const named = record.parentId === undefined ? undefined : record.parentPage;
  if (named?.title !== undefined) return linkText(named.title, named.url);
  if (named?.url !== undefined) return linkText(`page ${record.parentId ?? ''}`, named.url);
  return inlineText(parentText(record));
}

/** `planned`: a plan's row, which says what the lookup found, not yet what sending will show (PAGE_NOT_FOUND). */
export function guardNote(wikiEdits: WikiEditsRecord | undefined, status: string, planned: boolean): string {
  if (!wikiEdits || (status === 'refused' && !verdictFitsRefusal(wikiEdits))) return '';
  switch (wikiEdits.verdict) {
    case 'unchecked':
      if (status === 'edited' && wikiEdits.reason === 'failed') return `${lookupFailedText(wikiEdits)}; ${lookupFailedFix(wikiEdits)}`;
      return `wiki edits not checked: ${wikiEdits.detail ?? 'no page access'}`;
    case 'edited': {
      const elsewhere = elsewhereText(wikiEdits, elsewhereFate(status), false);
      if (elsewhere !== undefined) return elsewhere;
      // Who made the version and when, wherever an edited page is named: a reviewer decides on both.
      const fate = status === 'edited' ? '' : planned ? ': would be replaced (--overwrite-edited)' : ': replaced (--overwrite-edited)';
      return `${wikiEdits.noNotice ? noNoticeText(wikiEdits) : editedSinceText(wikiEdits)}${fate}`;
    }
    case 'asLeft':
      return wikiEdits.adopted ? adoptedText(wikiEdits, planned, status === 'send' || status === 'published') : `wiki checked: version ${wikiEdits.version ?? '?'} as last published`;
    case 'deleted':
      if (planned && wikiEdits.placeTakenBy) return placeTakenText(wikiEdits.placeTakenBy);
      return planned ? `${PAGE_NOT_FOUND}: would be created anew` : 'its page was deleted on the wiki: created anew';
    case 'exists':
      return wikiEdits.otherRepository || wikiEdits.unknownRepository ? existsText(wikiEdits, true) : 'a page with this title exists: the create will be refused (overwrite updates it)';
    case 'notOurs':
      return `replaces version ${wikiEdits.version ?? '?'} of a page this file did not publish`;
    default:
      return '';
  }
}

/**
 * A row's notes as one cell: a note's closing full stop gives way to the '; ' before the next (a refusal's would read
 * '.;' there; an ellipsis keeps its dots).
 */
export function notesCell(notes: readonly string[], addresses: ReadonlyMap<string, string> = new Map()): string {
  return pageNamesLinked(notes.map((note, index) => inlineText(index < notes.length - 1 ? note.replace(/(?<!\.)\.$/, '') : note)).join('; '), addresses);
}

/** The links that no page address could be made for (a tree's or a flat run's): said once, as the run says it, not under every page. */
export function unaddressedLines(records: RunRecords): string[] {
  const count = records.summary?.linksWithoutAddress;
  if (typeof count !== 'number' || count <= 0) return [];
  return [`> **${count === 1 ? '1 link between files stays' : `${count} links between files stay`} as written:** without page access, page addresses are made from the wiki's address. Set \`--base-url\` or \`${BASE_URL_ENV_VAR}\` (the action's \`base-url\`).`, ''];
}

/**
 * `failed`: files whose lookup failed, whose edits are unknown: never said to be "none". A sentence the table's rows
 * share is named by its number (`reasons`), as the rows name it.
 */
/**
 * Whether a record's page is listed among the pages edited on the wiki: one held back or sent over its edit. A refused
 * file is not (its row says why, and nothing is sent to the page).
 */
export function listedAsEdited(record: { status: string; wikiEdits?: WikiEditsRecord }): boolean {
  return record.wikiEdits?.verdict === 'edited' && record.status !== 'refused';
}

/** What becomes of a page edited on the wiki, as the list of them says it. */
const EDITED_PAGE_FATES: Record<ReturnType<typeof elsewhereFate>, (edits: WikiEditsRecord) => string> = {
  held: (edits) => `left out; ${overwriteEditedText(edits)}`,
  wouldSend: () => 'would be replaced by this publish (--overwrite-edited)',
  sent: () => 'replaced by this publish (--overwrite-edited)',
  notSent: () => 'not replaced: its send did not land (see its row)',
};

/** What editedLines reads of a plan's or a run's record of a file. */
type EditedRecord = Pick<PlanEntryRecord, 'file' | 'title' | 'wikiEdits'> & { status: string } & Parameters<typeof pageCell>[0];

export function editedLines(plan: readonly EditedRecord[], wikiRead: boolean, failed: number, reasons: SharedReasons, addresses: ReadonlyMap<string, string> = new Map()): string[] {
  const edited = plan.filter(listedAsEdited);
  // A page without a notice has no known "last publish" to be edited since: the heading says so when one is listed.
  const heading = edited.some((record) => heldWithoutNoticeRecord(record.wikiEdits))
    ? '#### Pages edited on the wiki since their last publish, or without a publish notice to tell'
    : '#### Pages edited on the wiki since their last publish';
  if (!wikiRead && failed === 0) return [heading, '', 'Unknown without page access.', ''];
  const unknown = failed > 0 ? [`Unknown for ${counted(failed, 'file', 'files')}: the lookup on the wiki failed (see ${failed === 1 ? 'its row' : 'their rows'}).`] : [];
  if (edited.length === 0) return [heading, '', ...(failed > 0 ? unknown : ['None: every page this plan updates is as its last publish left it.']), ''];
  return [heading, '', ...unknown.map((line) => `- ${line}`), ...edited.map((record) => {
    const edits = record.wikiEdits as WikiEditsRecord;
    const who = [edits.editedBy ? `by ${edits.editedBy}` : '', edits.editedAt ? `at ${edits.editedAt}` : ''].filter((part) => part).join(' ');
    const said = (sentence: string): string => inlineText(reasons.note(sentence, record.file, record.title, 'above'));
    const fateOfPage = elsewhereFate(record.status);
    const elsewhere = elsewhereText(edits, fateOfPage, false);
    if (elsewhere !== undefined) return `- **${inlineText(record.file)}**: ${pageCell(record)}: ${pageNamesLinked(said(elsewhere), addresses)}`;
    const fate = EDITED_PAGE_FATES[fateOfPage](edits);
    if (edits.noNotice) return `- **${inlineText(record.file)}**: ${pageCell(record)}: ${inlineText(noNoticeText(edits))} (${inlineText(fate)})`;
    return `- **${inlineText(record.file)}**: ${pageCell(record)}, version ${edits.version ?? '?'} ${inlineText(who)} (${inlineText(fate)})`;
  }), ''];
}

/** "page 123", a link to the page when its address is a web address (linkText encodes what could end the link early). */
function pageRef(pageId: string, url: string | undefined): string {
  return linkText(`page ${pageId}`, url);
}

export function moveLines(records: RunRecords): string[] {
  const moves = records.moves;
  const leftBehind = moves?.leftBehind ?? [];
  const retitled = moves?.retitled ?? [];
  const undecided = moves?.undecided ?? [];
  const renamed = moves?.renamed ?? [];
  if (!moves || moves.moves.length + moves.orphans.length + retitled.length + undecided.length + leftBehind.length + renamed.length === 0) return [];
  return [
    '#### Moves and orphans',
    '',
    // Said as the text plan says it: a reviewer of a rename sees the page follow the file, not an update from nowhere.
    ...renamed.map((rename) => `- renamed: ${inlineText(rename.oldPath)} to ${inlineText(rename.path)}; ${pageRef(rename.pageId, rename.url)} follows the file (the same title under the same parent page)`),
    ...moves.moves.map((move) => `- moved: ${inlineText(move.oldPath)} to ${inlineText(move.path)}; ${pageRef(move.pageId, move.url)} stays where it is and a new page is created`),
    ...retitled.map((page) => `- retitled: ${inlineText(page.path)} from ${inlineText(`"${page.title}"`)} to ${inlineText(`"${page.newTitle}"`)}; the wiki finds a page by its title, so a new page is created and ${pageRef(page.pageId, page.url)} ${page.takenBy === undefined ? 'stays where it is' : `goes to ${inlineText(page.takenBy)}, which has its title now`}`),
    ...undecided.map((move) => `- undecided: ${inlineText(move.oldPath)} to ${inlineText(move.path)}: only the wiki can tell whether ${pageRef(move.pageId, undefined)} is at the place the front matter names (no page access), so the file is sent create only`),
    ...moves.orphans.map((orphan) => `- orphan: ${inlineText(`"${orphan.title}"`)} (${pageRef(orphan.pageId, orphan.url)}, was ${inlineText(orphan.path)}): no file maps to it any more; remove it on the wiki if it should go`),
    ...leftBehind.map((page) => `- left behind: ${inlineText(`"${page.title}"`)} (${pageRef(page.pageId, page.url)}, was ${inlineText(page.path)}): a new page replaced it (its title changed, or its folder's page was published anew); ${page.noNotice ? 'it carries no publish notice from this repository, so only the .wiki-pages.json entry says it was this file\'s page: check whose page it is before removing it' : 'remove it on the wiki if it should go'}`),
    '',
  ];
}

export function countBy<T>(items: readonly T[], wordOf: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(wordOf(item), (counts.get(wordOf(item)) ?? 0) + 1);
  return counts;
}
