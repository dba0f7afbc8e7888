// `--report FILE`: the run as a JUnit XML report, one test case per file, in the subset GitLab documents and parses
// (docs.gitlab.com, "Unit test reports", "JUnit XML format specification"): testsuites > testsuite > testcase with
// classname (GitLab's suite name), name, file and time; failure, error or skipped with their text; system-out. Jenkins,
// Azure Pipelines and others read the same elements. A file that would be refused, was refused, failed or was left out
// is a failure; one interrupted is an error; one unchanged is skipped; cautions go to system-out.
import type { WikiEditsRecord } from './fileRecords';
import { editedSinceText, elsewhereText, existsText, heldBackText, lookupFailedFix, lookupFailedRecord, lookupFailedText, noNoticeText, overwriteEditedText, verdictFitsResult } from './verdictText';
import { parentText, type FileResultRecord, type PlanEntryRecord, type RunRecords } from './runRecords';
import { showBidiControls } from '../core/text/bidiControls';

interface TestCase {
  name: string;
  file: string | undefined;
  verdict: { kind: 'passed' } | { kind: 'failure' | 'error' | 'skipped'; type: string; text: string };
  output: string[];
}

export function junitReport(records: RunRecords, options: { elapsedSeconds: number; timestamp: Date }): string {
  const dryRun = records.summary?.dryRun ?? records.files.length === 0;
  const cases = records.check && !records.check.matched
    ? changedPlanCases(records)
    : dryRun ? records.plan.map(planCase) : records.files.map(resultCase);
  const suite = dryRun ? 'wiki-publisher plan' : 'wiki-publisher publish';
  const count = (kind: string): number => cases.filter((each) => each.verdict.kind === kind).length;
  const totals = `tests="${cases.length}" failures="${count('failure')}" errors="${count('error')}" skipped="${count('skipped')}" time="${options.elapsedSeconds.toFixed(3)}"`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="wiki-publisher" ${totals}>`,
    `  <testsuite name="${suite}" ${totals} timestamp="${options.timestamp.toISOString().slice(0, 19)}">`,
    ...cases.flatMap((each) => caseLines(each, suite)),
    '  </testsuite>',
    '</testsuites>',
  ];
  return `${lines.join('\n')}\n`;
}

function caseLines(each: TestCase, suite: string): string[] {
  const file = each.file ? ` file="${attribute(each.file)}"` : '';
  const open = `    <testcase classname="${suite}" name="${attribute(each.name)}"${file} time="0">`;
  const body: string[] = [];
  if (each.verdict.kind !== 'passed') {
    const { kind, type, text } = each.verdict;
    body.push(`      <${kind} message="${attribute(firstLine(text))}" type="${type}">${content(text)}</${kind}>`);
  }
  if (each.output.length > 0) body.push(`      <system-out>${content(each.output.join('\n'))}</system-out>`);
  return body.length === 0 ? [`${open.slice(0, -1)}/>`] : [open, ...body, '    </testcase>'];
}

function planCase(record: PlanEntryRecord): TestCase {
  const base = { name: record.file, file: fileOf(record.file), output: cautions(record.cautions) };
  switch (record.status) {
    case 'refused':
      return { ...base, verdict: { kind: 'failure', type: 'refused', text: `Would be refused: ${record.refusals.join(' ')}` } };
    case 'edited':
      return { ...base, verdict: { kind: 'failure', type: 'editedOnWiki', text: heldBackText(record.wikiEdits) } };
    case 'retitled':
      return { ...base, verdict: { kind: 'failure', type: 'retitled', text: record.refusals.join(' ') || 'Its title changed since its last publish.' } };
    case 'unchanged':
      return { ...base, verdict: { kind: 'skipped', type: 'unchanged', text: 'Unchanged since its last publish.' } };
    default:
      return { ...base, output: [`Would ${record.action === 'createOrUpdate' ? 'create or update' : (record.action ?? 'create')} "${record.title ?? ''}" in ${record.spaceId ?? '?'} under ${parentText(record)}.`, ...base.output], verdict: { kind: 'passed' } };
  }
}

function resultCase(record: FileResultRecord): TestCase {
  const base = { name: record.file, file: fileOf(record.file), output: [...(record.url ? [`Page: ${record.url}`] : []), ...cautions(record.cautions)] };
  switch (record.status) {
    case 'published':
      return { ...base, output: [record.message, ...base.output], verdict: { kind: 'passed' } };
    case 'skipped':
      return { ...base, verdict: { kind: 'skipped', type: 'unchanged', text: record.message } };
    case 'notStarted':
    case 'cancelled':
      return { ...base, verdict: { kind: 'error', type: record.status, text: record.message || 'Interrupted.' } };
    default: {
      // The service's "already exists" does not say why a page that may be the file's own was not taken: the
      // verdict does.
      const why = record.wikiEdits?.verdict === 'exists' && verdictFitsResult(record) ? ` (${existsText(record.wikiEdits, false)})` : '';
      // A page this machine never published was not edited "since its last publish": its result says what it was.
      if (record.status === 'edited' && lookupFailedRecord(record.wikiEdits)) {
        return { ...base, verdict: { kind: 'failure', type: record.status, text: `Left out: ${lookupFailedText(record.wikiEdits as WikiEditsRecord)} (${lookupFailedFix(record.wikiEdits as WikiEditsRecord)}).` } };
      }
      if (record.status === 'edited' && record.wikiEdits?.noNotice) {
        return { ...base, verdict: { kind: 'failure', type: record.status, text: `Left out: ${noNoticeText(record.wikiEdits)} (${overwriteEditedText(record.wikiEdits)}).` } };
      }
      // Who edited the page and when, as the text output and the plan say it (a moved or renamed page says where).
      if (record.status === 'edited' && record.wikiEdits?.verdict === 'edited' && elsewhereText(record.wikiEdits, 'held') === undefined) {
        return { ...base, verdict: { kind: 'failure', type: record.status, text: `Left out: its page was ${editedSinceText(record.wikiEdits)} (${overwriteEditedText(record.wikiEdits)}).` } };
      }
      return { ...base, verdict: { kind: 'failure', type: record.status, text: `${FAILURE_WORDS[record.status] ?? 'Not published'}: ${record.message}${why}` } };
    }
  }
}

const FAILURE_WORDS: Record<string, string> = {
  failed: 'Failed', refused: 'Refused', edited: 'Left out (its page was edited on the wiki since its last publish)', existsUnproven: 'Already exists, not proven to be this run\'s page',
};

/** A refused publish (the plan changed since its review): every file of the plan now is an error, nothing was sent. */
function changedPlanCases(records: RunRecords): TestCase[] {
  const changed = new Map((records.check?.differences ?? []).map((difference) => [difference.key, difference.change]));
  return records.plan.map((record) => ({
    name: record.file, file: fileOf(record.file), output: [],
    verdict: { kind: 'error', type: 'planChanged', text: `Not sent: the plan changed since it was reviewed${changed.has(record.file) ? ` (this file: ${changed.get(record.file)})` : ''}.` },
  }));
}

function cautions(list: readonly string[]): string[] {
  return list.map((caution) => `Caution: ${caution}`);
}

/** A folder page of a tree has no file of its own. */
function fileOf(label: string): string | undefined {
  return label.endsWith('/') ? undefined : label;
}

function firstLine(text: string): string {
  const line = text.split('\n')[0] ?? '';
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

/**
 * Characters XML 1.0 cannot hold at all are dropped; GitLab's attachment tag is broken up so no file text makes one; a
 * bidirectional control is shown as "<U+202E>" (GitLab shows names and messages as text, which it would reorder).
 */
function clean(text: string): string {
  return showBidiControls(text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '').replace(/\[\[/g, '[ ['));
}

function content(text: string): string {
  return clean(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function attribute(text: string): string {
  return content(text).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
}
