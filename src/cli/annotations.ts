// Refusals, failures and cautions as GitHub workflow commands (`::error file=...,line=...::message`), so they show on
// the pull request's diff at the file. Every value is escaped as the runner reads it (% CR LF in the message; also
// ":" and "," in properties), so a title or path from a file can neither end the command early nor start another one.
// GitHub shows an annotation's title and message as text with its addresses linked: both are made inert there
// (gitHubText.ts). The runner writes every command to the job's log, which renders terminal escape sequences, so a
// control character from a title or a file's name (ESC, BEL, BS, DEL, C1) is shown in the message and the properties
// as the CLI's own log lines show it, "\u001b" (controlCharacters.ts), and a bidirectional control as "<U+202E>". The
// file is a path the runner must find as it is: one with such a character then names no file of the diff, and its
// annotation shows on the run, not on a line.
import { escapeControlCharacters } from '../core/text/controlCharacters';
import { inertOnGitHub } from './gitHubText';
import type { CautionTargets, WikiEditsRecord } from './fileRecords';
import { lineAbout, targetLines } from './fileLines';
import { heldBackText, lookupFailedRecord } from './verdictText';
import type { RunRecords } from './runRecords';
import { counted } from './counted';
import { manifestNotWrittenMessage, stateNotWrittenMessage } from './notWritten';

/** An annotation's title says why a file was not published in words, never its status code (`existsUnproven`). */
const NOT_PUBLISHED_BECAUSE: Readonly<Record<string, string>> = {
  failed: 'failed', refused: 'refused', edited: 'left out', existsUnproven: 'a page of its title exists',
};

export interface Annotation {
  level: 'error' | 'warning' | 'notice';
  /** Relative to the repository root; none for a tree's folder page (it has no file) or the run as a whole. */
  file?: string;
  line?: number;
  title: string;
  message: string;
}

/** GitHub shows the first ten errors and ten warnings of a step on the pull request; a few more go to the log. */
const MAX_PER_LEVEL = 50;

/** `textOf(file)`: the file's text when it can be read, to place an annotation on the line it is about. */
export function runAnnotations(records: RunRecords, fileText: (file: string) => string | undefined): Annotation[] {
  const found: Annotation[] = [];
  // Each file read once, however many annotations it gets.
  const texts = new Map<string, string | undefined>();
  const textOf = (file: string): string | undefined => {
    if (!texts.has(file)) texts.set(file, fileText(file));
    return texts.get(file);
  };
  const at = (file: string, message: string): Pick<Annotation, 'file' | 'line'> =>
    file.endsWith('/') ? {} : { file, line: lineAbout(textOf(file), message) };
  const check = records.check;
  if (check && !check.matched) {
    found.push({ level: 'error', title: 'Wiki Publisher: not published', message: check.reason === 'wikiUnknown' ? 'The reviewed plan read the wiki and this run has no page access; nothing was sent.' : 'The plan changed since it was reviewed; nothing was sent. Review the new plan and publish with its digest.' });
    for (const difference of check.differences ?? []) found.push({ level: 'error', ...at(difference.key, ''), title: 'Changed since the plan was reviewed', message: `${difference.key}: ${difference.change === 'removed' ? 'in the reviewed plan, no longer in this one' : difference.change === 'added' ? 'not in the reviewed plan' : 'changed since the review'}.` });
    return limit(found);
  }
  for (const record of records.summary?.dryRun === false ? [] : records.plan) {
    const problem = record.status === 'refused' ? record.refusals.join(' ')
      : record.status === 'edited' ? heldBackText(record.wikiEdits)
        : record.status === 'retitled' ? record.refusals.join(' ') : '';
    if (problem) found.push({ level: 'error', ...at(record.file, problem), title: record.status === 'edited' ? editedTitle(record.wikiEdits) : 'Would be refused', message: problem });
    found.push(...cautionAnnotations(record, textOf));
  }
  for (const record of records.files) {
    const failed = ['failed', 'refused', 'edited', 'existsUnproven'].includes(record.status);
    // A page left out for an edit says who made it and when, as the plan's annotation does; the record's message does not.
    const message = record.status === 'edited' && record.wikiEdits !== undefined ? heldBackText(record.wikiEdits, false) : record.message;
    if (failed) found.push({ level: 'error', ...at(record.file, message), title: `Not published (${NOT_PUBLISHED_BECAUSE[record.status] ?? 'failed'})`, message });
    else if (record.status === 'cancelled' || record.status === 'notStarted') found.push({ level: 'warning', ...at(record.file, ''), title: 'Not published', message: record.message });
    found.push(...cautionAnnotations(record, textOf));
  }
  const manifest = records.summary?.dryRun === false ? records.summary.manifest : undefined;
  // A record the run could not write: the pages landed, but the next run (or the repository) does not know them.
  for (const { file, reason } of records.summary?.notWritten ?? []) {
    const message = manifest?.file === file ? manifestNotWrittenMessage(file, reason, manifest.notRecorded ?? []) : stateNotWrittenMessage(file, reason);
    found.push({ level: 'error', title: `${file} could not be written`, message });
  }
  if (manifest && manifest.recorded > 0) {
    found.push({
      level: 'warning', file: manifest.file, title: `Commit ${manifest.file}`,
      message: `${counted(manifest.recorded, 'page ID', 'page IDs')} recorded in ${manifest.file} on this runner: commit it, so teammates and CI publish to the same pages. The runner's copy goes when the job ends.`,
    });
  }
  return limit(found);
}

function limit(annotations: Annotation[]): Annotation[] {
  const kept: Annotation[] = [];
  for (const level of ['error', 'warning', 'notice'] as const) {
    const of = annotations.filter((annotation) => annotation.level === level);
    kept.push(...of.slice(0, MAX_PER_LEVEL));
    if (of.length > MAX_PER_LEVEL) kept.push({ level, title: 'Wiki Publisher', message: `${of.length - MAX_PER_LEVEL === 1 ? `1 more ${level} is` : `${of.length - MAX_PER_LEVEL} more ${level}s are`} in the job summary.` });
  }
  return kept;
}

export function workflowCommand(annotation: Annotation): string {
  // A property is one line: a line feed in a file's name or a title is shown as "\n", as in the CLI's log lines.
  const properties = [
    ...(annotation.file !== undefined ? [`file=${escapeProperty(escapeControlCharacters(annotation.file))}`] : []),
    ...(annotation.line !== undefined ? [`line=${annotation.line}`] : []),
    `title=${escapeProperty(inertOnGitHub(escapeControlCharacters(annotation.title)))}`,
  ];
  // The message's line feeds are its own lines (%0A), which the runner keeps inside the one annotation; every other
  // control is shown escaped. Escaped first, so what GitHub links is judged on the text as it will read.
  return `::${annotation.level} ${properties.join(',')}::${escapeData(inertOnGitHub(escapeControlCharacters(annotation.message, true)))}`;
}

export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/**
 * A caution's annotations: one on the line of each link or image it names (the line in the file, front matter
 * counted), since GitHub shows an annotation on its one line only and a reviewer of the other lines would miss it.
 */
function cautionAnnotations(record: { file: string; cautions: readonly string[]; cautionTargets?: CautionTargets }, textOf: (file: string) => string | undefined): Annotation[] {
  const title = 'Wiki Publisher caution';
  return record.cautions.flatMap((caution, index): Annotation[] => {
    if (record.file.endsWith('/')) return [{ level: 'warning', title, message: caution }];
    const text = textOf(record.file);
    const lines = text === undefined ? [] : targetLines(text, record.cautionTargets?.[index] ?? []);
    if (lines.length === 0) return [{ level: 'warning', file: record.file, line: lineAbout(text, caution), title, message: caution }];
    return [...lines].sort((a, b) => a - b).map((line) => ({ level: 'warning', file: record.file, line, title, message: caution }));
  });
}

/** A held-back page's annotation title: what is known of the version that holds it back. */
function editedTitle(wikiEdits: WikiEditsRecord | undefined): string {
  if (wikiEdits?.movedUnder) return 'Moved on the wiki';
  if (wikiEdits?.renamedTo !== undefined) return 'Renamed on the wiki';
  if (lookupFailedRecord(wikiEdits)) return 'Wiki edits could not be checked';
  return wikiEdits?.noNotice ? 'No publish notice on the page' : 'Edited on the wiki';
}
