// What a run leaves besides its lines: the Markdown document (--format markdown, `wiki-publisher plan`) on stdout at
// the end, and the JUnit XML report (--report FILE). Both are rendered from the run's records (runRecords.ts).
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describeError } from '../core/log/redact';
import type { PublishArgs } from './args';
import { EXIT_FAILED } from './exitCodes';
import { junitReport } from './junit';
import { Output, type OutputStream } from './output';
import { runMarkdown } from './planMarkdown';
import { RunRecords } from './runRecords';

/** Nothing is written: a Markdown run prints its document at the end instead of a line per file. */
const DISCARD: OutputStream = { write: () => true };

export async function runWithReports(
  args: PublishArgs,
  output: Output,
  streams: { stdout: OutputStream; stderr: OutputStream },
  cwd: string,
  run: (output: Output) => Promise<number>,
): Promise<number> {
  if (args.format !== 'markdown' && args.reportPath === undefined) return run(output);
  const runOutput = args.format === 'markdown' ? new Output(DISCARD, streams.stderr) : output;
  const records = new RunRecords();
  runOutput.onRecord(records.add);
  const started = Date.now();
  let exitCode = await run(runOutput);
  // A usage error ends the run before any record: there is no plan to show.
  if (args.format === 'markdown' && records.summary) output.document(runMarkdown(records).trimEnd());
  if (args.reportPath !== undefined && records.summary) {
    const report = junitReport(records, { elapsedSeconds: (Date.now() - started) / 1000, timestamp: new Date(started) });
    try {
      await writeFile(resolve(cwd, args.reportPath), report, 'utf8');
    } catch (error) {
      output.problem(`The report ${args.reportPath} could not be written: ${describeError(error)}`);
      if (exitCode === 0) exitCode = EXIT_FAILED;
    }
  }
  return exitCode;
}
