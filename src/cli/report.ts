// What the command line says about each file, as plain values: a text line for people and CI logs, an object for
// --json. The words come from the core's outcomes and plan; only the editor's button names are swapped for flags.
import type { PlanCounts, PlanItem } from '../core/run/plan';
import type { FileResult, RunSummary } from '../core/run/runner';

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
  overwrite?: boolean;
  /** The service's sentence and what it means; or why the file was refused or skipped. */
  message: string;
  attempts?: number;
  mayHaveLanded: boolean;
  cautions: string[];
}

export interface PlanRecord {
  type: 'plan';
  file: string;
  status: 'send' | 'unchanged' | 'refused';
  action?: 'create' | 'update' | 'createOrUpdate';
  title?: string;
  spaceId?: string;
  parentId?: string;
  overwrite?: boolean;
  refusals: string[];
  cautions: string[];
}

export function fileRecord(result: FileResult): FileRecord {
  const { item, outcome } = result;
  return {
    type: 'file',
    file: item.file.label,
    status: result.state,
    ...(outcome ? { outcome: outcome.kind, ...(outcome.status !== undefined ? { httpStatus: outcome.status } : {}) } : {}),
    ...targetFields(item),
    message: outcome ? forCommandLine(outcome.message) : notSentMessage(result),
    ...(outcome ? { attempts: outcome.attempts } : {}),
    mayHaveLanded: result.mayHaveLanded,
    cautions: result.state === 'refused' || result.state === 'skipped' ? [] : item.cautions.map((caution) => caution.message),
  };
}

export function planRecord(item: PlanItem): PlanRecord {
  const refusals = refusalsOf(item);
  const status = refusals.length > 0 ? 'refused' : item.state === 'unchanged' ? 'unchanged' : 'send';
  const action = item.linkedPage ? 'update' : item.complete?.overwrite ? 'createOrUpdate' : 'create';
  return {
    type: 'plan', file: item.file.label, status,
    ...(status === 'send' ? { action } : {}),
    ...targetFields(item),
    refusals,
    cautions: status === 'send' ? item.cautions.map((caution) => caution.message) : [],
  };
}

const FILE_STATUS_WORDS: Record<FileResult['state'], string> = {
  published: 'published',
  failed: 'FAILED',
  skipped: 'unchanged',
  refused: 'REFUSED',
  notStarted: 'not started',
  cancelled: 'interrupted',
};

export function fileLine(record: FileRecord): string {
  const word = record.outcome === 'created' || record.outcome === 'updated' ? record.outcome : FILE_STATUS_WORDS[record.status];
  return joinLine(word, record.file, targetText(record), record.message, record.cautions);
}

const PLAN_STATUS_WORDS: Record<string, string> = {
  create: 'would create', update: 'would update', createOrUpdate: 'would create or update', unchanged: 'unchanged', refused: 'WOULD REFUSE',
};

export function planLine(record: PlanRecord): string {
  const word = PLAN_STATUS_WORDS[record.action ?? record.status] ?? record.status;
  const message = record.status === 'unchanged' ? 'same content and target as its last publish (--force sends it)' : record.refusals.join(' ');
  return joinLine(word, record.file, targetText(record), message, record.cautions);
}

export function runSummaryLine(summary: RunSummary, interrupted: boolean): string {
  const parts = [`${summary.published} published`, `${summary.failed} failed`, `${summary.refused} refused`, `${summary.skipped} unchanged`];
  if (summary.cancelled || summary.notStarted || interrupted) {
    parts.push(`${summary.cancelled} interrupted in flight (may have landed)`, `${summary.notStarted} not started`);
  }
  return `${interrupted ? 'Interrupted: ' : ''}${parts.join(', ')}`;
}

export function planSummaryLine(counts: PlanCounts): string {
  return `Dry run, nothing sent: ${counts.send} to send (${counts.updates} of them to the page the file published before), ` +
    `${counts.unchanged} unchanged, ${counts.refused + counts.incomplete} would be refused`;
}

/** Why a file cannot be sent: preflight's refusals, or the target parts neither front matter, state nor flags gave. */
export function refusalsOf(item: PlanItem): string[] {
  const reasons = item.refusals.map((refusal) => refusal.message);
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
      return 'not sent: interrupted before it started';
    default:
      return '';
  }
}

/** The editor's outcomes name its buttons; on the command line the same choice is a flag. */
function forCommandLine(message: string): string {
  return message.replace(/\b([Cc])hoose Overwrite\b/g, (_match, c: string) => `${c === 'C' ? 'P' : 'p'}ass --overwrite`);
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

function targetText(record: { title?: string; spaceId?: string; parentId?: string }): string {
  const title = record.title === undefined ? '(no title)' : JSON.stringify(record.title);
  return `${title} in ${record.spaceId ?? '?'} under ${record.parentId ?? '?'}`;
}

function joinLine(word: string, file: string, target: string, message: string, cautions: readonly string[]): string {
  const notes = cautions.map((caution) => ` [caution: ${caution}]`).join('');
  return `${word.padEnd(11)} ${file} -> ${target}${message ? `: ${message}` : ''}${notes}`;
}
