// The step's outputs, from the run's summary record: counts a workflow can branch on, and the plan digest.
import type { RunRecords } from '../cli/runRecords';

export function stepOutputs(records: RunRecords, exitCode: number): Record<string, string> {
  const summary = records.summary ?? { type: 'summary', dryRun: false, exitCode };
  const count = (...names: string[]): string => String(names.reduce((sum, name) => sum + (typeof summary[name] === 'number' ? (summary[name] as number) : 0), 0));
  return {
    published: count('published'),
    // A second send (links to new pages) the run's stop left counts too: its file is published by its first pass, but
    // interrupted or never started all the same, and its page keeps links as written (docs/ci.md).
    failed: count('failed', 'existsUnproven', 'cancelled', 'notStarted', 'secondPassCancelled', 'secondPassNotStarted'),
    unchanged: summary.dryRun ? count('unchanged') : count('skipped'),
    refused: count('refused'),
    'left-out': count('edited'),
    'to-send': summary.dryRun ? count('send') : '0',
    'plan-digest': summary.plan?.digest ?? records.check?.digest ?? '',
    'plan-changed': String(records.check?.matched === false),
    'exit-code': String(exitCode),
  };
}
